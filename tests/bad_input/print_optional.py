# CALL: f(3)
# ERROR: 7:14: format spec on a value that may be None
def f(x):
    value = None
    if x > 0:
        value = x * 1.5
    print(f"{value:.2f}")
