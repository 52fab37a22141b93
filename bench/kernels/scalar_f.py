"""Seed 000: a scalar function compiled eagerly for float64(int32, int32); a call is mostly overhead."""
from numba import jit, int32, float64


@jit(float64(int32, int32))
def f(x, y):
    # A somewhat trivial example
    return (x + y) / 3.14
