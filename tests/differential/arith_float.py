# CALL: add(0.1, 0.2)
# CALL: add(-7.5, 2.25)
# CALL: add(1.5, -1.5)
# CALL: sub(0.3, 0.1)
# CALL: sub(-0.0, 0.0)
# CALL: mul(-7.5, 4.0)
# CALL: mul(0.1, 3.0)
# CALL: mul(-0.0, 5.0)
# CALL: neg_zero(0.0)
# CALL: horner(1.5)
# CALL: horner(-2.25)
# CALL: horner(0.0)
# CALL: mean3(1.0, 2.0, 4.0)
# CALL: mean3(-7.5, 0.1, 1e-3)


def add(a, b):
    return a + b


def sub(a, b):
    return a - b


def mul(a, b):
    return a * b


def neg_zero(x):
    return -x


def horner(x):
    # 0.5x^3 - 1.25x^2 + 3x - 0.75
    return ((0.5 * x - 1.25) * x + 3.0) * x - 0.75


def mean3(a, b, c):
    return (a + b + c) / 3.0
