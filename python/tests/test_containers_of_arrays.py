"""Arrays in lists, dicts and tuples inside them, each case against CPython and NumPy running the
same function on copies of the same arguments.

Covered: lists of new arrays built by `append`, comprehensions and displays, returned to Python
(a `list` of NumPy arrays) or read back (`l[i]`, `for a in l`, `enumerate`, `pop`); views of an
argument in a list, which stay views (a write through the list's element reaches the argument, and
the returned elements share its memory as NumPy's do); an array stored and then written through its
name (the list holds the same array); element replacement; lists of 2-D arrays of C and F layouts
(the list holds A arrays); tuples of an array and a number in a list; lists of lists of arrays; dicts
of int keys and array values, built, read, updated and returned; lists of arrays passed to and
returned by other compiled functions; an array read from a list carried by a loop beside new arrays;
exceptions raised while lists of arrays are alive; lists of arrays read in `prange` bodies;
`np.concatenate`, `np.stack`, `np.vstack`, `np.hstack`, `np.column_stack`, `np.array` and
`np.asarray` of a list variable, with NumPy's `ValueError`s for an empty list and mismatched shapes. The
resident set stays flat over 100,000 calls that return a list of arrays, build and sum one, build a
dict of arrays, and raise after storing arrays. Lists of arrays from Python (Numba's reflected
lists): read, grown, shrunk, reordered, their elements' views returned or moved into another list
argument; afterwards the caller's list holds its own array objects where the call kept them.
Dicts of arrays from Python, reflected the same way.
"""

import os

import numpy as np
import pytest

import rumba
from _compare import MB, jitted, rss_after
from _containers import assert_same_outcome, case_id


def appended(n):
    out = []
    for i in range(n):
        out.append(np.arange(4.0) * i)
    return out


def comprehension(n):
    return [np.full(i + 1, i) for i in range(n)]


def display(n):
    return [np.zeros(n), np.ones(n), np.arange(float(n))]


def summed_back(n):
    out = [np.arange(float(n)) * k for k in range(5)]
    total = 0.0
    for a in out:
        total += a.sum()
    for index, a in enumerate(out):
        total += index * a[-1]
    return total


def indexed_back(n):
    out = [np.arange(float(n)) + k for k in range(4)]
    return out[1], out[-1].sum(), len(out)


def popped(n):
    out = [np.zeros(n), np.ones(n)]
    last = out.pop()
    out.append(last + 1.0)
    return out, last


def replaced(n):
    out = [np.zeros(n), np.ones(n)]
    for step in range(5):
        out[step % 2] = out[step % 2] + step
    return out


def views_of_argument(a):
    out = []
    for i in range(3):
        out.append(a[i:i + 2])
    out.append(a[::2])
    out.append(a)
    return out


def written_through_list(a):
    out = [a[1:], a]
    out[0][0] = 99.0
    return a.sum()


def written_after_stored(n):
    a = np.zeros(n)
    out = [a]
    a[0] = 7.0
    return out[0][0]


def layouts(n):
    square = np.arange(float(n * n)).reshape((n, n))
    out = [square, square.T, square[::2, :]]
    out.append(square.T.copy())
    total = 0.0
    for matrix in out:
        total += matrix[0, -1]
    return out, total


def appended_layouts(n):
    square = np.arange(float(n * n)).reshape((n, n))
    out = [square]
    out.append(square.T)
    return out


def weighted(n):
    pairs = [(np.ones(n), 1.5), (np.arange(float(n)), 2.0)]
    total = 0.0
    for values, weight in pairs:
        total += values.sum() * weight
    return total, pairs


def nested(n):
    rows = []
    for i in range(3):
        row = []
        for j in range(2):
            row.append(np.full(n, i * 10 + j))
        rows.append(row)
    return rows, rows[2][1].sum()


def dict_of_arrays(n):
    d = {}
    for i in range(n):
        d[i] = np.arange(float(i + 1))
    d[0] = d[0] + 5.0
    total = 0.0
    for key in d:
        total += d[key].sum()
    return d, total


def grow(out, n):
    out.append(np.full(n, 3.0))
    return out


def passed_between(n):
    out = [np.zeros(n)]
    out = grow(out, n)
    return len(out), out[1].sum()


def carried(n):
    sources = [np.ones(3) * (k + 1) for k in range(4)]
    x = np.zeros(3)
    for i in range(n):
        if i % 3 == 0:
            x = sources[i % 4]
        else:
            x = x * 2.0
    return x


