//! Python's strings in compiled code (Numba's `unicode_type`): immutable, reached through a handle.
//!
//! Compiled code holds a string as an `i64` handle, the address of its [`Text`], and calls the
//! functions here for everything it does with one. A string lives in its thread's arena, as lists
//! do (`lists.rs`): it is freed when the outermost call returns.
//!
//! Every live string is interned: two live strings with the same text are one handle, whichever
//! thread made them. So a string is one word in lists, as a dict's key and as a set's member, and
//! equal keys are equal words. A string is held by the arena of each thread that made (or met) it
//! during its outermost call, once per thread, and freed when the last of them lets it go: a
//! string two threads share outlives either call. (The frontend refuses making strings in `prange`
//! bodies but for literals: a worker thread's arena is never released.)
//!
//! Indices and lengths count code points, as Python's do. The zero handle (a variable not yet
//! bound) reads as the empty string.

use rumba_frontend::strings::{pad, search, test, transform};
use std::{
    cell::RefCell,
    cmp::Ordering,
    collections::{HashMap, HashSet},
    sync::{LazyLock, Mutex, MutexGuard},
};

/// A string's text and its length in code points.
pub struct Text {
    text: Box<str>,
    length: usize,
}

/// The live strings by their text, with how many threads' arenas hold each. A key borrows its
/// `Text`'s box, and is removed before the box is freed.
static INTERNED: LazyLock<Mutex<HashMap<&'static str, (i64, usize)>>> = LazyLock::new(Mutex::default);

thread_local! {
    /// The strings this thread's arena holds.
    static HELD: RefCell<HashSet<i64>> = RefCell::new(HashSet::new());
}

fn interned() -> MutexGuard<'static, HashMap<&'static str, (i64, usize)>> {
    INTERNED.lock().unwrap_or_else(|poisoned| poisoned.into_inner())
}

/// Ends this thread's hold on the string at `address`; the last hold frees it.
unsafe fn release_hold(address: *mut u8) {
    HELD.with(|held| held.borrow_mut().remove(&(address as i64)));
    let mut interned = interned();
    // SAFETY: `address` is a `Text` that `intern` made and that is held, so not yet freed.
    let text: &'static str = unsafe { &*std::ptr::from_ref::<str>(&(*address.cast::<Text>()).text) };
    let Some((_, holders)) = interned.get_mut(text) else { return };
    *holders -= 1;
    if *holders == 0 {
        interned.remove(text);
        // SAFETY: the last hold, released once, here; the key borrowing the box is gone.
        drop(unsafe { Box::from_raw(address.cast::<Text>()) });
    }
}

/// The handle of the live string holding `text`, made if there is none, and held by this
/// thread's arena.
pub fn intern(text: &str) -> i64 {
    let mut interned = interned();
    let handle = match interned.get_mut(text) {
        Some((handle, holders)) => {
            if HELD.with(|held| held.borrow().contains(handle)) {
                return *handle;
            }
            *holders += 1;
            *handle
        }
        None => {
            let owned = Box::new(Text { text: text.into(), length: text.chars().count() });
            // SAFETY: the box stays where it is until its last hold ends, which removes this key first.
            let key: &'static str = unsafe { &*std::ptr::from_ref::<str>(&owned.text) };
            let handle = Box::into_raw(owned) as i64;
            interned.insert(key, (handle, 1));
            handle
        }
    };
    drop(interned);
    HELD.with(|held| held.borrow_mut().insert(handle));
    crate::arena::defer(handle as *mut u8, release_hold);
    handle
}

/// The string of `handle`.
///
/// # Safety
/// `handle` must be zero or a live string of compiled code.
pub unsafe fn text_of<'a>(handle: i64) -> &'a str {
    if handle == 0 {
        return "";
    }
    unsafe { &(*(handle as *const Text)).text }
}

/// The string of `handle`, which compiled code (or the runtime) passes live.
pub(crate) fn text<'a>(handle: i64) -> &'a str {
    // SAFETY: compiled code passes the handles of live strings.
    unsafe { text_of(handle) }
}

fn length(handle: i64) -> usize {
    if handle == 0 {
        return 0;
    }
    // SAFETY: as `text`.
    unsafe { (*(handle as *const Text)).length }
}

/// Whether every code point of `handle` is one byte, so that byte offsets are indices.
fn is_ascii(handle: i64) -> bool {
    length(handle) == text(handle).len()
}

