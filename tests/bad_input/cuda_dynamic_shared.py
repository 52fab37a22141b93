# CALL: f(4)
# ERROR: 9:30: dynamic shared memory is a 1-d array
from numba import cuda
import numpy as np


@cuda.jit
def f(n):
    tile = cuda.shared.array((0, 4), dtype=np.float32)
    tile[0, 0] = n
