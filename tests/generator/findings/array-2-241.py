# Generated-program finding: wrong-type (kind array, seed 2, index 241).
# Replay: python3 tests/generator/run.py --replay tests/generator/findings/array-2-241.py
# ARGS: (np.array([2, 8, 9, 5], dtype='int32'), np.array([1], dtype='int64'), np.array([18, 4, 4, 1], dtype='uint8'),)
# APPROX: False
# EXPECTED (CPython/NumPy): array([18,  4,  4,  1], dtype=int64, shape=(4,))
# GOT (rumba): array([18,  4,  4,  1], dtype=uint8, shape=(4,))
# REASON: dtype uint8, expected int64
import math
import numpy as np
from rumba import njit

@njit
def f(a0, a1, a2):
    s2 = np.argmax(a1)
    x3 = a2 + s2
    return x3