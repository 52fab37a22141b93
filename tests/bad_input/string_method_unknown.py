# CALL: f(2)
# ERROR: 5:12: the string method 'casefold' is not supported
def f(n):
    s = str(n)
    return s.casefold()
