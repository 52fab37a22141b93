"""Numba's ``@cfunc(signature)``: the function compiled for one signature of numbers as a function C
can call. ``.address`` is its address, ``.ctypes`` a ``ctypes`` function over it (what
``scipy.LowLevelCallable`` and C libraries take). Calling the object itself runs the Python
function, as Numba's ``CFunc`` does. An exception raised in compiled code cannot reach a C caller:
the function prints which one, and where, and returns."""

import ctypes

from .dispatcher import Dispatcher, _compiled_name, _options_check
from .types import Signature

__all__ = ["cfunc", "CFunc"]

# The C types of the numbers a cfunc takes and returns, by their names in Numba's notation.
_C_TYPES = {
    "bool": ctypes.c_bool, "int8": ctypes.c_int8, "int16": ctypes.c_int16, "int32": ctypes.c_int32, "int64": ctypes.c_int64,
    "uint8": ctypes.c_uint8, "uint16": ctypes.c_uint16, "uint32": ctypes.c_uint32, "uint64": ctypes.c_uint64,
    "float32": ctypes.c_float, "float64": ctypes.c_double, "none": None,
}


class CFunc:
    """What ``@cfunc`` returns."""

    def __init__(self, py_func, signature, options):
        text = signature if isinstance(signature, str) else str(signature)
        if not isinstance(signature, (str, Signature)):
            raise TypeError("a cfunc takes a signature: a string or a Signature like float64(float64), got %r" % (signature,))
        self._pyfunc = py_func
        # The compiler of a dispatcher, which binds the function's globals and closure by value.
        self._dispatcher = Dispatcher(py_func, [], options)
        self._compiled = self._dispatcher._get_compiler().compile_c_function(_compiled_name(py_func), text)
        self.native_name = "%s__cfunc" % _compiled_name(py_func)
        self._signature = text
        self.__name__ = getattr(py_func, "__name__", "cfunc")
        self.__doc__ = py_func.__doc__

    @property
    def address(self):
        """The address of the compiled function."""
        return self._compiled.address

    @property
    def ctypes(self):
        """A ``ctypes`` function calling the compiled code."""
        result, arguments = self._compiled.c_types
        prototype = ctypes.CFUNCTYPE(_C_TYPES[result], *(_C_TYPES[argument] for argument in arguments))
        return prototype(self.address)

    def __call__(self, *args, **kwargs):
        return self._pyfunc(*args, **kwargs)

    def __repr__(self):
        return "<rumba CFunc %s(%s)>" % (self.__name__, self._signature)


def cfunc(signature, **options):
    """``@cfunc("float64(float64, float64)")``, with ``@jit``'s options (``nopython``, ``cache``,
    ``fastmath``, ...)."""
    _options_check(options)

    def decorate(py_func):
        return CFunc(py_func, signature, options)

    return decorate
