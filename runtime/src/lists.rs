//! Python's lists in compiled code: growable vectors of 64-bit words, reached through a handle.
//!
//! Compiled code holds a list as an `i64` handle (the address of its [`List`]); it reads, writes
//! and appends words in place and calls the functions here for the rest. An element is `width` words, as the
//! frontend lays its type out: an integer or bool sign-extended to a word, a float as the bits of a
//! float64, a complex number as two such words, a tuple as its elements' words one after another, a
//! list as its handle. Indices arrive checked and non-negative; only `insert` and slicing clamp,
//! as Python does.
//!
//! Every list belongs to the thread that made it, in its arena (`arena.rs`): it lives as long as
//! the outermost call. `str.split` and `str.join`, which make and read lists of strings, are here.

use crate::{
    arena::adopt,
    strings::{intern, rumba_str_compare, text},
};
use rumba_frontend::{SORT_SIGNED, SORT_TEXT, SORT_UNSIGNED};

/// A list's words, laid out as C lays out `{ uint64_t *data; int64_t length; int64_t capacity; }`:
/// compiled code reads, writes and appends to them in place (the module's own `rumba_list_get`,
/// `rumba_list_set`, `rumba_list_push` and `rumba_list_len`, `frontend/src/emit/list_access.rs`),
/// calling [`rumba_list_grow`] only when an append needs room. The buffer is a `Vec`'s, taken apart.
#[repr(C)]
pub struct List {
    data: *mut u64,
    length: usize,
    capacity: usize,
}

impl List {
    fn new(words: Vec<u64>) -> List {
        let mut words = std::mem::ManuallyDrop::new(words);
        List { data: words.as_mut_ptr(), length: words.len(), capacity: words.capacity() }
    }
}

impl Drop for List {
    fn drop(&mut self) {
        // SAFETY: the fields are those of a `Vec` taken apart (`List::new`, `Words::drop`).
        drop(unsafe { Vec::from_raw_parts(self.data, self.length, self.capacity) });
    }
}

/// A list's words as a `Vec` while Rust changes them; put back into the list when dropped.
struct Words<'a> {
    list: &'a mut List,
    words: std::mem::ManuallyDrop<Vec<u64>>,
}

impl std::ops::Deref for Words<'_> {
    type Target = Vec<u64>;
    fn deref(&self) -> &Vec<u64> {
        &self.words
    }
}

impl std::ops::DerefMut for Words<'_> {
    fn deref_mut(&mut self) -> &mut Vec<u64> {
        &mut self.words
    }
}

impl Drop for Words<'_> {
    fn drop(&mut self) {
        (self.list.data, self.list.length, self.list.capacity) = (self.words.as_mut_ptr(), self.words.len(), self.words.capacity());
    }
}

/// The words of list `handle`; none for a list that was never made (the zero handle an unbound
/// variable holds), which reads as empty and takes no writes.
///
/// # Safety
/// `handle` must be zero or a list of this thread's arena that is still alive, and no other
/// `Words` of it may be alive.
unsafe fn words<'a>(handle: i64) -> Option<Words<'a>> {
    (handle != 0).then(|| {
        let list = unsafe { &mut *(handle as *mut List) };
        // SAFETY: the fields are those of a `Vec` taken apart, which this `Words` owns until dropped.
        let words = std::mem::ManuallyDrop::new(unsafe { Vec::from_raw_parts(list.data, list.length, list.capacity) });
        Words { list, words }
    })
}

/// A new list holding `words`, in this thread's arena.
pub fn from_words(words: Vec<u64>) -> i64 {
    adopt(List::new(words))
}

/// The words of list `handle`.
///
/// # Safety
/// `handle` must be a list of this thread's arena that is still alive.
pub unsafe fn words_of(handle: i64) -> Vec<u64> {
    unsafe { words(handle) }.map(|words| words.to_vec()).unwrap_or_default()
}

pub extern "C" fn rumba_list_new() -> i64 {
    from_words(Vec::new())
}

/// Room for one more word in list `handle` (not the zero handle), for an append compiled code
/// makes in place.
pub extern "C" fn rumba_list_len(list: i64, width: i64) -> i64 {
    unsafe { words(list) }.map_or(0, |words| words.len() as i64 / width.max(1))
}

pub extern "C" fn rumba_list_grow(list: i64) {
    if let Some(mut words) = unsafe { words(list) } {
        words.reserve(1);
    }
}

