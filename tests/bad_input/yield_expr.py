# CALL: f(3)
# ERROR: 5:9: unsupported|not supported
def f(n):
    for i in range(n):
        yield i
    return n
