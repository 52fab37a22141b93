# CALL: f(1)
# ERROR: 5:12: type
def f(x):
    t = (x, 2)
    return x + t
