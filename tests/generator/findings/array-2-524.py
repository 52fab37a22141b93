# Generated-program finding: wrong-value (kind array, seed 2, index 524).
# Replay: python3 tests/generator/run.py --replay tests/generator/findings/array-2-524.py
# ARGS: (np.array([1, 1], dtype='uint8'), 2.5,)
# APPROX: True
# EXPECTED (CPython/NumPy): (array([0.5403023058681398, 0.5403023058681398], dtype=float64, shape=(2,))),
# GOT (rumba): (array([-0.8623036078310824, -0.8623036078310824], dtype=float64, shape=(2,))),
# REASON: element (0,) is -0.8623036078310824, expected 0.5403023058681398
import math
import numpy as np
from rumba import njit

@njit
def f(a0, t):
    s1 = a0.argmin(axis=0)
    x2 = np.cos(np.maximum(a0, s1) + -2)
    return (x2,)