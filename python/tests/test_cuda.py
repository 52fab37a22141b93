"""``@cuda.jit`` kernels, in the simulator everywhere and on the GPU where there is one.

The expected results come from CPython running the kernel's own ``.py_func`` once per thread with
a stand-in ``cuda`` module that holds the thread's geometry (`reference_launch`), or, for kernels
whose threads wait for each other at ``cuda.syncthreads()``, from NumPy computing what the kernel
computes. Each kernel runs on every target this machine has: the simulator, and the GPU when
``rumba.cuda.is_available()`` (CI has none; those cases then skip).
"""

import fractions
import math
import os
import shutil
import subprocess
import types
import warnings

import numpy as np
import pytest

import rumba
from rumba import cuda, errors

TARGETS = ["simulator"] + (["gpu"] if cuda.is_available() else [])


@pytest.fixture(params=TARGETS)
def target(request, monkeypatch):
    monkeypatch.setenv("RUMBA_ENABLE_CUDASIM", "1" if request.param == "simulator" else "0")
    return request.param


class _Dim3:
    def __init__(self, x, y, z):
        self.x, self.y, self.z = x, y, z


def reference_launch(kernel, griddim, blockdim, *args):
    """Runs ``kernel.py_func`` under CPython once per thread, as the GPU would run it (threads that
    do not wait for each other), with ``cuda`` standing for the thread's geometry."""
    griddim = tuple(griddim) + (1,) * (3 - len(griddim)) if isinstance(griddim, tuple) else (griddim, 1, 1)
    blockdim = tuple(blockdim) + (1,) * (3 - len(blockdim)) if isinstance(blockdim, tuple) else (blockdim, 1, 1)
    stand_in = types.SimpleNamespace(blockDim=_Dim3(*blockdim), gridDim=_Dim3(*griddim), atomic=types.SimpleNamespace())

    def grid(ndim):
        axes = [stand_in.threadIdx.x + stand_in.blockIdx.x * blockdim[0], stand_in.threadIdx.y + stand_in.blockIdx.y * blockdim[1],
                stand_in.threadIdx.z + stand_in.blockIdx.z * blockdim[2]]
        return axes[0] if ndim == 1 else tuple(axes[:ndim])

    def gridsize(ndim):
        sizes = [griddim[axis] * blockdim[axis] for axis in range(3)]
        return sizes[0] if ndim == 1 else tuple(sizes[:ndim])

    def atomic(update):
        def apply(array, index, value):
            old = array[index]
            array[index] = update(old, value)
            return old
        return apply

    stand_in.grid, stand_in.gridsize, stand_in.warpsize = grid, gridsize, 32
    stand_in.local = types.SimpleNamespace(array=lambda shape, dtype: np.zeros(shape, dtype))
    stand_in.const = types.SimpleNamespace(array_like=lambda ary: ary)
    stand_in.selp = lambda condition, if_true, if_false: if_true if condition else if_false
    # a * b + c rounded once: exactly in fractions, then to the nearest float.
    stand_in.fma = lambda a, b, c: float(fractions.Fraction(float(a)) * fractions.Fraction(float(b)) + fractions.Fraction(float(c)))
    stand_in.atomic.add = atomic(lambda old, value: old + value)
    stand_in.atomic.sub = atomic(lambda old, value: old - value)
    stand_in.atomic.max = atomic(max)
    stand_in.atomic.min = atomic(min)
    stand_in.atomic.exch = atomic(lambda old, value: value)
    py_func = kernel.py_func
    function = types.FunctionType(py_func.__code__, dict(py_func.__globals__, cuda=stand_in), py_func.__name__, py_func.__defaults__, py_func.__closure__)
    for bz in range(griddim[2]):
        for by in range(griddim[1]):
            for bx in range(griddim[0]):
                for tz in range(blockdim[2]):
                    for ty in range(blockdim[1]):
                        for tx in range(blockdim[0]):
                            stand_in.blockIdx, stand_in.threadIdx = _Dim3(bx, by, bz), _Dim3(tx, ty, tz)
                            stand_in.laneid = (tx + blockdim[0] * (ty + blockdim[1] * tz)) % 32
                            function(*args)


@cuda.jit
def increment(io_array):
    pos = cuda.grid(1)
    if pos < io_array.size:
        io_array[pos] += 1


@cuda.jit
def double_by_geometry(io_array):
    tx = cuda.threadIdx.x
    ty = cuda.blockIdx.x
    bw = cuda.blockDim.x
    pos = tx + ty * bw
    if pos < io_array.size:
        io_array[pos] *= 2


@cuda.jit
def double_2d(io_array):
    row, col = cuda.grid(2)
    if row < io_array.shape[0] and col < io_array.shape[1]:
        io_array[row][col] *= 2


@cuda.jit
def positions_3d(out):
    x, y, z = cuda.grid(3)
    if x < out.shape[0] and y < out.shape[1] and z < out.shape[2]:
        out[x, y, z] = x * 10000 + y * 100 + z + cuda.gridDim.z * 1000000


@cuda.jit
def strided_fill(out, scale):
    start = cuda.grid(1)
    stride = cuda.gridsize(1)
    for i in range(start, out.shape[0], stride):
        out[i] = i * scale + cuda.warpsize


@cuda.jit(device=True)
def exp_twice(a, b):
    for i in range(2):
        a = math.exp(a * b)
    return a


@cuda.jit
def apply_device_function(a, b, result):
    pos = cuda.grid(1)
    if (pos < a.shape[0]) and (pos < b.shape[0]):
        result[pos] = exp_twice(a[pos], b[pos])


@pytest.mark.parametrize("griddim, blockdim, size", [(8, 32, 256), (3, 32, 70), ((5,), (16,), 80), (1, 1, 1)])
def test_one_dimensional_grid(target, griddim, blockdim, size):
    for kernel in (increment, double_by_geometry):
        data = np.arange(size, dtype=np.float64)
        expected = data.copy()
        reference_launch(kernel, griddim, blockdim, expected)
        kernel[griddim, blockdim](data)
        np.testing.assert_array_equal(data, expected)


