# CALL: f(1.0)
# ERROR: 7:12: cmath.exp2 is not supported yet
import cmath


def f(z):
    return cmath.exp2(z)
