//! Values across the boundary: scalars, arrays passed as memref descriptors (data pointer, offset,
//! sizes, strides in elements) without copying, and results read from the struct compiled code
//! returns. Arrays allocated by compiled code come back as [`OwnedArray`]s that free their memory.

use rumba_dialects::Layout;
use rumba_frontend::{format_spec::float_repr, ArrayType, Scalar, Type};
use smallvec::SmallVec;
use std::fmt;

/// One argument slot: room for any scalar, a complex number included, or an array descriptor's address.
pub type Slot = [u64; 2];

/// Extents or strides of one array: inline up to four dimensions, so a call allocates nothing.
pub type Dims = SmallVec<[i64; 4]>;

/// A typed scalar.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Number {
    Bool(bool),
    I8(i8),
    I16(i16),
    I32(i32),
    I64(i64),
    U8(u8),
    U16(u16),
    U32(u32),
    U64(u64),
    F32(f32),
    F64(f64),
    /// complex128: the real and the imaginary part.
    Complex(f64, f64),
    /// complex64.
    Complex64(f32, f32),
}

impl Number {
    pub fn scalar(self) -> Scalar {
        match self {
            Number::Bool(_) => Scalar::Bool,
            Number::I8(_) => Scalar::Int { bits: 8, signed: true },
            Number::I16(_) => Scalar::Int { bits: 16, signed: true },
            Number::I32(_) => Scalar::Int { bits: 32, signed: true },
            Number::I64(_) => Scalar::Int { bits: 64, signed: true },
            Number::U8(_) => Scalar::Int { bits: 8, signed: false },
            Number::U16(_) => Scalar::Int { bits: 16, signed: false },
            Number::U32(_) => Scalar::Int { bits: 32, signed: false },
            Number::U64(_) => Scalar::Int { bits: 64, signed: false },
            Number::F32(_) => Scalar::Float { bits: 32 },
            Number::F64(_) => Scalar::Float { bits: 64 },
            Number::Complex(..) => Scalar::Complex { bits: 128 },
            Number::Complex64(..) => Scalar::Complex { bits: 64 },
        }
    }

    /// An argument slot holding the value as compiled code stores it (bool as one byte, a complex
    /// number as its two parts), in its first bytes. Built as whole words, which the call then reads
    /// back whole: bytes written one value at a time cannot be forwarded to those reads.
    pub fn slot(self) -> Slot {
        let low_bits = match self {
            Number::Bool(value) => value as u64,
            Number::I8(value) => value as u8 as u64,
            Number::I16(value) => value as u16 as u64,
            Number::I32(value) => value as u32 as u64,
            Number::I64(value) => value as u64,
            Number::U8(value) => value as u64,
            Number::U16(value) => value as u64,
            Number::U32(value) => value as u64,
            Number::U64(value) => value,
            Number::F32(value) => value.to_bits() as u64,
            Number::F64(value) => value.to_bits(),
            Number::Complex(real, imag) => return [real.to_bits(), imag.to_bits()],
            Number::Complex64(real, imag) => u64::from(real.to_bits()) | (u64::from(imag.to_bits()) << 32),
        };
        // The value's bytes first: on a big-endian host they are the word's high bytes.
        let first_bytes_shift = if cfg!(target_endian = "big") { 64 - 8 * self.scalar().size_in_bytes() } else { 0 };
        [low_bits << first_bytes_shift, 0]
    }

    /// Reads a scalar of type `scalar` from memory.
    ///
    /// # Safety
    /// `pointer` must point to a readable value of that type.
    pub unsafe fn read(scalar: Scalar, pointer: *const u8) -> Number {
        unsafe {
            match scalar {
                Scalar::Bool => Number::Bool(*pointer & 1 != 0),
                Scalar::Int { bits: 8, signed: true } => Number::I8(pointer.cast::<i8>().read_unaligned()),
                Scalar::Int { bits: 16, signed: true } => Number::I16(pointer.cast::<i16>().read_unaligned()),
                Scalar::Int { bits: 32, signed: true } => Number::I32(pointer.cast::<i32>().read_unaligned()),
                Scalar::Int { signed: true, .. } => Number::I64(pointer.cast::<i64>().read_unaligned()),
                Scalar::Int { bits: 8, .. } => Number::U8(pointer.read_unaligned()),
                Scalar::Int { bits: 16, .. } => Number::U16(pointer.cast::<u16>().read_unaligned()),
                Scalar::Int { bits: 32, .. } => Number::U32(pointer.cast::<u32>().read_unaligned()),
                Scalar::Int { .. } => Number::U64(pointer.cast::<u64>().read_unaligned()),
                Scalar::Float { bits: 32 } => Number::F32(pointer.cast::<f32>().read_unaligned()),
                Scalar::Float { .. } => Number::F64(pointer.cast::<f64>().read_unaligned()),
                Scalar::Complex { bits: 64 } => {
                    let parts = pointer.cast::<f32>();
                    Number::Complex64(parts.read_unaligned(), parts.add(1).read_unaligned())
                }
                Scalar::Complex { .. } => {
                    let parts = pointer.cast::<f64>();
                    Number::Complex(parts.read_unaligned(), parts.add(1).read_unaligned())
                }
            }
        }
    }