/// The code point at index `index`. An index outside the string (whose `IndexError` is already in
/// flight: the rest of its statement still runs) reads U+0000.
fn char_at(handle: i64, index: i64) -> char {
    let Ok(index) = usize::try_from(index) else { return '\0' };
    match is_ascii(handle) {
        true => text(handle).as_bytes().get(index).map_or('\0', |&byte| char::from(byte)),
        false => text(handle).chars().nth(index).unwrap_or_default(),
    }
}

pub extern "C" fn rumba_str_len(string: i64) -> i64 {
    length(string) as i64
}

/// -1, 0 or 1 as `a` sorts before, with or after `b`: by code points, as Python orders strings
/// (UTF-8's byte order is code point order).
pub extern "C" fn rumba_str_compare(a: i64, b: i64) -> i64 {
    if a == b {
        return 0;
    }
    match text(a).cmp(text(b)) {
        Ordering::Less => -1,
        Ordering::Equal => 0,
        Ordering::Greater => 1,
    }
}

/// `string * count`: empty for a count below one.
pub extern "C" fn rumba_str_repeat(string: i64, count: i64) -> i64 {
    intern(&text(string).repeat(count.max(0) as usize))
}

/// `string[index]`, the index checked and made non-negative by the frontend.
pub extern "C" fn rumba_str_char(string: i64, index: i64) -> i64 {
    intern(char_at(string, index).encode_utf8(&mut [0; 4]))
}

/// `string[start:stop:step]` (`given` as `slices::slice_indices` takes it).
pub extern "C" fn rumba_str_slice(string: i64, start: i64, stop: i64, step: i64, given: i64) -> i64 {
    let (indices, start, stop) = crate::slices::slice_indices(length(string) as i64, start, stop, step, given);
    if step == 1 && is_ascii(string) {
        return intern(&text(string)[start as usize..stop.max(start) as usize]);
    }
    let chars: Vec<char> = text(string).chars().collect();
    intern(&indices.map(|index| chars[index as usize]).collect::<String>())
}

/// `ord(string)`, or -1 for a string that is not one character (Python's `TypeError`).
pub extern "C" fn rumba_str_ord(string: i64) -> i64 {
    match length(string) {
        1 => i64::from(u32::from(char_at(string, 0))),
        _ => -1,
    }
}

/// `chr(code)`, or zero for a code outside `range(0x110000)` (Python's `ValueError`). A surrogate
/// becomes U+FFFD: Rust's strings cannot hold one.
pub extern "C" fn rumba_str_chr(code: i64) -> i64 {
    match u32::try_from(code).ok().filter(|&code| code < 0x11_0000) {
        Some(code) => intern(char::from_u32(code).unwrap_or('\u{fffd}').encode_utf8(&mut [0; 4])),
        None => 0,
    }
}

/// `needle in string`, `string.find(needle)`, `rfind`, `count`, `startswith`, `endswith`: a truth
/// (0 or 1), a code point index (-1 where not found) or a count, as Python gives them.
pub extern "C" fn rumba_str_search(string: i64, needle: i64, what: i64) -> i64 {
    let (haystack, needle) = (text(string), text(needle));
    let index_of = |byte: usize| haystack[..byte].chars().count() as i64;
    match what {
        search::CONTAINS => i64::from(haystack.contains(needle)),
        search::FIND => haystack.find(needle).map_or(-1, index_of),
        search::RFIND => haystack.rfind(needle).map_or(-1, index_of),
        // Python counts an empty needle once more than there are code points.
        search::COUNT if needle.is_empty() => length(string) as i64 + 1,
        search::COUNT => haystack.matches(needle).count() as i64,
        search::STARTSWITH => i64::from(haystack.starts_with(needle)),
        search::ENDSWITH => i64::from(haystack.ends_with(needle)),
        _ => -1,
    }
}