def test_two_dimensional_grid_of_the_seed(target):
    data = np.arange(96 * 80, dtype=np.float64).reshape(96, 80)
    expected = data.copy()
    threadsperblock = (16, 8)
    blockspergrid = (math.ceil(data.shape[0] / 16), math.ceil(data.shape[1] / 8))
    reference_launch(double_2d, blockspergrid, threadsperblock, expected)
    double_2d[blockspergrid, threadsperblock](data)
    np.testing.assert_array_equal(data, expected)


def test_three_dimensional_grid(target):
    out = np.zeros((6, 5, 4), dtype=np.int64)
    expected = out.copy()
    reference_launch(positions_3d, (2, 3, 2), (3, 2, 2), expected)
    positions_3d[(2, 3, 2), (3, 2, 2)](out)
    np.testing.assert_array_equal(out, expected)


@pytest.mark.parametrize("dtype, scale", [(np.float64, 0.5), (np.int32, 3), (np.float32, 2.0)])
def test_grid_stride_loop_and_specialisations(target, dtype, scale):
    out = np.zeros(1000, dtype=dtype)
    expected = out.copy()
    reference_launch(strided_fill, 3, 32, expected, scale)
    strided_fill[3, 32](out, scale)
    np.testing.assert_array_equal(out, expected)


def test_device_function(target):
    if target == "gpu" and not cuda._libdevice():
        pytest.skip("math functions on the GPU need libdevice (pip install nvidia-cuda-nvcc-cu12)")
    rng = np.random.default_rng(7)
    a, b = rng.random(100), rng.random(100)
    result = np.zeros(100)
    expected = result.copy()
    reference_launch(apply_device_function, 4, 32, a, b, expected)
    # The seed launches it as [threadsperblock, blockspergrid]: 32 blocks of 4 threads.
    apply_device_function[32, 4](a, b, result)
    np.testing.assert_allclose(result, expected, rtol=1e-15)


def make_scaled_square(factor):
    """A kernel made by a factory, calling a device function of the factory's closure: compiled
    as functions of this module's namespace (`test_cuda.square`), which PTX must spell without dots."""

    @cuda.jit(device=True)
    def square(x):
        return x * x * factor

    @cuda.jit
    def scaled_square(a):
        i = cuda.grid(1)
        if i < a.shape[0]:
            a[i] = square(a[i])

    return scaled_square


scaled_square = make_scaled_square(3.0)


def test_kernel_and_device_function_of_a_closure(target):
    data = np.arange(50.0)
    expected = data.copy()
    reference_launch(scaled_square, 2, 32, expected)
    scaled_square[2, 32](data)
    np.testing.assert_array_equal(data, expected)


LOOKUP = np.arange(8.0) * 1.5


@cuda.jit
def per_thread_scratch(values, out):
    i = cuda.grid(1)
    if i >= values.shape[0]:
        return
    scratch = cuda.local.array(4, dtype=np.float64)
    for k in range(4):
        scratch[k] = values[i] * k
    total = 0.0
    for k in range(4):
        total += scratch[3 - k] * (k + 1)
    table = cuda.const.array_like(LOOKUP)
    out[i] = cuda.selp(cuda.laneid % 2 == 0, total, -total) + table[i % 8]


def test_local_arrays_laneid_selp_and_constant_arrays(target):
    values = np.random.default_rng(5).random(100)
    out = np.zeros(100)
    expected = out.copy()
    reference_launch(per_thread_scratch, 2, (8, 8), values, expected)
    per_thread_scratch[2, (8, 8)](values, out)
    np.testing.assert_array_equal(out, expected)


@cuda.jit("void(float32[::1], float32)")
def scale_in_place(a, factor):
    i = cuda.grid(1)
    if i < a.size:
        a[i] *= factor


def test_signature_compiles_when_decorated(target):
    data = np.arange(40, dtype=np.float32)
    scale_in_place[2, 32](data, np.float32(0.5))
    np.testing.assert_array_equal(data, np.arange(40, dtype=np.float32) * np.float32(0.5))


@cuda.jit
def reverse_blocks(data):
    """Each block reverses its part of `data` through a shared array."""
    tile = cuda.shared.array(64, dtype=np.float64)
    t = cuda.threadIdx.x
    start = cuda.blockIdx.x * cuda.blockDim.x
    tile[t] = data[start + t]
    cuda.syncthreads()
    data[start + t] = tile[cuda.blockDim.x - 1 - t]


@cuda.jit
def block_sums(values, sums):
    """A tree reduction in shared memory, one sum per block."""
    partial = cuda.shared.array((2, 32), rumba.float32)
    t = cuda.threadIdx.x
    i = cuda.grid(1)
    partial[0, t] = values[i] if i < values.shape[0] else 0.0
    cuda.syncthreads()
    step = cuda.blockDim.x // 2
    while step > 0:
        if t < step:
            partial[0, t] += partial[0, t + step]
        cuda.syncthreads()
        step //= 2
    if t == 0:
        sums[cuda.blockIdx.x] = partial[0, 0]


def test_shared_array_and_syncthreads(target):
    data = np.arange(4 * 64, dtype=np.float64)
    expected = data.reshape(4, 64)[:, ::-1].ravel()
    reverse_blocks[4, 64](data)
    np.testing.assert_array_equal(data, expected)


def test_reduction_in_shared_memory(target):
    values = np.arange(100, dtype=np.float32)
    sums = np.zeros(4, dtype=np.float32)
    block_sums[4, 32](values, sums)
    padded = np.concatenate([values, np.zeros(28, dtype=np.float32)])
    np.testing.assert_array_equal(sums, padded.reshape(4, 32).sum(axis=1))


@cuda.jit
def reverse_through_dynamic_memory(data, lengths):
    """Reverses each block's part of `data` through the launch's dynamic shared memory; a second
    dynamic array of another dtype starts at the same address, as in CUDA and Numba."""
    tile = cuda.shared.array(0, dtype=np.float32)
    words = cuda.shared.array(0, dtype=np.int64)
    flags = cuda.shared.array(4, dtype=np.int32)
    t = cuda.threadIdx.x
    start = cuda.blockIdx.x * cuda.blockDim.x
    tile[t] = data[start + t]
    if t < 4:
        flags[t] = cuda.blockIdx.x
    cuda.syncthreads()
    data[start + t] = tile[cuda.blockDim.x - 1 - t] + flags[t % 4] - cuda.blockIdx.x
    if t == 0:
        lengths[cuda.blockIdx.x, 0] = tile.shape[0]
        lengths[cuda.blockIdx.x, 1] = words.shape[0]
    cuda.syncthreads()
    if t == 0:
        words[0] = 0
    cuda.syncthreads()
    lengths[cuda.blockIdx.x, 2] = tile[0] == 0.0 and tile[1] == 0.0


