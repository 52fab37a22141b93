# CALL: f(1)
# ERROR: 4:12: unsupported|not supported|string
def f(x):
    return "hello"
