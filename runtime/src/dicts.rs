//! Python's dicts in compiled code: insertion-ordered maps from keys to values, both laid out as
//! words the way lists lay out elements (`lists.rs`), reached through an `i64` handle and living in
//! the same arena as lists. A set is a dict whose values are empty.
//!
//! A key is looked up by writing its words into the dict's scratch key (`rumba_dict_key*`), then
//! finding or inserting it, which gives the index of its entry (a one-word key, a number, in one
//! call: `rumba_dict_find_word*`, `rumba_dict_insert_word*`); values are read and written by
//! entry and word. A float key word is normalised so that `-0.0` and `0.0` are one key, as in
//! Python (`float_probe`). `keys`, `values` and `items` make new lists of the live entries, in
//! insertion order.
//!
//! Entries lie in flat arrays of words (keys, normalised keys, values) with a live flag each, and a
//! hash table of entry numbers with their keys' hashes indexes them: about 45 bytes an entry for
//! an int to int dict, where a map of boxed keys took several times that, and touching the memory
//! cost more than hashing. A one-word key's hash is a bijection of it, so finding one compares
//! hashes only, and growing the table reads no keys.

use crate::{arena::adopt, lists::from_words};
use hashbrown::HashTable;

/// A dict's entries in insertion order; a deleted entry stays, not live, so that the others keep
/// their numbers.
#[derive(Default, Clone)]
pub struct Dict {
    /// Words a key and a value take, fixed by the first insertion.
    key_width: usize,
    value_width: usize,
    /// Each entry's key as first stored, the same normalised (as the index compares keys), value.
    keys: Vec<u64>,
    probes: Vec<u64>,
    values: Vec<u64>,
    live: Vec<bool>,
    count: usize,
    /// Each live entry's number with its key's hash, so that growing the table reads no keys.
    index: HashTable<(u64, usize)>,
    /// The key being looked up, as given and normalised.
    key: Vec<u64>,
    probe: Vec<u64>,
}

/// The hash of a key's words. The table places a key by the hash's low bits and compares the top
/// 7 first. A one-word key's low bits are its own with its higher ones folded in (`k ^ k >> 20 ^
/// k >> 40 ^ k >> 60`): neighbouring keys (a loop's `i`, `3 * i`) lie in neighbouring slots, as in
/// CPython's and Numba's dicts, whose hash of an int is the int, so that a dict filled and read in
/// key order stays in cache, while keys that differ only in high bits (strides of powers of two)
/// still spread. Its top 7 bits are mixed from the rest, so that small keys do not share one tag.
/// The hash is a bijection of the key, so that one-word keys are equal exactly when their hashes
/// are. Longer keys are mixed word by word.
fn hash_words(words: &[u64]) -> u64 {
    const LOW: u64 = (1 << 57) - 1;
    match words {
        [word] => {
            let folded = word ^ (word >> 20);
            let folded = folded ^ (folded >> 40);
            folded ^ (mix61(folded & LOW) >> 54 << 57)
        }
        _ => words.iter().fold(0x9e37_79b9_7f4a_7c15, |hash, &word| mix61(hash ^ word) ^ (word >> 61 << 61)),
    }
}

/// A bijection of the numbers below 2^61 that spreads near ones apart (xor-shifts and a
/// multiplication by an odd constant, each modulo 2^61).
fn mix61(value: u64) -> u64 {
    const MASK: u64 = (1 << 61) - 1;
    let value = value & MASK;
    let value = (value ^ (value >> 31)).wrapping_mul(0x7fb5_d329_728e_a185) & MASK;
    let value = (value ^ (value >> 27)).wrapping_mul(0x81da_def4_bc2d_d44d) & MASK;
    value ^ (value >> 33)
}

/// The word a float key is found by: `-0.0` as `0.0`.
fn float_probe(key: f64) -> u64 {
    (key + 0.0).to_bits()
}

