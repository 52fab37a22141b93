# CALL: sum_to(10)
# CALL: sum_to(0)
# CALL: sum_to(-5)
# CALL: sum_to(1)
# CALL: sum_between(3, 8)
# CALL: sum_between(8, 3)
# CALL: sum_between(-5, 5)
# CALL: sum_squares(100)
# CALL: last_index(7)
# CALL: count_multiples(100, 7)
# CALL: range_of_expr(3, 4)
# CALL: loop_var_after(5)
# CALL: modify_loop_var(5)
# CALL: float_sum(10)


def sum_to(n):
    total = 0
    for i in range(n):
        total += i
    return total


def sum_between(a, b):
    total = 0
    for i in range(a, b):
        total += i
    return total


def sum_squares(n):
    s = 0
    for k in range(n):
        s += k * k
    return s


def last_index(n):
    last = -1
    for i in range(n):
        last = i
    return last


def count_multiples(n, k):
    c = 0
    for i in range(1, n + 1):
        if i % k == 0:
            c += 1
    return c


def range_of_expr(a, b):
    total = 0
    for i in range(a * b - 2):
        total += 1
    return total


def loop_var_after(n):
    # the loop variable keeps its last value after the loop
    total = 0
    for i in range(n):
        total += i
    return i * 1000 + total


def modify_loop_var(n):
    # assigning to the loop variable does not affect iteration
    total = 0
    for i in range(n):
        total += i
        i = 100
    return total


def float_sum(n):
    s = 0.0
    for i in range(n):
        s += 0.1
    return s
