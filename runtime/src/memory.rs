//! The memory of compiled code's arrays: the allocation functions MLIR's memref lowering calls, the
//! counts of memory that containers share, and whether a large array can be allocated (compiled
//! code asks before allocating a gigabyte or more, and raises `MemoryError` rather than receive a
//! null pointer it would then write through).
//!
//! An array's memory has one holder most of the time: the value `deallocate-temporaries` frees, or
//! the array handed to Python. A list or dict that stores an array adds a *hold* that lasts until
//! the outermost call returns (the containers' own lifetime, `lists.rs`), and an array read back out
//! of one is a new reference with a free of its own. Memory with more than one holder is in
//! [`SHARED`] with the count of the others; a free of it drops one, and the last holder's free
//! frees it. Memory compiled code did not allocate (the outermost call's argument arrays, which a
//! container may hold, and lists from Python hold) is in the table while a call that met it runs,
//! and never freed here.

use std::cell::RefCell;
use std::collections::HashMap;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{LazyLock, Mutex};

/// The allocated pointer of the memref of a constant global (`memref.get_global` writes it): no
/// allocation, never freed.
pub const CONSTANT_MEMORY: usize = 0xdead_beef;

/// Memory held more than once.
struct Shared {
    /// Compiled code's memory: the holders beyond one. The memory of an argument of an outermost
    /// call, which its caller owns and nothing here frees: the calls (on any thread) that met it.
    count: usize,
    borrowed: bool,
}

static SHARED: LazyLock<Mutex<HashMap<usize, Shared>>> = LazyLock::new(Default::default);

/// How many entries [`SHARED`] has, read without the lock: none, the case of every free but
/// those of containers' arrays, costs one atomic load.
static SHARED_ENTRIES: AtomicUsize = AtomicUsize::new(0);

fn shared() -> std::sync::MutexGuard<'static, HashMap<usize, Shared>> {
    SHARED.lock().unwrap_or_else(|poisoned| poisoned.into_inner())
}

fn remove(table: &mut HashMap<usize, Shared>, address: usize) {
    table.remove(&address);
    SHARED_ENTRIES.fetch_sub(1, Ordering::Relaxed);
}

thread_local! {
    /// The memory of the arrays of the outermost call running on this thread (empty outside one).
    static ARGUMENT_MEMORY: RefCell<Vec<usize>> = const { RefCell::new(Vec::new()) };
    /// The argument memory this thread's outermost call has counted in [`SHARED`].
    static BORROWED: RefCell<Vec<usize>> = const { RefCell::new(Vec::new()) };
}

/// The memory of the outermost call's argument arrays on this thread, for as long as it runs: what
/// a container may hold without owning it.
pub struct OutermostCall {
    enclosing: usize,
}

impl OutermostCall {
    /// `record` pushes the addresses of the call's argument memory.
    pub fn enter(record: impl FnOnce(&mut Vec<usize>)) -> Self {
        ARGUMENT_MEMORY.with(|memory| {
            let mut memory = memory.borrow_mut();
            let enclosing = memory.len();
            record(&mut memory);
            Self { enclosing }
        })
    }
}

impl Drop for OutermostCall {
    fn drop(&mut self) {
        ARGUMENT_MEMORY.with(|memory| memory.borrow_mut().truncate(self.enclosing));
    }
}

/// Whether `address` is the memory of an argument of this thread's outermost call.
pub(crate) fn is_argument_memory(address: usize) -> bool {
    ARGUMENT_MEMORY.with(|memory| memory.borrow().contains(&address))
}

/// `memref.alloc` (MLIR's `use-generic-functions` names; the lowering aligns within the block): the
/// C library's `malloc`.
pub extern "C" fn _mlir_memref_to_llvm_alloc(bytes: usize) -> *mut std::ffi::c_void {
    unsafe { libc::malloc(bytes) }
}

/// `memref.dealloc`, and the drop of an array handed to Python: one holder lets go. The C library's
/// `free` for the last holder; nothing for a constant array, which a compiled function may hand to
/// its caller as it hands on any array it returns, or for memory it does not own.
pub extern "C" fn _mlir_memref_to_llvm_free(pointer: *mut std::ffi::c_void) {
    let address = pointer as usize;
    if address == CONSTANT_MEMORY {
        return;
    }
    if SHARED_ENTRIES.load(Ordering::Relaxed) > 0 {
        let mut table = shared();
        if let Some(entry) = table.get_mut(&address) {
            if !entry.borrowed {
                entry.count -= 1;
                if entry.count == 0 {
                    remove(&mut table, address);
                }
            }
            return;
        }
    }
    unsafe { libc::free(pointer) }
}

/// Another holder of the memory at `address`: a container's hold (until the outermost call
/// returns) or a new reference. Argument memory is counted once per outermost call that meets it,
/// until that call returns, and never freed.
fn add_holder(address: usize, container_hold: bool) {
    if address == CONSTANT_MEMORY || address == 0 {
        return;
    }
    let mut table = shared();
    let entry = table.entry(address).or_insert_with(|| {
        SHARED_ENTRIES.fetch_add(1, Ordering::Relaxed);
        Shared { count: 0, borrowed: is_argument_memory(address) }
    });
    if !entry.borrowed {
        entry.count += 1;
        if container_hold {
            crate::arena::defer(address as *mut u8, release_hold);
        }
    } else if !BORROWED.with(|borrowed| borrowed.borrow().contains(&address)) {
        entry.count += 1;
        BORROWED.with(|borrowed| borrowed.borrow_mut().push(address));
        crate::arena::defer(address as *mut u8, release_borrowed);
    }
}

/// The end of a container's hold on compiled code's memory: a holder's free.
unsafe fn release_hold(address: *mut u8) {
    _mlir_memref_to_llvm_free(address.cast());
}

/// The end of this thread's outermost call that met the argument memory at `address`.
unsafe fn release_borrowed(address: *mut u8) {
    BORROWED.with(|borrowed| borrowed.borrow_mut().retain(|known| *known != address as usize));
    let mut table = shared();
    if let Some(entry) = table.get_mut(&(address as usize)) {
        entry.count -= 1;
        if entry.count == 0 {
            remove(&mut table, address as usize);
        }
    }
}

/// A container's hold on the memory at `address`, until the outermost call returns.
pub extern "C" fn rumba_array_hold(address: usize) {
    add_holder(address, true);
}

/// Memory compiled code did not allocate but owns now (a copy made for it), whose one holder is
/// the arena: freed when the outermost call returns, unless compiled code keeps a reference.
pub(crate) fn adopt(address: usize) {
    crate::arena::defer(address as *mut u8, release_hold);
}

/// A new reference to the memory of an array read from a container.
pub extern "C" fn rumba_array_retain(address: usize) {
    add_holder(address, false);
}

/// Whether `bytes` bytes can be allocated now (tried, then freed; on Linux this reserves address
/// space without touching it, so the trial costs little next to filling the array).
pub extern "C" fn rumba_can_allocate(bytes: f64) -> bool {
    if !(0.0..usize::MAX as f64).contains(&bytes) {
        return false;
    }
    // SAFETY: malloc and free of a block nothing else sees. black_box keeps LLVM from folding the
    // unused pair away (and the null test to false).
    unsafe {
        let block = std::hint::black_box(libc::malloc(bytes as usize));
        let allocated = !block.is_null();
        libc::free(block);
        allocated
    }
}
