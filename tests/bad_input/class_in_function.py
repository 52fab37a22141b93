# CALL: f(1)
# ERROR: 4:5: unsupported|not supported
def f(x):
    class Point:
        y = 2
    return x
