# CALL: f(2)
# ERROR: 8:21: scale() got an unexpected keyword argument 'fator'
def scale(x, factor=2):
    return x * factor


def f(x):
    return scale(x, fator=3)
