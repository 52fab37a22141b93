# CALL: f(1, 2)
# ERROR: 3:1: argument
def f(x):
    return x + 1
