# CALL: harmonic(10)
# CALL: harmonic(1000)
# CALL: leibniz_pi(1000)
# CALL: compound(1000.0, 0.05, 10)
# CALL: trapezoid_x2(100)
# CALL: kahan_sum(1000)
# CALL: naive_sum(1000)
# CALL: geometric(0.5, 30)
# CALL: running_mean(7)
# CALL: euler_e(20)


def harmonic(n):
    s = 0.0
    for k in range(1, n + 1):
        s += 1.0 / k
    return s


def leibniz_pi(n):
    s = 0.0
    sign = 1.0
    for k in range(n):
        s += sign / (2 * k + 1)
        sign = -sign
    return 4.0 * s


def compound(principal, rate, years):
    p = principal
    for y in range(years):
        p = p * (1.0 + rate)
    return p


def trapezoid_x2(n):
    # integral of x^2 over [0, 1]
    h = 1.0 / n
    s = 0.0
    for i in range(n + 1):
        x = i * h
        w = 0.5 if i == 0 or i == n else 1.0
        s += w * x * x
    return s * h


def kahan_sum(n):
    s = 0.0
    c = 0.0
    for i in range(n):
        y = 0.1 - c
        t = s + y
        c = (t - s) - y
        s = t
    return s


def naive_sum(n):
    s = 0.0
    for i in range(n):
        s += 0.1
    return s


def geometric(r, n):
    s = 0.0
    term = 1.0
    for i in range(n):
        s += term
        term *= r
    return s


def running_mean(n):
    mean = 0.0
    for i in range(1, n + 1):
        mean += (i * i - mean) / i
    return mean


def euler_e(n):
    e = 1.0
    term = 1.0
    for k in range(1, n):
        term /= k
        e += term
    return e
