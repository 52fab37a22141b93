//! rumba's value types, Numba's promotion rules, and the `py` dialect spelling of each type.

use rumba_dialects::Layout;
use std::fmt;
use std::sync::Arc;

/// A scalar type: Python's bool, int, float and complex, and NumPy's sized variants. `bits` of a
/// complex type counts both parts, as NumPy's names do: complex64 is two float32s.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Scalar {
    Bool,
    Int { bits: u8, signed: bool },
    Float { bits: u8 },
    Complex { bits: u8 },
}

pub const COMPLEX128: Scalar = Scalar::Complex { bits: 128 };
pub const INT64: Scalar = Scalar::Int { bits: 64, signed: true };
pub const FLOAT64: Scalar = Scalar::Float { bits: 64 };

impl Scalar {
    pub fn is_float(self) -> bool {
        matches!(self, Scalar::Float { .. })
    }

    pub fn is_integer(self) -> bool {
        matches!(self, Scalar::Int { .. })
    }

    pub fn is_complex(self) -> bool {
        matches!(self, Scalar::Complex { .. })
    }

    /// The type of a complex number's parts; a real number's own type.
    pub fn part(self) -> Scalar {
        match self {
            Scalar::Complex { bits } => Scalar::Float { bits: bits / 2 },
            real => real,
        }
    }

    /// The complex type whose parts are this float type: complex64 of float32, complex128 of the
    /// others.
    pub fn complex_of(self) -> Scalar {
        match self {
            Scalar::Float { bits: 32 } | Scalar::Complex { bits: 64 } => Scalar::Complex { bits: 64 },
            _ => COMPLEX128,
        }
    }

    /// The type as the `py` dialect spells it: `si64`, `ui8`, `f32`, `i1`.
    pub fn mlir(self) -> String {
        match self {
            Scalar::Bool => "i1".into(),
            Scalar::Int { bits, signed: true } => format!("si{bits}"),
            Scalar::Int { bits, signed: false } => format!("ui{bits}"),
            Scalar::Float { bits } => format!("f{bits}"),
            Scalar::Complex { bits } => format!("complex<f{}>", bits / 2),
        }
    }

    /// Numba's name of the type: `int64`, `float32`, `bool`.
    pub fn numba_name(self) -> String {
        match self {
            Scalar::Bool => "bool".into(),
            Scalar::Int { bits, signed: true } => format!("int{bits}"),
            Scalar::Int { bits, signed: false } => format!("uint{bits}"),
            Scalar::Float { bits } => format!("float{bits}"),
            Scalar::Complex { bits } => format!("complex{bits}"),
        }
    }

    /// NumPy's `dtype.kind`: `b`, `i`, `u`, `f` or `c`.
    pub fn kind(self) -> char {
        match self {
            Scalar::Bool => 'b',
            Scalar::Int { signed: true, .. } => 'i',
            Scalar::Int { signed: false, .. } => 'u',
            Scalar::Float { .. } => 'f',
            Scalar::Complex { .. } => 'c',
        }
    }

    pub fn size_in_bytes(self) -> usize {
        match self {
            Scalar::Bool => 1,
            Scalar::Int { bits, .. } | Scalar::Float { bits } | Scalar::Complex { bits } => bits as usize / 8,
        }
    }

    /// Integers as Numba computes with them: widened to 64 bits, keeping the sign.
    pub fn widened(self) -> Scalar {
        match self {
            Scalar::Bool => INT64,
            Scalar::Int { signed, .. } => Scalar::Int { bits: 64, signed },
            float => float,
        }
    }

    /// The type of `~x`: unsigned integers keep their width (they come from NumPy, whose `~` does:
    /// `~np.uint32(0)` is 4294967295); the others widen as Numba's integers do (`~True` is -2).
    pub fn inverted(self) -> Scalar {
        match self {
            Scalar::Int { signed: false, .. } => self,
            other => other.widened(),
        }
    }

    /// Parses Numba's and NumPy's names: `int32`, `i4`, `float64`, `f8`, `boolean`, `b1`, `intp`.
    pub fn from_name(name: &str) -> Option<Scalar> {
        let scalar = match name {
            "bool" | "boolean" | "b1" | "bool_" | "bool8" => Scalar::Bool,
            "int8" | "i1" | "byte" => Scalar::Int { bits: 8, signed: true },
            "int16" | "i2" => Scalar::Int { bits: 16, signed: true },
            "int32" | "i4" | "intc" => Scalar::Int { bits: 32, signed: true },
            "int64" | "i8" | "intp" | "int_" | "int" => INT64,
            "uint8" | "u1" | "uint8_t" => Scalar::Int { bits: 8, signed: false },
            "uint16" | "u2" => Scalar::Int { bits: 16, signed: false },
            "uint32" | "u4" => Scalar::Int { bits: 32, signed: false },
            "uint64" | "u8" | "uintp" | "uint" => Scalar::Int { bits: 64, signed: false },
            "float32" | "f4" | "single" => Scalar::Float { bits: 32 },
            "float64" | "f8" | "double" | "float" | "float_" => FLOAT64,
            "complex64" | "c8" | "csingle" => Scalar::Complex { bits: 64 },
            "complex128" | "c16" | "cdouble" | "complex" | "complex_" => COMPLEX128,
            _ => return None,
        };
        Some(scalar)
    }
}

