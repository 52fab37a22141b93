//! The real GPU: device memory, PTX modules and kernel launches through the CUDA driver API
//! (`cudarc`), whose library (`libcuda`) is loaded at run time. Building rumba needs no CUDA, and on
//! a machine without a driver or a GPU every entry point reports that there is no GPU (an `Err`, or
//! `false` from [`is_available`]) instead of failing to load: the engine then uses the simulator.
//!
//! Kernels are PTX text (from MLIR's NVVM route) that the driver compiles for the GPU at load. One
//! context per process is used, on device 0. Work goes to its default stream, or to a [`Stream`]
//! where one is given: copies on the default stream are synchronous, copies on a stream and all
//! launches are not ([`LoadedModule::synchronize`], [`Stream::synchronize`] wait for them). Memory
//! is device memory ([`DeviceBuffer`], also managed), or page-locked host memory ([`HostBuffer`],
//! which copies on a stream need to overlap with work, and which may be mapped into the device's
//! address space).

use std::ffi::{c_void, CString};
use std::panic::{catch_unwind, AssertUnwindSafe};
use std::sync::{Arc, OnceLock};

use crate::abi::Number;
use cudarc::driver::result::{self, DriverError};
use cudarc::driver::{sys, CudaContext};

/// The size of the buffer for the driver's PTX compilation errors.
const JIT_ERROR_LOG_BYTES: usize = 16 * 1024;

/// Describes a driver error: what was being done, and the driver's name and text for the error.
fn driver_error(doing: &str, error: DriverError) -> String {
    let name = error.error_name().map(|name| name.to_string_lossy().into_owned()).unwrap_or_else(|_| format!("{:?}", error.0));
    match error.error_string() {
        Ok(text) => format!("{doing}: {name} ({})", text.to_string_lossy()),
        Err(_) => format!("{doing}: {name}"),
    }
}

/// Whether a CUDA GPU can be used: the driver library loads and reports at least one device. It is
/// checked once per process; nothing here panics (cudarc panics where the library is missing, so
/// that is checked first, and its calls are guarded besides).
pub fn is_available() -> bool {
    static AVAILABLE: OnceLock<bool> = OnceLock::new();
    *AVAILABLE.get_or_init(|| device_count().is_ok_and(|count| count > 0))
}

/// How many CUDA devices the driver reports, or why it cannot be asked.
fn device_count() -> Result<i32, String> {
    // SAFETY: this only tries to open the library (and closes it again).
    if !unsafe { sys::is_culib_present() } {
        return Err("no CUDA GPU: the CUDA driver library (libcuda) is not installed".to_string());
    }
    match catch_unwind(CudaContext::device_count) {
        Ok(Ok(count)) => Ok(count),
        Ok(Err(error)) => Err(driver_error("no CUDA GPU: the CUDA driver could not be initialised", error)),
        Err(_) => Err("no CUDA GPU: the CUDA driver library could not be used".to_string()),
    }
}

/// The process's CUDA context on device 0, made at the first call. Work is submitted to its default
/// stream.
pub fn context() -> Result<Arc<CudaContext>, String> {
    static CONTEXT: OnceLock<Result<Arc<CudaContext>, String>> = OnceLock::new();
    CONTEXT
        .get_or_init(|| {
            device_count().and_then(|count| if count > 0 { Ok(()) } else { Err("no CUDA GPU: the CUDA driver reports no devices".to_string()) })?;
            match catch_unwind(AssertUnwindSafe(|| CudaContext::new(0))) {
                Ok(Ok(context)) => Ok(context),
                Ok(Err(error)) => Err(driver_error("could not create a CUDA context on device 0", error)),
                Err(_) => Err("could not create a CUDA context on device 0: the CUDA driver library could not be used".to_string()),
            }
        })
        .clone()
}

/// The process's context, made current on the calling thread (the driver API acts on the current
/// context of the calling thread).
fn bound_context() -> Result<Arc<CudaContext>, String> {
    let context = context()?;
    context.bind_to_thread().map_err(|error| driver_error("could not make the CUDA context current", error))?;
    Ok(context)
}

