"""Seed 002 (CPU version): divide each row of a matrix by its mean, in place, with slices."""
from numba import jit


@jit
def normalize(x):
    for i in range(x.shape[0]):
        x[i, :] = x[i, :] / x[i, :].mean()
