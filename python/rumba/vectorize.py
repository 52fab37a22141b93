"""``@vectorize``: a scalar function becomes a real ``numpy.ufunc`` (broadcasting over N-D inputs,
``out=``, type dispatch over the listed signatures), or without signatures a ``DUFunc`` that builds
a ufunc loop the first time it sees new input types. ``@guvectorize``: a function over core
dimensions (``"(n),(n)->()"``) that writes its outputs becomes a generalised ``numpy.ufunc``, or
without signatures a ``DynamicGUFunc`` that compiles a loop for each new combination of dtypes.

rumba compiles, next to the kernel, a 1-D loop that applies it to strided operands (a ``prange`` loop
with ``parallel=True`` for ``target='parallel'``); NumPy's ufunc machinery does the broadcasting."""

import functools
import re
import threading

import numpy as np

from . import _rumba
from .dispatcher import _compiled_name, _Compiler, _environment, _fastmath_flags, _module_source, register_vectorized
from .types import Signature

_LOOP_TEMPLATE = """

from rumba import prange as __rumba_prange


def {loop}({parameters}, __rumba_out):
    for __rumba_i in {range}(__rumba_out.shape[0]):
        __rumba_out[__rumba_i] = {kernel}({indexed})
"""


def _check_target(decorator, target):
    if target == "cuda":
        raise NotImplementedError("rumba: @%s(target='cuda') is not implemented yet; use target='cpu' or 'parallel'" % decorator)
    if target not in ("cpu", "parallel"):
        raise ValueError("@%s target must be 'cpu', 'parallel' or 'cuda', got %r" % (decorator, target))


def _compiler(py_func, loop_source, target, fastmath):
    """A compiler of the kernel's module with ``loop_source`` added to it."""
    source, file_name, _ = _module_source(py_func)
    return _Compiler(source + loop_source, file_name, 3, _fastmath_flags(fastmath), target == "parallel", _environment(py_func))


def _range_for(target):
    return "__rumba_prange" if target == "parallel" else "range"


# NumPy's codes for a ufunc's identity (PyUFunc_Zero, _One, _MinusOne, _None, _ReorderableNone),
# by the values Numba's `identity=` takes.
_IDENTITIES = {0: 0, 1: 1, -1: 2, None: -1, "reorderable": -2}


def _identity_code(identity):
    """NumPy's code for ``identity``, the value ``ufunc.reduce`` starts from (``ufunc.identity``)."""
    try:
        return _IDENTITIES[identity]
    except (KeyError, TypeError):
        raise ValueError("identity must be 0, 1, -1, 'reorderable' or None, got %r" % (identity,)) from None


class _UfuncBuilder:
    """Compiles the kernel's 1-D loops for given operand types."""

    def __init__(self, py_func, target, fastmath, identity=None):
        _check_target("vectorize", target)
        self.py_func = py_func
        self.identity = _identity_code(identity)
        self.nin = py_func.__code__.co_argcount
        self.loop_name = "__rumba_ufunc_loop_" + _compiled_name(py_func)
        parameters = ["__rumba_a%d" % index for index in range(self.nin)]
        loop_source = _LOOP_TEMPLATE.format(
            loop=self.loop_name,
            parameters=", ".join(parameters),
            range=_range_for(target),
            kernel=_compiled_name(py_func),
            indexed=", ".join("%s[__rumba_i]" % parameter for parameter in parameters),
        )
        self.compiler = _compiler(py_func, loop_source, target, fastmath)
        self.lock = threading.Lock()

    def loop(self, argument_types, return_type=None):
        """The (operand types, compiled loop) pair for one signature; infers the return type if None."""
        with self.lock:
            if return_type is None:
                return_type = self.compiler.compile(_compiled_name(self.py_func), list(argument_types)).return_type
            operands = list(argument_types) + [return_type]
            function = self.compiler.compile(self.loop_name, ["%s[:]" % operand for operand in operands])
            return operands, function

    def ufunc(self, loops):
        return _rumba.make_ufunc(self.py_func.__name__, self.py_func.__doc__ or "", self.nin, 1, loops, identity=self.identity)


def _signature_types(signature):
    if isinstance(signature, tuple):
        return None, [str(arg) for arg in signature]
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
        # The inputs, then (as NumPy's ufuncs take it) the output array, positionally or as `out=`.
        if len(args) not in (self._builder.nin, self._builder.nin + 1):
            raise TypeError("%s() takes %d arguments, got %d" % (self.__name__, self._builder.nin, len(args)))
        return self._ufunc_for(args[:self._builder.nin])(*args, **kwargs)

    @property
    def types(self):
        return [ufunc.types[0] for ufunc in self._ufuncs.values()]