impl Dict {
    fn probe_of(&self, entry: usize) -> &[u64] {
        &self.probes[entry * self.key_width..(entry + 1) * self.key_width]
    }

    fn find(&self, probe: &[u64]) -> Option<usize> {
        let hash = hash_words(probe);
        self.index.find(hash, |&(stored, entry)| stored == hash && (self.key_width == 1 || self.probe_of(entry) == probe)).map(|&(_, entry)| entry)
    }

    /// The entry of `key` (normalised `probe`), made with a zeroed value of `value_width` words if
    /// it is not there.
    fn insert(&mut self, key: &[u64], probe: &[u64], value_width: usize) -> usize {
        if self.live.is_empty() {
            (self.key_width, self.value_width) = (probe.len(), value_width);
        }
        let hash = hash_words(probe);
        let (probes, width, entry) = (&self.probes, self.key_width, self.live.len());
        let same = |&(stored, other): &(u64, usize)| stored == hash && (width == 1 || probes[other * width..(other + 1) * width] == *probe);
        match self.index.entry(hash, same, |&(stored, _)| stored) {
            hashbrown::hash_table::Entry::Occupied(found) => return found.get().1,
            hashbrown::hash_table::Entry::Vacant(slot) => {
                slot.insert((hash, entry));
            }
        }
        self.keys.extend_from_slice(key);
        self.probes.extend_from_slice(probe);
        self.values.resize(self.values.len() + self.value_width, 0);
        self.live.push(true);
        self.count += 1;
        entry
    }

    fn value(&self, entry: usize) -> &[u64] {
        &self.values[entry * self.value_width..(entry + 1) * self.value_width]
    }

    /// The live entries' numbers, in insertion order.
    fn entries(&self) -> impl Iterator<Item = usize> + '_ {
        (0..self.live.len()).filter(|&entry| self.live[entry])
    }

    fn delete(&mut self, entry: usize) {
        if !self.live.get(entry).copied().unwrap_or(false) {
            return;
        }
        if let Ok(found) = self.index.find_entry(hash_words(self.probe_of(entry)), |&(_, other)| other == entry) {
            found.remove();
        }
        self.live[entry] = false;
        self.count -= 1;
    }

    /// A new dict holding `entries` of `sources`, in that order.
    fn gathered<'a>(entries: impl Iterator<Item = (&'a Dict, usize)>) -> Dict {
        let mut gathered = Dict::default();
        for (source, entry) in entries {
            let key = &source.keys[entry * source.key_width..(entry + 1) * source.key_width];
            let gathered_entry = gathered.insert(key, source.probe_of(entry), source.value_width);
            let width = gathered.value_width;
            gathered.values[gathered_entry * width..(gathered_entry + 1) * width].copy_from_slice(source.value(entry));
        }
        gathered
    }
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
    dict.entries().map(|entry| (dict.keys[entry * dict.key_width..(entry + 1) * dict.key_width].to_vec(), dict.value(entry).to_vec())).collect()
}

/// Stores `value` under the key of `key` words (each with whether it is a float) into `handle`.
pub fn insert_entry(handle: i64, key: &[(u64, bool)], value: &[u64]) {
    for &(word, float) in key {
        match float {
            true => rumba_dict_key_f64(handle, f64::from_bits(word)),
            false => rumba_dict_key(handle, word as i64),
        }
    }
    let entry = rumba_dict_insert(handle, value.len() as i64);
    for (word, &bits) in value.iter().enumerate() {
        rumba_dict_set(handle, entry, word as i64, bits as i64);
    }
}

pub extern "C" fn rumba_dict_new() -> i64 {
    adopt(Dict::default())
}

pub extern "C" fn rumba_dict_len(handle: i64) -> i64 {
    unsafe { dict(handle) }.map_or(0, |dict| dict.count as i64)
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
    push_key_word(handle, word.to_bits(), float_probe(word))
}

