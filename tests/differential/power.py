# CALL: ipow(2, 10)
# CALL: ipow(-3, 3)
# CALL: ipow(-3, 4)
# CALL: ipow(5, 0)
# CALL: ipow(0, 0)
# CALL: ipow(0, 5)
# CALL: ipow(2, 62)
# CALL: ipow(3, 39)
# CALL: ipow(-1, 9999)
# CALL: square_plus_cube(7)
# CALL: inv(2)
# CALL: inv(-4)
# CALL: inv(1)
# CALL(approx): inv(3)
# CALL: inv_sq(2)
# CALL: inv_sq(-8)
# CALL(approx): inv_sq(10)
# CALL: fpow_int(1.5, 2)
# CALL(approx): fpow_int(1.1, 3)
# CALL: fpow_int(-2.0, 3)
# CALL: fpow_int(2.5, 0)
# CALL: fpow_neg_const(4.0)
# CALL: fpow_neg_const(-0.5)
# CALL(approx): fpow_float(2.0, 0.5)
# CALL(approx): fpow_float(10.0, -1.5)
# CALL: fpow_float(4.0, 0.5)
# CALL: fpow_float(8.0, 2.0)
# CALL: right_assoc(2)
# CALL: neg_base_precedence(3)


def ipow(a, b):
    return a ** b


def square_plus_cube(n):
    return n ** 2 + n ** 3


def inv(n):
    return n ** -1


def inv_sq(n):
    return n ** -2


def fpow_int(x, n):
    return x ** n


def fpow_neg_const(x):
    return x ** -2


def fpow_float(x, y):
    return x ** y


def right_assoc(n):
    # ** is right-associative: n ** (3 ** 2) == n ** 9
    return n ** 3 ** 2


def neg_base_precedence(n):
    # -n ** 2 parses as -(n ** 2)
    return -n ** 2