/// `string.upper()`, `lower()`, `strip()`, `lstrip()`, `rstrip()`, `capitalize()`, `swapcase()`,
/// `title()`, with Unicode's case mappings (`"ß".upper()` is `"SS"`, as in Python).
pub extern "C" fn rumba_str_transform(string: i64, method: i64) -> i64 {
    let text = text(string);
    let changed: String = match method {
        transform::UPPER => text.to_uppercase(),
        transform::LOWER => text.to_lowercase(),
        transform::STRIP => text.trim().into(),
        transform::LSTRIP => text.trim_start().into(),
        transform::RSTRIP => text.trim_end().into(),
        transform::CAPITALIZE => {
            let mut chars = text.chars();
            chars.next().map(|first| first.to_uppercase().chain(chars.as_str().to_lowercase().chars()).collect()).unwrap_or_default()
        }
        transform::SWAPCASE => text.chars().flat_map(|c| if c.is_uppercase() { c.to_lowercase().collect::<Vec<_>>() } else { c.to_uppercase().collect() }).collect(),
        transform::TITLE => {
            let mut after_cased = false;
            let mut title = String::with_capacity(text.len());
            for c in text.chars() {
                match after_cased {
                    true => title.extend(c.to_lowercase()),
                    false => title.extend(c.to_uppercase()),
                }
                after_cased = c.is_alphabetic();
            }
            title
        }
        _ => text.into(),
    };
    intern(&changed)
}

/// `string.isdigit()` and the other tests: false on the empty string (but `isascii`), as Python's.
/// Exact on ASCII; beyond it, Unicode's properties as Rust's `char` reads them, which Python's
/// categories follow closely but not everywhere.
pub extern "C" fn rumba_str_test(string: i64, which: i64) -> i64 {
    let text = text(string);
    let all = |test: fn(char) -> bool| !text.is_empty() && text.chars().all(test);
    let cased = |wanted: fn(char) -> bool, other: fn(char) -> bool| text.chars().any(wanted) && !text.chars().any(other);
    i64::from(match which {
        test::ISDIGIT => all(|c| c.is_ascii_digit() || (!c.is_ascii() && c.is_numeric())),
        test::ISALPHA => all(char::is_alphabetic),
        test::ISALNUM => all(char::is_alphanumeric),
        test::ISSPACE => all(char::is_whitespace),
        test::ISUPPER => cased(char::is_uppercase, char::is_lowercase),
        test::ISLOWER => cased(char::is_lowercase, char::is_uppercase),
        test::ISASCII => text.is_ascii(),
        test::ISNUMERIC => all(char::is_numeric),
        test::ISDECIMAL => all(|c| c.is_ascii_digit() || (!c.is_ascii() && c.is_numeric())),
        test::ISTITLE => {
            // Cased characters: upper case only after an uncased one, lower case only after a
            // cased one; at least one.
            let (mut after_cased, mut any_cased) = (false, false);
            text.chars().all(|c| {
                let fits = match (c.is_uppercase(), c.is_lowercase()) {
                    (true, _) => !after_cased,
                    (_, true) => after_cased,
                    _ => true,
                };
                after_cased = c.is_uppercase() || c.is_lowercase();
                any_cased |= after_cased;
                fits
            }) && any_cased
        }
        _ => false,
    })
}

/// `string.strip(characters)` (`lstrip`, `rstrip` as `transform` names them).
pub extern "C" fn rumba_str_strip(string: i64, characters: i64, which: i64) -> i64 {
    let (text, characters) = (text(string), text(characters));
    let stripped = |c: char| characters.contains(c);
    intern(match which {
        transform::LSTRIP => text.trim_start_matches(stripped),
        transform::RSTRIP => text.trim_end_matches(stripped),
        _ => text.trim_matches(stripped),
    })
}

/// `string.ljust(width, fill)`, `rjust`, `center` and `zfill(width)` (`pad` names them), as
/// Python pads; the zero handle where `fill` is not one character (Python's `TypeError`).
pub extern "C" fn rumba_str_pad(string: i64, width: i64, fill: i64, how: i64) -> i64 {
    let mut fill_chars = text(fill).chars();
    let (Some(fill), None) = (fill_chars.next(), fill_chars.next()) else { return 0 };
    let text = text(string);
    let margin = usize::try_from(width).unwrap_or(0).saturating_sub(length(string));
    let filled = |count: usize| fill.to_string().repeat(count);
    intern(&match how {
        pad::LJUST => format!("{text}{}", filled(margin)),
        pad::RJUST => format!("{}{text}", filled(margin)),
        pad::CENTER => {
            let left = margin / 2 + (margin & usize::try_from(width).unwrap_or(0) & 1);
            format!("{}{text}{}", filled(left), filled(margin - left))
        }
        _ => match text.strip_prefix(['+', '-']) {
            Some(digits) => format!("{}{}{digits}", &text[..1], filled(margin)),
            None => format!("{}{text}", filled(margin)),
        },
    })
}

