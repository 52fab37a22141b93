# CALL: add(3, 4)
# CALL: add(-3, 4)
# CALL: add(0, 0)
# CALL: add(4611686018427387904, 4611686018427387903)
# CALL: sub(3, 10)
# CALL: sub(-5, -5)
# CALL: sub(9223372036854775807, 1)
# CALL: mul(-6, 7)
# CALL: mul(0, -123)
# CALL: mul(3037000499, 3037000499)
# CALL: poly(2)
# CALL: poly(-3)
# CALL: poly(0)
# CALL: mixed_ops(10, 3)
# CALL: mixed_ops(-10, 3)
# CALL: precedence(2, 3, 4)


def add(a, b):
    return a + b


def sub(a, b):
    return a - b


def mul(a, b):
    return a * b


def poly(x):
    # 3x^3 - 2x^2 + x - 7
    return 3 * x * x * x - 2 * x * x + x - 7


def mixed_ops(a, b):
    return a * b - a + b * 2 - (a - b) * (a + b)


def precedence(a, b, c):
    return a + b * c - (a + b) * c + a * (b - c)
