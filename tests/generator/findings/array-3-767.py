# Generated-program finding: wrong-value (kind array, seed 3, index 767).
# Replay: python3 tests/generator/run.py --replay tests/generator/findings/array-3-767.py
# ARGS: (np.array([7, 9, 6, -7, 4], dtype='int32'), np.array([-0.84], dtype='float32'),)
# APPROX: False
# EXPECTED (CPython/NumPy): (np.float64(8890.559722423553)),
# GOT (rumba): (8890.5595703125),
# REASON: float differs
import math
import numpy as np
from rumba import njit

@njit
def f(a0, a1):
    s1 = a0.prod()
    s2 = (s1 * a1).sum()
    return (s2,)