# Generated-program finding: missing-exception (kind array, seed 2, index 272).
# Replay: python3 tests/generator/run.py --replay tests/generator/findings/array-2-272.py
# ARGS: (np.array([1, 6], dtype='int64'), nan,)
# APPROX: False
# EXPECTED (CPython/NumPy): ValueError('cannot convert float NaN to integer')
# GOT (rumba): None
# REASON: 
import math
import numpy as np
from rumba import njit

@njit
def f(a0, t):
    a0[::2] = t