/// The compute capability (major, minor) of device 0, e.g. (9, 0) for an H100.
pub fn compute_capability() -> Result<(u32, u32), String> {
    let (major, minor) = context()?.compute_capability().map_err(|error| driver_error("could not read the GPU's compute capability", error))?;
    let version = |part: i32| u32::try_from(part).map_err(|_| format!("the GPU reports an invalid compute capability {major}.{minor}"));
    Ok((version(major)?, version(minor)?))
}

/// The name of device 0, e.g. "NVIDIA H100 80GB HBM3".
pub fn device_name() -> Result<String, String> {
    context()?.name().map_err(|error| driver_error("could not read the GPU's name", error))
}

/// An allocation of device memory, freed when dropped. Zero bytes is allowed (its pointer is 0 and
/// copies of zero bytes do nothing).
#[derive(Debug)]
pub struct DeviceBuffer {
    pointer: sys::CUdeviceptr,
    bytes: usize,
    /// Keeps the context alive while the memory is.
    context: Arc<CudaContext>,
}

impl DeviceBuffer {
    /// Allocates `bytes` bytes of device memory (uninitialised).
    pub fn alloc(bytes: usize) -> Result<Self, String> {
        let context = bound_context()?;
        if bytes == 0 {
            return Ok(DeviceBuffer { pointer: 0, bytes, context });
        }
        // SAFETY: a plain allocation in the current context.
        let pointer = unsafe { result::malloc_sync(bytes) }.map_err(|error| driver_error(&format!("could not allocate {bytes} bytes of GPU memory"), error))?;
        Ok(DeviceBuffer { pointer, bytes, context })
    }

    /// Allocates `bytes` bytes of managed memory (uninitialised): one address that the host and
    /// the device both use, migrated by the driver where it is touched.
    pub fn alloc_managed(bytes: usize) -> Result<Self, String> {
        let context = bound_context()?;
        if bytes == 0 {
            return Ok(DeviceBuffer { pointer: 0, bytes, context });
        }
        // SAFETY: a plain allocation in the current context, visible to every stream.
        let pointer = unsafe { result::malloc_managed(bytes, sys::CUmemAttach_flags::CU_MEM_ATTACH_GLOBAL) }
            .map_err(|error| driver_error(&format!("could not allocate {bytes} bytes of managed memory"), error))?;
        Ok(DeviceBuffer { pointer, bytes, context })
    }

    /// The device address of the allocation (a kernel's pointer parameter, as `Number::U64`).
    pub fn pointer(&self) -> u64 {
        self.pointer
    }

    /// The size of the allocation in bytes.
    pub fn bytes(&self) -> usize {
        self.bytes
    }

    fn check_size(&self, bytes: usize, direction: &str) -> Result<(), String> {
        if bytes > self.bytes {
            return Err(format!("cannot copy {bytes} bytes {direction} a GPU buffer of {} bytes", self.bytes));
        }
        Ok(())
    }

    /// Copies `bytes` bytes from host memory at `host` to the start of the buffer, and waits for the
    /// copy (and work submitted before it) to finish.
    ///
    /// # Safety
    /// `host` must be valid for reading `bytes` bytes.
    pub unsafe fn copy_from_host(&self, host: *const u8, bytes: usize) -> Result<(), String> {
        self.check_size(bytes, "into")?;
        // SAFETY: the caller's promise, and the allocation holds `bytes` bytes (checked above).
        unsafe { copy_host_to_device(self.pointer, host, bytes, None) }
    }

    /// Copies `bytes` bytes from the start of the buffer to host memory at `host`, after the work
    /// submitted before it has finished.
    ///
    /// # Safety
    /// `host` must be valid for writing `bytes` bytes.
    pub unsafe fn copy_to_host(&self, host: *mut u8, bytes: usize) -> Result<(), String> {
        self.check_size(bytes, "out of")?;
        // SAFETY: as above.
        unsafe { copy_device_to_host(host, self.pointer, bytes, None) }
    }

    /// Copies a host slice to the start of the buffer ([`DeviceBuffer::copy_from_host`], safely).
    pub fn copy_from_slice(&self, host: &[u8]) -> Result<(), String> {
        // SAFETY: a slice is readable for its length.
        unsafe { self.copy_from_host(host.as_ptr(), host.len()) }
    }

