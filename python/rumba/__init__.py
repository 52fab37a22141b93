"""rumba: a JIT compiler for numerical Python on MLIR. ``import rumba`` (or ``import rumba as numba``)
where you wrote ``import numba``: ``@jit``, ``@njit``, signatures and Numba's type objects."""

from . import errors, types
from .dispatcher import Dispatcher, jit, njit, typeof
from .types import *  # noqa: F401,F403 - Numba exports its types at the top level too

__all__ = ["jit", "njit", "typeof", "errors", "types", "Dispatcher"] + types.__all__
