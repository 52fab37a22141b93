# CALL: f(2)
# ERROR: 6:12: returning function[f.inner] is not supported yet
def f(x):
    def inner(y):
        return y * 2
    return inner
