"""NumPy functions written in Python and compiled by rumba itself, as Numba's @overload
implementations are. Each function here is `np.<name>` to compiled code: a call to
`np.cumsum(a)` specialises `cumsum` below on `a`'s type, in the caller's module. A name
starting with `_` is a helper that only this file calls (as `np._name`). An annotation
`"1-d"` (or `"2-d"`) on a parameter restricts it to arrays of that many dimensions: another
argument is a located error at the caller's line.

The code uses only what rumba compiles; it is checked against NumPy by
python/tests/test_prelude.py.
"""

import numpy as np


def cumsum(a):
    flat = a.reshape(-1)
    # The sum of no elements is a zero of NumPy's accumulation type (int64 for small ints and
    # bools, the float type itself for floats).
    total = flat[:0].sum()
    out = np.empty(flat.shape[0], dtype=total.dtype)
    for i in range(flat.shape[0]):
        total += flat[i]
        out[i] = total
    return out


def cumprod(a):
    flat = a.reshape(-1)
    total = flat[:0].prod()
    out = np.empty(flat.shape[0], dtype=total.dtype)
    for i in range(flat.shape[0]):
        total *= flat[i]
        out[i] = total
    return out


def outer(a, b):
    x = a.reshape(-1)
    y = b.reshape(-1)
    out = np.empty((x.shape[0], y.shape[0]), dtype=(x[:0] * y[:0]).dtype)
    for i in range(x.shape[0]):
        for j in range(y.shape[0]):
            out[i, j] = x[i] * y[j]
    return out


def _less(x, y):
    # NumPy's sort order: NaN after every number.
    return x < y or (y != y and x == x)


def argsort(a: "1-d"):
    # A stable merge sort of the positions (NumPy's kind='stable'), bottom-up.
    n = a.shape[0]
    order = np.arange(n)
    scratch = np.empty(n, dtype=order.dtype)
    width = 1
    while width < n:
        start = 0
        while start < n:
            middle = min(start + width, n)
            end = min(start + 2 * width, n)
            i = start
            j = middle
            k = start
            while k < end:
                if j >= end or (i < middle and not np._less(a[order[j]], a[order[i]])):
                    scratch[k] = order[i]
                    i += 1
                else:
                    scratch[k] = order[j]
                    j += 1
                k += 1
            start += 2 * width
        order[:] = scratch
        width *= 2
    return order


def sort(a: "1-d"):
    order = np.argsort(a)
    out = np.empty(a.shape[0], dtype=a.dtype)
    for i in range(a.shape[0]):
        out[i] = a[order[i]]
    return out


def diff(a: "1-d"):
    return a[1:] - a[:-1]


def flip(a: "1-d"):
    return a[::-1]


def trace(a: "2-d"):
    total = a[:0, 0].sum()
    for i in range(min(a.shape[0], a.shape[1])):
        total += a[i, i]
    return total


def count_nonzero(a):
    flat = a.reshape(-1)
    count = 0
    for i in range(flat.shape[0]):
        if flat[i] != 0:
            count += 1
    return count


def any(a):
    flat = a.reshape(-1)
    for i in range(flat.shape[0]):
        if flat[i] != 0:
            return True
    return False


def all(a):
    flat = a.reshape(-1)
    for i in range(flat.shape[0]):
        if flat[i] == 0:
            return False
    return True


def take(a: "1-d", indices: "1-d"):
    n = a.shape[0]
    out = np.empty(indices.shape[0], dtype=a.dtype)
    for k in range(indices.shape[0]):
        i = indices[k]
        if i < 0:
            i += n
        if i < 0 or i >= n:
            raise IndexError("index out of bounds")
        out[k] = a[i]
    return out


def _mask_select(a: "1-d", mask: "1-d"):
    # `a[mask]`: the elements where `mask` is true, in order.
    if mask.shape[0] != a.shape[0]:
        raise IndexError("boolean index did not match indexed array along axis 0")
    count = 0
    for i in range(a.shape[0]):
        if mask[i]:
            count += 1
    out = np.empty(count, dtype=a.dtype)
    k = 0
    for i in range(a.shape[0]):
        if mask[i]:
            out[k] = a[i]
            k += 1
    return out


def _mask_assign(a: "1-d", mask: "1-d", value):
    # `a[mask] = value` for a number `value`.
    if mask.shape[0] != a.shape[0]:
        raise IndexError("boolean index did not match indexed array along axis 0")
    for i in range(a.shape[0]):
        if mask[i]:
            a[i] = value
