"""Jacobi relaxation on a 2-D grid: each sweep replaces every interior point by the mean of its four
neighbours; the boundary stays fixed."""
from numba import njit


@njit
def jacobi(u0, sweeps):
    u = u0.copy()
    new = u0.copy()
    n, m = u.shape
    for sweep in range(sweeps):
        for i in range(1, n - 1):
            for j in range(1, m - 1):
                new[i, j] = 0.25 * (u[i - 1, j] + u[i + 1, j] + u[i, j - 1] + u[i, j + 1])
        u, new = new, u
    return u
