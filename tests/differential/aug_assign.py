# CALL: all_int_ops(10)
# CALL: all_int_ops(-7)
# CALL: all_int_ops(0)
# CALL: float_ops(2.5)
# CALL: float_ops(-7.5)
# CALL: true_div_aug(7)
# CALL: true_div_aug(-3)
# CALL: pow_aug(3)
# CALL: bit_aug(1000)
# CALL: bit_aug(-1000)
# CALL: accumulate(10)
# CALL: accumulate(1)


def all_int_ops(x):
    x += 5
    x -= 2
    x *= 3
    x //= 4
    x %= 7
    return x


def float_ops(x):
    x += 1.25
    x -= 0.5
    x *= -2.0
    x //= 3.0
    x %= 2.5
    return x


def true_div_aug(n):
    x = n
    x /= 4
    return x


def pow_aug(n):
    x = n
    x **= 3
    x **= 2
    return x


def bit_aug(x):
    x &= 4095
    x |= 65536
    x ^= 255
    x <<= 3
    x >>= 2
    return x


def accumulate(n):
    total = 0
    prod = 1
    for i in range(1, n + 1):
        total += i
        prod *= i
    return total, prod
