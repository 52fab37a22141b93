"""A list of n ints grown by `append`, then summed by index (issue 15's list-append loop)."""
from numba import njit


@njit
def list_append(n):
    items = []
    for i in range(n):
        items.append(i * 7 % 1000)
    total = 0
    for i in range(len(items)):
        total += items[i]
    return total
