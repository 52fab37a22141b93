# CALL: tdiv(1, 0)
# CALL: tdiv(0, 0)
# CALL: tdiv(1.5, 0.0)
# CALL: tdiv(1, 0.0)
# CALL: tdiv(1.5, 0)
# CALL: tdiv(-2.0, -0.0)
# CALL: fdiv(7, 0)
# CALL: fdiv(-7, 0)
# CALL: fdiv(7.5, 0.0)
# CALL: fdiv(7, 0.0)
# CALL: mod(7, 0)
# CALL: mod(0, 0)
# CALL: mod(7.5, 0.0)
# CALL: mod(7.5, 0)
# CALL(xfail): aug_div(5, 0)
# (`a /= b` makes `a` a float variable, as in Numba, so the message is CPython's float one.)
# CALL: aug_floordiv(5, 0)
# CALL: aug_mod(5, 0)
# CALL: div_in_loop(5)
# CALL: div_by_expr(3, 3)
# CALL: div_by_expr(3, 4)
# CALL: nonzero_ok(7, -2)


def tdiv(a, b):
    return a / b


def fdiv(a, b):
    return a // b


def mod(a, b):
    return a % b


def aug_div(a, b):
    a /= b
    return a


def aug_floordiv(a, b):
    a //= b
    return a


def aug_mod(a, b):
    a %= b
    return a


def div_in_loop(n):
    total = 0
    for i in range(n, -n, -1):
        total += 100 // i
    return total


def div_by_expr(a, b):
    return 10 / (a - b)


def nonzero_ok(a, b):
    return a / b, a // b, a % b


# CALL: divmod_both(7, 0)
# CALL: divmod_both(-7, 2)
def divmod_both(a, b):
    return a // b, a % b
