# CALL: f(2)
# ERROR: 4:12: can only concatenate str
def f(n):
    return "n = " + n
