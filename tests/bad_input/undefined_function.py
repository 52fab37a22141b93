# CALL: f(1)
# ERROR: 4:16: not defined|undefined
def f(x):
    return x + helper(x)
