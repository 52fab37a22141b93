"""Explicit 1-D heat equation written with a new array each step: the loop replaces `u` by the
array it computes, so the array it replaces must be freed every step."""
from numba import njit


@njit
def heat(u0, steps, alpha):
    u = u0
    for n in range(steps):
        new = u.copy()
        new[1:-1] = u[1:-1] + alpha * (u[:-2] - 2.0 * u[1:-1] + u[2:])
        u = new
    return u
