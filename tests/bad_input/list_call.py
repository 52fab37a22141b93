# CALL: f(5)
# ERROR: 4:10: unsupported|not supported
def f(n):
    xs = list(range(n))
    return n
