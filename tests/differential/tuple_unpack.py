# CALL: divmod_user(17, 5)
# CALL: divmod_user(-17, 5)
# CALL: sum_of_parts(10, 3)
# CALL: unpack_call(3.5)
# CALL: stats(2, 4, 9)
# CALL: negative_index(6)
# CALL: pass_through(4, 5)
# CALL: loop_tuple_state(6)
# CALL: nested_return(3)


def divmod_user(a, b):
    q = a // b
    r = a % b
    return q, r


def sum_of_parts(a, b):
    q, r = divmod_user(a, b)
    return q * b + r


def split_float(x):
    whole = x // 1.0
    return whole, x - whole


def unpack_call(x):
    w, f = split_float(x)
    return f, w


def stats(a, b, c):
    lo = min(a, b, c)
    hi = max(a, b, c)
    mean = (a + b + c) / 3
    return lo, hi, mean


def negative_index(n):
    t = (n, n + 1, n + 2)
    return t[-1] - t[-3]


def pass_through(a, b):
    t = divmod_user(a * 10, b)
    return t


def loop_tuple_state(n):
    lo, hi = 0, 100
    for i in range(n):
        mid = (lo + hi) // 2
        if mid * mid > 50:
            hi = mid
        else:
            lo = mid
    return lo, hi


def inner_pair(n):
    return n, n * n


def nested_return(n):
    a, b = inner_pair(n)
    c, d = inner_pair(b)
    return a + b + c + d
