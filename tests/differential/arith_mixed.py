# CALL: add_half(3)
# CALL: add_half(-3)
# CALL: int_plus_float(7, -7.5)
# CALL: int_times_float(-4, 0.25)
# CALL: scale(10, 2.5)
# CALL: scale(0, -1.5)
# CALL: float_minus_int(0.5, 2)
# CALL: lerp(0, 10, 0.25)
# CALL: lerp(-4, 4, 0.5)


def add_half(n):
    return n + 0.5


def int_plus_float(a, b):
    return a + b


def int_times_float(a, b):
    return a * b


def scale(n, factor):
    result = n * factor
    return result - n


def float_minus_int(x, n):
    return x - n


def lerp(a, b, t):
    return a + (b - a) * t
