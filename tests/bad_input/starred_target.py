# CALL: f(1)
# ERROR: 6:8: starred assignment target
def f(x):
    t = (x, 2, 3)
    total = 0
    a, *rest = t
    return a + total
