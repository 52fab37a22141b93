# CALL: f(6)
# ERROR: 7:12: can only specify one unknown dimension
import numpy as np


def f(n):
    return np.ones(n).reshape(-1, -1)
