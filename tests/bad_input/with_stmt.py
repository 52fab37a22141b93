# CALL: f(1)
# ERROR: 4:5: unsupported|not supported
def f(x):
    with open("data.txt") as fh:
        x = x + 1
    return x
