# CALL: f(3)
# ERROR: 7:9: is float64 on one path and float64[::1] on another
import numpy as np
def f(n):
    value = 0.0
    if n > 0:
        value = np.zeros(n)
    return value
