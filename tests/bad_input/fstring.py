# CALL: f(2)
# ERROR: 4:11: unsupported|not supported
def f(x):
    msg = f"x is {x}"
    return x
