"""A list made from an array by a comprehension, sorted in place (issue 15's list sort)."""
from numba import njit


@njit
def list_sort(a):
    items = [v for v in a]
    items.sort()
    return items[0] + items[len(items) // 2] + items[-1]
