# CALL: f(2)
# ERROR: 8:12: .squeeze(): needs axis=
import numpy as np


def f(n):
    a = np.ones((n, 1))
    return a.squeeze()
