# CALL: f(2)
# ERROR: 8:12: scale() missing 2 required positional arguments: 'x' and 'factor'
def scale(x, factor, shift=0):
    return x * factor + shift


def f(x):
    return scale(shift=x)
