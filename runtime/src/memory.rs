//! The memory of compiled code's arrays: the allocation functions MLIR's memref lowering calls, and
//! whether a large array can be allocated (compiled code asks before allocating a gigabyte or more,
//! and raises `MemoryError` rather than receive a null pointer it would then write through).

/// The allocated pointer of the memref of a constant global (`memref.get_global` writes it): no
/// allocation, never freed.
pub const CONSTANT_MEMORY: usize = 0xdead_beef;

/// `memref.alloc` (MLIR's `use-generic-functions` names; the lowering aligns within the block): the
/// C library's `malloc`.
pub extern "C" fn _mlir_memref_to_llvm_alloc(bytes: usize) -> *mut std::ffi::c_void {
    unsafe { libc::malloc(bytes) }
}

/// `memref.dealloc`: the C library's `free`, and nothing for a constant array, which a compiled
/// function may hand to its caller as it hands on any array it returns.
pub extern "C" fn _mlir_memref_to_llvm_free(pointer: *mut std::ffi::c_void) {
    if pointer as usize != CONSTANT_MEMORY {
        unsafe { libc::free(pointer) }
    }
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