/// NumPy's promotion of two scalar types (`np.promote_types`), without Numba's widening.
pub fn promote(left: Scalar, right: Scalar) -> Scalar {
    use Scalar::*;
    match (left, right) {
        (Complex { bits: a }, Complex { bits: b }) => Complex { bits: a.max(b) },
        (Complex { bits }, real) | (real, Complex { bits }) => match promote(Float { bits: bits / 2 }, real) {
            Float { bits: 32 } => Complex { bits: 64 },
            _ => COMPLEX128,
        },
        (Bool, other) | (other, Bool) => other,
        (Float { bits: a }, Float { bits: b }) => Float { bits: a.max(b) },
        (Float { bits }, Int { bits: int_bits, .. }) | (Int { bits: int_bits, .. }, Float { bits }) => {
            if bits == 32 && int_bits <= 16 {
                Float { bits: 32 }
            } else {
                FLOAT64
            }
        }
        (Int { bits: a, signed: sa }, Int { bits: b, signed: sb }) if sa == sb => Int { bits: a.max(b), signed: sa },
        (Int { bits: a, signed: sa }, Int { bits: b, .. }) => {
            let (signed_bits, unsigned_bits) = if sa { (a, b) } else { (b, a) };
            if signed_bits > unsigned_bits {
                Int { bits: signed_bits, signed: true }
            } else if unsigned_bits < 64 {
                Int { bits: unsigned_bits * 2, signed: true }
            } else {
                FLOAT64
            }
        }
    }
}

/// A NumPy array type: element type, number of dimensions, layout, and whether compiled code may
/// write into it (a NumPy array whose `writeable` flag is off, and views of one, are read-only).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct ArrayType {
    pub dtype: Scalar,
    pub ndim: usize,
    pub layout: Layout,
    pub readonly: bool,
}

impl ArrayType {
    /// A new, writable array.
    pub fn new(dtype: Scalar, ndim: usize, layout: Layout) -> Self {
        Self { dtype, ndim, layout, readonly: false }
    }
}

/// What a tuple with a class is besides its items: a `collections.namedtuple` (or
/// `typing.NamedTuple`) class's instance, bound by value, with the class's qualified name
/// (`module.Point`, which names it in types and to Python, and never lacks a dot) and its fields;
/// or a display whose items are of different types, which Numba types as a literal container and
/// rumba keeps as a tuple of the items: a list (`[1, "a"]`, Numba's `LiteralList`) or a dict with
/// constant string keys (`{"a": 1, "b": "x"}`, Numba's `LiteralStrKeyDict`; `fields` are its keys).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct TupleClass {
    pub name: String,
    pub fields: Vec<String>,
    pub kind: TupleKind,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum TupleKind {
    NamedTuple,
    LiteralList,
    LiteralDict,
    /// Members of a Python `enum.Enum` class (not an `IntEnum`, whose members are integers): a
    /// member is the one-element tuple of its value, which names it within its class, and is
    /// returned to Python as `Class(value)`.
    Enum,
}

impl TupleClass {
    pub fn named(name: String, fields: Vec<String>) -> Arc<TupleClass> {
        Arc::new(TupleClass { name, fields, kind: TupleKind::NamedTuple })
    }

    pub fn literal_list() -> Arc<TupleClass> {
        Arc::new(TupleClass { name: "list".into(), fields: Vec::new(), kind: TupleKind::LiteralList })
    }

    pub fn literal_dict(keys: Vec<String>) -> Arc<TupleClass> {
        Arc::new(TupleClass { name: "dict".into(), fields: keys, kind: TupleKind::LiteralDict })
    }

    pub fn enumeration(name: String) -> Arc<TupleClass> {
        Arc::new(TupleClass { name, fields: vec!["value".into()], kind: TupleKind::Enum })
    }

    /// How errors name a literal container.
    pub fn literal_name(&self) -> &'static str {
        match self.kind {
            TupleKind::LiteralList => "list of items of different types (Numba's literal list)",
            TupleKind::LiteralDict => "dict of values of different types (Numba's literal dict)",
            TupleKind::NamedTuple => "namedtuple",
            TupleKind::Enum => "enum member",
        }
    }

    /// The class's own name, without its module: what Python calls it.
    pub fn short_name(&self) -> &str {
        self.name.rsplit('.').next().unwrap_or(&self.name)
    }
}

/// A `@jitclass` class: its qualified name, the number the registry gave it
/// (`resolve::register_class`, which tells apart classes of one name and holds their methods), and
/// its fields' names and types, in the order their words lie in an instance.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct ClassType {
    pub name: String,
    pub id: usize,
    pub fields: Vec<(String, Type)>,
}

impl ClassType {
    /// The field `name`'s first word in an instance and its type.
    pub fn field(&self, name: &str) -> Option<(usize, &Type)> {
        let mut first = 0;
        for (field, field_type) in &self.fields {
            if field == name {
                return Some((first, field_type));
            }
            first += field_type.list_width();
        }
        None
    }

    /// The fields' types as one tuple: an instance is a list holding one element of this type.
    pub fn tuple(&self) -> Type {
        Type::tuple(self.fields.iter().map(|(_, field_type)| field_type.clone()).collect())
    }

    /// The class's own name, without its module: what Python calls it.
    pub fn short_name(&self) -> &str {
        self.name.rsplit('.').next().unwrap_or(&self.name)
    }
}

