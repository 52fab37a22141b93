//! Runs a CUDA kernel compiled for the CPU: the simulator behind `@cuda.jit` where there is no GPU
//! (and in CI), so that kernels are compiled code checked against the same semantics, not
//! interpreted.
//!
//! Compiled kernel code reads its geometry (`threadIdx`, `blockIdx`, `blockDim`, `gridDim`) by
//! calling [`rumba_cuda_geometry`], and waits at the block barrier by calling
//! [`rumba_cuda_syncthreads`]; the JIT links both by name ([`symbols`]). They read a thread-local
//! context that [`launch`] sets for each simulated thread.
//!
//! Every block of the grid runs; blocks run in parallel on [`crate::threads::num_threads`] OS
//! threads, and the threads of one block run one after another on one OS thread. A kernel that uses
//! `syncthreads` runs each thread of a block as a stackful coroutine (`corosensei`): the barrier
//! suspends the coroutine, and the block's coroutines are resumed round-robin, so that every thread
//! has reached the barrier before any goes past it; a shuffle is a meeting of the thread's warp
//! (32 threads by linear index), which completes when the warp's remaining threads have all
//! reached it. A kernel without barriers is a plain call per thread, which costs no stack switches.
//!
//! Each OS thread running blocks holds the shared memory of the block it runs
//! ([`_mlir_ciface_rumba_cuda_static_shared_memory`] for the kernel's `cuda.shared.array`s,
//! [`_mlir_ciface_rumba_cuda_dynamic_shared_memory`] for the launch's dynamic shared memory).

use std::cell::{Cell, RefCell};
use std::ffi::c_void;
use std::fmt;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::{Arc, Mutex};

use corosensei::stack::DefaultStack;
use corosensei::{Coroutine, CoroutineResult, Yielder};

/// The stack of each simulated thread of a kernel with barriers (each is a coroutine). Compiled
/// kernels keep arrays in memory they are given, not on the stack, so this is generous; a guard page
/// ends each stack.
pub const COROUTINE_STACK_BYTES: usize = 256 * 1024;

/// The stack of each OS thread the simulator starts; a kernel without barriers runs on it.
const WORKER_STACK_BYTES: usize = 8 * 1024 * 1024;

/// The most threads a block may have, and the largest block dimensions (CUDA's limits).
const MAX_BLOCK_THREADS: u64 = 1024;
const MAX_BLOCK_DIMENSIONS: [u32; 3] = [1024, 1024, 64];

/// The most dynamic shared memory a block may have: CUDA's default limit without the opt-in
/// attribute, which the GPU target does not set either.
const MAX_DYNAMIC_SHARED_BYTES: usize = 48 * 1024;

/// The largest grid dimensions (CUDA's limits for compute capability 3.0 and later).
const MAX_GRID_DIMENSIONS: [u32; 3] = [i32::MAX as u32, 65535, 65535];

/// Why a simulated launch failed.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum LaunchError<E> {
    /// A thread's `run_thread` returned this error: the first one seen. The launch stopped (no block
    /// starts after it; blocks running on other OS threads finish).
    Kernel(E),
    /// In this block, some threads finished while others were waiting at `syncthreads`, which a GPU
    /// would hang or misbehave on.
    DivergentBarrier {
        /// `blockIdx` (x, y, z) of the block.
        block: [u32; 3],
    },
    /// The launch could not run: its geometry is invalid, or a coroutine stack could not be
    /// allocated. The message says which.
    Resources(String),
    /// A thread read or wrote an array element outside the array, which a GPU would fault on: the
    /// first such access, with its index, extent and source location ([`rumba_cuda_out_of_bounds`]).
    OutOfBounds(String),
}

impl<E: fmt::Display> fmt::Display for LaunchError<E> {
    fn fmt(&self, formatter: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            LaunchError::Kernel(error) => write!(formatter, "{error}"),
            LaunchError::DivergentBarrier { block: [x, y, z] } => {
                write!(formatter, "syncthreads not reached by all threads of block ({x}, {y}, {z})")
            }
            LaunchError::Resources(message) | LaunchError::OutOfBounds(message) => write!(formatter, "{message}"),
        }
    }
}

/// Where a simulated thread is, as [`rumba_cuda_geometry`] reads it: indexed by `kind * 3 + axis`.
type Geometry = [i64; 12];

/// The context of the simulated thread running on this OS thread.
#[derive(Clone, Copy)]
struct ThreadContext {
    geometry: Geometry,
    /// The yielder of the coroutine running the thread, or null where the kernel was launched
    /// without barrier support (or outside a launch). It lives on the coroutine's own stack, so it
    /// is valid whenever code of that coroutine runs.
    yielder: *const Yielder<(), Meeting>,
    /// What the threads of the block hand each other at meeting points (null with the yielder),
    /// and this thread's linear index in its block (x fastest).
    exchange: *const Exchange,
    lane: usize,
}

impl ThreadContext {
    /// Outside any launch: every geometry value is 0 and `syncthreads` does nothing.
    const OUTSIDE: ThreadContext = ThreadContext { geometry: [0; 12], yielder: std::ptr::null(), exchange: std::ptr::null(), lane: 0 };
}

/// Where a suspended thread waits: at the block's barrier (`syncthreads` and its reductions) or at
/// a meeting of its warp (a shuffle).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Meeting {
    Barrier,
    Warp,
}

/// The threads of a warp (CUDA's 32).
const WARP_SIZE: usize = 32;

/// What the threads of one block hand each other, by linear thread index: each thread's offer at
/// its meeting point (a shuffled value's bits, or a barrier's predicate), the operation and its
/// operand (the shuffle's mode and lane operand, the barrier's reduction), and what it gets back.
/// Only the OS thread running the block touches it.
struct Exchange {
    offers: Vec<Cell<u64>>,
    operations: Vec<Cell<(i32, i64)>>,
    results: Vec<Cell<u64>>,
}

