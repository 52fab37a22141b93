# Generated-program finding: wrong-value (kind array, seed 4, index 326).
# Replay: python3 tests/generator/run.py --replay tests/generator/findings/array-4-326.py
# ARGS: (np.array([[4611686018427387904], [-1], [-4611686018427387904], [0]], dtype='int64'), -0.0,)
# APPROX: False
# EXPECTED (CPython/NumPy): array([0.], dtype=float64, shape=(1,))
# GOT (rumba): array([-0.25], dtype=float64, shape=(1,))
# REASON: element (0,) is -0.25, expected 0.0
import math
import numpy as np
from rumba import njit

@njit
def f(a0, t):
    w1 = a0
    x5 = w1.mean(axis=0)
    return x5