    /// The value as an i64: integers and bools exactly (u64 wraps), floats truncated toward zero.
    pub fn as_i64(self) -> i64 {
        match self {
            Number::Bool(value) => value as i64,
            Number::I8(value) => value as i64,
            Number::I16(value) => value as i64,
            Number::I32(value) => value as i64,
            Number::I64(value) => value,
            Number::U8(value) => value as i64,
            Number::U16(value) => value as i64,
            Number::U32(value) => value as i64,
            Number::U64(value) => value as i64,
            Number::F32(value) => value as i64,
            Number::F64(value) => value as i64,
            Number::Complex(real, _) => real as i64,
            Number::Complex64(real, _) => real as i64,
        }
    }

    pub fn as_f64(self) -> f64 {
        match self {
            Number::Bool(value) => value as u8 as f64,
            Number::I8(value) => value as f64,
            Number::I16(value) => value as f64,
            Number::I32(value) => value as f64,
            Number::I64(value) => value as f64,
            Number::U8(value) => value as f64,
            Number::U16(value) => value as f64,
            Number::U32(value) => value as f64,
            Number::U64(value) => value as f64,
            Number::F32(value) => value as f64,
            Number::F64(value) => value,
            Number::Complex(real, _) => real,
            Number::Complex64(real, _) => real as f64,
        }
    }
}

impl fmt::Display for Number {
    /// Python's `repr` of the value.
    fn fmt(&self, formatter: &mut fmt::Formatter) -> fmt::Result {
        match *self {
            Number::Bool(value) => write!(formatter, "{}", if value { "True" } else { "False" }),
            Number::F32(value) => write!(formatter, "{}", float_repr(value as f64)),
            Number::F64(value) => write!(formatter, "{}", float_repr(value)),
            Number::I8(value) => write!(formatter, "{value}"),
            Number::I16(value) => write!(formatter, "{value}"),
            Number::I32(value) => write!(formatter, "{value}"),
            Number::I64(value) => write!(formatter, "{value}"),
            Number::U8(value) => write!(formatter, "{value}"),
            Number::U16(value) => write!(formatter, "{value}"),
            Number::U32(value) => write!(formatter, "{value}"),
            Number::U64(value) => write!(formatter, "{value}"),
            Number::Complex(real, imag) => write!(formatter, "{}", python_complex_repr(real, imag)),
            Number::Complex64(real, imag) => write!(formatter, "{}", python_complex_repr(real as f64, imag as f64)),
        }
    }
}

/// Python's `repr` of a complex number: `2j`, `(1-0.5j)`, `(-0+1j)`; parts print without `.0`.
pub fn python_complex_repr(real: f64, imag: f64) -> String {
    let part = |value: f64| {
        let text = float_repr(value);
        text.strip_suffix(".0").map(str::to_string).unwrap_or(text)
    };
    let imag_text = if imag.is_sign_negative() && !imag.is_nan() { part(imag) } else { format!("+{}", part(imag)) };
    if real == 0.0 && real.is_sign_positive() {
        format!("{}j", imag_text.trim_start_matches('+'))
    } else {
        format!("({}{imag_text}j)", part(real))
    }
}

/// An array handed to compiled code: borrowed memory, shape and byte strides as NumPy has them.
#[derive(Clone, Debug)]
pub struct ArrayArgument {
    pub data: *mut u8,
    pub dtype: Scalar,
    pub shape: Dims,
    pub byte_strides: Dims,
}

impl ArrayArgument {
    /// The memref descriptor compiled code receives: the data pointer as both addresses, offset
    /// zero, the shape and the strides in elements.
    pub fn descriptor(&self) -> Result<Vec<i64>, String> {
        let itemsize = self.dtype.size_in_bytes() as i64;
        let mut words = vec![self.data as i64, self.data as i64, 0];
        words.extend(self.shape.iter().copied());
        for stride in &self.byte_strides {
            if stride % itemsize != 0 {
                return Err(format!("array stride {stride} is not a multiple of the element size {itemsize}"));
            }
            words.push(stride / itemsize);
        }
        Ok(words)
    }

    /// Row-major (C) when the last dimension is unit-stride and each outer stride spans the inner
    /// block; column-major (F) symmetrically; anything else is `A`.
    pub fn layout(&self) -> Layout {
        let itemsize = self.dtype.size_in_bytes() as i64;
        let contiguous = |order: &mut dyn Iterator<Item = usize>| {
            let mut expected = itemsize;
            for dim in order {
                if self.shape[dim] > 1 && self.byte_strides[dim] != expected {
                    return false;
                }
                expected *= self.shape[dim].max(1);
            }
            true
        };
        let ndim = self.shape.len();
        // An empty array is contiguous whatever its strides, as NumPy's flags say.
        if self.shape.contains(&0) || contiguous(&mut (0..ndim).rev()) {
            Layout::C
        } else if contiguous(&mut (0..ndim)) {
            Layout::F
        } else {
            Layout::A
        }
    }

