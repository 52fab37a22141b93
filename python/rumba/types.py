"""Numba's type objects: ``float64``, ``int32``, ..., their shorthands (``f8``, ``i4``), array types by
slicing (``float32[:]``, ``float64[:, ::1]``, ``float64[::1, :]``) or by ``Array(float64, 2, 'C',
readonly=True)``, tuples (``UniTuple(int64, 3)``, ``Tuple((int64, float64))``), containers
(``ListType(int64)``, ``DictType(unicode_type, float64)``), and signatures by calling a type
(``float64(int32, int32)``). Each prints in the notation rumba's compiler parses, and ``parse``
reads that notation back: ``@overload`` typing functions get the argument types as these objects
and test them as Numba's do (``isinstance(x, types.Integer)``, ``x.ndim``, ``x.dtype``)."""

__all__ = [
    "Type", "NumberType", "ArrayType", "Array", "Signature", "void", "none", "boolean", "bool_", "b1",
    "int8", "int16", "int32", "int64", "uint8", "uint16", "uint32", "uint64", "intp", "uintp",
    "float32", "float64", "i1", "i2", "i4", "i8", "u1", "u2", "u4", "u8", "f4", "f8", "byte",
    "double", "single", "intc", "complex64", "c8", "csingle", "complex128", "c16", "unicode_type", "from_dtype", "optional",
]


class Type:
    """A type usable in a signature."""

    def __call__(self, *args):
        return Signature(self, args)

    def __eq__(self, other):
        return isinstance(other, Type) and str(self) == str(other)

    def __hash__(self):
        return hash(str(self))

    def __str__(self):
        return self.name

    def __repr__(self):
        return self.name


class Number(Type):
    """A number type; an array type by slicing (``float64[:, ::1]``)."""

    def __init__(self, name, bitwidth):
        self.name = name
        self.bitwidth = bitwidth

    def __getitem__(self, dims):
        dims = dims if isinstance(dims, tuple) else (dims,)
        for dim in dims:
            if not isinstance(dim, slice) or dim.start is not None or dim.stop is not None or dim.step not in (None, 1):
                raise TypeError("array types are spelled with ':' and '::1', as in float64[:, ::1]")
        unit = [dim.step == 1 for dim in dims]
        layout = "A" if unit.count(True) != 1 else ("C" if unit[-1] else "F" if unit[0] else None)
        if layout is None:
            raise TypeError("'::1' marks the first or the last dimension of an array type")
        return Array(self, len(dims), layout)


class Boolean(Number):
    def __init__(self):
        super().__init__("bool", 8)


class Integer(Number):
    def __init__(self, bitwidth, signed):
        super().__init__("%sint%d" % ("" if signed else "u", bitwidth), bitwidth)
        self.signed = signed


class Float(Number):
    def __init__(self, bitwidth):
        super().__init__("float%d" % bitwidth, bitwidth)


class Complex(Number):
    def __init__(self, bitwidth):
        super().__init__("complex%d" % bitwidth, bitwidth)


class Array(Type):
    """Numba's ``types.Array(dtype, ndim, layout, readonly=False)``: layout ``'C'``, ``'F'`` or
    ``'A'``; a read-only array type accepts read-only arrays (a write into one is a typing error)."""

    def __init__(self, dtype, ndim, layout, readonly=False):
        if not isinstance(dtype, Number):
            raise TypeError("Array() takes a number type such as float64, got %r" % (dtype,))
        if not isinstance(ndim, int) or ndim < 1:
            raise TypeError("Array() takes a positive number of dimensions, got %r" % (ndim,))
        if layout not in ("C", "F", "A"):
            raise ValueError("Array() layout is 'C', 'F' or 'A', got %r" % (layout,))
        self.dtype = dtype
        self.ndim = ndim
        self.layout = layout
        self.readonly = readonly

    @property
    def mutable(self):
        return not self.readonly

    @property
    def name(self):
        unit = lambda dim: (self.layout == "C" and dim == self.ndim - 1) or (self.layout == "F" and dim == 0)
        dims = ", ".join("::1" if unit(dim) else ":" for dim in range(self.ndim))
        return "%s%s[%s]" % ("readonly " if self.readonly else "", self.dtype, dims)


