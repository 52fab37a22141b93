//! Python's dicts in compiled code: insertion-ordered maps from keys to values, both laid out as
//! words the way lists lay out elements (`lists.rs`), reached through an `i64` handle and living in
//! the same arena as lists. A set is a dict whose values are empty.
//!
//! A key is looked up by writing its words into the dict's scratch key (`rumba_dict_key*`), then
//! finding or inserting it, which gives the index of its entry; values are read and written by
//! entry and word. A float key word is normalised so that `-0.0` and `0.0` are one key, as in
//! Python. `keys`, `values` and `items` make new lists of the live entries, in insertion order.

use crate::lists::{adopt, from_words};
use std::collections::HashMap;

/// A dict's entries; a deleted entry is `None`, so that the others keep their indices. The index
/// maps normalised keys (`-0.0` as `0.0`) to entries, which keep the key as first stored.
#[derive(Default, Clone)]
pub struct Dict {
    entries: Vec<Option<Entry>>,
    index: HashMap<Box<[u64]>, usize>,
    /// The key being looked up, as given and normalised.
    key: Vec<u64>,
    probe: Vec<u64>,
}

#[derive(Clone)]
struct Entry {
    key: Box<[u64]>,
    /// The key normalised, as the index holds it.
    probe: Box<[u64]>,
    value: Vec<u64>,
}

/// The dict behind `handle`; none for the zero handle of a dict never made.
///
/// # Safety
/// `handle` must be zero or a dict of this thread's arena that is still alive.
unsafe fn dict<'a>(handle: i64) -> Option<&'a mut Dict> {
    (handle != 0).then(|| unsafe { &mut *(handle as *mut Dict) })
}

/// The live entries of dict `handle`, in insertion order.
///
/// # Safety
/// `handle` must be zero or a live dict of this thread.
pub unsafe fn entries_of(handle: i64) -> Vec<(Vec<u64>, Vec<u64>)> {
    let Some(dict) = (unsafe { dict(handle) }) else { return Vec::new() };
    dict.entries.iter().flatten().map(|entry| (entry.key.to_vec(), entry.value.clone())).collect()
}

/// Stores `value` under the key of `key` words (each with whether it is a float) into `handle`.
pub fn insert_entry(handle: i64, key: &[(u64, bool)], value: Vec<u64>) {
    for &(word, float) in key {
        match float {
            true => rumba_dict_key_f64(handle, f64::from_bits(word)),
            false => rumba_dict_key(handle, word as i64),
        }
    }
    let entry = rumba_dict_insert(handle, value.len() as i64);
    for (word, bits) in value.into_iter().enumerate() {
        rumba_dict_set(handle, entry, word as i64, bits as i64);
    }
}

pub extern "C" fn rumba_dict_new() -> i64 {
    adopt(Dict::default())
}

pub extern "C" fn rumba_dict_len(handle: i64) -> i64 {
    unsafe { dict(handle) }.map_or(0, |dict| dict.index.len() as i64)
}

fn push_key_word(handle: i64, word: u64, normalised: u64) {
    if let Some(dict) = unsafe { dict(handle) } {
        dict.key.push(word);
        dict.probe.push(normalised);
    }
}

pub extern "C" fn rumba_dict_key(handle: i64, word: i64) {
    push_key_word(handle, word as u64, word as u64)
}

pub extern "C" fn rumba_dict_key_f64(handle: i64, word: f64) {
    push_key_word(handle, word.to_bits(), (word + 0.0).to_bits())
}

/// The entry of the scratch key, or -1; the scratch key is emptied.
pub extern "C" fn rumba_dict_find(handle: i64) -> i64 {
    let Some(dict) = (unsafe { dict(handle) }) else { return -1 };
    dict.key.clear();
    let probe = std::mem::take(&mut dict.probe);
    dict.index.get(probe.as_slice()).map_or(-1, |&entry| entry as i64)
}

