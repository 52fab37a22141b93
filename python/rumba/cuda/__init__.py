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

from .. import _rumba, errors
from ..dispatcher import Dispatcher, _accepts, _compiled_name, _Compiler, _environment, _fastmath_flags, _module_source, _options_check, typeof

__all__ = [
    "jit", "grid", "gridsize", "threadIdx", "blockIdx", "blockDim", "gridDim", "warpsize", "syncthreads",
    "is_available", "to_device", "device_array", "device_array_like", "synchronize", "DeviceNDArray",
    "simulating", "stream", "default_stream", "legacy_default_stream", "per_thread_default_stream",
    "event", "event_elapsed_time", "pinned_array", "pinned", "mapped_array", "managed_array", "MappedNDArray",
    "ManagedNDArray", "reduce", "Reduce", "as_cuda_array", "is_cuda_array",
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


def _contiguous_strides(shape, itemsize, order="C"):
    """The byte strides of a contiguous array of ``shape`` in ``order`` (``"C"`` or ``"F"``)."""
    strides = []
    step = itemsize
    for extent in (reversed(shape) if order == "C" else shape):
        strides.append(step)
        step *= max(int(extent), 1)
    return tuple(reversed(strides)) if order == "C" else tuple(strides)


def _span(shape, strides, itemsize):
    """The lowest byte offset an array's elements take, and the highest (exclusive), from its start."""
    if any(extent == 0 for extent in shape):
        return 0, 0
    low = sum(min(0, (extent - 1) * stride) for extent, stride in zip(shape, strides))
    high = sum(max(0, (extent - 1) * stride) for extent, stride in zip(shape, strides)) + itemsize
    return low, high


def _host_view(pointer, shape, dtype, strides=None):
    """The host memory at ``pointer`` as an array (the simulator's device memory is host memory)."""
    strides = _contiguous_strides(shape, dtype.itemsize) if strides is None else tuple(strides)
    low, high = _span(shape, strides, dtype.itemsize)
    buffer = (ctypes.c_char * max(high - low, 1)).from_address(pointer + low)
    return np.ndarray(shape, dtype, buffer=buffer, offset=-low, strides=strides)


def _stream_handle(stream):
    """The driver's stream of a ``stream=`` argument: None (the default stream) for 0, a default
    stream, or in the simulator."""
    return stream._device if isinstance(stream, Stream) else None


def _keep_until_synchronized(stream, value):
    """Keeps host memory that work queued on ``stream`` reads or writes alive until it is synchronized."""
    if isinstance(stream, Stream) and stream._device is not None:
        stream._pending.append(value)


class DeviceNDArray:
    """An array in device memory (host memory standing in for it in the simulator), C-ordered,
    F-ordered or strided (a view). ``copy_to_host()`` brings it back; ``__cuda_array_interface__``
    (version 3) shows it to other libraries, and ``as_cuda_array`` makes one of theirs."""

    def __init__(self, shape, dtype, strides=None, order="C", _pointer=None, _owner=None):
        self.shape = tuple(int(extent) for extent in shape)
        self.dtype = np.dtype(dtype)
        self.size = int(np.prod(self.shape, dtype=np.int64))
        self.ndim = len(self.shape)
        if order not in ("C", "F"):
            raise ValueError("order must be 'C' or 'F', got %r" % (order,))
        self.strides = _contiguous_strides(self.shape, self.dtype.itemsize, order) if strides is None else tuple(int(stride) for stride in strides)
        if len(self.strides) != self.ndim:
            raise ValueError("a device array of %d dimension(s) takes as many strides, got %r" % (self.ndim, strides))
        # What keeps the memory alive: a buffer of ours, the array this one views, or the object
        # another library lent it by.
        self._owner = _owner
        low, high = _span(self.shape, self.strides, self.dtype.itemsize)
        if _pointer is None and low < 0:
            raise ValueError("a new device array takes strides that are not negative, got %r" % (strides,))
        if simulating():
            if _pointer is None:
                self._owner = np.zeros(high, np.uint8)
                _pointer = self._owner.ctypes.data
            self._host = _host_view(_pointer, self.shape, self.dtype, self.strides)
        else:
            self._host = None
            if _pointer is None:
                self._owner = _rumba.DeviceBuffer(high)
                _pointer = self._owner.pointer
        self._pointer = _pointer

    def __len__(self):
        return self.shape[0]

    @property
    def nbytes(self):
        return self.size * self.dtype.itemsize

    @property
    def __cuda_array_interface__(self):
        strides = None if self.is_c_contiguous() else self.strides
        return {"shape": self.shape, "typestr": self.dtype.str, "data": (self._pointer, False), "version": 3, "strides": strides, "stream": None}

    def is_c_contiguous(self):
        return self.size <= 1 or self.strides == _contiguous_strides(self.shape, self.dtype.itemsize, "C")

    def is_f_contiguous(self):
        return self.size <= 1 or self.strides == _contiguous_strides(self.shape, self.dtype.itemsize, "F")

    def _layout(self):
        """``"C"``, ``"F"`` (contiguous in that order), or None (strided)."""
        return "C" if self.is_c_contiguous() else "F" if self.is_f_contiguous() else None

    def _through_staging(self, update):
        """Reads the bytes the array spans to the host, lets ``update`` read or write the array's
        elements there (a strided view), and writes the bytes back if it returns True."""
        low, high = _span(self.shape, self.strides, self.dtype.itemsize)
        staging = np.empty(high - low, np.uint8)
        _rumba.cuda_copy_to_host(self._pointer + low, staging)
        if update(np.ndarray(self.shape, self.dtype, buffer=staging, offset=-low, strides=self.strides)):
            _rumba.cuda_copy_to_device(self._pointer + low, staging)

    def copy_to_device(self, ary, stream=0):
        # Not np.ascontiguousarray, which makes a 0-d array 1-d.
        source = np.asarray(ary, dtype=self.dtype)
        if source.shape != self.shape:
            raise ValueError("copy_to_device: shape %s does not match the device array's %s" % (source.shape, self.shape))
        if self._host is not None:
            self._host[...] = source
            return
        layout = self._layout()
        if layout is None:
            synchronize()

            def assign(elements):
                elements[...] = source
                return True
            self._through_staging(assign)
            return
        source = np.array(source, order=layout, copy=not (source.flags.c_contiguous if layout == "C" else source.flags.f_contiguous))
        _keep_until_synchronized(stream, source)
        _rumba.cuda_copy_to_device(self._pointer, source, _stream_handle(stream))

    def copy_to_host(self, ary=None, stream=0):
        layout = self._layout()
        if ary is None:
            ary = np.empty(self.shape, self.dtype, order=layout or "C")
        elif ary.shape != self.shape or ary.dtype != self.dtype:
            raise ValueError("copy_to_host: the host array must have shape %s and dtype %s" % (self.shape, self.dtype))
        if self._host is not None:
            ary[...] = self._host
        elif layout is not None and (ary.flags.c_contiguous if layout == "C" else ary.flags.f_contiguous):
            _keep_until_synchronized(stream, ary)
            _rumba.cuda_copy_to_host(self._pointer, ary, _stream_handle(stream))
        else:
            synchronize()

            def read(elements):
                ary[...] = elements
                return False
            self._through_staging(read)
        return ary

    def _view(self, index):
        """The byte offset, shape and strides that ``index`` selects (ints, slices, ``...``)."""
        index = index if isinstance(index, tuple) else (index,)
        if sum(position is Ellipsis for position in index) > 1:
            raise IndexError("an index can only have a single ellipsis ('...')")
        if Ellipsis in index:
            at = index.index(Ellipsis)
            index = index[:at] + (slice(None),) * (self.ndim - len(index) + 1) + index[at + 1:]
        if len(index) > self.ndim:
            raise IndexError("too many indices for a device array of %d dimension(s)" % self.ndim)
        index = index + (slice(None),) * (self.ndim - len(index))
        offset, shape, strides = 0, [], []
        for axis, (position, extent, stride) in enumerate(zip(index, self.shape, self.strides)):
            if isinstance(position, (int, np.integer)):
                wrapped = int(position) + extent if position < 0 else int(position)
                if not 0 <= wrapped < extent:
                    raise IndexError("index %d is out of bounds for axis %d with size %d" % (position, axis, extent))
                offset += wrapped * stride
            elif isinstance(position, slice):
                start, stop, step = position.indices(extent)
                length = len(range(start, stop, step))
                offset += start * stride if length else 0
                shape.append(length)
                strides.append(stride * step)
            else:
                raise IndexError("rumba.cuda: device arrays are indexed by ints, slices and '...', not %r" % (position,))
        return offset, tuple(shape), tuple(strides)

    def __getitem__(self, index):
        """An element (copied to the host), or a view of the same memory."""
        offset, shape, strides = self._view(index)
        if shape:
            return DeviceNDArray(shape, self.dtype, strides, _pointer=self._pointer + offset, _owner=self)
        element = np.empty((), self.dtype)
        if self._host is not None:
            element[()] = _host_view(self._pointer + offset, (), self.dtype)
        else:
            _rumba.cuda_copy_to_host(self._pointer + offset, element)
        return element[()]

    def __setitem__(self, index, value):
        offset, shape, strides = self._view(index)
        target = DeviceNDArray(shape, self.dtype, strides, _pointer=self._pointer + offset, _owner=self)
        target.copy_to_device(np.broadcast_to(np.asarray(value, self.dtype), shape))

    def reshape(self, *shape, order="C"):
        """A view with another shape of the same elements (one extent may be -1), of a C- or
        F-contiguous array, in that order."""
        shape = tuple(int(extent) for extent in (shape[0] if len(shape) == 1 and isinstance(shape[0], tuple) else shape))
        if order not in ("C", "F"):
            raise ValueError("order must be 'C' or 'F', got %r" % (order,))
        known = int(np.prod([extent for extent in shape if extent != -1], dtype=np.int64))
        if shape.count(-1) == 1 and known and self.size % known == 0:
            shape = tuple(self.size // known if extent == -1 else extent for extent in shape)
        if -1 in shape or int(np.prod(shape, dtype=np.int64)) != self.size:
            raise ValueError("cannot reshape a device array of size %d into shape %s" % (self.size, shape))
        if not (self.is_c_contiguous() if order == "C" else self.is_f_contiguous()):
            raise NotImplementedError("rumba.cuda: reshaping a device array that is not %s-contiguous needs a copy; copy it first" % order)
        return DeviceNDArray(shape, self.dtype, order=order, _pointer=self._pointer, _owner=self)

    def ravel(self, order="C"):
        return self.reshape(self.size, order=order)

    def split(self, section, stream=0):
        """Views of consecutive pieces of ``section`` elements of a 1-d array (the last may be shorter)."""
        if self.ndim != 1:
            raise ValueError("split() takes a 1-dimensional device array")
        return [self[start:start + section] for start in range(0, self.size, section)]

    @property
    def T(self):
        return self.transpose()

    def transpose(self, axes=None):
        """A view with the axes reversed (or in the order ``axes`` gives)."""
        axes = tuple(reversed(range(self.ndim))) if axes is None else tuple(axes)
        if sorted(axes) != list(range(self.ndim)):
            raise ValueError("axes %r do not match a device array of %d dimension(s)" % (axes, self.ndim))
        return DeviceNDArray(tuple(self.shape[axis] for axis in axes), self.dtype, tuple(self.strides[axis] for axis in axes), _pointer=self._pointer, _owner=self)

    def _element_strides(self):
        """The strides in elements, as compiled kernels take them."""
        if any(stride % self.dtype.itemsize for stride in self.strides):
            raise ValueError("rumba.cuda: a kernel takes arrays whose strides are whole elements, got %r" % (self.strides,))
        return [stride // self.dtype.itemsize for stride in self.strides]

    def _numba_type(self):
        if self.ndim == 0:
            return self.dtype.name
        axes = [":"] * self.ndim
        layout = self._layout()
        if layout == "C":
            axes[-1] = "::1"
        elif layout == "F":
            axes[0] = "::1"
        return "%s[%s]" % (self.dtype.name, ", ".join(axes))

    def __repr__(self):
        return "<rumba.cuda.DeviceNDArray shape=%s dtype=%s>" % (self.shape, self.dtype)


def is_cuda_array(obj):
    """Whether ``obj`` shows its device memory through the CUDA Array Interface."""
    return hasattr(obj, "__cuda_array_interface__")


def as_cuda_array(obj, sync=True):
    """A device array viewing another library's device memory (CuPy, PyTorch, or any object with a
    ``__cuda_array_interface__``), without a copy; the array keeps ``obj`` alive. With ``sync``,
    the work on the stream the interface names is waited for first."""
    if isinstance(obj, DeviceNDArray):
        return obj
    interface = obj.__cuda_array_interface__
    shape, dtype = tuple(interface["shape"]), np.dtype(interface["typestr"])
    # Version 3's stream: the work that writes the array is queued there; wait for it.
    if sync and interface.get("stream") and not simulating():
        _rumba.cuda_synchronize_foreign_stream(int(interface["stream"]))
    return DeviceNDArray(shape, dtype, interface.get("strides"), _pointer=interface["data"][0], _owner=obj)


def _order_of(ary):
    """``"F"`` for an array (host or device) that is F-contiguous and not C-contiguous, else ``"C"``."""
    if isinstance(ary, DeviceNDArray):
        return "F" if ary._layout() == "F" else "C"
    return "F" if ary.flags.f_contiguous and not ary.flags.c_contiguous else "C"


def to_device(ary, stream=0, copy=True, to=None):
    """A device copy of a host array (``to=``: copy into that device array instead), F-ordered if
    the host array is, else C-ordered."""
    ary = np.asarray(ary)
    target = to if to is not None else DeviceNDArray(ary.shape, ary.dtype, order=_order_of(ary))
    if copy:
        target.copy_to_device(ary, stream=stream)
    return target


def device_array(shape, dtype=np.float64, strides=None, order="C", stream=0):
    """An uninitialised device array (zeroed in the simulator)."""
    return DeviceNDArray((shape,) if np.isscalar(shape) else shape, dtype, strides, order=order)


def device_array_like(ary, stream=0):
    """A device array of ``ary``'s shape, dtype and order."""
    return device_array(ary.shape, ary.dtype, order=_order_of(ary))


def synchronize():
    """Waits for the device to finish its work (launches are synchronous today)."""
    if not simulating():
        _rumba.cuda_synchronize()


class Stream:
    """A CUDA stream: copies and launches given it run in order, and on a GPU alongside the work of
    other streams (copies overlap kernels where their host memory is page-locked: ``pinned_array``).
    Host memory that queued work reads or writes is kept alive until ``synchronize()``. The
    simulator does each piece of work when it is given."""

    def __init__(self, name="stream", default=False):
        self._name = name
        self._device = None if default or simulating() else _rumba.CudaStream()
        self._pending = []

    def synchronize(self):
        """Waits for the work queued so far."""
        if self._device is not None:
            self._device.synchronize()
        elif not simulating():
            synchronize()
        self._pending.clear()

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
    return Stream("default stream", default=True)


def legacy_default_stream():
    return Stream("legacy default stream", default=True)


def per_thread_default_stream():
    return Stream("per-thread default stream", default=True)


class Event:
    """A CUDA event: ``record`` it on a stream after work, then ``synchronize``, ``query``, make
    another stream ``wait`` for it, or measure the milliseconds between two (``elapsed_time``). In
    the simulator, where work is done when its call returns, an event holds the host's clock at its
    record."""

    def __init__(self, timing=True):
        self._timing = timing
        self._device = None if simulating() else _rumba.CudaEvent(timing)
        self._recorded = None

    def record(self, stream=0):
        if self._device is not None:
            self._device.record(_stream_handle(stream))
        self._recorded = time.perf_counter()

    def wait(self, stream=0):
        """Work given to ``stream`` from now on waits for the event's record."""
        if self._device is not None:
            self._device.wait(_stream_handle(stream))

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


def _array_in(buffer, pointer, shape, dtype, strides, order, cls):
    """An array of ``shape`` over memory at ``pointer`` that ``buffer`` owns (kept alive by it)."""
    dtype = np.dtype(dtype)
    shape = (shape,) if np.isscalar(shape) else tuple(shape)
    strides = _contiguous_strides(shape, dtype.itemsize, order) if strides is None else tuple(strides)
    array = _host_view(pointer, shape, dtype, strides).view(cls)
    array._rumba_buffer = buffer
    return array


def _host_memory(shape, dtype, strides, order):
    """The bytes an array of ``shape`` takes."""
    dtype = np.dtype(dtype)
    shape = (shape,) if np.isscalar(shape) else tuple(shape)
    strides = _contiguous_strides(shape, dtype.itemsize, order) if strides is None else tuple(strides)
    return _span(shape, strides, dtype.itemsize)[1]


class _PinnedArray(np.ndarray):
    """A NumPy array in page-locked memory, which it keeps alive."""

    def __array_finalize__(self, source):
        self._rumba_buffer = getattr(source, "_rumba_buffer", None)


def pinned_array(shape, dtype=np.float64, strides=None, order="C"):
    """A host array in page-locked memory (on a GPU): copies between it and the device on a stream
    run alongside kernels. In the simulator, an ordinary array."""
    if simulating():
        return np.empty(shape, dtype=dtype, order=order)
    buffer = _rumba.HostBuffer(_host_memory(shape, dtype, strides, order), False)
    return _array_in(buffer, buffer.pointer, shape, dtype, strides, order, _PinnedArray)


class pinned:
    """``with cuda.pinned(array, ...)``: the arrays' memory is page-locked inside the block (on a
    GPU), so copies from and to them on a stream run alongside kernels."""

    def __init__(self, *arrays):
        self._arrays = arrays
        self._locks = []

    def __enter__(self):
        if not simulating():
            for array in self._arrays:
                if isinstance(array, (_PinnedArray, _DeviceAccessibleArray)) or array.size == 0:
                    continue
                low, high = _span(array.shape, array.strides, array.itemsize)
                self._locks.append((array, _rumba.PageLock(array.ctypes.data + low, high - low)))
        return None

    def __exit__(self, *exception):
        self._locks.clear()
        return False


class _DeviceAccessibleArray(np.ndarray):
    """A host array that kernels read and write where it is (mapped or managed memory): it shows
    its device address through the CUDA Array Interface, and a launch takes it without copies.
    Views of it are too; an array computed from it (``a + 1``) is ordinary host memory, which
    has no device address and is copied to kernels like any host array."""

    def __array_finalize__(self, source):
        span = getattr(source, "_rumba_span", None)
        inside = span is not None and span[0] <= self.__array_interface__["data"][0] < span[1]
        self._rumba_buffer = getattr(source, "_rumba_buffer", None) if inside else None
        self._rumba_span = span if inside else None
        self._rumba_device_offset = getattr(source, "_rumba_device_offset", None) if inside else None

    @property
    def __cuda_array_interface__(self):
        if self._rumba_device_offset is None:
            raise AttributeError("this array is not in mapped or managed memory: it was computed from such an array")
        strides = None if self.flags.c_contiguous else self.strides
        return {"shape": self.shape, "typestr": self.dtype.str, "data": (self.ctypes.data + self._rumba_device_offset, False), "version": 3, "strides": strides, "stream": None}


class MappedNDArray(_DeviceAccessibleArray):
    """``cuda.mapped_array``'s arrays: page-locked host memory mapped into the device's address space."""


class ManagedNDArray(_DeviceAccessibleArray):
    """``cuda.managed_array``'s arrays: memory the driver migrates between host and device."""


def _device_accessible(cls, buffer, device_pointer, shape, dtype, strides, order):
    """A ``cls`` array over ``buffer`` (None: new host memory, in the simulator), whose device
    address is ``device_pointer``, for it and for its views."""
    if buffer is None:
        array = np.zeros(shape, dtype=dtype, order=order).view(cls)
        array._rumba_buffer, array._rumba_device_offset = None, 0
    else:
        array = _array_in(buffer, buffer.pointer, shape, dtype, strides, order, cls)
        array._rumba_device_offset = device_pointer - buffer.pointer
    start = array.__array_interface__["data"][0]
    array._rumba_span = (start, start + max(array.nbytes, 1))
    return array


def mapped_array(shape, dtype=np.float64, strides=None, order="C", stream=0, portable=False, wc=False):
    """A host array that kernels read and write in place, over the bus (page-locked, mapped host
    memory). In the simulator, an ordinary array."""
    if simulating():
        return _device_accessible(MappedNDArray, None, 0, shape, dtype, strides, order)
    buffer = _rumba.HostBuffer(_host_memory(shape, dtype, strides, order), True)
    return _device_accessible(MappedNDArray, buffer, buffer.device_pointer, shape, dtype, strides, order)


def managed_array(shape, dtype=np.float64, strides=None, order="C", stream=0, attach_global=True):
    """An array in managed memory: one address for host and device, the driver moving the pages
    where they are used. Synchronize before the host reads what a kernel wrote. In the simulator,
    an ordinary array."""
    if simulating():
        return _device_accessible(ManagedNDArray, None, 0, shape, dtype, strides, order)
    buffer = _rumba.DeviceBuffer.managed(_host_memory(shape, dtype, strides, order))
    return _device_accessible(ManagedNDArray, buffer, buffer.pointer, shape, dtype, strides, order)


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

# Numba's CUDA_WARN_ON_IMPLICIT_COPY: a host array passed to a kernel on the GPU is copied to the
# device and back, with a performance warning.
_WARN_ON_IMPLICIT_COPY = os.environ.get("RUMBA_CUDA_WARN_ON_IMPLICIT_COPY", os.environ.get("NUMBA_CUDA_WARN_ON_IMPLICIT_COPY", "1")) != "0"

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
        # The argument types of the signatures given: then launches take only arguments that fit one.
        self._declared = []
        for signature in signatures:
            self._declared.append(self.compile(signature))

    def __getitem__(self, configuration):
        if not isinstance(configuration, tuple) or not 2 <= len(configuration) <= 4:
            raise ValueError("a kernel is launched as kernel[griddim, blockdim] or kernel[griddim, blockdim, stream, sharedmem], got %r" % (configuration,))
        griddim = _dim3(configuration[0], "griddim")
        blockdim = _dim3(configuration[1], "blockdim")
        if blockdim[0] * blockdim[1] * blockdim[2] > 1024:
            raise ValueError("a block has at most 1024 threads, got %r" % (configuration[1],))
        stream = configuration[2] if len(configuration) >= 3 else 0
        if not (isinstance(stream, Stream) or stream in (0, None)):
            raise ValueError("the stream of a launch is a cuda.stream() or 0, got %r" % (stream,))
        sharedmem = int(configuration[3]) if len(configuration) == 4 else 0
        if not 0 <= sharedmem < 1 << 32:
            raise ValueError("the dynamic shared memory of a launch is a number of bytes, got %r" % (configuration[3],))
        return lambda *args: self._launch(griddim, blockdim, stream, sharedmem, args)

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

    def _launch(self, griddim, blockdim, stream, sharedmem, args):
        # Another library's device arrays, and host arrays the device reaches (mapped, managed), go
        # in as they are, through the CUDA Array Interface.
        args = tuple(as_cuda_array(value) if is_cuda_array(value) and (not isinstance(value, np.ndarray) or isinstance(value, _DeviceAccessibleArray)) else value for value in args)
        types = self._types(args)
        if self._declared:
            fitting = next((declared for declared in self._declared if _accepts(declared, types)), None)
            if fitting is None:
                raise TypeError("%s[...](): no matching definition for argument types (%s); its signatures take (%s)"
                                % (self.py_func.__name__, ", ".join(types), "), (".join(", ".join(declared) for declared in self._declared)))
            types = fitting
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
                if _WARN_ON_IMPLICIT_COPY:
                    warnings.warn(errors.NumbaPerformanceWarning("Host array used in CUDA kernel will incur copy overhead to/from device."), stacklevel=3)
                device = to_device(value)
                copies.append((value, device))
                value = device
            if isinstance(value, DeviceNDArray):
                pointer = value._pointer
                parameters += [("u64", pointer), ("u64", pointer), ("i64", 0)] + [("i64", extent) for extent in value.shape] + [("i64", step) for step in value._element_strides()]
            elif isinstance(value, (bool, np.bool_)):
                parameters.append(("u8", int(value)))
            elif isinstance(value, (int, float, np.number)):
                parameters.append((_PARAMETER_KINDS[value_type], value.item() if isinstance(value, np.generic) else value))
            else:
                raise TypeError("%s[...](): a %s cannot be passed to a kernel on the GPU yet" % (self.py_func.__name__, type(value).__name__))
        module.launch(entry, griddim, blockdim, sharedmem, _stream_handle(stream), parameters)
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
        return types

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
        self._compiler = _Compiler(module_source + source, file_name, 3, _fastmath_flags(options.get("fastmath", False)), False, _environment(py_func))


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
        size = int(np.prod(shape, dtype=np.int64))
        result = np.empty(size, result_dtype)
        if size:
            device_result = device_array(size, result_dtype)
            self._kernel[(size + _UFUNC_BLOCK - 1) // _UFUNC_BLOCK, _UFUNC_BLOCK](*(to_device(operand) for operand in operands), device_result)
            device_result.copy_to_host(result)
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
            device_outputs = [to_device(output) for output in outputs]
            kernel[(count + _UFUNC_BLOCK - 1) // _UFUNC_BLOCK, _UFUNC_BLOCK](*([to_device(operand) for operand in operands] + device_outputs))
            for device_output, output in zip(device_outputs, outputs):
                device_output.copy_to_host(output)
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
            partials = device_array(_REDUCE_BLOCKS, values.dtype)
            filled = to_device(np.zeros(_REDUCE_BLOCKS, np.bool_))
            self._kernel[_REDUCE_BLOCKS, _REDUCE_BLOCK](to_device(np.ascontiguousarray(values)), partials, filled)
            for partial in partials.copy_to_host()[filled.copy_to_host()]:
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
