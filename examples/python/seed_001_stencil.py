"""Seed 001: the modes of @stencil its notes describe. A stencil called from Python, from a jitted
function, and from one with parallel=True; with out=; with a given neighborhood (indices that are not
constants), and cval; and the errors the notes list: a neighborhood whose length differs from the
input's dimensions, and kernel indices that are not constants without one. Each result is checked
against the same computation written with NumPy slices."""
import numpy as np

import rumba as numba
from rumba import njit, stencil


@stencil
def kernel1(a):
    return 0.25 * (a[0, 1] + a[1, 0] + a[0, -1] + a[-1, 0])


@njit
def jitted(a):
    return kernel1(a)


@njit(parallel=True)
def jitted_parallel(a):
    return kernel1(a)


a = np.arange(100.0).reshape((10, 10)) ** 1.5
expected = np.zeros_like(a)
expected[1:-1, 1:-1] = 0.25 * (a[1:-1, 2:] + a[2:, 1:-1] + a[1:-1, :-2] + a[:-2, 1:-1])

print("outside jit:", np.allclose(kernel1(a), expected))
print("jit:", np.allclose(jitted(a), expected))
print("jit with parallel=True:", np.allclose(jitted_parallel(a), expected))

out = np.full_like(a, -1.0)
kernel1(a, out=out)
print("out= leaves the border as it was:", np.allclose(out[1:-1, 1:-1], expected[1:-1, 1:-1]) and (out[0] == -1.0).all())


@numba.stencil(neighborhood=((-29, 0),), cval=np.nan)
def moving_average(a):
    cumul = 0
    for i in range(-29, 1):
        cumul += a[i]
    return cumul / 30


series = np.sin(np.arange(100.0) / 7.0)
averaged = moving_average(series)
window_means = np.convolve(series, np.ones(30) / 30, mode="valid")
print("neighborhood and cval:", np.isnan(averaged[:29]).all() and np.allclose(averaged[29:], window_means))


@stencil(neighborhood=((-1, 1),))
def wrong_rank(a):
    return a[0, 0]


@stencil
def variable_index(a, k):
    return a[k]


for call, arguments in ((wrong_rank, (a,)), (variable_index, (series, 1))):
    try:
        call(*arguments)
    except Exception as error:
        print("%s raised %s:" % (call.py_func.__name__, type(error).__name__), str(error).splitlines()[0])
