"""Seed 002 (Numba session 3), its CUDA cells with `from rumba import cuda`: streams and events, the
random number generator, the reduce and forall generators, kernels on another library's arrays
through the CUDA Array Interface. On the GPU where there is one, else in rumba's simulator. CuPy
stands in where the seed uses it when it is installed (on a GPU machine); elsewhere rumba's own device
arrays do, and the `MyFloatArray` cell, which allocates through the CUDA runtime, runs only on a GPU."""
import time
from math import floor

import numpy as np

from rumba import cuda
from rumba.cuda.random import create_xoroshiro128p_states, xoroshiro128p_uniform_float32

on_gpu = cuda.is_available() and not cuda.simulating()
print("GPU" if on_gpu else "simulator")


@cuda.jit
def increment_kernel(g_data, inc_value):
    i = cuda.grid(1)
    g_data[i] = g_data[i] + inc_value


# Create a stream - differs from CUDA C++ example
stream = cuda.stream()

# Allocate host memory
n = 16 * 1024 * 1024 if on_gpu else 1024 * 1024
a = cuda.pinned_array(n, dtype=np.int32)
a[:] = 0

# Allocate device memory
d_a = cuda.device_array_like(a, stream)

# Kernel configuration
nthreads = 512
nblocks = n // nthreads

# Create event handles
start = cuda.event()
stop = cuda.event()

value = 26

# Run the kernel to make sure compilation happens outside the async portion
increment_kernel[nblocks, nthreads, stream](d_a, -value)
increment_kernel[nblocks, nthreads, stream](d_a, value)

# Stage 1: Asynchronously issue work
cuda.synchronize()
start_time = time.time()
start.record(stream=stream)
d_a.copy_to_device(a, stream=stream)
increment_kernel[nblocks, nthreads, stream](d_a, value)
d_a.copy_to_host(a)
stop.record(stream=stream)
stop_time = time.time()

# Stage 2: Have CPU do some work while waiting for stage 1 to finish
counter = 0
while not stop.query():
    counter += 1

gpu_time = start.elapsed_time(stop)
cpu_time = (stop_time - start_time) * 1000
print("time spent executing by the GPU: %.2f" % gpu_time)
print("time spent by CPU in CUDA calls: %.2f" % cpu_time)
print("CPU executed %lu iterations while waiting for GPU to finish" % counter)
assert np.all(a == value)


@cuda.jit
def compute_pi(rng_states, iterations, out):
    """Find the maximum value in values and store in result[0]"""
    tid = cuda.grid(1)

    # Compute pi by drawing random (x, y) points and finding what
    # fraction lie inside a unit circle
    inside = 0
    for i in range(iterations):
        x = xoroshiro128p_uniform_float32(rng_states, tid)
        y = xoroshiro128p_uniform_float32(rng_states, tid)
        if x**2 + y**2 <= 1.0:
            inside += 1

    out[tid] = 4.0 * inside / iterations


nthreads = 64
nblocks = 24
state_size = nblocks * nthreads
rng_states = create_xoroshiro128p_states(state_size, seed=1)
out = np.zeros(nthreads * nblocks, dtype=np.float32)
compute_pi[nblocks, nthreads](rng_states, 10000, out)
print('pi:', out.mean())
assert abs(out.mean() - np.pi) < 0.01


@cuda.reduce
def sum_reduce(a, b):
    return a + b


A = (np.arange(1234, dtype=np.float64)) + 1
print(sum_reduce(A))
assert sum_reduce(A) == A.sum()
r = cuda.device_array(1, dtype=np.float64)
sum_reduce(A, res=r)
# Does not(!) overwrite device array
A_d = cuda.to_device(A)
sum_reduce(A_d, res=r)
print(np.all(np.allclose(A, A_d.copy_to_host())))
assert r.copy_to_host()[0] == A.sum()


@cuda.jit(device=True)
def rint(x):
    """Round to the nearest integer.

    Returns
    -------
    The nearest integer, as a float.
    """
    y = floor(x)
    r = x - y

    if r > 0.5:
        y += 1.0
    if r == 0.5:
        r = y - 2.0 * floor(0.5 * y)
        if r == 1.0:
            y += 1.0
    return y