/// The type of a value in compiled code.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum Type {
    Scalar(Scalar),
    Array(ArrayType),
    /// A tuple of these items' types; of a `collections.namedtuple` class, its instances (read by
    /// field too, and returned to Python as the class's).
    Tuple(Vec<Type>, Option<Arc<TupleClass>>),
    /// A Python list of elements of one type (numbers, strings, arrays, tuples of these, lists), as Numba's
    /// reflected list: a handle to a list of the runtime (`runtime/src/lists.rs`), `si64` in IR.
    List(Box<Type>),
    /// A Python dict from keys of one type (numbers, strings, tuples of these) to values of one type
    /// (what a list holds, or dicts), as Numba's typed dict: a handle to a dict of the runtime
    /// (`runtime/src/dicts.rs`), `si64` in IR.
    Dict(Box<Type>, Box<Type>),
    /// A Python set of numbers, strings or tuples of these: a dict of the runtime whose values are empty.
    Set(Box<Type>),
    /// Python's `None`: the return type of a function without a value.
    None,
    /// A number (a tuple of numbers, a string) or None, Numba's `OptionalType`: what a variable is that
    /// holds `None` on one path and a number on another, or a function that returns both. In IR a
    /// flag (`i1`, set where there is a number) and the number (zero where there is none), as a
    /// tuple of the two.
    Optional(Box<Type>),
    /// A string known when compiling (a literal, or a parameter given one), as Numba's literal
    /// strings: it selects code (`side == "left"`) and has no run-time value until it is used as a
    /// string (`Type::Unicode`).
    Str(String),
    /// A string known only when the code runs, Numba's `unicode_type`: a handle to an immutable
    /// string of the runtime (`runtime/src/strings.rs`), `si64` in IR.
    Unicode,
    /// A NumPy scalar type as a value (`np.float32`, `a.dtype`), known when compiling: it names
    /// element types (`np.empty(n, dtype)`) and has no run-time value.
    DType(Scalar),
    /// A function as a value (a jitted function passed as an argument, as Numba's dispatcher
    /// type): the global name it is bound to, each function a type of its own, known when
    /// compiling, with no run-time value.
    Function(String),
    /// An instance of a `@jitclass` class, Numba's `ClassInstanceType`: a handle to a list of the
    /// runtime holding one element, the tuple of its fields (`ClassType::tuple`), `si64` in IR.
    /// Instances are shared, not copied: every handle to one sees its fields change.
    Instance(Arc<ClassType>),
    /// Not known yet: a recursive call whose return type inference has not reached.
    Unknown,
}

impl Type {
    /// A plain tuple of these items' types.
    pub fn tuple(elements: Vec<Type>) -> Type {
        Type::Tuple(elements, None)
    }

    /// What a tuple with a class is: a namedtuple's instance, a literal list or dict.
    pub fn tuple_kind(&self) -> Option<TupleKind> {
        match self {
            Type::Tuple(_, Some(class)) => Some(class.kind),
            _ => None,
        }
    }

    pub fn scalar(self: &Type) -> Option<Scalar> {
        match self {
            Type::Scalar(scalar) => Some(*scalar),
            _ => None,
        }
    }

    /// The `py` dialect types this value occupies, tuples flattened in order.
    pub fn flat_mlir(&self) -> Vec<String> {
        match self {
            Type::Scalar(scalar) => vec![scalar.mlir()],
            Type::Array(array) => vec![format!(
                "!py.array<{}, {}, {}>",
                array.dtype.mlir(),
                array.ndim,
                array.layout.letter()
            )],
            Type::Tuple(elements, _) => elements.iter().flat_map(Type::flat_mlir).collect(),
            Type::Optional(value) => std::iter::once(Scalar::Bool.mlir()).chain(value.flat_mlir()).collect(),
            Type::List(_) | Type::Dict(..) | Type::Set(_) | Type::Unicode | Type::Instance(_) => vec![LIST_HANDLE.mlir()],
            Type::None | Type::Str(_) | Type::DType(_) | Type::Function(_) | Type::Unknown => Vec::new(),
        }
    }

    /// A name fragment for the symbol of a specialisation.
    pub fn mangle(&self) -> String {
        match self {
            Type::Scalar(Scalar::Complex { bits }) => format!("c{bits}"),
            Type::Scalar(scalar) => scalar.mlir(),
            Type::Array(array) => format!("{}x{}{}{}", Type::Scalar(array.dtype).mangle(), array.ndim, array.layout.letter(), if array.readonly { "R" } else { "" }),
            Type::Tuple(elements, class) => {
                let class = match class.as_deref() {
                    None => String::new(),
                    Some(TupleClass { kind: TupleKind::LiteralDict, fields: keys, .. }) => format!("K{}_", keys.iter().map(|key| format!("{}k{}", key.len(), symbol_safe(key))).collect::<String>()),
                    Some(class) => format!("N{}_", symbol_safe(&class.name)),
                };
                format!("{class}T{}_", elements.iter().map(Type::mangle).collect::<Vec<_>>().join("_"))
            }
            Type::List(element) => format!("L{}_", element.mangle()),
            Type::Dict(key, value) => format!("D{}_{}_", key.mangle(), value.mangle()),
            Type::Set(element) => format!("S{}_", element.mangle()),
            Type::Optional(value) => format!("O{}_", value.mangle()),
            Type::None => "none".into(),
            Type::Str(text) => format!("s{}_", symbol_safe(text)),
            Type::Unicode => "U".into(),
            Type::Instance(class) => format!("J{}_{}_", symbol_safe(class.short_name()), class.id),
            Type::Function(name) => format!("fn{}_", symbol_safe(name)),
            Type::DType(scalar) => format!("dt{}", scalar.mlir().replace(['<', '>'], "")),
            Type::Unknown => "unknown".into(),
        }
    }

    /// Whether this is a value known when compiling, which has no run-time representation.
    pub fn is_compile_time(&self) -> bool {
        matches!(self, Type::Str(_) | Type::DType(_) | Type::Function(_))
    }

    /// This type as a run-time value has it: literal strings (in tuples too) are strings.
    pub fn runtime(self) -> Type {
        match self {
            Type::Str(_) => Type::Unicode,
            Type::Tuple(elements, class) => Type::Tuple(elements.into_iter().map(Type::runtime).collect(), class),
            other => other,
        }
    }