def raises_with_arrays(n):
    out = [np.ones(n)]
    for i in range(3):
        out.append(out[-1] * 2.0)
    if n > 2:
        raise ValueError("raised with arrays in a list")
    return out


def joined(n, rows):
    vectors = [np.arange(float(n)) + k for k in range(3)]
    matrices = [np.arange(float(rows * n)).reshape((rows, n)) * k for k in range(1, 4)]
    return (
        np.concatenate(vectors),
        np.concatenate(matrices),
        np.concatenate(matrices, axis=1),
        np.concatenate(matrices, axis=-1),
        np.stack(vectors),
        np.stack(vectors, axis=1),
        np.stack(matrices, axis=-1),
        np.vstack(vectors),
        np.vstack(matrices),
        np.hstack(vectors),
        np.hstack(matrices),
        np.column_stack(vectors),
        np.array(matrices),
        np.asarray(vectors),
    )


def joined_mismatch(n):
    matrices = [np.ones((2, n)), np.ones((3, n + 1))]
    return np.concatenate(matrices, axis=1)


def stacked_mismatch(n):
    vectors = [np.ones(n), np.ones(n + 1)]
    return np.stack(vectors)


def joined_empty(n):
    vectors = [np.ones(n)]
    vectors.pop()
    return np.concatenate(vectors)


CASES = [
    (joined, (3, 2)),
    (joined, (1, 4)),
    (joined_mismatch, (2,)),
    (stacked_mismatch, (2,)),
    (joined_empty, (2,)),
    (appended, (3,)),
    (appended, (0,)),
    (comprehension, (4,)),
    (display, (3,)),
    (summed_back, (6,)),
    (indexed_back, (5,)),
    (popped, (3,)),
    (replaced, (4,)),
    (written_after_stored, (3,)),
    (layouts, (4,)),
    (appended_layouts, (3,)),
    (weighted, (4,)),
    (nested, (2,)),
    (dict_of_arrays, (4,)),
    (passed_between, (3,)),
    (carried, (7,)),
    (carried, (9,)),
    (raises_with_arrays, (2,)),
    (raises_with_arrays, (3,)),
]


@pytest.mark.parametrize("case", CASES, ids=[case_id(case) for case in CASES])
def test_matches_cpython(case):
    function, args = case
    assert_same_outcome(function, *args)


@pytest.mark.parametrize("function", [views_of_argument, written_through_list])
def test_views_of_an_argument_match_numpy(function):
    assert_same_outcome(function, np.arange(10.0))


def test_returned_views_share_the_arguments_memory():
    a = np.arange(10.0)
    got = jitted(views_of_argument)(a)
    assert all(np.shares_memory(view, a) for view in got)
    got[0][0] = -1.0
    assert a[0] == -1.0


def test_returned_arrays_stay_valid_after_later_calls():
    first = jitted(appended)(4)
    jitted(appended)(50)
    expected = appended(4)
    for got, want in zip(first, expected):
        np.testing.assert_array_equal(got, want)


def summed_in_prange(n):
    out = [np.ones(n) * k for k in range(8)]
    sums = np.zeros(8)
    for i in rumba.prange(8):
        sums[i] = out[i].sum()
    return sums


def test_lists_of_arrays_are_read_in_prange_bodies():
    got = rumba.njit(parallel=True)(summed_in_prange)(5)
    np.testing.assert_array_equal(got, summed_in_prange(5))


def first_sum(arrays):
    return arrays[0].sum()


def dict_argument(table, n):
    table[n] = table[1] * 2.0
    table[1][0] = -1.0
    total = 0.0
    for key in table:
        total += table[key].sum()
    return total, table[1][1:]


def test_dicts_of_arrays_from_python_match_cpython():
    assert_same_outcome(dict_argument, {1: np.arange(3.0), 5: np.ones(3)}, 7)


def test_a_reflected_dict_keeps_the_callers_arrays():
    a, b = np.arange(3.0), np.ones(3)
    table = {1: a, 5: b}
    _, view = jitted(dict_argument)(table, 7)
    assert table[1] is a and table[5] is b and a[0] == -1.0 and list(table) == [1, 5, 7]
    assert np.shares_memory(view, a)


def summed_argument(arrays):
    total = 0.0
    for a in arrays:
        total += a.sum()
    return total


def grown_argument(arrays, n):
    arrays.append(np.full(n, 2.0))
    arrays[0][0] = 42.0
    return len(arrays)


