# CALL: f(1)
# ERROR: 6:18: lambda is supported in compiled code only when it is assigned to a name that is only called
def apply(function, value):
    return function(value)
def f(x):
    return apply(lambda y: y * 2, x)
