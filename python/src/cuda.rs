//! The CUDA side of the extension: the driver's device memory and PTX modules for `rumba.cuda`
//! on a GPU (`rumba_runtime::cuda::device`), and the simulator's launches of kernels compiled for
//! the CPU (`rumba_runtime::cuda::simulator`).

use numpy::{PyArrayDescrMethods, PyUntypedArray, PyUntypedArrayMethods};
use pyo3::{exceptions::PyRuntimeError, prelude::*};
use rumba::{
    cuda::{
        device,
        simulator::{self, LaunchError},
    },
    Argument, CallError, CompiledFunction, Number,
};
use std::sync::Arc;

fn runtime_error(message: String) -> PyErr {
    PyRuntimeError::new_err(message)
}

#[pyfunction]
pub fn cuda_is_available() -> bool {
    device::is_available()
}

#[pyfunction]
pub fn cuda_compute_capability() -> PyResult<(u32, u32)> {
    device::compute_capability().map_err(runtime_error)
}

#[pyfunction]
pub fn cuda_device_name() -> PyResult<String> {
    device::device_name().map_err(runtime_error)
}

/// Waits for every launch on the GPU to finish; an error a kernel met is raised here.
#[pyfunction]
pub fn cuda_synchronize() -> PyResult<()> {
    let context = device::context().map_err(runtime_error)?;
    context.synchronize().map_err(|error| runtime_error(format!("a GPU kernel failed: {error:?}")))
}

/// `bytes` of device memory.
#[pyclass(frozen, module = "rumba._rumba")]
pub struct DeviceBuffer(device::DeviceBuffer);

#[pymethods]
impl DeviceBuffer {
    #[new]
    fn new(bytes: usize) -> PyResult<Self> {
        device::DeviceBuffer::alloc(bytes).map(Self).map_err(runtime_error)
    }

    /// `bytes` of managed memory: one address for the host and the device.
    #[staticmethod]
    fn managed(bytes: usize) -> PyResult<Self> {
        device::DeviceBuffer::alloc_managed(bytes).map(Self).map_err(runtime_error)
    }

    #[getter]
    fn pointer(&self) -> u64 {
        self.0.pointer()
    }
}

/// `bytes` of page-locked host memory, mapped into the device's address space where `mapped`.
#[pyclass(frozen, module = "rumba._rumba")]
pub struct HostBuffer(device::HostBuffer);

#[pymethods]
impl HostBuffer {
    #[new]
    fn new(bytes: usize, mapped: bool) -> PyResult<Self> {
        device::HostBuffer::alloc(bytes, mapped).map(Self).map_err(runtime_error)
    }

    #[getter]
    fn pointer(&self) -> u64 {
        self.0.pointer()
    }

    #[getter]
    fn device_pointer(&self) -> PyResult<u64> {
        self.0.device_pointer().map_err(runtime_error)
    }
}

/// Another allocation's host memory, page-locked while this object lives (`cuda.pinned`). The
/// caller keeps the memory alive at least as long.
#[pyclass(frozen, module = "rumba._rumba")]
pub struct PageLock {
    _registration: device::RegisteredHostMemory,
}

#[pymethods]
impl PageLock {
    #[new]
    fn new(pointer: u64, bytes: usize) -> PyResult<Self> {
        // SAFETY: `rumba.cuda.pinned` holds the array for as long as it holds this lock.
        let registration = unsafe { device::RegisteredHostMemory::register(pointer, bytes) }.map_err(runtime_error)?;
        Ok(PageLock { _registration: registration })
    }
}

/// Waits for the work on a stream another library names in its CUDA Array Interface.
#[pyfunction]
pub fn cuda_synchronize_foreign_stream(py: Python<'_>, handle: u64) -> PyResult<()> {
    // SAFETY: the handle comes from a live array's interface, whose library keeps its stream alive.
    py.detach(|| unsafe { device::synchronize_foreign_stream(handle) }).map_err(runtime_error)
}