    /// Copies the start of the buffer into a host slice ([`DeviceBuffer::copy_to_host`], safely).
    pub fn copy_to_slice(&self, host: &mut [u8]) -> Result<(), String> {
        // SAFETY: a mutable slice is writable for its length.
        unsafe { self.copy_to_host(host.as_mut_ptr(), host.len()) }
    }
}

/// Copies `bytes` bytes from host memory at `host` to device memory at `device` (a buffer of ours
/// or another library's array, seen through the CUDA Array Interface), after the work submitted
/// before it: at once on the default stream, queued on `stream` where one is given.
///
/// # Safety
/// `host` must be valid for reading `bytes` bytes (until `stream` has done the copy), and `device`
/// a device allocation of as many.
pub unsafe fn copy_host_to_device(device: u64, host: *const u8, bytes: usize, stream: Option<&Stream>) -> Result<(), String> {
    if bytes == 0 {
        return Ok(());
    }
    if host.is_null() || device == 0 {
        return Err("cannot copy to the GPU from or to a null pointer".to_string());
    }
    bound_context()?;
    // SAFETY: the caller's promise.
    let source = unsafe { std::slice::from_raw_parts(host, bytes) };
    let copied = match stream {
        Some(stream) => unsafe { result::memcpy_htod_async(device, source, stream.stream) },
        None => unsafe { result::memcpy_htod_sync(device, source) },
    };
    copied.map_err(|error| driver_error(&format!("could not copy {bytes} bytes to the GPU"), error))
}

/// Copies `bytes` bytes from device memory at `device` to host memory at `host`, after the work
/// submitted before it: at once on the default stream, queued on `stream` where one is given.
///
/// # Safety
/// `host` must be valid for writing `bytes` bytes (until `stream` has done the copy), and `device`
/// a device allocation of as many.
pub unsafe fn copy_device_to_host(host: *mut u8, device: u64, bytes: usize, stream: Option<&Stream>) -> Result<(), String> {
    if bytes == 0 {
        return Ok(());
    }
    if host.is_null() || device == 0 {
        return Err("cannot copy from the GPU from or to a null pointer".to_string());
    }
    bound_context()?;
    // SAFETY: the caller's promise.
    let destination = unsafe { std::slice::from_raw_parts_mut(host, bytes) };
    let copied = match stream {
        Some(stream) => unsafe { result::memcpy_dtoh_async(destination, device, stream.stream) },
        None => unsafe { result::memcpy_dtoh_sync(destination, device) },
    };
    copied.map_err(|error| driver_error(&format!("could not copy {bytes} bytes from the GPU"), error))
}

/// Page-locked host memory, freed when dropped: copies from and to it on a stream run alongside
/// kernels. `mapped` memory is also in the device's address space ([`HostBuffer::device_pointer`]),
/// so kernels read and write it where it is.
#[derive(Debug)]
pub struct HostBuffer {
    pointer: *mut c_void,
    bytes: usize,
    mapped: bool,
    context: Arc<CudaContext>,
}

// SAFETY: page-locked memory belongs to the context, not to a thread.
unsafe impl Send for HostBuffer {}
unsafe impl Sync for HostBuffer {}

impl HostBuffer {
    /// Allocates `bytes` bytes of page-locked host memory (uninitialised), mapped into the device's
    /// address space where `mapped`.
    pub fn alloc(bytes: usize, mapped: bool) -> Result<Self, String> {
        let context = bound_context()?;
        if bytes == 0 {
            return Ok(HostBuffer { pointer: std::ptr::null_mut(), bytes, mapped, context });
        }
        let flags = sys::CU_MEMHOSTALLOC_PORTABLE | if mapped { sys::CU_MEMHOSTALLOC_DEVICEMAP } else { 0 };
        // SAFETY: a plain allocation in the current context.
        let pointer = unsafe { result::malloc_host(bytes, flags) }.map_err(|error| driver_error(&format!("could not allocate {bytes} bytes of page-locked host memory"), error))?;
        Ok(HostBuffer { pointer, bytes, mapped, context })
    }

    /// The host address of the memory.
    pub fn pointer(&self) -> u64 {
        self.pointer as u64
    }

