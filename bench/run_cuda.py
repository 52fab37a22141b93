"""CUDA kernels, rumba against Numba side by side: the same kernel source compiled by each
(`cuda_kernels.py`, loaded once per implementation), the same inputs, results checked
against each other, then timed.

    .venv/bin/python bench/run_cuda.py               # on the GPU: rumba and Numba's CUDA target in one process
    .venv/bin/python bench/run_cuda.py --simulator   # no GPU needed: rumba's simulator against Numba's

On the GPU each kernel's first launch (compilation included, until the GPU is done) and its steady
state (the median of repeated launches, each waited for) are measured; this needs Numba's CUDA
target (`numba-cuda`) importable beside rumba. In the simulators each kernel runs once per
implementation, each in a fresh interpreter (`--worker`): rumba's from this repository's .venv,
Numba's (`NUMBA_ENABLE_CUDASIM=1`) from bench/.venv-numba (made by bench/run.py). Prints a Markdown
table.
"""
import argparse
import importlib.util
import json
import os
import pathlib
import statistics
import subprocess
import sys
import tempfile
import time

import numpy as np

HERE = pathlib.Path(__file__).resolve().parent
PYTHONS = {"rumba": HERE.parent / ".venv" / "bin" / "python", "numba": HERE / ".venv-numba" / "bin" / "python"}