/// Opens a zeroed element at `index`, clamped as `list.insert` clamps (negative from the end);
/// returns the index it opened.
pub extern "C" fn rumba_list_insert(list: i64, index: i64, width: i64) -> i64 {
    let Some(mut words) = (unsafe { words(list) }) else { return 0 };
    let length = words.len() as i64 / width.max(1);
    let index = if index < 0 { (index + length).max(0) } else { index.min(length) };
    let start = (index * width) as usize;
    words.splice(start..start, std::iter::repeat_n(0, width as usize));
    index
}

/// Removes the element at `index` (nothing outside the list).
pub extern "C" fn rumba_list_delete(list: i64, index: i64, width: i64) {
    let Some(mut words) = (unsafe { words(list) }) else { return };
    let start = (index * width) as usize;
    if index >= 0 && start + width as usize <= words.len() {
        words.drain(start..start + width as usize);
    }
}

pub extern "C" fn rumba_list_clear(list: i64) {
    if let Some(mut words) = unsafe { words(list) } {
        words.clear();
    }
}

pub extern "C" fn rumba_list_reverse(list: i64, width: i64) {
    let Some(mut words) = (unsafe { words(list) }) else { return };
    let reversed: Vec<u64> = words.chunks(width.max(1) as usize).rev().flatten().copied().collect();
    *words = reversed;
}

/// Appends the elements of `other` (which may be `list` itself).
pub extern "C" fn rumba_list_extend(list: i64, other: i64) {
    let appended = unsafe { words_of(other) };
    if let Some(mut words) = unsafe { words(list) } {
        words.extend(appended);
    }
}

pub extern "C" fn rumba_list_copy(list: i64) -> i64 {
    from_words(unsafe { words_of(list) })
}

/// `list * count`: a new list, empty for a count below one.
pub extern "C" fn rumba_list_repeat(list: i64, count: i64) -> i64 {
    from_words(unsafe { words_of(list) }.repeat(count.max(0) as usize))
}

/// `list[start:stop:step]` as a new list (see [`crate::slices::slice_indices`]).
pub extern "C" fn rumba_list_slice(list: i64, width: i64, start: i64, stop: i64, step: i64, given: i64) -> i64 {
    let words = unsafe { words_of(list) };
    let width = width.max(1);
    let (indices, _, _) = crate::slices::slice_indices(words.len() as i64 / width, start, stop, step, given);
    let mut sliced = Vec::new();
    for index in indices {
        let first = (index * width) as usize;
        sliced.extend_from_slice(&words[first..first + width as usize]);
    }
    from_words(sliced)
}

/// `list[start:stop:step] = other` (see [`crate::slices::slice_indices`]; `other` may be `list` itself): with a
/// step of 1 the slice is replaced by `other`'s elements, however many; an extended slice takes one
/// of them per element it selects. Returns -1, or for an extended slice of another length than
/// `other`, that length (nothing is written: Python's `ValueError`).
pub extern "C" fn rumba_list_assign_slice(list: i64, width: i64, start: i64, stop: i64, step: i64, given: i64, other: i64) -> i64 {
    let replacement = unsafe { words_of(other) };
    let Some(mut words) = (unsafe { words(list) }) else { return -1 };
    let width = width.max(1) as usize;
    let (indices, start, stop) = crate::slices::slice_indices((words.len() / width) as i64, start, stop, step, given);
    if step == 1 {
        let (start, stop) = (start as usize * width, stop.max(start) as usize * width);
        words.splice(start..stop, replacement);
        return -1;
    }
    let indices: Vec<i64> = indices.collect();
    if indices.len() * width != replacement.len() {
        return indices.len() as i64;
    }
    for (index, element) in indices.into_iter().zip(replacement.chunks(width)) {
        let first = index as usize * width;
        words[first..first + width].copy_from_slice(element);
    }
    -1
}

