# CALL: checked_sqrt(16.0)
# CALL: checked_sqrt(-1.0)
# CALL: checked_div(10, 2)
# CALL: checked_div(10, 0)
# CALL: validate(5)
# CALL: validate(-5)
# CALL: validate(500)
# CALL: runtime(3)
# CALL: runtime(0)
# CALL: type_err(1.5)
# CALL: type_err(-1.5)
# CALL: index_err(3)
# CALL: index_err(10)
# CALL: overflow(1000)
# CALL: not_impl(1)
# CALL: not_impl(2)
# CALL: raise_in_loop(10)
# CALL: raise_in_loop(3)
# CALL: raise_always(0)

import math


def checked_sqrt(x):
    if x < 0:
        raise ValueError("negative input")
    return math.sqrt(x)


def checked_div(a, b):
    if b == 0:
        raise ZeroDivisionError("custom: b must be nonzero")
    return a // b


def validate(x):
    if x < 0:
        raise ValueError("x must be non-negative")
    elif x > 100:
        raise ValueError("x must be at most 100")
    return x * 2


def runtime(n):
    if n == 0:
        raise RuntimeError("n is zero")
    return n


def type_err(x):
    if x < 0.0:
        raise TypeError("expected a positive value")
    return x


def index_err(i):
    if i >= 5:
        raise IndexError("index out of range")
    return i


def overflow(n):
    if n > 999:
        raise OverflowError("value too large")
    return n


def not_impl(mode):
    if mode == 2:
        raise NotImplementedError("mode 2 is not implemented")
    return mode


def raise_in_loop(n):
    total = 0
    for i in range(n):
        total += i
        if total > 20:
            raise ValueError("total exceeded 20")
    return total


def raise_always(x):
    raise RuntimeError("always fails")
