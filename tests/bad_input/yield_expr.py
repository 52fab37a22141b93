# CALL: f(3)
# ERROR: 6:12: a generator returns no value
def f(n):
    for i in range(n):
        yield i
    return n