def test_dynamic_shared_memory(target):
    blocks, threads = 64, 32
    data = np.arange(blocks * threads, dtype=np.float32)
    expected = data.reshape(blocks, threads)[:, ::-1].ravel()
    lengths = np.zeros((blocks, 3), dtype=np.int64)
    reverse_through_dynamic_memory[blocks, threads, 0, 4 * threads + 4](data, lengths)
    np.testing.assert_array_equal(data, expected)
    # 132 bytes: 33 float32s, 16 int64s; the int64 0 written at the start is two float32 zeros.
    np.testing.assert_array_equal(lengths, np.tile([33, 16, 1], (blocks, 1)))
    # More than a block may have (48 KiB without the opt-in attribute) is refused by the simulator
    # and by the driver alike.
    with pytest.raises(RuntimeError):
        reverse_through_dynamic_memory[1, threads, 0, 100_000](data, lengths)


def test_blocks_have_shared_arrays_of_their_own(target):
    """Many blocks at once, each reversing its part through its own shared array."""
    data = np.arange(256 * 64, dtype=np.float64)
    expected = data.reshape(256, 64)[:, ::-1].ravel()
    reverse_blocks[256, 64](data)
    np.testing.assert_array_equal(data, expected)


@cuda.jit
def histogram(values, counts, total):
    i = cuda.grid(1)
    if i < values.shape[0]:
        cuda.atomic.add(counts, values[i] % counts.shape[0], 1)
        cuda.atomic.add(total, 0, values[i] * 0.5)


@cuda.jit
def extremes(values, out, olds):
    i = cuda.grid(1)
    if i < values.shape[0]:
        cuda.atomic.max(out, 0, values[i])
        cuda.atomic.min(out, 1, values[i])
        olds[i] = cuda.atomic.sub(out, 2, 1) - cuda.atomic.exch(out, 3, 7) * 0


def test_atomics(target):
    values = np.random.default_rng(3).integers(0, 1000, 5000).astype(np.int64)
    counts = np.zeros(7, dtype=np.int32)
    total = np.zeros(1)
    histogram[40, 128](values, counts, total)
    np.testing.assert_array_equal(counts, np.bincount(values % 7, minlength=7))
    assert total[0] == values.sum() * 0.5

    out = np.array([-1, 10 ** 6, 5000, 0], dtype=np.int64)
    olds = np.zeros(5000, dtype=np.int64)
    extremes[40, 128](values, out, olds)
    assert out[0] == values.max() and out[1] == values.min() and out[2] == 0 and out[3] == 7
    # Each thread saw a different old value of the counter it decremented.
    assert sorted(olds) == list(range(1, 5001))


@cuda.jit
def wrapping_counters_and_claims(wraps, flags, first, olds, first_olds):
    i = cuda.grid(1)
    if i < olds.shape[0]:
        cuda.atomic.inc(wraps, 0, 9)
        cuda.atomic.dec(wraps, 1, 9)
        olds[i] = cuda.atomic.cas(flags, i % 4, 0, i + 1)
        cuda.threadfence()
        first_olds[i] = cuda.atomic.compare_and_swap(first, 0, i + 1)


def test_wrapping_atomics_and_compare_and_swap(target):
    n = 1000
    wraps = np.zeros(2, dtype=np.uint32)
    flags = np.zeros(4, dtype=np.int64)
    first = np.zeros(1, dtype=np.int64)
    olds, first_olds = np.zeros(n, dtype=np.int64), np.zeros(n, dtype=np.int64)
    wrapping_counters_and_claims[8, 128](wraps, flags, first, olds, first_olds)
    # inc counts modulo 10; dec from 0 wraps to 9 and counts down.
    assert list(wraps) == [n % 10, (10 - n % 10) % 10]
    for slot in range(4):
        threads = np.arange(slot, n, 4)
        winners = threads[olds[threads] == 0]
        # One thread claimed the slot; every other saw the winner's value.
        assert len(winners) == 1 and flags[slot] == winners[0] + 1
        assert np.all(olds[threads[threads != winners[0]]] == flags[slot])
    assert np.count_nonzero(first_olds == 0) == 1 and np.all(first_olds[first_olds != 0] == first[0])


@rumba.vectorize([rumba.float32(rumba.float32, rumba.float32), rumba.float64(rumba.float64, rumba.float64)], target="cuda", fastmath=True)
def vec_add(x, y):
    c = x + y
    return c


@rumba.vectorize(["int64(int64, float64)"], target="cuda")
def scaled_floor(n, x):
    return n * math.floor(x)


def test_vectorize_for_cuda(target):
    a = np.random.rand(3, 2).astype(np.float32)
    b = np.random.rand(3, 2).astype(np.float32)
    result = vec_add(a, b)
    assert result.dtype == np.float32 and result.shape == (3, 2)
    np.testing.assert_array_equal(result, a + b)
    # Broadcasting, the float64 loop for float64 operands, numbers.
    row = np.arange(2.0)
    np.testing.assert_array_equal(vec_add(a.astype(np.float64), row), a.astype(np.float64) + row)
    assert vec_add(1.5, 2.25) == 3.75
    n = np.arange(-5, 5)
    np.testing.assert_array_equal(scaled_floor(n, 2.5), n * np.floor(2.5))
    on_device = vec_add(cuda.to_device(a), cuda.to_device(b))
    assert isinstance(on_device, cuda.DeviceNDArray)
    np.testing.assert_array_equal(on_device.copy_to_host(), a + b)
    out = np.zeros((3, 2), np.float32)
    assert vec_add(a, b, out=out) is out
    np.testing.assert_array_equal(out, a + b)
    with pytest.raises(TypeError, match="not supported for the input types"):
        scaled_floor(np.ones(3, dtype=np.complex128), 1.0)


@rumba.guvectorize(["void(float32[:], float32[:], float32[:])", "void(float64[:], float64[:], float64[:])"], "(n),(n)->()", target="cuda")
def cuda_dot(a, b, result):
    total = 0.0
    for k in range(a.shape[0]):
        total += a[k] * b[k]
    result[0] = total


