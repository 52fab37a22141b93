# CALL: combine(3, 4)
# CALL: combine(3.0, 4.0)
# CALL: combine(3, 4.5)
# CALL: combine(2.5, -4)
# CALL: combine(True, 4)
# CALL: smaller(3, 8)
# CALL: smaller(-7.5, 2.5)
# CALL: step(10)
# CALL: step(10.0)
# CALL: step(-7)
# CALL: step(-7.0)
# CALL: twice_square(6)
# CALL: twice_square(0.5)


def combine(a, b):
    return a * b - a // b


def smaller(a, b):
    return a if a < b else b


def step(x):
    return x // 3 + x % 3


def square(x):
    return x * x


def twice_square(x):
    return square(x) + square(x)
