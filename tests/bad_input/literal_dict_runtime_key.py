# CALL: f(1)
# ERROR: 5:14: a dict of values of different types (Numba's literal dict) is read with constant string keys, not int64
def f(key):
    d = {"a": 1, "b": "text"}
    return d[key]
