# CALL: hypot_sq(3, 4)
# CALL: hypot_sq(-5, 12)
# CALL: compose(5)
# CALL: compose(-2)
# CALL: uses_later_def(6)
# CALL: float_helper(2.5)
# CALL: int_and_float_callers(3)
# CALL: nested_calls(2)
# CALL: helper_in_loop(5)
# CALL: helper_in_condition(9)
# CALL: helper_in_condition(10)


def square(x):
    return x * x


def hypot_sq(a, b):
    return square(a) + square(b)


def inc(x):
    return x + 1


def double(x):
    return x * 2


def compose(x):
    return double(inc(double(x)))


def uses_later_def(n):
    return defined_later(n) - 1


def defined_later(n):
    return n * n * n


def half(x):
    return x / 2.0


def float_helper(x):
    return half(x) + half(half(x))


def int_and_float_callers(n):
    # square is called with an int and with a float argument
    return square(n), square(n + 0.5)


def add3(a, b, c):
    return a + b + c


def nested_calls(x):
    return add3(square(x), add3(x, x, 1), inc(inc(x)))


def helper_in_loop(n):
    total = 0
    for i in range(n):
        total += square(i) - inc(i)
    return total


def is_odd(n):
    return n % 2 == 1


def helper_in_condition(n):
    if is_odd(n) and square(n) > 50:
        return 1
    return 0
