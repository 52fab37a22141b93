# CALL: f(4)
# ERROR: 9:30: known when compiling
from numba import cuda
import numpy as np


@cuda.jit
def f(n):
    tile = cuda.shared.array(n, dtype=np.float32)
    return tile[0]
