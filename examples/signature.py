# Seed 000: an explicit signature, float64(int32, int32) or f8(i4, i4).
def f(x, y):
    # A somewhat trivial example
    return (x + y) / 3.14
