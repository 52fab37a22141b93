"""Call overhead of a compiled function: a no-op on one scalar (a Python int, NumPy float64 and
int32 scalars), and a function reading two arrays.
Run as `python overhead.py rumba` or `python overhead.py numba`; prints JSON with nanoseconds per call."""
import json
import sys
import timeit

import numpy as np

implementation = sys.argv[1]
if implementation == "rumba":
    from rumba import njit
else:
    from numba import njit


@njit
def noop(x):
    return x


@njit
def first_sum(a, b):
    return a[0] + b[0]


def nanoseconds_per_call(statement, number=200_000, repeat=7):
    statement()  # compile outside the timed region
    return min(timeit.repeat(statement, number=number, repeat=repeat)) / number * 1e9


a = np.ones(10)
b = np.ones(10)
results = {
    "scalar no-op noop(1)": nanoseconds_per_call(lambda: noop(1)),
    "NumPy scalar noop(np.float64(1.5))": nanoseconds_per_call(lambda: noop(np.float64(1.5))),
    "NumPy scalar noop(np.int32(3))": nanoseconds_per_call(lambda: noop(np.int32(3))),
    "two arrays first_sum(a, b)": nanoseconds_per_call(lambda: first_sum(a, b)),
}
print(json.dumps(results))
