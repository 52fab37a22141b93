# CALL: lt(1, 2)
# CALL: lt(2, 2)
# CALL: le(2, 2)
# CALL: gt(-1, -2)
# CALL: ge(-3, -2)
# CALL: eq(5, 5)
# CALL: ne(5, 5)
# CALL: eq(0.1, 0.1)
# CALL: eq(0.0, -0.0)
# CALL: lt(-7.5, -7.25)
# CALL: eq(3, 3.0)
# CALL: lt(2, 2.5)
# CALL: ge(2.5, 3)
# CALL: all_six(3, 7)
# CALL: all_six(7, 3)
# CALL: all_six(5, 5)
# CALL: sum_is(0.1, 0.2, 0.3)
# CALL: compare_bools(True, False)
# CALL: compare_bools(False, False)


def lt(a, b):
    return a < b


def le(a, b):
    return a <= b


def gt(a, b):
    return a > b


def ge(a, b):
    return a >= b


def eq(a, b):
    return a == b


def ne(a, b):
    return a != b


def all_six(a, b):
    count = 0
    if a < b:
        count += 1
    if a <= b:
        count += 10
    if a > b:
        count += 100
    if a >= b:
        count += 1000
    if a == b:
        count += 10000
    if a != b:
        count += 100000
    return count


def sum_is(a, b, c):
    return a + b == c


def compare_bools(a, b):
    return a == b
