# CALL: collatz_steps(1)
# CALL: collatz_steps(27)
# CALL: collatz_steps(97)
# CALL: digit_sum(0)
# CALL: digit_sum(987654321)
# CALL: digit_sum(9223372036854775807)
# CALL: isqrt(0)
# CALL: isqrt(15)
# CALL: isqrt(16)
# CALL: isqrt(1000000007)
# CALL: reverse_digits(12345)
# CALL: reverse_digits(1200)
# CALL: countdown_sum(10)
# CALL: countdown_sum(0)
# CALL: countdown_sum(-5)
# CALL: halve_until(100.0, 1.0)
# CALL: halve_until(0.5, 1.0)


def collatz_steps(n):
    steps = 0
    while n != 1:
        if n % 2 == 0:
            n = n // 2
        else:
            n = 3 * n + 1
        steps += 1
    return steps


def digit_sum(n):
    s = 0
    while n > 0:
        s += n % 10
        n //= 10
    return s


def isqrt(n):
    r = 0
    while (r + 1) * (r + 1) <= n:
        r += 1
    return r


def reverse_digits(n):
    r = 0
    while n:
        r = r * 10 + n % 10
        n = n // 10
    return r


def countdown_sum(n):
    total = 0
    while n > 0:
        total += n
        n -= 1
    return total


def halve_until(x, limit):
    count = 0
    while x >= limit:
        x /= 2.0
        count += 1
    return count, x
