# CALL: f(10)
# ERROR: 5:5: unsupported|not supported
def f(n):
    found = -1
    for i in range(n):
        if i * i > n:
            found = i
            break
    else:
        found = n
    return found
