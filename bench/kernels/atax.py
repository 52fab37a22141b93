"""PolyBench's atax: `A.T @ (A @ x)`, a product with a transposed view."""
import numba


@numba.njit
def atax(A, x):
    return A.T @ (A @ x)
