# CALL: f(1)
# ERROR: 8:22: literal 1, 2 or 3
from numba import cuda


@cuda.jit
def f(n):
    return cuda.grid(n)
