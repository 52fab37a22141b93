# CALL: abs_val(5)
# CALL: abs_val(-5)
# CALL: abs_val(0)
# CALL: max2(3, 9)
# CALL: max2(-3, -9)
# CALL: max2(2.5, -7.5)
# CALL: sign3(10)
# CALL: sign3(-10)
# CALL: sign3(0)
# CALL: parity_name(7)
# CALL: parity_name(8)
# CALL: only_one_branch_evaluated(0)
# CALL: only_one_branch_evaluated(4)
# CALL: in_arith(3)
# CALL: in_arith(-3)
# CALL: as_condition(1, 2)
# CALL: as_condition(2, 1)


def abs_val(x):
    return x if x >= 0 else -x


def max2(a, b):
    return a if a > b else b


def sign3(x):
    return 1 if x > 0 else (-1 if x < 0 else 0)


def parity_name(n):
    return 0 if n % 2 == 0 else 1


def only_one_branch_evaluated(x):
    return 100 // x if x != 0 else -1


def in_arith(x):
    return 10 + (x * 2 if x > 0 else x * 3) * 100


def as_condition(a, b):
    if (a if a > b else b) == 2:
        return True
    return False
