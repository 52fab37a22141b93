# CALL: f(1)
# ERROR: 4:*: syntax
def f(x):
    y = x 2
    return y
