# CALL: first_multiple(10, 7)
# CALL: first_multiple(5, 7)
# CALL: sum_skip_multiples(20, 3)
# CALL: sum_skip_multiples(0, 3)
# CALL: while_true_break(1)
# CALL: while_true_break(1000)
# CALL: continue_in_while(10)
# CALL: break_after_continue(30)
# CALL: search_pair(20)
# CALL: search_pair(3)
# CALL: break_negative_step(50)


def first_multiple(n, k):
    found = -1
    for i in range(1, n + 1):
        if i % k == 0:
            found = i
            break
    return found


def sum_skip_multiples(n, k):
    s = 0
    for i in range(n):
        if i % k == 0:
            continue
        s += i
    return s


def while_true_break(x):
    steps = 0
    while True:
        x = x * 3
        steps += 1
        if x > 500:
            break
    return steps, x


def continue_in_while(n):
    i = 0
    s = 0
    while i < n:
        i += 1
        if i % 2 == 1:
            continue
        s += i
    return s


def break_after_continue(n):
    s = 0
    for i in range(n):
        if i % 3 == 0:
            continue
        if i > 20:
            break
        s += i
    return s


def search_pair(limit):
    # break only exits the inner loop
    hits = 0
    for a in range(1, limit):
        for b in range(a, limit):
            if a * b > limit:
                break
            if (a + b) % 5 == 0:
                hits += 1
    return hits


def break_negative_step(n):
    last = 0
    for i in range(n, -n, -7):
        if i < 0:
            break
        last = i
    return last
