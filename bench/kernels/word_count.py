"""Strings made in a loop (`"w" + str(i % 1000)`) counted in a typed dict with string keys, then
read back by key (issue 14's strings)."""
from numba import njit, types
from numba.typed import Dict


@njit
def word_count(n):
    counts = Dict.empty(key_type=types.unicode_type, value_type=types.int64)
    for i in range(n):
        word = "w" + str(i % 1000)
        counts[word] = counts.get(word, 0) + 1
    total = 0
    for i in range(1000):
        total += counts["w" + str(i)] * (i + 1)
    return total
