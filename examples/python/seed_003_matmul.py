"""Seed 003 (acceleration with Numba): loop matrix multiplication against BLAS."""
import timeit

import numpy as np

import rumba as numba

rng = np.random.default_rng()
n = 128
A = np.array(rng.random((n, n)), order="C")
B = np.array(rng.random((n, n)), order="F")
C_dot = np.dot(A, B)


@numba.jit
def matrix_multiply_loops_jit(A, B):
    m, n = A.shape
    n2, p = B.shape

    if n != n2:
        raise ValueError("Inner matrix dimensions must agree.")
    C = np.zeros((m, p))
    for i in range(m):
        for k in range(n):
            for j in range(p):
                C[i, j] += A[i, k] * B[k, j]
    return C


# 'Warm up' - calling the function once starts the JIT process.
C_jit = matrix_multiply_loops_jit(A, B)
assert np.allclose(C_jit, C_dot)
print("np.allclose(C_jit, C_dot):", np.allclose(C_jit, C_dot))
for label, statement in [("np.dot(A, B)", lambda: np.dot(A, B)), ("matrix_multiply_loops_jit(A, B)", lambda: matrix_multiply_loops_jit(A, B))]:
    seconds = min(timeit.repeat(statement, number=20, repeat=5)) / 20
    print("%s: %.3g ms per loop" % (label, seconds * 1e3))
try:
    matrix_multiply_loops_jit(A, np.ones((3, 3)))
except ValueError as error:
    print("ValueError:", error)

@numba.jit()
def f(a, b, c):
    return (a + b) + c


@numba.jit()
def f_fast(a, b, c):
    return a + (b + c)


a = np.array([1e9])
b = np.array([-1e9])
c = np.array([0.1])
print(f"f: {f(a, b, c)[0]:.12f}")
print(f"f_fast: {f_fast(a, b, c)[0]:.12f}")

# Advanced: signatures and inspecting generated code (first lines of each).
print(matrix_multiply_loops_jit.signatures)
signature = matrix_multiply_loops_jit.signatures[0]
for label, text in [
    ("typed py IR", matrix_multiply_loops_jit.inspect_types(signature=signature)),
    ("LLVM IR", matrix_multiply_loops_jit.inspect_llvm(signature=signature)),
    ("assembly", matrix_multiply_loops_jit.inspect_asm(signature=signature)),
]:
    lines = text.splitlines()
    print("--- %s (%d lines)" % (label, len(lines)))
    print("\n".join(lines[:4]))