@rumba.guvectorize(["void(float64[:, :], float64, float64[:])"], "(m,n),()->(m)", target="cuda")
def scaled_row_sums(matrix, scale, sums):
    for i in range(matrix.shape[0]):
        total = 0.0
        for j in range(matrix.shape[1]):
            total += matrix[i, j]
        sums[i] = total * scale


def test_guvectorize_for_cuda(target):
    rng = np.random.default_rng(6)
    a, b = rng.random((4, 5, 3)), rng.random((5, 3))
    np.testing.assert_allclose(cuda_dot(a, b), np.einsum("...n,...n->...", a, b), rtol=1e-12)
    on_device = cuda_dot(cuda.to_device(a[0]), cuda.to_device(b))
    assert isinstance(on_device, cuda.DeviceNDArray)
    np.testing.assert_allclose(on_device.copy_to_host(), (a[0] * b).sum(axis=1), rtol=1e-12)
    assert cuda_dot(a.astype(np.float32), b.astype(np.float32)).dtype == np.float32
    matrices = rng.random((6, 3, 4))
    scales = rng.random(6)
    out = np.zeros((6, 3))
    assert scaled_row_sums(matrices, scales[:, None][:, 0], out=out) is out
    np.testing.assert_allclose(out, matrices.sum(axis=2) * scales[:, None], rtol=1e-12)


def test_device_arrays(target):
    data = np.ones((64, 32))
    device_data = cuda.to_device(data)
    double_2d[(4, 4), (16, 8)](device_data)
    cuda.synchronize()
    assert isinstance(device_data, cuda.DeviceNDArray) and device_data.shape == (64, 32)
    np.testing.assert_array_equal(device_data.copy_to_host(), data * 2)
    np.testing.assert_array_equal(data, np.ones((64, 32)))
    like = cuda.device_array_like(np.zeros(10, dtype=np.int32))
    assert like.shape == (10,) and like.dtype == np.int32
    host = np.empty((64, 32))
    assert device_data.copy_to_host(host) is host
    np.testing.assert_array_equal(host, data * 2)


@cuda.jit
def increment_by(g_data, inc_value):
    i = cuda.grid(1)
    g_data[i] = g_data[i] + inc_value


