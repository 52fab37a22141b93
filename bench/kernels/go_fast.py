"""Seed 002: a loop over the diagonal with np.tanh, then an array expression."""
import numpy as np
from numba import jit


@jit(nopython=True)
def go_fast(a):
    trace = 0.0
    for i in range(a.shape[0]):
        trace += np.tanh(a[i, i])
    return a + trace