impl Exchange {
    fn new(threads: usize) -> Self {
        Exchange { offers: (0..threads).map(|_| Cell::new(0)).collect(), operations: (0..threads).map(|_| Cell::new((0, 0))).collect(), results: (0..threads).map(|_| Cell::new(0)).collect() }
    }

    /// A warp's shuffle: each waiting lane gets the offer of the lane its mode and operand name
    /// (`SHUFFLE_*`), or its own where that lane is outside the warp or not there.
    fn shuffle(&self, warp_start: usize, present: &[bool]) {
        for lane in (warp_start..warp_start + WARP_SIZE).filter(|&lane| present.get(lane) == Some(&true)) {
            let (mode, operand) = self.operations[lane].get();
            let own = (lane - warp_start) as i64;
            let source = match mode {
                SHUFFLE_INDEX => operand.rem_euclid(WARP_SIZE as i64),
                SHUFFLE_UP => own - operand,
                SHUFFLE_DOWN => own + operand,
                _ => own ^ operand,
            };
            let source = usize::try_from(source).ok().filter(|&source| source < WARP_SIZE).map(|source| warp_start + source).filter(|&source| present.get(source) == Some(&true));
            self.results[lane].set(self.offers[source.unwrap_or(lane)].get());
        }
    }

    /// The block's barrier with a reduction of the threads' predicates (`REDUCE_*`): the count of
    /// true ones, whether all are, whether any is.
    fn reduce(&self) {
        let count = self.offers.iter().filter(|offer| offer.get() != 0).count() as u64;
        let threads = self.offers.len() as u64;
        for (result, operation) in self.results.iter().zip(&self.operations) {
            result.set(match operation.get().0 {
                REDUCE_COUNT => count,
                REDUCE_AND => u64::from(count == threads),
                _ => u64::from(count > 0),
            });
        }
    }
}

/// `rumba_cuda_shuffle_*`'s modes, as `gpu.shuffle` numbers them.
pub const SHUFFLE_XOR: i32 = 0;
pub const SHUFFLE_DOWN: i32 = 1;
pub const SHUFFLE_UP: i32 = 2;
pub const SHUFFLE_INDEX: i32 = 3;
/// `rumba_cuda_syncthreads_reduce`'s reductions.
pub const REDUCE_COUNT: i32 = 0;
pub const REDUCE_AND: i32 = 1;
pub const REDUCE_OR: i32 = 2;

thread_local! {
    static CONTEXT: Cell<ThreadContext> = const { Cell::new(ThreadContext::OUTSIDE) };
    static BLOCK_MEMORY: RefCell<BlockMemory> = const { RefCell::new(BlockMemory { dynamic: Vec::new(), dynamic_bytes: 0, shared_arrays: Vec::new() }) };
}

/// The shared memory of the block an OS thread runs, kept for the next block it runs (a block's
/// shared memory starts with undefined contents on a GPU too). `u128` words align it to 16 bytes.
struct BlockMemory {
    /// The launch's dynamic shared memory, `dynamic_bytes` of it.
    dynamic: Vec<u128>,
    dynamic_bytes: usize,
    /// The kernel's `cuda.shared.array`s, at least as many bytes as they take.
    shared_arrays: Vec<u128>,
}

/// A `memref<?xi8>` as MLIR's C interface passes it.
#[repr(C)]
pub struct ByteMemRef {
    allocated: *mut u8,
    aligned: *mut u8,
    offset: i64,
    size: i64,
    stride: i64,
}

impl ByteMemRef {
    fn of(words: &mut [u128], bytes: usize) -> Self {
        let start = words.as_mut_ptr().cast::<u8>();
        ByteMemRef { allocated: start, aligned: start, offset: 0, size: bytes as i64, stride: 1 }
    }
}

/// Sizes this OS thread's dynamic shared memory for a launch that asks for `bytes`.
fn reserve_dynamic_shared_memory(bytes: usize) {
    BLOCK_MEMORY.with_borrow_mut(|memory| {
        memory.dynamic.resize(bytes.div_ceil(16), 0);
        memory.dynamic_bytes = bytes;
    });
}

/// The dynamic shared memory of the block running on this OS thread (`cuda.shared.array(0, dtype)`):
/// as many bytes as its launch asked for.
///
/// # Safety
/// `result` points to a descriptor to write.
pub unsafe extern "C" fn _mlir_ciface_rumba_cuda_dynamic_shared_memory(result: *mut ByteMemRef) {
    let memory = BLOCK_MEMORY.with_borrow_mut(|memory| ByteMemRef::of(&mut memory.dynamic, memory.dynamic_bytes));
    unsafe { result.write(memory) };
}

/// The memory of the block running on this OS thread that holds the kernel's `cuda.shared.array`s,
/// `bytes` of it (the same for every call of one kernel, so it is not moved while a block runs).
///
/// # Safety
/// `result` points to a descriptor to write.
pub unsafe extern "C" fn _mlir_ciface_rumba_cuda_static_shared_memory(result: *mut ByteMemRef, bytes: i64) {
    let bytes = usize::try_from(bytes).unwrap_or(0);
    let memory = BLOCK_MEMORY.with_borrow_mut(|memory| {
        if memory.shared_arrays.len() * 16 < bytes {
            memory.shared_arrays.resize(bytes.div_ceil(16), 0);
        }
        ByteMemRef::of(&mut memory.shared_arrays, bytes)
    });
    unsafe { result.write(memory) };
}

