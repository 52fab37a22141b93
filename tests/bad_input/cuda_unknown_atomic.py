# CALL: f(1)
# ERROR: 8:5: cuda.atomic.nand is not supported
from numba import cuda


@cuda.jit
def f(n):
    cuda.atomic.nand(n, 0, 1)