    pub fn array_type(&self) -> ArrayType {
        ArrayType::new(self.dtype, self.shape.len(), self.layout())
    }
}

/// An argument of a compiled call.
#[derive(Clone, Debug)]
pub enum Argument {
    Number(Number),
    Array(ArrayArgument),
    /// Python's `None`: a parameter of type none, which occupies no slot.
    None,
    /// A tuple: its elements, laid out one after another as if each were an argument.
    Tuple(Vec<Argument>),
    /// A value known when compiling (a string, a function), which the function is specialised
    /// on: no slot.
    Known(Type),
    /// A list of elements of one type: made a list of compiled code for the call (a slot holding
    /// its handle), whose contents the call then reports back.
    List(Type, Vec<Argument>),
    /// A dict of keys and values of one type each: made a dict of compiled code for the call,
    /// whose contents the call then reports back.
    Dict(Type, Type, Vec<(Argument, Argument)>),
    /// A set of items of one type: made a set of compiled code (a dict whose values have no words)
    /// for the call, whose contents the call then reports back.
    Set(Type, Vec<Argument>),
    /// A string: made a string of compiled code for the call (a slot holding its handle).
    Str(String),
}

impl Argument {
    pub fn value_type(&self) -> Type {
        match self {
            Argument::Number(number) => Type::Scalar(number.scalar()),
            Argument::Array(array) => Type::Array(array.array_type()),
            Argument::None => Type::None,
            Argument::Tuple(elements) => Type::tuple(elements.iter().map(Argument::value_type).collect()),
            Argument::Known(known) => known.clone(),
            Argument::List(element, _) => Type::List(Box::new(element.clone())),
            Argument::Dict(key, value, _) => Type::Dict(Box::new(key.clone()), Box::new(value.clone())),
            Argument::Set(element, _) => Type::Set(Box::new(element.clone())),
            Argument::Str(_) => Type::Unicode,
        }
    }
}

/// Checks that every array inside a container argument has a memref descriptor.
fn check_descriptors(argument: &Argument) -> Result<(), String> {
    match argument {
        Argument::Array(array) => array.descriptor().map(|_| ()),
        Argument::Tuple(elements) | Argument::List(_, elements) | Argument::Set(_, elements) => elements.iter().try_for_each(check_descriptors),
        Argument::Dict(_, _, entries) => entries.iter().try_for_each(|(key, value)| check_descriptors(key).and(check_descriptors(value))),
        Argument::Number(_) | Argument::None | Argument::Known(_) | Argument::Str(_) => Ok(()),
    }
}

/// The words of a list element (or a dict's key or value) `element` (see `lists`), each with
/// whether it is a float: integers sign-extended, floats as float64 bits, complex numbers as two,
/// tuples flattened, lists and dicts as the handle of a new one, arrays as their descriptors
/// (checked by `check_descriptors`).
pub(crate) fn push_words(element: &Argument, words: &mut Vec<(u64, bool)>) {
    match element {
        Argument::Array(array) => words.extend(array.descriptor().unwrap_or_default().into_iter().map(|word| (word as u64, false))),
        Argument::Number(Number::Complex(real, imag)) => words.extend([(real.to_bits(), true), (imag.to_bits(), true)]),
        Argument::Number(Number::Complex64(real, imag)) => words.extend([(f64::from(*real).to_bits(), true), (f64::from(*imag).to_bits(), true)]),
        Argument::Number(number @ (Number::F32(_) | Number::F64(_))) => words.push((number.as_f64().to_bits(), true)),
        Argument::Number(number) => words.push((number.as_i64() as u64, false)),
        Argument::Tuple(elements) => elements.iter().for_each(|element| push_words(element, words)),
        Argument::List(_, elements) => words.push((make_list(elements) as u64, false)),
        Argument::Dict(_, _, entries) => words.push((make_dict(entries) as u64, false)),
        Argument::Set(_, items) => words.push((make_set(items) as u64, false)),
        Argument::Str(text) => words.push((crate::strings::intern(text) as u64, false)),
        Argument::None | Argument::Known(_) => {}
    }
}

fn plain_words(element: &Argument) -> Vec<u64> {
    let mut words = Vec::new();
    push_words(element, &mut words);
    words.into_iter().map(|(word, _)| word).collect()
}

/// The types of the list and dict arguments among `arguments` (tuples searched through), in the
/// order `PackedArguments::pack` makes them.
pub fn container_arguments(arguments: &[Argument], types: &mut Vec<Type>) {
    for argument in arguments {
        match argument {
            Argument::List(..) | Argument::Dict(..) | Argument::Set(..) => types.push(argument.value_type()),
            Argument::Tuple(inner) => container_arguments(inner, types),
            _ => {}
        }
    }
}

/// A list of compiled code holding `elements`.
pub fn make_list(elements: &[Argument]) -> i64 {
    crate::lists::from_words(elements.iter().flat_map(plain_words).collect())
}

