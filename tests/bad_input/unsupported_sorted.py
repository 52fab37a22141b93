# CALL: f(1)
# ERROR: 4:12: not iterable
def f(x):
    return sorted(x)
