# Generated-program finding: spurious-exception (kind scalar, seed 2, index 246).
# Replay: python3 tests/generator/run.py --replay tests/generator/findings/scalar-2-246.py
# ARGS: (13.87,)
# APPROX: True
# EXPECTED (CPython/NumPy): -0.13000000000000078
# GOT (rumba): ZeroDivisionError('0.0 cannot be raised to a negative power')
# REASON: 
import math
import numpy as np
from rumba import njit

@njit
def f(p0):
    while bool((abs(p0) // 0.25) ** p0):
        p0 %= 1 // -3.67
        return p0
    return math.log(abs(-p0 if bool(1000) else math.exp(min(p0, 700.0))) + 0.5)