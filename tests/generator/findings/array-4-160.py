# Generated-program finding: wrong-value (kind array, seed 4, index 160).
# Replay: python3 tests/generator/run.py --replay tests/generator/findings/array-4-160.py
# ARGS: (np.array([-4611686018427387904], dtype='int64'), np.array([[7, -8, 7, 6, -1], [-1, -8, -1073741824, -9, -1073741824], [-4, -1073741824, -1073741824, 7, 4], [-5, 1073741824, 7, -1073741824, 0]], dtype='int32'), 1e+300,)
# APPROX: False
# EXPECTED (CPython/NumPy): (array([[-1,  0, -1, -1,  0],  [ 0,  0,  0,  0,  0],  [ 0,  0,  0, -1, -1],  [ 0, -1, -1,  0,  0]], dtype=int32, shape=(4, 5))),
# GOT (rumba): (array([[         3,         -4,          3,          3,         -1],  [        -1,         -4, -536870912,         -5, -536870912],  [        -2, -536870912, -536870912,          3,          2],  [        -3,  536870912,          3, -536870912,          0]], dtype=int32, shape=(4, 5))),
# REASON: element (0, 0) is 3, expected -1
import math
import numpy as np
from rumba import njit

@njit
def f(a0, a1, t):
    s2 = np.sum(a1)
    a1 //= s2
    x3 = a1
    return (x3,)