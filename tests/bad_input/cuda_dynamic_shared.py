# CALL: f(4)
# ERROR: 9:30: dynamic shared memory
from numba import cuda
import numpy as np


@cuda.jit
def f(n):
    tile = cuda.shared.array(0, dtype=np.float32)
    tile[0] = n
