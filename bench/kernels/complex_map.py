"""Complex arrays elementwise, as array code is written: `steps` of `z = z * z + c` over a grid of
points, then the magnitudes."""
import numba
import numpy as np


@numba.njit
def complex_map(z, c, steps):
    for _ in range(steps):
        z = z * z + c
    return np.abs(z)
