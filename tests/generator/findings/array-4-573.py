# Generated-program finding: wrong-argument (kind array, seed 4, index 573).
# Replay: python3 tests/generator/run.py --replay tests/generator/findings/array-4-573.py
# ARGS: (np.asfortranarray(np.array([[-0.46, -9.94, 1.15], [3.32, 6.74, -3.55], [7.63, -2.93, -6.42], [5.85, -5.26, 2.02]], dtype='float64')), np.asfortranarray(np.array([[-1, -8, 0], [8, 8, 0], [-7, 8, -4], [-8, 8, -2]], dtype='int32')), np.asfortranarray(np.array([[-5, 4, 2], [-6, -7, 6], [4, -1, 4], [-5, -9, -6]], dtype='int64')), 5,)
# APPROX: False
# EXPECTED (CPython/NumPy): array([[4.4774560000000005e-02, 9.7621513729599974e+03, 1.7490062499999997e+00],  [1.2149330175999998e+02, 2.0636668417600004e+03, 1.5882300624999996e+02],  [3.3892074456099995e+03, 7.3700508010000007e+01, 1.6987916289600000e+03],  [1.1711795062499996e+03, 7.6549608975999979e+02, 1.6649664160000000e+01]], dtype=float64, shape=(4, 3))
# GOT (rumba): array([[4.4774560000000005e-02, 9.7621513729599974e+03, 1.7490062499999997e+00],  [1.2149330175999998e+02, 2.0636668417600004e+03, 1.5882300624999996e+02],  [3.3892074456099995e+03, 7.3700508010000007e+01, 1.6987916289600000e+03],  [1.1711795062499996e+03, 7.6549608975999979e+02, 1.6649664160000004e+01]], dtype=float64, shape=(4, 3))
# REASON: argument 0 afterwards: element (3, 2) is 16.649664160000004, expected 16.64966416
import math
import numpy as np
from rumba import njit

@njit
def f(a0, a1, a2, t):
    a0 *= a0 ** 3