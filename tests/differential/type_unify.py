# CALL: int_then_float(3)
# CALL: int_then_float(-3)
# CALL: accumulate_half(4)
# CALL: accumulate_half(1)
# CALL: both_branches_float(5)
# CALL: both_branches_float(-5)
# CALL: divide_in_loop(100, 3)
# CALL: reassign_with_division(10)
# CALL: reassign_with_division(-7)
# CALL: mean_of_range(10)
# CALL: mean_of_range(1)
# CALL: int_float_tuple(4)

# Note: only calls for which CPython's dynamic type of the returned value is
# float are listed; a statically typed compiler unifies int and float to float.


def int_then_float(n):
    x = n
    x = x * 1.5
    return x


def accumulate_half(n):
    total = 0
    for i in range(n):
        total += 0.5
    return total


def both_branches_float(n):
    y = 0
    if n > 0:
        y = n / 2
    else:
        y = n * 0.25
    return y


def divide_in_loop(x, k):
    v = x
    for i in range(k):
        v = v / 2
    return v


def reassign_with_division(n):
    r = n
    r = r + 1
    r = r / 4
    return r


def mean_of_range(n):
    s = 0
    for i in range(n):
        s = s + i
    m = s
    m = m / n
    return m


def int_float_tuple(n):
    a = 1
    b = 1
    for i in range(n):
        a = a * 2
        b = b * 0.5
    return a, b
