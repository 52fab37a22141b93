# CALL: f(4)
# ERROR: 6:19: a sort with key= is supported
def f(n):
    items = [[i % 3 for i in range(n)]]
    # The key sorts a list a variable names; this one is an item of another list.
    items[0].sort(key=lambda v: -v)
    return items[0][0]
