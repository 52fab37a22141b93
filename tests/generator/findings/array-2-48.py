# Generated-program finding: wrong-type (kind array, seed 2, index 48).
# Replay: python3 tests/generator/run.py --replay tests/generator/findings/array-2-48.py
# ARGS: (np.array([[18, 13, 20, 17], [18, 17, 5, 14], [4, 8, 7, 2], [12, 11, 7, 1]], dtype='uint8'), np.array([[-9, -6, 7, -3]], dtype='int32'),)
# APPROX: False
# EXPECTED (CPython/NumPy): (array([  21172536,   77611527, 3704288112, 1815035040], dtype=int64, shape=(4,))),
# GOT (rumba): (array([  4928,  18560, 946080, 455520], dtype=uint64, shape=(4,))),
# REASON: dtype uint64, expected int64
import math
import numpy as np
from rumba import njit

@njit
def f(a0, a1):
    s1 = np.prod(a1)
    x3 = a0
    x4 = (s1 // x3).prod(axis=1)
    return (x4,)