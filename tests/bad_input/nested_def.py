# CALL: f(2)
# ERROR: 4:5: unsupported|not supported
def f(x):
    def inner(y):
        return y * 2
    return inner(x)