    /// Whether this is a string: a literal or one known only when the code runs.
    pub fn is_string(&self) -> bool {
        matches!(self, Type::Str(_) | Type::Unicode)
    }

    pub fn contains_array(&self) -> bool {
        self.contains(&|part| matches!(part, Type::Array(_)))
    }

    /// Whether arrays are part of this type, in tuples or containers at any depth.
    pub fn holds_array(&self) -> bool {
        match self {
            Type::Array(_) => true,
            Type::Tuple(elements, _) => elements.iter().any(Type::holds_array),
            Type::List(element) | Type::Set(element) | Type::Optional(element) => element.holds_array(),
            Type::Dict(key, value) => key.holds_array() || value.holds_array(),
            _ => false,
        }
    }

    /// Whether `@jitclass` instances are part of this type, in tuples or containers at any depth.
    pub fn holds_instance(&self) -> bool {
        match self {
            Type::Instance(_) => true,
            Type::Tuple(elements, _) => elements.iter().any(Type::holds_instance),
            Type::List(element) | Type::Set(element) | Type::Optional(element) => element.holds_instance(),
            Type::Dict(key, value) => key.holds_instance() || value.holds_instance(),
            _ => false,
        }
    }

    /// Whether this type, or an element of it (tuples and optionals searched through), passes `test`.
    pub fn contains(&self, test: &dyn Fn(&Type) -> bool) -> bool {
        test(self)
            || match self {
                Type::Tuple(elements, _) => elements.iter().any(|element| element.contains(test)),
                Type::Optional(held) => held.contains(test),
                _ => false,
            }
    }

    /// Whether a value of this type is or holds a list, dict, set, string or instance: objects
    /// of the thread's arena (`runtime/src/arena.rs`).
    pub fn holds_handle(&self) -> bool {
        self.contains(&|held| matches!(held, Type::List(_) | Type::Dict(..) | Type::Set(_) | Type::Instance(_) | Type::Unicode))
    }

    /// Whether this is the type of the members of a Python `enum.Enum` class.
    pub fn is_enum_member(&self) -> bool {
        matches!(self, Type::Tuple(_, Some(class)) if class.kind == TupleKind::Enum)
    }

    /// Whether a value of this type may be None instead: numbers, tuples of numbers, strings,
    /// arrays, lists, dicts and sets.
    pub fn may_be_optional(&self) -> bool {
        match self {
            Type::Scalar(_) | Type::Unicode | Type::Array(_) | Type::List(_) | Type::Dict(..) | Type::Set(_) => true,
            Type::Tuple(elements, _) => elements.iter().all(|element| matches!(element, Type::Scalar(_))),
            _ => false,
        }
    }

    /// The type a value of this type has where it is used as a number: an optional one's number
    /// (checked when it is read), any other type itself.
    pub fn unwrapped(self) -> Type {
        match self {
            Type::Optional(value) => *value,
            other => other,
        }
    }
}

impl fmt::Display for Type {
    fn fmt(&self, formatter: &mut fmt::Formatter) -> fmt::Result {
        match self {
            Type::Scalar(scalar) => write!(formatter, "{}", scalar.numba_name()),
            Type::Array(array) => {
                let dims: Vec<&str> = (0..array.ndim)
                    .map(|dim| match array.layout {
                        Layout::C if dim + 1 == array.ndim => "::1",
                        Layout::F if dim == 0 => "::1",
                        _ => ":",
                    })
                    .collect();
                let readonly = if array.readonly { "readonly " } else { "" };
                write!(formatter, "{readonly}{}[{}]", array.dtype.numba_name(), dims.join(", "))
            }
            Type::Tuple(elements, Some(class)) => match class.kind {
                TupleKind::NamedTuple => {
                    let parts: Vec<String> = class.fields.iter().zip(elements).map(|(field, element)| format!("{field}={element}")).collect();
                    write!(formatter, "{}({})", class.name, parts.join(", "))
                }
                TupleKind::Enum => write!(formatter, "Enum<{}>({})", elements[0], class.name),
                TupleKind::LiteralList => write!(formatter, "LiteralList({})", elements.iter().map(ToString::to_string).collect::<Vec<_>>().join(", ")),
                TupleKind::LiteralDict => {
                    let parts: Vec<String> = class.fields.iter().zip(elements).map(|(key, element)| format!("{key:?}: {element}")).collect();
                    write!(formatter, "LiteralStrKeyDict({{{}}})", parts.join(", "))
                }
            },
            Type::Tuple(elements, None) => {
                let parts: Vec<String> = elements.iter().map(ToString::to_string).collect();
                if parts.len() == 1 {
                    write!(formatter, "({},)", parts[0])
                } else {
                    write!(formatter, "({})", parts.join(", "))
                }
            }
            Type::List(element) => write!(formatter, "list({element})"),
            Type::Dict(key, value) => write!(formatter, "dict({key}, {value})"),
            Type::Set(element) => write!(formatter, "set({element})"),
            Type::Optional(value) => write!(formatter, "OptionalType({value})"),
            Type::None => write!(formatter, "none"),
            Type::Str(text) => write!(formatter, "Literal[str]({text})"),
            Type::Unicode => write!(formatter, "unicode_type"),
            Type::Instance(class) => {
                let fields: Vec<String> = class.fields.iter().map(|(field, field_type)| format!("{field}:{field_type}")).collect();
                write!(formatter, "{INSTANCE_PREFIX}{}#{}<{}>", class.name, class.id, fields.join(", "))
            }
            Type::DType(scalar) => write!(formatter, "dtype({})", scalar.numba_name()),
            Type::Function(name) => write!(formatter, "function[{name}]"),
            Type::Unknown => write!(formatter, "<unknown>"),
        }
    }
}

