"""The benchmark's kernels: what each one is called with, how its result is checked, and its NumPy
version where it has one.

The compiled code lives in one module per kernel next to this file (bubblesort.py, matmul.py, ...),
written as a Numba user writes it (`import numba` or `from numba import jit`, then decorators). One
module per kernel because decorating is part of the first call: a kernel with a signature compiles
when its module is imported, and a kernel that rumba cannot compile (or a decorator it lacks, such as
@stencil) fails on its own instead of taking the others with it. Importing this package imports
only NumPy."""
import math
from dataclasses import dataclass
from typing import Callable, Optional

import numpy as np

SEED = 2024


@dataclass(frozen=True)
class Kernel:
    """One benchmarked call: `module.function(*inputs(n))`.

    n and quick_n are the problem size in a full and a --quick run; size is its label ("{n}" is
    replaced by the size, written short). in_place: the kernel returns nothing and its result is the
    first argument, so inputs are restored (copied) before every timed call. check: "close"
    (np.allclose), "exact" (equal values and shape) or "pi" (within 0.01 of pi: a random estimate, so
    the implementations need not agree with each other). numpy: the same result computed by NumPy."""

    name: str
    module: str
    function: str
    size: str
    n: int
    inputs: Callable[[int], tuple]
    check: str
    numpy: Optional[Callable] = None
    in_place: bool = False
    quick_n: Optional[int] = None

    def size_for(self, quick):
        return self.quick_n if quick and self.quick_n is not None else self.n

    def size_label(self, quick):
        return self.size.replace("{n}", short_count(self.size_for(quick)))