/// Sets this OS thread's context. While the thread is being torn down there is none to set, and
/// nothing runs kernels then.
fn set_context(context: ThreadContext) {
    let _ = CONTEXT.try_with(|cell| cell.set(context));
}

fn current_context() -> ThreadContext {
    CONTEXT.try_with(Cell::get).unwrap_or(ThreadContext::OUTSIDE)
}

/// Restores the context an OS thread had before the simulator used it (a launch on the calling
/// thread must not leave a kernel's context behind, even if a Rust kernel panics).
struct ContextGuard(ThreadContext);

impl ContextGuard {
    fn save() -> Self {
        ContextGuard(current_context())
    }
}

impl Drop for ContextGuard {
    fn drop(&mut self) {
        set_context(self.0);
    }
}

/// A geometry value of the simulated thread running on this thread: `code = kind * 3 + axis`, kind 0
/// `threadIdx`, 1 `blockIdx`, 2 `blockDim`, 3 `gridDim`; axis 0 x, 1 y, 2 z. Outside a launch, and
/// for a code out of range (which compiled code never passes), it is 0.
pub extern "C" fn rumba_cuda_geometry(code: i32) -> i64 {
    let geometry = current_context().geometry;
    usize::try_from(code).ok().and_then(|code| geometry.get(code).copied()).unwrap_or(0)
}

/// `syncthreads`, the block barrier: suspends the coroutine running the current simulated thread
/// until every thread of its block has reached the barrier, then restores this thread's context
/// (the other threads of the block ran on this OS thread meanwhile). Outside a coroutine (a kernel
/// launched without barrier support, or no launch) it does nothing.
pub extern "C" fn rumba_cuda_syncthreads() {
    meet(Meeting::Barrier, 0, (0, 0));
}

/// Offers `offer` with `operation` at `meeting`, waits there for the block or warp, and gives what
/// the meeting hands back (`Exchange`). Outside a coroutine (a kernel launched without barrier
/// support, or no launch) the thread meets only itself: its own offer back, or for a barrier's
/// reduction what its predicate alone gives.
fn meet(meeting: Meeting, offer: u64, operation: (i32, i64)) -> u64 {
    let context = current_context();
    if context.yielder.is_null() || context.exchange.is_null() {
        return match (meeting, operation.0) {
            (Meeting::Barrier, REDUCE_COUNT | REDUCE_AND | REDUCE_OR) => u64::from(offer != 0),
            _ => offer,
        };
    }
    // SAFETY: a non-null exchange and yielder were set by the coroutine now running on this OS
    // thread (see `run_block_with_barrier`): each coroutine sets its own when it starts and restores
    // them here after every suspension, and the launcher clears them once the block is done, so
    // they point into the live block and the live stack of the running coroutine. The launcher
    // never unwinds a suspended coroutine, so `suspend` returns normally (no unwinding crosses the
    // `extern "C"` functions that call this).
    unsafe {
        let exchange = &*context.exchange;
        exchange.offers[context.lane].set(offer);
        exchange.operations[context.lane].set(operation);
        (*context.yielder).suspend(meeting);
        set_context(context);
        exchange.results[context.lane].get()
    }
}

/// `cuda.syncthreads_count/and/or(predicate)`: the block's barrier, giving how many threads'
/// predicates are true (`REDUCE_COUNT`), or whether all (`REDUCE_AND`) or any (`REDUCE_OR`) are.
pub extern "C" fn rumba_cuda_syncthreads_reduce(reduction: i32, predicate: i32) -> i32 {
    meet(Meeting::Barrier, u64::from(predicate != 0), (reduction, 0)) as i32
}

/// `cuda.shfl_sync` and its kin on 64-bit values: the warp's threads meet, and each gets the value of
/// the lane `mode` and `operand` name (`SHUFFLE_*`).
pub extern "C" fn rumba_cuda_shuffle_i64(mode: i32, value: i64, operand: i64) -> i64 {
    meet(Meeting::Warp, value as u64, (mode, operand)) as i64
}

pub extern "C" fn rumba_cuda_shuffle_i32(mode: i32, value: i32, operand: i64) -> i32 {
    rumba_cuda_shuffle_i64(mode, i64::from(value), operand) as i32
}

pub extern "C" fn rumba_cuda_shuffle_f64(mode: i32, value: f64, operand: i64) -> f64 {
    f64::from_bits(rumba_cuda_shuffle_i64(mode, value.to_bits() as i64, operand) as u64)
}

pub extern "C" fn rumba_cuda_shuffle_f32(mode: i32, value: f32, operand: i64) -> f32 {
    f32::from_bits(rumba_cuda_shuffle_i64(mode, i64::from(value.to_bits()), operand) as u32)
}

/// The first out-of-bounds access of the launch in progress. One for the process: launches from
/// several Python threads at once would share it.
static OUT_OF_BOUNDS: Mutex<Option<String>> = Mutex::new(None);

/// Called by compiled kernels (under `py.boundscheck`) where an index lies outside its array's
/// extent along `dim`; `location` is the access's `file:line:col` (`length` bytes). The access
/// itself goes to element 0 (or is skipped for a write), and the launch fails once it is done.
///
/// # Safety
/// `location` points to `length` readable bytes.
pub unsafe extern "C" fn rumba_cuda_out_of_bounds(location: *const u8, length: i64, dim: i64, index: i64, extent: i64) {
    let location = usize::try_from(length).map_or(String::new(), |length| String::from_utf8_lossy(unsafe { std::slice::from_raw_parts(location, length) }).into_owned());
    let mut first = OUT_OF_BOUNDS.lock().unwrap_or_else(|poisoned| poisoned.into_inner());
    if first.is_none() {
        *first = Some(format!("index {index} is out of bounds for axis {dim} with size {extent}, at {location}"));
    }
}

