# CALL: outer(5)
# CALL: outer(-5)
# CALL: deep(3)
# CALL: deep(0)
# CALL: recursive_raise(5)
# CALL: recursive_raise(12)
# CALL: raise_after_partial(4, 2)
# CALL: raise_after_partial(4, 0)
# CALL: raise_in_while(7)
# CALL: raise_in_while(64)
# CALL: conditional_expr_raise(1)
# CALL: conditional_expr_raise(-1)


def check_positive(x):
    if x <= 0:
        raise ValueError("must be positive")
    return x


def outer(x):
    return check_positive(x) * 10


def level3(x):
    if x == 0:
        raise RuntimeError("level3 failed")
    return x + 3


def level2(x):
    return level3(x) * 2


def deep(x):
    return level2(x) + 1


def recursive_raise(n):
    if n > 10:
        raise OverflowError("recursion too deep")
    if n == 0:
        return 0
    return 1 + recursive_raise(n - 1)


def raise_after_partial(a, b):
    s = a * 2
    t = s // b
    return s + t


def raise_in_while(n):
    while n != 1:
        if n % 2 == 1:
            raise ValueError("odd value encountered")
        n = n // 2
    return n


def conditional_expr_raise(x):
    return check_positive(x) if x > 0 else check_positive(-x) * 2
