"""NumPy functions written in Python and compiled by rumba itself, as Numba's @overload
implementations are. Each function here is `np.<name>` to compiled code: a call to
`np.cumsum(a)` specialises `cumsum` below on `a`'s type, in the caller's module.
`_random_name` is `np.random.name`, `_method_name(a, ...)` is the method `a.name(...)`, and
`_builtin_name` is Python's built-in `name` (`min` and `max` of one iterable), `_math_name` is
`math.name` and `_operator_name` is `operator.name`; any other name starting with `_` is a helper
that only this file calls (as `np._name`). An
annotation `"1-d"` (or `"2-d"`) on a parameter restricts it to arrays of that many dimensions:
another argument is a located error at the caller's line.

Strings, dtypes, `None` and `a.ndim` are known when compiling, so `if kind == "sum":`,
`if axis is None:` and `if a.ndim == 1:` keep only the path each specialisation takes. Lists
passed to these functions arrive as arrays.

The code uses only what rumba compiles; it is checked against NumPy by
python/tests/test_prelude.py and the other tests of python/tests.
"""

import numpy as np


def cumsum(a, axis=None):
    return np._accumulate(a, axis, "sum")


def cumprod(a, axis=None):
    return np._accumulate(a, axis, "prod")


def _accumulate(a, axis, kind):
    # Running sums (kind "sum") or products in NumPy's accumulation type (int64 for small ints and
    # bools, the float type itself for floats): of the flattened array, or along `axis` of a matrix.
    if axis is None or a.ndim == 1:
        if axis is not None and axis != 0 and axis != -1:
            raise ValueError("axis is out of bounds for array of dimension 1")
        flat = a.reshape(-1)
        total = flat[:0].sum() if kind == "sum" else flat[:0].prod()
        out = np.empty(flat.shape[0], dtype=total.dtype)
        for i in range(flat.shape[0]):
            total = total + flat[i] if kind == "sum" else total * flat[i]
            out[i] = total
        return out
    if a.ndim != 2:
        # Along the last axis of a C-ordered copy with `axis` moved last, then moved back.
        k = np._axis_index(axis, a.ndim)
        moved = np.ascontiguousarray(np.moveaxis(a, k, -1))
        flat = moved.reshape(-1)
        start = flat[:0].sum() if kind == "sum" else flat[:0].prod()
        out = np.empty(moved.shape, dtype=start.dtype)
        n = moved.shape[moved.ndim - 1]
        if n > 0:
            rows = flat.reshape(flat.shape[0] // n, n)
            out_rows = out.reshape(flat.shape[0] // n, n)
            for i in range(rows.shape[0]):
                total = start
                for j in range(n):
                    total = total + rows[i, j] if kind == "sum" else total * rows[i, j]
                    out_rows[i, j] = total
        return np.ascontiguousarray(np.moveaxis(out, -1, k))
    empty = a[:0, :0].sum() if kind == "sum" else a[:0, :0].prod()
    out = np.empty((a.shape[0], a.shape[1]), dtype=empty.dtype)
    if axis == 0 or axis == -2:
        for j in range(a.shape[1]):
            total = empty
            for i in range(a.shape[0]):
                total = total + a[i, j] if kind == "sum" else total * a[i, j]
                out[i, j] = total
    elif axis == 1 or axis == -1:
        for i in range(a.shape[0]):
            total = empty
            for j in range(a.shape[1]):
                total = total + a[i, j] if kind == "sum" else total * a[i, j]
                out[i, j] = total
    else:
        raise ValueError("axis is out of bounds for array of dimension 2")
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
    # NumPy's sort order: NaN after every number; complex numbers by real part, then imaginary
    # part.
    if isinstance(x, complex) or isinstance(y, complex):
        return np._complex_less(complex(x), complex(y))
    return x < y or (y != y and x == x)


def _complex_less(a, b):
    # NumPy's `CDOUBLE_LT`: R + Rj before R + nanj before nan + Rj before nan + nanj.
    if a.real < b.real:
        return a.imag == a.imag or b.imag != b.imag
    if a.real > b.real:
        return b.imag != b.imag and a.imag == a.imag
    if a.real == b.real or (a.real != a.real and b.real != b.real):
        return a.imag < b.imag or (b.imag != b.imag and a.imag == a.imag)
    return b.real != b.real


def _complex_extreme(a, largest):
    # NumPy's maximum (minimum) reduce of complex numbers: the first element, replaced by each
    # later one unless it holds a NaN or is at least (at most) as large in NumPy's order.
    flat = a.reshape(-1)
    if flat.shape[0] == 0 and largest:
        raise ValueError("zero-size array to reduction operation maximum which has no identity")
    if flat.shape[0] == 0:
        raise ValueError("zero-size array to reduction operation minimum which has no identity")
    best = flat[0]
    for i in range(1, flat.shape[0]):
        z = flat[i]
        if largest:
            kept = (best.real > z.real and best.imag == best.imag and z.imag == z.imag) or (best.real == z.real and best.imag >= z.imag)
        else:
            kept = (best.real < z.real and best.imag == best.imag and z.imag == z.imag) or (best.real == z.real and best.imag <= z.imag)
        if not (best.real != best.real or best.imag != best.imag or kept):
            best = z
    return best


def _complex_extreme_along(a, axis, largest):
    # `_complex_extreme` of each line of `a` along `axis`.
    lines = np._lines_along(a, axis)
    out = np.empty(lines.shape[0], dtype=a.dtype)
    for i in range(lines.shape[0]):
        out[i] = np._complex_extreme(lines[i], largest)
    return out.reshape(np.moveaxis(a, axis, -1).shape[:-1])


def _complex_arg_extreme_along(a, axis, largest):
    # `_complex_arg_extreme` of each line of `a` along `axis`.
    lines = np._lines_along(a, axis)
    out = np.empty(lines.shape[0], dtype=np.int64)
    for i in range(lines.shape[0]):
        out[i] = np._complex_arg_extreme(lines[i], largest)
    return out.reshape(np.moveaxis(a, axis, -1).shape[:-1])


def _lines_along(a, axis):
    # The lines of `a` along `axis`, as the rows of a C-ordered matrix.
    return np._moved_lines(a, axis)[1]


def _complex_arg_extreme(a, largest):
    # NumPy's argmax (argmin) of complex numbers: the first extreme, or the first NaN.
    flat = a.reshape(-1)
    if flat.shape[0] == 0 and largest:
        raise ValueError("attempt to get argmax of an empty sequence")
    if flat.shape[0] == 0:
        raise ValueError("attempt to get argmin of an empty sequence")
    best = flat[0]
    position = 0
    if best.real != best.real or best.imag != best.imag:
        return 0
    for i in range(1, flat.shape[0]):
        z = flat[i]
        if largest:
            better = z.real > best.real or (z.real == best.real and z.imag > best.imag)
        else:
            better = z.real < best.real or (z.real == best.real and z.imag < best.imag)
        if better or z.real != z.real or z.imag != z.imag:
            best = z
            position = i
            if best.real != best.real or best.imag != best.imag:
                break
    return position


def _check_sort_kind(kind):
    if kind is not None and kind != "quicksort" and kind != "mergesort" and kind != "heapsort" and kind != "stable":
        raise ValueError("sort kind must be one of 'quick', 'heap', or 'stable'")


def argsort(a, axis=-1, kind=None):
    # Of a vector, the positions in sorted order (stable); of a larger array, of each line along
    # `axis` (of the flattened array when None).
    if axis is None:
        return np._argsort_vector(a.reshape(-1), kind)
    if a.ndim == 1:
        np._axis_index(axis, 1)
        return np._argsort_vector(a, kind)
    moved, rows = np._moved_lines(a, axis)
    out = np.empty(moved.shape, dtype=np.int64)
    out_rows = out.reshape(rows.shape)
    for i in range(rows.shape[0]):
        out_rows[i, :] = np._argsort_vector(rows[i], kind)
    return np._moved_back(out, axis)


def _moved_lines(a, axis):
    # `a` with `axis` moved last (a C-ordered copy), and its lines along that axis as the rows of
    # a matrix (a view of the copy).
    moved = np.ascontiguousarray(np.moveaxis(a, np._axis_index(axis, a.ndim), -1))
    count = 1
    for extent in moved.shape[:-1]:
        count *= extent
    return moved, moved.reshape(count, moved.shape[moved.ndim - 1])


def _moved_back(moved, axis):
    # A C-ordered array with the last axis of `moved` back at `axis`.
    return np.ascontiguousarray(np.moveaxis(moved, -1, np._axis_index(axis, moved.ndim)))


def _argsort_vector(a: "1-d", kind):
    np._check_sort_kind(kind)
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


def sort(a, axis=-1, kind=None):
    # A list or tuple is sorted as the array it makes.
    return np._sort_array(np.asarray(a), axis, kind)


def _sort_array(a, axis, kind):
    # A vector, or each row (axis=-1) or column (axis=0) of a matrix; axis=None sorts the
    # flattened array.
    if axis is None:
        return np._sort_vector(a.reshape(-1), kind)
    if a.ndim == 1:
        if axis != 0 and axis != -1:
            raise ValueError("axis is out of bounds for array of dimension 1")
        return np._sort_vector(a, kind)
    if a.ndim != 2:
        # Each row of a C-ordered copy with `axis` moved last, then moved back.
        moved, rows = np._moved_lines(a, axis)
        for i in range(rows.shape[0]):
            rows[i, :] = np._sort_vector(rows[i, :], kind)
        return np._moved_back(moved, axis)
    out = np.empty((a.shape[0], a.shape[1]), dtype=a.dtype)
    if axis == 1 or axis == -1:
        for i in range(a.shape[0]):
            out[i, :] = np._sort_vector(a[i, :], kind)
    elif axis == 0 or axis == -2:
        for j in range(a.shape[1]):
            out[:, j] = np._sort_vector(a[:, j], kind)
    else:
        raise ValueError("axis is out of bounds for array of dimension 2")
    return out


def _sort_vector(a: "1-d", kind):
    order = np.argsort(a, kind=kind)
    out = np.empty(a.shape[0], dtype=a.dtype)
    for i in range(a.shape[0]):
        out[i] = a[order[i]]
    return out


def diff(a, n=1, axis=-1):
    # n rounds of neighbour differences along `axis`, as NumPy takes them, in the array's type.
    if n < 0:
        raise ValueError("order must be non-negative")
    if a.ndim == 1:
        np._axis_index(axis, 1)
        return np._diff_vector(a, n)
    moved, rows = np._moved_lines(a, axis)
    kept = max(rows.shape[1] - n, 0)
    out = np.empty(np._inserted(np._removed(moved.shape, moved.ndim - 1), moved.ndim - 1, kept), dtype=a.dtype)
    out_rows = out.reshape(rows.shape[0], kept)
    for i in range(rows.shape[0]):
        out_rows[i, :] = np._diff_vector(rows[i], n)
    return np._moved_back(out, axis)


def _diff_vector(a: "1-d", n):
    out = a.copy()
    for k in range(min(n, a.shape[0])):
        for i in range(a.shape[0] - k - 1):
            out[i] = out[i + 1] - out[i]
    return out[:max(a.shape[0] - n, 0)].copy()


def flip(m, axis=None):
    # A view with the order of the items along `axis` (along every axis when None) reversed.
    if axis is None:
        out = m[::-1]
        for k in range(1, m.ndim):
            out = np._flipped_along(out, k)
        return out
    return np._flipped_along(m, np._axis_index(axis, m.ndim))


def _flipped_along(m, k):
    return np.swapaxes(np.swapaxes(m, 0, k)[::-1], 0, k)


def rot90(m, k=1):
    # NumPy's (in the plane of the first two axes): turned by k quarter turns, as a view.
    if m.ndim < 2:
        raise ValueError(f"Axes=(0, 1) out of range for array of ndim={m.ndim}.")
    turns = k % 4
    if turns == 0:
        return np.swapaxes(np.swapaxes(m, 0, 1), 0, 1)
    if turns == 2:
        return np._flipped_along(m[::-1], 1)
    if turns == 1:
        return np.swapaxes(m, 0, 1)[::-1]
    return np._flipped_along(np.swapaxes(m, 0, 1), 1)


def trace(a: "2-d", offset=0):
    # The sum along the diagonal `offset` places above the main one (below it where negative).
    total = a[:0, 0].sum()
    for i in range(max(-offset, 0), min(a.shape[0], a.shape[1] - offset)):
        total += a[i, i + offset]
    return total


def count_nonzero(a, axis=None):
    if axis is not None:
        return (a != 0).sum(axis)
    flat = a.reshape(-1)
    count = 0
    for i in range(flat.shape[0]):
        if flat[i] != 0:
            count += 1
    return count


def any(a, axis=None):
    return np._truth_reduce(a, axis, "any")


def all(a, axis=None):
    return np._truth_reduce(a, axis, "all")


def _truth_reduce(a, axis, kind):
    # Whether any (kind "any") or all elements are non-zero: of the whole array, or along `axis`
    # of a matrix.
    any_true = kind == "any"
    if axis is None or a.ndim == 1:
        if axis is not None and axis != 0 and axis != -1:
            raise ValueError("axis is out of bounds for array of dimension 1")
        flat = a.reshape(-1)
        for i in range(flat.shape[0]):
            if (flat[i] != 0) == any_true:
                return any_true
        return not any_true
    if a.ndim != 2:
        # Along the last axis of a C-ordered copy with `axis` moved last.
        k = np._axis_index(axis, a.ndim)
        moved = np.ascontiguousarray(np.moveaxis(a, k, -1))
        n = moved.shape[moved.ndim - 1]
        out = np.empty(np._removed(a.shape, k), dtype=np.bool_)
        found = out.reshape(-1)
        found[:] = not any_true
        if n > 0:
            rows = moved.reshape(moved.size // n, n)
            for i in range(rows.shape[0]):
                for j in range(n):
                    if (rows[i, j] != 0) == any_true:
                        found[i] = any_true
                        break
        return out
    if axis < -2 or axis > 1:
        raise ValueError("axis is out of bounds for array of dimension 2")
    deciding = (a != 0) if kind == "any" else (a == 0)
    counts = deciding.sum(axis=0) if axis == 0 or axis == -2 else deciding.sum(axis=1)
    return (counts > 0) == any_true


def take(a, indices, axis=None):
    # NumPy's: of the flattened array without an axis, else of the lines along it; the result has
    # the indices' shape in place of that axis.
    if isinstance(indices, list):
        return np.take(a, np.array(indices), axis)
    if axis is None:
        if a.ndim != 1:
            return np.take(a.reshape(-1), indices)
        if not isinstance(indices, np.ndarray):
            return a[np._index_within(indices, a.shape[0])]
        if indices.ndim != 1:
            return np.take(a, indices.reshape(-1)).reshape(indices.shape)
        return np._take_vector(a, indices)
    k = np._axis_index(axis, a.ndim)
    lines = np.moveaxis(a, k, 0)
    if not isinstance(indices, np.ndarray):
        if a.ndim == 1:
            return lines[np._index_within(indices, lines.shape[0])]
        return lines[np._index_within(indices, lines.shape[0])].copy()
    flat = indices.reshape(-1)
    taken = np.empty(np._inserted(np._removed(a.shape, k), 0, flat.shape[0]), dtype=a.dtype)
    for j in range(flat.shape[0]):
        taken[j] = lines[np._index_within(flat[j], lines.shape[0])]
    if a.ndim == 1:
        return taken.reshape(indices.shape)
    moved = np.ascontiguousarray(np.moveaxis(taken, 0, k))
    return moved.reshape(np._spliced(np._removed(a.shape, k), k, indices.shape))


def _index_within(i, n):
    # Index `i` of `n` items, counting from the end where negative.
    if i < -n or i >= n:
        raise IndexError("index out of bounds")
    return i + n if i < 0 else i


def _take_vector(a: "1-d", indices: "1-d"):
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


def _mixed_index(a: "2-d", first, second):
    # NumPy's `a[first, second]` where an index is a vector of integers or booleans and the other
    # an integer, `:` (None here) or a vector too (paired with the first, item by item).
    if first is None:
        return np.take(a, np._index_vector(second, a.shape[1]), axis=1)
    if second is None:
        return a[first]
    if not isinstance(first, np.ndarray):
        return a[first][second]
    if not isinstance(second, np.ndarray):
        return a[:, second][first]
    rows, columns = np._index_pairs(a, first, second)
    out = np.empty(rows.shape[0], dtype=a.dtype)
    for k in range(rows.shape[0]):
        out[k] = a[rows[k], columns[k]]
    return out


def _mixed_index_assign(a: "2-d", first, second, value):
    # `a[first, second] = value` for the indices `_mixed_index` reads; `value` a number, or an
    # array of the selection's shape (or of its last axis, repeated).
    if first is None:
        columns = np._index_vector(second, a.shape[1])
        for k in range(columns.shape[0]):
            column = a[:, columns[k]]
            if isinstance(value, np.ndarray) and value.ndim == 2:
                column[:] = value[:, k]
            elif isinstance(value, np.ndarray):
                column[:] = value[k]
            else:
                column[:] = value
    elif second is None:
        rows = np._index_vector(first, a.shape[0])
        for k in range(rows.shape[0]):
            row = a[rows[k]]
            if isinstance(value, np.ndarray) and value.ndim == 2:
                row[:] = value[k]
            else:
                row[:] = value
    elif not isinstance(first, np.ndarray):
        row = a[first]
        row[second] = value
    elif not isinstance(second, np.ndarray):
        column = a[:, second]
        column[first] = value
    else:
        rows, columns = np._index_pairs(a, first, second)
        for k in range(rows.shape[0]):
            if isinstance(value, np.ndarray):
                a[rows[k], columns[k]] = value[k]
            else:
                a[rows[k], columns[k]] = value


def _index_vector(index: "1-d", extent):
    # The positions a vector index selects along an axis of `extent` items: a mask's true ones, or
    # the integers (negative ones counted from the end).
    if index.dtype == np.bool_:
        if index.shape[0] != extent:
            raise IndexError("boolean index did not match indexed array along the axis")
        return np.flatnonzero(index)
    out = np.empty(index.shape[0], dtype=np.int64)
    for k in range(index.shape[0]):
        out[k] = np._index_within(index[k], extent)
    return out


def _index_pairs(a, first: "1-d", second: "1-d"):
    rows = np._index_vector(first, a.shape[0])
    columns = np._index_vector(second, a.shape[1])
    if rows.shape[0] == columns.shape[0]:
        return rows, columns
    if rows.shape[0] == 1:
        return np.full(columns.shape[0], rows[0]), columns
    if columns.shape[0] == 1:
        return rows, np.full(rows.shape[0], columns[0])
    raise IndexError("shape mismatch: indexing arrays could not be broadcast together")


def _take_first_axis(a, indices):
    # `a[indices]`: the items along the first axis at these positions (negative ones counted from
    # the end), in the indices' shape.
    if a.ndim == 1 and indices.ndim == 1:
        return np._take_vector(a, indices)
    if indices.ndim == 0:
        # A 0-d array indexes as its integer does.
        return a[indices[()]]
    return np.take(a, indices, 0)


def _mask_select(a, mask):
    # `a[mask]`: the elements where `mask` is true, in C order; of a vector `mask` over the first
    # axis of a larger array, the items along that axis.
    if mask.ndim < a.ndim:
        if mask.shape[0] != a.shape[0]:
            raise IndexError(f"boolean index did not match indexed array along axis 0; size of axis is {a.shape[0]} but size of corresponding boolean axis is {mask.shape[0]}")
        return np.take(a, np.flatnonzero(mask), 0)
    if a.shape != mask.shape:
        raise IndexError("boolean index did not match indexed array")
    flat = a.reshape(-1)
    chosen = mask.reshape(-1)
    out = np.empty(np.count_nonzero(chosen), dtype=a.dtype)
    k = 0
    for i in range(flat.shape[0]):
        if chosen[i]:
            out[k] = flat[i]
            k += 1
    return out


def _mask_assign(a, mask, value):
    # `a[mask] = value`: a number everywhere the mask is true, or an array's elements in turn
    # (one element for all, or one per true element).
    if a.shape != mask.shape:
        raise IndexError("boolean index did not match indexed array")
    if isinstance(value, np.ndarray):
        if value.size != 1 and value.size != np.count_nonzero(mask):
            raise ValueError("NumPy boolean array indexing assignment cannot assign the input values to the output values where the mask is true")
    np._mask_assign_rows(a, mask, value, 0)


def _mask_assign_rows(a, mask, value, assigned):
    # `_mask_assign` of each row of `a` in C order, from the `assigned`th value on; returns how
    # many are assigned.
    if a.ndim == 1:
        return np._mask_assign_row(a, mask, value, assigned)
    for i in range(a.shape[0]):
        assigned = np._mask_assign_rows(a[i], mask[i], value, assigned)
    return assigned


def _mask_assign_row(a: "1-d", mask: "1-d", value, assigned):
    # One row of `_mask_assign`, from the `assigned`th value on; returns how many are assigned.
    if isinstance(value, np.ndarray):
        values = value.reshape(-1)
    for i in range(a.shape[0]):
        if mask[i]:
            if isinstance(value, np.ndarray):
                a[i] = values[assigned % values.shape[0]]
            else:
                a[i] = value
            assigned += 1
    return assigned


def _index_assign(a: "1-d", indices: "1-d", value):
    # `a[indices] = value`: a number, or an array's elements in turn (one for all, or one per index).
    n = a.shape[0]
    if isinstance(value, np.ndarray):
        values = value.reshape(-1)
        if values.shape[0] != 1 and values.shape[0] != indices.shape[0]:
            raise ValueError("shape mismatch: value array could not be broadcast to indexing result")
    for k in range(indices.shape[0]):
        i = indices[k]
        if i < 0:
            i += n
        if i < 0 or i >= n:
            raise IndexError("index out of bounds")
        if isinstance(value, np.ndarray):
            a[i] = values[k % values.shape[0]]
        else:
            a[i] = value


def _rows_assign(a, indices: "1-d", value):
    # `a[indices] = value` of an array of two or more dimensions: each subarray along the first
    # axis that `indices` names gets `value` (broadcast), or of an array with `a`'s dimensions, its
    # subarrays in turn (one for all, or one per index).
    n = a.shape[0]
    if isinstance(value, np.ndarray) and value.ndim == a.ndim:
        if value.shape[0] != 1 and value.shape[0] != indices.shape[0]:
            raise ValueError("shape mismatch: value array could not be broadcast to indexing result")
    for k in range(indices.shape[0]):
        i = np._index_within(indices[k], n)
        if isinstance(value, np.ndarray) and value.ndim == a.ndim:
            a[i] = value[k % value.shape[0]]
        else:
            a[i] = value


def nonzero(a):
    # The indices of the non-zero elements, one array per dimension, in C order.
    flat = np.flatnonzero(a)
    if a.ndim == 1:
        return (flat,)
    if a.ndim == 2:
        return (flat // a.shape[1], flat % a.shape[1])
    if a.ndim == 3:
        return (flat // (a.shape[1] * a.shape[2]), flat // a.shape[2] % a.shape[1], flat % a.shape[2])
    raise NotImplementedError("np.nonzero of arrays of more than 3 dimensions is not supported yet")


def argwhere(a):
    return np.stack(np.nonzero(a), axis=1)


def var(a, axis=None, dtype=None, out=None, ddof=0):
    if dtype is not None or out is not None:
        raise NotImplementedError("np.var: the dtype and out arguments are not supported yet")
    if axis is not None:
        return np._along_axis(a, axis, "var", ddof)
    # NumPy's order: the pairwise sum of the squared deviations from the (pairwise) mean.
    # np.divide, not `/`: an empty array gives NaN, as in NumPy, not ZeroDivisionError.
    deviations = a - a.mean()
    return np.divide((deviations * deviations).sum(), a.size - ddof)


def std(a, axis=None, dtype=None, out=None, ddof=0):
    if dtype is not None or out is not None:
        raise NotImplementedError("np.std: the dtype and out arguments are not supported yet")
    if axis is not None:
        return np._along_axis(a, axis, "std", ddof)
    return np.sqrt(np.var(a, None, None, None, ddof))


def _along_axis(a, axis, kind, parameter):
    # The `kind` statistic of each line of `a` along `axis`: of a vector a number, else an array
    # of the other dimensions.
    k = np._axis_index(axis, a.ndim)
    if a.ndim == 1:
        return np._statistic(a, kind, parameter)
    lines = np.ascontiguousarray(np.moveaxis(a, k, -1))
    flat = lines.reshape(-1, lines.shape[a.ndim - 1])
    out = np.empty(flat.shape[0], dtype=np._statistic(flat[:1, :1].reshape(-1), kind, parameter).dtype)
    for i in range(flat.shape[0]):
        out[i] = np._statistic(flat[i], kind, parameter)
    return out.reshape(lines.shape[:-1])


def _statistic(line: "1-d", kind, parameter):
    if kind == "var":
        return np.var(line, None, None, None, parameter)
    if kind == "std":
        return np.std(line, None, None, None, parameter)
    if kind == "median":
        return np.median(line)
    if kind == "nanmax" or kind == "nanmin":
        return np._nan_extreme(line, parameter)
    return np._quantiles(line, parameter, kind)


def median(a, axis=None):
    if axis is not None:
        return np._along_axis(a, axis, "median", 0)
    ordered = np.sort(a.reshape(-1))
    n = ordered.shape[0]
    middle = n // 2
    # NaN sorts last: any NaN makes the median NaN, as does an empty array.
    if n == 0 or ordered[n - 1] != ordered[n - 1]:
        return ordered[:0].mean() + np.nan
    if n % 2 == 1:
        return ordered[middle:middle + 1].mean()
    return ordered[middle - 1:middle + 1].mean()


def nansum(a, axis=None):
    if axis is None:
        return np.where(a != a, 0, a).sum()
    return np.where(a != a, 0, a).sum(axis)


def nanmean(a, axis=None):
    counted = a == a
    if axis is None:
        return np.divide(np.where(counted, a, 0).sum(), np.count_nonzero(counted))
    return np.divide(np.where(counted, a, 0).sum(axis), np.count_nonzero(counted, axis))


def nanmax(a, axis=None):
    if axis is None:
        return np._nan_extreme(a, True)
    return np._along_axis(a, axis, "nanmax", True)


def nanmin(a, axis=None):
    if axis is None:
        return np._nan_extreme(a, False)
    return np._along_axis(a, axis, "nanmin", False)


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


def unique(a, return_index=False, return_inverse=False, return_counts=False):
    # The flags written as the literal True are `_unique_index`, `_unique_inverse_counts` and the
    # like (the result is a tuple, whose type must be known when compiling).
    ordered = np.sort(a.reshape(-1))
    return ordered[np._unique_firsts(ordered)]


def _unique_firsts(ordered: "1-d"):
    # Where each run of equal values of a sorted array starts. NaNs are equal to each other here,
    # as in NumPy 2 (equal_nan=True).
    keep = ordered == ordered
    for i in range(ordered.shape[0]):
        keep[i] = i == 0 or not (ordered[i] == ordered[i - 1] or (ordered[i] != ordered[i] and ordered[i - 1] != ordered[i - 1]))
    return keep


def _unique_parts(a):
    # The sorted distinct values; where each first occurs in the flattened array (a stable sort
    # keeps first occurrences first); the position in the values of each element, shaped as `a`
    # (NumPy 2); and how often each value occurs.
    flat = a.reshape(-1)
    order = np.argsort(flat)
    ordered = flat[order]
    firsts = np._unique_firsts(ordered)
    values = ordered[firsts]
    inverse = np.empty(flat.shape[0], dtype=np.int64)
    counts = np.zeros(values.shape[0], dtype=np.int64)
    k = -1
    for i in range(ordered.shape[0]):
        if firsts[i]:
            k += 1
        inverse[order[i]] = k
        counts[k] += 1
    return values, order[firsts], inverse.reshape(a.shape), counts


def _unique_index(a, return_index=True, return_inverse=False, return_counts=False):
    values, index, inverse, counts = np._unique_parts(a)
    return values, index


def _unique_inverse(a, return_index=False, return_inverse=True, return_counts=False):
    values, index, inverse, counts = np._unique_parts(a)
    return values, inverse


def _unique_counts(a, return_index=False, return_inverse=False, return_counts=True):
    values, index, inverse, counts = np._unique_parts(a)
    return values, counts


def _unique_index_inverse(a, return_index=True, return_inverse=True, return_counts=False):
    values, index, inverse, counts = np._unique_parts(a)
    return values, index, inverse


def _unique_index_counts(a, return_index=True, return_inverse=False, return_counts=True):
    values, index, inverse, counts = np._unique_parts(a)
    return values, index, counts


def _unique_inverse_counts(a, return_index=False, return_inverse=True, return_counts=True):
    values, index, inverse, counts = np._unique_parts(a)
    return values, inverse, counts


def _unique_index_inverse_counts(a, return_index=True, return_inverse=True, return_counts=True):
    return np._unique_parts(a)


def searchsorted(a: "1-d", v, side="left"):
    # The first position whose element is not less than `v` (side='left'), or greater than `v`
    # (side='right'); NaN sorts last. Of an array `v`, an array of its shape, each search narrowed
    # by the last one's result as NumPy narrows it (which decides its results where `a` is not
    # sorted).
    if side != "left" and side != "right":
        raise ValueError("side must be 'left' or 'right'")
    if isinstance(v, np.ndarray):
        values = v.reshape(-1)
        out = np.empty(values.shape[0], dtype=np.int64)
        n = a.shape[0]
        low = 0
        high = n
        for i in range(values.shape[0]):
            if i > 0 and np._sorts_before(values[i - 1], values[i], side):
                high = n
            else:
                low = 0
                high = min(high + 1, n)
            low = np._bisect(a, values[i], side, low, high)
            high = low
            out[i] = low
        return out.reshape(v.shape)
    return np._bisect(a, v, side, 0, a.shape[0])


def _sorts_before(x, y, side):
    # Whether `x` goes before `y` in a search on `side`: x < y for 'left', x <= y for 'right'.
    if side == "left":
        return np._less(x, y)
    return not np._less(y, x)


def _bisect(a, v, side, low, high):
    while low < high:
        middle = (low + high) // 2
        if np._sorts_before(a[middle], v, side):
            low = middle + 1
        else:
            high = middle
    return low


def bincount(x: "1-d", weights=None, minlength=0):
    # NumPy's: counts of each value (sums of their weights, as float64), at least minlength long.
    if minlength < 0:
        raise ValueError("'minlength' must not be negative")
    largest = -1
    for i in range(x.shape[0]):
        if x[i] < 0:
            raise ValueError("'list' argument must have no negative elements")
        if x[i] > largest:
            largest = x[i]
    if weights is None:
        counts = np.zeros(max(largest + 1, minlength), dtype=np.int64)
        for i in range(x.shape[0]):
            counts[x[i]] += 1
        return counts
    if weights.ndim != 1 or weights.shape[0] != x.shape[0]:
        raise ValueError("The weights and list don't have the same length.")
    sums = np.zeros(max(largest + 1, minlength), dtype=np.float64)
    for i in range(x.shape[0]):
        sums[x[i]] += weights[i]
    return sums


def flatnonzero(a):
    flat = a.reshape(-1)
    return np.arange(flat.shape[0])[flat != 0]


def extract(condition, arr):
    # NumPy's: the flattened array's elements where the flattened condition is nonzero.
    flat = arr.reshape(-1)
    positions = np.flatnonzero(condition)
    if positions.shape[0] > 0 and positions[positions.shape[0] - 1] >= flat.shape[0]:
        raise IndexError(f"index {positions[positions.shape[0] - 1]} is out of bounds for axis 0 with size {flat.shape[0]}")
    return flat[positions]


def eye(n, m=None, k=0, dtype=None):
    columns = n if m is None else m
    out = np.zeros((n, columns), dtype=np.float64 if dtype is None else dtype)
    for i in range(max(-k, 0), min(n, columns - k)):
        out[i, i + k] = 1
    return out


def identity(n, dtype=None):
    return np.eye(n, dtype=dtype)


def diag(v, k=0):
    # A vector's diagonal matrix (on the k-th diagonal), or a matrix's k-th diagonal.
    if v.ndim == 1:
        n = v.shape[0] + abs(k)
        out = np.zeros((n, n), dtype=v.dtype)
        for i in range(v.shape[0]):
            out[i + max(-k, 0), i + max(k, 0)] = v[i]
        return out
    if v.ndim != 2:
        raise ValueError("Input must be 1- or 2-d.")
    rows = max(min(v.shape[0] + min(k, 0), v.shape[1] - max(k, 0)), 0)
    out = np.empty(rows, dtype=v.dtype)
    for i in range(rows):
        out[i] = v[i + max(-k, 0), i + max(k, 0)]
    return out


def diagonal(a: "2-d", offset=0):
    return np.diag(a, offset)


def _method_diagonal(a: "2-d", offset=0):
    return np.diag(a, offset)


def diag_indices(n, ndim=2):
    if ndim != 2:
        raise NotImplementedError("np.diag_indices: only ndim=2 is supported")
    return (np.arange(n), np.arange(n))


def trim_zeros(filt: "1-d", trim="fb"):
    # NumPy's: without the leading zeros ("f" in trim) and the trailing ones ("b").
    first = 0
    last = filt.shape[0]
    if "f" in trim or "F" in trim:
        while first < last and filt[first] == 0:
            first += 1
    if "b" in trim or "B" in trim:
        while last > first and filt[last - 1] == 0:
            last -= 1
    return filt[first:last]


def roots(p: "1-d"):
    # NumPy's: the eigenvalues of the companion matrix of the coefficients without their leading
    # zeros, and a zero root for each trailing zero.
    nonzero = np.flatnonzero(p)
    first = nonzero[0] if nonzero.shape[0] > 0 else 0
    last = nonzero[-1] if nonzero.shape[0] > 0 else -1
    coefficients = p[first:last + 1]
    size = max(coefficients.shape[0] - 1, 0)
    companion = np.zeros((size, size)) + np.zeros(1, dtype=p.dtype)[0]
    for i in range(1, size):
        companion[i, i - 1] = 1
    for j in range(size):
        companion[0, j] = -coefficients[j + 1] / coefficients[0]
    found = np.linalg.eigvals(companion)
    trailing = p.shape[0] - last - 1 if nonzero.shape[0] > 0 else 0
    return np.concatenate((found, np.zeros(trailing, dtype=found.dtype)))


def interp(x, xp: "1-d", fp: "1-d"):
    # Of a number, a number; of an array, an array of its shape.
    if isinstance(x, np.ndarray):
        return np._interp_values(x.reshape(-1), xp, fp).reshape(x.shape)
    return np._interp_values(np.full(1, x * 1.0), xp, fp)[0]


def _interp_values(x: "1-d", xp: "1-d", fp: "1-d"):
    # NumPy's compiled interp, in float64: the end values outside [xp[0], xp[-1]], else linear
    # between xp[j] <= x < xp[j + 1], j found from the last x's as NumPy finds it (which decides
    # its results where `xp` is not sorted), retried from the right end on NaN.
    points = xp.astype(np.float64)
    values = fp.astype(np.float64)
    n = points.shape[0]
    if n == 0:
        raise ValueError("array of sample points is empty")
    if values.shape[0] != n:
        raise ValueError("fp and xp are not of the same length.")
    out = np.empty(x.shape[0])
    j = 0
    for i in range(x.shape[0]):
        value = x[i] * 1.0
        if n == 1:
            out[i] = values[0]
            continue
        if value != value:
            out[i] = value
            continue
        j = np._interp_bin(points, value, j)
        if j == -1:
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


def _interp_bin(points, value, guess):
    # NumPy's binary_search_with_guess: -1 left of the points, n right of them, else the j with
    # points[j] <= value < points[j + 1], tried first at and around `guess` (the last x's bin).
    n = points.shape[0]
    if value > points[n - 1]:
        return n
    if value < points[0]:
        return -1
    if n <= 4:
        i = 1
        while i < n and value >= points[i]:
            i += 1
        return i - 1
    guess = max(min(guess, n - 3), 1)
    low = 0
    high = n
    if value < points[guess]:
        if value >= points[guess - 1]:
            return guess - 1
        high = guess - 1
        if guess > 8 and value >= points[guess - 8]:
            low = guess - 8
    else:
        if value < points[guess + 1]:
            return guess
        if value < points[guess + 2]:
            return guess + 1
        low = guess + 2
        if guess < n - 9 and value < points[guess + 8]:
            high = guess + 8
    while low < high:
        middle = low + (high - low) // 2
        if value >= points[middle]:
            low = middle + 1
        else:
            high = middle
    return low - 1


def ptp(a, axis=None):
    if axis is None:
        return a.max() - a.min()
    return a.max(axis) - a.min(axis)


def nanprod(a):
    return np.where(a != a, 1, a).prod()


def nanargmax(a):
    return np._nan_arg_extreme(a, True)


def nanargmin(a):
    return np._nan_arg_extreme(a, False)


def _nan_arg_extreme(a, largest):
    # The first position of the largest (smallest) element that is not NaN.
    flat = a.reshape(-1)
    best = -1
    for i in range(flat.shape[0]):
        if flat[i] == flat[i]:
            better = flat[i] > flat[best] if largest else flat[i] < flat[best]
            if best == -1 or better:
                best = i
    if best == -1:
        raise ValueError("All-NaN slice encountered")
    return best


def average(a, axis=None, weights=None):
    if axis is not None:
        return np._average_along(a, axis, weights)
    if weights is None:
        return a.mean()
    if weights.size != a.size:
        raise ValueError("Axis must be specified when shapes of a and weights differ.")
    # NumPy's arithmetic: products and sums in the result's type (float64 for integers),
    # summed pairwise.
    products = a.astype((a[:0] * weights[:0] * 1.0).dtype) * weights.astype((a[:0] * weights[:0] * 1.0).dtype)
    total = weights.astype(products.dtype).sum()
    if total == 0:
        raise ZeroDivisionError("Weights sum to zero, can't be normalized")
    return products.sum() / total


def _average_along(a, axis, weights):
    if weights is None:
        return a.mean(axis)
    k = np._axis_index(axis, a.ndim)
    if weights.ndim == a.ndim:
        if weights.shape != a.shape:
            raise ValueError("Length of weights not compatible with specified axis.")
        moved_weights = np.moveaxis(weights, k, -1)
    elif weights.ndim == 1:
        if weights.shape[0] != a.shape[k]:
            raise ValueError("Length of weights not compatible with specified axis.")
        moved_weights = weights
    else:
        raise TypeError("1D weights expected when shapes of a and weights differ.")
    # NumPy's arithmetic: products and sums in the result's type (float64 for integers).
    moved = np.moveaxis(a, k, -1)
    result_type = (a[:0] * weights[:0] * 1.0).dtype
    total = (moved_weights.astype(result_type) + np.zeros(moved.shape, dtype=result_type)).sum(-1)
    if np.any(total == 0):
        raise ZeroDivisionError("Weights sum to zero, can't be normalized")
    return (moved.astype(result_type) * moved_weights.astype(result_type)).sum(-1) / total


def quantile(a, q, axis=None):
    if axis is not None:
        if isinstance(q, np.ndarray):
            raise NotImplementedError("np.quantile of several q along an axis is not supported yet")
        return np._along_axis(a, axis, "quantile", q)
    return np._quantiles(a, q, "quantile")


def percentile(a, q, axis=None):
    if axis is not None:
        if isinstance(q, np.ndarray):
            raise NotImplementedError("np.percentile of several q along an axis is not supported yet")
        return np._along_axis(a, axis, "percentile", q)
    return np._quantiles(a, q, "percentile")


def _quantiles(a, q, kind):
    # The `kind` (quantile or percentile) `q`, a number or an array of them, of the flattened
    # array, as NumPy's method="linear"; the array is sorted once. As NumPy, a float32 array with
    # one q computes in float32, and anything else in float64.
    ordered = np.sort(a.reshape(-1))
    if isinstance(q, np.ndarray) or ordered.dtype != np.float32:
        return np._quantiles_of_sorted(ordered.astype(np.float64), q, kind)
    return np._quantiles_of_sorted(ordered, q, kind)


def _quantiles_of_sorted(ordered, q, kind):
    if isinstance(q, np.ndarray):
        out = np.empty(q.shape)
        fractions = q.reshape(-1)
        flat = out.reshape(-1)
        for i in range(flat.shape[0]):
            flat[i] = np._quantile_linear(ordered, np._fraction(fractions[i], kind))
        return out
    return np._quantile_linear(ordered, np._fraction(q, kind))


def _fraction(q, kind):
    if kind == "quantile":
        if not (q >= 0.0 and q <= 1.0):
            raise ValueError("Quantiles must be in the range [0, 1]")
        return q * 1.0
    if not (q >= 0.0 and q <= 100.0):
        raise ValueError("Percentiles must be in the range [0, 100]")
    return q / 100.0


def _quantile_linear(ordered: "1-d", q):
    # NumPy's method="linear" on sorted values, with its arithmetic: the virtual index
    # (n - 1) * q, and a linear interpolation from the nearer end.
    n = ordered.shape[0]
    if n == 0:
        raise IndexError("index -1 is out of bounds for axis 0 with size 0")
    if ordered[n - 1] != ordered[n - 1]:
        return ordered[n - 1]
    virtual = (n - 1) * q
    previous = np.floor(virtual)
    if virtual >= n - 1:
        previous = -1.0
    below = ordered[n - 1] if previous < 0 else ordered[int(previous)]
    above = ordered[n - 1] if previous < 0 else ordered[min(int(previous) + 1, n - 1)]
    # A Python float, as NumPy makes it: float32 values are interpolated in float32.
    gamma = float(virtual - previous)
    difference = above - below
    if gamma >= 0.5:
        return above - difference * (1.0 - gamma)
    return below + difference * gamma


def nanquantile(a, q):
    return np.quantile(a[a == a], q)


def nanpercentile(a, q):
    return np.percentile(a[a == a], q)


def nanmedian(a):
    return np.median(a[a == a])


def nanvar(a, axis=None, dtype=None, out=None, ddof=0):
    if axis is not None or dtype is not None or out is not None:
        return np._unsupported("the axis, dtype and out arguments are not supported yet")
    return np.var(a[a == a], None, None, None, ddof)


def nanstd(a, axis=None, dtype=None, out=None, ddof=0):
    if axis is not None or dtype is not None or out is not None:
        return np._unsupported("the axis, dtype and out arguments are not supported yet")
    return np.std(a[a == a], None, None, None, ddof)


def partition(a, kth, axis=-1):
    # Sorted is one of the arrangements NumPy's partition may give: the kth element of each line
    # along `axis` in place, none greater before it, none smaller after.
    # `kth` may be several positions (a sequence or an array), each checked.
    n = a.shape[np._axis_index(axis, a.ndim)]
    np._check_kth(kth, n)
    return np.sort(a, axis)


def _check_kth(kth, n):
    if isinstance(kth, np.ndarray) or isinstance(kth, (list, tuple)):
        for k in kth:
            np._check_kth(k, n)
    elif kth < -n or kth >= n:
        raise ValueError("kth out of bounds")


def argpartition(a: "1-d", kth):
    np._check_kth(kth, a.shape[0])
    return np.argsort(a)


def put(a: "1-d", ind, v):
    np._index_assign(a, ind, v)


def tril(m, k=0):
    # NumPy's: each matrix of `m` masked by its lower triangle; a vector is the row of a square.
    rows = m.shape[0] if m.ndim == 1 else m.shape[m.ndim - 2]
    lower = np.tri(rows, m.shape[m.ndim - 1], k, dtype=np.bool_)
    return np.where(lower, m, np.zeros(1, dtype=m.dtype))


def triu(m, k=0):
    rows = m.shape[0] if m.ndim == 1 else m.shape[m.ndim - 2]
    lower = np.tri(rows, m.shape[m.ndim - 1], k - 1, dtype=np.bool_)
    return np.where(lower, np.zeros(1, dtype=m.dtype), m)


def tril_indices(n, k=0, m=None):
    return np.nonzero(np.tri(n, m, k, dtype=np.bool_))


def triu_indices(n, k=0, m=None):
    return np.nonzero(~np.tri(n, m, k - 1, dtype=np.bool_))


def tril_indices_from(arr: "2-d", k=0):
    return np.tril_indices(arr.shape[0], k, arr.shape[1])


def triu_indices_from(arr: "2-d", k=0):
    return np.triu_indices(arr.shape[0], k, arr.shape[1])


def fill_diagonal(a, val, wrap=False):
    # NumPy's: `val` (an array's values in turn, repeated, cast to a's type) into every
    # (columns + 1)-th element of a matrix in C order, stopping after the top square unless `wrap`;
    # into a[i, ..., i] of an array of more dimensions, all equal.
    if isinstance(val, np.ndarray):
        values = val.reshape(-1).astype(a.dtype)
    else:
        values = np.full(1, val, dtype=a.dtype)
    if a.ndim < 2:
        raise ValueError("array must be at least 2-d")
    if values.shape[0] == 0:
        return
    if a.ndim == 2:
        columns = a.shape[1]
        end = a.shape[0] * columns if wrap else min(a.shape[0], columns) * columns
        t = 0
        for p in range(0, end, columns + 1):
            a[p // columns, p % columns] = values[t % values.shape[0]]
            t += 1
        return
    for d in range(a.ndim):
        if a.shape[d] != a.shape[0]:
            raise ValueError("All dimensions of input must be of equal length")
    diagonal = np._as_strided(a, (a.shape[0],), (sum(a.strides),), True)
    for t in range(a.shape[0]):
        diagonal[t] = values[t % values.shape[0]]


def roll(a, shift):
    flat = a.reshape(-1)
    n = flat.shape[0]
    out = np.empty(n, dtype=flat.dtype)
    for i in range(n):
        out[(i + shift) % max(n, 1)] = flat[i]
    return out.reshape(a.shape)


def repeat(a, repeats, axis=None):
    if not isinstance(a, np.ndarray):
        # A number repeats as a 1-element array does; it has no axis to repeat along.
        if axis is not None:
            raise ValueError(f"axis {axis} is out of bounds for array of dimension 0")
        return np.repeat(np.array([a]), repeats)
    if isinstance(repeats, np.ndarray):
        return np._repeat_each(a, repeats, axis)
    if repeats < 0:
        raise ValueError("negative dimensions are not allowed")
    if axis is not None:
        # Each subarray along `axis` `repeats` times, the axis moved first and back.
        k = np._axis_index(axis, a.ndim)
        moved = np.moveaxis(a, k, 0)
        out = np.empty((moved.shape[0] * repeats,) + moved.shape[1:], dtype=a.dtype)
        for i in range(moved.shape[0]):
            for j in range(repeats):
                out[i * repeats + j] = moved[i]
        return np.ascontiguousarray(np.moveaxis(out, 0, k))
    flat = a.reshape(-1)
    out = np.empty(flat.shape[0] * repeats, dtype=flat.dtype)
    for i in range(flat.shape[0]):
        for j in range(repeats):
            out[i * repeats + j] = flat[i]
    return out


def _repeat_each(a, repeats, axis):
    # np.repeat with a count for each element of the flattened array (or one count for all).
    if axis is not None:
        return np._unsupported("np.repeat with an array of repeats along an axis is not supported yet")
    flat = a.reshape(-1)
    counts = repeats.reshape(-1)
    if counts.shape[0] == 1:
        return np.repeat(flat, counts[0])
    if counts.shape[0] != flat.shape[0]:
        raise ValueError(f"operands could not be broadcast together with shape ({flat.shape[0]},) ({counts.shape[0]},)")
    total = 0
    for i in range(counts.shape[0]):
        if counts[i] < 0:
            raise ValueError("repeats may not contain negative values.")
        total += counts[i]
    out = np.empty(total, dtype=flat.dtype)
    k = 0
    for i in range(flat.shape[0]):
        for _ in range(counts[i]):
            out[k] = flat[i]
            k += 1
    return out


def tile(a, reps):
    if isinstance(reps, int) and a.ndim == 1:
        n = a.shape[0]
        out = np.empty(n * max(reps, 0), dtype=a.dtype)
        for r in range(reps):
            out[r * n:(r + 1) * n] = a
        return out
    if isinstance(reps, int):
        return np.tile(a, (1, reps))
    if len(reps) != 2 or a.ndim > 2:
        raise NotImplementedError("np.tile is supported for vectors and matrices, with a number or two of repetitions")
    return np._tile_matrix(np.atleast_2d(a), reps[0], reps[1])


def _tile_matrix(a: "2-d", down, across):
    if down < 0 or across < 0:
        raise ValueError("negative dimensions are not allowed")
    rows, columns = a.shape
    out = np.empty((rows * down, columns * across), dtype=a.dtype)
    for i in range(down):
        for j in range(across):
            out[i * rows:(i + 1) * rows, j * columns:(j + 1) * columns] = a
    return out


def resize(a, new_shape):
    # NumPy's: the flattened array repeated to fill `new_shape`, or zeros where it is empty.
    if isinstance(new_shape, int):
        return np.resize(a, (new_shape,))
    if not isinstance(a, np.ndarray):
        return np.resize(np.array([a]), new_shape)
    for extent in new_shape:
        if extent < 0:
            raise ValueError("all elements of `new_shape` must be non-negative")
    flat = a.reshape(-1)
    out = np.zeros(new_shape, dtype=flat.dtype)
    filled = out.reshape(-1)
    if flat.shape[0] > 0:
        for i in range(filled.shape[0]):
            filled[i] = flat[i % flat.shape[0]]
    return out


def shape(a):
    if isinstance(a, np.ndarray):
        return a.shape
    return ()


def size(a):
    if isinstance(a, np.ndarray):
        return a.size
    return 1


def cross(a: "1-d", b: "1-d"):
    if a.shape[0] != 3 or b.shape[0] != 3:
        raise ValueError("incompatible dimensions for cross product (dimension must be 3)")
    out = np.empty(3, dtype=(a[:0] * b[:0]).dtype)
    out[0] = a[1] * b[2] - a[2] * b[1]
    out[1] = a[2] * b[0] - a[0] * b[2]
    out[2] = a[0] * b[1] - a[1] * b[0]
    return out


def kron(a, b):
    # Of two vectors a vector; of a vector and a matrix (a row of it), a matrix.
    if a.ndim == 1 and b.ndim == 1:
        return np._kron_matrices(a.reshape(1, -1), b.reshape(1, -1)).reshape(-1)
    if a.ndim > 2 or b.ndim > 2:
        return np._unsupported("np.kron of arrays of more than 2 dimensions is not supported yet")
    return np._kron_matrices(np.atleast_2d(a), np.atleast_2d(b))


def _kron_matrices(a: "2-d", b: "2-d"):
    rows = b.shape[0]
    columns = b.shape[1]
    out = np.empty((a.shape[0] * rows, a.shape[1] * columns), dtype=(a[:0, :0] * b[:0, :0]).dtype)
    for i in range(a.shape[0]):
        for j in range(a.shape[1]):
            for k in range(rows):
                for m in range(columns):
                    out[i * rows + k, j * columns + m] = a[i, j] * b[k, m]
    return out


def convolve(a: "1-d", v: "1-d", mode="full"):
    if mode != "full" and mode != "same" and mode != "valid":
        raise ValueError("mode must be 'full', 'same' or 'valid'")
    n = a.shape[0]
    m = v.shape[0]
    if n == 0 or m == 0:
        raise ValueError("convolve: inputs cannot be empty")
    full = np.zeros(n + m - 1, dtype=(a[:0] * v[:0]).dtype)
    for i in range(n):
        for j in range(m):
            full[i + j] += a[i] * v[j]
    if mode == "full":
        return full
    if mode == "same":
        start = (min(n, m) - 1) // 2
        return full[start:start + max(n, m)].copy()
    return full[min(n, m) - 1:max(n, m)].copy()


def correlate(a: "1-d", v: "1-d", mode="valid"):
    # NumPy's correlation is the convolution with the second sequence reversed and conjugated.
    return np.convolve(a, np.conj(v[::-1]), mode)


def inner(a, b):
    # The sum of products over the last axes of vectors and matrices.
    if not isinstance(a, np.ndarray) or not isinstance(b, np.ndarray):
        return a * b
    if a.ndim == 2 and b.ndim == 2:
        return np.dot(a, b.T)
    if a.ndim == 1 and b.ndim == 2:
        return np.dot(b, a)
    if a.ndim > 2 or b.ndim > 2:
        raise NotImplementedError("np.inner of arrays of more than 2 dimensions is not supported yet")
    return np.dot(a, b)


def matmul(a, b):
    # `a @ b`, which computes products of stacks of matrices too.
    return a @ b


def _complex_product_loops(a, b):
    # `a @ b` of complex vectors and matrices inside a prange body, where products stay loops
    # (BLAS's threads would multiply the loop's) and linalg's named products cannot keep complex
    # numbers through their lowering. The operands share one dtype, their summed extents agree.
    if a.ndim == 1 and b.ndim == 1:
        total = a[:0].sum()
        for k in range(a.shape[0]):
            total += a[k] * b[k]
        return total
    if a.ndim == 2 and b.ndim == 1:
        vector = np.zeros(a.shape[0], dtype=a.dtype)
        for i in range(a.shape[0]):
            for k in range(a.shape[1]):
                vector[i] += a[i, k] * b[k]
        return vector
    if a.ndim == 1:
        row = np.zeros(b.shape[1], dtype=a.dtype)
        for k in range(a.shape[0]):
            for j in range(b.shape[1]):
                row[j] += a[k] * b[k, j]
        return row
    matrix = np.zeros((a.shape[0], b.shape[1]), dtype=a.dtype)
    for i in range(a.shape[0]):
        for k in range(a.shape[1]):
            for j in range(b.shape[1]):
                matrix[i, j] += a[i, k] * b[k, j]
    return matrix


def _matmul_stacks(a, b):
    # `a @ b` with a stack of matrices (3-D) on either side: a product per matrix, with a single
    # matrix, or a stack of one, taken for every matrix of the other side.
    stacked_a = a if a.ndim == 3 else a.reshape(1, a.shape[0], a.shape[1])
    stacked_b = b if b.ndim == 3 else b.reshape(1, b.shape[0], b.shape[1])
    count = max(stacked_a.shape[0], stacked_b.shape[0])
    if stacked_a.shape[0] != count and stacked_a.shape[0] != 1 or stacked_b.shape[0] != count and stacked_b.shape[0] != 1:
        raise ValueError(f"operands could not be broadcast together: stacks of {stacked_a.shape[0]} and {stacked_b.shape[0]} matrices")
    if stacked_a.shape[2] != stacked_b.shape[1]:
        raise ValueError(f"matmul: Input operand 1 has a mismatch in its core dimension 0, with gufunc signature (n?,k),(k,m?)->(n?,m?) (size {stacked_b.shape[1]} is different from {stacked_a.shape[2]})")
    out = np.empty((count, stacked_a.shape[1], stacked_b.shape[2]), dtype=(stacked_a[:0, :0, :0] * stacked_b[:0, :0, :0]).dtype)
    for k in range(count):
        out[k] = stacked_a[k if stacked_a.shape[0] > 1 else 0] @ stacked_b[k if stacked_b.shape[0] > 1 else 0]
    return out


def vdot(a, b):
    # The dot product of the flattened arrays, the first conjugated.
    x = a.reshape(-1)
    y = b.reshape(-1)
    if x.shape[0] != y.shape[0]:
        raise ValueError("cannot reshape array: vdot's operands differ in size")
    return np.dot(np.conj(x), y)


def indices(dimensions):
    # The index along each dimension of a grid of shape `dimensions`, for every point of it.
    if len(dimensions) == 1:
        return np.arange(dimensions[0]).reshape(1, dimensions[0])
    if len(dimensions) == 2:
        grid = np.empty((2, dimensions[0], dimensions[1]), dtype=np.int64)
        for i in range(dimensions[0]):
            for j in range(dimensions[1]):
                grid[0, i, j] = i
                grid[1, i, j] = j
        return grid
    if len(dimensions) == 3:
        grid = np.empty((3, dimensions[0], dimensions[1], dimensions[2]), dtype=np.int64)
        for i in range(dimensions[0]):
            for j in range(dimensions[1]):
                for k in range(dimensions[2]):
                    grid[0, i, j, k] = i
                    grid[1, i, j, k] = j
                    grid[2, i, j, k] = k
        return grid
    raise NotImplementedError("np.indices of more than 3 dimensions is not supported yet")


def dstack(tup):
    # Arrays joined along their third axis, each made at least 3-d first.
    if isinstance(tup, np.ndarray):
        # A list of arrays arrives as one array, its first axis the list.
        if tup.ndim == 2:
            return np.ascontiguousarray(tup.T)[None, :, :].copy()
        return np.ascontiguousarray(np.moveaxis(tup, 0, -1))
    if len(tup) == 2:
        return np.concatenate((np.atleast_3d(tup[0]), np.atleast_3d(tup[1])), axis=2)
    if len(tup) == 3:
        return np.concatenate((np.atleast_3d(tup[0]), np.atleast_3d(tup[1]), np.atleast_3d(tup[2])), axis=2)
    if len(tup) == 4:
        return np.concatenate((np.atleast_3d(tup[0]), np.atleast_3d(tup[1]), np.atleast_3d(tup[2]), np.atleast_3d(tup[3])), axis=2)
    raise NotImplementedError("np.dstack of more than 4 arrays is not supported yet")


def ascontiguousarray(a):
    # A C-ordered copy, always: NumPy returns `a` itself when it is C-ordered already, so writes
    # into the result reach `a` there and do not here.
    if isinstance(a, np.ndarray):
        out = np.empty(a.shape, dtype=a.dtype)
        out[...] = a
        return out
    return np.array([a])


def asfortranarray(a):
    # A Fortran-ordered copy: the transpose of a C-ordered array of the reversed shape.
    if isinstance(a, np.ndarray):
        out = np.empty(a.shape[::-1], dtype=a.dtype).T
        out[...] = a
        return out
    return np.array([a])


def isclose(a, b, rtol=1e-05, atol=1e-08, equal_nan=False):
    # NumPy computes with `b` as a float (float64 for integers).
    y = b * 1.0
    close = (np.abs(a - y) <= atol + rtol * np.abs(y)) & np.isfinite(y) | (a == y)
    return close | (equal_nan & np.isnan(a) & np.isnan(y))


def allclose(a, b, rtol=1e-05, atol=1e-08, equal_nan=False):
    return np.all(np.isclose(a, b, rtol, atol, equal_nan))


def array_equal(a1, a2):
    if a1.shape != a2.shape:
        return False
    return np.all(a1 == a2)


def digitize(x: "1-d", bins: "1-d", right=False):
    # For each x, the bin it falls in: searchsorted on increasing bins (from the right end on
    # decreasing ones), side='left' when right=True.
    n = bins.shape[0]
    increasing = True
    decreasing = True
    for i in range(1, n):
        increasing = increasing and bins[i - 1] <= bins[i]
        decreasing = decreasing and bins[i - 1] >= bins[i]
    if not increasing and not decreasing:
        raise ValueError("bins must be monotonically increasing or decreasing")
    out = np.empty(x.shape[0], dtype=np.int64)
    for i in range(x.shape[0]):
        if increasing:
            out[i] = np.searchsorted(bins, x[i], "left") if right else np.searchsorted(bins, x[i], "right")
        else:
            reverse = bins[::-1]
            found = np.searchsorted(reverse, x[i], "left") if right else np.searchsorted(reverse, x[i], "right")
            out[i] = n - found
    return out


def histogram(a, bins=10, range=None):
    # NumPy's equal-width bins: edges by linspace, each value's bin computed from its offset and
    # corrected against the edges; values outside the range are not counted. Given edges, each
    # value's bin is found by binary search, the last bin closed on the right.
    if isinstance(bins, np.ndarray):
        return np._histogram_edges(a, bins)
    flat = a.reshape(-1)
    if bins < 1:
        raise ValueError("`bins` must be positive, when an integer")
    if range is None:
        if flat.shape[0] == 0:
            first = 0.0
            last = 1.0
        else:
            first = flat.min() * 1.0
            last = flat.max() * 1.0
    else:
        first = range[0] * 1.0
        last = range[1] * 1.0
    if first > last:
        raise ValueError("max must be larger than min in range parameter.")
    if not (np.isfinite(first) and np.isfinite(last)):
        raise ValueError("autodetected range is not finite")
    if first == last:
        first -= 0.5
        last += 0.5
    edges = np.linspace(first, last, bins + 1)
    counts = np.zeros(bins, dtype=np.int64)
    # `range` is the parameter here, as in NumPy's signature: the loop is a while loop.
    i = -1
    while i + 1 < flat.shape[0]:
        i += 1
        value = flat[i]
        if value >= first and value <= last:
            index = int((value - first) / (last - first) * bins)
            if index == bins:
                index -= 1
            if value < edges[index]:
                index -= 1
            elif value >= edges[index + 1] and index != bins - 1:
                index += 1
            counts[index] += 1
    return counts, edges


def _histogram_edges(a, edges: "1-d"):
    n = edges.shape[0]
    for i in range(1, n):
        if edges[i - 1] > edges[i]:
            raise ValueError("`bins` must increase monotonically, when an array")
    counts = np.zeros(max(n - 1, 0), dtype=np.int64)
    flat = a.reshape(-1)
    for i in range(flat.shape[0]):
        value = flat[i]
        if n > 1 and value >= edges[0] and value <= edges[n - 1]:
            index = np.searchsorted(edges, value, "right") - 1
            counts[min(index, n - 2)] += 1
    return counts, edges


# np.random, NumPy's legacy RandomState: `np.random.name` is `_random_name` here. The draws come
# from the runtime's per-thread MT19937 (`np.random._double()`, `_gauss()`, `_bounded(n)` for an
# integer in [0, n], `_seed(n)`), so a seeded sequence is NumPy's.


def _random_seed(seed):
    if seed < 0 or seed > 4294967295:
        raise ValueError("Seed must be between 0 and 2**32 - 1")
    np.random._seed(seed)


def _draw(kind, a, b):
    # One draw of the distribution `kind` (a string known when compiling, so each use compiles
    # to its own branch) with parameters a and b.
    if kind == "uniform":
        return a + b * np.random._double()
    if kind == "normal":
        return a + b * np.random._gauss()
    if kind == "exponential":
        return a * -np.log(1.0 - np.random._double())
    if kind == "gamma":
        return b * np._standard_gamma(a)
    if kind == "beta":
        return np._beta(a, b)
    if kind == "poisson":
        return np._poisson(a)
    if kind == "binomial":
        return np._binomial(a, b)
    return a + np.random._bounded(b)


def _draws(kind, a, b, size, dtype=None):
    # A draw, or an array of shape `size` of them (of `dtype`, float64 unless given).
    if size is None:
        return np._draw(kind, a, b)
    out = np.empty(size, dtype=np.float64 if dtype is None else dtype)
    flat = out.reshape(-1)
    for i in range(flat.shape[0]):
        flat[i] = np._draw(kind, a, b)
    return out


def _random_random(size=None):
    return np._draws("uniform", 0.0, 1.0, size)


def _random_random_sample(size=None):
    return np._draws("uniform", 0.0, 1.0, size)


def _random_ranf(size=None):
    return np._draws("uniform", 0.0, 1.0, size)


def _random_sample(size=None):
    return np._draws("uniform", 0.0, 1.0, size)


def _random_rand(d0=None, d1=None, d2=None):
    return np._draws("uniform", 0.0, 1.0, np._dimensions(d0, d1, d2))


def _dimensions(d0, d1, d2):
    # The shape `rand` and `randn` take as separate arguments: None, an int or a tuple.
    if d0 is None:
        return None
    if d1 is None:
        return d0
    if d2 is None:
        return (d0, d1)
    return (d0, d1, d2)


def _random_standard_normal(size=None):
    return np._draws("normal", 0.0, 1.0, size)


def _random_randn(d0=None, d1=None, d2=None):
    return np._draws("normal", 0.0, 1.0, np._dimensions(d0, d1, d2))


def _random_normal(loc=0.0, scale=1.0, size=None):
    if scale < 0:
        raise ValueError("scale < 0")
    return np._draws("normal", loc, scale, size)


def _random_uniform(low=0.0, high=1.0, size=None):
    return np._draws("uniform", low, high - low, size)


def _random_standard_exponential(size=None):
    return np._draws("exponential", 1.0, 0.0, size)


def _random_exponential(scale=1.0, size=None):
    if scale < 0:
        raise ValueError("scale < 0")
    return np._draws("exponential", scale, 0.0, size)


def _random_randint(low, high=None, size=None):
    # NumPy's legacy bounded integers: low + a masked draw in [0, high - low - 1].
    if high is None:
        return np._random_randint(0, low, size)
    if low >= high:
        raise ValueError("low >= high")
    return np._draws("integers", low, high - low - 1, size, np.int64)


def _random_standard_gamma(shape, size=None):
    if shape < 0:
        raise ValueError("shape < 0")
    return np._draws("gamma", shape, 1.0, size)


def _random_gamma(shape, scale=1.0, size=None):
    if shape < 0:
        raise ValueError("shape < 0")
    if scale < 0:
        raise ValueError("scale < 0")
    return np._draws("gamma", shape, scale, size)


def _random_beta(a, b, size=None):
    if a <= 0:
        raise ValueError("a <= 0")
    if b <= 0:
        raise ValueError("b <= 0")
    return np._draws("beta", a, b, size)


def _random_binomial(n, p, size=None):
    if n < 0:
        raise ValueError("n < 0")
    if p < 0 or p > 1 or p != p:
        raise ValueError("p < 0, p > 1 or p is NaN")
    return np._draws("binomial", n, p, size, np.int64)


def _binomial(n, p):
    # NumPy's legacy binomial by inversion, from the smaller of p and 1 - p (one draw even for
    # n == 0 or p == 0, as the legacy generator takes it); BTPE (for a mean above 30) is not
    # written yet.
    if p <= 0.5:
        return np._binomial_inversion(n, p)
    return n - np._binomial_inversion(n, 1.0 - p)


def _binomial_inversion(n, p):
    if p * n > 30.0:
        raise NotImplementedError("np.random.binomial with n * min(p, 1 - p) above 30 (NumPy's BTPE) is not supported yet")
    q = 1.0 - p
    qn = np.exp(n * np.log(q))
    mean = n * p
    bound = int(min(n, mean + 10.0 * np.sqrt(mean * q + 1)))
    x = 0
    px = qn
    u = np.random._double()
    while u > px:
        x += 1
        if x > bound:
            x = 0
            px = qn
            u = np.random._double()
        else:
            u -= px
            px = ((n - x + 1) * p * px) / (x * q)
    return x


def _random_poisson(lam=1.0, size=None):
    if lam < 0:
        raise ValueError("lam < 0")
    return np._draws("poisson", lam, 0, size, np.int64)


def _random_choice(a, size=None, replace=True):
    # With replacement and equal weights, as NumPy draws it: randint(0, len(a), size) indexes `a`;
    # without, the first items of a permutation of `a`.
    if not replace:
        return np._choice_without_replacement(a, size)
    if isinstance(a, int):
        return np.random.randint(0, a, size)
    if a.shape[0] == 0:
        raise ValueError("'a' cannot be empty unless no samples are taken")
    if size is None:
        return a[np.random.randint(0, a.shape[0])]
    return a.reshape(-1)[np.random.randint(0, a.shape[0], size).reshape(-1)].reshape(size)


def _choice_without_replacement(a, size):
    population = np.random.permutation(a)
    if population.shape[0] == 0:
        raise ValueError("'a' cannot be empty unless no samples are taken")
    if size is None:
        return population[0]
    out = np.empty(size, population.dtype)
    if out.size > population.shape[0]:
        raise ValueError("Cannot take a larger sample than population when 'replace=False'")
    flat = out.reshape(-1)
    for position in range(flat.shape[0]):
        flat[position] = population[position]
    return out


def _random_shuffle(x: "1-d"):
    # Fisher-Yates from the end, as NumPy's legacy shuffle draws.
    for i in range(x.shape[0] - 1, 0, -1):
        j = np.random._bounded(i)
        swapped = x[i]
        x[i] = x[j]
        x[j] = swapped


def _random_permutation(x):
    if isinstance(x, int):
        out = np.arange(x)
    else:
        out = x.copy()
    np.random.shuffle(out)
    return out


def ravel(a):
    return a.reshape(-1)


def _as_vector(values):
    # A number, an array or a list or tuple of numbers, flattened into a vector.
    if isinstance(values, np.ndarray):
        return values.reshape(-1)
    if isinstance(values, (int, float, complex, bool)):
        return np.full(1, values)
    return np.asarray(values).reshape(-1)


def append(arr, values, axis=None):
    # Both flattened and joined, or joined along `axis`.
    if axis is None:
        return np.concatenate((np._as_vector(arr), np._as_vector(values)))
    k = np._axis_index(axis, arr.ndim)
    joined = np.concatenate((np.moveaxis(arr, k, 0), np.moveaxis(values, k, 0)))
    return np.ascontiguousarray(np.moveaxis(joined, 0, k))


def delete(arr, obj, axis=None):
    # Of the flattened array (Numba's form): without the item at position `obj`, or at each
    # position an array, list or tuple `obj` holds.
    if axis is not None:
        return np._unsupported("np.delete along an axis is not supported yet")
    flat = np._as_vector(arr)
    n = flat.shape[0]
    keep = np.ones(n, dtype=np.bool_)
    if isinstance(obj, (int, bool)):
        keep[np._position_within(obj, n)] = False
    else:
        for position in obj:
            keep[np._position_within(position, n)] = False
    return flat[keep]


def _position_within(i, n):
    if i < -n or i >= n:
        raise IndexError(f"index {i} is out of bounds for axis 0 with size {n}")
    return i + n if i < 0 else i


def insert(arr, obj, values, axis=None):
    # Of the flattened array (Numba's form): `values` (a number, or the items of an array, list
    # or tuple) placed before position `obj`.
    if axis is not None:
        return np._unsupported("np.insert along an axis is not supported yet")
    if not isinstance(obj, int):
        return np._unsupported("np.insert takes one position (an integer)")
    flat = np._as_vector(arr)
    n = flat.shape[0]
    if obj < -n or obj > n:
        raise IndexError(f"index {obj} is out of bounds for axis 0 with size {n}")
    at = obj + n if obj < 0 else obj
    added = np._as_vector(values)
    out = np.empty(n + added.shape[0], dtype=flat.dtype)
    out[:at] = flat[:at]
    for i in range(added.shape[0]):
        out[at + i] = added[i]
    out[at + added.shape[0]:] = flat[at:]
    return out


def array_split(ary, indices_or_sections, axis=0):
    # Views of `ary` along `axis`: `indices_or_sections` parts (the first ones one longer where
    # they do not divide evenly), or the parts between the given positions.
    k = np._axis_index(axis, ary.ndim)
    lines = np.swapaxes(ary, 0, k)
    n = lines.shape[0]
    parts = []
    if isinstance(indices_or_sections, int):
        if indices_or_sections <= 0:
            raise ValueError("number sections must be larger than 0.")
        size = n // indices_or_sections
        extra = n % indices_or_sections
        start = 0
        for i in range(indices_or_sections):
            end = start + size + (1 if i < extra else 0)
            parts.append(np.swapaxes(lines[start:end], 0, k))
            start = end
    else:
        start = 0
        for end in indices_or_sections:
            parts.append(np.swapaxes(lines[start:end], 0, k))
            start = end
        parts.append(np.swapaxes(lines[start:], 0, k))
    return parts


def split(ary, indices_or_sections, axis=0):
    # As array_split, but parts given by number must be equal.
    if isinstance(indices_or_sections, int):
        if indices_or_sections > 0 and ary.shape[np._axis_index(axis, ary.ndim)] % indices_or_sections != 0:
            raise ValueError("array split does not result in an equal division")
    return np.array_split(ary, indices_or_sections, axis)


def hsplit(ary, indices_or_sections):
    if ary.ndim == 0:
        raise ValueError("hsplit only works on arrays of 1 or more dimensions")
    return np.split(ary, indices_or_sections, 1 if ary.ndim > 1 else 0)


def vsplit(ary, indices_or_sections):
    if ary.ndim < 2:
        raise ValueError("vsplit only works on arrays of 2 or more dimensions")
    return np.split(ary, indices_or_sections, 0)


def dsplit(ary, indices_or_sections):
    if ary.ndim < 3:
        raise ValueError("dsplit only works on arrays of 3 or more dimensions")
    return np.split(ary, indices_or_sections, 2)


def select(condlist, choicelist, default=0):
    # Where a condition first holds (in list order) its choice, elsewhere the default.
    if len(condlist) != len(choicelist):
        raise ValueError("list of cases must be same length as list of conditions")
    n = len(condlist)
    if n == 0:
        raise ValueError("select with an empty condition list is not possible")
    out = np.where(condlist[n - 1], choicelist[n - 1], default)
    for i in range(n - 2, -1, -1):
        out = np.where(condlist[i], choicelist[i], out)
    return out


def take_along_axis(arr, indices, axis):
    # Along `axis`, the items at `indices` (of the array's rank; the other axes of equal extents,
    # or of the flattened array for axis None).
    if axis is None:
        return np.take(arr.reshape(-1), indices)
    if indices.ndim != arr.ndim:
        raise ValueError("`indices` and `arr` must have the same number of dimensions")
    lines, rows = np._moved_lines(arr, axis)
    chosen, index_rows = np._moved_lines(indices, axis)
    if np._removed(lines.shape, lines.ndim - 1) != np._removed(chosen.shape, chosen.ndim - 1):
        raise NotImplementedError("take_along_axis: the indices' other axes must have the array's extents (broadcasting them is not supported yet)")
    out = np.empty(chosen.shape, dtype=arr.dtype)
    out_rows = out.reshape(index_rows.shape)
    for i in range(rows.shape[0]):
        for j in range(index_rows.shape[1]):
            out_rows[i, j] = rows[i, np._position_within(index_rows[i, j], rows.shape[1])]
    return np._moved_back(out, axis)


def nan_to_num(x, copy=True, nan=0.0, posinf=None, neginf=None):
    # Of real numbers: NaN as `nan`, infinities as the type's largest (smallest) finite number or
    # `posinf` (`neginf`); integers as they are. In place when `copy` is false.
    if not isinstance(x, np.ndarray):
        return np._finite_number(x, nan, posinf, neginf)
    out = x.copy() if copy else x
    if out.dtype == np.float32 or out.dtype == np.float64:
        for index in np.ndindex(out.shape):
            out[index] = np._finite_number(out[index], nan, posinf, neginf)
    return out


def _finite_number(value, nan, posinf, neginf):
    if isinstance(value, (int, bool)):
        return value
    if value != value:
        return nan
    if value == np.inf:
        return np.finfo(value.dtype).max if posinf is None else posinf
    if value == -np.inf:
        return np.finfo(value.dtype).min if neginf is None else neginf
    return value


def isscalar(element):
    return isinstance(element, (int, float, complex, bool, str))


def iscomplex(x):
    return np.imag(x) != 0


def isreal(x):
    return np.imag(x) == 0


def asarray_chkfinite(a, dtype=None):
    out = np.asarray(a) if dtype is None else np.asarray(a, dtype)
    if not np.isfinite(out).all():
        raise ValueError("array must not contain infs or NaNs")
    return out


def polyval(p, x):
    # Horner's scheme over the coefficients, highest power first, in the type the coefficients
    # and `x` give.
    coefficients = np._as_vector(p)
    y = x * 0 + coefficients[:1].sum() * 0
    for i in range(coefficients.shape[0]):
        y = y * x + coefficients[i]
    return y


def unravel_index(indices, shape):
    # Where the flat index lies in an array of `shape` (C order): a tuple of one index per
    # dimension; of an array of flat indices, a tuple of arrays of the indices' shape.
    if not isinstance(shape, tuple):
        return np.unravel_index(indices, (shape,))
    size = 1
    for extent in shape:
        size *= extent
    if isinstance(indices, np.ndarray):
        flat = indices.reshape(-1)
        for k in range(flat.shape[0]):
            np._flat_index_within(flat[k], size)
    else:
        np._flat_index_within(indices, size)
    return np._unravel(indices, shape)


def _flat_index_within(index, size):
    if index < 0 or index >= size:
        raise ValueError(f"index {index} is out of bounds for array with size {size}")


def _unravel(index, shape):
    if len(shape) == 1:
        return (index,)
    return np._unravel(index // shape[-1], shape[:-1]) + (index % shape[-1],)


# ndarray methods: `a.name(...)` is `_method_name(a, ...)` here.


def _method_any(a):
    return np.any(a)


def _method_all(a):
    return np.all(a)


def _method_argsort(a, axis=-1, kind=None):
    return np.argsort(a, axis, kind)


def _method_sort(a, axis=-1, kind=None):
    # In place, as the method sorts (np.sort returns a sorted copy).
    a[...] = np.sort(a, axis, kind)


def _method_cumsum(a, axis=None):
    return np.cumsum(a, axis)


def _method_cumprod(a, axis=None):
    return np.cumprod(a, axis)


def _method_nonzero(a):
    return np.nonzero(a)


def _method_ravel(a):
    return a.reshape(-1)


def _method_flatten(a):
    return a.reshape(-1).copy()


def _method_repeat(a, repeats):
    return np.repeat(a, repeats)


def _method_var(a, axis=None, dtype=None, out=None, ddof=0):
    return np.var(a, axis, dtype, out, ddof)


def _method_std(a, axis=None, dtype=None, out=None, ddof=0):
    return np.std(a, axis, dtype, out, ddof)


def _method_trace(a: "2-d", offset=0):
    return np.trace(a, offset)


def _method_searchsorted(a: "1-d", v, side="left"):
    return np.searchsorted(a, v, side)


def _method_take(a, indices, axis=None):
    return np.take(a, indices, axis)


def _method_clip(a, a_min, a_max):
    return np.clip(a, a_min, a_max)


def _method_fill(a, value):
    a[...] = value


def _method_type(dtype, value):
    # `a.dtype.type(value)`: the scalar type's constructor, converting as an array's store does.
    out = np.empty(1, dtype)
    out[0] = value
    return out[0]


def _method_item(a):
    if not isinstance(a, np.ndarray):
        return a
    if a.size != 1:
        raise ValueError("can only convert an array of size 1 to a Python scalar")
    return a.reshape(-1)[0]


def _standard_gamma(shape):
    # NumPy's legacy_standard_gamma: Marsaglia and Tsang's method for shape >= 1, rejection
    # from the exponential below.
    if shape == 1.0:
        return -np.log(1.0 - np.random._double())
    if shape == 0.0:
        return 0.0
    if shape < 1.0:
        while True:
            u = np.random._double()
            v = -np.log(1.0 - np.random._double())
            if u <= 1.0 - shape:
                x = u ** (1.0 / shape)
                if x <= v:
                    return x
            else:
                y = -np.log((1.0 - u) / shape)
                x = (1.0 - shape + shape * y) ** (1.0 / shape)
                if x <= v + y:
                    return x
    b = shape - 1.0 / 3.0
    c = 1.0 / np.sqrt(9.0 * b)
    while True:
        x = np.random._gauss()
        v = 1.0 + c * x
        while v <= 0.0:
            x = np.random._gauss()
            v = 1.0 + c * x
        v = v * v * v
        u = np.random._double()
        if u < 1.0 - 0.0331 * (x * x) * (x * x):
            return b * v
        if np.log(u) < 0.5 * x * x + b * (1.0 - v + np.log(v)):
            return b * v


def _beta(a, b):
    # NumPy's legacy_beta: Johnk's algorithm for a, b <= 1, else from two gammas.
    if a <= 1.0 and b <= 1.0:
        while True:
            u = np.random._double()
            v = np.random._double()
            x = u ** (1.0 / a)
            y = v ** (1.0 / b)
            if x + y <= 1.0:
                if x + y > 0:
                    return x / (x + y)
                log_x = np.log(u) / a
                log_y = np.log(v) / b
                log_m = max(log_x, log_y)
                log_x -= log_m
                log_y -= log_m
                return np.exp(log_x - np.log(np.exp(log_x) + np.exp(log_y)))
    gamma_a = np._standard_gamma(a)
    gamma_b = np._standard_gamma(b)
    return gamma_a / (gamma_a + gamma_b)


def _poisson(lam):
    # NumPy's random_poisson: PTRS (Hörmann's transformed rejection) from lam >= 10, products of
    # uniforms below.
    if lam >= 10:
        slam = np.sqrt(lam)
        loglam = np.log(lam)
        b = 0.931 + 2.53 * slam
        a = -0.059 + 0.02483 * b
        invalpha = 1.1239 + 1.1328 / (b - 3.4)
        vr = 0.9277 - 3.6224 / (b - 2)
        while True:
            u = np.random._double() - 0.5
            v = np.random._double()
            us = 0.5 - np.abs(u)
            k = int(np.floor((2 * a / us + b) * u + lam + 0.43))
            if us >= 0.07 and v <= vr:
                return k
            if k < 0 or (us < 0.013 and v > us):
                continue
            if np.log(v) + np.log(invalpha) - np.log(a / (us * us) + b) <= -lam + k * loglam - np._loggam(k + 1.0):
                return k
    if lam == 0:
        return 0
    enlam = np.exp(-lam)
    count = 0
    product = 1.0
    while True:
        product *= np.random._double()
        if product > enlam:
            count += 1
        else:
            return count


def _loggam(x):
    # NumPy's random_loggam: Stirling's series from x + n >= 7, recurred down to x.
    if x == 1.0 or x == 2.0:
        return 0.0
    n = 0
    if x < 7.0:
        n = int(7 - x)
    x0 = x + n
    x2 = (1.0 / x0) * (1.0 / x0)
    coefficients = (8.333333333333333e-02, -2.777777777777778e-03, 7.936507936507937e-04, -5.952380952380952e-04, 8.417508417508418e-04,
                    -1.917526917526918e-03, 6.410256410256410e-03, -2.955065359477124e-02, 1.796443723688307e-01, -1.39243221690590e+00)
    gl0 = coefficients[9]
    gl0 = gl0 * x2 + coefficients[8]
    gl0 = gl0 * x2 + coefficients[7]
    gl0 = gl0 * x2 + coefficients[6]
    gl0 = gl0 * x2 + coefficients[5]
    gl0 = gl0 * x2 + coefficients[4]
    gl0 = gl0 * x2 + coefficients[3]
    gl0 = gl0 * x2 + coefficients[2]
    gl0 = gl0 * x2 + coefficients[1]
    gl0 = gl0 * x2 + coefficients[0]
    gl = gl0 / x0 + 0.5 * 1.8378770664093453 + (x0 - 0.5) * np.log(x0) - x0
    for k in range(n):
        gl -= np.log(x0 - 1.0)
        x0 -= 1.0
    return gl


def logspace(start, stop, num=50, endpoint=True, base=10.0):
    exponents = np.linspace(start, stop, num) if endpoint else np.linspace(start, stop, num, endpoint=False)
    return np.power(base, exponents)


def geomspace(start, stop, num=50, endpoint=True):
    # NumPy's: powers of ten between the logarithms, the ends set to `start` and `stop` exactly.
    if start == 0 or stop == 0:
        raise ValueError("Geometric sequence cannot include zero")
    if (start < 0) != (stop < 0):
        raise NotImplementedError("np.geomspace between numbers of opposite signs gives complex numbers, which are not supported yet")
    sign = -1.0 if start < 0 else 1.0
    low = start * sign
    high = stop * sign
    result = np.logspace(np.log10(low), np.log10(high), num, endpoint, 10.0)
    if num > 0:
        result[0] = low
        if num > 1 and endpoint:
            result[num - 1] = high
    return result * sign


def hanning(M):
    return np._window(M, "hanning")


def hamming(M):
    return np._window(M, "hamming")


def bartlett(M):
    return np._window(M, "bartlett")


def blackman(M):
    return np._window(M, "blackman")


def _window(M, kind):
    # NumPy's formulas over the M points n = 1 - M, 3 - M, ..., M - 1.
    if not isinstance(M, int):
        return np._unsupported("takes an integer M")
    if M < 1:
        return np.zeros(0)
    if M == 1:
        return np.ones(1)
    n = np.arange(1 - M, M, 2)
    if kind == "bartlett":
        return np.where(n <= 0, 1 + n / (M - 1), 1 - n / (M - 1))
    x = np.pi * n / (M - 1)
    if kind == "hanning":
        return 0.5 + 0.5 * np.cos(x)
    if kind == "hamming":
        return 0.54 + 0.46 * np.cos(x)
    return 0.42 + 0.5 * np.cos(x) + 0.08 * np.cos(2.0 * np.pi * n / (M - 1))


def kaiser(M, beta):
    if not isinstance(M, int):
        return np._unsupported("takes an integer M")
    if M == 1:
        return np.ones(1)
    alpha = (M - 1) / 2.0
    out = np.empty(max(M, 0))
    for i in range(out.shape[0]):
        r = (i - alpha) / alpha
        out[i] = np._i0(beta * np.sqrt(1 - r * r)) / np._i0(float(beta))
    return out


def _i0(x):
    # NumPy's np.i0 of a number: Cephes' Chebyshev expansions of exp(-x) I0(x) on [0, 8] and
    # of exp(-x) sqrt(x) I0(x) beyond.
    x = abs(x)
    if x <= 8.0:
        return np.exp(x) * np._chebyshev(x / 2.0 - 2, (
            -4.41534164647933937950E-18, 3.33079451882223809783E-17, -2.43127984654795469359E-16,
            1.71539128555513303061E-15, -1.16853328779934516808E-14, 7.67618549860493561688E-14,
            -4.85644678311192946090E-13, 2.95505266312963983461E-12, -1.72682629144155570723E-11,
            9.67580903537323691224E-11, -5.18979560163526290666E-10, 2.65982372468238665035E-9,
            -1.30002500998624804212E-8, 6.04699502254191894932E-8, -2.67079385394061173391E-7,
            1.11738753912010371815E-6, -4.41673835845875056359E-6, 1.64484480707288970893E-5,
            -5.75419501008210370398E-5, 1.88502885095841655729E-4, -5.76375574538582365885E-4,
            1.63947561694133579842E-3, -4.32430999505057594430E-3, 1.05464603945949983183E-2,
            -2.37374148058994688156E-2, 4.93052842396707084878E-2, -9.49010970480476444210E-2,
            1.71620901522208775349E-1, -3.04682672343198398683E-1, 6.76795274409476084995E-1))
    return np.exp(x) * np._chebyshev(32.0 / x - 2.0, (
        -7.23318048787475395456E-18, -4.83050448594418207126E-18, 4.46562142029675999901E-17,
        3.46122286769746109310E-17, -2.82762398051658348494E-16, -3.42548561967721913462E-16,
        1.77256013305652638360E-15, 3.81168066935262242075E-15, -9.55484669882830764870E-15,
        -4.15056934728722208663E-14, 1.54008621752140982691E-14, 3.85277838274214270114E-13,
        7.18012445138366623367E-13, -1.79417853150680611778E-12, -1.32158118404477131188E-11,
        -3.14991652796324136454E-11, 1.18891471078464383424E-11, 4.94060238822496958910E-10,
        3.39623202570838634515E-9, 2.26666899049817806459E-8, 2.04891858946906374183E-7,
        2.89137052083475648297E-6, 6.88975834691682398426E-5, 3.36911647825569408990E-3,
        8.04490411014108831608E-1)) / np.sqrt(x)


def _chebyshev(x, coefficients):
    b0 = 0.0
    b1 = 0.0
    b2 = 0.0
    for c in coefficients:
        b2 = b1
        b1 = b0
        b0 = x * b1 - b2 + c
    return 0.5 * (b0 - b2)


def meshgrid(x: "1-d", y: "1-d"):
    # indexing='xy': x varies along the columns, y along the rows.
    xs = np.empty((y.shape[0], x.shape[0]), dtype=x.dtype)
    ys = np.empty((y.shape[0], x.shape[0]), dtype=y.dtype)
    for i in range(y.shape[0]):
        for j in range(x.shape[0]):
            xs[i, j] = x[j]
            ys[i, j] = y[i]
    return xs, ys


def tri(n, m=None, k=0, dtype=None):
    columns = n if m is None else m
    out = np.zeros((n, columns), dtype=np.float64 if dtype is None else dtype)
    for i in range(n):
        for j in range(min(max(i + k + 1, 0), columns)):
            out[i, j] = 1
    return out


def diagflat(v):
    return np.diag(v.reshape(-1))


def fliplr(m: "2-d"):
    return m[:, ::-1]


def flipud(m):
    return m[::-1]


def swapaxes(a, axis1, axis2):
    i = np._axis_index(axis1, a.ndim)
    j = np._axis_index(axis2, a.ndim)
    return np._as_strided(a, np._swapped(a.shape, i, j), np._swapped(a.strides, i, j), True)


def moveaxis(a, source, destination):
    i = np._axis_index(source, a.ndim)
    j = np._axis_index(destination, a.ndim)
    shape = np._inserted(np._removed(a.shape, i), j, a.shape[i])
    return np._as_strided(a, shape, np._inserted(np._removed(a.strides, i), j, a.strides[i]), True)


def expand_dims(a, axis):
    k = np._axis_index(axis, a.ndim + 1)
    return np._as_strided(a, np._inserted(a.shape, k, 1), np._inserted(a.strides, k, 0), True)


def squeeze(a, axis=None):
    if axis is None:
        return np._unsupported("needs axis= in compiled code: without it the result's number of dimensions would depend on the run-time shape")
    k = np._axis_index(axis, a.ndim)
    if a.shape[k] != 1:
        raise ValueError("cannot select an axis to squeeze out which has size not equal to one")
    return np._as_strided(a, np._removed(a.shape, k), np._removed(a.strides, k), True)


def _method_squeeze(a, axis=None):
    return np.squeeze(a, axis)


def transpose(a, axes=None):
    # With `axes`, a view with the dimensions in that order (without, the op `py.transpose`).
    if axes is None:
        return a.T
    if len(axes) != a.ndim:
        raise ValueError("axes don't match array")
    for i in range(a.ndim):
        for j in range(i):
            if np._axis_index(axes[i], a.ndim) == np._axis_index(axes[j], a.ndim):
                raise ValueError("repeated axis in transpose")
    return np._as_strided(a, np._permuted(a.shape, axes, a.ndim), np._permuted(a.strides, axes, a.ndim), True)


def _method_transpose(a, axes=None, axis1=None, axis2=None, axis3=None):
    # `a.transpose((2, 0, 1))` or `a.transpose(2, 0, 1)`, up to four dimensions written out.
    if axis1 is None:
        return np.transpose(a, axes)
    if axis2 is None:
        return np.transpose(a, (axes, axis1))
    if axis3 is None:
        return np.transpose(a, (axes, axis1, axis2))
    return np.transpose(a, (axes, axis1, axis2, axis3))


def _method_swapaxes(a, axis1, axis2):
    return np.swapaxes(a, axis1, axis2)


def broadcast_to(a, shape):
    # A read-only view in which each dimension `a` lacks, or has with extent 1, repeats (stride 0).
    if not isinstance(shape, tuple):
        return np.broadcast_to(a, (shape,))
    if not isinstance(a, np.ndarray):
        return np.broadcast_to(np.array([a]), shape)
    if len(shape) < a.ndim:
        raise ValueError("input operand has more dimensions than allowed by the axis remapping")
    lead = len(shape) - a.ndim
    for i in range(len(shape)):
        if shape[i] < 0:
            raise ValueError("all elements of broadcast shape must be non-negative")
        if i >= lead and a.shape[i - lead] != 1 and a.shape[i - lead] != shape[i]:
            raise ValueError("operands could not be broadcast together with remapped shapes")
    return np._as_strided(a, shape, np._broadcast_strides(a, shape, lead), False)


def broadcast_arrays(a, b=None, c=None, d=None):
    # A tuple (NumPy's) of read-only views of each array repeated to their common shape.
    shape = np.broadcast_shapes(np._shape_of(a), np._shape_of(b), np._shape_of(c), np._shape_of(d))
    if b is None:
        return (np.broadcast_to(a, shape),)
    if c is None:
        return (np.broadcast_to(a, shape), np.broadcast_to(b, shape))
    if d is None:
        return (np.broadcast_to(a, shape), np.broadcast_to(b, shape), np.broadcast_to(c, shape))
    return (np.broadcast_to(a, shape), np.broadcast_to(b, shape), np.broadcast_to(c, shape), np.broadcast_to(d, shape))


def _shape_of(a):
    # An array's shape, a number's `()`; None stays None (an argument not given).
    if a is None:
        return None
    if isinstance(a, np.ndarray):
        return a.shape
    return ()


def broadcast_shapes(s, t=None, u=None, v=None):
    # The shape that arrays of shapes `s`, `t`, `u` and `v` (tuples or single extents) broadcast to.
    if t is None:
        return np._as_shape(s)
    if u is None:
        return np._broadcast_shape_pair(np._as_shape(s), np._as_shape(t))
    return np.broadcast_shapes(np._broadcast_shape_pair(np._as_shape(s), np._as_shape(t)), u, v)


def _as_shape(s):
    if isinstance(s, tuple):
        return s
    return (s,)


def _broadcast_shape_pair(s, t):
    if len(s) < len(t):
        return np._broadcast_shape_pair(t, s)
    if len(t) == 0:
        return s
    lead = len(s) - len(t)
    if len(s) == 1:
        return (np._broadcast_extent(s, t, lead, 0),)
    if len(s) == 2:
        return (np._broadcast_extent(s, t, lead, 0), np._broadcast_extent(s, t, lead, 1))
    if len(s) == 3:
        return (np._broadcast_extent(s, t, lead, 0), np._broadcast_extent(s, t, lead, 1), np._broadcast_extent(s, t, lead, 2))
    if len(s) == 4:
        return (np._broadcast_extent(s, t, lead, 0), np._broadcast_extent(s, t, lead, 1), np._broadcast_extent(s, t, lead, 2),
                np._broadcast_extent(s, t, lead, 3))
    return np._unsupported("broadcasting shapes of more than 4 dimensions is not supported yet")


def _broadcast_extent(s, t, lead, i):
    # Extent `i` of the broadcast of `s` with the shorter `t` aligned to its end.
    if i < lead or t[i - lead] == s[i] or t[i - lead] == 1:
        return s[i]
    if s[i] == 1:
        return t[i - lead]
    raise ValueError("shape mismatch: objects cannot be broadcast to a single shape")


def _broadcast_strides(a, shape, lead):
    # Per dimension of `shape`: `a`'s stride where `a` has the extent, 0 where it repeats.
    if len(shape) == 1:
        return (np._broadcast_stride(a, shape, lead, 0),)
    if len(shape) == 2:
        return (np._broadcast_stride(a, shape, lead, 0), np._broadcast_stride(a, shape, lead, 1))
    if len(shape) == 3:
        return (np._broadcast_stride(a, shape, lead, 0), np._broadcast_stride(a, shape, lead, 1), np._broadcast_stride(a, shape, lead, 2))
    if len(shape) == 4:
        return (np._broadcast_stride(a, shape, lead, 0), np._broadcast_stride(a, shape, lead, 1), np._broadcast_stride(a, shape, lead, 2),
                np._broadcast_stride(a, shape, lead, 3))
    if len(shape) == 5:
        return (np._broadcast_stride(a, shape, lead, 0), np._broadcast_stride(a, shape, lead, 1), np._broadcast_stride(a, shape, lead, 2),
                np._broadcast_stride(a, shape, lead, 3), np._broadcast_stride(a, shape, lead, 4))
    if len(shape) == 6:
        return (np._broadcast_stride(a, shape, lead, 0), np._broadcast_stride(a, shape, lead, 1), np._broadcast_stride(a, shape, lead, 2),
                np._broadcast_stride(a, shape, lead, 3), np._broadcast_stride(a, shape, lead, 4), np._broadcast_stride(a, shape, lead, 5))
    if len(shape) == 7:
        return (np._broadcast_stride(a, shape, lead, 0), np._broadcast_stride(a, shape, lead, 1), np._broadcast_stride(a, shape, lead, 2),
                np._broadcast_stride(a, shape, lead, 3), np._broadcast_stride(a, shape, lead, 4), np._broadcast_stride(a, shape, lead, 5),
                np._broadcast_stride(a, shape, lead, 6))
    if len(shape) == 8:
        return (np._broadcast_stride(a, shape, lead, 0), np._broadcast_stride(a, shape, lead, 1), np._broadcast_stride(a, shape, lead, 2),
                np._broadcast_stride(a, shape, lead, 3), np._broadcast_stride(a, shape, lead, 4), np._broadcast_stride(a, shape, lead, 5),
                np._broadcast_stride(a, shape, lead, 6), np._broadcast_stride(a, shape, lead, 7))
    raise NotImplementedError("views of more than 8 dimensions are not supported yet")


def _broadcast_stride(a, shape, lead, i):
    if i < lead or a.shape[i - lead] != shape[i]:
        return 0
    return a.strides[i - lead]


def _axis_index(axis, ndim):
    # `axis` of an array of `ndim` dimensions counted from 0, as NumPy's normalize_axis_index.
    if axis < -ndim or axis >= ndim:
        raise ValueError("axis is out of bounds for the array's dimensions")
    return axis + ndim if axis < 0 else axis


# Tuples of up to 8 numbers with one changed, for the views above: each tuple length is a case.

def _stride_tricks_as_strided(x, shape=None, strides=None):
    # A view of `x`'s memory with the given extents and byte steps (Numba's form: no subok or
    # writeable); unchecked, as NumPy's.
    if shape is None:
        shape = x.shape
    if strides is None:
        strides = x.strides
    return np._as_strided(x, shape, strides, True)


def _stride_tricks_sliding_window_view(x, window_shape, axis=None):
    # NumPy's: a read-only view of every window of `window_shape` over `axis` (over every axis when
    # None): each windowed axis shortened by its window less one, then the window's own axes.
    if axis is not None:
        if isinstance(window_shape, tuple):
            return np._unsupported("sliding_window_view over several axes at once is not supported yet")
        k = np._axis_index(axis, x.ndim)
        np._window_checked((x.shape[k],), (window_shape,))
        shape = np._inserted(np._removed(x.shape, k), k, x.shape[k] - window_shape + 1)
        return np._as_strided(x, shape + (window_shape,), x.strides + (x.strides[k],), False)
    window = window_shape if isinstance(window_shape, tuple) else (window_shape,)
    if len(window) != x.ndim:
        raise ValueError(f"Since axis is `None`, must provide window_shape for all dimensions of `x`; got {len(window)} window_shape elements and `x.ndim` is {x.ndim}.")
    else:
        np._window_checked(x.shape, window)
        return np._as_strided(x, np._windows_along(x.shape, window) + window, x.strides + x.strides, False)


def _window_checked(shape, window):
    for i in range(len(window)):
        if window[i] < 0:
            raise ValueError("`window_shape` cannot contain negative values")
        if window[i] > shape[i]:
            raise ValueError("window shape cannot be larger than input array shape")


def _windows_along(shape, window):
    # How many windows fit along each axis.
    if len(shape) == 0:
        return ()
    return (shape[0] - window[0] + 1,) + np._windows_along(shape[1:], window[1:])


def _inserted(t, k, v):
    # `t` with `v` before position `k`, for 0 <= k <= len(t).
    if len(t) == 0:
        return (v,)
    if len(t) == 1:
        return (np._inserted_at(t, k, v, 0), np._inserted_at(t, k, v, 1))
    if len(t) == 2:
        return (np._inserted_at(t, k, v, 0), np._inserted_at(t, k, v, 1), np._inserted_at(t, k, v, 2))
    if len(t) == 3:
        return (np._inserted_at(t, k, v, 0), np._inserted_at(t, k, v, 1), np._inserted_at(t, k, v, 2), np._inserted_at(t, k, v, 3))
    if len(t) == 4:
        return (np._inserted_at(t, k, v, 0), np._inserted_at(t, k, v, 1), np._inserted_at(t, k, v, 2), np._inserted_at(t, k, v, 3), np._inserted_at(t,
                k, v, 4))
    if len(t) == 5:
        return (np._inserted_at(t, k, v, 0), np._inserted_at(t, k, v, 1), np._inserted_at(t, k, v, 2), np._inserted_at(t, k, v, 3), np._inserted_at(t,
                k, v, 4), np._inserted_at(t, k, v, 5))
    if len(t) == 6:
        return (np._inserted_at(t, k, v, 0), np._inserted_at(t, k, v, 1), np._inserted_at(t, k, v, 2), np._inserted_at(t, k, v, 3), np._inserted_at(t,
                k, v, 4), np._inserted_at(t, k, v, 5), np._inserted_at(t, k, v, 6))
    if len(t) == 7:
        return (np._inserted_at(t, k, v, 0), np._inserted_at(t, k, v, 1), np._inserted_at(t, k, v, 2), np._inserted_at(t, k, v, 3), np._inserted_at(t,
                k, v, 4), np._inserted_at(t, k, v, 5), np._inserted_at(t, k, v, 6), np._inserted_at(t, k, v, 7))
    raise NotImplementedError("views of more than 8 dimensions are not supported yet")


def _inserted_at(t, k, v, i):
    if i == k:
        return v
    return t[i] if i < k else t[i - 1]


def _removed(t, k):
    # `t` without position `k`, for 0 <= k < len(t).
    if len(t) == 1:
        return ()
    if len(t) == 2:
        return (np._removed_at(t, k, 0),)
    if len(t) == 3:
        return (np._removed_at(t, k, 0), np._removed_at(t, k, 1))
    if len(t) == 4:
        return (np._removed_at(t, k, 0), np._removed_at(t, k, 1), np._removed_at(t, k, 2))
    if len(t) == 5:
        return (np._removed_at(t, k, 0), np._removed_at(t, k, 1), np._removed_at(t, k, 2), np._removed_at(t, k, 3))
    if len(t) == 6:
        return (np._removed_at(t, k, 0), np._removed_at(t, k, 1), np._removed_at(t, k, 2), np._removed_at(t, k, 3), np._removed_at(t, k, 4))
    if len(t) == 7:
        return (np._removed_at(t, k, 0), np._removed_at(t, k, 1), np._removed_at(t, k, 2), np._removed_at(t, k, 3), np._removed_at(t, k, 4),
                np._removed_at(t, k, 5))
    if len(t) == 8:
        return (np._removed_at(t, k, 0), np._removed_at(t, k, 1), np._removed_at(t, k, 2), np._removed_at(t, k, 3), np._removed_at(t, k, 4),
                np._removed_at(t, k, 5), np._removed_at(t, k, 6))
    raise NotImplementedError("views of more than 8 dimensions are not supported yet")


def _removed_at(t, k, i):
    return t[i] if i < k else t[i + 1]


def _spliced(t, k, s):
    # `t` with the items of `s` before position `k`.
    if len(s) == 0:
        return t
    else:
        return np._inserted(np._spliced(t, k, s[1:]), k, s[0])


def _permuted(t, axes, n):
    # `t`'s items in the order of the axes `axes` of `n` dimensions.
    if len(t) == 1:
        return (t[np._axis_index(axes[0], n)],)
    if len(t) == 2:
        return (t[np._axis_index(axes[0], n)], t[np._axis_index(axes[1], n)])
    if len(t) == 3:
        return (t[np._axis_index(axes[0], n)], t[np._axis_index(axes[1], n)], t[np._axis_index(axes[2], n)])
    if len(t) == 4:
        return (t[np._axis_index(axes[0], n)], t[np._axis_index(axes[1], n)], t[np._axis_index(axes[2], n)], t[np._axis_index(axes[3], n)])
    if len(t) == 5:
        return (t[np._axis_index(axes[0], n)], t[np._axis_index(axes[1], n)], t[np._axis_index(axes[2], n)], t[np._axis_index(axes[3], n)],
                t[np._axis_index(axes[4], n)])
    return np._unsupported("with axes takes arrays of up to five dimensions in compiled code")


def _swapped(t, j, k):
    # `t` with positions `j` and `k` exchanged.
    if len(t) == 1:
        return t
    if len(t) == 2:
        return (np._swapped_at(t, j, k, 0), np._swapped_at(t, j, k, 1))
    if len(t) == 3:
        return (np._swapped_at(t, j, k, 0), np._swapped_at(t, j, k, 1), np._swapped_at(t, j, k, 2))
    if len(t) == 4:
        return (np._swapped_at(t, j, k, 0), np._swapped_at(t, j, k, 1), np._swapped_at(t, j, k, 2), np._swapped_at(t, j, k, 3))
    if len(t) == 5:
        return (np._swapped_at(t, j, k, 0), np._swapped_at(t, j, k, 1), np._swapped_at(t, j, k, 2), np._swapped_at(t, j, k, 3), np._swapped_at(t, j, k,
                4))
    if len(t) == 6:
        return (np._swapped_at(t, j, k, 0), np._swapped_at(t, j, k, 1), np._swapped_at(t, j, k, 2), np._swapped_at(t, j, k, 3), np._swapped_at(t, j, k,
                4), np._swapped_at(t, j, k, 5))
    if len(t) == 7:
        return (np._swapped_at(t, j, k, 0), np._swapped_at(t, j, k, 1), np._swapped_at(t, j, k, 2), np._swapped_at(t, j, k, 3), np._swapped_at(t, j, k,
                4), np._swapped_at(t, j, k, 5), np._swapped_at(t, j, k, 6))
    if len(t) == 8:
        return (np._swapped_at(t, j, k, 0), np._swapped_at(t, j, k, 1), np._swapped_at(t, j, k, 2), np._swapped_at(t, j, k, 3), np._swapped_at(t, j, k,
                4), np._swapped_at(t, j, k, 5), np._swapped_at(t, j, k, 6), np._swapped_at(t, j, k, 7))
    raise NotImplementedError("views of more than 8 dimensions are not supported yet")


def _swapped_at(t, j, k, i):
    if i == j:
        return t[k]
    return t[j] if i == k else t[i]


def atleast_1d(a):
    if isinstance(a, np.ndarray):
        if a.ndim == 0:
            return a.reshape(1)
        return a
    return np.array([a])


def atleast_2d(a):
    if isinstance(a, np.ndarray):
        if a.ndim == 0:
            return a.reshape((1, 1))
        if a.ndim == 1:
            return a[None, :]
        return a
    return np.array([[a]])


def atleast_3d(a):
    if isinstance(a, np.ndarray):
        if a.ndim == 0:
            return a.reshape((1, 1, 1))
        if a.ndim == 1:
            return a[None, :, None]
        if a.ndim == 2:
            return a[:, :, None]
        return a
    return np.array([[[a]]])


def cov(m, y=None, rowvar=True, bias=False, ddof=None):
    # Each row a variable (each column with rowvar=False; a 1-d array is one variable), observations
    # along the other axis; `y`'s variables follow `m`'s.
    if m.ndim == 1 and y is None:
        # One variable: its variance, as a 0-d array.
        return np.array(np.cov(m.reshape((1, -1)), None, True, bias, ddof)[0, 0])
    x = np._cov_rows(m, y, rowvar)
    observations = x.shape[1]
    if ddof is None:
        dof = observations if bias else observations - 1
    else:
        dof = observations - ddof
    centred = x - x.mean(axis=1).reshape(-1, 1)
    return np.dot(centred, centred.T) / dof


def _cov_rows(m, y, rowvar):
    # The variables of `m`, then of `y`, as rows.
    if y is None:
        return np._cov_variables(m, rowvar)
    return np.concatenate((np._cov_variables(m, rowvar), np._cov_variables(y, rowvar)))


def _cov_variables(m, rowvar):
    # `m`'s variables as the rows of a float64 C-ordered matrix, as np.cov reads them.
    x = np.atleast_2d(m) * 1.0
    if not rowvar and x.shape[0] != 1:
        return x.T.copy()
    return x


def corrcoef(x, y=None, rowvar=True):
    if x.ndim == 1 and y is None:
        # NumPy's for one variable: its variance over itself, a number.
        variance = np.cov(x)
        return variance / variance
    c = np.cov(x, y, rowvar)
    deviations = np.sqrt(np.diag(c))
    return np.clip(c / deviations.reshape(-1, 1) / deviations.reshape(1, -1), -1.0, 1.0)


def round(a, decimals=0, out=None):
    # NumPy's: scaled by 10**decimals, rounded half to even, scaled back; integers as they are
    # for decimals >= 0. With `out`, written there.
    if out is not None:
        out[:] = np.round(a, decimals)
        return out
    if isinstance(a, np.ndarray) and (a.dtype != np.float64 and a.dtype != np.float32):
        if decimals < 0:
            raise NotImplementedError("np.round of integers to negative decimals is not supported yet")
        return a.copy()
    factor = 10.0 ** abs(decimals)
    return np.rint(a * factor) / factor if decimals >= 0 else np.rint(a / factor) * factor


def around(a, decimals=0, out=None):
    return np.round(a, decimals, out)


def real(a):
    if isinstance(a, complex):
        return a.real
    if isinstance(a, np.ndarray) and (a.dtype == np.complex128 or a.dtype == np.complex64):
        # NumPy's writeable view, of a C-ordered array; of others a copy, so read-only, and a
        # write into it is the located "read-only array" error rather than a write that is lost.
        if np._c_contiguous(a):
            return np._complex_parts_view(a)[..., ::2]
        return np._read_only(np._real_part(a))
    return a


def imag(a):
    if isinstance(a, complex):
        return a.imag
    if isinstance(a, np.ndarray) and (a.dtype == np.complex128 or a.dtype == np.complex64):
        if np._c_contiguous(a):
            return np._complex_parts_view(a)[..., 1::2]
        return np._read_only(np._imag_part(a))
    if isinstance(a, np.ndarray):
        return np._read_only(np.zeros_like(a))
    return a * 0


def iscomplexobj(x):
    if isinstance(x, np.ndarray):
        return x.dtype == np.complex128 or x.dtype == np.complex64
    return isinstance(x, complex)


def _complex_parts_view(a):
    # A C-ordered complex array's parts, real and imaginary in turn along its last axis.
    if a.dtype == np.complex64:
        return a.view(np.float32)
    return a.view(np.float64)


def isrealobj(x):
    return not np.iscomplexobj(x)


def _read_only(a):
    return np._as_strided(a, a.shape, a.strides, False)


def conj(a):
    if isinstance(a, np.ndarray) and (a.dtype == np.complex128 or a.dtype == np.complex64):
        return np._conjugate(a)
    if isinstance(a, np.ndarray):
        return a.copy()
    if isinstance(a, complex):
        return type(a)(complex(a.real, -a.imag))
    return a


def _method_conj(a):
    return np.conj(a)


def _method_conjugate(a):
    return np.conj(a)


def conjugate(a):
    return np.conj(a)


def angle(z, deg=False):
    # arctan2(imag, real), in degrees with deg=True; a real number's imaginary part is 0.
    if isinstance(z, np.ndarray) and (z.dtype == np.complex128 or z.dtype == np.complex64):
        a = np.arctan2(np._imag_part(z), np._real_part(z))
    elif isinstance(z, complex):
        a = np.arctan2(z.imag, z.real)
    else:
        a = np.arctan2(0.0, z)
    if deg:
        return a * (180 / np.pi)
    return a


def float_power(x1, x2):
    # In float64 whatever the operands' types, as NumPy's float_power.
    return np.power(np._as_float64(x1), np._as_float64(x2))


def sinc(x):
    # NumPy's: sin(pi x) / (pi x), with 1e-20 in place of x = 0 (so 1.0 there).
    y = np.pi * np.where(x == 0, 1.0e-20, x)
    return np.sin(y) / y


def _as_float64(x):
    if isinstance(x, np.ndarray):
        return x.astype(np.float64)
    return np.float64(x)


def nancumsum(a):
    return np.cumsum(np.where(a != a, 0, a))


def nancumprod(a):
    return np.cumprod(np.where(a != a, 1, a))


def isin(element, test_elements, invert=False):
    # Each element's membership, by binary search in the sorted test elements.
    tests = np.sort(test_elements.reshape(-1))
    flat = element.reshape(-1)
    out = np.empty(flat.shape[0], dtype=np.bool_)
    for i in range(flat.shape[0]):
        position = np.searchsorted(tests, flat[i])
        found = position < tests.shape[0] and tests[min(position, tests.shape[0] - 1)] == flat[i]
        out[i] = found != invert
    return out.reshape(element.shape)


def intersect1d(ar1, ar2):
    values = np.unique(ar1)
    return values[np.isin(values, ar2)]


def setdiff1d(ar1, ar2):
    values = np.unique(ar1)
    return values[np.isin(values, ar2, invert=True)]


def union1d(ar1, ar2):
    return np.unique(np.concatenate((ar1.reshape(-1), ar2.reshape(-1))))


def setxor1d(ar1, ar2, assume_unique=False):
    # The sorted values of either array (its distinct values unless assume_unique) that are not
    # next to an equal one.
    if assume_unique:
        values = np.sort(np.concatenate((ar1.reshape(-1), ar2.reshape(-1))))
    else:
        values = np.sort(np.concatenate((np.unique(ar1), np.unique(ar2))))
    n = values.shape[0]
    keep = np.empty(n, dtype=np.bool_)
    for i in range(n):
        keep[i] = (i == 0 or values[i] != values[i - 1]) and (i == n - 1 or values[i] != values[i + 1])
    return values[keep]


def trapezoid(y, x=None, dx=1.0):
    # NumPy's sum of (spacing * (y[i + 1] + y[i]) / 2) along the last axis, the spacing from x or dx.
    if y.ndim == 1:
        if x is None:
            return (dx * (y[1:] + y[:-1]) / 2.0).sum()
        return (np.diff(x) * (y[1:] + y[:-1]) / 2.0).sum()
    if x is None:
        return (dx * (y[..., 1:] + y[..., :-1]) / 2.0).sum(axis=-1)
    if x.ndim != 1:
        return np._unsupported("of an array of several dimensions, x is a vector")
    return (np.diff(x) * (y[..., 1:] + y[..., :-1]) / 2.0).sum(axis=-1)


def trapz(y, x=None, dx=1.0):
    return np.trapezoid(y, x, dx)


def ediff1d(ary, to_end=None, to_begin=None):
    # The differences of the flattened array between `to_begin` and `to_end` (each a number or
    # an array, flattened), in the array's type.
    flat = ary.reshape(-1)
    begin = np._ediff1d_part(to_begin, flat)
    end = np._ediff1d_part(to_end, flat)
    n = max(flat.shape[0] - 1, 0)
    out = np.empty(begin.shape[0] + n + end.shape[0], dtype=flat.dtype)
    for i in range(begin.shape[0]):
        out[i] = begin[i]
    for i in range(n):
        out[begin.shape[0] + i] = flat[i + 1] - flat[i]
    for i in range(end.shape[0]):
        out[begin.shape[0] + n + i] = end[i]
    return out


def _ediff1d_part(part, like):
    if part is None:
        return np.empty(0, dtype=like.dtype)
    if isinstance(part, np.ndarray):
        return part.reshape(-1)
    return np.full(1, part, dtype=like.dtype)


def vander(x: "1-d", N=None, increasing=False):
    # Columns of powers of x (decreasing unless `increasing`) by repeated products, as NumPy's,
    # in the type x promotes to with int64.
    if N is None:
        N = x.shape[0]
    out = np.empty((x.shape[0], N), dtype=(x[:0] + np.zeros(0, dtype=np.int64)).dtype)
    for i in range(x.shape[0]):
        for j in range(N):
            column = j if increasing else N - 1 - j
            if j == 0:
                out[i, column] = 1
            else:
                out[i, column] = out[i, column - 1 if increasing else column + 1] * x[i]
    return out


def isposinf(x, out=None):
    return np.logical_and(np.isinf(x), x > 0, out)


def isneginf(x, out=None):
    return np.logical_and(np.isinf(x), x < 0, out)


def gradient(f: "1-d", spacing=1.0):
    # Central differences inside, one-sided first differences at the ends, as NumPy's with
    # edge_order=1 and uniform spacing.
    n = f.shape[0]
    if n < 2:
        raise ValueError("Shape of array too small to calculate a numerical gradient, at least (edge_order + 1) elements are required.")
    out = np.empty(n, dtype=(f[:0] * 1.0).dtype)
    out[1:-1] = (f[2:] - f[:-2]) / (2.0 * spacing)
    out[0] = (f[1] - f[0]) / spacing
    out[n - 1] = (f[n - 1] - f[n - 2]) / spacing
    return out


def unwrap(p: "1-d", discont=None, axis=-1, period=6.283185307179586):
    # NumPy's: each step of more than max(discont, period / 2) moved by whole periods into
    # [-period / 2, period / 2) (an upward step of exactly period / 2 stays upward), and the
    # corrections summed along the array. Integer arrays with an integer period stay integers.
    if axis != -1 and axis != 0:
        raise ValueError("axis is out of bounds for array of dimension 1")
    steps = np.diff(p)
    if isinstance(period, int) and p.dtype != np.float64 and p.dtype != np.float32:
        high = period // 2
        ambiguous = period % 2 == 0
    else:
        high = period / 2
        ambiguous = True
    moved = np.mod(steps + high, period) - high
    if ambiguous:
        moved = np.where((moved == -high) & (steps > 0), high, moved)
    limit = period / 2 if discont is None else discont
    correction = np.where(np.abs(steps) < limit, 0, moved - steps)
    out = np.empty(p.shape[0], dtype=moved.dtype)
    out[:1] = p[:1]
    out[1:] = p[1:] + np.cumsum(correction)
    return out


# Python's built-in functions, over numbers, arrays and tuples as CPython computes them.

def _builtin_sum(iterable, start=0):
    # Left to right, as CPython adds (not NumPy's pairwise order).
    total = start
    for value in iterable:
        total = total + value
    return total


def _builtin_any(iterable):
    for value in iterable:
        if value:
            return True
    return False


def _builtin_all(iterable):
    for value in iterable:
        if not value:
            return False
    return True


def _builtin_min(iterable):
    if len(iterable) == 0:
        raise ValueError("min() arg is an empty sequence")
    smallest = iterable[0]
    for value in iterable:
        if value < smallest:
            smallest = value
    return smallest


def _builtin_max(iterable):
    if len(iterable) == 0:
        raise ValueError("max() arg is an empty sequence")
    largest = iterable[0]
    for value in iterable:
        if value > largest:
            largest = value
    return largest


def _builtin_divmod(a, b):
    if isinstance(a, float) or isinstance(b, float):
        if b == 0:
            raise ZeroDivisionError("float divmod()")
    elif b == 0:
        raise ZeroDivisionError("integer division or modulo by zero")
    return (a // b, a % b)


def _builtin_pow(base, exp, mod=None):
    if mod is None:
        return base ** exp
    # Modular exponentiation of integers by squaring; the result has the modulus's sign.
    if mod == 0:
        raise ValueError("pow() 3rd argument cannot be 0")
    if exp < 0:
        raise NotImplementedError("pow() with a negative exponent and a modulus is not supported yet")
    result = 1 % mod
    factor = base % mod
    remaining = exp
    while remaining > 0:
        if remaining % 2 == 1:
            result = result * factor % mod
        factor = factor * factor % mod
        remaining = remaining // 2
    return result


def _builtin_round(number, ndigits=None):
    # Halves to even, as CPython's; with ndigits, CPython's correctly rounded result: the scaled
    # number rounded half to even, where a tie of the rounded product is decided by the product's
    # exact value (Dekker's two-product), then scaled back (exact or correctly rounded).
    if ndigits is None:
        if isinstance(number, float):
            return int(np.rint(number))
        return number
    if not isinstance(number, float):
        if ndigits >= 0:
            return number
        scale = 10 ** (-ndigits)
        quotient = number // scale
        twice = 2 * (number % scale)
        if twice > scale or (twice == scale and quotient % 2 == 1):
            quotient += 1
        return quotient * scale
    if ndigits > 22:
        return number
    if ndigits < -22:
        return number * 0.0
    if ndigits >= 0:
        scale = 10.0 ** ndigits
        scaled = number * scale
        if not abs(scaled) < 4503599627370496.0:
            # Already an integer (or not finite): nothing to round.
            return number
        rounded = np.rint(scaled)
        if abs(scaled - rounded) == 0.5:
            below = np._product_error(number, scale, scaled)
            if below != 0.0:
                rounded = np.floor(scaled) + (1.0 if below > 0.0 else 0.0)
        return rounded / scale
    scale = 10.0 ** (-ndigits)
    return np.rint(number / scale) * scale


def _product_error(a, b, product):
    # a * b - product exactly, for the rounded `product` of a and b (Dekker, with Veltkamp's split).
    split_a = 134217729.0 * a
    high_a = split_a - (split_a - a)
    low_a = a - high_a
    split_b = 134217729.0 * b
    high_b = split_b - (split_b - b)
    low_b = b - high_b
    return ((high_a * high_b - product) + high_a * low_b + low_a * high_b) + low_a * low_b


# The functions of `rumba.cuda` that are plain code: `cuda.name` is `_cuda_name` here, a namespace's dot a
# double underscore (`cuda.const.array_like` is `_cuda_const__array_like`).

def _cuda_selp(condition, if_true, if_false):
    return if_true if condition else if_false


def _cuda_const__array_like(ary):
    # Arrays bound by value are read-only constants already, as a GPU's constant memory is.
    return ary


# The `math` module's integer and comparison functions, as CPython computes them.

def _math_gcd(a, b):
    if not isinstance(a, int) or not isinstance(b, int):
        raise TypeError("math.gcd() takes integers")
    x = abs(a)
    y = abs(b)
    while y != 0:
        x, y = y, x % y
    return x


def _math_lcm(a, b):
    if a == 0 or b == 0:
        return 0
    return abs(a // np._math_gcd(a, b) * b)


def _math_factorial(n):
    if not isinstance(n, int):
        raise TypeError("factorial() only accepts integral values")
    if n < 0:
        raise ValueError("factorial() not defined for negative values")
    return np._math_perm(n, n)


def _math_comb(n, k):
    np._check_counts(n, k)
    if k > n:
        return 0
    k = min(k, n - k)
    result = 1
    for i in range(1, k + 1):
        # result * (n - k + i) is divisible by i; it must fit int64 (CPython's integers have no bound).
        if result > 9223372036854775807 // (n - k + i):
            raise OverflowError("math.comb() result does not fit in int64")
        result = result * (n - k + i) // i
    return result


def _math_perm(n, k=None):
    if k is None:
        return np._math_factorial(n)
    np._check_counts(n, k)
    if k > n:
        return 0
    result = 1
    for i in range(n - k + 1, n + 1):
        if result > 9223372036854775807 // i:
            raise OverflowError("math.perm() result does not fit in int64")
        result *= i
    return result


def _check_counts(n, k):
    if n < 0:
        raise ValueError("n must be a non-negative integer")
    if k < 0:
        raise ValueError("k must be a non-negative integer")


def _math_isqrt(n):
    if n < 0:
        raise ValueError("isqrt() argument must be nonnegative")
    if n < 2:
        return n
    # From the float square root, corrected to the exact floor (compared by division: no overflow).
    x = int(np.sqrt(float(n)))
    while x > n // x:
        x -= 1
    while x + 1 <= n // (x + 1):
        x += 1
    return x


def _math_isclose(a, b, rel_tol=1e-09, abs_tol=0.0):
    if rel_tol < 0.0 or abs_tol < 0.0:
        raise ValueError("tolerances must be non-negative")
    if a == b:
        return True
    if np.isinf(a) or np.isinf(b):
        return False
    difference = abs(b - a)
    return difference <= abs(rel_tol * b) or difference <= abs(rel_tol * a) or difference <= abs_tol


def _math_frexp(x):
    value = float(x)
    if value == 0.0 or np.isinf(value) or np.isnan(value):
        return value, 0
    exponent = int(np.floor(np.log2(abs(value)))) + 1
    # In two steps: 2.0 ** exponent alone overflows for the largest floats and is subnormal for
    # the smallest.
    half = exponent // 2
    mantissa = value / 2.0 ** half / 2.0 ** (exponent - half)
    if abs(mantissa) >= 1.0:
        mantissa = mantissa / 2.0
        exponent += 1
    elif abs(mantissa) < 0.5:
        mantissa = mantissa * 2.0
        exponent -= 1
    return mantissa, exponent


def _math_ldexp(x, i):
    value = float(x)
    exponent = max(min(i, 2200), -2200)
    while exponent > 1000:
        value = value * 2.0 ** 1000
        exponent -= 1000
    while exponent < -1000:
        value = value * 2.0 ** -1000
        exponent += 1000
    return value * 2.0 ** exponent


def _math_modf(x):
    value = float(x)
    if np.isinf(value):
        return np.copysign(0.0, value), value
    whole = np.trunc(value)
    return np.copysign(value - whole, value), whole


def _math_remainder(x, y):
    # CPython's m_remainder: the IEEE remainder from fmod, ties to the even multiple.
    a = float(x)
    b = float(y)
    if np.isnan(a):
        return a
    if np.isnan(b):
        return b
    if np.isinf(a) or b == 0.0:
        return np.nan
    if np.isinf(b):
        return a
    absolute_a = abs(a)
    absolute_b = abs(b)
    m = np.fmod(absolute_a, absolute_b)
    c = absolute_b - m
    if m < c:
        r = m
    elif m > c:
        r = -c
    else:
        r = m - 2.0 * np.fmod(0.5 * (absolute_a - m), absolute_b)
    return np.copysign(1.0, a) * r


def _math_ulp(x):
    value = abs(float(x))
    if np.isnan(value) or np.isinf(value):
        return value
    if value == 1.7976931348623157e308:
        return value - np.nextafter(value, 0.0)
    return np.nextafter(value, np.inf) - value


def _math_prod(iterable, start=1):
    total = start
    for value in iterable:
        total = total * value
    return total


def _math_fsum(iterable):
    # CPython's msum (Shewchuk): exact partial sums that do not overlap, rounded once at the end.
    # Partials are of distinct binary orders of magnitude, so there are fewer than 2100.
    partials = np.empty(2100)
    count = 0
    special_sum = 0.0
    inf_sum = 0.0
    for item in iterable:
        x = float(item)
        original = x
        kept = 0
        for j in range(count):
            y = partials[j]
            if abs(x) < abs(y):
                x, y = y, x
            high = x + y
            low = y - (high - x)
            if low != 0.0:
                partials[kept] = low
                kept += 1
            x = high
        count = kept
        if x != 0.0:
            if not np.isfinite(x):
                if np.isfinite(original):
                    raise OverflowError("intermediate overflow in fsum")
                if np.isinf(original):
                    inf_sum += original
                special_sum += original
                count = 0
            else:
                partials[count] = x
                count += 1
    if special_sum != 0.0:
        if np.isnan(inf_sum):
            raise ValueError("-inf + inf in fsum")
        return special_sum
    high = 0.0
    if count > 0:
        count -= 1
        high = partials[count]
        low = 0.0
        while count > 0:
            x = high
            count -= 1
            y = partials[count]
            high = x + y
            low = y - (high - x)
            if low != 0.0:
                break
        # Half-way cases: round as if the partials below were there.
        if count > 0 and ((low < 0.0 and partials[count - 1] < 0.0) or (low > 0.0 and partials[count - 1] > 0.0)):
            y = low * 2.0
            x = high + y
            if y == x - high:
                high = x
    return high


# `len(range(...))`, `x in range(...)` and ranges walked inside `zip`, `enumerate` and
# `reversed`, computed from the bounds (frontend/src/desugar.rs).

def _range_length(start, stop, step=1):
    if step == 0:
        raise ValueError("range() arg 3 must not be zero")
    if step > 0:
        return max(0, (stop - start + step - 1) // step)
    return max(0, (start - stop - step - 1) // -step)


def _range_contains(x, start, stop, step=1):
    if step == 0:
        raise ValueError("range() arg 3 must not be zero")
    if step > 0:
        inside = start <= x < stop
    else:
        inside = stop < x <= start
    return inside and (x - start) % step == 0


# Iterators, `it = iter(seq)`: the sequence and a position that these advance in place
# (frontend/src/desugar.rs, `bind_iterator_variables`).
def _iter_position():
    return np.zeros(1, np.int64)


def _iter_checked(seq):
    if isinstance(seq, (dict, set)):
        raise TypeError("rumba: iter() of a dict or a set is not supported yet")


def _iter_next(seq, position):
    np._iter_checked(seq)
    i = position[0]
    if i >= len(seq):
        raise StopIteration()
    position[0] = i + 1
    return seq[i]


def _iter_next_or(seq, position, default):
    np._iter_checked(seq)
    i = position[0]
    if i >= len(seq):
        return default
    position[0] = i + 1
    return seq[i]


def _iter_rest(seq, position):
    np._iter_checked(seq)
    i = position[0]
    position[0] = max(i, len(seq))
    return seq[i:]


# The items of `a.flat`, `np.nditer(a)`, `np.ndenumerate(a)` and `np.ndindex(shape)`, which
# loops over them read by position (frontend/src/desugar.rs).

def _flat_size(a):
    return a.size


def _flat_position(a, i):
    # `a.flat[i]`: the index in `a` of the element at position `i` in C order.
    size = a.size
    position = i + size if i < 0 else i
    if position < 0 or position >= size:
        raise IndexError(f"index {i} is out of bounds for size {size}")
    return np._ndindex_item(a.shape, position)


def _flat_item(a, i):
    # The element at position `i` of `a` in C order, whatever its layout.
    return a[np._ndindex_item(a.shape, i)]


def _ndenumerate_item(a, i):
    index = np._ndindex_item(a.shape, i)
    return (index, a[index])


def _ndindex_size(shape):
    if not isinstance(shape, tuple):
        return np._ndindex_size((shape,))
    size = 1
    for extent in shape:
        size *= extent
    return size


def _ndindex_item(shape, i):
    # The C-order index tuple of position `i` in an array of `shape`.
    if not isinstance(shape, tuple):
        return np._ndindex_item((shape,), i)
    if len(shape) == 1:
        return (i,)
    if len(shape) == 2:
        return (i // shape[1], i % shape[1])
    if len(shape) == 3:
        return (i // (shape[1] * shape[2]), i // shape[2] % shape[1], i % shape[2])
    if len(shape) == 4:
        return (i // (shape[1] * shape[2] * shape[3]), i // (shape[2] * shape[3]) % shape[1], i // shape[3] % shape[2], i % shape[3])
    if len(shape) == 5:
        return (np._ndindex_at(shape, i, 0), np._ndindex_at(shape, i, 1), np._ndindex_at(shape, i, 2),
                np._ndindex_at(shape, i, 3), np._ndindex_at(shape, i, 4))
    if len(shape) == 6:
        return (np._ndindex_at(shape, i, 0), np._ndindex_at(shape, i, 1), np._ndindex_at(shape, i, 2),
                np._ndindex_at(shape, i, 3), np._ndindex_at(shape, i, 4), np._ndindex_at(shape, i, 5))
    if len(shape) == 7:
        return (np._ndindex_at(shape, i, 0), np._ndindex_at(shape, i, 1), np._ndindex_at(shape, i, 2), np._ndindex_at(shape, i, 3),
                np._ndindex_at(shape, i, 4), np._ndindex_at(shape, i, 5), np._ndindex_at(shape, i, 6))
    if len(shape) == 8:
        return (np._ndindex_at(shape, i, 0), np._ndindex_at(shape, i, 1), np._ndindex_at(shape, i, 2), np._ndindex_at(shape, i, 3),
                np._ndindex_at(shape, i, 4), np._ndindex_at(shape, i, 5), np._ndindex_at(shape, i, 6), np._ndindex_at(shape, i, 7))
    raise NotImplementedError("iterating over more than 8 dimensions is not supported yet")


def _ndindex_at(shape, i, d):
    # The index along dimension `d` of C-order position `i` in an array of `shape` (for 5 to 8
    # dimensions; fewer are spelled out above, which the loops over them run faster).
    inner = 1
    for k in range(d + 1, len(shape)):
        inner *= shape[k]
    return i // inner % shape[d]


# The `operator` module's functions, each its operator.

def _operator_add(a, b):
    return a + b


def _operator_sub(a, b):
    return a - b


def _operator_mul(a, b):
    return a * b


def _operator_truediv(a, b):
    return a / b


def _operator_floordiv(a, b):
    return a // b


def _operator_mod(a, b):
    return a % b


def _operator_pow(a, b):
    return a ** b


def _operator_matmul(a, b):
    return a @ b


def _operator_and_(a, b):
    return a & b


def _operator_or_(a, b):
    return a | b


def _operator_xor(a, b):
    return a ^ b


def _operator_lshift(a, b):
    return a << b


def _operator_rshift(a, b):
    return a >> b


def _operator_eq(a, b):
    return a == b


def _operator_ne(a, b):
    return a != b


def _operator_lt(a, b):
    return a < b


def _operator_le(a, b):
    return a <= b


def _operator_gt(a, b):
    return a > b


def _operator_ge(a, b):
    return a >= b


def _operator_neg(a):
    return -a


def _operator_pos(a):
    return +a


def _operator_abs(a):
    return abs(a)


def _operator_invert(a):
    return ~a


def _operator_not_(a):
    return not a


def _operator_truth(a):
    return bool(a)


def _operator_getitem(a, b):
    return a[b]


# The in-place ones: `a` itself where it is changed in place (an array), else the result.

def _operator_iadd(a, b):
    a += b
    return a


def _operator_isub(a, b):
    a -= b
    return a


def _operator_imul(a, b):
    a *= b
    return a


def _operator_itruediv(a, b):
    if isinstance(a, np.ndarray):
        a /= b
        return a
    else:
        return a / b


def _operator_ifloordiv(a, b):
    a //= b
    return a


def _operator_imod(a, b):
    a %= b
    return a


def _operator_ipow(a, b):
    a **= b
    return a


def _operator_iand(a, b):
    a &= b
    return a


def _operator_ior(a, b):
    a |= b
    return a


def _operator_ixor(a, b):
    a ^= b
    return a


def _operator_ilshift(a, b):
    a <<= b
    return a


def _operator_irshift(a, b):
    a >>= b
    return a


# `cmath`, over real arithmetic, by CPython's algorithms for finite arguments (scaled where a
# square or an exponential would overflow). Infinite and NaN arguments give the formulas' results,
# not CPython's tables of special values.

_CMATH_LARGE = 4.4942328371557893e307  # DBL_MAX / 4
_CMATH_SQRT_LARGE = 6.703903964971298e153  # sqrt(DBL_MAX / 4)
_CMATH_LOG_LARGE = 708.3964185322641  # log(DBL_MAX / 4)
_CMATH_SQRT_DBL_MIN = 1.4916681462400413e-154  # sqrt(DBL_MIN)
_CMATH_DBL_MIN = 2.2250738585072014e-308
_CMATH_LN2 = 0.6931471805599453
_CMATH_LN10 = 2.302585092994046


def _complex_parts(z):
    if isinstance(z, complex):
        return z.real, z.imag
    return float(z), 0.0


def _complex_in_range(x, y, result):
    """`result` of the finite argument `x + yj`; an infinite part is CPython's range error."""
    if np.isfinite(x) and np.isfinite(y) and (np.isinf(result.real) or np.isinf(result.imag)):
        raise OverflowError("math range error")
    return result


def _cmath_phase(z):
    x, y = np._complex_parts(z)
    return np.arctan2(y, x)


def _cmath_polar(z):
    x, y = np._complex_parts(z)
    return np.hypot(x, y), np.arctan2(y, x)


def _cmath_rect(r, phi):
    return complex(r * np.cos(phi), r * np.sin(phi))


def _cmath_isnan(z):
    x, y = np._complex_parts(z)
    return np.isnan(x) or np.isnan(y)


def _cmath_isinf(z):
    x, y = np._complex_parts(z)
    return np.isinf(x) or np.isinf(y)


def _cmath_isfinite(z):
    x, y = np._complex_parts(z)
    return np.isfinite(x) and np.isfinite(y)


def _cmath_isclose(a, b, rel_tol=1e-09, abs_tol=0.0):
    if rel_tol < 0.0 or abs_tol < 0.0:
        raise ValueError("tolerances must be non-negative")
    ax, ay = np._complex_parts(a)
    bx, by = np._complex_parts(b)
    if ax == bx and ay == by:
        return True
    if np.isinf(ax) or np.isinf(ay) or np.isinf(bx) or np.isinf(by):
        return False
    difference = np.hypot(bx - ax, by - ay)
    return difference <= rel_tol * np.hypot(bx, by) or difference <= rel_tol * np.hypot(ax, ay) or difference <= abs_tol


def _cmath_sqrt(z):
    x, y = np._complex_parts(z)
    if x == 0.0 and y == 0.0:
        return complex(0.0, y)
    ax = abs(x)
    ay = abs(y)
    if ax < _CMATH_DBL_MIN and ay < _CMATH_DBL_MIN:
        # Subnormal: scaled up by 2**53 and the root back down by 2**-27.
        ax = ax * 9007199254740992.0
        s = np.sqrt(ax + np.hypot(ax, ay * 9007199254740992.0)) * 7.450580596923828e-09
    else:
        ax = ax / 8.0
        s = 2.0 * np.sqrt(ax + np.hypot(ax, ay / 8.0))
    d = ay / (2.0 * s)
    if x >= 0.0:
        return complex(s, np.copysign(d, y))
    return complex(d, np.copysign(s, y))


def _cmath_exp(z):
    x, y = np._complex_parts(z)
    if x > _CMATH_LOG_LARGE:
        scale = np.exp(x - 1.0)
        return np._complex_in_range(x, y, complex(scale * np.cos(y) * np.e, scale * np.sin(y) * np.e))
    scale = np.exp(x)
    return np._complex_in_range(x, y, complex(scale * np.cos(y), scale * np.sin(y)))


def _complex_log_parts(z):
    x, y = np._complex_parts(z)
    ax = abs(x)
    ay = abs(y)
    if ax > _CMATH_LARGE or ay > _CMATH_LARGE:
        real = np.log(np.hypot(ax / 2.0, ay / 2.0)) + _CMATH_LN2
    elif ax < _CMATH_DBL_MIN and ay < _CMATH_DBL_MIN:
        if ax == 0.0 and ay == 0.0:
            raise ValueError("math domain error")
        real = np.log(np.hypot(ax * 9007199254740992.0, ay * 9007199254740992.0)) - 53.0 * _CMATH_LN2
    else:
        h = np.hypot(ax, ay)
        if 0.71 <= h and h <= 1.73:
            larger = max(ax, ay)
            smaller = min(ax, ay)
            real = np.log1p((larger - 1.0) * (larger + 1.0) + smaller * smaller) / 2.0
        else:
            real = np.log(h)
    return real, np.arctan2(y, x)


def _cmath_log(z, base=None):
    real, imag = np._complex_log_parts(z)
    if base is None:
        return complex(real, imag)
    base_real, base_imag = np._complex_log_parts(base)
    return complex(real, imag) / complex(base_real, base_imag)


def _cmath_log10(z):
    real, imag = np._complex_log_parts(z)
    return complex(real / _CMATH_LN10, imag / _CMATH_LN10)


def _complex_log_twice_modulus(x, y):
    """log(2|x + yj|), the inverse functions' leading term for huge arguments, from the halved
    parts so that the modulus cannot overflow."""
    return np.log(np.hypot(x / 2.0, y / 2.0)) + 2.0 * _CMATH_LN2


def _complex_cosh_sinh(z, even):
    """cosh(z) when `even`, else sinh(z): shifted by one (and scaled by e) near overflow."""
    x, y = np._complex_parts(z)
    scale = 1.0
    at = x
    if abs(x) > _CMATH_LOG_LARGE:
        at = x - np.copysign(1.0, x)
        scale = np.e
    if even:
        return np._complex_in_range(x, y, complex(np.cos(y) * np.cosh(at) * scale, np.sin(y) * np.sinh(at) * scale))
    return np._complex_in_range(x, y, complex(np.cos(y) * np.sinh(at) * scale, np.sin(y) * np.cosh(at) * scale))


def _cmath_cosh(z):
    return np._complex_cosh_sinh(z, True)


def _cmath_sinh(z):
    return np._complex_cosh_sinh(z, False)


def _cmath_tanh(z):
    x, y = np._complex_parts(z)
    if abs(x) > _CMATH_LOG_LARGE:
        return complex(np.copysign(1.0, x), 4.0 * np.sin(y) * np.cos(y) * np.exp(-2.0 * abs(x)))
    tx = np.tanh(x)
    ty = np.tan(y)
    cx = 1.0 / np.cosh(x)
    txty = tx * ty
    denominator = 1.0 + txty * txty
    return complex(tx * (1.0 + ty * ty) / denominator, ((ty / denominator) * cx) * cx)


def _cmath_cos(z):
    x, y = np._complex_parts(z)
    return np._cmath_cosh(complex(-y, x))


def _cmath_sin(z):
    x, y = np._complex_parts(z)
    s = np._cmath_sinh(complex(-y, x))
    return complex(s.imag, -s.real)


def _cmath_tan(z):
    x, y = np._complex_parts(z)
    t = np._cmath_tanh(complex(-y, x))
    return complex(t.imag, -t.real)


def _cmath_asinh(z):
    x, y = np._complex_parts(z)
    if abs(x) > _CMATH_LARGE or abs(y) > _CMATH_LARGE:
        if y >= 0.0:
            real = np.copysign(np._complex_log_twice_modulus(x, y), x)
        else:
            real = -np.copysign(np._complex_log_twice_modulus(x, y), -x)
        return complex(real, np.arctan2(y, abs(x)))
    s1 = np._cmath_sqrt(complex(1.0 + y, -x))
    s2 = np._cmath_sqrt(complex(1.0 - y, x))
    return complex(np.arcsinh(s1.real * s2.imag - s2.real * s1.imag), np.arctan2(y, s1.real * s2.real - s1.imag * s2.imag))


def _cmath_asin(z):
    x, y = np._complex_parts(z)
    s = np._cmath_asinh(complex(-y, x))
    return complex(s.imag, -s.real)


def _cmath_acos(z):
    x, y = np._complex_parts(z)
    if abs(x) > _CMATH_LARGE or abs(y) > _CMATH_LARGE:
        if x < 0.0:
            imag = -np.copysign(np._complex_log_twice_modulus(x, y), y)
        else:
            imag = np.copysign(np._complex_log_twice_modulus(x, y), -y)
        return complex(np.arctan2(abs(y), x), imag)
    s1 = np._cmath_sqrt(complex(1.0 - x, -y))
    s2 = np._cmath_sqrt(complex(1.0 + x, y))
    return complex(2.0 * np.arctan2(s1.real, s2.real), np.arcsinh(s2.real * s1.imag - s2.imag * s1.real))


def _cmath_acosh(z):
    x, y = np._complex_parts(z)
    if abs(x) > _CMATH_LARGE or abs(y) > _CMATH_LARGE:
        return complex(np._complex_log_twice_modulus(x, y), np.arctan2(y, x))
    s1 = np._cmath_sqrt(complex(x - 1.0, y))
    s2 = np._cmath_sqrt(complex(x + 1.0, y))
    return complex(np.arcsinh(s1.real * s2.real + s1.imag * s2.imag), 2.0 * np.arctan2(s1.imag, s2.real))


def _cmath_atanh(z):
    x, y = np._complex_parts(z)
    if x < 0.0:
        negated = np._cmath_atanh(complex(-x, -y))
        return complex(-negated.real, -negated.imag)
    ay = abs(y)
    if x > _CMATH_SQRT_LARGE or ay > _CMATH_SQRT_LARGE:
        h = np.hypot(x / 2.0, y / 2.0)
        return complex(x / 4.0 / h / h, -np.copysign(np.pi / 2.0, -y))
    if x == 1.0 and ay < _CMATH_SQRT_DBL_MIN:
        if ay == 0.0:
            raise ValueError("math domain error")
        return complex(-np.log(np.sqrt(ay) / np.sqrt(np.hypot(ay, 2.0))), np.copysign(np.arctan2(2.0, -ay) / 2.0, y))
    one_minus = 1.0 - x
    return complex(np.log1p(4.0 * x / (one_minus * one_minus + ay * ay)) / 4.0, -np.arctan2(-2.0 * y, one_minus * (1.0 + x) - ay * ay) / 2.0)


def _cmath_atan(z):
    x, y = np._complex_parts(z)
    s = np._cmath_atanh(complex(-y, x))
    return complex(s.imag, -s.real)


# np.linalg, through LAPACK: `np.linalg._routine(...)` is a call of LAPACK's routine on arrays
# (dialects/py/LapackRoutines.def), which overwrites them and returns LAPACK's `info`. The
# functions below copy their inputs into fresh F-ordered arrays (float32 and complex128 stay as they
# are, every other type becomes float64, as in NumPy) and hand those over. Eigenvalues and singular
# values are of the matrix's real type (`x.real.dtype`), as LAPACK's complex routines give them.


def _lapack_refuse_complex64(a):
    if a.dtype == np.complex64:
        raise NotImplementedError("np.linalg of complex64 arrays is not supported yet; convert them with .astype(np.complex128)")


def _lapack_copy(a):
    # A fresh F-ordered copy of a matrix in the type LAPACK computes it in.
    np._lapack_refuse_complex64(a)
    if a.dtype == np.complex128:
        return a.T.astype(np.complex128).T
    if a.dtype == np.float32:
        return a.T.astype(np.float32).T
    return a.T.astype(np.float64).T


def _lapack_copies(a, b):
    # Fresh F-ordered copies of two matrices in their common LAPACK type.
    np._lapack_refuse_complex64(a)
    np._lapack_refuse_complex64(b)
    if a.dtype == np.complex128 or b.dtype == np.complex128:
        return a.T.astype(np.complex128).T, b.T.astype(np.complex128).T
    if a.dtype == np.float32:
        if b.dtype == np.float32:
            return a.T.astype(np.float32).T, b.T.astype(np.float32).T
    return a.T.astype(np.float64).T, b.T.astype(np.float64).T


def _lapack_inexact(x):
    # `x` itself when it is a float or complex array, else a float64 copy.
    np._lapack_refuse_complex64(x)
    if x.dtype == np.complex128:
        return x
    if x.dtype == np.float32:
        return x
    if x.dtype == np.float64:
        return x
    return x.astype(np.float64)


def _lapack_matrix(rows, cols, like):
    # A new F-ordered matrix of `like`'s element type.
    return np.empty((cols, rows), dtype=like.dtype).T


def _lapack_ready(info):
    if info < 0:
        raise RuntimeError("np.linalg: LAPACK could not run (OpenBLAS is not installed, or an extent is beyond 32 bits)")


def _lapack_square(a):
    if a.shape[0] != a.shape[1]:
        raise np.linalg.LinAlgError("Last 2 dimensions of the array must be square")


def _lapack_finite(a):
    for j in range(a.shape[1]):
        for i in range(a.shape[0]):
            if not np.isfinite(a[i, j]):
                raise np.linalg.LinAlgError("Array must not contain infs or NaNs")


def _lapack_squares(v):
    # The squared magnitudes of `v`'s elements, in its real type.
    if v.dtype == np.complex128:
        return v.real * v.real + v.imag * v.imag
    return v * v


def _lapack_lu(lu, pivots):
    # LU factors of `lu` in place; whether it is singular.
    info = np.linalg._getrf(lu, pivots)
    np._lapack_ready(info)
    return info > 0


def _linalg_inv(a: "2-d"):
    np._lapack_square(a)
    lu = np._lapack_copy(a)
    n = lu.shape[0]
    if n > 0:
        pivots = np.empty(n, dtype=np.int32)
        if np._lapack_lu(lu, pivots):
            raise np.linalg.LinAlgError("Singular matrix")
        np._lapack_ready(np.linalg._getri(lu, pivots))
    return lu


def _linalg_solve(a: "2-d", b):
    if b.ndim == 1:
        return np._lapack_solve(a, b.reshape((b.shape[0], 1))).reshape(b.shape[0])
    return np._lapack_solve(a, b)


def _lapack_solve(a, b):
    np._lapack_square(a)
    n = a.shape[0]
    if b.shape[0] != n:
        raise ValueError("solve: Input operand 1 has a mismatch in its core dimension 0")
    lu, x = np._lapack_copies(a, b)
    if n > 0 and x.shape[1] > 0:
        pivots = np.empty(n, dtype=np.int32)
        if np._lapack_lu(lu, pivots):
            raise np.linalg.LinAlgError("Singular matrix")
        np._lapack_ready(np.linalg._getrs(lu, pivots, x))
    return x


def _linalg_det(a: "2-d"):
    # From the logarithm, as NumPy computes it.
    sign, logdet = np._linalg_slogdet(a)
    return sign * np.exp(logdet)


def _linalg_slogdet(a: "2-d"):
    np._lapack_square(a)
    lu = np._lapack_copy(a)
    if lu.dtype == np.complex128:
        return np._lapack_complex_slogdet(lu)
    else:
        return np._lapack_real_slogdet(lu)


def _lapack_real_slogdet(lu):
    n = lu.shape[0]
    # One, in the matrix's float type.
    sign = lu[:0, 0].sum() + 1
    logdet = sign * 0
    if n == 0:
        return sign, logdet
    pivots = np.empty(n, dtype=np.int32)
    if np._lapack_lu(lu, pivots):
        return sign * 0, logdet - np.inf
    for i in range(n):
        d = lu[i, i]
        if d < 0:
            sign = -sign
            d = -d
        if pivots[i] != i + 1:
            sign = -sign
        logdet = logdet + np.log(d)
    return sign, logdet


def _lapack_complex_slogdet(lu):
    # The sign is a complex number of magnitude one; the logarithm of the magnitude is real.
    n = lu.shape[0]
    sign = 1 + 0j
    logdet = 0.0
    if n == 0:
        return sign, logdet
    pivots = np.empty(n, dtype=np.int32)
    if np._lapack_lu(lu, pivots):
        return 0j, -np.inf
    for i in range(n):
        d = lu[i, i]
        magnitude = abs(d)
        sign = sign * (d / magnitude)
        if pivots[i] != i + 1:
            sign = -sign
        logdet = logdet + np.log(magnitude)
    return sign, logdet


def _linalg_cholesky(a: "2-d"):
    np._lapack_square(a)
    factor = np._lapack_copy(a)
    n = factor.shape[0]
    if n > 0:
        info = np.linalg._potrf(factor)
        np._lapack_ready(info)
        if info > 0:
            raise np.linalg.LinAlgError("Matrix is not positive definite")
    for j in range(1, n):
        for i in range(j):
            factor[i, j] = 0
    return factor


def _lapack_symmetric(a, UPLO):
    # A copy of the symmetric matrix `a` whose lower triangle holds the triangle `UPLO` names.
    if UPLO != "L" and UPLO != "U":
        raise ValueError("UPLO argument must be 'L' or 'U'")
    np._lapack_square(a)
    v = np._lapack_copy(a)
    if UPLO == "U":
        for j in range(v.shape[0]):
            for i in range(j + 1, v.shape[0]):
                v[i, j] = np.conj(v[j, i])
    return v


def _lapack_eigh(v, vectors):
    # Eigenvalues of the symmetric (Hermitian) matrix `v` (its lower triangle), ascending; with
    # `vectors` non-zero `v` becomes the eigenvectors.
    w = np.empty(v.shape[0], dtype=v.real.dtype)
    if v.shape[0] > 0:
        info = np.linalg._syevd(v, w, vectors)
        np._lapack_ready(info)
        if info > 0:
            raise np.linalg.LinAlgError("Eigenvalues did not converge")
    return w


def _linalg_eigh(a: "2-d", UPLO="L"):
    v = np._lapack_symmetric(a, UPLO)
    w = np._lapack_eigh(v, 1)
    return w, v


def _linalg_eigvalsh(a: "2-d", UPLO="L"):
    return np._lapack_eigh(np._lapack_symmetric(a, UPLO), 0)


def _lapack_eig(a, vectors):
    # Eigenvalues (and with `vectors` non-zero, right eigenvectors) of a general matrix: complex
    # for a complex matrix; a real matrix's must be real (its complex ones are an error, LAPACK's
    # packed complex pairs are not read yet).
    np._lapack_square(a)
    x = np._lapack_copy(a)
    np._lapack_finite(x)
    n = x.shape[0]
    wr = np.empty(n, dtype=x.real.dtype)
    wi = np.empty(n, dtype=x.real.dtype)
    vr = np._lapack_matrix(n, n, x)
    if n > 0:
        info = np.linalg._geev(x, wr, wi, vr, vectors)
        np._lapack_ready(info)
        if info > 0:
            raise np.linalg.LinAlgError("Eigenvalues did not converge")
    return np._lapack_eigenvalues(x, wr, wi), vr


def _lapack_eigenvalues(x, wr, wi):
    # `geev`'s eigenvalues of `x` from their real and imaginary parts.
    if x.dtype == np.complex128:
        return wr + 1j * wi
    for i in range(wr.shape[0]):
        if wi[i] != 0:
            raise ValueError("np.linalg.eig: this matrix has complex eigenvalues, which rumba's np.linalg does not compute yet")
    return wr


def _linalg_eig(a: "2-d"):
    return np._lapack_eig(a, 1)


def _linalg_eigvals(a: "2-d"):
    w, v = np._lapack_eig(a, 0)
    return w


def _lapack_svd(a, mode):
    # `mode` 0: singular values only; 1: with the full u and vt; 2: with the reduced ones.
    x = np._lapack_copy(a)
    np._lapack_finite(x)
    m = x.shape[0]
    n = x.shape[1]
    k = min(m, n)
    s = np.empty(k, dtype=x.real.dtype)
    u = np._lapack_matrix(m, m if mode == 1 else k, x)
    vt = np._lapack_matrix(n if mode == 1 else k, n, x)
    if k == 0:
        # Nothing to decompose: NumPy gives identities.
        u[:, :] = 0
        vt[:, :] = 0
        for i in range(min(u.shape[0], u.shape[1])):
            u[i, i] = 1
        for i in range(min(vt.shape[0], vt.shape[1])):
            vt[i, i] = 1
    else:
        info = np.linalg._gesdd(x, s, u, vt, mode)
        np._lapack_ready(info)
        if info > 0:
            raise np.linalg.LinAlgError("SVD did not converge")
    return u, s, vt


def _linalg_svd(a: "2-d", full_matrices=True, compute_uv=True):
    return np._lapack_svd(a, 1 if full_matrices else 2)


def _svd_values(a: "2-d", full_matrices=True, compute_uv=False):
    # `np.linalg.svd(a, compute_uv=False)`, chosen by the literal when the call is resolved.
    return np._lapack_singular_values(a)


def _lapack_singular_values(a):
    u, s, vt = np._lapack_svd(a, 0)
    return s


def _linalg_qr(a: "2-d", mode="reduced"):
    if mode != "reduced" and mode != "complete" and mode != "r":
        raise ValueError("Unrecognized mode: choose 'reduced', 'complete' or 'r'")
    x = np._lapack_copy(a)
    m = x.shape[0]
    n = x.shape[1]
    k = min(m, n)
    tau = np.empty(k, dtype=x.dtype)
    if k > 0:
        np._lapack_ready(np.linalg._geqrf(x, tau))
    r_rows = m if mode == "complete" else k
    r = np.zeros((r_rows, n), dtype=x.dtype)
    for i in range(min(r_rows, m)):
        for j in range(i, n):
            r[i, j] = x[i, j]
    if mode == "r":
        return r
    q = np._lapack_matrix(m, m if mode == "complete" else k, x)
    for j in range(k):
        for i in range(m):
            q[i, j] = x[i, j]
    np._lapack_ready(np.linalg._orgqr(q, tau))
    return q, r


def _linalg_lstsq(a: "2-d", b, rcond=None):
    if b.ndim == 1:
        x, residuals, rank, s = np._lapack_lstsq(a, b.reshape((b.shape[0], 1)), rcond)
        return x.reshape(x.shape[0]), residuals, rank, s
    return np._lapack_lstsq(a, b, rcond)


def _lapack_lstsq(a, b, rcond):
    m = a.shape[0]
    n = a.shape[1]
    if b.shape[0] != m:
        raise np.linalg.LinAlgError("Incompatible dimensions")
    nrhs = b.shape[1]
    x, y = np._lapack_copies(a, b)
    # LAPACK writes the solution over the right-hand sides: they need max(m, n) rows.
    work = np._lapack_matrix(max(m, n), nrhs, x)
    work[:, :] = 0
    work[:m, :] = y
    s = np.empty(min(m, n), dtype=x.real.dtype)
    rank = np.zeros(1, dtype=np.int32)
    if rcond is None:
        cutoff = np.finfo(x.real.dtype).eps * max(m, n)
    else:
        cutoff = rcond
    if min(m, n) > 0 and nrhs > 0:
        info = np.linalg._gelsd(x, work, s, cutoff, rank)
        np._lapack_ready(info)
        if info > 0:
            raise np.linalg.LinAlgError("SVD did not converge in Linear Least Squares")
    solution = work[:n, :].copy()
    # NumPy gives the squared residuals only for a full-rank overdetermined system.
    residuals = np.zeros(nrhs if rank[0] == n and m > n else 0, dtype=x.real.dtype)
    squares = np._lapack_squares(work[n:, :])
    for j in range(residuals.shape[0]):
        for i in range(m - n):
            residuals[j] += squares[i, j]
    return solution, residuals, int(rank[0]), s


def _linalg_pinv(a: "2-d", rcond=None):
    u, s, vt = np._lapack_svd(a, 2)
    tolerance = 1e-15 if rcond is None else rcond
    inverse = np.zeros(s.shape[0], dtype=s.dtype)
    if s.shape[0] > 0:
        cutoff = tolerance * s.max()
        for i in range(s.shape[0]):
            if s[i] > cutoff:
                inverse[i] = 1 / s[i]
    return np.conj(vt).T @ (inverse.reshape((s.shape[0], 1)) * np.conj(u).T)


def _linalg_norm(x, ord=None, axis=None):
    if axis is not None:
        return np._lapack_norms_along(np._lapack_inexact(x), ord, axis)
    v = np._lapack_inexact(x)
    if x.ndim == 1:
        return np._lapack_vector_norm(v, ord)
    if x.ndim != 2:
        raise ValueError("Improper number of dimensions to norm.")
    return np._lapack_matrix_norm(v, ord)


def _lapack_norms_along(v, ord, axis):
    # The 2-norms of a matrix's columns (axis 0) or rows (axis 1), or of a vector (axis 0).
    if ord is not None:
        raise ValueError("np.linalg.norm: only ord=None is supported with axis=")
    if v.ndim == 1:
        if axis != 0 and axis != -1:
            raise ValueError("axis is out of bounds for array of dimension 1")
        return np._lapack_vector_norm(v, ord)
    if v.ndim != 2:
        raise ValueError("Improper number of dimensions to norm.")
    down_columns = axis == 0 or axis == -2
    if not down_columns and axis != 1 and axis != -1:
        raise ValueError("axis is out of bounds for array of dimension 2")
    squares = np.zeros(v.shape[1] if down_columns else v.shape[0], dtype=v.real.dtype)
    magnitudes = np._lapack_squares(v)
    for i in range(v.shape[0]):
        for j in range(v.shape[1]):
            squares[j if down_columns else i] += magnitudes[i, j]
    return np.sqrt(squares)


def _lapack_vector_norm(v, ord):
    if ord is None:
        return np.sqrt(np._lapack_squares(v).sum())
    if ord == "fro" or ord == "nuc":
        raise ValueError("Invalid norm order for vectors.")
    magnitude = np.abs(v)
    if ord == np.inf:
        return magnitude.max()
    if ord == -np.inf:
        return magnitude.min()
    if ord == 0:
        return (magnitude != 0).sum() * (magnitude[:0].sum() + 1)
    if ord == 1:
        return magnitude.sum()
    if ord == 2:
        return np.sqrt((magnitude * magnitude).sum())
    return (magnitude ** ord).sum() ** (1.0 / ord)


def _lapack_matrix_norm(v, ord):
    if ord is None:
        return np.sqrt(np._lapack_squares(v).sum())
    if ord == "fro":
        return np.sqrt(np._lapack_squares(v).sum())
    if ord == "nuc":
        return np._lapack_singular_values(v).sum()
    magnitude = np.abs(v)
    if ord == 2:
        return np._lapack_singular_values(v).max()
    if ord == -2:
        return np._lapack_singular_values(v).min()
    if ord == 1:
        return magnitude.sum(axis=0).max()
    if ord == -1:
        return magnitude.sum(axis=0).min()
    if ord == np.inf:
        return magnitude.sum(axis=1).max()
    if ord == -np.inf:
        return magnitude.sum(axis=1).min()
    raise ValueError("Invalid norm order for matrices.")


def _linalg_cond(x: "2-d", p=None):
    if p is None:
        s = np._lapack_singular_values(x)
        return s[0] / s[s.shape[0] - 1]
    if p == 2:
        s = np._lapack_singular_values(x)
        return s[0] / s[s.shape[0] - 1]
    if p == -2:
        s = np._lapack_singular_values(x)
        return s[s.shape[0] - 1] / s[0]
    np._lapack_square(x)
    return np._linalg_norm(x, p) * np._linalg_norm(np._linalg_inv(x), p)


def _linalg_matrix_rank(A, tol=None):
    if A.ndim == 1:
        return int(not np.all(A == 0))
    s = np._lapack_singular_values(A)
    if s.shape[0] == 0:
        return 0
    if tol is None:
        threshold = s.max() * max(A.shape[0], A.shape[1]) * np.finfo(s.dtype).eps
    else:
        threshold = tol
    return int((s > threshold).sum())


def _lapack_invert_into(base, a):
    # base[:, :] = inv(a), for float and complex matrices: an integer matrix's inverse is not an
    # integer one.
    if a.dtype == np.complex128:
        base[:, :] = np._linalg_inv(a)
        return
    if a.dtype == np.float64:
        base[:, :] = np._linalg_inv(a)
        return
    if a.dtype == np.float32:
        base[:, :] = np._linalg_inv(a)
        return
    raise TypeError("np.linalg.matrix_power: a negative power of an integer matrix is not supported")


def _linalg_multi_dot(arrays):
    # NumPy's multi_dot: a first (last) vector is a row (column); the products go in the order of
    # least multiplications (for four matrices the order NumPy's dynamic programme picks, ties to
    # the first split).
    if not isinstance(arrays, tuple):
        return np._unsupported("takes a list or tuple of arrays written out in the call")
    if len(arrays) < 2:
        raise ValueError("Expecting at least two arrays.")
    if len(arrays) == 2:
        return np.dot(arrays[0], arrays[1])
    if len(arrays) == 3:
        chained = np._multi_dot_three(np.atleast_2d(arrays[0]), arrays[1], np._as_column(arrays[2]))
        return np._multi_dot_result(arrays[0], arrays[2], chained)
    if len(arrays) == 4:
        chained = np._multi_dot_four(np.atleast_2d(arrays[0]), arrays[1], arrays[2], np._as_column(arrays[3]))
        return np._multi_dot_result(arrays[0], arrays[3], chained)
    chain = [np.atleast_2d(arrays[0])]
    for middle in literal_unroll(arrays[1:-1]):
        chain.append(middle)
    chain.append(np._as_column(arrays[-1]))
    return np._multi_dot_result(arrays[0], arrays[-1], np._multi_dot_chain(chain))


def _multi_dot_chain(chain):
    # NumPy's `_multi_dot_matrix_chain_order`: m[i, j] the fewest multiplications of the product
    # of chain[i..=j], split[i, j] where its cheapest order splits it (the first minimum kept).
    n = len(chain)
    extents = np.empty(n + 1, dtype=np.int64)
    for i in range(n):
        if chain[i].ndim != 2:
            raise ValueError("multi_dot: the arrays between the first and the last must be 2-d")
        extents[i] = chain[i].shape[0]
    extents[n] = chain[n - 1].shape[1]
    m = np.zeros((n, n))
    split = np.zeros((n, n), dtype=np.int64)
    for length in range(1, n):
        for i in range(n - length):
            j = i + length
            m[i, j] = np.inf
            for k in range(i, j):
                cost = m[i, k] + m[k + 1, j] + extents[i] * extents[k + 1] * extents[j + 1]
                if cost < m[i, j]:
                    m[i, j] = cost
                    split[i, j] = k
    return np._multi_dot_ordered(chain, split, 0, n - 1)


def _multi_dot_ordered(chain, split, i, j):
    if i == j:
        return chain[i]
    return np._multi_dot_ordered(chain, split, i, split[i, j]) @ np._multi_dot_ordered(chain, split, split[i, j] + 1, j)


def _as_column(a):
    if a.ndim == 1:
        return np.atleast_2d(a).T
    return a


def _multi_dot_result(first, last, chained):
    # A number for two vectors at the ends, a vector for one, the matrix for none.
    if first.ndim == 1 and last.ndim == 1:
        return chained[0, 0]
    if first.ndim == 1 or last.ndim == 1:
        return chained.ravel()
    return chained


def _multi_dot_three(a: "2-d", b: "2-d", c: "2-d"):
    # (AB)C when it takes fewer multiplications than A(BC), as NumPy's `_multi_dot_three`.
    left = a.shape[0] * c.shape[0] * (a.shape[1] + c.shape[1])
    right = a.shape[1] * c.shape[1] * (a.shape[0] + c.shape[0])
    if left < right:
        return (a @ b) @ c
    return a @ (b @ c)


def _multi_dot_four(a: "2-d", b: "2-d", c: "2-d", d: "2-d"):
    # The cheapest of the five orders: p are the chain's dimensions, m the multiplications of the
    # cheapest order of each sub-chain, splits tried left to right with the first minimum kept.
    p0 = a.shape[0]
    p1 = b.shape[0]
    p2 = c.shape[0]
    p3 = d.shape[0]
    p4 = d.shape[1]
    ab = p0 * p1 * p2
    bc = p1 * p2 * p3
    cd = p2 * p3 * p4
    abc_left = ab + p0 * p2 * p3
    abc_right = bc + p0 * p1 * p3
    abc = min(abc_left, abc_right)
    bcd_left = bc + p1 * p3 * p4
    bcd_right = cd + p1 * p2 * p4
    bcd = min(bcd_left, bcd_right)
    first = bcd + p0 * p1 * p4
    middle = ab + cd + p0 * p2 * p4
    last = abc + p0 * p3 * p4
    if first <= middle and first <= last:
        if bcd_right <= bcd_left:
            return a @ (b @ (c @ d))
        return a @ ((b @ c) @ d)
    if middle <= last:
        return (a @ b) @ (c @ d)
    if abc_right <= abc_left:
        return (a @ (b @ c)) @ d
    return ((a @ b) @ c) @ d


def _linalg_matrix_power(a: "2-d", n):
    np._lapack_square(a)
    base = a.copy()
    if n < 0:
        np._lapack_invert_into(base, a)
    result = np.zeros_like(base)
    for i in range(result.shape[0]):
        result[i, i] = 1
    remaining = abs(n)
    while remaining > 0:
        if remaining % 2 == 1:
            result[:, :] = result @ base
        remaining = remaining // 2
        if remaining > 0:
            base[:, :] = base @ base
    return result


# Python's list methods that compare elements, over lists of any element type.

def _list_contains(items, value):
    for item in items:
        if item == value:
            return True
    return False


def _list_equal(left, right):
    if len(left) != len(right):
        return False
    for position in range(len(left)):
        if left[position] != right[position]:
            return False
    return True


def _list_index(items, value):
    for position in range(len(items)):
        if items[position] == value:
            return position
    raise ValueError(f"{value!r} is not in list")


def _list_count(items, value):
    count = 0
    for item in items:
        if item == value:
            count += 1
    return count


def _list_remove(items, value):
    for position in range(len(items)):
        if items[position] == value:
            items.pop(position)
            return
    raise ValueError("list.remove(x): x not in list")


def _list_concat(left, right):
    # `left + right` of lists of numbers of two types: a new list of their joined type (the
    # comprehension, which never runs, gives it its element type).
    joined = [left[0] + right[0] for _ in range(0)]
    for item in left:
        joined.append(item)
    for item in right:
        joined.append(item)
    return joined


def _list_less(left, right, or_equal):
    # `left < right` of lists (`<=` where `or_equal`), as Python orders them: by the first items
    # that differ, else by their lengths.
    for position in range(min(len(left), len(right))):
        if left[position] != right[position]:
            return left[position] < right[position]
    return len(left) <= len(right) if or_equal else len(left) < len(right)


def _list_delete_slice(items, start, stop, step):
    # `del items[start:stop:step]` (a bound left out is None): the items kept moved down in place.
    length = len(items)
    by = 1 if step is None else step
    if by == 0:
        raise ValueError("slice step cannot be zero")
    first = np._slice_bound(start, length, by, 0 if by > 0 else length - 1)
    last = np._slice_bound(stop, length, by, length if by > 0 else -1)
    deleted = [False] * length
    for position in range(first, last, by):
        deleted[position] = True
    kept = 0
    for position in range(length):
        if not deleted[position]:
            items[kept] = items[position]
            kept += 1
    while len(items) > kept:
        items.pop()


def _slice_bound(bound, length, step, default):
    # A slice's bound (`default` where it is None) as CPython adjusts it to a sequence's `length`.
    if bound is None:
        return default
    if bound < 0:
        return max(bound + length, 0 if step > 0 else -1)
    if bound >= length:
        return length if step > 0 else length - 1
    return bound


def _list_index_between(items, value, start, end):
    # `items.index(value, start[, end])`: the bounds as a slice's.
    first, last = np._slice_bounds(len(items), start, end)
    for position in range(first, last):
        if items[position] == value:
            return position
    raise ValueError(f"{value!r} is not in list")


def _slice_bounds(length, start, end):
    # `start` and `end` (either None) as CPython adjusts a search's bounds: counted from the end
    # where negative, `end` at most `length`; `start` may pass `end`.
    if start is None:
        start = 0
    if end is None:
        end = length
    if end > length:
        end = length
    elif end < 0:
        end = max(end + length, 0)
    if start < 0:
        start = max(start + length, 0)
    return start, end


# Python's heapq over lists, as CPython's pure-Python heapq: `heapq.name` is `_heapq_name` here.

def _rumba_literally(value):
    # Numba's `literally(x)` asks for a compilation per value of `x`; the value is what it returns.
    return value


def _heapq_heappush(heap, item):
    heap.append(item)
    np._heap_sift_down(heap, 0, len(heap) - 1)


def _heapq_heappop(heap):
    if len(heap) == 0:
        raise IndexError("index out of range")
    last = heap.pop()
    if len(heap) == 0:
        return last
    top = heap[0]
    heap[0] = last
    np._heap_sift_up(heap, 0)
    return top


def _heapq_heapreplace(heap, item):
    if len(heap) == 0:
        raise IndexError("index out of range")
    top = heap[0]
    heap[0] = item
    np._heap_sift_up(heap, 0)
    return top


def _heapq_heappushpop(heap, item):
    if len(heap) > 0 and heap[0] < item:
        top = heap[0]
        heap[0] = item
        np._heap_sift_up(heap, 0)
        return top
    return item


def _heapq_heapify(x):
    for position in range(len(x) // 2 - 1, -1, -1):
        np._heap_sift_up(x, position)


def _heapq_nsmallest(n, iterable):
    return sorted(iterable)[:max(n, 0)]


def _heapq_nlargest(n, iterable):
    return sorted(iterable, reverse=True)[:max(n, 0)]


def _heap_sift_down(heap, start, position):
    # The item at `position` moved up past its larger parents (CPython's `_siftdown`).
    item = heap[position]
    while position > start:
        parent_position = (position - 1) >> 1
        parent = heap[parent_position]
        if not item < parent:
            break
        heap[position] = parent
        position = parent_position
    heap[position] = item


def _heap_sift_up(heap, position):
    # The smaller child moved up until a leaf is free, then the item sifted down there (CPython's
    # `_siftup`: the fewest comparisons, and CPython's order of equal items).
    end = len(heap)
    start = position
    item = heap[position]
    child = 2 * position + 1
    while child < end:
        right = child + 1
        if right < end and not heap[child] < heap[right]:
            child = right
        heap[position] = heap[child]
        position = child
        child = 2 * position + 1
    heap[position] = item
    np._heap_sift_down(heap, start, position)


# Python's tuple methods (a literal list's too): `t.name(...)` is `_method_name(t, ...)` here.

def _method_count(items: "tuple", value):
    count = 0
    for item in items:
        if item == value:
            count += 1
    return count


def _method_index(items: "tuple", value):
    position = 0
    for item in items:
        if item == value:
            return position
        position += 1
    raise ValueError("tuple.index(x): x not in tuple")


# Python's str methods that are plain code: `s.name(...)` of these is `_str_name(s, ...)` here
# (frontend/src/strings.rs).

def _str_find(s, sub, start, end=None, /):
    return np._str_search(s, sub, start, end, False)


def _str_rfind(s, sub, start, end=None, /):
    return np._str_search(s, sub, start, end, True)


def _str_search(s, sub, start, end, from_the_end):
    # The first (last) position of `sub` within `s[start:end]`, counted in `s`; -1 if none.
    first, last = np._slice_bounds(len(s), start, end)
    if last < first:
        return -1
    window = s[first:last]
    found = window.rfind(sub) if from_the_end else window.find(sub)
    return found + first if found >= 0 else found


def _str_index(s, sub, start, end=None, /):
    found = np._str_find(s, sub, start, end)
    if found < 0:
        raise ValueError("substring not found")
    return found


def _str_rindex(s, sub, start, end=None, /):
    found = np._str_rfind(s, sub, start, end)
    if found < 0:
        raise ValueError("substring not found")
    return found


def _str_startswith(s, prefix, start, end=None, /):
    # CPython's: False where `start` lies past the end of `s` or the window is shorter than the
    # prefix, even an empty one.
    first, last = np._slice_bounds(len(s), start, end)
    if first > len(s) or last - len(prefix) < first:
        return False
    return s[first:last].startswith(prefix)


def _str_endswith(s, suffix, start, end=None, /):
    first, last = np._slice_bounds(len(s), start, end)
    if first > len(s) or last - len(suffix) < first:
        return False
    return s[first:last].endswith(suffix)


def _str_count(s, sub, start, end=None, /):
    first, last = np._slice_bounds(len(s), start, end)
    if last < first:
        return 0
    return s[first:last].count(sub)


def _str_join(separator, s, /):
    # `separator.join(s)` of a string: of its characters.
    return separator.join([character for character in s])


def _str_splitlines(s, keepends=False):
    lines = []
    start = 0
    position = 0
    while position < len(s):
        character = s[position]
        position += 1
        if character in "\n\r\x0b\x0c\x1c\x1d\x1e\x85\u2028\u2029":
            stop = position - 1
            if character == "\r" and position < len(s) and s[position] == "\n":
                position += 1
            lines.append(s[start:position] if keepends else s[start:stop])
            start = position
    if start < len(s):
        lines.append(s[start:])
    return lines


def _str_expandtabs(s, tabsize=8):
    parts = []
    column = 0
    start = 0
    for position in range(len(s)):
        character = s[position]
        if character == "\t":
            parts.append(s[start:position])
            start = position + 1
            if tabsize > 0:
                spaces = tabsize - column % tabsize
                parts.append(" " * spaces)
                column += spaces
        elif character == "\n" or character == "\r":
            column = 0
        else:
            column += 1
    parts.append(s[start:])
    return "".join(parts)


def _builtin_sorted(iterable, key=None, reverse=False):
    # With `key`, written where the call is rewritten into `_sorted_by_keys` (desugar.rs).
    if key is not None:
        return np._unsupported("with key= is supported in an assignment, an expression statement, a return or a loop's iterable")
    result = list(iterable)
    result.sort()
    if reverse:
        result.reverse()
    return result


def _sorted_by_keys(items, keys, reverse):
    # `sorted(items, key=...)` given each item's key: stable, as Python's, by sorting each key with
    # its item's position (counted down where the order is reversed, so equal keys keep theirs).
    step = -1 if reverse else 1
    pairs = [(keys[position], step * position) for position in range(len(keys))]
    pairs.sort()
    if reverse:
        pairs.reverse()
    return [items[step * position] for _, position in pairs]


def _sort_by_keys(items, keys, reverse):
    # `items.sort(key=...)`, in place.
    ordered = np._sorted_by_keys(items, keys, reverse)
    for position in range(len(ordered)):
        items[position] = ordered[position]


def _array_nbytes(a):
    return a.size * a.itemsize


def _array_c_contiguous(a):
    # NumPy's flag: strides of C order, axes of length 1 (and empty arrays) aside.
    if a.size == 0:
        return True
    expected = a.itemsize
    for axis in range(a.ndim - 1, -1, -1):
        if a.shape[axis] != 1:
            if a.strides[axis] != expected:
                return False
            expected *= a.shape[axis]
    return True


def _array_f_contiguous(a):
    if a.size == 0:
        return True
    expected = a.itemsize
    for axis in range(a.ndim):
        if a.shape[axis] != 1:
            if a.strides[axis] != expected:
                return False
            expected *= a.shape[axis]
    return True


def _array_contains(a, x):
    # `x in a`: whether any element equals `x`, as NumPy's `(a == x).any()`.
    for value in a.ravel():
        if value == x:
            return True
    return False


def _array_truth(a):
    # `bool(a)`, `if a:`: NumPy's truth of an array, which only one element has.
    if a.size == 1:
        return a.ravel()[0] != 0
    if a.size == 0:
        raise ValueError("The truth value of an empty array is ambiguous. Use `array.size > 0` to check that an array is not empty.")
    raise ValueError("The truth value of an array with more than one element is ambiguous. Use a.any() or a.all()")


def _list_to_array(items, dtype):
    out = np.empty(len(items), dtype)
    for position in range(len(items)):
        out[position] = items[position]
    return out


def _tuple_to_array(items, dtype):
    # The numbers of a tuple (of one type or several: the loop is unrolled) as a vector.
    out = np.empty(len(items), dtype)
    position = 0
    for item in items:
        out[position] = item
        position += 1
    return out


def _nested_list_to_array(items, dtype):
    # A list of lists (rows of numbers) or of arrays, one more dimension in front; the items must
    # agree in shape, as NumPy requires of a regular array.
    if isinstance(items[0], (list, tuple)):
        shape = (len(items[0]),) if len(items) > 0 else (0,)
    elif len(items) > 0:
        shape = items[0].shape
    else:
        raise ValueError("np.array of an empty list of arrays: the shape of its items is unknown in compiled code")
    out = np.empty(np._inserted(shape, 0, len(items)), dtype)
    for position in range(len(items)):
        item = np.asarray(items[position])
        if item.shape != shape:
            raise ValueError("setting an array element with a sequence. The requested array has an inhomogeneous shape after 1 dimensions.")
        out[position] = item
    return out


def _concatenate_list(arrays, axis):
    # np.concatenate of a list of arrays (and hstack/vstack of one), along `axis` (0 <= axis < ndim).
    if len(arrays) == 0:
        raise ValueError("need at least one array to concatenate")
    first = arrays[0]
    total = 0
    for position in range(len(arrays)):
        shape = arrays[position].shape
        for dim in range(len(shape)):
            if dim != axis and shape[dim] != first.shape[dim]:
                raise ValueError(f"all the input array dimensions except for the concatenation axis must match exactly, but along dimension {dim}, the array at index 0 has size {first.shape[dim]} and the array at index {position} has size {shape[dim]}")
        total += shape[axis]
    out = np.empty(np._inserted(np._removed(first.shape, axis), axis, total), first.dtype)
    along = np.moveaxis(out, axis, 0)
    start = 0
    for a in arrays:
        stop = start + a.shape[axis]
        along[start:stop] = np.moveaxis(a, axis, 0)
        start = stop
    return out


def _stack_list(arrays, axis):
    # np.stack of a list of arrays (and vstack/column_stack of vectors), the new axis at `axis`.
    if len(arrays) == 0:
        raise ValueError("need at least one array to stack")
    first = arrays[0]
    for a in arrays:
        if a.shape != first.shape:
            raise ValueError("all input arrays must have the same shape")
    out = np.empty(np._inserted(first.shape, axis, len(arrays)), first.dtype)
    along = np.moveaxis(out, axis, 0)
    for position in range(len(arrays)):
        along[position] = arrays[position]
    return out


def _dict_pairs(iterable):
    # What `dict(iterable)` takes its entries from (frontend/src/desugar.rs): a dict's items, else
    # the pairs `iterable` holds.
    if isinstance(iterable, dict):
        return [(key, iterable[key]) for key in iterable]
    return iterable


def _key_error(key):
    raise KeyError(f"{key!r}")
