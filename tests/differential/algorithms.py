# CALL: newton_isqrt(0)
# CALL: newton_isqrt(1)
# CALL: newton_isqrt(99)
# CALL: newton_isqrt(1000000000000)
# CALL: is_prime(1)
# CALL: is_prime(2)
# CALL: is_prime(7919)
# CALL: is_prime(7921)
# CALL: sum_divisors(28)
# CALL: sum_divisors(12)
# CALL: modpow(2, 100, 1000000007)
# CALL: modpow(3, 0, 7)
# CALL: modpow(7, 123456, 13)
# CALL: lcm(4, 6)
# CALL: lcm(21, 6)
# CALL: binary_search_sqrt(2.0)
# CALL: binary_search_sqrt(10.0)
# CALL: digital_root(987654321)
# CALL: perfect_numbers_below(10000)
# CALL: triangular_root(5050)
# CALL: triangular_root(5051)


def newton_isqrt(n):
    if n < 2:
        return n
    x = n
    y = (x + 1) // 2
    while y < x:
        x = y
        y = (x + n // x) // 2
    return x


def is_prime(n):
    if n < 2:
        return False
    if n % 2 == 0:
        return n == 2
    d = 3
    while d * d <= n:
        if n % d == 0:
            return False
        d += 2
    return True


def sum_divisors(n):
    s = 0
    for d in range(1, n):
        if n % d == 0:
            s += d
    return s


def modpow(b, e, m):
    result = 1
    b = b % m
    while e > 0:
        if e & 1:
            result = result * b % m
        b = b * b % m
        e >>= 1
    return result


def gcd(a, b):
    while b:
        a, b = b, a % b
    return a


def lcm(a, b):
    return a // gcd(a, b) * b


def binary_search_sqrt(x):
    lo = 0.0
    hi = max(x, 1.0)
    for i in range(60):
        mid = (lo + hi) / 2.0
        if mid * mid < x:
            lo = mid
        else:
            hi = mid
    return lo


def digital_root(n):
    while n >= 10:
        s = 0
        while n > 0:
            s += n % 10
            n //= 10
        n = s
    return n


def perfect_numbers_below(limit):
    count = 0
    total = 0
    for n in range(2, limit):
        s = 1
        d = 2
        while d * d <= n:
            if n % d == 0:
                s += d
                if d * d != n:
                    s += n // d
            d += 1
        if s == n:
            count += 1
            total += n
    return count, total


def triangular_root(t):
    k = 0
    acc = 0
    while acc < t:
        k += 1
        acc += k
    if acc == t:
        return k
    return -1
