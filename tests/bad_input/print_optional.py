# CALL: f(3)
# ERROR: 7:11: cannot be formatted
def f(x):
    value = None
    if x > 0:
        value = x
    print(value)