/// A dict of compiled code holding `entries`.
pub fn make_dict(entries: &[(Argument, Argument)]) -> i64 {
    let handle = crate::dicts::rumba_dict_new();
    for (key, value) in entries {
        let mut key_words = Vec::new();
        push_words(key, &mut key_words);
        crate::dicts::insert_entry(handle, &key_words, &plain_words(value));
    }
    handle
}

/// A set of compiled code holding `items`.
pub fn make_set(items: &[Argument]) -> i64 {
    make_dict(&items.iter().map(|item| (item.clone(), Argument::None)).collect::<Vec<_>>())
}

/// The contents of container `handle` (a list, a dict, a set or a string) of type `container`; of
/// a `@jitclass` instance, a list of one element, the tuple of its fields.
///
/// # Safety
/// `handle` must be a live list or dict of this thread of that type.
pub unsafe fn container_value(handle: i64, container: &Type, arguments: &[Argument]) -> Value {
    match container {
        Type::Dict(key, value) => unsafe { dict_value(handle, key, value, arguments) },
        Type::Set(element) => unsafe { set_value(handle, element, arguments) },
        Type::List(element) => unsafe { list_value(handle, element, arguments) },
        Type::Instance(class) => unsafe { list_value(handle, &class.tuple(), arguments) },
        Type::Unicode => Value::Str(unsafe { crate::strings::text_of(handle) }.to_string()),
        _ => Value::None,
    }
}

/// The element of type `element` whose words come next; an array has a reference of its own (the
/// container's hold ends with the call).
///
/// # Safety
/// A list element's handle must be a live list of this thread, an array's words the descriptor of
/// an array alive in a container of this call with `arguments`.
pub(crate) unsafe fn element_value(element: &Type, words: &mut impl Iterator<Item = u64>, arguments: &[Argument]) -> Value {
    let mut next = || words.next().unwrap_or_default();
    match element {
        Type::Scalar(Scalar::Complex { bits: 64 }) => Value::Number(Number::Complex64(f64::from_bits(next()) as f32, f64::from_bits(next()) as f32)),
        Type::Scalar(Scalar::Complex { .. }) => Value::Number(Number::Complex(f64::from_bits(next()), f64::from_bits(next()))),
        Type::Scalar(Scalar::Float { bits: 32 }) => Value::Number(Number::F32(f64::from_bits(next()) as f32)),
        Type::Scalar(Scalar::Float { .. }) => Value::Number(Number::F64(f64::from_bits(next()))),
        // The low bytes of the word hold the value, truncated exactly (little-endian hosts).
        Type::Scalar(scalar) => Value::Number(unsafe { Number::read(*scalar, next().to_le_bytes().as_ptr()) }),
        Type::Tuple(elements, _) => Value::Tuple(elements.iter().map(|element| unsafe { element_value(element, words, arguments) }).collect()),
        Type::List(inner) => unsafe { list_value(next() as i64, inner, arguments) },
        Type::Instance(class) => unsafe { list_value(next() as i64, &class.tuple(), arguments) },
        Type::Dict(key, value) => unsafe { dict_value(next() as i64, key, value, arguments) },
        Type::Set(element) => unsafe { set_value(next() as i64, element, arguments) },
        Type::Unicode => Value::Str(unsafe { crate::strings::text_of(next() as i64) }.to_string()),
        Type::None => {
            next();
            Value::None
        }
        Type::Array(array) => {
            let descriptor: Vec<i64> = (0..3 + 2 * array.ndim).map(|_| next() as i64).collect();
            unsafe { descriptor_array(array.dtype, array.ndim, |index| descriptor[index], arguments, Holder::Element) }
        }
        _ => Value::None,
    }
}

/// The entries of dict `handle`, whose keys and values have types `key` and `value`.
///
/// # Safety
/// `handle` must be a live dict of this thread holding entries of those types.
pub unsafe fn dict_value(handle: i64, key: &Type, value: &Type, arguments: &[Argument]) -> Value {
    let entries = unsafe { crate::dicts::entries_of(handle) };
    let read = |words: Vec<u64>, part: &Type| unsafe { element_value(part, &mut words.into_iter(), arguments) };
    Value::Dict(entries.into_iter().map(|(key_words, value_words)| (read(key_words, key), read(value_words, value))).collect())
}

/// The members of set `handle`, whose members have type `element`.
///
/// # Safety
/// `handle` must be a live set of this thread holding members of that type.
pub unsafe fn set_value(handle: i64, element: &Type, arguments: &[Argument]) -> Value {
    let entries = unsafe { crate::dicts::entries_of(handle) };
    Value::Set(entries.into_iter().map(|(key, _)| unsafe { element_value(element, &mut key.into_iter(), arguments) }).collect())
}

/// The contents of list `handle`, whose elements have type `element`.
///
/// # Safety
/// `handle` must be a live list of this thread holding elements of that type.
pub unsafe fn list_value(handle: i64, element: &Type, arguments: &[Argument]) -> Value {
    let words = unsafe { crate::lists::words_of(handle) };
    let width = element.list_width().max(1);
    let mut words = words.into_iter();
    let count = words.len() / width;
    Value::List((0..count).map(|_| unsafe { element_value(element, &mut words, arguments) }).collect())
}

