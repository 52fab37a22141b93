"""Seed 002: normalize (array ops in a loop) and caching: the first call includes compilation."""
import time

import numpy as np

from rumba import jit


@jit
def normalize(x):
    for i in range(x.shape[0]):
        x[i, :] = x[i, :] / x[i, :].mean()


x = np.arange(32 * 3).astype(np.float32).reshape((32, 3))
normalize(x)
print(x)


@jit(nopython=True)
def go_fast(a):
    trace = 0.0
    for i in range(a.shape[0]):
        trace += np.tanh(a[i, i])
    return a + trace


x = np.arange(4096).astype(np.float64).reshape((64, 64))

# Compilation time included in the first execution
start = time.time()
go_fast(x)
end = time.time()
print("Elapsed (with compilation) = %sms" % ((end - start) * 1000))

# Compilation time included in the first execution
start = time.time()
go_fast(x)
end = time.time()
print("Elapsed (with compilation) = %sms" % ((end - start) * 1000))
print("matches the interpreter:", np.array_equal(go_fast(x), go_fast.py_func(x)))