/// The entry of the scratch key, made (with a zeroed value of `width` words) if it is not there.
pub extern "C" fn rumba_dict_insert(handle: i64, width: i64) -> i64 {
    let Some(dict) = (unsafe { dict(handle) }) else { return -1 };
    let key: Box<[u64]> = std::mem::take(&mut dict.key).into();
    let probe: Box<[u64]> = std::mem::take(&mut dict.probe).into();
    if let Some(&entry) = dict.index.get(&probe) {
        return entry as i64;
    }
    let entry = dict.entries.len();
    dict.entries.push(Some(Entry { key, probe: probe.clone(), value: vec![0; width.max(0) as usize] }));
    dict.index.insert(probe, entry);
    entry as i64
}

/// A value word of entry `entry`; zero for an entry that is not there (a lookup whose `KeyError` is
/// already in flight).
fn value_word(handle: i64, entry: i64, word: i64) -> u64 {
    let Some(dict) = (unsafe { dict(handle) }) else { return 0 };
    let value = usize::try_from(entry).ok().and_then(|entry| dict.entries.get(entry)).and_then(Option::as_ref);
    value.and_then(|entry| entry.value.get(word as usize).copied()).unwrap_or(0)
}

fn set_value_word(handle: i64, entry: i64, word: i64, bits: u64) {
    let Some(dict) = (unsafe { dict(handle) }) else { return };
    let value = usize::try_from(entry).ok().and_then(|entry| dict.entries.get_mut(entry)).and_then(Option::as_mut);
    if let Some(slot) = value.and_then(|entry| entry.value.get_mut(word as usize)) {
        *slot = bits;
    }
}

pub extern "C" fn rumba_dict_get(handle: i64, entry: i64, word: i64) -> i64 {
    value_word(handle, entry, word) as i64
}

pub extern "C" fn rumba_dict_get_f64(handle: i64, entry: i64, word: i64) -> f64 {
    f64::from_bits(value_word(handle, entry, word))
}

pub extern "C" fn rumba_dict_set(handle: i64, entry: i64, word: i64, value: i64) {
    set_value_word(handle, entry, word, value as u64)
}

pub extern "C" fn rumba_dict_set_f64(handle: i64, entry: i64, word: i64, value: f64) {
    set_value_word(handle, entry, word, value.to_bits())
}

/// Deletes entry `entry` (nothing for an entry that is not there).
pub extern "C" fn rumba_dict_delete(handle: i64, entry: i64) {
    let Some(dict) = (unsafe { dict(handle) }) else { return };
    let taken = usize::try_from(entry).ok().and_then(|entry| dict.entries.get_mut(entry)).and_then(Option::take);
    if let Some(entry) = taken {
        dict.index.remove(&entry.probe);
    }
}

pub extern "C" fn rumba_dict_clear(handle: i64) {
    if let Some(dict) = unsafe { dict(handle) } {
        *dict = Dict::default();
    }
}

/// Stores every entry of `other` into `handle`, as `dict.update` does.
pub extern "C" fn rumba_dict_update(handle: i64, other: i64) {
    let Some(entries) = (unsafe { dict(other) }).map(|other| other.entries.clone()) else { return };
    let Some(dict) = (unsafe { dict(handle) }) else { return };
    for entry in entries.into_iter().flatten() {
        match dict.index.get(&entry.probe) {
            Some(&existing) => {
                if let Some(stored) = &mut dict.entries[existing] {
                    stored.value = entry.value;
                }
            }
            None => {
                dict.index.insert(entry.probe.clone(), dict.entries.len());
                dict.entries.push(Some(entry));
            }
        }
    }
}

