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


def var(a):
    # NumPy's order: the pairwise sum of the squared deviations from the (pairwise) mean.
    # np.divide, not `/`: an empty array gives NaN, as in NumPy, not ZeroDivisionError.
    deviations = a - a.mean()
    return np.divide((deviations * deviations).sum(), a.size)


def std(a):
    return np.sqrt(np.var(a))


def median(a):
    ordered = np.sort(a.reshape(-1))
    n = ordered.shape[0]
    middle = n // 2
    # NaN sorts last: any NaN makes the median NaN, as does an empty array.
    if n == 0 or ordered[n - 1] != ordered[n - 1]:
        return ordered[:0].mean() + np.nan
    if n % 2 == 1:
        return ordered[middle:middle + 1].mean()
    return ordered[middle - 1:middle + 1].mean()


def nansum(a):
    return np.where(a != a, 0, a).sum()


def nanmean(a):
    counted = a == a
    return np.divide(np.where(counted, a, 0).sum(), np.count_nonzero(counted))


def nanmax(a):
    return np._nan_extreme(a, True)


def nanmin(a):
    return np._nan_extreme(a, False)


def _nan_extreme(a, largest):
    # fmax.reduce (fmin.reduce): NaN only where every element is NaN.
    flat = a.reshape(-1)
    if flat.shape[0] == 0:
        raise ValueError("zero-size array to reduction operation which has no identity")
    best = flat[0]
    for i in range(1, flat.shape[0]):
        better = flat[i] > best if largest else flat[i] < best
        if better or best != best:
            best = flat[i]
    return best


def unique(a):
    ordered = np.sort(a.reshape(-1))
    n = ordered.shape[0]
    keep = ordered == ordered
    for i in range(n):
        # NaNs are equal to each other here, as in NumPy 2 (equal_nan=True).
        keep[i] = i == 0 or not (ordered[i] == ordered[i - 1] or (ordered[i] != ordered[i] and ordered[i - 1] != ordered[i - 1]))
    return ordered[keep]


def searchsorted(a: "1-d", v):
    # The first position whose element is not less than `v` (side='left'); NaN sorts last.
    low = 0
    high = a.shape[0]
    while low < high:
        middle = (low + high) // 2
        if np._less(a[middle], v):
            low = middle + 1
        else:
            high = middle
    return low


def bincount(x: "1-d"):
    largest = -1
    for i in range(x.shape[0]):
        if x[i] < 0:
            raise ValueError("'list' argument must have no negative elements")
        if x[i] > largest:
            largest = x[i]
    counts = np.zeros(largest + 1, dtype=np.int64)
    for i in range(x.shape[0]):
        counts[x[i]] += 1
    return counts


def flatnonzero(a):
    flat = a.reshape(-1)
    return np.arange(flat.shape[0])[flat != 0]


def eye(n):
    out = np.zeros((n, n))
    for i in range(n):
        out[i, i] = 1.0
    return out


def identity(n):
    return np.eye(n)


def diag(v: "1-d"):
    n = v.shape[0]
    out = np.zeros((n, n), dtype=v.dtype)
    for i in range(n):
        out[i, i] = v[i]
    return out


def interp(x: "1-d", xp: "1-d", fp: "1-d"):
    # NumPy's compiled interp, in float64: the end values outside [xp[0], xp[-1]], else linear
    # between xp[j] <= x < xp[j + 1] (the last such j), retried from the right end on NaN.
    points = xp.astype(np.float64)
    values = fp.astype(np.float64)
    n = points.shape[0]
    out = np.empty(x.shape[0])
    for i in range(x.shape[0]):
        value = x[i] * 1.0
        low = 0
        high = n
        while low < high:
            middle = (low + high) // 2
            if value < points[middle]:
                high = middle
            else:
                low = middle + 1
        j = low - 1
        if value != value:
            out[i] = value
        elif j == -1:
            out[i] = values[0]
        elif j >= n - 1:
            out[i] = values[n - 1]
        elif points[j] == value:
            out[i] = values[j]
        else:
            slope = (values[j + 1] - values[j]) / (points[j + 1] - points[j])
            result = slope * (value - points[j]) + values[j]
            if result != result:
                result = slope * (value - points[j + 1]) + values[j + 1]
                if result != result and values[j] == values[j + 1]:
                    result = values[j]
            out[i] = result
    return out
