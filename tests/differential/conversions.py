# CALL: to_int(7.9)
# CALL: to_int(-7.9)
# CALL: to_int(-0.5)
# CALL: to_int(0.0)
# CALL: to_int(1e15)
# CALL: to_int(42)
# CALL: to_int(True)
# CALL: to_int(False)
# CALL: to_float(7)
# CALL: to_float(-3)
# CALL: to_float(0)
# CALL: to_float(2.5)
# CALL: to_float(True)
# CALL: to_bool(0)
# CALL: to_bool(-3)
# CALL: to_bool(0.0)
# CALL: to_bool(-0.0)
# CALL: to_bool(0.001)
# CALL: to_bool(True)
# CALL: round_trip(12.75)
# CALL: int_division_via_float(17, 5)
# CALL: int_division_via_float(-17, 5)
# CALL: int_of_expr(9, 4)
# CALL: float_of_expr(9, 4)
# CALL: bool_of_expr(3, 3)
# CALL: bool_of_expr(3, 4)
# CALL: count_true(5)
# CALL: int_of_nan_check()

import math


def to_int(x):
    return int(x)


def to_float(x):
    return float(x)


def to_bool(x):
    return bool(x)


def round_trip(x):
    return float(int(x))


def int_division_via_float(a, b):
    return int(a / b)


def int_of_expr(a, b):
    return int(a * 1.5 + b)


def float_of_expr(a, b):
    return float(a * b) / 8


def bool_of_expr(a, b):
    return bool(a - b)


def count_true(n):
    c = 0
    for i in range(n):
        c += int(i % 2 == 0)
    return c


def int_of_nan_check():
    return bool(math.nan), bool(math.inf)
