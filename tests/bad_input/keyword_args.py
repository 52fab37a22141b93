# CALL: f(2)
# ERROR: 8:21: unsupported|not supported
def scale(x, factor):
    return x * factor


def f(x):
    return scale(x, factor=3)
