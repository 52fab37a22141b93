# CALL: f(1)
# ERROR: 4:14: not supported
def f(x):
    print(x, file=None)
    return x
