# CALL: both(True, True)
# CALL: both(True, False)
# CALL: either(False, False)
# CALL: either(False, True)
# CALL: xor_bool(True, False)
# CALL: xor_bool(True, True)
# CALL: range_check(5)
# CALL: range_check(-5)
# CALL: range_check(50)
# CALL: safe_div_check(0)
# CALL: safe_div_check(3)
# CALL: safe_div_check(20)
# CALL: short_circuit_or(0)
# CALL: short_circuit_or(5)
# CALL: precedence(True, False, True)
# CALL: precedence(False, False, True)
# CALL: precedence(False, True, False)
# CALL: and_value(3, 5)
# CALL: and_value(0, 5)
# CALL: or_value(0, 7)
# CALL: or_value(-2, 7)
# CALL: or_value(0.0, 2.5)
# CALL: default_if_zero(0)
# CALL: default_if_zero(42)
# CALL: bool_bitops(3, -3)
# CALL: bool_bitops(-3, -3)
# CALL: bool_bitops(3, 3)


def both(a, b):
    return a and b


def either(a, b):
    return a or b


def xor_bool(a, b):
    return (a or b) and not (a and b)


def range_check(x):
    return x > 0 and x < 10


def safe_div_check(x):
    # must not evaluate 100 // x when x == 0
    return x != 0 and 100 // x > 10


def short_circuit_or(x):
    return x == 0 or 100 % x == 0


def precedence(a, b, c):
    # not binds tighter than and, which binds tighter than or
    return not a or b and c


def and_value(a, b):
    return a and b


def or_value(a, b):
    return a or b


def default_if_zero(x):
    return x or -1


def bool_bitops(a, b):
    p = a > 0
    q = b > 0
    return p & q, p | q, p ^ q
