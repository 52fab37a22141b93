# Generated-program finding: wrong-exception (kind scalar, seed 4, index 988).
# Replay: python3 tests/generator/run.py --replay tests/generator/findings/scalar-4-988.py
# ARGS: (inf, 9007199254740992.0, 5, inf,)
# APPROX: True
# EXPECTED (CPython/NumPy): OverflowError('cannot convert float infinity to integer')
# GOT (rumba): ZeroDivisionError('division by zero')
# REASON: 
import math
import numpy as np
from rumba import njit

@njit
def f(p0, p1, p2, p3):
    for i1 in range((math.floor(p0) if True else (-2) ** 1) % 7, 8):
        continue
    p1 = max(p2, p2 if False else p2, 7) / (p2 ** 1 >> 3)