def vectorize(signatures=None, target="cpu", identity=None, nopython=True, cache=False, fastmath=False, **options):
    """Numba's ``@vectorize``: eager with a list of signatures (returns a ``numpy.ufunc``), lazy
    without (returns a ``DUFunc``)."""
    if options:
        raise TypeError("vectorize() got unexpected options %s" % ", ".join(sorted(options)))
    if nopython is False:
        raise NotImplementedError("rumba: object mode (nopython=False) is not implemented")
    _fastmath_flags(fastmath)

    def decorate(py_func):
        if target == "cuda":
            from .cuda import CUDAUFunc

            return CUDAUFunc(py_func, signature_list, {"fastmath": fastmath})
        builder = _UfuncBuilder(py_func, target, fastmath, identity)
        if not signature_list:
            lazy = DUFunc(builder)
            register_vectorized(lazy, py_func, [])
            return lazy
        loops = []
        for signature in signature_list:
            return_type, argument_types = _signature_types(signature)
            loops.append(builder.loop(argument_types, return_type))
        ufunc = builder.ufunc(loops)
        register_vectorized(ufunc, py_func, signature_list)
        return ufunc

    if callable(signatures) and not isinstance(signatures, (Signature, str)):
        signature_list = []
        return decorate(signatures)
    signature_list = [] if signatures is None else (signatures if isinstance(signatures, list) else [signatures])
    return decorate


_GUFUNC_LOOP_TEMPLATE = """

from rumba import prange as __rumba_prange


def {loop}({parameters}):
    for __rumba_i in {range}(__rumba_a0.shape[0]):
        {kernel}({operands})
"""

_CORE = re.compile(r"\(\s*(\w+(?:\s*,\s*\w+)*)?\s*\)")


def _parse_layout(layout):
    """``"(m,n),(n)->(m)"`` as the core dimension names of each input and of each output. A layout
    without ``->`` (``"(a),(a),(z)"``, numbagg's) has no outputs: the kernel writes into its
    arguments, as Numba and NumPy read it."""
    if not isinstance(layout, str) or layout.count("->") > 1:
        raise ValueError("a @guvectorize layout is a string such as '(n),(n)->()', got %r" % (layout,))
    sides = []
    for side in (layout if "->" in layout else layout + "->").replace(" ", "").split("->"):
        operands = _CORE.findall(side)
        if _CORE.sub("", side).strip(",") or side.count("(") != len(operands):
            raise ValueError("@guvectorize layout %r is not of the form '(n),(n)->()'" % layout)
        sides.append([tuple(name for name in names.split(",") if name) for names in operands])
    inputs, outputs = sides
    return inputs, outputs


class _GufuncBuilder:
    """Compiles, per signature, the outer loop that calls the kernel on each operand's core views."""

    def __init__(self, py_func, layout, target, fastmath):
        if target != "cuda":
            _check_target("guvectorize", target)
        self.py_func = py_func
        self.layout = layout
        inputs, outputs = _parse_layout(layout)
        self.cores = inputs + outputs
        self.nin, self.nout = len(inputs), len(outputs)
        if py_func.__code__.co_argcount != len(self.cores):
            raise TypeError("%s() takes %d arguments, but layout %r has %d operands"
                            % (py_func.__name__, py_func.__code__.co_argcount, layout, len(self.cores)))
        names = []
        for core in self.cores:
            names.extend(name for name in core if name not in names)
        self.core_dimensions = [[names.index(name) for name in core] for core in self.cores]
        self.target = target
        self.fastmath = fastmath

    def loop(self, signature):
        """The (operand dtypes, compiled loop) pair for one signature of the kernel."""
        dtypes, operands, loop_types, kernel_types = self.core_operands(signature)
        loop_name = "__rumba_gufunc_loop_%s" % _compiled_name(self.py_func)
        loop_source = _GUFUNC_LOOP_TEMPLATE.format(
            loop=loop_name,
            parameters=", ".join("__rumba_a%d" % position for position in range(len(self.cores))),
            range=_range_for(self.target),
            kernel=_compiled_name(self.py_func),
            operands=", ".join(operands),
        )
        compiler = _compiler(self.py_func, loop_source, self.target, self.fastmath)
        returned = compiler.compile(_compiled_name(self.py_func), kernel_types).return_type
        if returned != "none":
            raise TypeError("%s: a @guvectorize kernel writes its outputs and returns nothing, but it returns %s" % (self.py_func.__name__, returned))
        return dtypes, compiler.compile(loop_name, loop_types)

    def core_operands(self, signature):
        """For one signature: the operands' dtypes, the expressions that give the kernel its core
        views at outer index ``__rumba_i`` (of parameters ``__rumba_a<k>``), the types of the
        operands with their outer dimension, and the kernel's own argument types."""
        return_type, argument_types = _signature_types(signature)
        if return_type not in (None, "none"):
            raise TypeError("a @guvectorize kernel writes its outputs and returns nothing; signature %r returns %s" % (signature, return_type))
        if len(argument_types) != len(self.cores):
            raise TypeError("signature %r has %d operands, layout %r has %d" % (signature, len(argument_types), self.layout, len(self.cores)))
        dtypes, operands, loop_types, kernel_types = [], [], [], []
        for position, (declared, core) in enumerate(zip(argument_types, self.cores)):
            dtype, _, dims = declared.partition("[")
            declared_ndim = dims.count(":")
            parameter = "__rumba_a%d" % position
            if not dims and core:
                raise TypeError("operand %d of %s is the scalar %s, but the layout gives it core dimensions %s" % (position, self.py_func.__name__, declared, core))
            if not dims and position >= self.nin:
                raise TypeError("output %d of %s must be an array, got the scalar %s" % (position - self.nin, self.py_func.__name__, declared))
            if dims and declared_ndim != max(len(core), 1):
                raise TypeError("operand %d of %s is %s, but the layout gives it %d core dimension(s)" % (position, self.py_func.__name__, declared, len(core)))
            if not dims or core:
                operands.append("%s[__rumba_i]" % parameter)
            else:
                # A scalar core declared as an array is a view of the one element.
                operands.append("%s[__rumba_i:__rumba_i + 1]" % parameter)
            kernel_types.append("%s[%s]" % (dtype.strip(), ", ".join([":"] * declared_ndim)) if dims else dtype.strip())
            dtypes.append(dtype.strip())
            loop_types.append("%s[%s]" % (dtype.strip(), ", ".join([":"] * (1 + len(core)))))
        return dtypes, operands, loop_types, kernel_types

    def gufunc(self, loops):
        return _rumba.make_ufunc(self.py_func.__name__, self.py_func.__doc__ or "", self.nin, self.nout, loops,
                                 self.layout, self.core_dimensions)


