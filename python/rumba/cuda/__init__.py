"""``rumba.cuda``: Numba's CUDA target. ``@cuda.jit`` kernels are compiled from their source like
``@jit`` functions; on a machine with an NVIDIA GPU they run as PTX (MLIR's gpu dialect → NVVM),
launched through the CUDA driver, and elsewhere, or with ``RUMBA_ENABLE_CUDASIM=1``
(``NUMBA_ENABLE_CUDASIM=1``), in rumba's simulator: the same kernel compiled for the CPU, each
block's threads run as coroutines that switch at ``cuda.syncthreads()``.

The intrinsics below (``cuda.grid``, ``cuda.threadIdx``, ...) mean something only inside a kernel:
the compiler reads them from the kernel's source."""

import ctypes
import os
import time
import warnings

import numpy as np

from .. import _rumba
from ..dispatcher import Dispatcher, _compiled_name, _environment, _fastmath_flags, _module_source, _options_check, typeof

__all__ = [
    "jit", "grid", "gridsize", "threadIdx", "blockIdx", "blockDim", "gridDim", "warpsize", "syncthreads",
    "is_available", "to_device", "device_array", "device_array_like", "synchronize", "DeviceNDArray",
    "simulating", "stream", "default_stream", "legacy_default_stream", "per_thread_default_stream",
    "event", "event_elapsed_time", "pinned_array", "pinned", "reduce", "Reduce", "as_cuda_array", "is_cuda_array",
    "gpus", "detect", "get_current_device", "select_device", "close", "Device", "CUDAUFunc", "CUDAGUFunc",
]


class _Intrinsic:
    """A name that compiled kernels read (``cuda.threadIdx``); it has no value in Python."""

    def __init__(self, name):
        self._name = name

    def __getattr__(self, attribute):
        raise RuntimeError("cuda.%s.%s is only meaningful inside a @cuda.jit kernel" % (self._name, attribute))

    def __repr__(self):
        return "<rumba.cuda intrinsic %s>" % self._name


threadIdx = _Intrinsic("threadIdx")
blockIdx = _Intrinsic("blockIdx")
blockDim = _Intrinsic("blockDim")
gridDim = _Intrinsic("gridDim")
warpsize = 32


def grid(ndim):
    """The thread's absolute position in the grid (inside kernels)."""
    raise RuntimeError("cuda.grid() is only meaningful inside a @cuda.jit kernel")


def gridsize(ndim):
    """The number of threads in the grid along each axis (inside kernels)."""
    raise RuntimeError("cuda.gridsize() is only meaningful inside a @cuda.jit kernel")


def syncthreads():
    """The barrier of the thread's block (inside kernels)."""
    raise RuntimeError("cuda.syncthreads() is only meaningful inside a @cuda.jit kernel")


def is_available():
    """Whether a CUDA GPU and its driver are present."""
    return _rumba.cuda_is_available()


_SIMULATOR_WARNED = []


def simulating():
    """Whether kernels run in the simulator: asked for with ``RUMBA_ENABLE_CUDASIM=1`` (or
    ``NUMBA_ENABLE_CUDASIM=1``), or because no GPU is present (with a warning, once)."""
    asked = os.environ.get("RUMBA_ENABLE_CUDASIM", os.environ.get("NUMBA_ENABLE_CUDASIM", "0")) == "1"
    if asked:
        return True
    if not is_available():
        if not _SIMULATOR_WARNED:
            _SIMULATOR_WARNED.append(True)
            warnings.warn("rumba.cuda: no CUDA GPU found; kernels run in rumba's CPU simulator", RuntimeWarning, stacklevel=3)
        return True
    return False


class Device:
    """A CUDA device: ``id``, ``name``, ``compute_capability``; the simulator is a device of its own."""

    def __init__(self, device_id=0):
        self.id = device_id
        if simulating():
            self.name = "rumba CUDA simulator"
            self.compute_capability = (8, 0)
        else:
            self.name = _rumba.cuda_device_name()
            self.compute_capability = tuple(_rumba.cuda_compute_capability())

    def __repr__(self):
        return "<CUDA device %d '%s'>" % (self.id, self.name)


def get_current_device():
    return Device(0)


def select_device(device_id):
    """Makes device ``device_id`` current: rumba uses device 0, the only one it selects."""
    if device_id != 0:
        raise NotImplementedError("rumba.cuda uses device 0 only, for now")
    return Device(0)


def close():
    """Numba's context reset: rumba keeps one context per process, so nothing happens."""


