# CALL: f(1.0)
# ERROR: 11:12: returning function[square] is not supported yet
def square(x):
    return x * x


def f(x):
    g = square
    if x > 0:
        return square(x)
    return g