class DynamicGUFunc:
    """Numba's dynamic gufunc (``@guvectorize(layout)`` without signatures): each new combination of
    operand dtypes compiles one more loop. Outputs must be passed, as Numba requires."""

    def __init__(self, builder):
        functools.update_wrapper(self, builder.py_func)
        self._builder = builder
        self._ufuncs = {}

    def _signature(self, dtypes):
        # Scalar cores of inputs are scalars; every output is an array (a `()` output of one element).
        operands = []
        for position, (dtype, core) in enumerate(zip(dtypes, self._builder.cores)):
            is_input = position < self._builder.nin
            operands.append(dtype if is_input and not core else "%s[%s]" % (dtype, ", ".join([":"] * max(len(core), 1))))
        return "void(%s)" % ", ".join(operands)

    def __call__(self, *args, **kwargs):
        builder = self._builder
        operands = len(builder.cores)
        if len(args) != operands:
            raise TypeError("Too few arguments for function '%s'. Note that the pattern `out = gufunc(Arg1, Arg2, ..., ArgN)` "
                            "is not allowed. Use `gufunc(Arg1, Arg2, ..., ArgN, out) instead." % self.__name__
                            if len(args) < operands else "%s() takes %d arguments, got %d" % (self.__name__, operands, len(args)))
        dtypes = tuple(np.asarray(arg).dtype.name for arg in args)
        ufunc = self._ufuncs.get(dtypes)
        if ufunc is None:
            # One ufunc per combination, so that NumPy never casts operands to another's loop.
            ufunc = builder.gufunc([builder.loop(self._signature(dtypes))])
            self._ufuncs[dtypes] = ufunc
        return ufunc(*args, **kwargs)

    @property
    def types(self):
        return [ufunc.types[0] for ufunc in self._ufuncs.values()]


def guvectorize(signatures, layout=None, target="cpu", identity=None, nopython=True, cache=False, fastmath=False, writable_args=(), **options):
    """Numba's ``@guvectorize(signatures, layout)``: a generalised ``numpy.ufunc`` over the core
    dimensions of ``layout`` (``"(n),(n)->()"``), with one compiled loop per signature. The kernel
    writes its outputs (a ``()`` output is a one-element array) and returns nothing."""
    if options:
        raise TypeError("guvectorize() got unexpected options %s" % ", ".join(sorted(options)))
    if layout is None and isinstance(signatures, str) and "->" in signatures:
        signatures, layout = [], signatures
    if layout is None:
        raise TypeError("@guvectorize takes a layout such as '(n),(n)->()', after its signatures or alone")
    if identity is not None:
        raise NotImplementedError("rumba: guvectorize(identity=...) is not implemented yet")
    if nopython is False:
        raise NotImplementedError("rumba: object mode (nopython=False) is not implemented")
    if writable_args:
        raise NotImplementedError("rumba: guvectorize(writable_args=...) is not implemented yet")
    _fastmath_flags(fastmath)
    signature_list = signatures if isinstance(signatures, list) else [signatures]

    def decorate(py_func):
        builder = _GufuncBuilder(py_func, layout, target, fastmath)
        if target == "cuda":
            from .cuda import CUDAGUFunc

            return CUDAGUFunc(builder, signature_list)
        if not signature_list:
            return DynamicGUFunc(builder)
        return builder.gufunc([builder.loop(signature) for signature in signature_list])

    return decorate
