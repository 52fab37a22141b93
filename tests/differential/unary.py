# CALL: neg(5)
# CALL: neg(-5)
# CALL: neg(0)
# CALL: neg(-9223372036854775807)
# CALL: neg(2.5)
# CALL: neg(-0.0)
# CALL: double_neg(7)
# CALL: invert(0)
# CALL: invert(5)
# CALL: invert(-1)
# CALL: invert(-256)
# CALL: invert_twice(12345)
# CALL: logical_not(0)
# CALL: logical_not(3)
# CALL: logical_not(-1)
# CALL: logical_not(0.0)
# CALL: logical_not(-0.5)
# CALL: logical_not(True)
# CALL: logical_not(False)
# CALL: not_cmp(3, 4)
# CALL: not_cmp(4, 3)
# CALL: not_not(7)
# CALL: not_not(0)


def neg(x):
    return -x


def double_neg(x):
    return -(-x)


def invert(x):
    return ~x


def invert_twice(x):
    return ~~x


def logical_not(x):
    return not x


def not_cmp(a, b):
    return not a < b


def not_not(x):
    return not not x
