# Generated-program finding: wrong-value (kind scalar, seed 3, index 592).
# Replay: python3 tests/generator/run.py --replay tests/generator/findings/scalar-3-592.py
# ARGS: (19.88, -7.49, -9223372036854775807,)
# APPROX: False
# EXPECTED (CPython/NumPy): 0
# GOT (rumba): -2
# REASON: value differs
import math
import numpy as np
from rumba import njit

@njit
def f(p0, p1, p2):
    if 0 != p2 + 0.0 != p2:
        return 0
    return p2 and -2