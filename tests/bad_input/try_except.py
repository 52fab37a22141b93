# CALL: f(1)
# ERROR: 6:12: catching a particular exception class is not supported
def f(x):
    try:
        y = 10 // x
    except ZeroDivisionError:
        y = 0
    return y