    pub fn bytes(&self) -> usize {
        self.bytes
    }

    /// The device's address of mapped memory.
    pub fn device_pointer(&self) -> Result<u64, String> {
        if !self.mapped {
            return Err("page-locked memory that is not mapped has no device address".to_string());
        }
        if self.pointer.is_null() {
            return Ok(0);
        }
        self.context.bind_to_thread().map_err(|error| driver_error("could not make the CUDA context current", error))?;
        let mut device: sys::CUdeviceptr = 0;
        // SAFETY: the memory was allocated mapped by `alloc`, and `device` is a place to write.
        unsafe { sys::cuMemHostGetDevicePointer_v2(&mut device, self.pointer, 0) }.result().map_err(|error| driver_error("could not find the device address of mapped memory", error))?;
        Ok(device)
    }
}

impl Drop for HostBuffer {
    fn drop(&mut self) {
        if !self.pointer.is_null() && self.context.bind_to_thread().is_ok() {
            // SAFETY: the pointer came from `malloc_host` and is freed once, here.
            let _ = unsafe { result::free_host(self.pointer) };
        }
    }
}

/// Host memory of another allocation (a NumPy array's) page-locked while this lives
/// (`cuda.pinned(...)`), so that copies from and to it on a stream run alongside kernels.
pub struct RegisteredHostMemory {
    pointer: *mut c_void,
    context: Arc<CudaContext>,
}

// SAFETY: registration belongs to the context, not to a thread.
unsafe impl Send for RegisteredHostMemory {}
unsafe impl Sync for RegisteredHostMemory {}

impl RegisteredHostMemory {
    /// Page-locks the `bytes` bytes at `pointer`.
    ///
    /// # Safety
    /// The memory must stay allocated while the registration lives.
    pub unsafe fn register(pointer: u64, bytes: usize) -> Result<Self, String> {
        let context = bound_context()?;
        let pointer = pointer as *mut c_void;
        // SAFETY: the caller's promise; the driver checks the range is mapped host memory.
        unsafe { sys::cuMemHostRegister_v2(pointer, bytes, sys::CU_MEMHOSTREGISTER_PORTABLE) }.result().map_err(|error| driver_error(&format!("could not page-lock {bytes} bytes of host memory"), error))?;
        Ok(RegisteredHostMemory { pointer, context })
    }
}

impl Drop for RegisteredHostMemory {
    fn drop(&mut self) {
        if self.context.bind_to_thread().is_ok() {
            // SAFETY: registered by `register`, unregistered once, here.
            let _ = unsafe { sys::cuMemHostUnregister(self.pointer) };
        }
    }
}

/// Waits for the work on another library's stream (a CUDA Array Interface's `stream`: a handle,
/// or 1 and 2 for the legacy and per-thread default streams, which the driver takes as handles).
///
/// # Safety
/// `handle` must be a live stream of this process's context, or 1 or 2.
pub unsafe fn synchronize_foreign_stream(handle: u64) -> Result<(), String> {
    bound_context()?;
    // SAFETY: the caller's promise.
    unsafe { result::stream::synchronize(handle as sys::CUstream) }.map_err(|error| driver_error("could not wait for the stream of an array's CUDA Array Interface", error))
}

/// A CUDA stream: work queued on it runs in order, and may overlap work on other streams. Like
/// Numba's `cuda.stream()`, it is a blocking stream: work on the default stream waits for it.
pub struct Stream {
    stream: sys::CUstream,
    context: Arc<CudaContext>,
}

// SAFETY: a stream handle belongs to the context; every use binds it first.
unsafe impl Send for Stream {}
unsafe impl Sync for Stream {}

impl Stream {
    pub fn new() -> Result<Self, String> {
        let context = bound_context()?;
        let stream = result::stream::create(result::stream::StreamKind::Default).map_err(|error| driver_error("could not create a CUDA stream", error))?;
        Ok(Stream { stream, context })
    }

    /// Waits for the work queued on the stream; an error a kernel met is reported here.
    pub fn synchronize(&self) -> Result<(), String> {
        self.context.bind_to_thread().map_err(|error| driver_error("could not make the CUDA context current", error))?;
        // SAFETY: the stream was created by `new` and is destroyed only on drop.
        unsafe { result::stream::synchronize(self.stream) }.map_err(|error| driver_error("a GPU kernel failed", error))
    }
}