impl From<Number> for Argument {
    fn from(number: Number) -> Self {
        Argument::Number(number)
    }
}

/// Storage for the packed arguments of one call, as the packed wrapper of a function's C interface
/// (`llvm.emit_c_interface`) reads them: a scalar is one slot, an array is a slot holding a pointer
/// to its memref descriptor `(allocated, aligned, offset, sizes..., strides...)`, strides in elements.
/// Everything stays inline for common calls: a call allocates nothing.
#[derive(Default)]
pub struct PackedArguments {
    slots: SmallVec<[Slot; 8]>,
    /// The words of every array's descriptor, one after another.
    descriptor_words: SmallVec<[i64; 24]>,
    /// For each array argument: its slot and where its descriptor starts in `descriptor_words`.
    array_slots: SmallVec<[(usize, usize); 4]>,
    /// The handles of the lists and dicts made for such arguments, in order.
    pub container_handles: SmallVec<[i64; 2]>,
}

impl PackedArguments {
    /// Lays out `arguments` (built in place: the storage is large, and a call should not copy it).
    pub fn pack(&mut self, arguments: &[Argument]) -> Result<(), String> {
        let packed = self;
        for argument in arguments {
            match argument {
                Argument::Number(number) => packed.pack_numbers(&[*number]),
                Argument::None | Argument::Known(_) => {}
                Argument::Str(text) => packed.pack_numbers(&[Number::I64(crate::strings::intern(text))]),
                Argument::Tuple(elements) => packed.pack(elements)?,
                Argument::List(..) | Argument::Dict(..) | Argument::Set(..) => {
                    check_descriptors(argument)?;
                    let handle = match argument {
                        Argument::Dict(_, _, entries) => make_dict(entries),
                        Argument::Set(_, items) => make_set(items),
                        Argument::List(_, elements) => make_list(elements),
                        _ => unreachable!("matched a container"),
                    };
                    packed.container_handles.push(handle);
                    packed.pack_numbers(&[Number::I64(handle)]);
                }
                Argument::Array(array) => {
                    packed.array_slots.push((packed.slots.len(), packed.descriptor_words.len()));
                    packed.slots.push([0; 2]);
                    packed.descriptor_words.extend(array.descriptor()?);
                }
            }
        }
        Ok(())
    }

    /// Lays out scalar arguments.
    pub fn pack_numbers(&mut self, numbers: &[Number]) {
        self.slots.extend(numbers.iter().map(|number| number.slot()));
    }

    /// Pointers as `invoke_packed` takes them. A function whose C interface returns a struct takes
    /// a pointer to the struct first; one returning only the status takes room for it last.
    /// Array slots get their descriptors' addresses here, once `self` no longer moves.
    pub fn pointers(&mut self, result: *mut u8, result_is_struct: bool, result_slot: &mut *mut u8, pointers: &mut SmallVec<[*mut (); 16]>) {
        let words = self.descriptor_words.as_ptr();
        for &(slot, start) in &self.array_slots {
            self.slots[slot] = [unsafe { words.add(start) } as u64, 0];
        }
        if result_is_struct {
            *result_slot = result;
            pointers.push((result_slot as *mut *mut u8).cast());
        }
        pointers.extend(self.slots.iter_mut().map(|slot| slot.as_mut_ptr().cast()));
        if !result_is_struct {
            pointers.push(result.cast());
        }
    }
}

/// A result of a compiled call.
#[derive(Debug)]
pub enum Value {
    None,
    Number(Number),
    Tuple(Vec<Value>),
    /// Boxed, so that the common results (numbers) move cheaply.
    Array(Box<OwnedArray>),
    /// A list's elements.
    List(Vec<Value>),
    /// A dict's entries, in insertion order.
    Dict(Vec<(Value, Value)>),
    /// A set's members, in insertion order.
    Set(Vec<Value>),
    Str(String),
}

impl fmt::Display for Value {
    /// Python's `repr` for scalars, tuples and None; arrays print as `array(shape, dtype)`.
    fn fmt(&self, formatter: &mut fmt::Formatter) -> fmt::Result {
        match self {
            Value::None => write!(formatter, "None"),
            Value::Number(number) => write!(formatter, "{number}"),
            Value::Tuple(elements) => {
                write!(formatter, "(")?;
                for (index, element) in elements.iter().enumerate() {
                    if index > 0 {
                        write!(formatter, ", ")?;
                    }
                    write!(formatter, "{element}")?;
                }
                if elements.len() == 1 {
                    write!(formatter, ",")?;
                }
                write!(formatter, ")")
            }
            Value::Array(array) => write!(formatter, "{array}"),
            Value::List(elements) => {
                let parts: Vec<String> = elements.iter().map(ToString::to_string).collect();
                write!(formatter, "[{}]", parts.join(", "))
            }
            Value::Dict(entries) => {
                let parts: Vec<String> = entries.iter().map(|(key, value)| format!("{key}: {value}")).collect();
                write!(formatter, "{{{}}}", parts.join(", "))
            }
            Value::Str(text) => write!(formatter, "{}", rumba_frontend::python_repr(text)),
            Value::Set(members) if members.is_empty() => write!(formatter, "set()"),
            Value::Set(members) => {
                let parts: Vec<String> = members.iter().map(ToString::to_string).collect();
                write!(formatter, "{{{}}}", parts.join(", "))
            }
        }
    }
}