/// A CUDA stream (`rumba.cuda.stream()` on a GPU).
#[pyclass(frozen, module = "rumba._rumba")]
pub struct CudaStream(device::Stream);

#[pymethods]
impl CudaStream {
    #[new]
    fn new() -> PyResult<Self> {
        device::Stream::new().map(Self).map_err(runtime_error)
    }

    fn synchronize(&self, py: Python<'_>) -> PyResult<()> {
        py.detach(|| self.0.synchronize()).map_err(runtime_error)
    }
}

fn stream_of<'a>(stream: &'a Option<PyRef<'_, CudaStream>>) -> Option<&'a device::Stream> {
    stream.as_ref().map(|stream| &stream.0)
}

/// The bytes of a contiguous (C- or F-ordered) NumPy array.
fn contiguous_bytes(array: &Bound<'_, PyUntypedArray>) -> PyResult<(*mut u8, usize)> {
    if !array.is_c_contiguous() && !array.is_fortran_contiguous() {
        return Err(PyRuntimeError::new_err("device copies take contiguous arrays"));
    }
    let bytes = array.len() * array.dtype().itemsize();
    Ok((unsafe { (*array.as_array_ptr()).data }.cast::<u8>(), bytes))
}

/// Copies a contiguous array into device memory at `pointer` (which holds as many bytes: the
/// caller's device array says so), on `stream` if given (the caller keeps the array alive until
/// the stream is synchronised).
#[pyfunction]
#[pyo3(signature = (pointer, array, stream=None))]
pub fn cuda_copy_to_device(pointer: u64, array: &Bound<'_, PyUntypedArray>, stream: Option<PyRef<'_, CudaStream>>) -> PyResult<()> {
    let (data, bytes) = contiguous_bytes(array)?;
    // SAFETY: `data` holds `bytes` bytes of the array, alive in the caller's frame (or, for a
    // stream, kept by the caller until it is synchronised).
    unsafe { device::copy_host_to_device(pointer, data, bytes, stream_of(&stream)) }.map_err(runtime_error)
}

/// Copies device memory at `pointer` into a contiguous writeable array of as many bytes, on
/// `stream` if given.
#[pyfunction]
#[pyo3(signature = (pointer, array, stream=None))]
pub fn cuda_copy_to_host(pointer: u64, array: &Bound<'_, PyUntypedArray>, stream: Option<PyRef<'_, CudaStream>>) -> PyResult<()> {
    // SAFETY: reads the flags of a live array.
    if unsafe { (*array.as_array_ptr()).flags } & numpy::npyffi::NPY_ARRAY_WRITEABLE == 0 {
        return Err(PyRuntimeError::new_err("copy_to_host needs a writeable array"));
    }
    let (data, bytes) = contiguous_bytes(array)?;
    // SAFETY: as above, and the array is writeable.
    unsafe { device::copy_device_to_host(data, pointer, bytes, stream_of(&stream)) }.map_err(runtime_error)
}

/// A PTX module loaded on the GPU.
#[pyclass(frozen, module = "rumba._rumba")]
pub struct CudaModule(device::LoadedModule);

fn kernel_parameter(kind: &str, value: &Bound<'_, PyAny>) -> PyResult<Number> {
    Ok(match kind {
        "i8" => Number::I8(value.extract()?),
        "i16" => Number::I16(value.extract()?),
        "i32" => Number::I32(value.extract()?),
        "i64" => Number::I64(value.extract()?),
        "u8" => Number::U8(value.extract()?),
        "u16" => Number::U16(value.extract()?),
        "u32" => Number::U32(value.extract()?),
        "u64" => Number::U64(value.extract()?),
        "f32" => Number::F32(value.extract()?),
        "f64" => Number::F64(value.extract()?),
        other => return Err(PyRuntimeError::new_err(format!("unknown kernel parameter kind '{other}'"))),
    })
}

#[pymethods]
impl CudaModule {
    #[new]
    fn new(py: Python<'_>, ptx: &str) -> PyResult<Self> {
        py.detach(|| device::LoadedModule::load(ptx)).map(Self).map_err(runtime_error)
    }

