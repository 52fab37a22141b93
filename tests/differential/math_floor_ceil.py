# CALL: floor(2.5)
# CALL: floor(-2.5)
# CALL: floor(3.0)
# CALL: floor(-0.0)
# CALL: floor(7)
# CALL: floor(-7)
# CALL: ceil(2.5)
# CALL: ceil(-2.5)
# CALL: ceil(-0.5)
# CALL: ceil(4.0)
# CALL: ceil(9)
# CALL: fabs(-7.5)
# CALL: fabs(3)
# CALL: fabs(-0.0)
# CALL: fabs(-4)
# CALL: mpow(2.0, 10.0)
# CALL: mpow(2, 3)
# CALL: mpow(9.0, 0.5)
# CALL: mpow(-2.0, 3.0)
# CALL: mpow(5.0, 0.0)
# CALL(approx): mpow(1.5, 2.5)
# CALL: floor_arith(7.25)
# CALL: floor_arith(-7.25)
# CALL: round_half_up(2.5)
# CALL: round_half_up(-2.5)
# CALL: round_half_up(2.49)

import math


def floor(x):
    return math.floor(x)


def ceil(x):
    return math.ceil(x)


def fabs(x):
    return math.fabs(x)


def mpow(x, y):
    return math.pow(x, y)


def floor_arith(x):
    # math.floor returns an int
    return math.floor(x) * 2 + math.ceil(x)


def round_half_up(x):
    return math.floor(x + 0.5)
