"""``numba.np``, by the names code written for Numba imports from it (``numpy_support``)."""

from . import numpy_support  # noqa: F401
