# CALL: shadow_param(5)
# CALL: reuse_name(4)
# CALL: loop_var_persists(6)
# CALL: swap_via_temp(3, 8)
# CALL: same_local_names(3)
# CALL: param_reassign_in_loop(10)
# CALL: many_locals(2)


def shadow_param(x):
    x = x * 2
    x = x + 1
    return x


def reuse_name(n):
    t = n + 1
    r = t * 2
    t = r - 3
    return t


def loop_var_persists(n):
    count = 0
    for i in range(n):
        count += 1
    for j in range(i, 100, 10):
        count += 1
    return i, j, count


def swap_via_temp(a, b):
    tmp = a
    a = b
    b = tmp
    return a - b


def helper(n):
    total = 0
    i = 100
    total = total + n + i
    return total


def same_local_names(n):
    total = 5
    i = 7
    r = helper(n)
    return total + i + r


def param_reassign_in_loop(n):
    steps = 0
    while n > 1:
        n = n - 3
        steps += 1
    return steps, n


def many_locals(x):
    a = x + 1
    b = a * 2
    c = b - x
    d = c * c
    e = d // 3
    f = e % 5
    g = a + b + c + d + e + f
    return g
