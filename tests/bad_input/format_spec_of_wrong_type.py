# CALL: f(1.5)
# ERROR: 4:14: Unknown format code 'd' for object of type 'float'
def f(x):
    print(f"{x:5d}")
    return x