class _Devices:
    """``cuda.gpus``: the devices rumba can use (device 0, or the simulator's)."""

    def __len__(self):
        return 1 if simulating() or is_available() else 0

    def __getitem__(self, index):
        if not 0 <= index < len(self):
            raise IndexError("no CUDA device %d" % index)
        return Device(index)

    def __iter__(self):
        return (Device(index) for index in range(len(self)))

    @property
    def current(self):
        return get_current_device()


gpus = _Devices()


def detect():
    """Prints the devices found, as Numba's ``cuda.detect()`` does; whether any is usable."""
    devices = list(gpus)
    print("Found %d CUDA devices" % len(devices))
    for device in devices:
        print("id %d    %s    compute capability %d.%d" % ((device.id, device.name) + device.compute_capability))
    return bool(devices)


def _chip():
    """The PTX target: ``RUMBA_CUDA_ARCH`` (``sm_90``), else the GPU's own, else ``sm_80``."""
    chip = os.environ.get("RUMBA_CUDA_ARCH")
    if chip:
        return chip
    if is_available():
        major, minor = _rumba.cuda_compute_capability()
        return "sm_%d%d" % (major, minor)
    return "sm_80"


class DeviceNDArray:
    """An array in device memory (host memory standing in for it in the simulator), in C order.
    ``copy_to_host()`` brings it back; ``__cuda_array_interface__`` (version 3) shows it to other
    libraries, and ``as_cuda_array`` makes one of theirs."""

    def __init__(self, shape, dtype, _pointer=None, _owner=None):
        self.shape = tuple(int(extent) for extent in shape)
        self.dtype = np.dtype(dtype)
        self.size = int(np.prod(self.shape, dtype=np.int64))
        self.ndim = len(self.shape)
        self.strides = tuple(step * self.dtype.itemsize for step in _c_order_steps(self.shape))
        # What keeps the memory alive: a buffer of ours, or the object another library lent it by.
        self._owner = _owner
        if simulating():
            self._host = np.zeros(self.shape, self.dtype) if _pointer is None else _host_view(_pointer, self.shape, self.dtype)
            self._pointer = self._host.ctypes.data
        else:
            self._host = None
            if _pointer is None:
                self._owner = _rumba.DeviceBuffer(self.nbytes)
                _pointer = self._owner.pointer
            self._pointer = _pointer

    def __len__(self):
        return self.shape[0]

    @property
    def nbytes(self):
        return self.size * self.dtype.itemsize

    @property
    def __cuda_array_interface__(self):
        return {"shape": self.shape, "typestr": self.dtype.str, "data": (self._pointer, False), "version": 3, "strides": None, "stream": None}

    def is_c_contiguous(self):
        return True

    def copy_to_device(self, ary, stream=0):
        # Not np.ascontiguousarray, which makes a 0-d array 1-d.
        source = np.asarray(ary, dtype=self.dtype)
        if not source.flags.c_contiguous:
            source = source.copy(order="C")
        if source.shape != self.shape:
            raise ValueError("copy_to_device: shape %s does not match the device array's %s" % (source.shape, self.shape))
        if self._host is not None:
            self._host[...] = source
        else:
            _rumba.cuda_copy_to_device(self._pointer, source)

    def copy_to_host(self, ary=None, stream=0):
        if ary is None:
            ary = np.empty(self.shape, self.dtype)
        elif ary.shape != self.shape or ary.dtype != self.dtype:
            raise ValueError("copy_to_host: the host array must have shape %s and dtype %s" % (self.shape, self.dtype))
        if self._host is not None:
            ary[...] = self._host
        elif ary.flags.c_contiguous:
            _rumba.cuda_copy_to_host(self._pointer, ary)
        else:
            staging = np.empty(self.shape, self.dtype)
            _rumba.cuda_copy_to_host(self._pointer, staging)
            ary[...] = staging
        return ary

    def _offset_of(self, index):
        """The byte offset and shape that ``index`` selects: an int, a step-1 slice of the first
        axis, or a tuple of ints (an element, shape ``()``)."""
        def wrapped(position, extent):
            position = int(position)
            position = position + extent if position < 0 else position
            if not 0 <= position < extent:
                raise IndexError("index %d is out of bounds for an axis with size %d" % (position, extent))
            return position

        if isinstance(index, (int, np.integer)) and self.ndim:
            return wrapped(index, self.shape[0]) * self.strides[0], self.shape[1:]
        if isinstance(index, slice) and self.ndim and index.step in (None, 1):
            start, stop, _ = index.indices(self.shape[0])
            return start * self.strides[0], (max(stop - start, 0),) + self.shape[1:]
        if isinstance(index, tuple) and len(index) == self.ndim and all(isinstance(position, (int, np.integer)) for position in index):
            return sum(wrapped(position, extent) * stride for position, extent, stride in zip(index, self.shape, self.strides)), ()
        raise NotImplementedError("rumba.cuda: device arrays are indexed by an int, a slice of the first axis with step 1, or an int per dimension, so far")

    def __getitem__(self, index):
        """An element (copied to the host), or a view of the same memory."""
        offset, shape = self._offset_of(index)
        if shape:
            return DeviceNDArray(shape, self.dtype, _pointer=self._pointer + offset, _owner=self)
        element = np.empty((), self.dtype)
        if self._host is not None:
            element[()] = _host_view(self._pointer + offset, (), self.dtype)
        else:
            _rumba.cuda_copy_to_host(self._pointer + offset, element)
        return element[()]

    def __setitem__(self, index, value):
        offset, shape = self._offset_of(index)
        DeviceNDArray(shape, self.dtype, _pointer=self._pointer + offset, _owner=self).copy_to_device(np.broadcast_to(np.asarray(value, self.dtype), shape))

    def reshape(self, *shape, order="C"):
        """A view with another shape of the same elements (one extent may be -1)."""
        shape = tuple(int(extent) for extent in (shape[0] if len(shape) == 1 and isinstance(shape[0], tuple) else shape))
        if order != "C":
            raise NotImplementedError("rumba.cuda: device arrays reshape in C order only")
        known = int(np.prod([extent for extent in shape if extent != -1], dtype=np.int64))
        if shape.count(-1) == 1 and known and self.size % known == 0:
            shape = tuple(self.size // known if extent == -1 else extent for extent in shape)
        if -1 in shape or int(np.prod(shape, dtype=np.int64)) != self.size:
            raise ValueError("cannot reshape a device array of size %d into shape %s" % (self.size, shape))
        return DeviceNDArray(shape, self.dtype, _pointer=self._pointer, _owner=self)

    def ravel(self, order="C"):
        return self.reshape(self.size, order=order)

    def split(self, section, stream=0):
        """Views of consecutive pieces of ``section`` elements of a 1-d array (the last may be shorter)."""
        if self.ndim != 1:
            raise ValueError("split() takes a 1-dimensional device array")
        return [self[start:start + section] for start in range(0, self.size, section)]

    def _numba_type(self):
        if self.ndim == 0:
            return self.dtype.name
        return "%s[%s]" % (self.dtype.name, ", ".join([":"] * (self.ndim - 1) + ["::1"]))

    def __repr__(self):
        return "<rumba.cuda.DeviceNDArray shape=%s dtype=%s>" % (self.shape, self.dtype)


def _host_view(pointer, shape, dtype):
    """The host memory at ``pointer`` as an array (the simulator's device memory is host memory)."""
    nbytes = int(np.prod(shape, dtype=np.int64)) * dtype.itemsize
    return np.frombuffer((ctypes.c_char * nbytes).from_address(pointer), dtype=dtype).reshape(shape)


def is_cuda_array(obj):
    """Whether ``obj`` shows its device memory through the CUDA Array Interface."""
    return hasattr(obj, "__cuda_array_interface__")


def as_cuda_array(obj, sync=True):
    """A device array viewing another library's device memory (CuPy, PyTorch, or any object with a
    ``__cuda_array_interface__``), without a copy; the array keeps ``obj`` alive."""
    if isinstance(obj, DeviceNDArray):
        return obj
    interface = obj.__cuda_array_interface__
    shape, dtype = tuple(interface["shape"]), np.dtype(interface["typestr"])
    strides = interface.get("strides")
    contiguous = tuple(step * dtype.itemsize for step in _c_order_steps(shape))
    if strides is not None and tuple(strides) != contiguous and int(np.prod(shape, dtype=np.int64)) > 1:
        raise NotImplementedError("rumba.cuda: only C-contiguous arrays are taken through the CUDA Array Interface so far")
    return DeviceNDArray(shape, dtype, _pointer=interface["data"][0], _owner=obj)


def _c_order_steps(shape):
    steps = []
    step = 1
    for extent in reversed(shape):
        steps.append(step)
        step *= max(int(extent), 1)
    return list(reversed(steps))


def to_device(ary, stream=0, copy=True, to=None):
    """A device copy of a host array (``to=``: copy into that device array instead)."""
    ary = np.asarray(ary)
    target = to if to is not None else DeviceNDArray(ary.shape, ary.dtype)
    if copy:
        target.copy_to_device(ary)
    return target


def device_array(shape, dtype=np.float64, strides=None, order="C", stream=0):
    """An uninitialised device array (zeroed in the simulator), in C order."""
    if order != "C":
        raise NotImplementedError("rumba.cuda: device arrays are in C order for now")
    return DeviceNDArray((shape,) if np.isscalar(shape) else shape, dtype)


def device_array_like(ary, stream=0):
    return device_array(ary.shape, ary.dtype)


def synchronize():
    """Waits for the device to finish its work (launches are synchronous today)."""
    if not simulating():
        _rumba.cuda_synchronize()


class Stream:
    """A CUDA stream. Work given a stream is queued on the device's default stream, in the order it
    is given, so it is ordered as on one stream (work of different streams does not overlap)."""

    def __init__(self, name="stream"):
        self._name = name

    def synchronize(self):
        """Waits for the work queued so far."""
        synchronize()

    def auto_synchronize(self):
        """A context manager that synchronizes the stream when its block ends."""
        stream = self

        class _Synchronizing:
            def __enter__(self):
                return stream

            def __exit__(self, *exception):
                stream.synchronize()
                return False

        return _Synchronizing()

    def __repr__(self):
        return "<rumba.cuda %s>" % self._name


def stream():
    return Stream()


def default_stream():
    return Stream("default stream")


def legacy_default_stream():
    return Stream("legacy default stream")


def per_thread_default_stream():
    return Stream("per-thread default stream")


class Event:
    """A CUDA event: ``record`` it after work, then ``synchronize``, ``query``, or measure the
    milliseconds between two (``elapsed_time``). In the simulator, where work is done when its call
    returns, an event holds the host's clock at its record."""

    def __init__(self, timing=True):
        self._timing = timing
        self._device = None if simulating() else _rumba.CudaEvent(timing)
        self._recorded = None

    def record(self, stream=0):
        if self._device is not None:
            self._device.record()
        self._recorded = time.perf_counter()

    def wait(self, stream=0):
        """Work given to ``stream`` after this waits for the event: it does, being on one stream."""

    def synchronize(self):
        if self._device is not None:
            self._device.synchronize()

    def query(self):
        return self._device.query() if self._device is not None else True

    def elapsed_time(self, end):
        """Milliseconds from this event's record to ``end``'s."""
        if not (self._timing and end._timing):
            raise RuntimeError("elapsed_time needs events made with timing=True")
        if self._recorded is None or end._recorded is None:
            raise RuntimeError("elapsed_time needs both events recorded")
        if self._device is not None:
            return end._device.elapsed_since(self._device)
        return (end._recorded - self._recorded) * 1e3


def event(timing=True):
    return Event(timing)


def event_elapsed_time(start, end):
    return start.elapsed_time(end)


def pinned_array(shape, dtype=np.float64, strides=None, order="C"):
    """A host array for copies to and from the device (page-locking it is a speed-up rumba does not
    make yet: the copies are synchronous)."""
    return np.empty(shape, dtype=dtype, order=order)


class pinned:
    """``with cuda.pinned(array, ...)``: the arrays stay as they are (see ``pinned_array``)."""

    def __init__(self, *arrays):
        self._arrays = arrays

    def __enter__(self):
        return None

    def __exit__(self, *exception):
        return False


def _dim3(value, what):
    """A launch dimension as three positive ints."""
    if isinstance(value, (int, np.integer)):
        value = (value,)
    if not isinstance(value, tuple) or not 1 <= len(value) <= 3 or not all(isinstance(extent, (int, np.integer)) for extent in value):
        raise ValueError("the %s of a launch is an int or a tuple of 1 to 3 ints, got %r" % (what, value))
    if any(extent < 1 for extent in value):
        raise ValueError("the %s of a launch must be positive, got %r" % (what, value))
    return tuple(int(extent) for extent in value) + (1,) * (3 - len(value))


# Threads per block of `kernel.forall(n)` launches.
_FORALL_BLOCK = 256

# Kernel parameter kinds for the driver, by NumPy dtype name.
_PARAMETER_KINDS = {
    "bool": "u8", "int8": "i8", "int16": "i16", "int32": "i32", "int64": "i64",
    "uint8": "u8", "uint16": "u16", "uint32": "u32", "uint64": "u64", "float32": "f32", "float64": "f64",
}


class CUDAKernel(Dispatcher):
    """The object ``@cuda.jit`` returns: launched as ``kernel[griddim, blockdim](args)`` (also
    ``[griddim, blockdim, stream, dynamic_shared_bytes]``)."""

    def __init__(self, py_func, signatures, options):
        super().__init__(py_func, [], options)
        self._name = _compiled_name(py_func)
        self._ptx = {}
        # The argument types of every launch, on either target: what `inspect_asm()` shows.
        self._launched = set()
        for signature in signatures:
            self.compile(signature)

    def __getitem__(self, configuration):
        if not isinstance(configuration, tuple) or not 2 <= len(configuration) <= 4:
            raise ValueError("a kernel is launched as kernel[griddim, blockdim] or kernel[griddim, blockdim, stream, sharedmem], got %r" % (configuration,))
        griddim = _dim3(configuration[0], "griddim")
        blockdim = _dim3(configuration[1], "blockdim")
        if blockdim[0] * blockdim[1] * blockdim[2] > 1024:
            raise ValueError("a block has at most 1024 threads, got %r" % (configuration[1],))
        sharedmem = int(configuration[3]) if len(configuration) == 4 else 0
        return lambda *args: self._launch(griddim, blockdim, sharedmem, args)

    def __call__(self, *args, **kwargs):
        raise TypeError("a CUDA kernel is launched with a configuration: %s[griddim, blockdim](...)" % self.py_func.__name__)

    def forall(self, ntasks, tpb=0, stream=0, sharedmem=0):
        """The kernel configured to run at least ``ntasks`` threads (blocks of ``tpb`` threads, 256
        if not given), for a kernel that guards its index with the arrays' size."""
        if ntasks < 0:
            raise ValueError("forall() takes a number of tasks that is not negative, got %r" % ntasks)
        threads = int(tpb) or _FORALL_BLOCK
        if ntasks == 0:
            return lambda *args: None
        return self[(ntasks + threads - 1) // threads, threads, stream, sharedmem]

    def _types(self, args):
        types = []
        for position, value in enumerate(args):
            if isinstance(value, DeviceNDArray):
                types.append(value._numba_type())
            else:
                try:
                    types.append(typeof(value))
                except TypeError as refusal:
                    raise TypeError("%s[...](): argument %d: %s" % (self.py_func.__name__, position, refusal)) from None
        return tuple(types)

    def _launch(self, griddim, blockdim, sharedmem, args):
        # Another library's device arrays go in as they are, through the CUDA Array Interface.
        args = tuple(as_cuda_array(value) if is_cuda_array(value) and not isinstance(value, np.ndarray) else value for value in args)
        types = self._types(args)
        if simulating():
            hosts = tuple(value._host if isinstance(value, DeviceNDArray) else value for value in args)
            with self._lock:
                compiler = self._get_compiler()
                compiler.compile_kernel(self._name, list(types))
                self._launched.add(types)
                compiler.launch_simulated(self._name, list(types), griddim, blockdim, sharedmem, hosts)
            return
        module, entry = self._module_for(types)
        self._launched.add(types)
        parameters = []
        copies = []
        for value, value_type in zip(args, types):
            if isinstance(value, np.ndarray):
                device = to_device(value)
                copies.append((value, device))
                value = device
            if isinstance(value, DeviceNDArray):
                pointer = value._pointer
                steps = _c_order_steps(value.shape)
                parameters += [("u64", pointer), ("u64", pointer), ("i64", 0)] + [("i64", extent) for extent in value.shape] + [("i64", step) for step in steps]
            elif isinstance(value, (bool, np.bool_)):
                parameters.append(("u8", int(value)))
            elif isinstance(value, (int, float, np.number)):
                parameters.append((_PARAMETER_KINDS[value_type], value.item() if isinstance(value, np.generic) else value))
            else:
                raise TypeError("%s[...](): a %s cannot be passed to a kernel on the GPU yet" % (self.py_func.__name__, type(value).__name__))
        module.launch(entry, griddim, blockdim, sharedmem, parameters)
        for host, device in copies:
            if host.flags.writeable:
                device.copy_to_host(host)

    def _module_for(self, types):
        with self._lock:
            known = self._ptx.get(types)
            if known is None:
                entry, ptx = self._get_compiler().kernel_ptx(self._name, list(types), _chip(), _libdevice())
                known = self._ptx[types] = (_rumba.CudaModule(ptx), entry)
            return known

    def compile(self, signature):
        """Compiles the kernel for ``signature`` (a tuple of argument types or a Numba signature)."""
        text = signature if isinstance(signature, str) else str(signature)
        if isinstance(signature, tuple):
            text = "void(%s)" % ", ".join(str(argument) for argument in signature)
        types = tuple(_rumba.parse_signature(text)[1])
        if simulating():
            with self._lock:
                self._get_compiler().compile_kernel(self._name, list(types))
        else:
            self._module_for(types)

    def _signatures_seen(self):
        return sorted(set(self._ptx) | self._launched)

    def inspect_asm(self, signature=None):
        """The PTX of the kernel, per signature launched or compiled (on either target), or for one
        signature; PTX needs no GPU."""
        selected = self._signatures_seen() if signature is None else [tuple(_rumba.parse_signature("void(%s)" % ", ".join(map(str, signature)))[1])]
        results = {}
        for types in selected:
            results[types] = self._get_compiler().kernel_ptx(self._name, list(types), _chip(), _libdevice())[1]
        return results if signature is None else results[selected[0]]

    def inspect_mlir(self, signature=None, stage="py"):
        """The MLIR of the kernel after a stage of the GPU target (``py`` … ``gpu``, ``nvvm``, ``ptx``)."""
        selected = self._signatures_seen() if signature is None else [tuple(_rumba.parse_signature("void(%s)" % ", ".join(map(str, signature)))[1])]
        results = {types: self._get_compiler().emit_kernel(self._name, list(types), stage, _chip()) for types in selected}
        return results if signature is None else results[selected[0]]


def _libdevice():
    """The path of NVIDIA's libdevice (math functions in kernels): ``RUMBA_LIBDEVICE``, the
    ``nvidia-cuda-nvcc-cu12`` wheel's, or a CUDA toolkit's; empty where there is none."""
    candidates = [os.environ.get("RUMBA_LIBDEVICE", "")]
    try:
        import nvidia.cuda_nvcc as nvcc  # noqa: PLC0415 - an optional wheel
        candidates += [os.path.join(path, "nvvm", "libdevice", "libdevice.10.bc") for path in nvcc.__path__]
    except ImportError:
        pass
    candidates.append(os.path.join(os.environ.get("CUDA_HOME", "/usr/local/cuda"), "nvvm", "libdevice", "libdevice.10.bc"))
    return next((path for path in candidates if path and os.path.isfile(path)), "")


def jit(func_or_sig=None, device=False, **options):
    """Numba's ``@cuda.jit``: a kernel (``device=False``), launched with a configuration, or a
    device function (``device=True``) that kernels call."""
    options.pop("debug", None)
    options.pop("lineinfo", None)
    _options_check(options)

    def decorate(py_func, signatures=()):
        if device:
            return Dispatcher(py_func, [], options)
        return CUDAKernel(py_func, list(signatures), options)

    if callable(func_or_sig):
        return decorate(func_or_sig)
    signatures = [] if func_or_sig is None else func_or_sig if isinstance(func_or_sig, list) else [func_or_sig]
    return lambda py_func: decorate(py_func, [] if device else signatures)


_UFUNC_KERNEL_TEMPLATE = """

from rumba import cuda as __rumba_cuda


def {kernel}({parameters}, __rumba_out):
    __rumba_i = __rumba_cuda.grid(1)
    if __rumba_i < __rumba_out.shape[0]:
        __rumba_out[__rumba_i] = {function}({indexed})
"""

# Threads per block of the kernels `@vectorize(target='cuda')` launches.
_UFUNC_BLOCK = 256


class _GeneratedKernel(CUDAKernel):
    """A kernel rumba writes around a user's function (a CUDA ufunc's, a reduction's): ``source``
    defines it as ``prefix + name``, compiled with the function's module."""

    def __init__(self, py_func, prefix, source, options=None):
        options = options or {}
        super().__init__(py_func, [], options)
        self._name = prefix + _compiled_name(py_func)
        module_source, file_name, _ = _module_source(py_func)
        self._compiler = _rumba.Compiler(module_source + source, file_name, 3, _fastmath_flags(options.get("fastmath", False)), False, _environment(py_func))


class CUDAUFunc:
    """What ``@vectorize([...], target='cuda')`` returns: called like a NumPy ufunc on host arrays,
    device arrays and numbers (broadcast as NumPy does), it runs one GPU thread per element of the
    result. The first signature whose inputs the operands cast to safely is used, as NumPy picks a
    loop. Device operands give a device result."""

    def __init__(self, py_func, signatures, options):
        from ..vectorize import _signature_types

        if not signatures:
            raise TypeError("@vectorize(target='cuda') needs signatures, as Numba's does")
        self.py_func = py_func
        self.__name__ = py_func.__name__
        self.__doc__ = py_func.__doc__
        self.nin = py_func.__code__.co_argcount
        parameters = ["__rumba_a%d" % index for index in range(self.nin)]
        self._kernel = _GeneratedKernel(py_func, "__rumba_cuda_ufunc_", _UFUNC_KERNEL_TEMPLATE.format(
            kernel="__rumba_cuda_ufunc_" + _compiled_name(py_func),
            parameters=", ".join(parameters),
            function=_compiled_name(py_func),
            indexed=", ".join("%s[__rumba_i]" % parameter for parameter in parameters),
        ), options)
        self._loops = [_signature_types(signature) for signature in signatures]
        if any(result is None for result, _ in self._loops):
            raise TypeError("@vectorize(target='cuda') signatures name their return type, as in float32(float32, float32)")
        self.types = ["".join(np.dtype(str(argument)).char for argument in arguments) + "->" + np.dtype(str(result)).char for result, arguments in self._loops]

    def _loop_for(self, dtypes):
        for result, arguments in self._loops:
            if all(np.can_cast(dtype, np.dtype(str(argument)), "safe") for dtype, argument in zip(dtypes, arguments)):
                return np.dtype(str(result)), [np.dtype(str(argument)) for argument in arguments]
        raise TypeError("ufunc '%s' not supported for the input types %s; its loops are %s" % (self.__name__, tuple(str(dtype) for dtype in dtypes), ", ".join(self.types)))

    def __call__(self, *args, out=None, stream=0):
        if len(args) != self.nin:
            raise TypeError("%s() takes %d arguments, got %d" % (self.__name__, self.nin, len(args)))
        on_device = any(isinstance(argument, DeviceNDArray) for argument in args) or isinstance(out, DeviceNDArray)
        hosts = [argument.copy_to_host() if isinstance(argument, DeviceNDArray) else np.asarray(argument) for argument in args]
        result_dtype, argument_dtypes = self._loop_for([host.dtype for host in hosts])
        shape = np.broadcast_shapes(*(host.shape for host in hosts))
        operands = [np.ascontiguousarray(np.broadcast_to(host.astype(dtype, copy=False), shape)).ravel() for host, dtype in zip(hosts, argument_dtypes)]
        result = np.empty(int(np.prod(shape, dtype=np.int64)), result_dtype)
        if result.size:
            self._kernel[(result.size + _UFUNC_BLOCK - 1) // _UFUNC_BLOCK, _UFUNC_BLOCK](*operands, result)
        result = result.reshape(shape)
        if out is not None:
            if isinstance(out, DeviceNDArray):
                out.copy_to_device(result)
            else:
                out[...] = result
            return out
        if on_device:
            return to_device(result)
        return result if shape else result[()]


_GUFUNC_KERNEL_TEMPLATE = """

from rumba import cuda as __rumba_cuda


def {kernel}({parameters}):
    __rumba_i = __rumba_cuda.grid(1)
    if __rumba_i < __rumba_a0.shape[0]:
        {function}({operands})
"""


class CUDAGUFunc:
    """What ``@guvectorize([...], layout, target='cuda')`` returns: called like a generalised
    ufunc on host or device arrays, it broadcasts the operands' outer dimensions as NumPy does and
    runs one GPU thread per outer element, which calls the kernel on that element's core views.
    Outputs are made (or taken from ``out=``) and returned; device operands give device outputs."""

    def __init__(self, builder, signatures):
        self._builder = builder
        self.__name__ = builder.py_func.__name__
        self.__doc__ = builder.py_func.__doc__
        self.nin, self.nout = builder.nin, builder.nout
        self._loops = []
        for signature in signatures:
            dtypes, operands, _, _ = builder.core_operands(signature)
            parameters = ", ".join("__rumba_a%d" % position for position in range(len(operands)))
            kernel = _GeneratedKernel(builder.py_func, "__rumba_cuda_gufunc_", _GUFUNC_KERNEL_TEMPLATE.format(
                kernel="__rumba_cuda_gufunc_" + _compiled_name(builder.py_func), parameters=parameters,
                function=_compiled_name(builder.py_func), operands=", ".join(operands),
            ), {"fastmath": builder.fastmath})
            self._loops.append(([np.dtype(dtype) for dtype in dtypes], kernel))

    def __call__(self, *args, out=None):
        if len(args) != self.nin:
            raise TypeError("%s() takes %d inputs, got %d" % (self.__name__, self.nin, len(args)))
        on_device = any(isinstance(argument, DeviceNDArray) for argument in args)
        inputs = [argument.copy_to_host() if isinstance(argument, DeviceNDArray) else np.asarray(argument) for argument in args]
        dtypes, kernel = next(((dtypes, kernel) for dtypes, kernel in self._loops if all(np.can_cast(value.dtype, dtype, "safe") for value, dtype in zip(inputs, dtypes))), (None, None))
        if kernel is None:
            raise TypeError("%s: no loop for the input types %s" % (self.__name__, tuple(str(value.dtype) for value in inputs)))
        cores = self._builder.cores
        sizes = {}
        for value, core in zip(inputs, cores):
            if value.ndim < len(core):
                raise ValueError("%s: an input has %d dimension(s), its core %s needs %d" % (self.__name__, value.ndim, core, len(core)))
            for name, extent in zip(core, value.shape[value.ndim - len(core):]):
                if sizes.setdefault(name, extent) != extent:
                    raise ValueError("%s: core dimension %s is %d in one operand and %d in another" % (self.__name__, name, sizes[name], extent))
        outer = np.broadcast_shapes(*(value.shape[:value.ndim - len(core)] for value, core in zip(inputs, cores)))
        count = int(np.prod(outer, dtype=np.int64))
        operands = [np.ascontiguousarray(np.broadcast_to(value.astype(dtype, copy=False), outer + value.shape[value.ndim - len(core):])).reshape((count,) + value.shape[value.ndim - len(core):])
                    for value, core, dtype in zip(inputs, cores, dtypes)]
        outputs = []
        for core, dtype in zip(cores[self.nin:], dtypes[self.nin:]):
            missing = [name for name in core if name not in sizes]
            if missing:
                raise ValueError("%s: the outputs' core dimensions %s are not given by any input" % (self.__name__, missing))
            outputs.append(np.zeros((count,) + tuple(sizes[name] for name in core), dtype))
        if count:
            kernel[(count + _UFUNC_BLOCK - 1) // _UFUNC_BLOCK, _UFUNC_BLOCK](*(operands + outputs))
        results = [output.reshape(outer + tuple(sizes[name] for name in core)) for output, core in zip(outputs, cores[self.nin:])]
        if out is not None:
            targets = out if isinstance(out, tuple) else (out,)
            for target, result in zip(targets, results):
                if isinstance(target, DeviceNDArray):
                    target.copy_to_device(result)
                else:
                    target[...] = result
            return out
        if on_device:
            results = [to_device(result) for result in results]
        return results[0] if len(results) == 1 else tuple(results)


_REDUCE_KERNEL_TEMPLATE = """

import numpy as __rumba_np
from rumba import cuda as __rumba_cuda


def {kernel}(values, partials, filled_partials):
    tile = __rumba_cuda.shared.array({block}, values.dtype)
    filled = __rumba_cuda.shared.array({block}, __rumba_np.bool_)
    t = __rumba_cuda.threadIdx.x
    has = False
    accumulated = values[0]
    for k in range(__rumba_cuda.grid(1), values.shape[0], __rumba_cuda.gridsize(1)):
        if has:
            accumulated = {function}(accumulated, values[k])
        else:
            accumulated = values[k]
            has = True
    tile[t] = accumulated
    filled[t] = has
    __rumba_cuda.syncthreads()
    step = {block} // 2
    while step > 0:
        if t < step and filled[t + step]:
            if filled[t]:
                tile[t] = {function}(tile[t], tile[t + step])
            else:
                tile[t] = tile[t + step]
                filled[t] = True
        __rumba_cuda.syncthreads()
        step //= 2
    if t == 0:
        partials[__rumba_cuda.blockIdx.x] = tile[0]
        filled_partials[__rumba_cuda.blockIdx.x] = filled[0]
"""

# Blocks of a reduction's first pass, and threads per block.
_REDUCE_BLOCKS = 256
_REDUCE_BLOCK = 256


class Reduce:
    """What ``@cuda.reduce`` returns: ``reduce(ary, size=None, res=None, init=0, stream=0)`` combines
    the elements of a host or device array with the binary function (assumed associative and
    commutative, as Numba assumes it) on the GPU: each block combines its threads' elements in
    shared memory, then the few block results and ``init`` are combined on the host."""

    def __init__(self, py_func):
        self.py_func = py_func
        self.__name__ = py_func.__name__
        self.__doc__ = py_func.__doc__
        self._kernel = _GeneratedKernel(py_func, "__rumba_cuda_reduce_", _REDUCE_KERNEL_TEMPLATE.format(
            kernel="__rumba_cuda_reduce_" + _compiled_name(py_func), function=_compiled_name(py_func), block=_REDUCE_BLOCK))

    def __call__(self, ary, size=None, res=None, init=0, stream=0):
        values = ary.copy_to_host() if isinstance(ary, DeviceNDArray) else np.asarray(ary)
        values = values.ravel()[: values.size if size is None else size]
        result = values.dtype.type(init)
        if values.size:
            partials = np.empty(_REDUCE_BLOCKS, values.dtype)
            filled = np.zeros(_REDUCE_BLOCKS, np.bool_)
            self._kernel[_REDUCE_BLOCKS, _REDUCE_BLOCK](np.ascontiguousarray(values), partials, filled)
            for partial in partials[filled]:
                result = self.py_func(result, partial)
        if res is None:
            return result
        if isinstance(res, DeviceNDArray):
            res.copy_to_device(np.array([result], dtype=res.dtype))
        else:
            res[0] = result
        return None


def reduce(function):
    """Numba's ``@cuda.reduce``: a binary function made a reduction over arrays."""
    return Reduce(function)
