# CALL: f(1)
# ERROR: 4:5: unsupported|not supported
def f(x):
    global counter
    counter = x
    return x
