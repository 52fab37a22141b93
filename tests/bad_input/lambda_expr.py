# CALL: f(1)
# ERROR: 4:14: unsupported|not supported
def f(x):
    double = lambda y: y * 2
    return x