/// Sorts a list whose elements are `width` words, stably, as Python sorts numbers, strings and
/// tuples of them: word by word, each compared as `kinds` says (2 bits a word, word 0 lowest:
/// signed, unsigned, float or a string's handle). Floats compare with `-0.0` equal to `0.0` and NaNs equal to each other,
/// after numbers.
pub extern "C" fn rumba_list_sort(list: i64, width: i64, kinds: i64) {
    let Some(mut words) = (unsafe { words(list) }) else { return };
    let width = width.max(1) as usize;
    let compare_word = |position: usize, a: u64, b: u64| match (kinds as u64 >> (2 * position)) & 3 {
        SORT_SIGNED => (a as i64).cmp(&(b as i64)),
        SORT_UNSIGNED => a.cmp(&b),
        SORT_TEXT => rumba_str_compare(a as i64, b as i64).cmp(&0),
        _ => {
            let (a, b) = (f64::from_bits(a) + 0.0, f64::from_bits(b) + 0.0);
            match (a.is_nan(), b.is_nan()) {
                (false, false) => a.total_cmp(&b),
                (a_nan, b_nan) => a_nan.cmp(&b_nan),
            }
        }
    };
    if width == 1 {
        words.sort_by(|&a, &b| compare_word(0, a, b));
        return;
    }
    let mut elements: Vec<&[u64]> = words.chunks_exact(width).collect();
    elements.sort_by(|a, b| a.iter().zip(b.iter()).enumerate().map(|(position, (&a, &b))| compare_word(position, a, b)).find(|order| order.is_ne()).unwrap_or(std::cmp::Ordering::Equal));
    let sorted: Vec<u64> = elements.concat();
    *words = sorted;
}

/// `string.split(separator, maxsplit)` (`rsplit` where `from_right`) as a list of strings; the zero
/// handle as separator splits at runs of whitespace, as `split()` does. A negative `maxsplit` splits
/// everywhere; an empty separator returns the zero handle (Python's `ValueError`).
pub extern "C" fn rumba_str_split(string: i64, separator: i64, maxsplit: i64, from_right: i64) -> i64 {
    let whole = text(string);
    let limit = usize::try_from(maxsplit).map_or(usize::MAX, |splits| splits.saturating_add(1));
    let mut parts: Vec<&str> = match (separator, from_right != 0) {
        (0, false) => {
            let mut parts = Vec::new();
            let mut rest = whole.trim_start();
            while !rest.is_empty() {
                if parts.len() + 1 == limit {
                    parts.push(rest);
                    break;
                }
                let end = rest.find(char::is_whitespace).unwrap_or(rest.len());
                parts.push(&rest[..end]);
                rest = rest[end..].trim_start();
            }
            parts
        }
        (0, true) => {
            let mut parts = Vec::new();
            let mut rest = whole.trim_end();
            while !rest.is_empty() {
                if parts.len() + 1 == limit {
                    parts.push(rest);
                    break;
                }
                let start = rest.rfind(char::is_whitespace).map_or(0, |at| at + rest[at..].chars().next().map_or(1, char::len_utf8));
                parts.push(&rest[start..]);
                rest = rest[..start].trim_end();
            }
            parts
        }
        _ if text(separator).is_empty() => return 0,
        (_, false) => whole.splitn(limit, text(separator)).collect(),
        (_, true) => whole.rsplitn(limit, text(separator)).collect(),
    };
    if from_right != 0 {
        parts.reverse();
    }
    from_words(parts.into_iter().map(|part| intern(part) as u64).collect())
}

/// `separator.join(list)`, the list's elements strings.
pub extern "C" fn rumba_str_join(separator: i64, list: i64) -> i64 {
    // SAFETY: compiled code passes a live list of strings.
    let parts: Vec<&str> = unsafe { words_of(list) }.into_iter().map(|word| text(word as i64)).collect();
    intern(&parts.join(text(separator)))
}

pub fn symbols() -> [(&'static str, *mut std::ffi::c_void); 15] {
    [
        ("rumba_list_new", rumba_list_new as *mut std::ffi::c_void),
        ("rumba_list_len", rumba_list_len as *mut std::ffi::c_void),
        ("rumba_list_grow", rumba_list_grow as *mut std::ffi::c_void),
        ("rumba_list_insert", rumba_list_insert as *mut std::ffi::c_void),
        ("rumba_list_delete", rumba_list_delete as *mut std::ffi::c_void),
        ("rumba_list_clear", rumba_list_clear as *mut std::ffi::c_void),
        ("rumba_list_reverse", rumba_list_reverse as *mut std::ffi::c_void),
        ("rumba_list_extend", rumba_list_extend as *mut std::ffi::c_void),
        ("rumba_list_copy", rumba_list_copy as *mut std::ffi::c_void),
        ("rumba_list_repeat", rumba_list_repeat as *mut std::ffi::c_void),
        ("rumba_list_slice", rumba_list_slice as *mut std::ffi::c_void),
        ("rumba_list_assign_slice", rumba_list_assign_slice as *mut std::ffi::c_void),
        ("rumba_list_sort", rumba_list_sort as *mut std::ffi::c_void),
        ("rumba_str_split", rumba_str_split as *mut std::ffi::c_void),
        ("rumba_str_join", rumba_str_join as *mut std::ffi::c_void),
    ]
}
