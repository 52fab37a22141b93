# CALL: f(1)
# ERROR: 4:15: not supported
def f(x):
    counts = {"a": x, "b": 2}
    return x
