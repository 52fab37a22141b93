# CALL: f(2)
# ERROR: 4:5: unsupported|not supported
def f(x):
    assert x > 0
    return x