def test_streams_events_and_pinned_arrays(target):
    """Seed 002's asynchronous cell: a stream, a pinned array, events around copies and a launch."""
    n = 16 * 1024
    a = cuda.pinned_array(n, dtype=np.int32)
    a[:] = 0
    stream = cuda.stream()
    d_a = cuda.device_array_like(a, stream)
    start, stop = cuda.event(), cuda.event()
    increment_by[n // 512, 512, stream](d_a, -26)
    increment_by[n // 512, 512, stream](d_a, 26)
    cuda.synchronize()
    start.record(stream=stream)
    d_a.copy_to_device(a, stream=stream)
    increment_by[n // 512, 512, stream](d_a, 26)
    d_a.copy_to_host(a)
    stop.record(stream=stream)
    while not stop.query():
        pass
    stop.synchronize()
    assert start.elapsed_time(stop) >= 0 and cuda.event_elapsed_time(start, stop) >= 0
    np.testing.assert_array_equal(a, np.full(n, 26, dtype=np.int32))
    with cuda.stream().auto_synchronize() as other:
        increment_by[n // 512, 512, other](d_a, 1)
    np.testing.assert_array_equal(d_a.copy_to_host(), np.full(n, 27, dtype=np.int32))
    with pytest.raises(RuntimeError, match="timing=True"):
        cuda.event(timing=False).elapsed_time(stop)


MASK64 = 2 ** 64 - 1


def reference_xoroshiro_states(n, seed, subsequence_start=0):
    """xoroshiro128+ states as its authors define them, in Python ints: SplitMix64 seeding, each
    next state 2**64 draws (a jump) after the one before."""
    def next_state(s0, s1):
        s1 ^= s0
        rotate = lambda x, k: ((x << k) | (x >> (64 - k))) & MASK64
        return rotate(s0, 55) ^ s1 ^ ((s1 << 14) & MASK64), rotate(s1, 36)

    def jump(state):
        s0 = s1 = 0
        for polynomial in (0xBEAC0467EBA5FACB, 0xD86B048B86AA9922):
            for bit in range(64):
                if polynomial >> bit & 1:
                    s0 ^= state[0]
                    s1 ^= state[1]
                state = next_state(*state)
        return s0, s1

    z = (seed + 0x9E3779B97F4A7C15) & MASK64
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & MASK64
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK64
    z ^= z >> 31
    states = [(z, z)]
    for _ in range(subsequence_start):
        states[0] = jump(states[0])
    while len(states) < n:
        states.append(jump(states[-1]))
    return np.array(states, dtype=np.uint64).reshape(n, 2)


from rumba.cuda.random import (create_xoroshiro128p_states, init_xoroshiro128p_states,  # noqa: E402
                               xoroshiro128p_normal_float32, xoroshiro128p_uniform_float32, xoroshiro128p_uniform_float64)


@cuda.jit
def compute_pi(rng_states, iterations, out):
    """Seed 002's kernel: pi from random points in the unit square."""
    tid = cuda.grid(1)
    inside = 0
    for i in range(iterations):
        x = xoroshiro128p_uniform_float32(rng_states, tid)
        y = xoroshiro128p_uniform_float32(rng_states, tid)
        if x**2 + y**2 <= 1.0:
            inside += 1
    out[tid] = 4.0 * inside / iterations


@cuda.jit
def draws(rng_states, uniforms, normals):
    tid = cuda.grid(1)
    for k in range(uniforms.shape[1]):
        uniforms[tid, k] = xoroshiro128p_uniform_float64(rng_states, tid)
    normals[tid] = xoroshiro128p_normal_float32(rng_states, tid)


def test_xoroshiro128p_random_numbers(target):
    for n, seed, start in [(6, 1, 0), (40, 12345, 3), (1, 2 ** 64 - 1, 0)]:
        np.testing.assert_array_equal(create_xoroshiro128p_states(n, seed=seed, subsequence_start=start).copy_to_host(), reference_xoroshiro_states(n, seed, start))
    states = create_xoroshiro128p_states(48, seed=7)
    init_xoroshiro128p_states(states, seed=8)
    np.testing.assert_array_equal(states.copy_to_host(), reference_xoroshiro_states(48, 8))
    # The draws: each thread's from its own state, as CPython running the kernel draws them.
    uniforms, normals = np.zeros((48, 5)), np.zeros(48, np.float32)
    expected_uniforms, expected_normals = uniforms.copy(), normals.copy()
    reference_launch(draws, 2, 24, reference_xoroshiro_states(48, 8), expected_uniforms, expected_normals)
    draws[2, 24](states, uniforms, normals)
    np.testing.assert_array_equal(uniforms, expected_uniforms)
    np.testing.assert_allclose(normals, expected_normals, rtol=1e-6)
    assert np.all((uniforms >= 0) & (uniforms < 1))
    out = np.zeros(24 * 64, dtype=np.float32)
    compute_pi[24, 64](create_xoroshiro128p_states(24 * 64, seed=1), 1000, out)
    expected = np.zeros_like(out)
    reference_launch(compute_pi, 24, 64, reference_xoroshiro_states(24 * 64, 1), 1000, expected)
    np.testing.assert_array_equal(out, expected)
    assert abs(out.mean() - math.pi) < 0.01


@cuda.reduce
def sum_reduce(a, b):
    return a + b


@cuda.reduce
def max_reduce(a, b):
    return a if a > b else b


@cuda.jit(device=True)
def rint(x):
    """Seed 002's round half to even."""
    y = math.floor(x)
    r = x - y
    if r > 0.5:
        y += 1.0
    if r == 0.5:
        r = y - 2.0 * math.floor(0.5 * y)
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


def test_reduce_and_forall(target):
    """Seed 002's reduction and forall cells, against NumPy."""
    A = (np.arange(1234, dtype=np.float64)) + 1
    assert sum_reduce(A) == A.sum()
    r = cuda.device_array(1, dtype=np.float64)
    A_d = cuda.to_device(A)
    assert sum_reduce(A_d, res=r) is None and r.copy_to_host()[0] == A.sum()
    np.testing.assert_array_equal(A, A_d.copy_to_host())
    assert sum_reduce(A, init=10.0) == A.sum() + 10.0
    assert sum_reduce(A, size=100) == A[:100].sum()
    assert sum_reduce(np.zeros(0), init=3.0) == 3.0
    values = np.random.default_rng(11).integers(-10 ** 6, 10 ** 6, 70000)
    assert max_reduce(values, init=values[0]) == values.max()
    in_data = cuda.to_device(np.random.default_rng(2).random(1000))
    out_data = cuda.device_array_like(in_data)
    gpu_round.forall(len(in_data))(in_data, out_data, 3)
    np.testing.assert_array_equal(out_data.copy_to_host(), np.round(in_data.copy_to_host() * 1000) / 1000)


class ForeignArray:
    """Another library's device array, as seed 002's MyFloatArray: memory it owns, shown only
    through the CUDA Array Interface."""

    def __init__(self, n):
        self._memory = cuda.device_array(n, np.float32)

    @property
    def __cuda_array_interface__(self):
        return self._memory.__cuda_array_interface__


@cuda.jit
def initialize(x):
    i = cuda.grid(1)
    if i < len(x):
        x[i] = 3.14


def test_cuda_array_interface(target):
    arr = ForeignArray(32)
    interface = arr.__cuda_array_interface__
    assert interface["version"] == 3 and interface["shape"] == (32,) and interface["typestr"] == "<f4"
    assert interface["data"][0] != 0 and interface["data"][1] is False
    assert cuda.is_cuda_array(arr) and not cuda.is_cuda_array(np.zeros(3))
    initialize[1, 32](arr)
    view = cuda.as_cuda_array(arr)
    np.testing.assert_array_equal(view.copy_to_host(), np.full(32, 3.14, np.float32))
    # The view shares the memory: a kernel on it is seen through the other library's array.
    increment[1, 32](view)
    np.testing.assert_array_equal(cuda.as_cuda_array(arr).copy_to_host(), np.full(32, np.float32(3.14) + 1, np.float32))


@cuda.jit
def warp_collectives(values, sums, firsts, scans, butterflies, counts):
    """Warp sums by shuffling down, lane 0's value broadcast, an inclusive scan shuffling up, a
    butterfly sum by xor, and the block's barrier reductions of `values > 0.5`."""
    i = cuda.grid(1)
    lane = cuda.laneid
    v = values[i]
    total = v
    for offset in (16, 8, 4, 2, 1):
        total += cuda.shfl_down_sync(0xffffffff, total, offset)
    sums[i] = cuda.shfl_sync(0xffffffff, total, 0)
    firsts[i] = cuda.shfl_sync(0xffffffff, i, 0)
    scan = v
    for offset in (1, 2, 4, 8, 16):
        above = cuda.shfl_up_sync(0xffffffff, scan, offset)
        if lane >= offset:
            scan += above
    scans[i] = scan
    butterfly = np.float32(v)
    for mask in (16, 8, 4, 2, 1):
        butterfly += cuda.shfl_xor_sync(0xffffffff, butterfly, mask)
    butterflies[i] = butterfly
    large = v > 0.5
    counts[i] = cuda.syncthreads_count(large) + 1000 * cuda.syncthreads_and(large) + 10000 * cuda.syncthreads_or(v > 0.99)


def test_warp_shuffles_and_barrier_reductions(target):
    values = np.random.default_rng(4).random(256)
    n = values.size
    sums, firsts, scans = np.zeros(n), np.zeros(n, np.int64), np.zeros(n)
    butterflies, counts = np.zeros(n, np.float32), np.zeros(n, np.int64)
    warp_collectives[2, 128](values, sums, firsts, scans, butterflies, counts)
    warps = values.reshape(-1, 32)
    # Shuffling down adds lanes beyond the warp's end as the lane's own value (CUDA gives the
    # thread its own value for a source lane out of range): lane 0 sums the warp exactly.
    np.testing.assert_allclose(sums, np.repeat(warps.sum(axis=1), 32), rtol=1e-12)
    np.testing.assert_array_equal(firsts, np.repeat(np.arange(0, n, 32), 32))
    np.testing.assert_allclose(scans, np.cumsum(warps, axis=1).ravel(), rtol=1e-12)
    np.testing.assert_allclose(butterflies, np.repeat(warps.astype(np.float32).sum(axis=1), 32), rtol=1e-5)
    blocks = values.reshape(2, 128)
    expected = (blocks > 0.5).sum(axis=1) + 1000 * (blocks > 0.5).all(axis=1) + 10000 * (blocks > 0.99).any(axis=1)
    np.testing.assert_array_equal(counts, np.repeat(expected, 128))


@cuda.jit
def fused(a, b, c, out, out32):
    i = cuda.grid(1)
    if i < out.shape[0]:
        out[i] = cuda.fma(a[i], b[i], c[i])
        out32[i] = cuda.fma(np.float32(a[i]), np.float32(b[i]), np.float32(c[i]))


def test_fma(target):
    rng = np.random.default_rng(9)
    a, b, c = rng.random(64), rng.random(64), -rng.random(64)
    # Where one rounding and two differ: (1 + 2**-30) * (1 - 2**-30) - 1 is -2**-60, not 0.
    a[0], b[0], c[0] = 1 + 2.0 ** -30, 1 - 2.0 ** -30, -1.0
    out, out32 = np.zeros(64), np.zeros(64, np.float32)
    expected, expected32 = out.copy(), out32.copy()
    reference_launch(fused, 2, 32, a, b, c, expected, expected32)
    fused[2, 32](a, b, c, out, out32)
    assert out[0] == -2.0 ** -60
    np.testing.assert_array_equal(out, expected)
    np.testing.assert_allclose(out32, expected32, rtol=1e-7)


def test_device_array_views_and_elements(target):
    host = np.arange(24.0).reshape(4, 6)
    device = cuda.to_device(host)
    assert device[1, 2] == host[1, 2] and device[-1, -1] == host[-1, -1]
    np.testing.assert_array_equal(device[2].copy_to_host(), host[2])
    np.testing.assert_array_equal(device[1:3].copy_to_host(), host[1:3])
    np.testing.assert_array_equal(device.reshape(6, 4).copy_to_host(), host.reshape(6, 4))
    np.testing.assert_array_equal(device.reshape(-1, 3).copy_to_host(), host.reshape(-1, 3))
    flat = device.ravel()
    assert [piece.shape for piece in flat.split(10)] == [(10,), (10,), (4,)]
    # Views share the memory: a kernel on one is seen through the others.
    increment[1, 32](flat.split(10)[1])
    device[0, 0] = -5.0
    device[3] = 7.0
    expected = host.ravel().copy()
    expected[10:20] += 1
    expected[0] = -5.0
    expected[18:24] = 7.0
    np.testing.assert_array_equal(device.copy_to_host().ravel(), expected)
    with pytest.raises(IndexError):
        device[4]
    with pytest.raises(ValueError, match="cannot reshape"):
        device.reshape(5, 5)
    with pytest.raises(IndexError, match="too many indices"):
        device[1, 2, 3]


@cuda.jit
def double_2d(a):
    i, j = cuda.grid(2)
    if i < a.shape[0] and j < a.shape[1]:
        a[i, j] *= 2


def test_strided_device_arrays(target):
    """Views along any axis, with steps (negative too), transposes and F-ordered arrays: read,
    written, launched on and shown through the CUDA Array Interface as NumPy's views are."""
    host = np.arange(48.0).reshape(6, 8)
    device = cuda.to_device(host)
    for index in [(slice(None), 1), (slice(None, None, 2), slice(1, None, 3)), (slice(None, None, -1),), (Ellipsis, 5), (slice(4, 1, -2), slice(None))]:
        np.testing.assert_array_equal(device[index].copy_to_host(), host[index])
    column = device[:, 2]
    assert column.strides == host[:, 2].strides and column.__cuda_array_interface__["strides"] == (64,)
    increment[1, 32](column)
    device[:, 3] = 0.0
    device[::-1, 7] = np.arange(6.0)
    transposed = device.T
    double_2d[(2, 2), (4, 4)](transposed[1:5])
    expected = host.copy()
    expected[:, 2] += 1
    expected[:, 3] = 0.0
    expected[::-1, 7] = np.arange(6.0)
    expected.T[1:5] *= 2
    np.testing.assert_array_equal(device.copy_to_host(), expected)
    into = np.zeros((8, 6), order="F")
    transposed.copy_to_host(into)
    np.testing.assert_array_equal(into, expected.T)
    fortran = cuda.to_device(np.asfortranarray(host))
    assert fortran.is_f_contiguous() and not fortran.is_c_contiguous() and fortran.strides == np.asfortranarray(host).strides
    double_2d[(2, 2), (4, 4)](fortran)
    back = fortran.copy_to_host()
    assert back.flags.f_contiguous
    np.testing.assert_array_equal(back, host * 2)
    np.testing.assert_array_equal(fortran.reshape(48, order="F").copy_to_host(), (host * 2).ravel(order="F"))
    assert cuda.device_array((3, 4), order="F").strides == (8, 24)
    assert cuda.device_array_like(np.asfortranarray(host)).is_f_contiguous()
    with pytest.raises(NotImplementedError, match="needs a copy"):
        device[:, 1:3].reshape(12)
    # Another library's strided array, through the CUDA Array Interface.
    np.testing.assert_array_equal(cuda.as_cuda_array(transposed).copy_to_host(), expected.T)
    foreign = cuda.as_cuda_array(types.SimpleNamespace(__cuda_array_interface__=column.__cuda_array_interface__))
    assert foreign.strides == (64,) and foreign._numba_type() == "float64[:]"
    np.testing.assert_array_equal(foreign.copy_to_host(), expected[:, 2])


def test_mapped_and_managed_arrays(target):
    """Host arrays a kernel reads and writes where they are: no copies, the host sees the results."""
    for make in (cuda.mapped_array, cuda.managed_array):
        array = make((4, 8), dtype=np.float64)
        assert isinstance(array, np.ndarray) and cuda.is_cuda_array(array)
        array[...] = np.arange(32.0).reshape(4, 8)
        double_2d[(1, 1), (4, 8)](array)
        cuda.synchronize()
        np.testing.assert_array_equal(array, np.arange(32.0).reshape(4, 8) * 2)
        view = array[1:3]
        increment[1, 32](view.ravel())
        cuda.synchronize()
        assert array[1, 0] == 17.0 and array[0, 0] == 0.0 and array[3, 7] == 62.0
        # An array computed from it is ordinary host memory: copied to kernels, not shown as device memory.
        computed = array + 1.0
        assert cuda.is_cuda_array(array[::2]) and not cuda.is_cuda_array(computed)
        increment[1, 32](computed.ravel())
        np.testing.assert_array_equal(computed, array + 2.0)
    pinned = cuda.pinned_array((3, 5), dtype=np.float32)
    pinned[...] = 1.5
    np.testing.assert_array_equal(cuda.to_device(pinned).copy_to_host(), np.full((3, 5), 1.5, np.float32))


def test_work_on_streams_runs_in_order(target):
    """Copies and launches on two streams, one made to wait for the other's event: each stream's
    work in order, the results as if run one after another."""
    n = 1 << 16
    first, second = cuda.stream(), cuda.stream()
    hosts = [cuda.pinned_array(n, dtype=np.int32) for _ in range(2)]
    for value, host in enumerate(hosts):
        host[:] = value
    devices = [cuda.device_array(n, np.int32, stream=first) for _ in range(2)]
    devices[0].copy_to_device(hosts[0], stream=first)
    increment_by[n // 256, 256, first](devices[0], 5)
    done = cuda.event()
    done.record(first)
    done.wait(second)
    devices[1].copy_to_device(hosts[1], stream=second)
    increment_by[n // 256, 256, second](devices[1], 7)
    increment_by[n // 256, 256, second](devices[0], 1)
    for device, host in zip(devices, hosts):
        device.copy_to_host(host, stream=second)
    second.synchronize()
    first.synchronize()
    np.testing.assert_array_equal(hosts[0], np.full(n, 6, np.int32))
    np.testing.assert_array_equal(hosts[1], np.full(n, 8, np.int32))
    ordinary = np.zeros(n, np.int32)
    with cuda.pinned(ordinary):
        devices[1].copy_to_host(ordinary, stream=first)
        first.synchronize()
    np.testing.assert_array_equal(ordinary, hosts[1])
    # Another library's array whose interface names the legacy default stream (1): waited for.
    interface = dict(devices[0].__cuda_array_interface__, stream=1)
    np.testing.assert_array_equal(cuda.as_cuda_array(types.SimpleNamespace(__cuda_array_interface__=interface)).copy_to_host(), hosts[0])
    with pytest.raises(ValueError, match="stream of a launch"):
        increment_by[1, 1, "stream"]


def test_host_arrays_on_the_gpu_warn_of_copies(target):
    data = np.zeros(64, np.int32)
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        increment_by[1, 64](data, 3)
    performance = [warning for warning in caught if issubclass(warning.category, errors.NumbaPerformanceWarning)]
    assert len(performance) == (1 if target == "gpu" else 0)
    np.testing.assert_array_equal(data, np.full(64, 3, np.int32))


def test_non_contiguous_host_array(target):
    data = np.arange(200.0)
    view = data[::2]
    expected = data.copy()
    reference_launch(increment, 4, 32, expected[::2])
    increment[4, 32](view)
    np.testing.assert_array_equal(data, expected)


def test_ptx(monkeypatch):
    """PTX needs no GPU: the kernel's `.entry`, its geometry reads and its barrier."""
    ptx = reverse_blocks.inspect_asm(("float64[::1]",))
    assert ".entry reverse_blocks__f64x1C_kernel(" in ptx
    assert "%tid.x" in ptx and "%ctaid.x" in ptx and "bar.sync" in ptx and ".shared" in ptx
    py_ir = reverse_blocks.inspect_mlir(("float64[::1]",), stage="gpu")
    assert "gpu.func @reverse_blocks__f64x1C_kernel" in py_ir and "gpu.barrier" in py_ir


def _ptxas():
    found = shutil.which("ptxas")
    if found:
        return found
    try:
        import nvidia.cuda_nvcc as nvcc
    except ImportError:
        return None
    candidates = [os.path.join(path, "bin", "ptxas") for path in nvcc.__path__]
    return next((path for path in candidates if os.path.isfile(path)), None)


@pytest.mark.parametrize("kernel, signature", [
    (reverse_blocks, ("float64[::1]",)),
    (block_sums, ("float32[::1]", "float32[::1]")),
    (histogram, ("int64[::1]", "int32[::1]", "float64[::1]")),
    (double_2d, ("float64[:, ::1]",)),
    (apply_device_function, ("float64[::1]", "float64[::1]", "float64[::1]")),
    (scaled_square, ("float64[::1]",)),
    (per_thread_scratch, ("float64[::1]", "float64[::1]")),
    (wrapping_counters_and_claims, ("uint32[::1]", "int64[::1]", "int64[::1]", "int64[::1]", "int64[::1]")),
    (compute_pi, ("uint64[:, ::1]", "int64", "float32[::1]")),
    (draws, ("uint64[:, ::1]", "float64[:, ::1]", "float32[::1]")),
    (gpu_round, ("float64[::1]", "float64[::1]", "int64")),
    (fused, ("float64[::1]", "float64[::1]", "float64[::1]", "float64[::1]", "float32[::1]")),
    (warp_collectives, ("float64[::1]", "float64[::1]", "int64[::1]", "float64[::1]", "float32[::1]", "int64[::1]")),
])
def test_ptx_assembles(kernel, signature, tmp_path, monkeypatch):
    """NVIDIA's assembler accepts the PTX for sm_80 and sm_90 (ptxas from the nvidia-cuda-nvcc-cu12
    wheel, which the set-up installs)."""
    ptxas = _ptxas()
    if ptxas is None:
        pytest.skip("ptxas is not installed")
    for chip in ("sm_80", "sm_90"):
        monkeypatch.setenv("RUMBA_CUDA_ARCH", chip)
        path = tmp_path / ("%s_%s.ptx" % (kernel.py_func.__name__, chip))
        path.write_text(kernel.inspect_asm(signature))
        done = subprocess.run([ptxas, "-arch", chip, str(path), "-o", str(path.with_suffix(".cubin"))], capture_output=True, text=True)
        assert done.returncode == 0, done.stderr


@cuda.jit
def returns_value(a):
    return a[0]


@cuda.jit
def grid_of_variable(a, n):
    a[0] = cuda.grid(n)


@cuda.jit
def divergent_barrier(a):
    if cuda.threadIdx.x < 4:
        cuda.syncthreads()
    a[cuda.threadIdx.x] = 1.0


@cuda.jit
def divides(a, d):
    a[cuda.grid(1)] = 1 // d


@cuda.jit
def overruns(a, out):
    i = cuda.grid(1)
    out[i] = a[i + 1]


@cuda.jit
def overruns_shared(a):
    tile = cuda.shared.array(16, np.float64)
    tile[cuda.threadIdx.x] = a[cuda.threadIdx.x]


def test_errors(monkeypatch):
    monkeypatch.setenv("RUMBA_ENABLE_CUDASIM", "1")
    a = np.zeros(8)
    with pytest.raises(errors.TypingError, match="cannot return a value"):
        returns_value[1, 8](a)
    with pytest.raises(errors.TypingError, match=r"test_cuda.py:\d+:\d+: .*literal 1, 2 or 3"):
        grid_of_variable[1, 8](a, 1)
    with pytest.raises(TypeError, match="launched with a configuration"):
        increment(a)
    with pytest.raises(ValueError, match="griddim"):
        increment[0, 8](a)
    with pytest.raises(ValueError, match="at most 1024 threads"):
        increment[1, (64, 32)](a)
    with pytest.raises(RuntimeError, match="syncthreads not reached by all threads of block"):
        divergent_barrier[1, 8](a)
    with pytest.raises(ZeroDivisionError):
        divides[1, 8](np.zeros(8, dtype=np.int64), 0)
    typed = cuda.jit("void(float32[:], int32)")(increment_by.py_func)
    values = np.zeros(8, np.float32)
    typed[1, 8](values, 3)
    np.testing.assert_array_equal(values, np.full(8, 3, np.float32))
    with pytest.raises(TypeError, match=r"no matching definition for argument types \(float64\[::1\], int64\)"):
        typed[1, 8](np.zeros(8), 3)
    with pytest.raises(TypeError, match="no matching definition"):
        typed[1, 8](cuda.to_device(np.zeros(8, np.int32)), 3)


def test_simulator_reports_out_of_bounds_accesses(monkeypatch):
    """What a GPU would fault on is an IndexError naming the access's line, and no write lands
    outside the array."""
    monkeypatch.setenv("RUMBA_ENABLE_CUDASIM", "1")
    a = np.arange(9.0)
    out = np.zeros(8)
    with pytest.raises(IndexError, match=r"index 8 is out of bounds for axis 0 with size 8, at .*test_cuda.py:%d:" % (overruns.py_func.__code__.co_firstlineno + 3)):
        overruns[1, 8](a[:8], out)
    overruns[1, 8](a, out)
    np.testing.assert_array_equal(out, a[1:])
    with pytest.raises(IndexError, match="index 16 is out of bounds for axis 0 with size 16"):
        overruns_shared[1, 32](np.zeros(32))


@cuda.jit
def normalize(x):
    """Seed 002's first CUDA attempt: array expressions in a kernel, which Numba refuses."""
    i = cuda.grid(1)
    x[i, :] = x[i, :] / x[i, :].mean()


def test_array_expressions_in_kernels(monkeypatch):
    """The simulator runs them; the GPU target refuses what needs the runtime, at the line."""
    monkeypatch.setenv("RUMBA_ENABLE_CUDASIM", "1")
    x = np.arange(32 * 3).astype(np.float32).reshape((32, 3))
    expected = x / x.mean(axis=1, keepdims=True)
    normalize[1, 32](x)
    np.testing.assert_allclose(x, expected, rtol=1e-6)
    with pytest.raises(errors.UnsupportedError, match=r"test_cuda.py:%d:\d+: error: this is not supported in a CUDA kernel on the GPU" % (normalize.py_func.__code__.co_firstlineno + 4)):
        normalize.inspect_asm(("float32[:, ::1]",))


def test_intrinsics_outside_kernels():
    with pytest.raises(RuntimeError, match="inside a @cuda.jit kernel"):
        cuda.grid(1)
    with pytest.raises(RuntimeError, match="inside a @cuda.jit kernel"):
        cuda.threadIdx.x


def test_devices(target, capsys):
    device = cuda.get_current_device()
    assert len(cuda.gpus) == 1 and cuda.gpus[0].id == 0 and cuda.select_device(0).name == device.name
    assert len(device.compute_capability) == 2
    assert cuda.detect() is True
    assert "Found 1 CUDA devices" in capsys.readouterr().out
    if target == "gpu":
        assert device.compute_capability == tuple(cuda._rumba.cuda_compute_capability())
    cuda.close()


def test_imported_as_numba(target):
    import rumba as numba
    assert numba.cuda is cuda
    data = np.zeros(40)
    increment[2, 32](data)
    np.testing.assert_array_equal(data, np.ones(40))


def test_ptx_of_every_kernel_launched_here_assembles(tmp_path, monkeypatch):
    """Last in the file: the PTX of every kernel the tests above launched, for every argument types
    they launched it with, assembles for sm_80 and sm_90."""
    ptxas = _ptxas()
    if ptxas is None:
        pytest.skip("ptxas is not installed")
    # `normalize` needs the runtime, which the GPU target refuses (tested above).
    kernels = [value for value in list(globals().values()) if isinstance(value, cuda.CUDAKernel) and value is not normalize]
    kernels += [value._kernel for value in list(globals().values()) if isinstance(value, (cuda.CUDAUFunc, cuda.Reduce))]
    kernels += [kernel for value in list(globals().values()) if isinstance(value, cuda.CUDAGUFunc) for _, kernel in value._loops]
    assembled = 0
    for chip in ("sm_80", "sm_90"):
        monkeypatch.setenv("RUMBA_CUDA_ARCH", chip)
        for kernel in kernels:
            for types, ptx in kernel.inspect_asm().items():
                path = tmp_path / ("%s_%d_%s.ptx" % (kernel._name, assembled, chip))
                path.write_text(ptx)
                done = subprocess.run([ptxas, "-arch", chip, str(path), "-o", str(path.with_suffix(".cubin"))], capture_output=True, text=True)
                assert done.returncode == 0, "%s%s: %s" % (kernel._name, types, done.stderr)
                assembled += 1
    assert assembled > 2 * 30
