# CALL: f(1)
# ERROR: 5:5: append() would change a list of items of different types
def f(x):
    xs = [x, (x, x)]
    xs.append(x)
    return len(xs)
