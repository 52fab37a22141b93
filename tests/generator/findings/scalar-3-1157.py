# Generated-program finding: missing-exception (kind scalar, seed 3, index 1157).
# Replay: python3 tests/generator/run.py --replay tests/generator/findings/scalar-3-1157.py
# ARGS: (0, True, 1e+300,)
# APPROX: False
# EXPECTED (CPython/NumPy): ZeroDivisionError('integer division or modulo by zero')
# GOT (rumba): None
# REASON: 
import math
import numpy as np
from rumba import njit

@njit
def f(p0, p1, p2):
    w1 = 0
    for i2 in range(-(3 // 0 % 2), (w1 + w1 if p1 else w1) % 5):
        continue