/// `text` in the characters symbols take (letters, digits and `_`): anything else is spelled as
/// its code point.
fn symbol_safe(text: &str) -> String {
    text.chars().map(|c| if c.is_ascii_alphanumeric() { c.to_string() } else { format!("x{:x}", c as u32) }).collect()
}

/// Joins the types two assignments give one variable, as Numba does: numbers promote (int then float
/// is float), arrays of one dtype and rank meet in any layout (C and F give A) and are read-only if
/// either is, None and a number give an optional number, equal types stay, anything else does not
/// unify.
pub fn unify(left: &Type, right: &Type) -> Option<Type> {
    match (left, right) {
        (Type::Unknown, other) | (other, Type::Unknown) => Some(other.clone()),
        (a, b) if a == b => Some(a.clone()),
        (Type::Str(_) | Type::Unicode, Type::Str(_) | Type::Unicode) => Some(Type::Unicode),
        (Type::None, Type::Str(_)) | (Type::Str(_), Type::None) => Some(Type::Optional(Box::new(Type::Unicode))),
        (Type::None, held) | (held, Type::None) if held.may_be_optional() => Some(Type::Optional(Box::new(held.clone()))),
        (Type::Optional(value), Type::None) | (Type::None, Type::Optional(value)) => Some(Type::Optional(value.clone())),
        (Type::Optional(a), Type::Optional(b)) => unify(a, b).map(|value| Type::Optional(Box::new(value))),
        (Type::Optional(a), other) | (other, Type::Optional(a)) if other.may_be_optional() => unify(a, other).map(|value| Type::Optional(Box::new(value))),
        (Type::Array(a), Type::Array(b)) if (a.dtype, a.ndim) == (b.dtype, b.ndim) => Some(Type::Array(ArrayType {
            layout: if a.layout == b.layout { a.layout } else { Layout::A },
            readonly: a.readonly || b.readonly,
            ..*a
        })),
        (Type::Scalar(a), Type::Scalar(b)) => Some(Type::Scalar(match (a, b) {
            (Scalar::Bool, other) | (other, Scalar::Bool) => other.widened(),
            _ => promote(*a, *b).widened(),
        })),
        // Instances of one namedtuple class stay its; of two, or with plain tuples, plain tuples. A
        // literal list or dict meets only its own kind (a dict, with the same keys).
        (Type::Tuple(a, a_class), Type::Tuple(b, b_class)) if a.len() == b.len() && (a_class == b_class || !a_class.iter().chain(b_class).any(|class| class.kind != TupleKind::NamedTuple)) => {
            let class = if a_class == b_class { a_class.clone() } else { None };
            a.iter().zip(b).map(|(x, y)| unify(x, y)).collect::<Option<Vec<_>>>().map(|elements| Type::Tuple(elements, class))
        }
        (Type::List(a), Type::List(b)) => refine(a, b).map(|element| Type::List(Box::new(element))),
        (Type::Dict(..), Type::Dict(..)) | (Type::Set(_), Type::Set(_)) => refine(left, right),
        _ => None,
    }
}

/// The element type two views of one list agree on: elements of different types are laid out
/// differently, so only what is unknown on one side is filled in from the other.
fn refine(left: &Type, right: &Type) -> Option<Type> {
    match (left, right) {
        (Type::Unknown, other) | (other, Type::Unknown) => Some(other.clone()),
        // Arrays are their descriptors whatever the layout: a list that took an array of another
        // layout holds A arrays.
        (Type::Array(_), Type::Array(_)) => unify(left, right),
        (Type::List(a), Type::List(b)) => refine(a, b).map(|element| Type::List(Box::new(element))),
        (Type::Dict(a_key, a_value), Type::Dict(b_key, b_value)) => Some(Type::Dict(Box::new(refine(a_key, b_key)?), Box::new(refine(a_value, b_value)?))),
        (Type::Set(a), Type::Set(b)) => refine(a, b).map(|element| Type::Set(Box::new(element))),
        (Type::Tuple(a, a_class), Type::Tuple(b, b_class)) if a.len() == b.len() && a_class == b_class => {
            a.iter().zip(b).map(|(x, y)| refine(x, y)).collect::<Option<Vec<_>>>().map(|elements| Type::Tuple(elements, a_class.clone()))
        }
        (a, b) => (a == b).then(|| a.clone()),
    }
}

/// The type of a list's (and a dict's) handle in IR.
pub const LIST_HANDLE: Scalar = INT64;

impl Type {
    /// Whether a list (or a dict's value) may be of this type: numbers, arrays, strings (a literal
    /// is stored as a string), tuples of them, lists and dicts (of any of these), or a type not
    /// known yet.
    pub fn is_list_element(&self) -> bool {
        match self {
            Type::Scalar(_) | Type::Array(_) | Type::Unicode | Type::Str(_) | Type::Instance(_) | Type::None | Type::Unknown => true,
            Type::Tuple(elements, _) => elements.iter().all(Type::is_list_element),
            Type::List(element) => element.is_list_element(),
            Type::Dict(key, value) => key.is_dict_key() && value.is_list_element(),
            Type::Set(element) => element.is_dict_key(),
            _ => false,
        }
    }

    /// Whether a dict's keys may be of this type: numbers, strings (interned: equal strings are
    /// equal words), tuples of these, or a type not known yet.
    pub fn is_dict_key(&self) -> bool {
        match self {
            Type::Scalar(_) | Type::Unicode | Type::Str(_) | Type::Unknown => true,
            Type::Tuple(elements, _) => elements.iter().all(Type::is_dict_key),
            _ => false,
        }
    }

