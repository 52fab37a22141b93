# CALL: f(3)
# ERROR: 9:14: 'counts' is a generator: compiled code runs one only as the iterable of a `for` loop without `break`
def counts(n):
    for i in range(n):
        yield i


def f(n):
    for i in counts(n):
        if i > 1:
            break
    return n
