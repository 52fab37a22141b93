//! The number of threads `prange` loops run on: LLVM's OpenMP runtime (libomp), which compiled code
//! calls into. `RUMBA_NUM_THREADS` sets the default; `set_num_threads` changes it for the calling
//! thread (OpenMP's rule, and Numba's).

use std::sync::OnceLock;

/// The file of the OpenMP runtime this process linked (the one `omp_get_max_threads` is in), which
/// every JIT engine loads so that compiled parallel loops find `__kmpc_*` even where the process
/// loaded it privately (a Python extension is loaded with `RTLD_LOCAL`), and find the same thread
/// pool wherever the library was installed.
pub fn libomp_path() -> &'static std::ffi::CStr {
    static PATH: OnceLock<std::ffi::CString> = OnceLock::new();
    PATH.get_or_init(|| {
        let mut found: libc::Dl_info = unsafe { std::mem::zeroed() };
        let located = unsafe { libc::dladdr(omp_get_max_threads as *const libc::c_void, &mut found) } != 0 && !found.dli_fname.is_null();
        if located {
            unsafe { std::ffi::CStr::from_ptr(found.dli_fname) }.to_owned()
        } else {
            std::ffi::CString::new(concat!(env!("LLVM_SYS_221_PREFIX"), "/lib/libomp.so")).expect("a path without NUL")
        }
    })
}

unsafe extern "C" {
    fn omp_set_num_threads(count: i32);
    fn omp_get_max_threads() -> i32;
    fn omp_get_num_procs() -> i32;
    fn omp_get_thread_num() -> i32;
}

/// How many copies a `prange` loop's array reduction makes: one per thread the loop may run on.
pub extern "C" fn rumba_parallel_slots() -> i64 {
    i64::from(unsafe { omp_get_max_threads() }.max(1))
}

/// The copy of an array reduction that the calling thread of a `prange` loop adds into.
pub extern "C" fn rumba_parallel_slot() -> i64 {
    i64::from(unsafe { omp_get_thread_num() })
}

/// `set_num_threads(count)` called by compiled code: whether it refused the count.
pub extern "C" fn rumba_set_num_threads(count: i64) -> bool {
    set_num_threads(count).is_err()
}

/// `get_num_threads()` called by compiled code.
pub extern "C" fn rumba_get_num_threads() -> i64 {
    num_threads() as i64
}

/// `get_thread_id()` called by compiled code: the calling thread's number in its parallel loop, 0
/// outside one.
pub extern "C" fn rumba_get_thread_id() -> i64 {
    i64::from(unsafe { omp_get_thread_num() })
}

/// The most threads a parallel loop may use: `RUMBA_NUM_THREADS` when it is set (Numba's
/// `NUMBA_NUM_THREADS`), else the number of processors.
fn thread_limit() -> i64 {
    let processors = i64::from(unsafe { omp_get_num_procs() }.max(1));
    std::env::var("RUMBA_NUM_THREADS").ok().and_then(|value| value.trim().parse::<i64>().ok()).filter(|limit| *limit >= 1).unwrap_or(processors)
}

/// Sets how many threads this thread's parallel loops use, between 1 and `thread_limit()`.
pub fn set_num_threads(count: i64) -> Result<(), String> {
    // The environment's default first, so that it never overrides this setting later.
    let _ = apply_environment();
    set_omp_threads(count)
}

fn set_omp_threads(count: i64) -> Result<(), String> {
    let most = thread_limit();
    let count = i32::try_from(count)
        .ok()
        .filter(|count| (1..=most).contains(&i64::from(*count)))
        .ok_or_else(|| format!("the number of threads must be between 1 and {most} (RUMBA_NUM_THREADS, or the number of processors), got {count}"))?;
    unsafe { omp_set_num_threads(count) };
    Ok(())
}

/// How many threads this thread's parallel loops use.
pub fn num_threads() -> usize {
    let _ = apply_environment();
    unsafe { omp_get_max_threads() }.max(1) as usize
}

/// Applies `RUMBA_NUM_THREADS` once per process; an invalid value is reported to every caller
/// (each compilation), not ignored.
pub fn apply_environment() -> Result<(), String> {
    static APPLIED: OnceLock<Result<(), String>> = OnceLock::new();
    APPLIED
        .get_or_init(|| match std::env::var("RUMBA_NUM_THREADS") {
            Ok(value) => value.trim().parse::<i64>().map_err(|_| format!("RUMBA_NUM_THREADS must be a positive integer, got '{value}'")).and_then(set_omp_threads),
            Err(_) => Ok(()),
        })
        .clone()
}
