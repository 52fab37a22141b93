# Generated-program finding: wrong-type (kind array, seed 3, index 1148).
# Replay: python3 tests/generator/run.py --replay tests/generator/findings/array-3-1148.py
# ARGS: (np.array([[8, 3, -8], [-4, 0, -1]], dtype='int32'), np.array([-4, 6, -3], dtype='int32'), -0.0,)
# APPROX: True
# EXPECTED (CPython/NumPy): array([-4,  6, -3], dtype=int64, shape=(3,))
# GOT (rumba): array([-4,  6, -3], dtype=int32, shape=(3,))
# REASON: dtype int32, expected int64
import math
import numpy as np
from rumba import njit

@njit
def f(a0, a1, t):
    s2 = np.sum(a1)
    x3 = np.where(a1, a1, s2)
    return x3