/// `a | b`, `a & b`, `a - b` and `a ^ b` of sets (dicts with empty values) as a new set, for
/// `operation` 0 to 3, in `a`'s order and then `b`'s.
pub extern "C" fn rumba_set_combine(a: i64, b: i64, operation: i64) -> i64 {
    let (Some(left), Some(right)) = (unsafe { dict(a) }.cloned(), unsafe { dict(b) }.cloned()) else { return adopt(Dict::default()) };
    let in_right = |entry: &Entry| right.index.contains_key(&entry.probe);
    let in_left = |entry: &Entry| left.index.contains_key(&entry.probe);
    let kept: Vec<Entry> = match operation {
        SET_UNION => left.entries.iter().flatten().chain(right.entries.iter().flatten().filter(|entry| !in_left(entry))).cloned().collect(),
        SET_INTERSECTION => left.entries.iter().flatten().filter(|entry| in_right(entry)).cloned().collect(),
        SET_DIFFERENCE => left.entries.iter().flatten().filter(|entry| !in_right(entry)).cloned().collect(),
        _ => left.entries.iter().flatten().filter(|entry| !in_right(entry)).chain(right.entries.iter().flatten().filter(|entry| !in_left(entry))).cloned().collect(),
    };
    let mut combined = Dict::default();
    for entry in kept {
        combined.index.insert(entry.probe.clone(), combined.entries.len());
        combined.entries.push(Some(entry));
    }
    adopt(combined)
}

const SET_UNION: i64 = 0;
const SET_INTERSECTION: i64 = 1;
const SET_DIFFERENCE: i64 = 2;

/// The first live entry, or -1 (`set.pop` takes it).
pub extern "C" fn rumba_dict_first(handle: i64) -> i64 {
    let Some(dict) = (unsafe { dict(handle) }) else { return -1 };
    dict.entries.iter().position(Option::is_some).map_or(-1, |entry| entry as i64)
}

pub extern "C" fn rumba_dict_copy(handle: i64) -> i64 {
    adopt(unsafe { dict(handle) }.map(|dict| dict.clone()).unwrap_or_default())
}

/// A new list of the live entries' keys (`0`), values (`1`) or both one after the other (`2`).
pub extern "C" fn rumba_dict_view(handle: i64, parts: i64) -> i64 {
    let mut words = Vec::new();
    for (key, value) in unsafe { entries_of(handle) } {
        if parts != 1 {
            words.extend(key);
        }
        if parts != 0 {
            words.extend(value);
        }
    }
    from_words(words)
}

pub fn symbols() -> [(&'static str, *mut std::ffi::c_void); 17] {
    [
        ("rumba_dict_new", rumba_dict_new as *mut std::ffi::c_void),
        ("rumba_dict_len", rumba_dict_len as *mut std::ffi::c_void),
        ("rumba_dict_key", rumba_dict_key as *mut std::ffi::c_void),
        ("rumba_dict_key_f64", rumba_dict_key_f64 as *mut std::ffi::c_void),
        ("rumba_dict_find", rumba_dict_find as *mut std::ffi::c_void),
        ("rumba_dict_insert", rumba_dict_insert as *mut std::ffi::c_void),
        ("rumba_dict_get", rumba_dict_get as *mut std::ffi::c_void),
        ("rumba_dict_get_f64", rumba_dict_get_f64 as *mut std::ffi::c_void),
        ("rumba_dict_set", rumba_dict_set as *mut std::ffi::c_void),
        ("rumba_dict_set_f64", rumba_dict_set_f64 as *mut std::ffi::c_void),
        ("rumba_dict_delete", rumba_dict_delete as *mut std::ffi::c_void),
        ("rumba_dict_clear", rumba_dict_clear as *mut std::ffi::c_void),
        ("rumba_dict_copy", rumba_dict_copy as *mut std::ffi::c_void),
        ("rumba_dict_update", rumba_dict_update as *mut std::ffi::c_void),
        ("rumba_set_combine", rumba_set_combine as *mut std::ffi::c_void),
        ("rumba_dict_first", rumba_dict_first as *mut std::ffi::c_void),
        ("rumba_dict_view", rumba_dict_view as *mut std::ffi::c_void),
    ]
}
