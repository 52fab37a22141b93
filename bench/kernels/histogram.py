"""Histogram with equal-width bins over [lo, hi], counted in a loop (the last bin includes hi, values
outside are dropped, as np.histogram does)."""
import numpy as np
from numba import njit


@njit
def histogram(a, nbins, lo, hi):
    counts = np.zeros(nbins, dtype=np.int64)
    scale = nbins / (hi - lo)
    for i in range(a.shape[0]):
        x = a[i]
        if x < lo or x > hi:
            continue
        b = int((x - lo) * scale)
        if b == nbins:
            b = nbins - 1
        counts[b] += 1
    return counts
