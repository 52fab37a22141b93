# CALL: f(2)
# ERROR: 4:5: nested function definition (one that is only called
def f(x):
    def inner(y):
        return y * x
    return inner
