//! Room left on the stack for compiled recursion. A recursive function calls
//! `rumba_stack_exhausted` on entry and raises `RecursionError` when it says the calling thread's
//! stack is nearly full, where the recursion would otherwise overflow it (a segfault).

use std::cell::Cell;

/// The stack kept free below the deepest recursive call: room for that call's frame and for the
/// non-recursive calls it makes.
const MARGIN: usize = 256 * 1024;

thread_local! {
    /// The lowest address this thread's recursion may reach (its stack's end plus `MARGIN`); 0 until
    /// first asked for.
    static LIMIT: Cell<usize> = const { Cell::new(0) };
}

/// The end of the calling thread's stack, plus the margin (0 where the thread cannot tell).
fn stack_limit() -> usize {
    // SAFETY: the attributes are initialised by pthread_getattr_np before they are read, and
    // destroyed once.
    unsafe {
        let mut attributes: libc::pthread_attr_t = std::mem::zeroed();
        if libc::pthread_getattr_np(libc::pthread_self(), &mut attributes) != 0 {
            return 0;
        }
        let (mut lowest, mut size) = (std::ptr::null_mut(), 0);
        let found = libc::pthread_attr_getstack(&attributes, &mut lowest, &mut size);
        libc::pthread_attr_destroy(&mut attributes);
        if found == 0 { lowest as usize + MARGIN } else { 0 }
    }
}

/// Whether less than `MARGIN` of the calling thread's stack is left.
pub extern "C" fn rumba_stack_exhausted() -> bool {
    let marker = 0u8;
    let here = std::hint::black_box(&marker) as *const u8 as usize;
    let limit = LIMIT.with(|limit| {
        if limit.get() == 0 {
            limit.set(stack_limit().max(1));
        }
        limit.get()
    });
    here < limit
}
