"""``numba.core.types.npytypes``: the same type objects as ``rumba.types``, where Numba defines them by kind."""

from . import *  # noqa: F401,F403
