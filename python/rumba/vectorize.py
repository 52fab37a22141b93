"""``@vectorize``: a scalar function becomes a real ``numpy.ufunc`` (broadcasting over N-D inputs,
``out=``, type dispatch over the listed signatures), or without signatures a ``DUFunc`` that builds
a ufunc loop the first time it sees new input types.

rumba compiles, next to the kernel, a 1-D loop that applies it to strided operands (a ``prange`` loop
with ``parallel=True`` for ``target='parallel'``); NumPy's ufunc machinery does the broadcasting."""

import functools
import threading

import numpy as np

from . import _rumba
from .dispatcher import _fastmath_flags, _module_source
from .types import Signature

_LOOP_TEMPLATE = """

from rumba import prange as __rumba_prange


def {loop}({parameters}, __rumba_out):
    for __rumba_i in {range}(__rumba_out.shape[0]):
        __rumba_out[__rumba_i] = {kernel}({indexed})
"""


class _UfuncBuilder:
    """Compiles the kernel's 1-D loops for given operand types."""

    def __init__(self, py_func, target, fastmath):
        if target == "cuda":
            raise NotImplementedError("rumba: @vectorize(target='cuda') comes with the GPU support; use target='cpu' or 'parallel'")
        if target not in ("cpu", "parallel"):
            raise ValueError("@vectorize target must be 'cpu', 'parallel' or 'cuda', got %r" % (target,))
        self.py_func = py_func
        self.nin = py_func.__code__.co_argcount
        self.loop_name = "__rumba_ufunc_loop_" + py_func.__name__
        parameters = ["__rumba_a%d" % index for index in range(self.nin)]
        source, file_name = _module_source(py_func)
        source += _LOOP_TEMPLATE.format(
            loop=self.loop_name,
            parameters=", ".join(parameters),
            range="__rumba_prange" if target == "parallel" else "range",
            kernel=py_func.__name__,
            indexed=", ".join("%s[__rumba_i]" % parameter for parameter in parameters),
        )
        self.compiler = _rumba.Compiler(source, file_name, 3, _fastmath_flags(fastmath), target == "parallel")
        self.lock = threading.Lock()

    def loop(self, argument_types, return_type=None):
        """The (operand types, compiled loop) pair for one signature; infers the return type if None."""
        with self.lock:
            if return_type is None:
                return_type = self.compiler.compile(self.py_func.__name__, list(argument_types)).return_type
            operands = list(argument_types) + [return_type]
            function = self.compiler.compile(self.loop_name, ["%s[:]" % operand for operand in operands])
            return operands, function

    def ufunc(self, loops):
        return _rumba.make_ufunc(self.py_func.__name__, self.py_func.__doc__ or "", self.nin, 1, loops)


def _signature_types(signature):
    if isinstance(signature, Signature):
        return_type = None if signature.return_type is None else str(signature.return_type)
        return return_type, [str(arg) for arg in signature.args]
    if isinstance(signature, str):
        return _rumba.parse_signature(signature)
    raise TypeError("a @vectorize signature is a string or a type call such as float32(float32, float32), got %r" % (signature,))


class DUFunc:
    """A lazily compiled ufunc: each new combination of input dtypes compiles one more loop."""

    def __init__(self, builder):
        functools.update_wrapper(self, builder.py_func)
        self._builder = builder
        self._ufuncs = {}

    def _ufunc_for(self, args):
        dtypes = tuple(np.asarray(arg).dtype.name for arg in args)
        ufunc = self._ufuncs.get(dtypes)
        if ufunc is None:
            ufunc = self._builder.ufunc([self._builder.loop(dtypes)])
            self._ufuncs[dtypes] = ufunc
        return ufunc

    def __call__(self, *args, **kwargs):
        if len(args) != self._builder.nin:
            raise TypeError("%s() takes %d arguments, got %d" % (self.__name__, self._builder.nin, len(args)))
        return self._ufunc_for(args)(*args, **kwargs)

    @property
    def types(self):
        return [ufunc.types[0] for ufunc in self._ufuncs.values()]


def vectorize(signatures=None, target="cpu", identity=None, nopython=True, cache=False, fastmath=False, **options):
    """Numba's ``@vectorize``: eager with a list of signatures (returns a ``numpy.ufunc``), lazy
    without (returns a ``DUFunc``)."""
    if options:
        raise TypeError("vectorize() got unexpected options %s" % ", ".join(sorted(options)))
    if identity is not None:
        raise NotImplementedError("rumba: vectorize(identity=...) is not implemented yet")
    if nopython is False:
        raise NotImplementedError("rumba: object mode (nopython=False) is not implemented")
    _fastmath_flags(fastmath)

    def decorate(py_func):
        builder = _UfuncBuilder(py_func, target, fastmath)
        if not signature_list:
            return DUFunc(builder)
        loops = []
        for signature in signature_list:
            return_type, argument_types = _signature_types(signature)
            loops.append(builder.loop(argument_types, return_type))
        return builder.ufunc(loops)

    if callable(signatures) and not isinstance(signatures, (Signature, str)):
        signature_list = []
        return decorate(signatures)
    signature_list = [] if signatures is None else (signatures if isinstance(signatures, list) else [signatures])
    return decorate
