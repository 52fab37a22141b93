"""A sum reduction over a parallel loop (parallel=True with prange)."""
from numba import njit, prange


@njit(parallel=True)
def prange_sum(a):
    s = 0.0
    for i in prange(a.shape[0]):
        s += a[i]
    return s
