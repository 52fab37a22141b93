"""Seed 000 (what is Numba), its CPU cells with `import rumba as numba`."""
import math
import os
import timeit

import numpy as np

import rumba as numba
from rumba import jit, njit

original = np.arange(0.0, 10.0, 0.01, dtype='f4')
shuffled = original.copy()
np.random.shuffle(shuffled)


def bubblesort(X):
    N = len(X)
    for end in range(N, 1, -1):
        for i in range(end - 1):
            cur = X[i]
            if cur > X[i + 1]:
                tmp = X[i]
                X[i] = X[i + 1]
                X[i + 1] = tmp


def report(label, statement, number):
    seconds = min(timeit.repeat(statement, number=number, repeat=5)) / number
    print("%s: %.3g ms per loop (best of 5, %d loops each)" % (label, seconds * 1e3, number))


sorted_arr = shuffled.copy()
bubblesort(sorted_arr)
print(np.array_equal(sorted_arr, original))
report("bubblesort in CPython", lambda: (sorted_arr.__setitem__(slice(None), shuffled), bubblesort(sorted_arr)), 1)

from rumba import jit, int32, float64


@jit(float64(int32, int32))
def f(x, y):
    # A somewhat trivial example
    return (x + y) / 3.14


print(f(1, 3))

from rumba import jit


@jit("void(f4[:])", nopython=True)  # without simulator you can use cuda.jit
def bubblesort(X):
    N = len(X)
    for end in range(N, 1, -1):
        for i in range(end - 1):
            cur = X[i]
            if cur > X[i + 1]:
                tmp = X[i]
                X[i] = X[i + 1]
                X[i + 1] = tmp


sorted_arr[:] = shuffled[:]
bubblesort(sorted_arr)
print(np.array_equal(sorted_arr, original))
report("bubblesort with rumba", lambda: (sorted_arr.__setitem__(slice(None), shuffled), bubblesort(sorted_arr)), 100)

import numpy as np
from rumba import vectorize, int64, float32


@vectorize([float32(float32, float32)], target='parallel', fastmath=True)
# to use cuda target must become cuda. Since emulator has a bug we use parallel
def vec_add(x, y):
    c = x + y
    return c


a = np.random.rand(3, 2).astype(np.float32)
b = np.random.rand(3, 2).astype(np.float32)


print(vec_add(a, b))
