# CALL: fib(0)
# CALL: fib(1)
# CALL: fib(20)
# CALL: gcd(48, 18)
# CALL: gcd(17, 5)
# CALL: gcd(0, 9)
# CALL: gcd(-48, 18)
# CALL: factorial(0)
# CALL: factorial(10)
# CALL: factorial(20)
# CALL: ackermann(2, 3)
# CALL: ackermann(3, 3)
# CALL: power_rec(3, 13)
# CALL: power_rec(-2, 7)
# CALL: sum_digits_rec(99999)
# CALL: binom(10, 5)
# CALL: binom(20, 0)
# CALL: hanoi_moves(10)
# CALL: float_rec(5)


def fib(n):
    if n < 2:
        return n
    return fib(n - 1) + fib(n - 2)


def gcd(a, b):
    if b == 0:
        return a
    return gcd(b, a % b)


def factorial(n):
    if n <= 1:
        return 1
    return n * factorial(n - 1)


def ackermann(m, n):
    if m == 0:
        return n + 1
    if n == 0:
        return ackermann(m - 1, 1)
    return ackermann(m - 1, ackermann(m, n - 1))


def power_rec(b, e):
    if e == 0:
        return 1
    half = power_rec(b, e // 2)
    if e % 2 == 0:
        return half * half
    return half * half * b


def sum_digits_rec(n):
    if n < 10:
        return n
    return n % 10 + sum_digits_rec(n // 10)


def binom(n, k):
    if k == 0 or k == n:
        return 1
    return binom(n - 1, k - 1) + binom(n - 1, k)


def hanoi_moves(n):
    if n == 0:
        return 0
    return 2 * hanoi_moves(n - 1) + 1


def float_rec(n):
    if n == 0:
        return 1.0
    return float_rec(n - 1) / 2.0 + 1.0
