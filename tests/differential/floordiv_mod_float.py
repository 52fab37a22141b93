# CALL: fdiv(7.5, 2.0)
# CALL: fdiv(-7.5, 2.0)
# CALL: fdiv(7.5, -2.0)
# CALL: fdiv(-7.5, -2.0)
# CALL: fdiv(6.0, 3.0)
# CALL: fdiv(-6.0, 3.0)
# CALL: fdiv(0.5, 0.1)
# CALL: fdiv(-7, 2.0)
# CALL: fdiv(7.5, 2)
# CALL: mod(7.5, 2.0)
# CALL: mod(-7.5, 2.0)
# CALL: mod(7.5, -2.0)
# CALL: mod(-7.5, -2.0)
# CALL: mod(6.0, 3.0)
# CALL: mod(-6.0, 3.0)
# CALL: mod(6.0, -3.0)
# CALL: mod(0.0, -2.0)
# CALL: mod(-0.0, 2.0)
# CALL: mod(5.25, 0.5)
# CALL: mod(-1e-20, 1.0)
# CALL: mod(-7, 2.5)
# CALL: fdiv(0.0, -3.0)
# CALL: fdiv(-0.0, 3.0)
# CALL: frac_part(3.75)
# CALL: frac_part(-3.75)


def fdiv(a, b):
    return a // b


def mod(a, b):
    return a % b


def frac_part(x):
    return x % 1.0