/// Memory compiled code allocated; freed when the last array over it is dropped.
#[derive(Debug)]
pub struct Allocation(*mut u8);

// The memory is reached only through the arrays that share this allocation.
unsafe impl Send for Allocation {}
unsafe impl Sync for Allocation {}

impl Drop for Allocation {
    fn drop(&mut self) {
        crate::memory::_mlir_memref_to_llvm_free(self.0.cast())
    }
}

/// An array from compiled code: over memory compiled code allocated (shared by every returned array
/// over the same allocation, freed with the last), or a view into an argument's memory.
#[derive(Debug)]
pub struct OwnedArray {
    allocation: Option<std::sync::Arc<Allocation>>,
    data: *mut u8,
    pub dtype: Scalar,
    pub shape: Vec<i64>,
    /// Strides in elements.
    pub strides: Vec<i64>,
    /// `Some(path)`: the array is a view into the memory of an argument's array (compiled code
    /// returned an argument or a slice of one), found at `path`: the argument's position, then the
    /// positions inside the tuples, lists and dicts (among the values) that hold it. The caller
    /// owns that memory: nothing is freed.
    pub borrowed_from: Option<Vec<usize>>,
}

// Compiled code keeps no reference to the buffer once it returned it.
unsafe impl Send for OwnedArray {}

impl OwnedArray {
    pub fn len(&self) -> usize {
        self.shape.iter().product::<i64>().max(0) as usize
    }

    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// The element at a multi-index.
    pub fn get(&self, index: &[i64]) -> Option<Number> {
        if index.len() != self.shape.len() || index.iter().zip(&self.shape).any(|(i, extent)| *i < 0 || i >= extent) {
            return None;
        }
        let offset: i64 = index.iter().zip(&self.strides).map(|(i, stride)| i * stride).sum();
        let pointer = unsafe { self.data.add((offset * self.dtype.size_in_bytes() as i64) as usize) };
        Some(unsafe { Number::read(self.dtype, pointer) })
    }

    /// Every element in row-major order, as f64.
    pub fn to_f64_vec(&self) -> Vec<f64> {
        let mut values = Vec::with_capacity(self.len());
        let mut index = vec![0i64; self.shape.len()];
        for _ in 0..self.len() {
            values.push(self.get(&index).map_or(f64::NAN, Number::as_f64));
            advance(&mut index, &self.shape);
        }
        values
    }

    /// A C-ordered copy, in memory of its own, of the `shape` elements at `data` `strides` apart.
    ///
    /// # Safety
    /// Every element addressed must be readable.
    unsafe fn copied(data: *const u8, dtype: Scalar, shape: &[i64], strides: &[i64]) -> Self {
        let size = dtype.size_in_bytes();
        let count = shape.iter().product::<i64>().max(0) as usize;
        let memory = unsafe { libc::malloc((count * size).max(1)) }.cast::<u8>();
        let mut index = vec![0i64; shape.len()];
        for position in 0..count {
            let offset: i64 = index.iter().zip(strides).map(|(i, stride)| i * stride).sum();
            unsafe { std::ptr::copy_nonoverlapping(data.offset(offset as isize * size as isize), memory.add(position * size), size) };
            advance(&mut index, shape);
        }
        let mut c_strides = vec![1i64; shape.len()];
        for dim in (0..shape.len().saturating_sub(1)).rev() {
            c_strides[dim] = c_strides[dim + 1] * shape[dim + 1].max(1);
        }
        Self { allocation: Some(std::sync::Arc::new(Allocation(memory))), data: memory, dtype, shape: shape.to_vec(), strides: c_strides, borrowed_from: None }
    }

    /// The data pointer and the allocation keeping it alive (none for a view of an argument, whose
    /// owner keeps the memory).
    pub fn into_raw_parts(self) -> (*mut u8, Option<std::sync::Arc<Allocation>>) {
        (self.data, self.allocation)
    }

    pub fn data(&self) -> *mut u8 {
        self.data
    }
}

/// The multi-index after `index` in C order (wrapping to zeros after the last).
fn advance(index: &mut [i64], shape: &[i64]) {
    for dim in (0..index.len()).rev() {
        index[dim] += 1;
        if index[dim] < shape[dim] {
            return;
        }
        index[dim] = 0;
    }
}

impl fmt::Display for OwnedArray {
    fn fmt(&self, formatter: &mut fmt::Formatter) -> fmt::Result {
        write!(formatter, "array(shape={:?}, dtype={})", self.shape, self.dtype.numba_name())
    }
}

/// Where each flat result sits in the struct compiled code returns: `{i32 status, results...}`.
pub struct ResultLayout {
    pub size: usize,
    fields: Vec<(usize, FieldKind)>,
}

