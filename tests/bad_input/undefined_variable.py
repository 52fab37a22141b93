# CALL: f(1)
# ERROR: 5:16: not defined|undefined
def f(x):
    total = x * 2
    return x + totl
