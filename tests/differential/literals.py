# CALL: int_literals()
# CALL: float_literals()
# CALL: bool_literals()
# CALL: literal_arith(2)
# CALL: negative_literals()
# CALL: const_folded()


def int_literals():
    return 0xFF, 0o17, 0b1010, 1_000_000, 0


def float_literals():
    return 1.5e3, 0.5, 2.0, 1e2, 3.14159, 1_000.25


def bool_literals():
    return True, False, not True


def literal_arith(x):
    return x * 0x10 + 0b11 - 0o7


def negative_literals():
    return -1, -2.5, -0.0, -(-3)


def const_folded():
    a = 2 ** 10
    b = 7 // -2
    c = -7 % 3
    d = 1 / 8
    return a, b, c, d


# CALL: documented(3)
def documented(x):
    """A docstring is a statement that does nothing."""
    "and so is any other bare string"
    return x + 1