/// Part `part` (0, 1 or 2) of `string.partition(separator)` (`rpartition` where `from_right`); the
/// zero handle for an empty separator (Python's `ValueError`).
pub extern "C" fn rumba_str_partition(string: i64, separator: i64, from_right: i64, part: i64) -> i64 {
    let (text, separator) = (text(string), text(separator));
    if separator.is_empty() {
        return 0;
    }
    let found = if from_right != 0 { text.rfind(separator) } else { text.find(separator) };
    let parts = match (found, from_right != 0) {
        (Some(at), _) => [&text[..at], separator, &text[at + separator.len()..]],
        (None, false) => [text, "", ""],
        (None, true) => ["", "", text],
    };
    intern(parts[part.clamp(0, 2) as usize])
}

/// `string.replace(old, new, count)`: every occurrence for a negative count.
pub extern "C" fn rumba_str_replace(string: i64, old: i64, new: i64, count: i64) -> i64 {
    let (text, old, new) = (text(string), text(old), text(new));
    match usize::try_from(count) {
        Ok(count) => intern(&text.replacen(old, new, count)),
        Err(_) => intern(&text.replace(old, new)),
    }
}

/// Whether `c` is white space to Python's `str.strip()`, `int()` and `float()`: Unicode's, and the
/// separators U+001C to U+001F.
fn is_python_space(c: char) -> bool {
    c.is_whitespace() || ('\u{1c}'..='\u{1f}').contains(&c)
}

/// The integer `int(text, base)` reads: `Err(true)` where it does not fit `int64`, `Err(false)`
/// where Python's `int()` refuses the text. As CPython: white space around, a sign, the base's
/// prefix (any of `0x`, `0o`, `0b` for base 0, where other numbers may not start with `0`),
/// single underscores between digits (and after a prefix).
fn parse_int(text: &str, base: i64) -> Result<i64, bool> {
    if base != 0 && !(2..=36).contains(&base) {
        return Err(false);
    }
    let text = text.trim_matches(is_python_space);
    let (negative, digits) = match text.strip_prefix('-') {
        Some(digits) => (true, digits),
        None => (false, text.strip_prefix('+').unwrap_or(text)),
    };
    let prefix = match digits.as_bytes() {
        [b'0', letter, ..] => match (letter.to_ascii_lowercase(), base) {
            (b'x', 0 | 16) => Some(16),
            (b'o', 0 | 8) => Some(8),
            (b'b', 0 | 2) => Some(2),
            _ => None,
        },
        _ => None,
    };
    let (radix, digits) = match prefix {
        Some(radix) => (radix, &digits[2..]),
        None => (if base == 0 { 10 } else { base as u32 }, digits),
    };
    let (mut magnitude, mut after_digit, mut any, mut too_large) = (0u64, prefix.is_some(), false, false);
    for c in digits.chars() {
        if c == '_' && after_digit {
            after_digit = false;
            continue;
        }
        let digit = c.to_digit(radix).ok_or(false)?;
        match magnitude.checked_mul(u64::from(radix)).and_then(|shifted| shifted.checked_add(u64::from(digit))) {
            Some(value) => magnitude = value,
            None => too_large = true,
        }
        (after_digit, any) = (true, true);
    }
    if !any || !after_digit || (base == 0 && prefix.is_none() && digits.starts_with('0') && magnitude != 0) {
        return Err(false);
    }
    match negative {
        true if magnitude <= 1 << 63 && !too_large => Ok(0i64.wrapping_sub_unsigned(magnitude)),
        false if magnitude < 1 << 63 && !too_large => Ok(magnitude as i64),
        _ => Err(true),
    }
}

/// The number `float(text)` reads, `None` where Python's `float()` refuses the text: white space
/// around, a sign, digits with single underscores between them, a fraction and an exponent, or
/// `inf`, `infinity`, `nan` in any case; correctly rounded.
fn parse_float(text: &str) -> Option<f64> {
    let text = text.trim_matches(is_python_space);
    let unsigned = text.strip_prefix(['+', '-']).unwrap_or(text);
    let special = unsigned.to_ascii_lowercase();
    if matches!(special.as_str(), "inf" | "infinity" | "nan") {
        let value = if special == "nan" { f64::NAN } else { f64::INFINITY };
        return Some(if text.starts_with('-') { -value } else { value });
    }
    let mut plain = String::with_capacity(text.len());
    let mut characters = text.chars().peekable();
    let mut previous = None;
    while let Some(c) = characters.next() {
        match c {
            '_' if previous.is_some_and(|previous: char| previous.is_ascii_digit()) && characters.peek().is_some_and(char::is_ascii_digit) => {}
            '0'..='9' | '+' | '-' | '.' | 'e' | 'E' => plain.push(c),
            _ => return None,
        }
        previous = Some(c);
    }
    // Rust reads the same grammar without underscores (`inf` and `nan` are taken above).
    plain.parse().ok()
}

