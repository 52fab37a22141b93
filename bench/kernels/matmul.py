"""Seed 003: matrix multiplication with three loops in i-k-j order (A in C order, B in F order)."""
import numpy as np
import numba


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
