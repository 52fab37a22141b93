# CALL: div(7, 2)
# CALL: div(-7, 2)
# CALL: div(6, 3)
# CALL: div(1, 3)
# CALL: div(0, 5)
# CALL: div(0, -5)
# CALL: div(-1, 3)
# CALL: div(7.5, -2.5)
# CALL: div(1, 3.0)
# CALL: div(2.0, 7)
# CALL: average(10, 4)
# CALL: average(3, -4)
# CALL: ratio_sum(4)


def div(a, b):
    return a / b


def average(a, b):
    return (a + b) / 2


def ratio_sum(n):
    total = 0.0
    for i in range(1, n + 1):
        total += i / (i + 1)
    return total