@cuda.jit
def gpu_round(in_col, out_col, decimal):
    i = cuda.grid(1)
    f = 10 ** decimal

    if i < in_col.size:
        ret = in_col[i] * f
        ret = rint(ret)
        tmp = ret / f
        out_col[i] = tmp


# in_data and out_data are device arrays
in_data = cuda.to_device(np.random.random(10))
out_data = cuda.device_array_like(in_data)
nelems = len(in_data)
# Round all elements to 3 d.p.
gpu_round.forall(nelems)(in_data, out_data, 3)
print(in_data.copy_to_host())
print(out_data.copy_to_host())
assert np.array_equal(out_data.copy_to_host(), np.round(in_data.copy_to_host(), 3))


@cuda.jit
def add(x, y, out):
    start = cuda.grid(1)
    stride = cuda.gridsize(1)
    for i in range(start, x.shape[0], stride):
        out[i] = x[i] + y[i]


try:
    import cupy
except ImportError:
    cupy = None

if cupy is not None and on_gpu:
    a = cupy.arange(10)
    b = a * 2
    out = cupy.zeros_like(a)
    add[1, 32](a, b, out)
    print(a + b)
    print(out)
    assert bool((out == a + b).all())
else:
    a = cuda.to_device(np.arange(10))
    b = cuda.to_device(np.arange(10) * 2)
    out = cuda.device_array_like(a)
    add[1, 32](a, b, out)
    print(out.copy_to_host())
    assert np.array_equal(out.copy_to_host(), np.arange(10) * 3)


@cuda.jit
def add_one(x):
    i = cuda.grid(1)
    if i < len(x):
        x[i] += 1


x = np.arange(10)
x_numba = cuda.to_device(x)
add_one[1, 32](x_numba)
if cupy is not None and on_gpu:
    x_cupy = cupy.asarray(x_numba)
    print(x_cupy.mean())
    assert float(x_cupy.mean()) == x.mean() + 1
print(x_numba.copy_to_host())


if on_gpu:
    from ctypes import CDLL, POINTER, byref, c_size_t, c_void_p

    cudart = CDLL('libcudart.so')
    cudaMalloc = cudart.cudaMalloc
    cudaMalloc.argtypes = [POINTER(c_void_p), c_size_t]
    cudaFree = cudart.cudaFree
    cudaFree.argtypes = [c_void_p]

    FLOAT32_SIZE = 4

    class MyFloatArray:
        """An array of floats that allocates memory on the device when constructed,
        and frees it when it is deleted.
        """

        def __init__(self, size):
            self._size = size
            self._typestr = 'f4'
            self._ptr = c_void_p()

            alloc_size = size * FLOAT32_SIZE
            ret = cudaMalloc(byref(self._ptr), alloc_size)
            if ret:
                raise RuntimeError(f'Unexpected return code {ret} from cudaMalloc')

        def __del__(self):
            cudaFree(self._ptr)

        @property
        def __cuda_array_interface__(self):
            return {
                'shape': (self._size,),
                'typestr': self._typestr,
                'data': (self._ptr.value, False),
                'version': 2,
            }

    nelems = 32
    arr = MyFloatArray(nelems)
    arr_cai = arr.__cuda_array_interface__
    cai_ptr = arr_cai['data'][0]
    print(f"Pointer from CAI is 0x{cai_ptr:x}")
    print(f"Shape from CAI is {arr_cai['shape']}")
    print(f"Type string from CAI is '{arr_cai['typestr']}'")
    print(f"Version from CAI is {arr_cai['version']}")

    @cuda.jit
    def initialize(x):
        i = cuda.grid(1)
        if i < len(x):
            x[i] = 3.14

    initialize[1, 32](arr)
    print(cuda.as_cuda_array(arr).copy_to_host())
    assert np.allclose(cuda.as_cuda_array(arr).copy_to_host(), 3.14)