    /// How many 64-bit words an element of this type takes in a list (`runtime/src/lists.rs`).
    pub fn list_width(&self) -> usize {
        match self {
            Type::Scalar(Scalar::Complex { .. }) => 2,
            // None is a zero word, so that a list of Nones has a length.
            Type::Scalar(_) | Type::List(_) | Type::Dict(..) | Type::Set(_) | Type::Unicode | Type::Instance(_) | Type::None => 1,
            // The memref descriptor: two addresses, the offset, the sizes and the strides.
            Type::Array(array) => 3 + 2 * array.ndim,
            Type::Tuple(elements, _) => elements.iter().map(Type::list_width).sum(),
            // Its flag, then the number.
            Type::Optional(held) => 1 + held.list_width(),
            _ => 0,
        }
    }

    /// Whether this type, or a part of it, is still unknown.
    pub fn has_unknown(&self) -> bool {
        match self {
            Type::Unknown => true,
            Type::Tuple(elements, _) => elements.iter().any(Type::has_unknown),
            Type::List(element) => element.has_unknown(),
            Type::Dict(key, value) => key.has_unknown() || value.has_unknown(),
            Type::Set(element) | Type::Optional(element) => element.has_unknown(),
            _ => false,
        }
    }
}

/// A function signature in Numba's notation: `float64(int32, int32)`, `(i4, i4)`, `void(f4[:])`.
#[derive(Clone, Debug, PartialEq)]
pub struct Signature {
    pub return_type: Option<Type>,
    pub arguments: Vec<Type>,
}

/// Whether `text` has a comma outside brackets and parentheses.
fn has_top_level_comma(text: &str) -> bool {
    let mut depth = 0;
    text.chars().any(|character| {
        depth += match character {
            '(' | '[' => 1,
            ')' | ']' => -1,
            _ => 0,
        };
        character == ',' && depth == 0
    })
}

/// Parses Numba's signature notation. `void` returns are `Type::None`; an omitted return is `None`.
pub fn parse_signature(text: &str) -> Result<Signature, String> {
    let text = text.trim();
    if has_top_level_comma(text) {
        // Argument types alone (`"f8, f8[:], f8[:]"`), a tuple as Numba evaluates the text.
        return parse_signature(&format!("({text})"));
    }
    if !text.ends_with(')') {
        return Err(format!("signature '{text}' must end with ')'"));
    }
    // The argument list is the parenthesis that closes at the end: a tuple result has its own.
    let mut depth = 0;
    let open = text
        .char_indices()
        .rev()
        .find(|&(_, character)| {
            depth += match character {
                ')' => 1,
                '(' => -1,
                _ => 0,
            };
            depth == 0
        })
        .map(|(position, _)| position)
        .ok_or_else(|| format!("signature '{text}' has no argument list"))?;
    let return_text = text[..open].trim();
    let return_type = if return_text.is_empty() {
        None
    } else if return_text == "void" || return_text == "none" {
        Some(Type::None)
    } else {
        Some(parse_type(return_text)?)
    };
    let inner = &text[open + 1..text.len() - 1];
    let arguments = split_top_level(inner)
        .into_iter()
        .filter(|part| !part.trim().is_empty())
        .map(|part| parse_type(part.trim()))
        .collect::<Result<Vec<_>, _>>()?;
    Ok(Signature { return_type, arguments })
}

/// How a `@jitclass` instance type starts when printed, as in Numba:
/// `instance.jitclass.module.Counter#3<count:int64, data:float64[::1]>`.
const INSTANCE_PREFIX: &str = "instance.jitclass.";

