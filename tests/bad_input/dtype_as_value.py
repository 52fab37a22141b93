# CALL: f(2)
# ERROR: 8:12: dtype
import numpy as np


def f(n):
    a = np.ones(n)
    return a.dtype
