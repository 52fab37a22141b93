# CALL: f(3)
# ERROR: 9:14: 'counts' is a generator: rumba runs generators called from Python
def counts(n):
    for i in range(n):
        yield i


def f(n):
    for i in counts(n):
        n += i
    return n
