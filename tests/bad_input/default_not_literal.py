# CALL: f(2)
# ERROR: 6:21: default parameter values other than literal
K = 3


def scale(x, factor=K + 1):
    return x * factor


def f(x):
    return scale(x)