def short_count(n):
    """10000000 -> '10M', 100000 -> '100k', 1000 -> '1000'."""
    if n >= 1_000_000 and n % 1_000_000 == 0:
        return "%dM" % (n // 1_000_000)
    if n >= 10_000 and n % 1_000 == 0:
        return "%dk" % (n // 1_000)
    return str(n)


def rng(offset=0):
    return np.random.default_rng(SEED + offset)


def shuffled_f4(n):
    """Seed 000's input: 0, 0.01, ... shuffled (n values)."""
    values = np.arange(0.0, n / 100, 0.01, dtype="f4")[:n]
    rng().shuffle(values)
    return values


def matmul_inputs(n):
    """Seed 003's inputs: A in C order, B in F order."""
    generator = rng()
    A = np.array(generator.random((n, n)), order="C")
    B = np.array(generator.random((n, n)), order="F")
    return A, B


def matmul_kernel(n):
    return Kernel("matmul_%d" % n, "matmul", "matrix_multiply_loops_jit", "{n}×{n} float64 (A C, B F)", n, matmul_inputs, "close", numpy=lambda A, B: A @ B)


def go_fast_kernel(n):
    return Kernel(
        "go_fast_%d" % n, "go_fast", "go_fast", "{n}×{n} float64", n,
        lambda n: (np.arange(n * n).astype(np.float64).reshape((n, n)),), "close",
        numpy=lambda a: a + np.tanh(np.diagonal(a)).sum(),
    )


def jacobi_numpy(u0, sweeps):
    u = u0.copy()
    for _ in range(sweeps):
        u[1:-1, 1:-1] = 0.25 * (u[:-2, 1:-1] + u[2:, 1:-1] + u[1:-1, :-2] + u[1:-1, 2:])
    return u


def five_point_numpy(a):
    out = np.zeros_like(a)
    out[1:-1, 1:-1] = a[:-2, 1:-1] + a[2:, 1:-1] + a[1:-1, :-2] + a[1:-1, 2:] - 4.0 * a[1:-1, 1:-1]
    return out


def convection_numpy(u0, steps, c):
    u = u0.copy()
    for _ in range(steps):
        un = u.copy()
        u[1:] = un[1:] - c * (un[1:] - un[:-1])
    return u


def heat_numpy(u0, steps, alpha):
    u = u0
    for _ in range(steps):
        new = u.copy()
        new[1:-1] = u[1:-1] + alpha * (u[:-2] - 2.0 * u[1:-1] + u[2:])
        u = new
    return u


def step_profile(n):
    """A square wave: 2 on the second fifth of the interval, 1 elsewhere."""
    u = np.ones(n)
    u[n // 5:2 * n // 5] = 2.0
    return u


MANDELBROT_WINDOW = (-2.0, 1.0, -1.0, 1.0)


def complex_matrix(n, seed):
    return rng(seed).random((n, n)) + 1j * rng(seed + 1).random((n, n))


def complex_points(n):
    """Points of the square [-1.5, 0.5] × [-1, 1] (scaled down so that z stays bounded)."""
    return 0.5 * ((rng().random(n) * 2.0 - 1.5) + 1j * (rng(1).random(n) * 2.0 - 1.0))


def complex_map_numpy(z, c, steps):
    for _ in range(steps):
        z = z * z + c
    return np.abs(z)


def square_matmul_kernel(n):
    return Kernel(
        "square_matmul_%d" % n, "square_matmul", "square_matmul", "{n}×{n} float64, A @ B", n,
        lambda n: (rng().random((n, n)), rng(1).random((n, n))), "close", numpy=lambda A, B: A @ B,
    )

KERNELS = [
    Kernel("bubblesort", "bubblesort", "bubblesort", "{n} float32", 1000, lambda n: (shuffled_f4(n),), "exact", numpy=np.sort, in_place=True),
    Kernel("scalar_f", "scalar_f", "f", "f(1, 3), per call", 1, lambda n: (1, 3), "close", numpy=lambda x, y: (x + y) / 3.14),
    Kernel(
        "vec_add", "vec_add", "vec_add", "{n} float32", 10_000_000,
        lambda n: (rng().random(n, dtype=np.float32), rng(1).random(n, dtype=np.float32)), "close",
        numpy=np.add, quick_n=1_000_000,
    ),
    matmul_kernel(128),
    matmul_kernel(256),
    matmul_kernel(512),
    go_fast_kernel(64),
    go_fast_kernel(1000),
    Kernel(
        "normalize", "normalize", "normalize", "{n}×3 float32", 1_000_000,
        lambda n: (np.arange(n * 3).astype(np.float32).reshape((n, 3)),), "close",
        numpy=lambda x: x / x.mean(axis=1, keepdims=True), in_place=True, quick_n=100_000,
    ),
    Kernel("monte_carlo_pi", "monte_carlo_pi", "monte_carlo_pi", "{n} samples", 1_000_000, lambda n: (n,), "pi"),
    Kernel("prange_sum", "prange_sum", "prange_sum", "{n} float64", 10_000_000, lambda n: (rng().random(n),), "close", numpy=np.sum, quick_n=1_000_000),
    Kernel("jacobi", "jacobi", "jacobi", "{n}×{n} float64, 20 sweeps", 512, lambda n: (rng().random((n, n)), 20), "close", numpy=jacobi_numpy),
    Kernel(
        "pairwise_distance", "pairwise_distance", "pairwise_distance", "{n}×3 → {n}×{n} float64", 1000, lambda n: (rng().random((n, 3)),), "close",
        numpy=lambda X: np.sqrt(((X[:, None, :] - X[None, :, :]) ** 2).sum(axis=-1)),
    ),
    Kernel(
        "mandelbrot", "mandelbrot", "create_fractal", "200×300 uint8, 100 iterations", 100,
        lambda n: (*MANDELBROT_WINDOW, np.zeros((200, 300), dtype=np.uint8), n), "exact",
    ),
    Kernel(
        "histogram", "histogram", "histogram", "{n} float64 → 100 bins", 1_000_000, lambda n: (rng().standard_normal(n), 100, -4.0, 4.0), "exact",
        numpy=lambda a, nbins, lo, hi: np.histogram(a, bins=nbins, range=(lo, hi))[0], quick_n=100_000,
    ),
    Kernel(
        "gemm", "gemm", "gemm", "alpha·A@B + beta·C, {n}×1100×1200 float64", 1000,
        lambda n: (1.5, 1.2, rng().random((n, 1100)), rng(1).random((n, 1200)), rng(2).random((1200, 1100))), "close",
        numpy=lambda alpha, beta, C, A, B: alpha * A @ B + beta * C, quick_n=200,
    ),
    Kernel("atax", "atax", "atax", "A.T @ (A @ x), {n}×2100 float64", 1900, lambda n: (rng().random((n, 2100)), rng(1).random(2100)), "close", numpy=lambda A, x: A.T @ (A @ x)),
    Kernel("bicg", "bicg", "bicg", "y = A @ x; A.T @ y, {n}×2100 float64", 1900, lambda n: (rng().random((n, 2100)), rng(1).random(2100)), "close", numpy=lambda A, x: A.T @ (A @ x)),
    Kernel(
        "two_mm", "two_mm", "two_mm", "alpha·A@B@C + beta·D, {n}×900×1100×1200 float64", 800,
        lambda n: (1.5, 1.2, rng().random((n, 1100)), rng(1).random((1100, 900)), rng(2).random((900, 1200)), rng(3).random((n, 1200))), "close",
        numpy=lambda alpha, beta, A, B, C, D: alpha * A @ B @ C + beta * D, quick_n=200,
    ),
    Kernel(
        "doitgen", "doitgen", "doitgen", "{n}×140×160 float64 @ 160×160, per slice", 150, lambda n: (rng().random((n, 140, 160)), rng(1).random((160, 160))), "close",
        numpy=lambda A, C4: A @ C4, in_place=True, quick_n=30,
    ),
    *(square_matmul_kernel(n) for n in (64, 128, 256, 512, 1024, 2048)),
    Kernel("convection", "convection", "convection", "{n} float64, 500 steps of un = u.copy()", 100_000, lambda n: (step_profile(n), 500, 0.5), "close", numpy=convection_numpy, quick_n=10_000),
    Kernel("heat", "heat", "heat", "{n} float64, 500 steps of u = new array", 100_000, lambda n: (step_profile(n), 500, 0.25), "close", numpy=heat_numpy, quick_n=10_000),
    Kernel(
        "jitclass_accumulator", "jitclass_accumulator", "jitclass_accumulator", "{n} float64 in a @jitclass, 20 steps of two methods", 1_000_000,
        lambda n: (rng().random(n), 20), "close", numpy=lambda data, steps: sum(data.sum() * 0.5**step for step in range(steps)), quick_n=100_000,
    ),
    Kernel("list_append", "list_append", "list_append", "{n} ints appended, then summed", 1_000_000, lambda n: (n,), "exact", numpy=lambda n: int(np.sum(np.arange(n) * 7 % 1000))),
    Kernel("dict_build", "dict_build", "dict_build", "{n} int keys stored, then read", 1_000_000, lambda n: (n,), "exact", numpy=lambda n: n * (n - 1) // 2),
    Kernel(
        "word_count", "word_count", "word_count", "{n} strings made and counted in a dict", 1_000_000, lambda n: (n,), "exact",
        numpy=lambda n: int(np.sum((n // 1000 + (np.arange(1000) < n % 1000)) * (np.arange(1000) + 1))),
    ),
    Kernel(
        "list_sort", "list_sort", "list_sort", "{n} float64 as a list, sorted", 1_000_000, lambda n: (rng().random(n),), "exact",
        numpy=lambda a: (lambda s: s[0] + s[len(s) // 2] + s[-1])(np.sort(a)),
    ),
    Kernel(
        "complex_matmul", "complex_matmul", "complex_matmul", "{n}×{n} complex128, A @ B", 512,
        lambda n: (complex_matrix(n, 0), complex_matrix(n, 2)), "close", numpy=lambda A, B: A @ B, quick_n=128,
    ),
    Kernel(
        "complex_map", "complex_map", "complex_map", "{n} complex128, 10 steps of z = z * z + c", 1_000_000,
        lambda n: (np.zeros(n, dtype=np.complex128), complex_points(n), 10), "close", numpy=complex_map_numpy, quick_n=100_000,
    ),
    Kernel("stencil", "stencil", "laplacian", "{n}×{n} float64, @stencil", 1000, lambda n: (rng().random((n, n)),), "close", numpy=five_point_numpy),
    # Kernels where rumba's equality saturation (eqsat) changes what is computed; fastmath=True.
    Kernel(
        "eqsat_chain", "eqsat_chain", "chain", "{n}×{n} float64, A @ B @ x", 1000,
        lambda n: (rng().random((n, n)), rng(1).random((n, n)), rng(2).random(n)), "close", numpy=lambda A, B, x: A @ B @ x, quick_n=200,
    ),
    Kernel(
        "eqsat_scaled", "eqsat_scaled", "scaled", "{n}×{n} float64, (alpha * A) @ x", 2000,
        lambda n: (1.5, rng().random((n, n)), rng(1).random(n)), "close", numpy=lambda alpha, A, x: (alpha * A) @ x, quick_n=400,
    ),
    Kernel(
        "eqsat_sum_products", "eqsat_sum_products", "sum_products", "{n} float64, np.sum(a * b)", 10_000_000,
        lambda n: (rng().random(n), rng(1).random(n)), "close", numpy=lambda a, b: np.sum(a * b), quick_n=100_000,
    ),
    Kernel(
        "eqsat_poly", "eqsat_poly", "poly", "{n} float64, degree-4 polynomial term by term", 1_000_000,
        lambda n: (rng().random(n),), "close", numpy=lambda x: 3.0 * x * x * x * x + 2.0 * x * x * x - 5.0 * x * x + 7.0 * x + 1.0, quick_n=100_000,
    ),
    Kernel(
        "eqsat_repeated", "eqsat_repeated", "normalised", "{n}×{n} float64, (A @ x) / ‖A @ x‖ with A @ x twice", 2000,
        lambda n: (rng().random((n, n)), rng(1).random(n)), "close", numpy=lambda A, x: (A @ x) / np.sqrt(np.sum((A @ x) ** 2)), quick_n=400,
    ),
]

BY_NAME = {kernel.name: kernel for kernel in KERNELS}


def check(kernel, numba_result, rumba_result, numpy_result):
    """Compares the results of one kernel; returns (ok, text). A result is None where there is none
    (rumba could not run the kernel, the kernel has no NumPy version)."""
    results = {"rumba": rumba_result, "Numba": numba_result, "NumPy": numpy_result}
    present = [who for who, result in results.items() if result is not None]
    if kernel.check == "pi":
        estimates = ", ".join("%s %.4f" % (who, float(results[who])) for who in present)
        off = [who for who in present if not abs(float(results[who]) - math.pi) < 0.01]
        return (False, "MISMATCH: %s not within 0.01 of π (%s)" % (" and ".join(off), estimates)) if off else (True, "ok, within 0.01 of π (%s)" % estimates)
    for index, got in enumerate(present):
        for expected in present[index + 1:]:
            if not agree(kernel.check, results[got], results[expected]):
                return False, "MISMATCH %s vs %s: %s" % (got, expected, difference(results[got], results[expected]))
    return (True, "ok (%s)" % " = ".join(present)) if len(present) > 1 else (True, "not checked (only %s ran)" % present[0])


def agree(kind, got, expected):
    got, expected = np.asarray(got), np.asarray(expected)
    if got.shape != expected.shape:
        return False
    return bool(np.array_equal(got, expected) if kind == "exact" else np.allclose(got, expected))


def difference(got, expected):
    got, expected = np.asarray(got), np.asarray(expected)
    if got.shape != expected.shape:
        return "shape %s vs %s" % (got.shape, expected.shape)
    wrong = got != expected if got.dtype.kind in "iub" else ~np.isclose(got, expected)
    delta = np.abs(got.astype(np.float64) - expected.astype(np.float64))
    return "%d of %d elements differ, max abs difference %.3g" % (np.count_nonzero(wrong), got.size, np.nanmax(delta))
