# CALL: f(1)
# ERROR: 4:*: syntax
def f(x):
    if x > 0
        return 1
    return 0