def kernels(implementation):
    """The kernels of `cuda_kernels.py` compiled with `implementation`'s `cuda` (a module object of
    their own per implementation, whose global `cuda` is that implementation's: Numba's simulator
    swaps a kernel's global `cuda`, not a closure's)."""
    os.environ["BENCH_CUDA"] = implementation
    spec = importlib.util.spec_from_file_location("cuda_kernels_%s" % implementation, HERE / "cuda_kernels.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def cases(simulator):
    """(label, kernel, griddim, blockdim, host arguments): the simulators' three, the GPU's more and
    larger."""
    rng = np.random.default_rng(1)
    n = 1 << 20 if simulator else 1 << 24
    matrix = 256 if simulator else 2048
    reduced = 1 << 16 if simulator else 1 << 24
    chosen = [
        ("add (grid-stride), %d float32" % n, "add", (n + 255) // 256 if not simulator else 256, 256,
         [rng.random(n).astype(np.float32), rng.random(n).astype(np.float32), np.zeros(n, np.float32)]),
        ("shared-memory tiled matmul %d×%d float32" % (matrix, matrix), "tiled_matmul", (matrix // 16, matrix // 16), (16, 16),
         [rng.random((matrix, matrix)).astype(np.float32), rng.random((matrix, matrix)).astype(np.float32), np.zeros((matrix, matrix), np.float32)]),
        ("block sums with syncthreads, %d float32" % reduced, "block_sums", (reduced + 255) // 256, 256,
         [rng.random(reduced).astype(np.float32), np.zeros((reduced + 255) // 256, np.float32)]),
    ]
    if not simulator:
        side = 4096
        chosen += [
            ("double (2-D), %d×%d float64" % (side, side), "double_2d", (side // 16, side // 16), (16, 16), [rng.random((side, side))]),
            ("device function with math.exp, %d float64" % n, "device_function", (n + 255) // 256, 256, [rng.random(n), rng.random(n), np.zeros(n)]),
            ("atomic histogram (grid-stride), %d int64" % n, "histogram", 1024, 256, [rng.integers(0, 1 << 20, n), np.zeros(256, np.int32)]),
        ]
    return chosen


def run_on_gpu(cuda, kernel, griddim, blockdim, host_arguments, repeats):
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


def assert_agree(ours, theirs):
    for mine, other in zip(ours, theirs):
        np.testing.assert_allclose(mine, other, rtol=1e-5 if mine.dtype == np.float32 else 1e-12)


def gpu_table(repeats):
    if not hasattr(np, "row_stack"):
        # numba-cuda 0.2x registers np.row_stack, which NumPy 2.4 removed.
        np.row_stack = np.vstack
    import numba.cuda
    import rumba.cuda

    modules = {"rumba": rumba.cuda, "numba": numba.cuda}
    compiled = {implementation: kernels(implementation) for implementation in modules}
    print("GPU: %s; steady state = median of %d launches\n" % (rumba.cuda._rumba.cuda_device_name(), repeats))
    print("| kernel | rumba first (ms) | Numba first (ms) | rumba steady (µs) | Numba steady (µs) | rumba / Numba steady |")
    print("|---|---|---|---|---|---|")
    for label, name, griddim, blockdim, host_arguments in cases(simulator=False):
        measured = {implementation: run_on_gpu(modules[implementation], getattr(compiled[implementation], name), griddim, blockdim, host_arguments, repeats) for implementation in modules}
        assert_agree(measured["rumba"][2], measured["numba"][2])
        (rumba_first, rumba_steady, _), (numba_first, numba_steady, _) = measured["rumba"], measured["numba"]
        print("| %s | %.1f | %.1f | %.1f | %.1f | %.2f |" % (label, rumba_first * 1e3, numba_first * 1e3, rumba_steady * 1e6, numba_steady * 1e6, rumba_steady / numba_steady))


def simulator_worker(implementation, output):
    """One implementation's simulator on every case: seconds per launch (the first, compilation
    included, and for rumba a second), results of the first saved to `output`."""
    os.environ["NUMBA_ENABLE_CUDASIM" if implementation == "numba" else "RUMBA_ENABLE_CUDASIM"] = "1"
    compiled = kernels(implementation)
    timings = {}
    for index, (label, name, griddim, blockdim, host_arguments) in enumerate(cases(simulator=True)):
        started = time.perf_counter()
        getattr(compiled, name)[griddim, blockdim](*host_arguments)
        first = time.perf_counter() - started
        np.savez(os.path.join(output, "%d.npz" % index), *host_arguments)
        # Numba's simulator compiles nothing: its first launch is its steady state.
        if implementation == "rumba":
            started = time.perf_counter()
            getattr(compiled, name)[griddim, blockdim](*host_arguments)
        timings[label] = (first, time.perf_counter() - started)
    print(json.dumps(timings))


def simulator_table():
    timings = {}
    with tempfile.TemporaryDirectory() as folder:
        for implementation, python in PYTHONS.items():
            output = os.path.join(folder, implementation)
            os.mkdir(output)
            done = subprocess.run([str(python), __file__, "--worker", implementation, output], capture_output=True, text=True, check=True)
            timings[implementation] = json.loads(done.stdout.strip().splitlines()[-1])
        for index in range(len(cases(simulator=True))):
            ours = np.load(os.path.join(folder, "rumba", "%d.npz" % index))
            theirs = np.load(os.path.join(folder, "numba", "%d.npz" % index))
            assert_agree([ours[key] for key in ours.files], [theirs[key] for key in theirs.files])
    print("Simulators (results agree); seconds per launch, the first including compilation\n")
    print("| kernel | rumba first | rumba second | Numba | Numba / rumba (first) | Numba / rumba (second) |")
    print("|---|---|---|---|---|---|")
    for label, (rumba_first, rumba_second) in timings["rumba"].items():
        numba_time = timings["numba"][label][0]
        print("| %s | %.3f | %.3f | %.1f | %.0f× | %.0f× |" % (label, rumba_first, rumba_second, numba_time, numba_time / rumba_first, numba_time / rumba_second))


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--simulator", action="store_true")
    parser.add_argument("--worker", nargs=2, metavar=("IMPLEMENTATION", "FOLDER"))
    parser.add_argument("--repeats", type=int, default=50)
    options = parser.parse_args()
    if options.worker:
        simulator_worker(*options.worker)
    elif options.simulator:
        simulator_table()
    else:
        gpu_table(options.repeats)


if __name__ == "__main__":
    main()
