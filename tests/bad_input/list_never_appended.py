# CALL: f(1)
# ERROR: 4:5: type of this list's elements is unknown
def f(x):
    xs = []
    return xs
