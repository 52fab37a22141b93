"""``numba.core``, by the names code written for Numba imports from it: ``types`` (and its
submodules ``misc``, ``containers``, ``npytypes``, ``scalars``, ``abstract``, ``functions``),
``errors`` and ``config``, each rumba's own."""

from .. import config, errors  # noqa: F401
from . import types  # noqa: F401
