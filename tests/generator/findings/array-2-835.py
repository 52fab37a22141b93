# Generated-program finding: missing-exception (kind array, seed 2, index 835).
# Replay: python3 tests/generator/run.py --replay tests/generator/findings/array-2-835.py
# ARGS: (np.array([6, 6, 7, -7], dtype='int64'), np.array([[2, 255, 0, 1], [128, 0, 0, 128], [2, 1, 128, 18], [9, 0, 5, 1]], dtype='uint8'), np.array([[-inf], [6.16], [-1.85], [-inf]], dtype='float32'), -7.0,)
# APPROX: True
# EXPECTED (CPython/NumPy): OverflowError('Python integer -7 out of bounds for uint8')
# GOT (rumba): None
# REASON: 
import math
import numpy as np
from rumba import njit

@njit
def f(a0, a1, a2, t):
    x3 = a1.min(axis=0)
    x3[::2] = t