fn take_out_of_bounds() -> Option<String> {
    OUT_OF_BOUNDS.lock().unwrap_or_else(|poisoned| poisoned.into_inner()).take()
}

/// The simulator's symbols, for the JIT to link compiled kernels against by name.
pub fn symbols() -> Vec<(&'static str, *mut c_void)> {
    vec![
        ("rumba_cuda_geometry", rumba_cuda_geometry as extern "C" fn(i32) -> i64 as *mut c_void),
        ("rumba_cuda_syncthreads", rumba_cuda_syncthreads as extern "C" fn() as *mut c_void),
        ("rumba_cuda_out_of_bounds", rumba_cuda_out_of_bounds as unsafe extern "C" fn(*const u8, i64, i64, i64, i64) as *mut c_void),
        ("rumba_cuda_syncthreads_reduce", rumba_cuda_syncthreads_reduce as extern "C" fn(i32, i32) -> i32 as *mut c_void),
        ("rumba_cuda_shuffle_i64", rumba_cuda_shuffle_i64 as extern "C" fn(i32, i64, i64) -> i64 as *mut c_void),
        ("rumba_cuda_shuffle_i32", rumba_cuda_shuffle_i32 as extern "C" fn(i32, i32, i64) -> i32 as *mut c_void),
        ("rumba_cuda_shuffle_f64", rumba_cuda_shuffle_f64 as extern "C" fn(i32, f64, i64) -> f64 as *mut c_void),
        ("rumba_cuda_shuffle_f32", rumba_cuda_shuffle_f32 as extern "C" fn(i32, f32, i64) -> f32 as *mut c_void),
        ("_mlir_ciface_rumba_cuda_dynamic_shared_memory", _mlir_ciface_rumba_cuda_dynamic_shared_memory as unsafe extern "C" fn(*mut ByteMemRef) as *mut c_void),
        ("_mlir_ciface_rumba_cuda_static_shared_memory", _mlir_ciface_rumba_cuda_static_shared_memory as unsafe extern "C" fn(*mut ByteMemRef, i64) as *mut c_void),
    ]
}

/// What the simulator must know of a kernel's code.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct KernelTraits {
    /// It waits at the block's barrier (`cuda.syncthreads()`).
    pub uses_barrier: bool,
}

/// Runs a kernel: `run_thread` once per thread of every block of `grid` (blocks of `block` threads,
/// with `dynamic_shared_bytes` of dynamic shared memory each),
/// each call with that thread's context set for [`rumba_cuda_geometry`]. Blocks run in parallel on
/// [`crate::threads::num_threads`] OS threads (the calling thread is one of them); the threads of a
/// block run one after another on one of them, in order of their linear index (x fastest).
///
/// `traits.uses_barrier` must be set for a kernel that calls [`rumba_cuda_syncthreads`]: its threads
/// then run as coroutines, resumed round-robin until all have returned. Without it, `syncthreads`
/// does nothing, which is wrong for a kernel that relies on it.
///
/// The first `Err` that `run_thread` returns stops the launch and is returned; so are a divergent
/// barrier and invalid geometry (see [`LaunchError`]). A panic in `run_thread` (a Rust kernel; compiled
/// kernels do not panic) propagates to the caller once the other OS threads have stopped.
pub fn launch<E: Send + 'static>(grid: [u32; 3], block: [u32; 3], dynamic_shared_bytes: usize, traits: KernelTraits, run_thread: Arc<dyn Fn() -> Result<(), E> + Send + Sync>) -> Result<(), LaunchError<E>> {
    validate(grid, block, dynamic_shared_bytes).map_err(LaunchError::Resources)?;
    take_out_of_bounds();
    let blocks = grid.iter().map(|&dimension| u64::from(dimension)).product::<u64>();
    let uses_barrier = traits.uses_barrier;
    let launch = Launch { grid, block, dynamic_shared_bytes, uses_barrier, run_thread: &*run_thread, blocks, next_block: AtomicU64::new(0), stop: AtomicBool::new(false), failure: Mutex::new(None) };
    let workers = u64::try_from(crate::threads::num_threads()).unwrap_or(1).clamp(1, blocks);
    if workers == 1 {
        launch.work();
    } else {
        std::thread::scope(|scope| {
            for _ in 1..workers {
                // Fewer OS threads than asked for is slower, not wrong: a thread that cannot be
                // started leaves its blocks to the others.
                if std::thread::Builder::new().name("rumba-cuda-simulator".into()).stack_size(WORKER_STACK_BYTES).spawn_scoped(scope, || launch.work()).is_err() {
                    break;
                }
            }
            launch.work();
        });
    }
    if let Some(message) = take_out_of_bounds() {
        return Err(LaunchError::OutOfBounds(message));
    }
    match launch.failure.into_inner() {
        Ok(failure) => failure.map_or(Ok(()), Err),
        Err(poisoned) => poisoned.into_inner().map_or(Ok(()), Err),
    }
}