/// `int(string, base)`: zero where `rumba_str_int_error` reports an error.
pub extern "C" fn rumba_str_to_int(string: i64, base: i64) -> i64 {
    parse_int(text(string), base).unwrap_or(0)
}

/// `float(string)`: NaN where `rumba_str_float_error` reports an error.
pub extern "C" fn rumba_str_to_float(string: i64) -> f64 {
    parse_float(text(string)).unwrap_or(f64::NAN)
}

/// Why `int(string, base)` fails: zero where it does not, 1 where the integer does not fit
/// `int64` (`OverflowError`), else the handle of the message of the `ValueError` CPython raises
/// (no handle is 1: they are addresses).
pub extern "C" fn rumba_str_int_error(string: i64, base: i64) -> i64 {
    if base != 0 && !(2..=36).contains(&base) {
        return intern("int() base must be >= 2 and <= 36, or 0");
    }
    let literal = text(string);
    match parse_int(literal, base) {
        Ok(_) => 0,
        Err(true) => 1,
        // CPython writes at most 200 characters of the literal's repr.
        Err(false) => intern(&format!("invalid literal for int() with base {base}: {}", rumba_frontend::python_repr(literal).chars().take(200).collect::<String>())),
    }
}

/// Why `float(string)` fails: zero where it does not, else the handle of the message of the
/// `ValueError` CPython raises.
pub extern "C" fn rumba_str_float_error(string: i64) -> i64 {
    let literal = text(string);
    match parse_float(literal) {
        Some(_) => 0,
        None => intern(&format!("could not convert string to float: {}", rumba_frontend::python_repr(literal))),
    }
}

/// `hash(string)`: equal strings hash equal within a process (CPython's own value depends on
/// `PYTHONHASHSEED`); never -1, as CPython's.
pub extern "C" fn rumba_str_hash(string: i64) -> i64 {
    use std::hash::{Hash, Hasher};
    let mut hasher = std::hash::DefaultHasher::new();
    text(string).hash(&mut hasher);
    match hasher.finish() as i64 {
        -1 => -2,
        hash => hash,
    }
}

pub fn symbols() -> [(&'static str, *mut std::ffi::c_void); 19] {
    [
        ("rumba_str_len", rumba_str_len as *mut std::ffi::c_void),
        ("rumba_str_compare", rumba_str_compare as *mut std::ffi::c_void),
        ("rumba_str_repeat", rumba_str_repeat as *mut std::ffi::c_void),
        ("rumba_str_char", rumba_str_char as *mut std::ffi::c_void),
        ("rumba_str_slice", rumba_str_slice as *mut std::ffi::c_void),
        ("rumba_str_ord", rumba_str_ord as *mut std::ffi::c_void),
        ("rumba_str_chr", rumba_str_chr as *mut std::ffi::c_void),
        ("rumba_str_search", rumba_str_search as *mut std::ffi::c_void),
        ("rumba_str_transform", rumba_str_transform as *mut std::ffi::c_void),
        ("rumba_str_test", rumba_str_test as *mut std::ffi::c_void),
        ("rumba_str_replace", rumba_str_replace as *mut std::ffi::c_void),
        ("rumba_str_strip", rumba_str_strip as *mut std::ffi::c_void),
        ("rumba_str_pad", rumba_str_pad as *mut std::ffi::c_void),
        ("rumba_str_partition", rumba_str_partition as *mut std::ffi::c_void),
        ("rumba_str_to_int", rumba_str_to_int as *mut std::ffi::c_void),
        ("rumba_str_to_float", rumba_str_to_float as *mut std::ffi::c_void),
        ("rumba_str_int_error", rumba_str_int_error as *mut std::ffi::c_void),
        ("rumba_str_float_error", rumba_str_float_error as *mut std::ffi::c_void),
        ("rumba_str_hash", rumba_str_hash as *mut std::ffi::c_void),
    ]
}
