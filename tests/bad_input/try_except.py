# CALL: f(1)
# ERROR: 4:5: unsupported|not supported
def f(x):
    try:
        y = 10 // x
    except ZeroDivisionError:
        y = 0
    return y
