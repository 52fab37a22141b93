# CALL: in_range(5, 1, 10)
# CALL: in_range(1, 1, 10)
# CALL: in_range(10, 1, 10)
# CALL: in_range(-3, 1, 10)
# CALL: in_range(2.5, 2, 3)
# CALL: strictly_increasing(1, 2, 3)
# CALL: strictly_increasing(1, 3, 2)
# CALL: strictly_increasing(2, 2, 3)
# CALL: four_chain(1, 2, 2, 3)
# CALL: four_chain(1, 2, 3, 3)
# CALL: mixed_chain(3, 3, 5)
# CALL: mixed_chain(3, 4, 5)
# CALL: eq_chain(7, 7, 7)
# CALL: eq_chain(7, 7, 8)
# CALL: ne_chain(1, 2, 1)
# CALL: middle_evaluated_once(4)
# CALL: middle_evaluated_once(-4)
# CALL: middle_evaluated_once(5)
# CALL: chain_in_if(15)
# CALL: chain_in_if(50)
# CALL: chain_in_if(-50)


def in_range(x, lo, hi):
    return lo <= x <= hi


def strictly_increasing(a, b, c):
    return a < b < c


def four_chain(a, b, c, d):
    return a < b <= c < d


def mixed_chain(a, b, c):
    return a == b < c


def eq_chain(a, b, c):
    return a == b == c


def ne_chain(a, b, c):
    # a != b != c does not compare a with c
    return a != b != c


def square(x):
    return x * x


def middle_evaluated_once(x):
    return 0 < square(x) < 20


def chain_in_if(x):
    if 0 <= x < 10:
        return 1
    elif 10 <= x < 20:
        return 2
    elif -100 < x < 0:
        return 3
    return 4
