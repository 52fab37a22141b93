# CALL: f(1)
# ERROR: 4:10: unsupported|not supported
def f(x):
    xs = [x, x + 1, x + 2]
    return x