/// Parses one type: `int32`, `f8`, `float32[:]`, `f8[:, ::1]`, `f8[::1, :]`, `readonly f8[:]`, `(i8, f8)`.
pub fn parse_type(text: &str) -> Result<Type, String> {
    // A string is its own type, known when compiling (every character of it: it may hold anything).
    if let Some(string) = text.strip_prefix("Literal[str](").and_then(|rest| rest.strip_suffix(')')) {
        return Ok(Type::Str(string.to_string()));
    }
    if let Some(name) = text.strip_prefix("function[").and_then(|rest| rest.strip_suffix(']')) {
        return Ok(Type::Function(name.to_string()));
    }
    let text = text.trim();
    if let Some(array) = text.strip_prefix("readonly ") {
        return match parse_type(array)? {
            Type::Array(array) => Ok(Type::Array(ArrayType { readonly: true, ..array })),
            other => Err(format!("only arrays are read-only, not {other}")),
        };
    }
    if let Some(element) = text.strip_prefix("list(").and_then(|rest| rest.strip_suffix(')')) {
        return Ok(Type::List(Box::new(parse_type(element)?)));
    }
    if let Some(name) = text.strip_prefix("dtype(").and_then(|rest| rest.strip_suffix(')')) {
        return Scalar::from_name(name).map(Type::DType).ok_or_else(|| format!("unknown dtype '{name}'"));
    }
    if let Some(held) = text.strip_prefix("OptionalType(").or_else(|| text.strip_prefix("optional(")).and_then(|rest| rest.strip_suffix(')')) {
        let held = parse_type(held)?;
        if !held.may_be_optional() {
            return Err(format!("an optional {held} is not supported (optional numbers, tuples of numbers, strings and arrays are)"));
        }
        return Ok(Type::Optional(Box::new(held)));
    }
    if let Some(element) = text.strip_prefix("set(").and_then(|rest| rest.strip_suffix(')')) {
        return Ok(Type::Set(Box::new(parse_type(element)?)));
    }
    if let Some(parts) = text.strip_prefix("dict(").and_then(|rest| rest.strip_suffix(')')) {
        let [key, value] = split_top_level(parts)[..] else { return Err(format!("dict type '{text}' takes a key and a value type")) };
        return Ok(Type::Dict(Box::new(parse_type(key.trim())?), Box::new(parse_type(value.trim())?)));
    }
    if let Some(class) = text.strip_prefix(INSTANCE_PREFIX) {
        let malformed = || format!("jitclass instance type '{text}' must read {INSTANCE_PREFIX}name#number<field:type, ...>");
        let (name, rest) = class.split_once('#').ok_or_else(malformed)?;
        let (id, fields) = rest.strip_suffix('>').and_then(|rest| rest.split_once('<')).ok_or_else(malformed)?;
        let fields = split_top_level(fields)
            .into_iter()
            .map(str::trim)
            .filter(|field| !field.is_empty())
            .map(|field| {
                let (field, field_type) = field.split_once(':').ok_or_else(malformed)?;
                Ok((field.trim().to_string(), parse_type(field_type.trim())?))
            })
            .collect::<Result<_, String>>()?;
        return Ok(Type::Instance(Arc::new(ClassType { name: name.to_string(), id: id.parse().map_err(|_| malformed())?, fields })));
    }
    // An enum class's members, of their values' type: `Enum<int64>(module.Color)`, as Numba's.
    if let Some((value, class)) = text.strip_prefix("Enum<").and_then(|rest| rest.strip_suffix(')')).and_then(|rest| rest.split_once(">(")) {
        return Ok(Type::Tuple(vec![parse_type(value)?], Some(TupleClass::enumeration(class.to_string()))));
    }
    // A namedtuple class's instances: `module.Point(x=int64, y=float64)`.
    if let Some(open) = text.find('(').filter(|open| text[..*open].contains('.') && text.ends_with(')')) {
        let (mut fields, mut elements) = (Vec::new(), Vec::new());
        for part in split_top_level(&text[open + 1..text.len() - 1]).into_iter().map(str::trim).filter(|part| !part.is_empty()) {
            let (field, element) = part.split_once('=').ok_or_else(|| format!("namedtuple type '{text}' must name each field: field=type"))?;
            fields.push(field.trim().to_string());
            elements.push(parse_type(element.trim())?);
        }
        return Ok(Type::Tuple(elements, Some(TupleClass::named(text[..open].to_string(), fields))));
    }
    // Numba's names of tuple types, as string signatures write them: `UniTuple(float64, 2)`,
    // `Tuple(int64, float64)`.
    if let Some(parts) = text.strip_prefix("UniTuple(").and_then(|rest| rest.strip_suffix(')')) {
        let [element, count] = split_top_level(parts)[..] else { return Err(format!("'{text}' must read UniTuple(type, count)")) };
        let count: usize = count.trim().parse().map_err(|_| format!("'{text}' must read UniTuple(type, count)"))?;
        return Ok(Type::tuple(vec![parse_type(element.trim())?; count]));
    }
    if let Some(parts) = text.strip_prefix("Tuple(").and_then(|rest| rest.strip_suffix(')')) {
        return parse_type(&format!("({parts})"));
    }
    if text.starts_with('(') && text.ends_with(')') {
        let inner = text[1..text.len() - 1].trim();
        // Parentheses around one type without a comma only group it, as in Python: `(i4[:, :])`.
        if split_top_level(inner).len() == 1 && !inner.is_empty() {
            return parse_type(inner);
        }
        let elements = split_top_level(inner)
            .into_iter()
            .filter(|part| !part.trim().is_empty())
            .map(|part| parse_type(part.trim()))
            .collect::<Result<Vec<_>, _>>()?;
        return Ok(Type::tuple(elements));
    }
    if let Some(open) = text.find('[') {
        let dtype_name = text[..open].trim();
        let dtype = Scalar::from_name(dtype_name).ok_or_else(|| format!("unknown element type '{dtype_name}'"))?;
        if !text.ends_with(']') {
            return Err(format!("array type '{text}' must end with ']'"));
        }
        // `float64[]` is a 0-d array, as `Type`'s display writes it.
        let inside = text[open + 1..text.len() - 1].trim();
        let dims: Vec<String> = if inside.is_empty() { Vec::new() } else { inside.split(',').map(|dim| dim.replace(' ', "")).collect() };
        if let Some(bad) = dims.iter().find(|dim| *dim != ":" && *dim != "::1") {
            return Err(format!("array dimension '{bad}' must be ':' or '::1'"));
        }
        let ndim = dims.len();
        let layout = match dims.iter().position(|dim| dim == "::1") {
            None if ndim == 0 => Layout::C,
            None => Layout::A,
            Some(position) if position + 1 == ndim && dims.iter().filter(|dim| *dim == "::1").count() == 1 => Layout::C,
            Some(0) if dims.iter().filter(|dim| *dim == "::1").count() == 1 => Layout::F,
            Some(_) => return Err(format!("'::1' may mark only the first or the last dimension of '{text}'")),
        };
        return Ok(Type::Array(ArrayType::new(dtype, ndim, layout)));
    }
    match text {
        "none" => Ok(Type::None),
        "unicode_type" => Ok(Type::Unicode),
        _ => Scalar::from_name(text).map(Type::Scalar).ok_or_else(|| format!("unknown type '{text}'")),
    }
}

fn split_top_level(text: &str) -> Vec<&str> {
    let mut parts = Vec::new();
    let mut depth = 0i32;
    let mut start = 0;
    for (index, character) in text.char_indices() {
        match character {
            '(' | '[' | '<' => depth += 1,
            ')' | ']' | '>' => depth -= 1,
            ',' if depth == 0 => {
                parts.push(&text[start..index]);
                start = index + 1;
            }
            _ => {}
        }
    }
    parts.push(&text[start..]);
    parts
}

