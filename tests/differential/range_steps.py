# CALL: stepped(0, 10, 2)
# CALL: stepped(0, 10, 3)
# CALL: stepped(1, 10, 3)
# CALL: stepped(10, 0, -1)
# CALL: stepped(10, 0, -3)
# CALL: stepped(0, 10, -1)
# CALL: stepped(10, 0, 1)
# CALL: stepped(-5, 5, 5)
# CALL: stepped(5, -5, -5)
# CALL: stepped(-1, -10, -4)
# CALL: stepped(0, 0, 1)
# CALL: stepped(3, 4, 100)
# CALL: count(0, 100, 7)
# CALL: count(100, 0, -7)
# CALL: count(-100, 100, 1)
# CALL: count(5, 5, -1)
# CALL: last_value(20, 3, -4)
# CALL: countdown_product(5)
# CALL: evens_sum(20)


def stepped(start, stop, step):
    total = 0
    weight = 1
    for i in range(start, stop, step):
        total += i * weight
        weight += 1
    return total


def count(start, stop, step):
    c = 0
    for i in range(start, stop, step):
        c += 1
    return c


def last_value(start, stop, step):
    last = -1000
    for i in range(start, stop, step):
        last = i
    return last


def countdown_product(n):
    p = 1
    for i in range(n, 0, -1):
        p = p * 10 + i
    return p


def evens_sum(n):
    s = 0
    for i in range(0, n + 1, 2):
        s += i
    return s


# CALL: stepped_zero(0, 10, 0)
# CALL: stepped_zero(10, 0, 0)
def stepped_zero(start, stop, step):
    total = 0
    for i in range(start, stop, step):
        total += i
    return total
