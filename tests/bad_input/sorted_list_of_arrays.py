# CALL: f(3)
# ERROR: 7:5: sorting a list of float64[::1] is not supported
import numpy as np
def f(n):
    rows = []
    rows.append(np.zeros(n))
    rows.sort()
    return len(rows)
