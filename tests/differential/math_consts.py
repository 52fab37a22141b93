# CALL: pi()
# CALL: e()
# CALL: inf()
# CALL: neg_inf()
# CALL: nan()
# CALL: circle_area(2.0)
# CALL: circle_area(1)
# CALL: deg_to_rad(180.0)
# CALL: deg_to_rad(90)
# CALL: below_inf(1e300)
# CALL: nan_self_equal()
# CALL: nan_compare(1.0)
# CALL: inf_arith(5.0)
# CALL: min_tracker(3)

import math


def pi():
    return math.pi


def e():
    return math.e


def inf():
    return math.inf


def neg_inf():
    return -math.inf


def nan():
    return math.nan


def circle_area(r):
    return math.pi * r * r


def deg_to_rad(d):
    return d * math.pi / 180.0


def below_inf(x):
    return x < math.inf


def nan_self_equal():
    x = math.nan
    return x == x, x != x


def nan_compare(y):
    x = math.nan
    return x < y, x > y, x <= y, x >= y, x == y


def inf_arith(x):
    return math.inf + x, math.inf - math.inf, x / math.inf, -math.inf * x


def min_tracker(n):
    best = math.inf
    for i in range(n):
        v = (i - 1.5) * (i - 1.5)
        if v < best:
            best = v
    return best
