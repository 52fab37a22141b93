# Generated-program finding: wrong-value (kind scalar, seed 2, index 1869).
# Replay: python3 tests/generator/run.py --replay tests/generator/findings/scalar-2-1869.py
# ARGS: (9007199254740993, False,)
# APPROX: False
# EXPECTED (CPython/NumPy): 3.330669073875469e-16
# GOT (rumba): 3.3306690738754696e-16
# REASON: float differs
import math
import numpy as np
from rumba import njit

@njit
def f(p0, p1):
    return 3 / p0