"""Seed 002 (caching and timing): the first call includes compilation, later calls do not.

The notebook's `go_fast` returns `a + trace`, an array expression that comes with a later issue; this
is the same loop returning the trace, timed the way the notebook times it."""
import time

import numpy as np

from rumba import jit


@jit(nopython=True)
def go_fast_trace(a):
    trace = 0.0
    for i in range(a.shape[0]):
        trace += np.tanh(a[i, i])
    return trace


x = np.arange(4096).astype(np.float64).reshape((64, 64))

# Compilation time included in the first execution
start = time.time()
go_fast_trace(x)
end = time.time()
print("Elapsed (with compilation) = %sms" % ((end - start) * 1000))

# Compilation time NOT included: the function is already compiled for these argument types
start = time.time()
go_fast_trace(x)
end = time.time()
print("Elapsed (after compilation) = %sms" % ((end - start) * 1000))
print("trace matches the interpreter:", go_fast_trace(x) == go_fast_trace.py_func(x))
