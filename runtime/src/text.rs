//! Text compiled code writes: `print`, strings made of values (f-strings, `str(x)`, `+`) and
//! exception messages that carry run-time values.
//!
//! Compiled code appends to a buffer of its thread piece by piece (`rumba_text` for literal text,
//! `rumba_format_*` for a value with a format spec), then writes the buffer out
//! (`rumba_print_flush`: one whole line at a time, so threads never interleave within a line),
//! makes it a string (`rumba_str_take`) or makes it the message of the exception it is about to
//! raise (`rumba_raise_message`).
//!
//! Numbers come out as CPython writes them: `str` is `repr` (the shortest digits that read back,
//! fixed notation from 1e-4 up to 1e16), and a spec follows Python's format mini-language. Where
//! the text goes and how arrays are written are hooks: standard output and a nested-list form by
//! default; the Python extension sends text to `sys.stdout` and writes arrays with NumPy's `str`.

use rumba_frontend::{format_spec::NumberKind, types::Scalar, FormatSpec, Type};
use std::{
    cell::RefCell,
    fmt::Write,
    sync::{Mutex, RwLock},
};

/// An array compiled code prints: `shape` and `strides` (in elements) of `dtype` elements from `data`.
pub struct ArrayText<'a> {
    pub dtype: Scalar,
    pub data: *const u8,
    pub shape: &'a [i64],
    pub strides: &'a [i64],
}

type Output = Box<dyn Fn(&str) + Send + Sync>;
type ArrayFormatter = Box<dyn Fn(&ArrayText) -> String + Send + Sync>;

static OUTPUT: RwLock<Option<Output>> = RwLock::new(None);
static ARRAY_FORMATTER: RwLock<Option<ArrayFormatter>> = RwLock::new(None);
/// The message of an exception raised on a worker thread of a parallel loop, with its raise site's
/// code: the thread that called the function (and reads the message) is another.
static PARALLEL_MESSAGE: Mutex<Option<(i32, String)>> = Mutex::new(None);

thread_local! {
    static BUFFER: RefCell<String> = const { RefCell::new(String::new()) };
    static MESSAGE: RefCell<Option<(i32, String)>> = const { RefCell::new(None) };
}

unsafe extern "C" {
    fn omp_in_parallel() -> i32;
}

/// Sends what `print` writes in compiled code to `output` (standard output until this is called).
pub fn set_output(output: impl Fn(&str) + Send + Sync + 'static) {
    *OUTPUT.write().unwrap_or_else(|poisoned| poisoned.into_inner()) = Some(Box::new(output));
}

/// Writes arrays that compiled code prints with `formatter`.
pub fn set_array_formatter(formatter: impl Fn(&ArrayText) -> String + Send + Sync + 'static) {
    *ARRAY_FORMATTER.write().unwrap_or_else(|poisoned| poisoned.into_inner()) = Some(Box::new(formatter));
}

/// The message compiled code formatted for the exception of raise site `code`, if it formatted one.
pub fn take_message(code: i32) -> Option<String> {
    let local = MESSAGE.with(|message| message.borrow_mut().take());
    let shared = || PARALLEL_MESSAGE.lock().unwrap_or_else(|poisoned| poisoned.into_inner()).take();
    [local, shared()].into_iter().flatten().find(|(site, _)| *site == code).map(|(_, message)| message)
}

fn append(text: &str) {
    BUFFER.with(|buffer| buffer.borrow_mut().push_str(text));
}

/// The UTF-8 text of `length` bytes at `text`.
///
/// # Safety
/// The bytes must be readable; compiled code passes its constant strings, which the frontend wrote.
unsafe fn text_at<'a>(text: *const u8, length: i64) -> &'a str {
    if length <= 0 {
        return "";
    }
    std::str::from_utf8(unsafe { std::slice::from_raw_parts(text, length as usize) }).unwrap_or("<text that is not UTF-8>")
}

/// Formats with `spec`, which the frontend checked against the value's type when it compiled the
/// call; a spec it could not check is written as Python's error text rather than lost.
fn append_formatted(spec: *const u8, spec_length: i64, kind: NumberKind, format: impl FnOnce(&FormatSpec) -> Result<String, String>) {
    let spec = unsafe { text_at(spec, spec_length) };
    let text = FormatSpec::parse(spec, kind).and_then(|spec| format(&spec)).unwrap_or_else(|error| format!("<{error}>"));
    append(&text);
}

pub extern "C" fn rumba_text(text: *const u8, length: i64) {
    append(unsafe { text_at(text, length) });
}

/// Python's `repr` of the list, dict or set `handle`, of the type `type_text` names.
pub extern "C" fn rumba_format_container(handle: i64, type_text: *const u8, length: i64) {
    let container = rumba_frontend::parse_type(unsafe { text_at(type_text, length) }).unwrap_or(Type::Unknown);
    // SAFETY: compiled code passes a live container of this thread with the type it was typed as.
    append(&unsafe { crate::abi::container_value(handle, &container, &[]) }.to_string());
}

