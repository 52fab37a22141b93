# CALL: identity(9223372036854775807)
# CALL: identity(-9223372036854775807)
# CALL: near_max(1)
# CALL: near_max(9223372036854775806)
# CALL: halve(9223372036854775807)
# CALL: halve(-9223372036854775807)
# CALL: mod_big(9223372036854775807, 1000000007)
# CALL: mod_big(-9223372036854775807, 1000000007)
# CALL: mulmod(123456789, 987654321, 1000000007)
# CALL: mulmod(-123456789, 987654321, 1000000007)
# CALL: min_plus_one()
# CALL: big_literal_ops(3)
# CALL: shifts_of_max(9223372036854775807)
# CALL: invert_max(9223372036854775807)
# CALL: sum_large(1000000)


def identity(x):
    return x


def near_max(x):
    return 9223372036854775807 - x


def halve(x):
    return x // 2, x % 2


def mod_big(a, m):
    return a % m


def mulmod(a, b, m):
    return (a % m) * (b % m) % m


def min_plus_one():
    return -9223372036854775807 - 1 + 1


def big_literal_ops(k):
    big = 1000000000000000000
    return big * k // 7, big + big * 8, -big * 9


def shifts_of_max(x):
    return x >> 1, x >> 62, x >> 63


def invert_max(x):
    return ~x


def sum_large(n):
    s = 0
    for i in range(n):
        s += i * i
    return s
