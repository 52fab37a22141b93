//! The arena of each thread: the lists, dicts and strings compiled code makes (and the holds on
//! arrays' memory, `memory.rs`) belong to the thread that made them. A call from outside compiled
//! code marks the arena, and once it has read its results and the containers it passed in, it frees
//! every object made since the mark ([`mark`], [`release`]). Objects live as long as the outermost
//! call, so that lists in lists, lists returned by callees and aliased lists need no counts.

use std::cell::RefCell;

/// An object of the arena (or a hold on an array's memory, `memory.rs`): its address and the
/// function that frees it.
pub(crate) type Owned = (*mut u8, unsafe fn(*mut u8));

thread_local! {
    static ARENA: RefCell<Vec<Owned>> = const { RefCell::new(Vec::new()) };
}

/// `object` moved into this thread's arena; its address is its handle.
pub(crate) fn adopt<T>(object: T) -> i64 {
    unsafe fn free<T>(address: *mut u8) {
        // SAFETY: `address` came from `Box::into_raw` of a `T` below and is freed once.
        drop(unsafe { Box::from_raw(address.cast::<T>()) });
    }
    let address = Box::into_raw(Box::new(object)).cast::<u8>();
    defer(address, free::<T>);
    address as i64
}

/// `free(address)` when the outermost call returns, with the objects made since its mark.
pub(crate) fn defer(address: *mut u8, free: unsafe fn(*mut u8)) {
    ARENA.with(|arena| arena.borrow_mut().push((address, free)));
}

/// Where the arena stands: lists and dicts made from here on are freed by [`release`] with this mark.
pub fn mark() -> usize {
    ARENA.with(|arena| arena.borrow().len())
}

/// Frees every list and dict made since `mark`.
pub fn release(mark: usize) {
    free(take(mark));
}

/// The objects made since `mark`, out of the arena: their owner frees them ([`free`]).
pub(crate) fn take(mark: usize) -> Vec<Owned> {
    ARENA.with(|arena| arena.borrow_mut().drain(mark..).collect())
}

/// Frees objects taken out of the arena.
pub(crate) fn free(made: Vec<Owned>) {
    for (address, free) in made {
        // SAFETY: each entry is an object `adopt` made (or a hold), taken out of the arena once and
        // freed once, here.
        unsafe { free(address) };
    }
}

/// [`mark`] for compiled code: a `prange` iteration that makes lists, dicts, sets or instances
/// marks its thread's arena when it starts.
pub extern "C" fn rumba_arena_mark() -> i64 {
    mark() as i64
}

/// [`release`] for compiled code: the `prange` iteration that took `mark` frees what it made when
/// it ends, since no call releases a worker thread's arena.
pub extern "C" fn rumba_arena_release(mark: i64) {
    release(mark as usize);
}