/// `format(string, spec)` of the string `handle`.
pub extern "C" fn rumba_format_str(handle: i64, spec: *const u8, spec_length: i64) {
    // SAFETY: compiled code passes a live string.
    let text = unsafe { crate::strings::text_of(handle) };
    append_formatted(spec, spec_length, NumberKind::Str, |spec| Ok(spec.format_str(text)));
}

pub extern "C" fn rumba_format_int(value: i64, spec: *const u8, spec_length: i64) {
    append_formatted(spec, spec_length, NumberKind::Int, |spec| spec.format_int(i128::from(value)));
}

pub extern "C" fn rumba_format_uint(value: u64, spec: *const u8, spec_length: i64) {
    append_formatted(spec, spec_length, NumberKind::Int, |spec| spec.format_int(i128::from(value)));
}

pub extern "C" fn rumba_format_bool(value: bool, spec: *const u8, spec_length: i64) {
    append_formatted(spec, spec_length, NumberKind::Int, |spec| spec.format_bool(value));
}

pub extern "C" fn rumba_format_f64(value: f64, spec: *const u8, spec_length: i64) {
    append_formatted(spec, spec_length, NumberKind::Float, |spec| spec.format_float(value, false));
}

pub extern "C" fn rumba_format_f32(value: f32, spec: *const u8, spec_length: i64) {
    append_formatted(spec, spec_length, NumberKind::Float, |spec| spec.format_float(f64::from(value), true));
}

pub extern "C" fn rumba_format_complex(real: f64, imaginary: f64, spec: *const u8, spec_length: i64) {
    append_formatted(spec, spec_length, NumberKind::Complex, |spec| spec.format_complex(real, imaginary, false));
}

/// Appends the array a ranked memref descriptor of `rank` dimensions describes (see
/// `reductions::sum`), written by the array hook.
///
/// # Safety
/// `descriptor` must describe a live array of `dtype`.
unsafe fn format_array(dtype: Scalar, rank: i64, descriptor: *const i64) {
    let rank = rank as usize;
    let words = unsafe { std::slice::from_raw_parts(descriptor, 3 + 2 * rank) };
    let data = unsafe { (words[1] as *const u8).offset(words[2] as isize * dtype.size_in_bytes() as isize) };
    let array = ArrayText { dtype, data, shape: &words[3..3 + rank], strides: &words[3 + rank..] };
    let text = match &*ARRAY_FORMATTER.read().unwrap_or_else(|poisoned| poisoned.into_inner()) {
        Some(formatter) => formatter(&array),
        None => nested_list(&array),
    };
    append(&text);
}

/// `[[1.0 2.0] [3.0 4.0]]`: NumPy's brackets with each element's `str`.
fn nested_list(array: &ArrayText) -> String {
    fn write_axis(array: &ArrayText, axis: usize, offset: isize, text: &mut String) {
        text.push('[');
        for index in 0..array.shape[axis] {
            if index > 0 {
                text.push(' ');
            }
            let at = offset + index as isize * array.strides[axis] as isize;
            if axis + 1 < array.shape.len() {
                write_axis(array, axis + 1, at, text);
            } else {
                // SAFETY: `at` is an element of the array the descriptor describes.
                let element = unsafe { array.data.offset(at * array.dtype.size_in_bytes() as isize) };
                let _ = write!(text, "{}", unsafe { element_text(array.dtype, element) });
            }
        }
        text.push(']');
    }
    if array.shape.is_empty() {
        return unsafe { element_text(array.dtype, array.data) };
    }
    let mut text = String::new();
    write_axis(array, 0, 0, &mut text);
    text
}

/// The `str` of the element of type `dtype` at `element`.
///
/// # Safety
/// `element` must point at a readable element of `dtype`.
unsafe fn element_text(dtype: Scalar, element: *const u8) -> String {
    let plain = FormatSpec::default();
    let text = unsafe {
        match dtype {
            Scalar::Bool => plain.format_bool(element.read() != 0),
            Scalar::Int { bits, signed: true } => plain.format_int(match bits {
                8 => i128::from(element.cast::<i8>().read()),
                16 => i128::from(element.cast::<i16>().read_unaligned()),
                32 => i128::from(element.cast::<i32>().read_unaligned()),
                _ => i128::from(element.cast::<i64>().read_unaligned()),
            }),
            Scalar::Int { bits, signed: false } => plain.format_int(match bits {
                8 => i128::from(element.read()),
                16 => i128::from(element.cast::<u16>().read_unaligned()),
                32 => i128::from(element.cast::<u32>().read_unaligned()),
                _ => i128::from(element.cast::<u64>().read_unaligned()),
            }),
            Scalar::Float { bits: 32 } => plain.format_float(f64::from(element.cast::<f32>().read_unaligned()), true),
            Scalar::Float { .. } => plain.format_float(element.cast::<f64>().read_unaligned(), false),
            Scalar::Complex { bits: 64 } => plain.format_complex(f64::from(element.cast::<f32>().read_unaligned()), f64::from(element.cast::<f32>().add(1).read_unaligned()), true),
            Scalar::Complex { .. } => plain.format_complex(element.cast::<f64>().read_unaligned(), element.cast::<f64>().add(1).read_unaligned(), false),
        }
    };
    text.unwrap_or_default()
}

