# CALL: f(1)
# ERROR: 4:14: unsupported|not supported
def f(x):
    counts = {"a": x, "b": 2}
    return x
