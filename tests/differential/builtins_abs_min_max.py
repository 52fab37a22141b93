# CALL: absolute(-5)
# CALL: absolute(5)
# CALL: absolute(0)
# CALL: absolute(-9223372036854775807)
# CALL: absolute(-7.5)
# CALL: absolute(-0.0)
# CALL: min2(3, 7)
# CALL: min2(-3, -7)
# CALL: min2(2.5, -0.5)
# CALL: max2(3, 7)
# CALL: max2(-3, -7)
# CALL: max2(2.5, -0.5)
# CALL: min4(5, 2, 8, -1)
# CALL: max4(5, 2, 8, -1)
# CALL: min3(1.5, -2.5, 0.0)
# CALL: max3(1.5, -2.5, 0.0)
# CALL: min_max_ties(4, 4)
# CALL: clamp(15, 0, 10)
# CALL: clamp(-3, 0, 10)
# CALL: clamp(7, 0, 10)
# CALL: abs_diff(3, 10)
# CALL: abs_diff(2.5, -2.5)
# CALL: nested_builtins(-4, 3)


def absolute(x):
    return abs(x)


def min2(a, b):
    return min(a, b)


def max2(a, b):
    return max(a, b)


def min4(a, b, c, d):
    return min(a, b, c, d)


def max4(a, b, c, d):
    return max(a, b, c, d)


def min3(a, b, c):
    return min(a, b, c)


def max3(a, b, c):
    return max(a, b, c)


def min_max_ties(a, b):
    return min(a, b), max(a, b)


def clamp(x, lo, hi):
    return max(lo, min(x, hi))


def abs_diff(a, b):
    return abs(a - b)


def nested_builtins(a, b):
    return max(abs(a), abs(b)) - min(abs(a), abs(b))