impl Drop for Stream {
    fn drop(&mut self) {
        if self.context.bind_to_thread().is_ok() {
            // SAFETY: created by `new`, destroyed once, here; queued work still completes.
            let _ = unsafe { result::stream::destroy(self.stream) };
        }
    }
}

/// The driver's handle of `stream`, the default stream's for `None`.
fn handle(stream: Option<&Stream>) -> sys::CUstream {
    stream.map_or(result::stream::null(), |stream| stream.stream)
}

impl Drop for DeviceBuffer {
    fn drop(&mut self) {
        if self.pointer != 0 && self.context.bind_to_thread().is_ok() {
            // A failure here (the context is already broken by an earlier error) leaves nothing
            // to do: the memory goes with the context.
            // SAFETY: the pointer came from `malloc_sync` and is freed once, here.
            let _ = unsafe { result::free_sync(self.pointer) };
        }
    }
}

/// A PTX module loaded into the process's context (compiled for the GPU by the driver), unloaded
/// when dropped.
#[derive(Debug)]
pub struct LoadedModule {
    module: sys::CUmodule,
    context: Arc<CudaContext>,
}

// SAFETY: a module handle belongs to a context, not to a thread; the driver API may be called on it
// from any thread where the context is current (each use binds it first).
unsafe impl Send for LoadedModule {}
unsafe impl Sync for LoadedModule {}

impl LoadedModule {
    /// Loads PTX text; the driver compiles it for the GPU. A PTX error comes back with the driver's
    /// compilation log.
    pub fn load(ptx: &str) -> Result<Self, String> {
        let text = CString::new(ptx).map_err(|_| "PTX text must not contain a NUL character".to_string())?;
        let context = bound_context()?;
        let mut log = vec![0u8; JIT_ERROR_LOG_BYTES];
        let mut options = [sys::CUjit_option::CU_JIT_ERROR_LOG_BUFFER, sys::CUjit_option::CU_JIT_ERROR_LOG_BUFFER_SIZE_BYTES];
        // The driver takes a buffer size by value in the pointer-sized option slot.
        let mut values = [log.as_mut_ptr().cast::<c_void>(), JIT_ERROR_LOG_BYTES as *mut c_void];
        let mut module: sys::CUmodule = std::ptr::null_mut();
        // SAFETY: `text` is a NUL-terminated PTX image; the options and values arrays have the
        // length given and the log buffer has the size given; all outlive the call.
        let status = unsafe { sys::cuModuleLoadDataEx(&mut module, text.as_ptr().cast(), options.len() as u32, options.as_mut_ptr(), values.as_mut_ptr()) };
        if let Err(error) = status.result() {
            let end = log.iter().position(|&byte| byte == 0).unwrap_or(log.len());
            let log = String::from_utf8_lossy(&log[..end]);
            let message = driver_error("the CUDA driver could not load the PTX", error);
            return Err(if log.trim().is_empty() { message } else { format!("{message}:\n{}", log.trim_end()) });
        }
        Ok(LoadedModule { module, context })
    }

