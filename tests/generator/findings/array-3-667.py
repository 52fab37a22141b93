# Generated-program finding: wrong-value (kind array, seed 3, index 667).
# Replay: python3 tests/generator/run.py --replay tests/generator/findings/array-3-667.py
# ARGS: (np.array([-0.0, -0.59, nan, -1.0, -inf], dtype='float64'),)
# APPROX: True
# EXPECTED (CPython/NumPy): array([-0., nan, nan, nan, nan], dtype=float64, shape=(5,))
# GOT (rumba): array([ 0., nan, nan, nan, inf], dtype=float64, shape=(5,))
# REASON: element (4,) is inf, expected nan
import math
import numpy as np
from rumba import njit

@njit
def f(a0):
    x3 = a0 ** 0.5
    return x3