# CALL: sign(5)
# CALL: sign(-5)
# CALL: sign(0)
# CALL: sign(-0.5)
# CALL: grade(95)
# CALL: grade(85)
# CALL: grade(75)
# CALL: grade(65)
# CALL: grade(10)
# CALL: clamp(15, 0, 10)
# CALL: clamp(-15, 0, 10)
# CALL: clamp(5, 0, 10)
# CALL: nested(1, 1)
# CALL: nested(1, -1)
# CALL: nested(-1, 1)
# CALL: nested(-1, -1)
# CALL: truthy_int(0)
# CALL: truthy_int(-3)
# CALL: truthy_float(0.0)
# CALL: truthy_float(1e-3)
# CALL: assign_in_branches(4)
# CALL: assign_in_branches(-4)


def sign(x):
    if x > 0:
        return 1
    elif x < 0:
        return -1
    else:
        return 0


def grade(score):
    if score >= 90:
        g = 4
    elif score >= 80:
        g = 3
    elif score >= 70:
        g = 2
    elif score >= 60:
        g = 1
    else:
        g = 0
    return g


def clamp(x, lo, hi):
    if x < lo:
        x = lo
    if x > hi:
        x = hi
    return x


def nested(a, b):
    if a > 0:
        if b > 0:
            return 1
        else:
            return 2
    else:
        if b > 0:
            return 3
        return 4


def truthy_int(n):
    if n:
        return 10
    return 20


def truthy_float(x):
    if x:
        return True
    return False


def assign_in_branches(x):
    if x % 2 == 0:
        y = x * 10
        z = 1
    else:
        y = x - 1
        z = 2
    return y + z
