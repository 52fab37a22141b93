# CALL: f(1)
# ERROR: 4:14: list holds items of one type
def f(x):
    xs = [x, (x, x)]
    return len(xs)
