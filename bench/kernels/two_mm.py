"""PolyBench's 2mm: two chained matrix products, `alpha * A @ B @ C + beta * D`."""
import numba


@numba.njit
def two_mm(alpha, beta, A, B, C, D):
    return alpha * A @ B @ C + beta * D
