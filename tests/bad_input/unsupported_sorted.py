# CALL: f(1)
# ERROR: 4:12: unsupported|not supported
def f(x):
    return sorted(x)
