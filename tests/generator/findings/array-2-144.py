# Generated-program finding: missing-exception (kind array, seed 2, index 144).
# Replay: python3 tests/generator/run.py --replay tests/generator/findings/array-2-144.py
# ARGS: (np.array([[-9, 0, -4], [1, 4, 0], [-8, -7, 8], [2, 6, -4]], dtype='int64'), 1e+300,)
# APPROX: False
# EXPECTED (CPython/NumPy): OverflowError('Python int too large to convert to C long')
# GOT (rumba): None
# REASON: 
import math
import numpy as np
from rumba import njit

@njit
def f(a0, t):
    a0[::1] = t