"""The matrix of Euclidean distances between all pairs of points (rows of X)."""
import math

import numpy as np
from numba import njit


@njit
def pairwise_distance(X):
    n, d = X.shape
    D = np.empty((n, n))
    for i in range(n):
        for j in range(n):
            s = 0.0
            for k in range(d):
                t = X[i, k] - X[j, k]
                s += t * t
            D[i, j] = math.sqrt(s)
    return D