macro_rules! array_formatters {
    ($($name:ident => $dtype:expr),* $(,)?) => {
        $(
            /// # Safety
            /// `descriptor` must describe a live array of this element type.
            pub unsafe extern "C" fn $name(rank: i64, descriptor: *const i64) {
                unsafe { format_array($dtype, rank, descriptor) }
            }
        )*
        /// The array formatters by symbol name, for the JIT's symbol table.
        fn array_symbols() -> Vec<(&'static str, *mut std::ffi::c_void)> {
            vec![$((stringify!($name), $name as *mut std::ffi::c_void)),*]
        }
    };
}

array_formatters! {
    rumba_format_array_i1 => Scalar::Bool,
    rumba_format_array_si8 => Scalar::Int { bits: 8, signed: true },
    rumba_format_array_si16 => Scalar::Int { bits: 16, signed: true },
    rumba_format_array_si32 => Scalar::Int { bits: 32, signed: true },
    rumba_format_array_si64 => Scalar::Int { bits: 64, signed: true },
    rumba_format_array_ui8 => Scalar::Int { bits: 8, signed: false },
    rumba_format_array_ui16 => Scalar::Int { bits: 16, signed: false },
    rumba_format_array_ui32 => Scalar::Int { bits: 32, signed: false },
    rumba_format_array_ui64 => Scalar::Int { bits: 64, signed: false },
    rumba_format_array_f32 => Scalar::Float { bits: 32 },
    rumba_format_array_f64 => Scalar::Float { bits: 64 },
    rumba_format_array_c64 => Scalar::Complex { bits: 64 },
    rumba_format_array_c128 => Scalar::Complex { bits: 128 },
}

/// Writes the thread's buffer out and empties it.
pub extern "C" fn rumba_print_flush() {
    let text = BUFFER.with(|buffer| std::mem::take(&mut *buffer.borrow_mut()));
    match &*OUTPUT.read().unwrap_or_else(|poisoned| poisoned.into_inner()) {
        Some(output) => output(&text),
        None => {
            use std::io::Write;
            let mut stdout = std::io::stdout().lock();
            let _ = stdout.write_all(text.as_bytes());
            let _ = stdout.flush();
        }
    }
}

/// The thread's buffer as a string (emptied).
pub extern "C" fn rumba_str_take() -> i64 {
    BUFFER.with(|buffer| {
        let mut buffer = buffer.borrow_mut();
        let handle = crate::strings::intern(&buffer);
        buffer.clear();
        handle
    })
}

/// Makes the thread's buffer the message of the exception raise site `code` raises next.
pub extern "C" fn rumba_raise_message(code: i32) {
    let message = (code, BUFFER.with(|buffer| std::mem::take(&mut *buffer.borrow_mut())));
    if unsafe { omp_in_parallel() } != 0 {
        *PARALLEL_MESSAGE.lock().unwrap_or_else(|poisoned| poisoned.into_inner()) = Some(message);
    } else {
        MESSAGE.with(|slot| *slot.borrow_mut() = Some(message));
    }
}

/// The formatting functions by symbol name, for the JIT's symbol table.
pub fn symbols() -> Vec<(&'static str, *mut std::ffi::c_void)> {
    let mut symbols: Vec<(&'static str, *mut std::ffi::c_void)> = vec![
        ("rumba_text", rumba_text as *mut std::ffi::c_void),
        ("rumba_format_container", rumba_format_container as *mut std::ffi::c_void),
        ("rumba_format_str", rumba_format_str as *mut std::ffi::c_void),
        ("rumba_str_take", rumba_str_take as *mut std::ffi::c_void),
        ("rumba_format_int", rumba_format_int as *mut std::ffi::c_void),
        ("rumba_format_uint", rumba_format_uint as *mut std::ffi::c_void),
        ("rumba_format_bool", rumba_format_bool as *mut std::ffi::c_void),
        ("rumba_format_f64", rumba_format_f64 as *mut std::ffi::c_void),
        ("rumba_format_f32", rumba_format_f32 as *mut std::ffi::c_void),
        ("rumba_format_complex", rumba_format_complex as *mut std::ffi::c_void),
        ("rumba_print_flush", rumba_print_flush as *mut std::ffi::c_void),
        ("rumba_raise_message", rumba_raise_message as *mut std::ffi::c_void),
    ];
    symbols.extend(array_symbols());
    symbols
}
