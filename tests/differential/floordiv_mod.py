# CALL: fdiv(7, 2)
# CALL: fdiv(-7, 2)
# CALL: fdiv(7, -2)
# CALL: fdiv(-7, -2)
# CALL: fdiv(6, 3)
# CALL: fdiv(-6, 3)
# CALL: fdiv(0, -3)
# CALL: fdiv(-1, 1000)
# CALL: fdiv(9223372036854775807, -2)
# CALL: mod(7, 3)
# CALL: mod(-7, 3)
# CALL: mod(7, -3)
# CALL: mod(-7, -3)
# CALL: mod(6, -3)
# CALL: mod(0, 5)
# CALL: mod(-1, 9223372036854775807)
# CALL: divmod_pair(-17, 5)
# CALL: divmod_pair(17, -5)
# CALL: divmod_pair(-17, -5)
# CALL: identity_holds(-23, 7)
# CALL: identity_holds(23, -7)
# CALL: last_digit(-1234)
# CALL: last_digit(98765)


def fdiv(a, b):
    return a // b


def mod(a, b):
    return a % b


def divmod_pair(a, b):
    return a // b, a % b


def identity_holds(a, b):
    return (a // b) * b + a % b == a


def last_digit(n):
    return n % 10
