"""Seed 000: bubblesort of a float32 array in place, compiled eagerly for the signature void(f4[:])."""
from numba import jit


@jit("void(f4[:])", nopython=True)
def bubblesort(X):
    N = len(X)
    for end in range(N, 1, -1):
        for i in range(end - 1):
            cur = X[i]
            if cur > X[i + 1]:
                tmp = X[i]
                X[i] = X[i + 1]
                X[i + 1] = tmp
