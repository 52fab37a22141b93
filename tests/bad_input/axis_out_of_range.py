# CALL: f(2)
# ERROR: 7:37: axis 2 is out of bounds for an array of dimension 2
import numpy as np


def f(n):
    return np.ones((n, n)).sum(axis=2)
