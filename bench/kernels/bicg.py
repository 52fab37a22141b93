"""A product and the transposed product of its result: `y = A @ x; z = A.T @ y`."""
import numba


@numba.njit
def bicg(A, x):
    y = A @ x
    z = A.T @ y
    return z