    /// Launches the kernel `kernel` of the module on `grid` blocks of `block` threads with
    /// `shared_bytes` bytes of dynamic shared memory per block, on `stream` (the default stream for
    /// `None`). It does not
    /// wait for the kernel: see [`LoadedModule::synchronize`]. Each parameter is passed by value as
    /// the C type of its number (a device pointer is a `U64`, a bool a byte), copied at the launch.
    pub fn launch(&self, kernel: &str, grid: [u32; 3], block: [u32; 3], shared_bytes: u32, stream: Option<&Stream>, parameters: &[Number]) -> Result<(), String> {
        if parameters.iter().any(|parameter| matches!(parameter, Number::Complex(..))) {
            return Err(format!("kernel '{kernel}': complex numbers are not passed to GPU kernels yet"));
        }
        let name = CString::new(kernel).map_err(|_| format!("invalid kernel name {kernel:?}: it contains a NUL character"))?;
        self.context.bind_to_thread().map_err(|error| driver_error("could not make the CUDA context current", error))?;
        // SAFETY: the module is loaded (it is unloaded only on drop).
        let function = unsafe { result::module::get_function(self.module, name) }.map_err(|error| driver_error(&format!("the PTX module has no kernel '{kernel}'"), error))?;
        // The value's bytes at the start of an 8-byte slot, which the driver reads as the parameter's type.
        let mut slots: Vec<u64> = parameters.iter().map(|parameter| parameter.slot()[0]).collect();
        let mut pointers: Vec<*mut c_void> = slots.iter_mut().map(|slot| (slot as *mut u64).cast::<c_void>()).collect();
        let [gx, gy, gz] = grid;
        let [bx, by, bz] = block;
        // SAFETY: `function` is a kernel of this loaded module; each pointer points to a live slot
        // holding a value of the parameter's type, which the driver copies before returning. The
        // parameters matching the kernel's signature is the caller's contract (the driver cannot
        // check it).
        unsafe { result::launch_kernel(function, (gx, gy, gz), (bx, by, bz), shared_bytes, handle(stream), &mut pointers) }
            .map_err(|error| driver_error(&format!("could not launch kernel '{kernel}' on grid ({gx}, {gy}, {gz}) with blocks ({bx}, {by}, {bz}) and {shared_bytes} bytes of shared memory"), error))
    }

    /// Waits for all work submitted to the GPU to finish; an error a kernel met while running
    /// (an invalid address, a trap) is reported here.
    pub fn synchronize(&self) -> Result<(), String> {
        self.context.bind_to_thread().map_err(|error| driver_error("could not make the CUDA context current", error))?;
        result::ctx::synchronize().map_err(|error| driver_error("a GPU kernel failed", error))
    }
}

impl Drop for LoadedModule {
    fn drop(&mut self) {
        if self.context.bind_to_thread().is_ok() {
            // SAFETY: the module was loaded by `load` and is unloaded once, here. A failure leaves
            // nothing to do.
            let _ = unsafe { result::module::unload(self.module) };
        }
    }
}

/// A CUDA event, which `rumba.cuda.event()` records on a stream to time work or to wait for it.
pub struct Event {
    event: sys::CUevent,
    /// Keeps the context alive while the event is.
    context: Arc<CudaContext>,
}

// SAFETY: a CUevent is a handle the driver lets any thread use once the context is current, which
// every method makes it first.
unsafe impl Send for Event {}
unsafe impl Sync for Event {}

impl Event {
    /// A new event; `timing` lets `elapsed_since` measure between two of them.
    pub fn new(timing: bool) -> Result<Self, String> {
        let context = bound_context()?;
        let flags = if timing { sys::CUevent_flags::CU_EVENT_DEFAULT } else { sys::CUevent_flags::CU_EVENT_DISABLE_TIMING };
        let event = result::event::create(flags).map_err(|error| driver_error("could not create a CUDA event", error))?;
        Ok(Self { event, context })
    }

    /// Records the event after the work queued so far on `stream` (the default stream for `None`).
    pub fn record(&self, stream: Option<&Stream>) -> Result<(), String> {
        self.context.bind_to_thread().map_err(|error| driver_error("could not make the CUDA context current", error))?;
        // SAFETY: the event was created by `new` and is not destroyed before `drop`.
        unsafe { result::event::record(self.event, handle(stream)) }.map_err(|error| driver_error("could not record a CUDA event", error))
    }

    /// Makes work queued on `stream` from now on wait for the event's last record.
    pub fn make_wait(&self, stream: Option<&Stream>) -> Result<(), String> {
        self.context.bind_to_thread().map_err(|error| driver_error("could not make the CUDA context current", error))?;
        // SAFETY: as in `record`.
        unsafe { sys::cuStreamWaitEvent(handle(stream), self.event, 0) }.result().map_err(|error| driver_error("could not make a stream wait for a CUDA event", error))
    }

    /// Waits until the work before the event's last record is done.
    pub fn synchronize(&self) -> Result<(), String> {
        self.context.bind_to_thread().map_err(|error| driver_error("could not make the CUDA context current", error))?;
        // SAFETY: as in `record`.
        unsafe { result::event::synchronize(self.event) }.map_err(|error| driver_error("a GPU kernel failed", error))
    }

