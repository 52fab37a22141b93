"""CUDA kernels on the GPU, rumba against Numba's CUDA target side by side in one process: the same
kernel source compiled by each (`kernels` below takes the `cuda` module it is compiled with), the
same device arrays' contents, results checked against each other, then timed.

    python3 bench/run_cuda.py [--quick]

For each kernel: the first launch (compilation included, until the GPU is done) and the steady
state (the median of repeated launches, each waited for with `cuda.synchronize()`). Needs a GPU, and
Numba with its CUDA target (`numba-cuda`) importable beside rumba; prints a Markdown table.
"""
import argparse
import math
import statistics
import time

import numpy as np


def kernels(cuda):
    """The kernels, compiled with `cuda` (rumba's or Numba's)."""

    @cuda.jit
    def increment(a):
        i = cuda.grid(1)
        if i < a.shape[0]:
            a[i] += 1.0

    @cuda.jit
    def double_2d(a):
        row, col = cuda.grid(2)
        if row < a.shape[0] and col < a.shape[1]:
            a[row, col] *= 2.0

    @cuda.jit(device=True)
    def exp_twice(a, b):
        for _ in range(2):
            a = math.exp(a * b)
        return a

    @cuda.jit
    def device_function(a, b, out):
        i = cuda.grid(1)
        if i < a.shape[0]:
            out[i] = exp_twice(a[i], b[i])

    @cuda.jit
    def block_sums(values, sums):
        partial = cuda.shared.array(256, np.float32)
        t = cuda.threadIdx.x
        i = cuda.grid(1)
        partial[t] = values[i] if i < values.shape[0] else 0.0
        cuda.syncthreads()
        step = 128
        while step > 0:
            if t < step:
                partial[t] += partial[t + step]
            cuda.syncthreads()
            step //= 2
        if t == 0:
            sums[cuda.blockIdx.x] = partial[0]

    @cuda.jit
    def histogram(values, counts):
        start = cuda.grid(1)
        stride = cuda.gridsize(1)
        for i in range(start, values.shape[0], stride):
            cuda.atomic.add(counts, values[i] % counts.shape[0], 1)

    return increment, double_2d, device_function, block_sums, histogram


def cases(n):
    """(name, kernel index, griddim, blockdim, host arguments, which arguments to compare)."""
    rng = np.random.default_rng(1)
    side = int(math.sqrt(n))
    return [
        ("increment (1-D, f32)", 0, (n + 511) // 512, 512, [rng.random(n).astype(np.float32)]),
        ("double (2-D, f64)", 1, (side // 16, side // 16), (16, 16), [rng.random((side, side))]),
        ("device function with math.exp", 2, (n + 255) // 256, 256, [rng.random(n), rng.random(n), np.zeros(n)]),
        ("shared-memory block sums", 3, (n + 255) // 256, 256, [rng.random(n).astype(np.float32), np.zeros((n + 255) // 256, np.float32)]),
        ("atomic histogram (grid-stride)", 4, 1024, 256, [rng.integers(0, 1 << 20, n), np.zeros(256, np.int32)]),
    ]


def run(cuda, kernel, griddim, blockdim, host_arguments, repeats):
    device_arguments = [cuda.to_device(argument) for argument in host_arguments]
    cuda.synchronize()
    started = time.perf_counter()
    kernel[griddim, blockdim](*device_arguments)
    cuda.synchronize()
    first = time.perf_counter() - started
    results = [argument.copy_to_host() for argument in device_arguments]
    times = []
    for _ in range(repeats):
        started = time.perf_counter()
        kernel[griddim, blockdim](*device_arguments)
        cuda.synchronize()
        times.append(time.perf_counter() - started)
    return first, statistics.median(times), results


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--quick", action="store_true")
    options = parser.parse_args()
    if not hasattr(np, "row_stack"):
        # numba-cuda 0.2x registers np.row_stack, which NumPy 2.4 removed.
        np.row_stack = np.vstack
    import numba.cuda
    import rumba.cuda

    n = 1 << (20 if options.quick else 24)
    repeats = 10 if options.quick else 50
    implementations = {"rumba": kernels(rumba.cuda), "numba": kernels(numba.cuda)}
    modules = {"rumba": rumba.cuda, "numba": numba.cuda}
    print("GPU: %s; n = %d; steady state = median of %d launches\n" % (rumba.cuda._rumba.cuda_device_name(), n, repeats))
    print("| kernel | rumba first (ms) | Numba first (ms) | rumba steady (µs) | Numba steady (µs) | rumba / Numba steady |")
    print("|---|---|---|---|---|---|")
    for name, index, griddim, blockdim, host_arguments in cases(n):
        measured = {}
        for implementation in ("rumba", "numba"):
            kernel = implementations[implementation][index]
            measured[implementation] = run(modules[implementation], kernel, griddim, blockdim, host_arguments, repeats)
        for ours, theirs in zip(measured["rumba"][2], measured["numba"][2]):
            np.testing.assert_allclose(ours, theirs, rtol=1e-6 if ours.dtype == np.float32 else 1e-12)
        (rumba_first, rumba_steady, _), (numba_first, numba_steady, _) = measured["rumba"], measured["numba"]
        print("| %s | %.1f | %.1f | %.1f | %.1f | %.2f |" % (name, rumba_first * 1e3, numba_first * 1e3, rumba_steady * 1e6, numba_steady * 1e6, rumba_steady / numba_steady))


if __name__ == "__main__":
    main()
