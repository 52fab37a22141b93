# CALL: f(5)
# ERROR: 5:14: object of type 'int64' has no len() (and is not iterable)
def f(n):
    total = 0
    for i in n:
        total += i
    return total
