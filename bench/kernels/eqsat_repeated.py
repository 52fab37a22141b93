"""A normalised product written with the product twice, `(A @ x) / np.sqrt(np.sum((A @ x) ** 2))`:
rumba's eqsat computes `A @ x` once (and, under fastmath, the sum of squares as a dot product)."""
import numba
import numpy as np


@numba.njit(fastmath=True)
def normalised(A, x):
    return (A @ x) / np.sqrt(np.sum((A @ x) ** 2))
