# CALL: f(3)
# ERROR: 7:9: is none on one path and float64
import numpy as np
def f(n):
    value = None
    if n > 0:
        value = np.zeros(n)
    return value
