# CALL: f(2, True)
# ERROR: 8:38: literal True or False
import numpy as np


def f(n, flag):
    a = np.ones(n)
    return np.unique(a, return_index=flag)
