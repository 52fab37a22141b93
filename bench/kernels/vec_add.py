"""Seed 000: a float32 ufunc built with @vectorize for the parallel target."""
from numba import vectorize, float32


@vectorize([float32(float32, float32)], target='parallel', fastmath=True)
def vec_add(x, y):
    c = x + y
    return c