/// Checks the launch geometry and dynamic shared memory against CUDA's limits.
fn validate(grid: [u32; 3], block: [u32; 3], dynamic_shared_bytes: usize) -> Result<(), String> {
    if dynamic_shared_bytes > MAX_DYNAMIC_SHARED_BYTES {
        return Err(format!("too much dynamic shared memory: {dynamic_shared_bytes} bytes asked for, a block has at most {MAX_DYNAMIC_SHARED_BYTES}"));
    }
    let [bx, by, bz] = block;
    let [gx, gy, gz] = grid;
    if block.contains(&0) {
        return Err(format!("invalid block dimensions ({bx}, {by}, {bz}): each must be at least 1"));
    }
    if block.iter().zip(MAX_BLOCK_DIMENSIONS).any(|(&dimension, most)| dimension > most) {
        let [mx, my, mz] = MAX_BLOCK_DIMENSIONS;
        return Err(format!("invalid block dimensions ({bx}, {by}, {bz}): the largest are ({mx}, {my}, {mz})"));
    }
    let threads = block.iter().map(|&dimension| u64::from(dimension)).product::<u64>();
    if threads > MAX_BLOCK_THREADS {
        return Err(format!("too many threads per block: ({bx}, {by}, {bz}) is {threads} threads, at most {MAX_BLOCK_THREADS} are allowed"));
    }
    if grid.contains(&0) {
        return Err(format!("invalid grid dimensions ({gx}, {gy}, {gz}): each must be at least 1"));
    }
    if grid.iter().zip(MAX_GRID_DIMENSIONS).any(|(&dimension, most)| dimension > most) {
        let [mx, my, mz] = MAX_GRID_DIMENSIONS;
        return Err(format!("invalid grid dimensions ({gx}, {gy}, {gz}): the largest are ({mx}, {my}, {mz})"));
    }
    Ok(())
}

/// One launch, shared by the OS threads that run its blocks.
struct Launch<'a, E> {
    grid: [u32; 3],
    block: [u32; 3],
    dynamic_shared_bytes: usize,
    uses_barrier: bool,
    run_thread: &'a (dyn Fn() -> Result<(), E> + Send + Sync),
    /// How many blocks the grid has, and the next one to start (linear index, x fastest).
    blocks: u64,
    next_block: AtomicU64,
    /// Set at the first failure: no block starts after it.
    stop: AtomicBool,
    failure: Mutex<Option<LaunchError<E>>>,
}

impl<E: Send + 'static> Launch<'_, E> {
    /// Runs blocks on this OS thread until none are left or the launch fails.
    fn work(&self) {
        let _restore = ContextGuard::save();
        reserve_dynamic_shared_memory(self.dynamic_shared_bytes);
        let mut stacks = Vec::new();
        while !self.stop.load(Ordering::Acquire) {
            let index = self.next_block.fetch_add(1, Ordering::Relaxed);
            if index >= self.blocks {
                break;
            }
            let [gx, gy, _] = self.grid.map(u64::from);
            // Each coordinate is below its grid dimension, a u32.
            let block_index = [index % gx, index / gx % gy, index / (gx * gy)].map(|coordinate| coordinate as u32);
            let outcome = if self.uses_barrier { self.run_block_with_barrier(block_index, &mut stacks) } else { self.run_block(block_index) };
            set_context(ThreadContext::OUTSIDE);
            if let Err(error) = outcome {
                self.fail(error);
                break;
            }
        }
    }

    /// Records the launch's first failure and stops it.
    fn fail(&self, error: LaunchError<E>) {
        let mut failure = self.failure.lock().unwrap_or_else(|poisoned| poisoned.into_inner());
        if failure.is_none() {
            *failure = Some(error);
        }
        self.stop.store(true, Ordering::Release);
    }

