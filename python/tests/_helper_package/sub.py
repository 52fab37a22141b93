"""A submodule with a constant of the same name as its callers'."""

SCALE = 10


def times_scale(x):
    return x * SCALE
