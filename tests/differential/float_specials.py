# CALL: signed_zero_sum(0.0)
# CALL: signed_zero_sum(-0.0)
# CALL: neg_zero_product(-1.0)
# CALL: nan_propagation(2.0)
# CALL: nan_in_chain(1.0)
# CALL: nan_truthiness()
# CALL: inf_compare(1e308)
# CALL: min_with_nan_first()
# CALL: min_with_nan_second()
# CALL: max_signed_zeros()
# CALL: abs_of_neg_inf()
# CALL: float_eq_int(3.0, 3)
# CALL: float_eq_int(3.5, 3)
# CALL: overflow_to_inf(1e308)
# CALL: neg_zero_floor_div(-0.0)
# CALL: small_mod(-0.25, 1.0)

import math


def signed_zero_sum(x):
    return x + 0.0, x - 0.0, -x


def neg_zero_product(x):
    return 0.0 * x


def nan_propagation(x):
    n = math.nan
    return n + x, n * 0.0, n - n


def nan_in_chain(x):
    n = math.nan
    return x < n < 2.0, not (n == n)


def nan_truthiness():
    if math.nan:
        return 1
    return 0


def inf_compare(x):
    return x < math.inf, -math.inf < -x, math.inf == math.inf


def min_with_nan_first():
    # min/max keep the first argument unless a later one compares smaller/greater
    return min(math.nan, 1.0), max(math.nan, 1.0)


def min_with_nan_second():
    return min(1.0, math.nan), max(1.0, math.nan)


def max_signed_zeros():
    return max(-0.0, 0.0), min(0.0, -0.0), max(0.0, -0.0)


def abs_of_neg_inf():
    return abs(-math.inf), abs(-0.0)


def float_eq_int(x, n):
    return x == n, x != n, x > n


def overflow_to_inf(x):
    return x * 10.0, -x * 10.0


def neg_zero_floor_div(x):
    return x // 1.0, x % 1.0, 0.0 // -1.0


def small_mod(x, m):
    return x % m, x // m