    /// The geometry of each thread of a block, in order of the thread's linear index (x fastest).
    fn thread_geometries(&self, block_index: [u32; 3]) -> impl Iterator<Item = Geometry> + '_ {
        let [bx, by, bz] = self.block;
        (0..bz).flat_map(move |z| (0..by).flat_map(move |y| (0..bx).map(move |x| [x, y, z]))).map(move |thread| {
            let mut geometry = [0; 12];
            for (kind, values) in [thread, block_index, self.block, self.grid].into_iter().enumerate() {
                for (axis, value) in values.into_iter().enumerate() {
                    geometry[kind * 3 + axis] = i64::from(value);
                }
            }
            geometry
        })
    }

    /// Runs a block of a kernel without barriers: one plain call per thread.
    fn run_block(&self, block_index: [u32; 3]) -> Result<(), LaunchError<E>> {
        for geometry in self.thread_geometries(block_index) {
            set_context(ThreadContext { geometry, ..ThreadContext::OUTSIDE });
            (self.run_thread)().map_err(LaunchError::Kernel)?;
        }
        Ok(())
    }

    /// Runs a block of a kernel with barriers: one coroutine per thread, resumed round-robin. Each
    /// round resumes every thread that has not finished; a thread runs until it reaches the barrier
    /// (and is suspended) or returns. A round in which some threads returned while others waited at
    /// the barrier is a divergent barrier. `stacks` keeps coroutine stacks for the next block.
    fn run_block_with_barrier(&self, block_index: [u32; 3], stacks: &mut Vec<DefaultStack>) -> Result<(), LaunchError<E>> {
        let mut threads = Vec::new();
        let exchange = Exchange::new(self.block.iter().map(|&dimension| dimension as usize).product());
        let exchange_pointer: *const Exchange = &exchange;
        for (lane, geometry) in self.thread_geometries(block_index).enumerate() {
            let stack = match stacks.pop() {
                Some(stack) => stack,
                None => match DefaultStack::new(COROUTINE_STACK_BYTES) {
                    Ok(stack) => stack,
                    Err(error) => {
                        // The threads made so far have not started: dropping them runs nothing.
                        return Err(LaunchError::Resources(format!("could not allocate a {} KiB stack for a simulated CUDA thread: {error}", COROUTINE_STACK_BYTES / 1024)));
                    }
                },
            };
            let run_thread = self.run_thread;
            let body = move |yielder: &Yielder<(), Meeting>, ()| {
                set_context(ThreadContext { geometry, yielder, exchange: exchange_pointer, lane });
                run_thread()
            };
            // SAFETY: the coroutine borrows `run_thread` from `self` and the block's exchange, which
            // outlive it: every coroutine is finished, or reset, before this function returns (below).
            threads.push(unsafe { Coroutine::<(), Meeting, Result<(), E>, DefaultStack>::with_stack_unchecked(stack, body) });
        }
        // A panic in a Rust kernel must not drop the suspended coroutines (that would unwind them):
        // it is caught here and resumed after they are reset.
        let outcome = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| Self::resume_until_done(&mut threads, &exchange, block_index)));
        for mut thread in threads {
            if !thread.done() {
                if thread.started() {
                    // Suspended at the barrier after an error. Unwinding its stack would unwind
                    // through compiled code and `extern "C"` frames, which aborts; resetting it
                    // abandons the stack instead. Our frames on it own nothing that needs dropping
                    // (a reference and a copied context); what a Rust kernel owns there leaks.
                    // SAFETY: as just said, nothing on the stack is dropped or used again.
                    unsafe { thread.force_reset() };
                } else {
                    // Never started: this drops the closure without running it.
                    thread.force_unwind();
                }
            }
            stacks.push(thread.into_stack());
        }
        outcome.unwrap_or_else(|panic| std::panic::resume_unwind(panic))
    }

    /// Runs a block's coroutines: each runnable thread until it meets (a barrier or a warp
    /// meeting) or returns; then every warp whose remaining threads all wait at a warp meeting
    /// shuffles and goes on; when no warp can, the block's barrier completes if every thread of
    /// the block waits there. A barrier that some threads returned without reaching, or threads
    /// waiting at meetings that cannot complete, is a divergent barrier.
    fn resume_until_done(threads: &mut [Coroutine<(), Meeting, Result<(), E>, DefaultStack>], exchange: &Exchange, block_index: [u32; 3]) -> Result<(), LaunchError<E>> {
        let mut waiting: Vec<Option<Meeting>> = vec![None; threads.len()];
        loop {
            for (thread, meeting) in threads.iter_mut().zip(waiting.iter_mut()) {
                if thread.done() || meeting.is_some() {
                    continue;
                }
                match thread.resume(()) {
                    CoroutineResult::Yield(reached) => *meeting = Some(reached),
                    CoroutineResult::Return(Ok(())) => {}
                    CoroutineResult::Return(Err(error)) => return Err(LaunchError::Kernel(error)),
                }
            }
            let present: Vec<bool> = threads.iter().map(|thread| !thread.done()).collect();
            if !present.contains(&true) {
                return Ok(());
            }
            let mut released = false;
            for warp_start in (0..threads.len()).step_by(WARP_SIZE) {
                let warp = warp_start..(warp_start + WARP_SIZE).min(threads.len());
                let lanes: Vec<usize> = warp.filter(|&lane| present[lane]).collect();
                if !lanes.is_empty() && lanes.iter().all(|&lane| waiting[lane] == Some(Meeting::Warp)) {
                    exchange.shuffle(warp_start, &present);
                    for lane in lanes {
                        waiting[lane] = None;
                    }
                    released = true;
                }
            }
            if released {
                continue;
            }
            if waiting.iter().all(|meeting| *meeting == Some(Meeting::Barrier)) {
                exchange.reduce();
                waiting.fill(None);
                continue;
            }
            return Err(LaunchError::DivergentBarrier { block: block_index });
        }
    }
}

#[cfg(test)]
mod tests {
    const BARRIER: KernelTraits = KernelTraits { uses_barrier: true };
    use super::*;
    use std::sync::atomic::AtomicI64;

    /// The geometry of the calling simulated thread, as compiled code reads it.
    fn geometry(kind: i32) -> [i64; 3] {
        [0, 1, 2].map(|axis| rumba_cuda_geometry(kind * 3 + axis))
    }

    /// The linear index of the calling thread in its block and of its block in the grid, and the
    /// block's size: what a kernel computes from `threadIdx`, `blockIdx`, `blockDim`, `gridDim`.
    fn indices() -> (i64, i64, i64) {
        let ([tx, ty, tz], [bx, by, bz], [dx, dy, dz], [gx, gy, _]) = (geometry(0), geometry(1), geometry(2), geometry(3));
        (tx + dx * (ty + dy * tz), bx + gx * (by + gy * bz), dx * dy * dz)
    }

    fn slots(count: usize) -> Arc<Vec<AtomicI64>> {
        Arc::new((0..count).map(|_| AtomicI64::new(-1)).collect())
    }

    fn check_grid_indices(grid: [u32; 3], block: [u32; 3], uses_barrier: bool) {
        let total = grid.iter().chain(&block).map(|&dimension| dimension as usize).product::<usize>();
        let output = slots(total);
        let writes = Arc::new(AtomicI64::new(0));
        let (kernel_output, kernel_writes) = (output.clone(), writes.clone());
        let kernel = Arc::new(move || -> Result<(), String> {
            let (thread, block, block_size) = indices();
            let index = block * block_size + thread;
            let slot = kernel_output.get(index as usize).ok_or_else(|| format!("index {index} out of range"))?;
            slot.store(index, Ordering::Relaxed);
            kernel_writes.fetch_add(1, Ordering::Relaxed);
            Ok(())
        });
        assert_eq!(launch(grid, block, 0, KernelTraits { uses_barrier }, kernel), Ok(()));
        assert_eq!(writes.load(Ordering::Relaxed), total as i64);
        for (index, slot) in output.iter().enumerate() {
            assert_eq!(slot.load(Ordering::Relaxed), index as i64);
        }
    }

    #[test]
    fn two_dimensional_grid() {
        check_grid_indices([3, 2, 1], [4, 5, 1], false);
    }

    #[test]
    fn three_dimensional_grid() {
        check_grid_indices([2, 3, 2], [2, 2, 3], false);
        check_grid_indices([2, 3, 2], [2, 2, 3], true);
    }

