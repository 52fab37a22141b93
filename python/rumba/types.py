"""Numba's type objects: ``float64``, ``int32``, ..., their shorthands (``f8``, ``i4``), array types by
slicing (``float32[:]``, ``float64[:, ::1]``, ``float64[::1, :]``) or by ``Array(float64, 2, 'C',
readonly=True)``, and signatures by calling a type (``float64(int32, int32)``). Each prints in the
notation rumba's compiler parses."""

__all__ = [
    "Type", "NumberType", "ArrayType", "Array", "Signature", "void", "none", "boolean", "bool_", "b1",
    "int8", "int16", "int32", "int64", "uint8", "uint16", "uint32", "uint64", "intp", "uintp",
    "float32", "float64", "i1", "i2", "i4", "i8", "u1", "u2", "u4", "u8", "f4", "f8", "byte",
    "double", "single", "intc", "complex128", "c16", "unicode_type",
]


class Type:
    """A type usable in a signature."""

    def __call__(self, *args):
        return Signature(self, args)

    def __eq__(self, other):
        return isinstance(other, Type) and str(self) == str(other)

    def __hash__(self):
        return hash(str(self))


class NumberType(Type):
    def __init__(self, name):
        self.name = name

    def __repr__(self):
        return self.name

    def __getitem__(self, dims):
        dims = dims if isinstance(dims, tuple) else (dims,)
        for dim in dims:
            if not isinstance(dim, slice) or dim.start is not None or dim.stop is not None or dim.step not in (None, 1):
                raise TypeError("array types are spelled with ':' and '::1', as in float64[:, ::1]")
        return ArrayType(self, tuple(dim.step == 1 for dim in dims))


class ArrayType(Type):
    def __init__(self, dtype, unit_strides, readonly=False):
        self.dtype = dtype
        self.unit_strides = unit_strides
        self.readonly = readonly

    @property
    def ndim(self):
        return len(self.unit_strides)

    @property
    def layout(self):
        if not any(self.unit_strides):
            return "A"
        return "C" if self.unit_strides[-1] else "F"

    def __repr__(self):
        dims = ", ".join("::1" if unit else ":" for unit in self.unit_strides)
        return "%s%s[%s]" % ("readonly " if self.readonly else "", self.dtype, dims)


def Array(dtype, ndim, layout, readonly=False):
    """Numba's ``types.Array(dtype, ndim, layout, readonly=False)``: layout ``'C'``, ``'F'`` or
    ``'A'``; a read-only array type accepts read-only arrays (a write into one is a typing error)."""
    if not isinstance(dtype, NumberType):
        raise TypeError("Array() takes a number type such as float64, got %r" % (dtype,))
    if not isinstance(ndim, int) or ndim < 1:
        raise TypeError("Array() takes a positive number of dimensions, got %r" % (ndim,))
    if layout not in ("C", "F", "A"):
        raise ValueError("Array() layout is 'C', 'F' or 'A', got %r" % (layout,))
    unit_strides = tuple((layout == "C" and dim == ndim - 1) or (layout == "F" and dim == 0) for dim in range(ndim))
    return ArrayType(dtype, unit_strides, readonly)


class _Void(Type):
    def __repr__(self):
        return "void"


class _Unicode(Type):
    """Numba's ``unicode_type``: a string, known only when the code runs."""

    # The name by which compiled code knows it (`from numba.types import unicode_type`).
    __name__ = "unicode_type"

    def __repr__(self):
        return "unicode_type"


class Signature:
    """``return_type(arg, ...)``; ``return_type`` is None when it is to be inferred."""

    def __init__(self, return_type, args):
        for arg in args:
            if not isinstance(arg, Type) or isinstance(arg, _Void):
                raise TypeError("signature arguments must be rumba types, got %r" % (arg,))
        self.return_type = return_type
        self.args = tuple(args)

    def __repr__(self):
        head = "" if self.return_type is None else str(self.return_type)
        return "%s(%s)" % (head, ", ".join(str(arg) for arg in self.args))

    def __eq__(self, other):
        return isinstance(other, Signature) and str(self) == str(other)

    def __hash__(self):
        return hash(str(self))


void = none = _Void()
boolean = bool_ = b1 = NumberType("bool")
int8 = i1 = byte = NumberType("int8")
int16 = i2 = NumberType("int16")
int32 = i4 = intc = NumberType("int32")
int64 = i8 = intp = NumberType("int64")
uint8 = u1 = NumberType("uint8")
uint16 = u2 = NumberType("uint16")
uint32 = u4 = NumberType("uint32")
uint64 = u8 = uintp = NumberType("uint64")
float32 = f4 = single = NumberType("float32")
float64 = f8 = double = NumberType("float64")
complex128 = c16 = NumberType("complex128")
unicode_type = _Unicode()
