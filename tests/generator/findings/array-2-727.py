# Generated-program finding: wrong-value (kind array, seed 2, index 727).
# Replay: python3 tests/generator/run.py --replay tests/generator/findings/array-2-727.py
# ARGS: (np.array([[-9, 0, -3]], dtype='int64'), np.array([[-4, 1, 0], [4611686018427387904, 7, 0], [-9, 8, 1]], dtype='int64'), np.array([[6, 4611686018427387904, 5], [0, 6, 4611686018427387904], [4, 8, 5]], dtype='int64'), -0.0,)
# APPROX: True
# EXPECTED (CPython/NumPy): np.float64(1.0248191152060861e+18)
# GOT (rumba): -1.0248191152060861e+18
# REASON: float differs
import math
import numpy as np
from rumba import njit

@njit
def f(a0, a1, a2, t):
    s2 = np.mean(a2)
    return s2