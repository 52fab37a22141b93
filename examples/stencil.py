# Seed 001: a stencil kernel, called directly and from a jitted function.
from numba import njit, stencil


@stencil
def kernel1(a):
    return 0.25 * (a[0, 1] + a[1, 0] + a[0, -1] + a[-1, 0])


@njit
def smooth(a):
    return kernel1(a)
