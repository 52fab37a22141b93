# CALL: f(3)
# ERROR: 8:12: a slice is a value only where it indexes
import numpy as np


def f(n):
    s = slice(1, n)
    return s
