# Generated-program finding: wrong-argument (kind array, seed 2, index 86).
# Replay: python3 tests/generator/run.py --replay tests/generator/findings/array-2-86.py
# ARGS: (np.asfortranarray(np.array([[-9.56, 1.22]], dtype='float32')), np.asfortranarray(np.array([[9.46]], dtype='float32')),)
# APPROX: False
# EXPECTED (CPython/NumPy): array([[846.5905, 846.5905]], dtype=float32, shape=(1, 2))
# GOT (rumba): array([[846.5906, 846.5906]], dtype=float32, shape=(1, 2))
# REASON: argument 0 afterwards: element (0, 0) is 846.590576171875, expected 846.5905151367188
import math
import numpy as np
from rumba import njit

@njit
def f(a0, a1):
    a0[0,] = a1[0,] ** 3