class BaseTuple(Type):
    """A tuple type; ``types`` holds its elements' types."""

    @property
    def count(self):
        return len(self.types)

    def __iter__(self):
        return iter(self.types)

    def __len__(self):
        return len(self.types)

    def __getitem__(self, index):
        return self.types[index]

    @property
    def name(self):
        return "(%s,)" % self.types[0] if len(self.types) == 1 else "(%s)" % ", ".join(map(str, self.types))


class UniTuple(BaseTuple):
    """``UniTuple(dtype, count)``: a tuple of ``count`` elements of one type."""

    def __init__(self, dtype, count):
        self.dtype = dtype
        self.types = (dtype,) * count


class Tuple(BaseTuple):
    """``Tuple((t1, t2, ...))``: a tuple of elements of different types (one of equal types is a
    ``UniTuple``, as Numba makes it)."""

    def __new__(cls, types):
        types = tuple(types)
        if types and all(element == types[0] for element in types):
            return UniTuple(types[0], len(types))
        return super().__new__(cls)

    def __init__(self, types):
        self.types = tuple(types)


class NamedTuple(BaseTuple):
    """``NamedTuple(types, cls)``: the instances of the namedtuple class ``cls`` with fields of
    ``types``."""

    def __init__(self, types, cls):
        self.types = tuple(types)
        self.instance_class = cls

    @property
    def name(self):
        fields = ", ".join("%s=%s" % (field, field_type) for field, field_type in zip(self.instance_class._fields, self.types))
        return "%s.%s(%s)" % (self.instance_class.__module__, self.instance_class.__qualname__, fields)


class NamedUniTuple(NamedTuple):
    """``NamedUniTuple(dtype, count, cls)``: a ``NamedTuple`` whose ``count`` fields are all of
    ``dtype``."""

    def __init__(self, dtype, count, cls):
        super().__init__((dtype,) * count, cls)
        self.dtype = dtype


class ListType(Type):
    """A list of elements of one type (Numba's reflected and typed lists alike)."""

    def __init__(self, dtype):
        self.dtype = self.item_type = dtype

    @property
    def name(self):
        return "list(%s)" % self.dtype


class DictType(Type):
    def __init__(self, key_type, value_type):
        self.key_type = key_type
        self.value_type = value_type

    @property
    def name(self):
        return "dict(%s, %s)" % (self.key_type, self.value_type)


class Set(Type):
    def __init__(self, dtype):
        self.dtype = dtype

    @property
    def name(self):
        return "set(%s)" % self.dtype


class Optional(Type):
    """A value of ``type`` or None."""

    def __init__(self, type):
        self.type = type

    @property
    def name(self):
        return "OptionalType(%s)" % self.type


optional = Optional


class NoneType(Type):
    name = "none"


class UnicodeType(Type):
    """Numba's ``unicode_type``: a string, known only when the code runs."""

    # The name by which compiled code knows it (`from numba.types import unicode_type`).
    __name__ = name = "unicode_type"


class StringLiteral(UnicodeType):
    """A string known when compiling; ``literal_value`` is its text."""

    def __init__(self, literal_value):
        self.literal_value = literal_value

    @property
    def name(self):
        return "Literal[str](%s)" % self.literal_value


class ClassInstanceType(Type):
    """An instance of a ``@jitclass`` class (``rumba.experimental.jitclass``), by the name the
    compiler gives its type: ``instance.jitclass.module.Counter#0<count:int64>``."""

    def __init__(self, name):
        self.name = name


class DType(Type):
    """A NumPy scalar type as a value (``np.float64``, ``a.dtype``)."""

    def __init__(self, dtype):
        self.dtype = dtype

    @property
    def name(self):
        return "dtype(%s)" % self.dtype


