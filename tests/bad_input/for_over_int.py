# CALL: f(5)
# ERROR: 5:14: unsupported|not supported
def f(n):
    total = 0
    for i in n:
        total += i
    return total