#[derive(Clone, Copy)]
enum FieldKind {
    Scalar(Scalar),
    Array(Scalar, usize),
}

impl ResultLayout {
    pub fn new(return_type: &Type) -> Self {
        let mut kinds = Vec::new();
        collect_fields(return_type, &mut kinds);
        let mut offset = 4usize;
        let mut align_max = 4usize;
        let mut fields = Vec::new();
        for kind in kinds {
            let (size, align) = match kind {
                // A complex number is a struct of its two parts, aligned as one part.
                FieldKind::Scalar(scalar) => (scalar.size_in_bytes(), scalar.part().size_in_bytes().min(8)),
                FieldKind::Array(_, ndim) => (8 * (3 + 2 * ndim), 8),
            };
            offset = offset.next_multiple_of(align);
            fields.push((offset, kind));
            offset += size;
            align_max = align_max.max(align);
        }
        Self { size: offset.next_multiple_of(align_max), fields }
    }

    /// Where the first result lies in the struct, after the status.
    pub fn first_offset(&self) -> Option<usize> {
        self.fields.first().map(|(offset, _)| *offset)
    }

    /// Reads the results after a successful call, taking ownership of the arrays compiled code
    /// allocated; arrays that live in an argument's memory come back as views of it.
    ///
    /// # Safety
    /// `buffer` must hold the struct a call with this layout wrote, for these `arguments`.
    pub unsafe fn read(&self, return_type: &Type, buffer: &[u8], arguments: &[Argument]) -> Value {
        let mut fields = self.fields.iter();
        let mut allocations = Vec::new();
        unsafe { read_value(return_type, buffer, &mut fields, arguments, &mut allocations) }
    }

}

fn collect_fields(value_type: &Type, fields: &mut Vec<FieldKind>) {
    match value_type {
        Type::Scalar(scalar) => fields.push(FieldKind::Scalar(*scalar)),
        Type::List(_) | Type::Dict(..) | Type::Set(_) | Type::Unicode | Type::Instance(_) => fields.push(FieldKind::Scalar(Scalar::Int { bits: 64, signed: true })),
        Type::Array(array) => fields.push(FieldKind::Array(array.dtype, array.ndim)),
        Type::Tuple(elements, _) => elements.iter().for_each(|element| collect_fields(element, fields)),
        Type::Optional(held) => {
            fields.push(FieldKind::Scalar(Scalar::Bool));
            collect_fields(held, fields);
        }
        Type::None | Type::Str(_) | Type::DType(_) | Type::Function(_) | Type::Unknown => {}
    }
}

/// Reads one result; `allocations` are the allocations already met, so that arrays over the same
/// memory share one owner.
unsafe fn read_value<'l>(
    value_type: &Type,
    buffer: &[u8],
    fields: &mut impl Iterator<Item = &'l (usize, FieldKind)>,
    arguments: &[Argument],
    allocations: &mut Vec<std::sync::Arc<Allocation>>,
) -> Value {
    match value_type {
        Type::None | Type::Str(_) | Type::DType(_) | Type::Function(_) | Type::Unknown => Value::None,
        Type::Tuple(elements, _) => {
            Value::Tuple(elements.iter().map(|element| unsafe { read_value(element, buffer, fields, arguments, allocations) }).collect())
        }
        Type::Optional(held) => {
            let present = unsafe { read_value(&Type::Scalar(Scalar::Bool), buffer, fields, arguments, allocations) };
            if matches!(present, Value::Number(Number::Bool(true))) {
                unsafe { read_value(held, buffer, fields, arguments, allocations) }
            } else {
                // None holds no value: a container's handle is null, an array's words poison.
                let mut held_fields = Vec::new();
                collect_fields(held, &mut held_fields);
                for _ in &held_fields {
                    fields.next();
                }
                Value::None
            }
        }
        Type::List(_) | Type::Dict(..) | Type::Set(_) | Type::Unicode | Type::Instance(_) => {
            let Some(&(offset, _)) = fields.next() else { return Value::None };
            let handle = unsafe { buffer.as_ptr().add(offset).cast::<i64>().read_unaligned() };
            unsafe { container_value(handle, value_type, arguments) }
        }
        Type::Scalar(_) | Type::Array(_) => {
            let Some(&(offset, kind)) = fields.next() else { return Value::None };
            let base = unsafe { buffer.as_ptr().add(offset) };
            match kind {
                FieldKind::Scalar(scalar) => Value::Number(unsafe { Number::read(scalar, base) }),
                FieldKind::Array(dtype, ndim) => {
                    let word = |index: usize| unsafe { base.cast::<i64>().add(index).read_unaligned() };
                    unsafe { descriptor_array(dtype, ndim, word, arguments, Holder::Result(allocations)) }
                }
            }
        }
    }
}

/// Pushes the memory of every array among `arguments` (inside tuples, lists, dicts and sets too).
pub fn push_argument_memory(arguments: &[Argument], memory: &mut Vec<usize>) {
    arguments.iter().for_each(|argument| push_memory_of(argument, memory));
}

