# CALL: f(2)
# ERROR: 5:9: not supported
def f(x):
    y = x * 2
    del y
    return x
