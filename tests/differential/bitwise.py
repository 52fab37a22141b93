# CALL: band(12, 10)
# CALL: band(-1, 255)
# CALL: band(-8, 7)
# CALL: bor(12, 10)
# CALL: bor(-16, 5)
# CALL: bxor(12, 10)
# CALL: bxor(-1, 85)
# CALL: shl(1, 10)
# CALL: shl(1, 62)
# CALL: shl(-3, 4)
# CALL: shl(0, 63)
# CALL: shr(1024, 3)
# CALL: shr(-17, 2)
# CALL: shr(-1, 40)
# CALL: shr(7, 63)
# CALL: shr(9223372036854775807, 62)
# CALL: popcount(0)
# CALL: popcount(255)
# CALL: popcount(1099511627775)
# CALL: low_bits(1234567, 8)
# CALL: is_power_of_two(64)
# CALL: is_power_of_two(96)
# CALL: is_power_of_two(1)
# CALL: mix(123456789)


def band(a, b):
    return a & b


def bor(a, b):
    return a | b


def bxor(a, b):
    return a ^ b


def shl(a, b):
    return a << b


def shr(a, b):
    return a >> b


def popcount(n):
    count = 0
    while n:
        count += n & 1
        n >>= 1
    return count


def low_bits(x, k):
    return x & ((1 << k) - 1)


def is_power_of_two(n):
    return n > 0 and n & (n - 1) == 0


def mix(x):
    x = x ^ (x >> 13)
    x = (x << 3) & 4294967295
    x = x | (x >> 7)
    return x ^ 2654435761