def shrunk_argument(arrays):
    last = arrays.pop()
    return last.sum()


def swapped_argument(arrays):
    arrays[0], arrays[1] = arrays[1], arrays[0]


def views_of_elements(arrays):
    return [a[1:] for a in arrays]


def matrices_argument(arrays):
    return np.concatenate(arrays, axis=1)


REFLECTED_CASES = [
    (summed_argument, ([np.ones(3), np.arange(4.0)],)),
    (grown_argument, ([np.ones(3), np.arange(4.0)], 2)),
    (shrunk_argument, ([np.ones(3), np.arange(4.0)],)),
    (swapped_argument, ([np.ones(2), np.zeros(2)],)),
    (views_of_elements, ([np.arange(3.0), np.arange(5.0)],)),
    (matrices_argument, ([np.ones((2, 2)), np.arange(6.0).reshape((2, 3))],)),
    (first_sum, ([np.arange(4.0).reshape((2, 2)).T, np.ones((2, 2))],)),
]


@pytest.mark.parametrize("case", REFLECTED_CASES, ids=[case_id(case) for case in REFLECTED_CASES])
def test_lists_of_arrays_from_python_match_cpython(case):
    function, args = case
    assert_same_outcome(function, *args)


def moved_between(first, second):
    second.append(first[0][1:])
    first.pop(0)


def test_a_view_moved_between_two_lists_keeps_its_base():
    # The second list's new element is a view of an array the first list held; the contents of
    # both are made before either is written back, so the view's base is that array.
    first, second = [np.arange(4.0), np.ones(2)], [np.zeros(6)[::2]]
    jitted(moved_between)(first, second)
    view = second[-1]
    del first
    import gc

    gc.collect()
    np.testing.assert_array_equal(view, [1.0, 2.0, 3.0])
    assert view.base is not None and view.base.shape == (4,)


def slice_of_first(pair):
    return pair[0][1:]


def test_a_returned_view_of_an_array_in_a_tuple_argument_is_a_view_of_it():
    # Such a view was taken for compiled code's memory: its Python owner freed NumPy's memory.
    pair = (np.arange(4.0), np.ones(2))
    view = jitted(slice_of_first)(pair)
    assert view.base is pair[0]
    del view
    import gc

    gc.collect()
    np.testing.assert_array_equal(pair[0], np.arange(4.0))


def test_a_reflected_list_keeps_the_callers_arrays():
    a, b = np.ones(3), np.arange(4.0)
    arrays = [a, b]
    jitted(grown_argument)(arrays, 2)
    assert arrays[0] is a and arrays[1] is b and a[0] == 42.0
    arrays = [a, b]
    jitted(swapped_argument)(arrays)
    assert arrays[0] is b and arrays[1] is a
    views = jitted(views_of_elements)([a, b])
    assert np.shares_memory(views[0], a) and np.shares_memory(views[1], b)


def built_and_summed(n):
    out = []
    for k in range(10):
        out.append(np.arange(float(n)) * k)
    total = 0.0
    for a in out:
        total += a[1]
    return total


def dict_built(n):
    d = {}
    for k in range(10):
        d[k] = np.full(n, float(k))
    return d[9][0]


def store_then_raise(n):
    out = [np.ones(n)]
    out.append(out[0] * 2.0)
    raise ValueError("raised with arrays in a list")


def _raises_after_storing():
    with pytest.raises(ValueError):
        jitted(store_then_raise)(100)


MEMORY_CASES = {
    "list-of-arrays-to-python": lambda: jitted(comprehension)(20),
    "built-and-summed": lambda: jitted(built_and_summed)(100),
    "dict-of-arrays": lambda: jitted(dict_built)(100),
    "store-then-raise": _raises_after_storing,
}


def test_memory_case_functions_match_cpython():
    assert_same_outcome(built_and_summed, 100)
    assert_same_outcome(dict_built, 100)
    assert_same_outcome(store_then_raise, 100)


@pytest.mark.skipif(not os.path.exists("/proc/self/statm"), reason="reads RSS from /proc/self/statm")
@pytest.mark.parametrize("case", list(MEMORY_CASES))
def test_resident_set_stays_flat_over_100000_calls(case):
    before, after = rss_after(MEMORY_CASES[case], 100_000)
    # Each call allocates at least 800 bytes of arrays that a leak would keep: 100,000 calls would
    # add 80 MB.
    assert after - before < max(0.05 * before, 4 * MB), "RSS grew from %d to %d bytes" % (before, after)
