# CALL: find_divisor(91)
# CALL: find_divisor(97)
# CALL: find_divisor(4)
# CALL: first_square_above(50)
# CALL: first_square_above(-1)
# CALL: return_in_while(10)
# CALL: return_in_while(-10)
# CALL: return_in_nested(4, 6)
# CALL: return_in_nested(3, 3)
# CALL: guard_clauses(-1)
# CALL: guard_clauses(0)
# CALL: guard_clauses(5)
# CALL: guard_clauses(500)
# CALL: return_float_from_loop(5)
# CALL: return_float_from_loop(0)


def find_divisor(n):
    for d in range(2, n):
        if n % d == 0:
            return d
    return n


def first_square_above(x):
    i = 0
    while True:
        if i * i > x:
            return i
        i += 1


def return_in_while(n):
    i = 0
    while i < n:
        if i * 3 > n:
            return i
        i += 1
    return -1


def return_in_nested(a, b):
    for i in range(1, 10):
        for j in range(1, 10):
            if i * a == j * b:
                return i, j
    return 0, 0


def guard_clauses(x):
    if x < 0:
        return -1
    if x == 0:
        return 0
    if x > 100:
        return 100
    return x * 2


def return_float_from_loop(n):
    acc = 1.0
    for i in range(n):
        acc *= 1.5
        if acc > 5.0:
            return acc
    return -acc
