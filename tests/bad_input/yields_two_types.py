# CALL: f(3)
# ERROR: 5:5: this yields unicode_type but another yield gives int64
def f(n):
    yield n
    yield str(n)
