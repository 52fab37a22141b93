"""A scalar factor on a matrix before a product, `(alpha * A) @ x`: under fastmath, rumba's eqsat
scales the product's result instead, n multiplications for n²."""
import numba


@numba.njit(fastmath=True)
def scaled(alpha, A, x):
    return (alpha * A) @ x