/// The entry of the scratch key, or -1; the scratch key is emptied.
pub extern "C" fn rumba_dict_find(handle: i64) -> i64 {
    let Some(dict) = (unsafe { dict(handle) }) else { return -1 };
    let found = dict.find(&dict.probe).map_or(-1, |entry| entry as i64);
    dict.key.clear();
    dict.probe.clear();
    found
}

/// The entry of the scratch key, made (with a zeroed value of `width` words) if it is not there.
pub extern "C" fn rumba_dict_insert(handle: i64, width: i64) -> i64 {
    let Some(dict) = (unsafe { dict(handle) }) else { return -1 };
    let (key, probe) = (std::mem::take(&mut dict.key), std::mem::take(&mut dict.probe));
    let entry = dict.insert(&key, &probe, width.max(0) as usize);
    (dict.key, dict.probe) = (key, probe);
    dict.key.clear();
    dict.probe.clear();
    entry as i64
}

/// The entry of the one-word key `word`, or -1: `rumba_dict_key` and `rumba_dict_find` in one
/// call, for int keys.
pub extern "C" fn rumba_dict_find_word(handle: i64, word: i64) -> i64 {
    let Some(dict) = (unsafe { dict(handle) }) else { return -1 };
    dict.find(&[word as u64]).map_or(-1, |entry| entry as i64)
}

/// The entry of the float key `word`, or -1.
pub extern "C" fn rumba_dict_find_word_f64(handle: i64, word: f64) -> i64 {
    let Some(dict) = (unsafe { dict(handle) }) else { return -1 };
    dict.find(&[float_probe(word)]).map_or(-1, |entry| entry as i64)
}

/// The entry of the one-word key `word`, made (with a zeroed value of `width` words) if it is not
/// there: `rumba_dict_key` and `rumba_dict_insert` in one call, for int keys.
pub extern "C" fn rumba_dict_insert_word(handle: i64, word: i64, width: i64) -> i64 {
    let Some(dict) = (unsafe { dict(handle) }) else { return -1 };
    dict.insert(&[word as u64], &[word as u64], width.max(0) as usize) as i64
}

/// The entry of the float key `word`, made if it is not there.
pub extern "C" fn rumba_dict_insert_word_f64(handle: i64, word: f64, width: i64) -> i64 {
    let Some(dict) = (unsafe { dict(handle) }) else { return -1 };
    dict.insert(&[word.to_bits()], &[float_probe(word)], width.max(0) as usize) as i64
}

/// Where word `word` of entry `entry`'s value lies; none for an entry that is not there (a lookup
/// whose `KeyError` is already in flight).
fn value_slot<'a>(handle: i64, entry: i64, word: i64) -> Option<&'a mut u64> {
    let dict = unsafe { dict(handle) }?;
    let entry = usize::try_from(entry).ok().filter(|&entry| dict.live.get(entry).copied().unwrap_or(false))?;
    let word = usize::try_from(word).ok().filter(|&word| word < dict.value_width)?;
    dict.values.get_mut(entry * dict.value_width + word)
}

pub extern "C" fn rumba_dict_get(handle: i64, entry: i64, word: i64) -> i64 {
    value_slot(handle, entry, word).map_or(0, |slot| *slot as i64)
}

pub extern "C" fn rumba_dict_get_f64(handle: i64, entry: i64, word: i64) -> f64 {
    f64::from_bits(value_slot(handle, entry, word).map_or(0, |slot| *slot))
}

pub extern "C" fn rumba_dict_set(handle: i64, entry: i64, word: i64, value: i64) {
    if let Some(slot) = value_slot(handle, entry, word) {
        *slot = value as u64;
    }
}

pub extern "C" fn rumba_dict_set_f64(handle: i64, entry: i64, word: i64, value: f64) {
    if let Some(slot) = value_slot(handle, entry, word) {
        *slot = value.to_bits();
    }
}