class Dispatcher(Type):
    """A function passed as a value."""

    def __init__(self, name):
        self.name = "function[%s]" % name


class Omitted(Type):
    """Numba's type of an argument left out of a call, whose parameter's default ``value`` applies.
    rumba gives typing functions the default's own type, so none is ever this; it is here for
    ``isinstance`` tests in typing functions written for Numba."""

    def __init__(self, value):
        self.value = value

    @property
    def name(self):
        return "omitted(default=%r)" % (self.value,)


class _Void(Type):
    name = "void"


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


NumberType = Number
ArrayType = Array
Literal = StringLiteral
List = ListType
void = _Void()
none = NoneType()
boolean = bool_ = b1 = Boolean()
int8 = i1 = byte = Integer(8, True)
int16 = i2 = Integer(16, True)
int32 = i4 = intc = Integer(32, True)
int64 = i8 = intp = Integer(64, True)
uint8 = u1 = Integer(8, False)
uint16 = u2 = Integer(16, False)
uint32 = u4 = Integer(32, False)
uint64 = u8 = uintp = Integer(64, False)
float32 = f4 = single = Float(32)
float64 = f8 = double = Float(64)
complex64 = c8 = csingle = Complex(64)
complex128 = c16 = Complex(128)
unicode_type = UnicodeType()
integer_domain = frozenset((int8, int16, int32, int64, uint8, uint16, uint32, uint64))
real_domain = frozenset((float32, float64))
complex_domain = frozenset((complex64, complex128))
number_domain = integer_domain | real_domain | complex_domain

_NUMBERS = {number.name: number for number in (boolean, *integer_domain, *real_domain, *complex_domain)}


def from_dtype(dtype):
    """Numba's ``from_dtype``: the number type of a NumPy dtype (``np.dtype("float32")``,
    ``a.dtype``, ``np.int64``)."""
    import numpy as np

    name = np.dtype(dtype).name
    number = _NUMBERS.get(name)
    if number is None:
        raise NotImplementedError("rumba: from_dtype(%r): compiled code has no type for this dtype" % (dtype,))
    return number


def parse(text):
    """The type object of a type in the notation the compiler prints (``"float64[:, ::1]"``,
    ``"(int64, unicode_type)"``, ``"dict(unicode_type, list(float64))"``)."""
    text = text.strip()
    for prefix, make in (("Literal[str](", StringLiteral), ("function[", Dispatcher)):
        if text.startswith(prefix):
            return make(text[len(prefix):-1])
    if text.startswith("instance.jitclass."):
        return ClassInstanceType(text)
    if text.startswith("readonly "):
        array = parse(text[len("readonly "):])
        return Array(array.dtype, array.ndim, array.layout, readonly=True)
    for prefix, make in (("list(", ListType), ("set(", Set), ("OptionalType(", Optional), ("dtype(", DType)):
        if text.startswith(prefix):
            return make(parse(text[len(prefix):-1]))
    if text.startswith("dict("):
        key, value = _split_top_level(text[len("dict("):-1])
        return DictType(parse(key), parse(value))
    if text.startswith("("):
        return Tuple(tuple(parse(part) for part in _split_top_level(text[1:-1]) if part.strip()))
    if text.endswith("]"):
        dtype, dims = text[:-1].split("[", 1)
        unit = [dim.strip() == "::1" for dim in dims.split(",")]
        layout = "A" if unit.count(True) != 1 else ("C" if unit[-1] else "F")
        return Array(_NUMBERS[dtype.strip()], len(unit), layout)
    if text == "none":
        return none
    if text == "unicode_type":
        return unicode_type
    return _NUMBERS[text]


def _split_top_level(text):
    parts, depth, start = [], 0, 0
    for position, character in enumerate(text):
        if character in "([<":
            depth += 1
        elif character in ")]>":
            depth -= 1
        elif character == "," and depth == 0:
            parts.append(text[start:position])
            start = position + 1
    parts.append(text[start:])
    return parts