    /// Launches `entry` with `parameters`, each `(kind, value)` with kind `i8` … `u64`, `f32`,
    /// `f64` (an array is its memref descriptor's fields), on `stream` (None: the default stream).
    #[allow(clippy::too_many_arguments)]
    fn launch(&self, py: Python<'_>, entry: &str, grid: [u32; 3], block: [u32; 3], shared_bytes: u32, stream: Option<PyRef<'_, CudaStream>>, parameters: Vec<(String, Bound<'_, PyAny>)>) -> PyResult<()> {
        let parameters = parameters.iter().map(|(kind, value)| kernel_parameter(kind, value)).collect::<PyResult<Vec<_>>>()?;
        let stream = stream_of(&stream);
        py.detach(|| self.0.launch(entry, grid, block, shared_bytes, stream, &parameters)).map_err(runtime_error)
    }

    fn synchronize(&self, py: Python<'_>) -> PyResult<()> {
        py.detach(|| self.0.synchronize()).map_err(runtime_error)
    }
}

/// A CUDA event (`rumba.cuda.event()` on a GPU).
#[pyclass(frozen, module = "rumba._rumba")]
pub struct CudaEvent(device::Event);

#[pymethods]
impl CudaEvent {
    #[new]
    fn new(timing: bool) -> PyResult<Self> {
        device::Event::new(timing).map(Self).map_err(runtime_error)
    }

    #[pyo3(signature = (stream=None))]
    fn record(&self, stream: Option<PyRef<'_, CudaStream>>) -> PyResult<()> {
        self.0.record(stream_of(&stream)).map_err(runtime_error)
    }

    /// Makes work queued on `stream` from now on wait for this event.
    #[pyo3(signature = (stream=None))]
    fn wait(&self, stream: Option<PyRef<'_, CudaStream>>) -> PyResult<()> {
        self.0.make_wait(stream_of(&stream)).map_err(runtime_error)
    }

    fn synchronize(&self, py: Python<'_>) -> PyResult<()> {
        py.detach(|| self.0.synchronize()).map_err(runtime_error)
    }

    fn query(&self) -> PyResult<bool> {
        self.0.query().map_err(runtime_error)
    }

    /// Milliseconds from `start`'s record to this event's.
    fn elapsed_since(&self, start: &CudaEvent) -> PyResult<f32> {
        self.0.elapsed_since(&start.0).map_err(runtime_error)
    }
}

/// One launch's arguments: they point into NumPy arrays the caller keeps alive across the launch.
struct LaunchArguments(Vec<Argument>);

// SAFETY: the arrays outlive the launch (the caller's frame holds them), and every simulated thread
// only passes the pointers on to compiled code.
unsafe impl Send for LaunchArguments {}
unsafe impl Sync for LaunchArguments {}

/// Runs a kernel compiled for the CPU in the simulator, every thread of every block, with the
/// GIL released; an exception raised in a thread is raised here.
pub fn launch_simulated(py: Python<'_>, kernel: CompiledFunction, grid: [u32; 3], block: [u32; 3], shared_bytes: usize, arguments: Vec<Argument>) -> PyResult<()> {
    let arguments = Arc::new(LaunchArguments(arguments));
    let traits = simulator::KernelTraits { uses_barrier: kernel.synchronizes() };
    let run_thread: Arc<dyn Fn() -> Result<(), CallError> + Send + Sync> = Arc::new(move || kernel.call(&arguments.0).map(drop));
    match py.detach(|| simulator::launch(grid, block, shared_bytes, traits, run_thread)) {
        Ok(()) => Ok(()),
        Err(LaunchError::Kernel(CallError::Raised(exception))) => Err(crate::raised(py, &exception)),
        Err(LaunchError::Kernel(CallError::Arguments(message))) => Err(pyo3::exceptions::PyTypeError::new_err(message)),
        Err(LaunchError::OutOfBounds(message)) => Err(pyo3::exceptions::PyIndexError::new_err(message)),
        Err(error) => Err(runtime_error(error.to_string())),
    }
}
