# CALL: f(4.0)
# ERROR: 4:5: unsupported|not supported
def f(x):
    import math
    return math.sqrt(x)