/// Deletes entry `entry` (nothing for an entry that is not there).
pub extern "C" fn rumba_dict_delete(handle: i64, entry: i64) {
    if let (Some(dict), Ok(entry)) = (unsafe { dict(handle) }, usize::try_from(entry)) {
        dict.delete(entry);
    }
}

pub extern "C" fn rumba_dict_clear(handle: i64) {
    if let Some(dict) = unsafe { dict(handle) } {
        *dict = Dict::default();
    }
}

/// Stores every entry of `other` into `handle`, as `dict.update` does.
pub extern "C" fn rumba_dict_update(handle: i64, other: i64) {
    let Some(source) = (unsafe { dict(other) }).map(|other| other.clone()) else { return };
    let Some(dict) = (unsafe { dict(handle) }) else { return };
    for entry in source.entries() {
        let key = &source.keys[entry * source.key_width..(entry + 1) * source.key_width];
        let stored = dict.insert(key, source.probe_of(entry), source.value_width);
        let width = dict.value_width;
        dict.values[stored * width..(stored + 1) * width].copy_from_slice(source.value(entry));
    }
}

/// `a | b`, `a & b`, `a - b` and `a ^ b` of sets (dicts with empty values) as a new set, for
/// `operation` 0 to 3, in `a`'s order and then `b`'s.
pub extern "C" fn rumba_set_combine(a: i64, b: i64, operation: i64) -> i64 {
    let empty = Dict::default();
    let left = unsafe { dict(a) }.map_or(&empty, |left| &*left);
    let right = unsafe { dict(b) }.map_or(&empty, |right| &*right);
    let in_right = |entry: &usize| right.find(left.probe_of(*entry)).is_some();
    let in_left = |entry: &usize| left.find(right.probe_of(*entry)).is_some();
    let from_left = left.entries().filter(|entry| match operation {
        SET_UNION => true,
        SET_INTERSECTION => in_right(entry),
        _ => !in_right(entry),
    });
    let from_right = right.entries().filter(|entry| matches!(operation, SET_UNION | SET_SYMMETRIC_DIFFERENCE) && !in_left(entry));
    adopt(Dict::gathered(from_left.map(|entry| (left, entry)).chain(from_right.map(|entry| (right, entry)))))
}

const SET_UNION: i64 = 0;
const SET_INTERSECTION: i64 = 1;
const SET_SYMMETRIC_DIFFERENCE: i64 = 3;

/// The first live entry, or -1 (`set.pop` takes it).
pub extern "C" fn rumba_dict_first(handle: i64) -> i64 {
    let Some(dict) = (unsafe { dict(handle) }) else { return -1 };
    dict.entries().next().map_or(-1, |entry| entry as i64)
}

pub extern "C" fn rumba_dict_copy(handle: i64) -> i64 {
    adopt(unsafe { dict(handle) }.map(|dict| dict.clone()).unwrap_or_default())
}

/// A new list of the live entries' keys (`0`), values (`1`) or both one after the other (`2`).
pub extern "C" fn rumba_dict_view(handle: i64, parts: i64) -> i64 {
    let Some(dict) = (unsafe { dict(handle) }) else { return from_words(Vec::new()) };
    let mut words = Vec::new();
    for entry in dict.entries() {
        if parts != 1 {
            words.extend_from_slice(&dict.keys[entry * dict.key_width..(entry + 1) * dict.key_width]);
        }
        if parts != 0 {
            words.extend_from_slice(dict.value(entry));
        }
    }
    from_words(words)
}

pub fn symbols() -> [(&'static str, *mut std::ffi::c_void); 21] {
    [
        ("rumba_dict_find_word", rumba_dict_find_word as *mut std::ffi::c_void),
        ("rumba_dict_find_word_f64", rumba_dict_find_word_f64 as *mut std::ffi::c_void),
        ("rumba_dict_insert_word", rumba_dict_insert_word as *mut std::ffi::c_void),
        ("rumba_dict_insert_word_f64", rumba_dict_insert_word_f64 as *mut std::ffi::c_void),
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
