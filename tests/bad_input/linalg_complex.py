# CALL: f(3)
# ERROR: 8:12: np.linalg.cholesky: does not take complex matrices
import numpy as np


def f(n):
    a = np.eye(n) * (1 + 2j)
    return np.linalg.cholesky(a)
