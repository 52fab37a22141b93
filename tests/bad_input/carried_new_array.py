# CALL: f(3)
# ERROR: 9:9: 'a' is given a new array inside the loop
import numpy as np


def f(n):
    a = np.ones(n)
    for i in range(n):
        a = a * 2.0
    return a
