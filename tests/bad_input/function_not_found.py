# CALL: g(1)
# ERROR: *:*: not found
def f(x):
    return x + 1