fn push_memory_of(argument: &Argument, memory: &mut Vec<usize>) {
    match argument {
        Argument::Array(array) => memory.push(array.data as usize),
        Argument::Tuple(elements) | Argument::List(_, elements) | Argument::Set(_, elements) => push_argument_memory(elements, memory),
        Argument::Dict(_, _, entries) => entries.iter().for_each(|(key, value)| {
            push_memory_of(key, memory);
            push_memory_of(value, memory);
        }),
        Argument::Number(_) | Argument::None | Argument::Known(_) | Argument::Str(_) => {}
    }
}

/// Where among `arguments` the array whose memory starts at `allocated` is: the argument's
/// position, then the positions inside the tuples, lists and dicts (among its values, in order)
/// that hold it.
fn argument_path(arguments: &[Argument], allocated: *mut u8) -> Option<Vec<usize>> {
    arguments.iter().enumerate().find_map(|(position, argument)| {
        let inner = match argument {
            Argument::Array(array) if array.data == allocated => return Some(vec![position]),
            Argument::Tuple(elements) | Argument::List(_, elements) => argument_path(elements, allocated)?,
            Argument::Dict(_, _, entries) => entries.iter().enumerate().find_map(|(entry, (_, value))| {
                argument_path(std::slice::from_ref(value), allocated).map(|inner| std::iter::once(entry).chain(inner.into_iter().skip(1)).collect::<Vec<_>>())
            })?,
            _ => return None,
        };
        Some(std::iter::once(position).chain(inner).collect())
    })
}

/// Who holds the reference to an array read from compiled code.
enum Holder<'a> {
    /// A result: the call handed its reference over, and arrays over one allocation share it
    /// (`allocations`, those already met).
    Result(&'a mut Vec<std::sync::Arc<Allocation>>),
    /// An element of a container, which holds the memory only until the call's end: a reference of
    /// its own.
    Element,
}

/// The array whose memref descriptor's words `word` gives, after a call with `arguments`: over
/// memory compiled code allocated, a view of an argument's array, or a copy (of a constant, or of
/// an array of an argument that `argument_path` does not reach).
///
/// # Safety
/// The descriptor must be of a live array of `dtype` and `ndim` dimensions.
unsafe fn descriptor_array(dtype: Scalar, ndim: usize, word: impl Fn(usize) -> i64, arguments: &[Argument], holder: Holder) -> Value {
    let element_offset = word(2);
    let data = unsafe { (word(1) as *mut u8).add((element_offset * dtype.size_in_bytes() as i64) as usize) };
    let allocated = word(0) as *mut u8;
    let shape: Vec<i64> = (0..ndim).map(|dim| word(3 + dim)).collect();
    let strides: Vec<i64> = (0..ndim).map(|dim| word(3 + ndim + dim)).collect();
    let borrowed_from = argument_path(arguments, allocated);
    if allocated as usize == crate::memory::CONSTANT_MEMORY || (borrowed_from.is_none() && crate::memory::is_argument_memory(allocated as usize)) {
        // A constant array (or a view of one) lives as long as the compiled code, and an
        // argument's array the caller cannot name is the caller's: a copy it owns.
        return Value::Array(Box::new(unsafe { OwnedArray::copied(data, dtype, &shape, &strides) }));
    }
    let allocation = borrowed_from.is_none().then(|| match holder {
        Holder::Result(allocations) => match allocations.iter().find(|allocation| allocation.0 == allocated) {
            Some(shared) => shared.clone(),
            None => {
                let owner = std::sync::Arc::new(Allocation(allocated));
                allocations.push(owner.clone());
                owner
            }
        },
        Holder::Element => {
            crate::memory::rumba_array_retain(allocated as usize);
            std::sync::Arc::new(Allocation(allocated))
        }
    });
    Value::Array(Box::new(OwnedArray { allocation, data, dtype, shape, strides, borrowed_from }))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn float_repr_matches_python() {
        for (value, text) in [
            (0.1, "0.1"),
            (1.0, "1.0"),
            (-0.0, "-0.0"),
            (1e16, "1e+16"),
            (1.5e-5, "1.5e-05"),
            (0.0001, "0.0001"),
            (123456789012345.6, "123456789012345.6"),
            (1.2345e300, "1.2345e+300"),
            (f64::INFINITY, "inf"),
            (2.5e-7, "2.5e-07"),
            (1e15, "1000000000000000.0"),
        ] {
            assert_eq!(float_repr(value), text, "{value:e}");
        }
    }

    #[test]
    fn result_layout_follows_c_rules() {
        let float32 = Scalar::Float { bits: 32 };
        let layout = ResultLayout::new(&Type::tuple(vec![Type::Scalar(Scalar::Bool), Type::Scalar(float32)]));
        assert_eq!(layout.fields.iter().map(|field| field.0).collect::<Vec<_>>(), vec![4, 8]);
        assert_eq!(layout.size, 12);
        let array = ArrayType::new(Scalar::Float { bits: 64 }, 2, Layout::C);
        let layout = ResultLayout::new(&Type::Array(array));
        assert_eq!(layout.fields[0].0, 8);
        assert_eq!(layout.size, 8 + 8 * 7);
    }
}
