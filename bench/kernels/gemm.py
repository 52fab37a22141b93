"""PolyBench's gemm as NumPy users write it: `C = alpha * A @ B + beta * C`."""
import numba


@numba.njit
def gemm(alpha, beta, C, A, B):
    return alpha * A @ B + beta * C
