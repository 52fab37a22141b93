"""A matrix chain, `A @ B @ x`: Python multiplies left to right, a matrix product and then a
matrix-vector one; under fastmath, rumba's eqsat reorders it to two matrix-vector products."""
import numba


@numba.njit(fastmath=True)
def chain(A, B, x):
    return A @ B @ x
