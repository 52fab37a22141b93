# CALL: f(1)
# ERROR: 9:9: 'finally' is not supported
def f(x):
    try:
        y = 10 // x
    except Exception:
        y = 0
    finally:
        x = 2
    return y
