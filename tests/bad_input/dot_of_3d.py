# CALL: f(2)
# ERROR: 8:12: np.dot of
import numpy as np


def f(n):
    a = np.ones((n, n, n))
    return np.dot(a, a)