/// Whether a value of type `given` may be passed where a signature says `declared`: equal types, an
/// array whose layout is stricter (a C array may go where `A` is declared), an optional number as
/// its flag and number, or tuples of such items
/// (a namedtuple's items are laid out as a tuple's: the dispatcher chose the specialisation by
/// class).
pub fn accepts(declared: &Type, given: &Type) -> bool {
    match (declared, given) {
        (Type::Array(declared), Type::Array(given)) => {
            declared.dtype == given.dtype
                && declared.ndim == given.ndim
                && (declared.layout == given.layout || declared.layout == Layout::A)
        }
        (Type::Tuple(declared, _), Type::Tuple(given, _)) => declared.len() == given.len() && declared.iter().zip(given).all(|(declared, given)| accepts(declared, given)),
        // An instance is passed as what it is made of: a list holding the tuple of its fields.
        (Type::Instance(class), Type::List(element)) => **element == class.tuple(),
        // An optional number is passed as its flag and its number.
        (Type::Optional(held), Type::Tuple(given, _)) => matches!(&given[..], [Type::Scalar(Scalar::Bool), number] if number == &**held),
        _ => declared == given,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_numba_signatures() {
        let signature = parse_signature("float64(int32, int32)").unwrap();
        assert_eq!(signature.return_type, Some(Type::Scalar(FLOAT64)));
        assert_eq!(signature.arguments, vec![Type::Scalar(Scalar::Int { bits: 32, signed: true }); 2]);
        assert_eq!(parse_signature("f8(i4, i4)").unwrap(), signature);
        assert_eq!(parse_signature("(int32, int32)").unwrap().return_type, None);
        let void = parse_signature("void(f4[:])").unwrap();
        assert_eq!(void.return_type, Some(Type::None));
        assert_eq!(
            void.arguments[0],
            Type::Array(ArrayType::new(Scalar::Float { bits: 32 }, 1, Layout::A))
        );
        let matmul = parse_signature("f8[:, ::1](f8[:, :], f8[::1, :])").unwrap();
        assert_eq!(
            matmul.return_type,
            Some(Type::Array(ArrayType::new(FLOAT64, 2, Layout::C)))
        );
        assert_eq!(matmul.arguments[1], Type::Array(ArrayType::new(FLOAT64, 2, Layout::F)));
        // A tuple result (as `types.Tuple((...))(...)` prints) has parentheses of its own.
        let split = parse_signature("(int32[::1], readonly int32[::1])(float32[:, ::1], int64)").unwrap();
        let int32_vector = ArrayType::new(Scalar::Int { bits: 32, signed: true }, 1, Layout::C);
        assert_eq!(split.return_type, Some(Type::tuple(vec![Type::Array(int32_vector.clone()), Type::Array(ArrayType { readonly: true, ..int32_vector })])));
        assert_eq!(split.arguments, vec![Type::Array(ArrayType::new(Scalar::Float { bits: 32 }, 2, Layout::C)), Type::Scalar(INT64)]);
        assert!(parse_signature("f8(i4, q9)").is_err());
        assert!(parse_signature("f8(i4))").is_err());
        // Numba's spelling of tuple types in strings.
        let spelled = parse_signature("UniTuple(float64, 2)(float64[:], Tuple(int64, float32))").unwrap();
        assert_eq!(spelled.return_type, Some(Type::tuple(vec![Type::Scalar(FLOAT64); 2])));
        assert_eq!(spelled.arguments[1], Type::tuple(vec![Type::Scalar(INT64), Type::Scalar(Scalar::Float { bits: 32 })]));
        assert!(parse_signature("UniTuple(float64)(f8)").is_err());
        assert!(parse_signature("f8[::2](i4)").is_err());
        // Argument types alone, as respy writes guvectorize signatures.
        let arguments = parse_signature("f8, f8[:, :], UniTuple(i8, 2)").unwrap();
        assert_eq!(arguments.return_type, None);
        assert_eq!(arguments.arguments[1], Type::Array(ArrayType::new(FLOAT64, 2, Layout::A)));
        assert_eq!(arguments.arguments[2], Type::tuple(vec![Type::Scalar(INT64); 2]));
        assert!(parse_signature("f8").is_err());
    }

    #[test]
    fn lists_and_dicts_parse_print_and_refine() {
        let ints = parse_type("list(int64)").unwrap();
        assert_eq!(ints, Type::List(Box::new(Type::Scalar(INT64))));
        assert_eq!(unify(&Type::List(Box::new(Type::Unknown)), &ints), Some(ints.clone()));
        // Elements of other types are laid out differently: such lists do not meet.
        assert_eq!(unify(&ints, &parse_type("list(float64)").unwrap()), None);
        let table = parse_type("dict((int64, int64), list(float64))").unwrap();
        assert_eq!(table.to_string(), "dict((int64, int64), list(float64))");
        let empty = Type::Dict(Box::new(Type::Unknown), Box::new(Type::Unknown));
        assert_eq!(unify(&empty, &table), Some(table.clone()));
        assert_eq!(table.list_width(), 1);
        assert_eq!(parse_type("(int64, complex128)").unwrap().list_width(), 3);
    }

    #[test]
    fn promotes_like_numpy() {
        let int32 = Scalar::Int { bits: 32, signed: true };
        let uint64 = Scalar::Int { bits: 64, signed: false };
        let float32 = Scalar::Float { bits: 32 };
        assert_eq!(promote(int32, INT64), INT64);
        assert_eq!(promote(INT64, uint64), FLOAT64);
        assert_eq!(promote(float32, int32), FLOAT64);
        assert_eq!(promote(float32, Scalar::Int { bits: 8, signed: true }), float32);
        assert_eq!(unify(&Type::Scalar(INT64), &Type::Scalar(FLOAT64)), Some(Type::Scalar(FLOAT64)));
    }
}
