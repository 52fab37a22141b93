"""rumba: a JIT compiler for numerical Python on MLIR. ``import rumba`` (or ``import rumba as numba``)
where you wrote ``import numba``: ``@jit``, ``@njit``, ``@vectorize``, ``@guvectorize``, ``@stencil``, signatures and
Numba's type objects."""

from importlib import metadata as _metadata

from . import config, errors, extending, types
from ._rumba import get_num_threads, set_num_threads
from .dispatcher import Dispatcher, jit, njit, typeof
from .cfunc import CFunc, cfunc
from .stencil import StencilFunc, stencil
from .types import *  # noqa: F401,F403 - Numba exports its types at the top level too
from .vectorize import DUFunc, guvectorize, vectorize



def literally(value):
    """Numba's ``literally``: the value itself (Numba compiles once per value of it; the value is
    what compiled code computes with either way)."""
    return value


def literal_unroll(container):
    """Numba's ``literal_unroll``: the container itself in the interpreter; compiled, a loop over
    it is a loop over a tuple (of numbers of one type, for now)."""
    return container


class objmode:
    """``with objmode(name=type, ...):`` in a compiled function: the block's statements run in
    Python on the function's variables they read, and the variables named here are converted to
    their types (Numba's notation: ``"float64[:]"``, ``types.int64``) for the code after it. In
    Python, where there is nothing to leave, the block simply runs."""

    def __init__(self, **declarations):
        self.declarations = declarations

    def __enter__(self):
        return None

    def __exit__(self, *raised):
        return False


def prange(*args):
    """``range`` in the interpreter; compiled with ``parallel=True`` its iterations run on threads.
    An object of its own, so that a name bound to it (``prange = numba.prange``) is known by value."""
    return range(*args)


def pndindex(*shape):
    """``np.ndindex`` in the interpreter; compiled with ``parallel=True`` a loop over it walks the
    indices in a ``prange``, its iterations on threads."""
    import numpy

    return numpy.ndindex(*shape)


try:
    __version__ = _metadata.version("rumba")
except _metadata.PackageNotFoundError:  # a checkout on the path, not installed
    __version__ = "0+unknown"

from . import cuda  # noqa: E402 - after the dispatcher, which it builds on
from . import typed  # noqa: E402
from . import experimental  # noqa: E402 - jitclass, built on the dispatcher and typed containers

__all__ = ["jit", "njit", "cfunc", "CFunc", "vectorize", "guvectorize", "DUFunc", "stencil", "StencilFunc", "prange", "pndindex", "literally", "literal_unroll", "objmode", "typeof", "errors", "types", "config", "extending", "Dispatcher", "set_num_threads", "get_num_threads", "cuda", "typed", "experimental"] + types.__all__
