# Generated-program finding: wrong-value (kind array, seed 5, index 1089).
# Replay: python3 tests/generator/run.py --replay tests/generator/findings/array-5-1089.py
# ARGS: (np.array([3, -1, -1073741824, -1], dtype='int32'), np.array([[-7, 0, 6, 1], [5, 0, -9, 4611686018427387904], [-4611686018427387904, -5, 8, 8], [-7, 4611686018427387904, 1, 1]], dtype='int64'),)
# APPROX: True
# EXPECTED (CPython/NumPy): (np.float64(0.0)),
# GOT (rumba): (6.0),
# REASON: float differs
import math
import numpy as np
from rumba import njit

@njit
def f(a0, a1):
    a1[1,] = 3
    s1 = np.sum(2.0 + a1)
    return (s1,)