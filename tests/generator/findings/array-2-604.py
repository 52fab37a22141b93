# Generated-program finding: wrong-value (kind array, seed 2, index 604).
# Replay: python3 tests/generator/run.py --replay tests/generator/findings/array-2-604.py
# ARGS: (np.array([255, 255, 19], dtype='uint8'), np.array([[5.31, 1.09, 1e+30]], dtype='float32'), 1e+300,)
# APPROX: False
# EXPECTED (CPython/NumPy): (array([[149.72128 ,   1.295029,        inf]], dtype=float32, shape=(1, 3))),
# GOT (rumba): (array([[149.72128  ,   1.2950292,         inf]], dtype=float32, shape=(1, 3))),
# REASON: element (0, 1) is 1.2950291633605957, expected 1.2950290441513062
import math
import numpy as np
from rumba import njit

@njit
def f(a0, a1, t):
    x2 = a1 ** 3
    return (x2,)