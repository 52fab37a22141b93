"""A dict of n int keys filled by `d[k] = v`, then read back key by key (issue 15's dict kernel)."""
from numba import njit


@njit
def dict_build(n):
    table = {}
    for i in range(n):
        table[i * 3] = i
    total = 0
    for i in range(n):
        total += table[i * 3]
    return total