    #[test]
    fn outside_a_launch_geometry_is_zero_and_syncthreads_does_nothing() {
        assert_eq!(rumba_cuda_geometry(0), 0);
        assert_eq!(rumba_cuda_geometry(11), 0);
        assert_eq!(rumba_cuda_geometry(12), 0);
        assert_eq!(rumba_cuda_geometry(-1), 0);
        rumba_cuda_syncthreads();
        // Alone, a thread shuffles with itself and its predicate is the block's.
        assert_eq!(rumba_cuda_shuffle_i64(SHUFFLE_INDEX, 7, 3), 7);
        assert_eq!(rumba_cuda_shuffle_f32(SHUFFLE_XOR, 1.5, 1), 1.5);
        assert_eq!(rumba_cuda_syncthreads_reduce(REDUCE_COUNT, 5), 1);
        assert_eq!(rumba_cuda_syncthreads_reduce(REDUCE_AND, 0), 0);
        let names: Vec<&str> = symbols().iter().map(|(name, _)| *name).collect();
        for name in ["rumba_cuda_geometry", "rumba_cuda_syncthreads", "rumba_cuda_syncthreads_reduce", "rumba_cuda_shuffle_f64", "rumba_cuda_out_of_bounds"] {
            assert!(names.contains(&name), "{name} is not linked");
        }
    }

    /// Each thread of two blocks of 48 threads (a full warp and half a warp) shuffles its linear
    /// index by every mode, and counts the even indices at a barrier.
    #[test]
    fn warps_shuffle_and_barriers_reduce() {
        let threads = 48usize;
        let output = slots(2 * threads * 5);
        let written = output.clone();
        let kernel = Arc::new(move || -> Result<(), ()> {
            let (thread, block, _) = indices();
            let results = [
                rumba_cuda_shuffle_i64(SHUFFLE_INDEX, thread * 10, 3),
                rumba_cuda_shuffle_i64(SHUFFLE_DOWN, thread * 10, 1),
                rumba_cuda_shuffle_i64(SHUFFLE_UP, thread * 10, 2),
                rumba_cuda_shuffle_i64(SHUFFLE_XOR, thread * 10, 5),
                i64::from(rumba_cuda_syncthreads_reduce(REDUCE_COUNT, i32::from(thread % 2 == 0))),
            ];
            for (slot, result) in results.into_iter().enumerate() {
                written[((block as usize) * threads + thread as usize) * 5 + slot].store(result, Ordering::Relaxed);
            }
            Ok(())
        });
        assert_eq!(launch([2, 1, 1], [threads as u32, 1, 1], 0, BARRIER, kernel), Ok(()));
        for index in 0..2 * threads {
            let thread = (index % threads) as i64;
            let (warp, lane) = (thread / 32 * 32, thread % 32);
            let width = if warp == 0 { 32 } else { threads as i64 - 32 };
            // A lane outside the warp's threads gives the thread its own value.
            let from = |source: i64| if (0..width).contains(&source) { (warp + source) * 10 } else { thread * 10 };
            let expected = [from(3), from(lane + 1), from(lane - 2), from(lane ^ 5), threads as i64 / 2];
            let got: Vec<i64> = (0..5).map(|slot| output[index * 5 + slot].load(Ordering::Relaxed)).collect();
            assert_eq!(got, expected, "thread {thread} of block {}", index / threads);
        }
    }

    /// Blocks run at once, each with shared memory of its own: every thread writes its block's
    /// index into its slot of both kinds of shared memory, waits, and finds only its block's index
    /// in every slot; the dynamic memory has the size the launch asked for.
    #[test]
    fn each_block_has_its_own_shared_memory() {
        let (threads, blocks) = (8usize, 16u32);
        let mismatches = Arc::new(AtomicU64::new(0));
        let seen = mismatches.clone();
        let kernel = Arc::new(move || -> Result<(), ()> {
            let [thread, block] = [geometry(0)[0], geometry(1)[0]].map(|value| value as usize);
            let memory = |dynamic: bool| {
                let mut descriptor = std::mem::MaybeUninit::<ByteMemRef>::uninit();
                // SAFETY: the functions write a whole descriptor.
                let descriptor = unsafe {
                    if dynamic {
                        _mlir_ciface_rumba_cuda_dynamic_shared_memory(descriptor.as_mut_ptr());
                    } else {
                        _mlir_ciface_rumba_cuda_static_shared_memory(descriptor.as_mut_ptr(), (threads * 8) as i64);
                    }
                    descriptor.assume_init()
                };
                assert_eq!(descriptor.size as usize, threads * 8);
                descriptor.aligned.cast::<u64>()
            };
            for dynamic in [false, true] {
                // SAFETY: each thread writes its own slot of memory `threads` u64s long.
                unsafe { memory(dynamic).add(thread).write(block as u64) };
            }
            rumba_cuda_syncthreads();
            for dynamic in [false, true] {
                for slot in 0..threads {
                    // SAFETY: the barrier ordered every write of this block before these reads.
                    if unsafe { memory(dynamic).add(slot).read() } != block as u64 {
                        seen.fetch_add(1, Ordering::Relaxed);
                    }
                }
            }
            Ok(())
        });
        assert_eq!(launch([blocks, 1, 1], [threads as u32, 1, 1], threads * 8, BARRIER, kernel), Ok(()));
        assert_eq!(mismatches.load(Ordering::Relaxed), 0);
    }

    #[test]
    fn the_calling_thread_keeps_its_context() {
        let kernel = Arc::new(|| -> Result<(), ()> { Ok(()) });
        assert_eq!(launch([1, 1, 1], [3, 1, 1], 0, BARRIER, kernel), Ok(()));
        assert_eq!(geometry(2), [0, 0, 0]);
    }

