# CALL: no_return(5)
# CALL: bare_return(5)
# CALL: bare_return(-5)
# CALL: explicit_none(1)
# CALL: calls_none_helper(4)
# CALL: loop_then_fall_off(3)
# CALL: validate_or_none(3)
# CALL: validate_or_none(-3)


def no_return(x):
    y = x * 2


def bare_return(x):
    if x > 0:
        return
    y = x + 1


def explicit_none(x):
    return None


def helper(x):
    y = x + 1


def calls_none_helper(n):
    helper(n)
    helper(n * 2)
    return n * 3


def loop_then_fall_off(n):
    total = 0
    for i in range(n):
        total += i


def validate_or_none(x):
    if x < 0:
        raise ValueError("negative")
