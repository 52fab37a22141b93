# CALL: f(1)
# ERROR: 4:12: assigning to 'counter', declared global, is not supported
def f(x):
    global counter
    counter = x
    return x
