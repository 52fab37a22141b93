# CALL: f(2)
# ERROR: 9:16: unsupported|not supported
def add(a, b):
    return a + b


def f(x):
    t = (x, x + 1)
    return add(*t) if x > 0 else 0