    /// Each thread writes its slot, waits at the barrier, reads its neighbour's slot (which every
    /// thread wrote before the barrier), waits again, and overwrites its slot: the second barrier
    /// keeps the overwrite from being seen by the neighbour's read. The geometry read after each
    /// barrier is still the thread's own.
    #[test]
    fn barrier_orders_writes_before_reads() {
        let (grid, block) = ([3, 2, 1], [8, 4, 2]);
        let total = 6 * 64;
        let shared = slots(total);
        let seen = slots(total);
        let (kernel_shared, kernel_seen) = (shared.clone(), seen.clone());
        let kernel = Arc::new(move || -> Result<(), String> {
            let before = (geometry(0), geometry(1));
            let (thread, block, block_size) = indices();
            let base = block * block_size;
            kernel_shared[(base + thread) as usize].store(1000 * block + thread, Ordering::Relaxed);
            rumba_cuda_syncthreads();
            if (geometry(0), geometry(1)) != before {
                return Err(format!("the context changed across the barrier: {before:?} became {:?}", (geometry(0), geometry(1))));
            }
            let neighbour = (thread + 1) % block_size;
            kernel_seen[(base + thread) as usize].store(kernel_shared[(base + neighbour) as usize].load(Ordering::Relaxed), Ordering::Relaxed);
            rumba_cuda_syncthreads();
            kernel_shared[(base + thread) as usize].store(-7, Ordering::Relaxed);
            Ok(())
        });
        assert_eq!(launch(grid, block, 0, BARRIER, kernel), Ok(()));
        for block in 0..6 {
            for thread in 0..64 {
                let expected = 1000 * block + (thread + 1) % 64;
                assert_eq!(seen[(block * 64 + thread) as usize].load(Ordering::Relaxed), expected, "block {block} thread {thread}");
            }
        }
        assert!(shared.iter().all(|slot| slot.load(Ordering::Relaxed) == -7));
    }

    #[test]
    fn divergent_barrier_is_an_error() {
        let kernel = Arc::new(|| -> Result<(), String> {
            let ([tx, _, _], [bx, _, _]) = (geometry(0), geometry(1));
            // In block 1 thread 0 leaves early; the others wait at the barrier.
            if bx != 1 || tx != 0 {
                rumba_cuda_syncthreads();
            }
            Ok(())
        });
        let error = launch([3, 1, 1], [16, 1, 1], 0, BARRIER, kernel);
        assert_eq!(error, Err(LaunchError::DivergentBarrier { block: [1, 0, 0] }));
        assert_eq!(error.map_err(|error| error.to_string()), Err("syncthreads not reached by all threads of block (1, 0, 0)".to_string()));
    }

    #[test]
    fn an_error_from_a_thread_stops_the_launch() {
        for uses_barrier in [false, true] {
            let kernel = Arc::new(move || -> Result<(), String> {
                let (thread, block, block_size) = indices();
                let index = block * block_size + thread;
                if uses_barrier {
                    rumba_cuda_syncthreads();
                }
                if index == 37 {
                    return Err(format!("thread {index} failed"));
                }
                Ok(())
            });
            assert_eq!(launch([4, 1, 1], [32, 1, 1], 0, KernelTraits { uses_barrier }, kernel), Err(LaunchError::Kernel("thread 37 failed".to_string())));
        }
        // Stacks of coroutines reset after an error are reused by the blocks that follow on that OS
        // thread; blocks after a failed one run correctly (one OS thread, so every block reuses).
        let kernel = Arc::new(|| -> Result<(), String> {
            let ([tx, _, _], [bx, _, _]) = (geometry(0), geometry(1));
            rumba_cuda_syncthreads();
            if bx == 0 && tx == 3 {
                return Err("first block failed".to_string());
            }
            Ok(())
        });
        let launch_one = Launch { grid: [3, 1, 1], block: [8, 1, 1], dynamic_shared_bytes: 0, uses_barrier: true, run_thread: &*kernel, blocks: 3, next_block: AtomicU64::new(0), stop: AtomicBool::new(false), failure: Mutex::new(None) };
        let mut stacks = Vec::new();
        assert_eq!(launch_one.run_block_with_barrier([0, 0, 0], &mut stacks), Err(LaunchError::Kernel("first block failed".to_string())));
        assert_eq!(stacks.len(), 8);
        assert_eq!(launch_one.run_block_with_barrier([1, 0, 0], &mut stacks), Ok(()));
        assert_eq!(stacks.len(), 8);
        set_context(ThreadContext::OUTSIDE);
    }

    #[test]
    fn invalid_geometry_is_refused() {
        let kernel: Arc<dyn Fn() -> Result<(), ()> + Send + Sync> = Arc::new(|| Ok(()));
        let message = |grid, block| match launch(grid, block, 0, KernelTraits::default(), kernel.clone()) {
            Err(LaunchError::Resources(message)) => message,
            other => panic!("expected a resource error, got {other:?}"),
        };
        assert!(message([1, 1, 1], [0, 1, 1]).contains("at least 1"));
        assert!(message([1, 1, 1], [32, 32, 2]).contains("too many threads per block"));
        assert!(message([1, 1, 1], [1, 1, 65]).contains("the largest are (1024, 1024, 64)"));
        assert!(message([1, 0, 1], [1, 1, 1]).contains("invalid grid dimensions (1, 0, 1)"));
        assert!(message([1, 65536, 1], [1, 1, 1]).contains("invalid grid dimensions"));
        let too_much = launch([1, 1, 1], [1, 1, 1], MAX_DYNAMIC_SHARED_BYTES + 1, KernelTraits::default(), kernel);
        assert!(matches!(too_much, Err(LaunchError::Resources(message)) if message.contains("too much dynamic shared memory")));
    }
}