    /// Whether the work before the event's last record is done.
    pub fn query(&self) -> Result<bool, String> {
        self.context.bind_to_thread().map_err(|error| driver_error("could not make the CUDA context current", error))?;
        // SAFETY: as in `record`.
        match unsafe { result::event::query(self.event) } {
            Ok(()) => Ok(true),
            Err(DriverError(sys::CUresult::CUDA_ERROR_NOT_READY)) => Ok(false),
            Err(error) => Err(driver_error("a GPU kernel failed", error)),
        }
    }

    /// Milliseconds from `start`'s record to this event's (both recorded, and done).
    pub fn elapsed_since(&self, start: &Event) -> Result<f32, String> {
        self.context.bind_to_thread().map_err(|error| driver_error("could not make the CUDA context current", error))?;
        // SAFETY: both events were created by `new` in this context and are alive.
        unsafe { result::event::elapsed(start.event, self.event) }.map_err(|error| driver_error("could not measure the time between CUDA events", error))
    }
}

impl Drop for Event {
    fn drop(&mut self) {
        if self.context.bind_to_thread().is_ok() {
            // SAFETY: created by `new`, destroyed once, here; a failure leaves nothing to do.
            let _ = unsafe { result::event::destroy(self.event) };
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Adds 1.0 to each of the `n` float64 at `data`: thread `blockIdx.x * blockDim.x + threadIdx.x`.
    const ADD_ONE_PTX: &str = r#"
.version 7.8
.target sm_80
.address_size 64

.visible .entry add_one(
    .param .u64 add_one_data,
    .param .u64 add_one_n
)
{
    .reg .pred %p<2>;
    .reg .b32 %r<5>;
    .reg .b64 %rd<7>;
    .reg .f64 %fd<3>;

    ld.param.u64 %rd1, [add_one_data];
    ld.param.u64 %rd2, [add_one_n];
    mov.u32 %r1, %ctaid.x;
    mov.u32 %r2, %ntid.x;
    mov.u32 %r3, %tid.x;
    mad.lo.s32 %r4, %r1, %r2, %r3;
    cvt.u64.u32 %rd3, %r4;
    setp.ge.u64 %p1, %rd3, %rd2;
    @%p1 bra DONE;
    cvta.to.global.u64 %rd4, %rd1;
    shl.b64 %rd5, %rd3, 3;
    add.s64 %rd6, %rd4, %rd5;
    ld.global.f64 %fd1, [%rd6];
    add.f64 %fd2, %fd1, 0d3FF0000000000000;
    st.global.f64 [%rd6], %fd2;
DONE:
    ret;
}
"#;

    #[test]
    fn availability_is_reported_without_panicking() {
        let available = is_available();
        assert_eq!(available, is_available());
        if !available {
            assert!(context().is_err());
            assert!(DeviceBuffer::alloc(8).is_err());
            assert!(LoadedModule::load(ADD_ONE_PTX).is_err());
            assert!(device_name().is_err());
            assert!(compute_capability().is_err());
        }
    }

    #[test]
    fn parameters_sit_at_the_start_of_their_slots() {
        assert_eq!(Number::I32(-2).slot()[0].to_ne_bytes()[..4], (-2i32).to_ne_bytes());
        assert_eq!(Number::F64(1.5).slot()[0], 1.5f64.to_bits());
        assert_eq!(Number::U8(7).slot()[0].to_ne_bytes(), [7, 0, 0, 0, 0, 0, 0, 0]);
    }

    #[test]
    fn copies_round_trip() {
        if !is_available() {
            return;
        }
        let data: Vec<u8> = (0..=255).collect();
        let buffer = DeviceBuffer::alloc(data.len()).expect("allocation");
        assert_ne!(buffer.pointer(), 0);
        buffer.copy_from_slice(&data).expect("copy to the GPU");
        let mut back = vec![0u8; data.len()];
        buffer.copy_to_slice(&mut back).expect("copy from the GPU");
        assert_eq!(back, data);
        assert!(buffer.copy_from_slice(&[0; 257]).is_err());
        let empty = DeviceBuffer::alloc(0).expect("empty allocation");
        assert_eq!(empty.pointer(), 0);
        empty.copy_from_slice(&[]).expect("empty copy");
        let (major, _) = compute_capability().expect("compute capability");
        assert!(major >= 3);
        assert!(!device_name().expect("device name").is_empty());
    }

    #[test]
    fn ptx_kernel_runs() {
        if !is_available() {
            return;
        }
        let n = 256usize;
        let values: Vec<f64> = (0..n).map(|index| index as f64 * 0.5).collect();
        let bytes: Vec<u8> = values.iter().flat_map(|value| value.to_ne_bytes()).collect();
        let buffer = DeviceBuffer::alloc(bytes.len()).expect("allocation");
        buffer.copy_from_slice(&bytes).expect("copy to the GPU");
        let module = LoadedModule::load(ADD_ONE_PTX).expect("PTX loads");
        module.launch("add_one", [4, 1, 1], [64, 1, 1], 0, None, &[Number::U64(buffer.pointer()), Number::U64(n as u64)]).expect("launch");
        module.synchronize().expect("kernel runs");
        let mut back = vec![0u8; bytes.len()];
        buffer.copy_to_slice(&mut back).expect("copy from the GPU");
        let results: Vec<f64> = back.chunks_exact(8).map(|chunk| f64::from_ne_bytes(chunk.try_into().expect("8 bytes"))).collect();
        for (index, result) in results.iter().enumerate() {
            assert_eq!(*result, index as f64 * 0.5 + 1.0, "element {index}");
        }
        let missing = module.launch("no_such_kernel", [1, 1, 1], [1, 1, 1], 0, None, &[]);
        assert!(missing.is_err_and(|message| message.contains("no kernel 'no_such_kernel'")));
        let broken = LoadedModule::load(".version 7.8\n.target sm_80\n.address_size 64\n.visible .entry broken() { not_an_instruction; }\n");
        assert!(broken.is_err());
    }

    /// Page-locked memory copied on a stream, a launch on it, and mapped and managed memory that
    /// the kernel reads and writes where it is.
    #[test]
    fn streams_and_host_memory() {
        if !is_available() {
            return;
        }
        let n = 128usize;
        let module = LoadedModule::load(ADD_ONE_PTX).expect("PTX loads");
        let stream = Stream::new().expect("stream");
        let pinned = HostBuffer::alloc(n * 8, false).expect("page-locked memory");
        assert!(pinned.device_pointer().is_err());
        // SAFETY: the buffer holds n float64s, and the stream is synchronised before it is read.
        let host = unsafe { std::slice::from_raw_parts_mut(pinned.pointer() as *mut f64, n) };
        host.iter_mut().enumerate().for_each(|(index, value)| *value = index as f64);
        let device = DeviceBuffer::alloc(n * 8).expect("allocation");
        unsafe { copy_host_to_device(device.pointer(), pinned.pointer() as *const u8, n * 8, Some(&stream)) }.expect("copy on the stream");
        module.launch("add_one", [2, 1, 1], [64, 1, 1], 0, Some(&stream), &[Number::U64(device.pointer()), Number::U64(n as u64)]).expect("launch on the stream");
        unsafe { copy_device_to_host(pinned.pointer() as *mut u8, device.pointer(), n * 8, Some(&stream)) }.expect("copy back on the stream");
        stream.synchronize().expect("stream work");
        assert!(host.iter().enumerate().all(|(index, value)| *value == index as f64 + 1.0));
        let mapped = HostBuffer::alloc(n * 8, true).expect("mapped memory");
        let managed = DeviceBuffer::alloc_managed(n * 8).expect("managed memory");
        for (host_address, device_address) in [(mapped.pointer(), mapped.device_pointer().expect("device address")), (managed.pointer(), managed.pointer())] {
            // SAFETY: both hold n float64s, and the device is idle while the host touches them.
            let values = unsafe { std::slice::from_raw_parts_mut(host_address as *mut f64, n) };
            values.fill(2.0);
            module.launch("add_one", [2, 1, 1], [64, 1, 1], 0, None, &[Number::U64(device_address), Number::U64(n as u64)]).expect("launch");
            module.synchronize().expect("kernel runs");
            assert!(values.iter().all(|value| *value == 3.0));
        }
    }
}
