"""`np.sum(a * b)`: a temporary array then its sum; under fastmath, rumba's eqsat makes it one
dot product."""
import numba
import numpy as np


@numba.njit(fastmath=True)
def sum_products(a, b):
    return np.sum(a * b)
