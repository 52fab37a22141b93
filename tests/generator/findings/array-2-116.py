# Generated-program finding: wrong-value (kind array, seed 2, index 116).
# Replay: python3 tests/generator/run.py --replay tests/generator/findings/array-2-116.py
# ARGS: (np.array([[7.57], [8.25]], dtype='float32'), np.array([-0.0], dtype='float32'), 1,)
# APPROX: False
# EXPECTED (CPython/NumPy): (array([[188180.8 ],  [315299.78]], dtype=float32, shape=(2, 1))),
# GOT (rumba): (array([[188180.8],  [315299.8]], dtype=float32, shape=(2, 1))),
# REASON: element (1, 0) is 315299.8125, expected 315299.78125
import math
import numpy as np
from rumba import njit

@njit
def f(a0, a1, t):
    x1 = (a0 ** 2) ** 3
    return (x1,)