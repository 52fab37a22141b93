# CALL: is_even(0)
# CALL: is_even(10)
# CALL: is_even(7)
# CALL: is_odd(7)
# CALL: is_odd(100)
# CALL: hofstadter_f(10)
# CALL: hofstadter_m(10)
# CALL: hofstadter_f(25)


def is_even(n):
    if n == 0:
        return True
    return is_odd(n - 1)


def is_odd(n):
    if n == 0:
        return False
    return is_even(n - 1)


def hofstadter_f(n):
    if n == 0:
        return 1
    return n - hofstadter_m(hofstadter_f(n - 1))


def hofstadter_m(n):
    if n == 0:
        return 0
    return n - hofstadter_f(hofstadter_m(n - 1))
