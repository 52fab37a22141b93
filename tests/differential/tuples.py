# CALL: pair(3, 4)
# CALL: pair(-1, 2.5)
# CALL: swap(1, 2)
# CALL: swap(-7.5, 0.5)
# CALL: literal_tuple()
# CALL: index_tuple(5)
# CALL: min_max(3, 9)
# CALL: min_max(9, 3)
# CALL: rotate3(1, 2, 3)
# CALL: mixed_types(7)
# CALL: single_element(4)
# CALL: fib_pair(10)
# CALL: fib_pair(0)
# CALL: tuple_with_bool(5)
# CALL: tuple_with_bool(-5)


def pair(a, b):
    return a, b


def swap(x, y):
    x, y = y, x
    return x, y


def literal_tuple():
    t = (1, 2.5)
    return t


def index_tuple(n):
    t = (n, n * 2, n * 3)
    return t[0] + t[1] * t[2]


def min_max(a, b):
    if a < b:
        return a, b
    return b, a


def rotate3(a, b, c):
    a, b, c = b, c, a
    return (a, b, c)


def mixed_types(n):
    t = (n, n / 2, n > 3)
    return t[1], t[2], t[0]


def single_element(n):
    return (n,)


def fib_pair(n):
    a, b = 0, 1
    for i in range(n):
        a, b = b, a + b
    return a, b


def tuple_with_bool(x):
    return x > 0, x
