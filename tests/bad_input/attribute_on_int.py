# CALL: f(3)
# ERROR: 4:12: unsupported|not supported
def f(x):
    return x.numerator + 1
