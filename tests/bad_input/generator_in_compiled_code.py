# CALL: f(3)
# ERROR: 9:15: 'counts' is a generator: compiled code runs one as the iterable of a `for` loop
def counts(n):
    for i in range(n):
        yield i


def f(n):
    numbers = counts(n)
    return next(numbers)
