//! Whether a large array can be allocated: compiled code asks before allocating a gigabyte or more,
//! and raises `MemoryError` rather than receive a null pointer it would then write through.

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
