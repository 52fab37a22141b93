"""Loops over sequences (issue 14): `for` over arrays (rows of a matrix are views), tuples,
`enumerate`, `zip`, `reversed` and their nestings, and `for`/`while` with `else`, each compared
with CPython running the same function on the same inputs."""

import numpy as np
import pytest

from _compare import assert_same_value, jitted
import rumba
from rumba import errors, literal_unroll, njit


def check(dispatcher, *args):
    """CPython and rumba on copies of the same arguments: the same result (arrays equal in dtype,
    shape and values) and the same arrays afterwards, or the same exception type."""
    def copies():
        return [arg.copy() if isinstance(arg, np.ndarray) else arg for arg in args]

    expected_args, got_args = copies(), copies()
    try:
        expected = dispatcher.py_func(*expected_args)
    except Exception as error:  # noqa: BLE001 - the exception type is the outcome
        with pytest.raises(type(error)):
            dispatcher(*got_args)
        return
    got = dispatcher(*got_args)
    for got_value, expected_value in zip([got] + got_args, [expected] + expected_args):
        if isinstance(expected_value, np.ndarray):
            assert got_value.dtype == expected_value.dtype and got_value.shape == expected_value.shape
            np.testing.assert_array_equal(got_value, expected_value)
        else:
            assert_same_value(got_value, expected_value, exact_types=False)


def total(a):
    s = 0.0
    for v in a:
        s += v
    return s


def row_sums(m):
    out = np.zeros(m.shape[0])
    k = 0
    for row in m:
        out[k] = row.sum() + row[0]
        k += 1
    return out


def scale_rows_in_place(m):
    for row in m:
        row *= 2.0
    return m


def enumerated(a):
    s = 0.0
    for i, v in enumerate(a):
        s += i * v
    for i, v in enumerate(a, 10):
        s -= i * v
    return s


def zipped(a, b):
    s = 0.0
    for x, y in zip(a, b):
        s += x * y
    for i, (x, y) in enumerate(zip(a, b[1:])):
        s += i + x - y
    for x, y, z in zip(a, b, a[::-1]):
        s += x * y - z
    return s


def backwards(a):
    out = np.empty_like(a)
    k = 0
    for v in reversed(a):
        out[k] = v
        k += 1
    for i, v in enumerate(reversed(a)):
        out[i] += v
    return out


def over_tuples(n):
    s = 0
    for v in (1, 2, 3):
        s += v * n
    t = (n, n + 1, n + 2)
    for v in t:
        s += v
    for i, v in enumerate(t):
        s += i * v
    return s


def first_above(a, limit):
    found = -1
    for i in range(a.shape[0]):
        if a[i] > limit:
            found = i
            break
    else:
        found = -2
    for v in a:
        if v > limit * 2:
            break
    else:
        found += 100
    k = 0
    while k < a.shape[0]:
        if a[k] < -limit:
            break
        k += 1
    else:
        found += 1000
    return found


def nested(m, a):
    s = 0.0
    for row in m:
        for x, v in zip(row, a):
            if v < 0:
                continue
            s += x * v
    return s


ARRAYS = [np.array([1.5, -2.0, 3.25, 4.0]), np.arange(5.0)[::-1], np.array([], dtype=np.float64), np.array([7, 1, 8], dtype=np.int32)]


@pytest.mark.parametrize("a", ARRAYS, ids=lambda a: "%s%d" % (a.dtype, a.size))
def test_loops_over_vectors(a):
    check(jitted(total), a)
    check(jitted(enumerated), a)
    check(jitted(backwards), a)
    check(jitted(zipped), a, np.array([3, 1, 4, 1, 5]))
    check(jitted(zipped), a, a[:2])
    for limit in [-10.0, 1.8, 2.0, 10.0]:
        check(jitted(first_above), a, limit)


@pytest.mark.parametrize("layout", ["C", "F", "strided"])
def test_loops_over_rows_are_views(layout):
    m = np.arange(12.0).reshape(3, 4)
    m = {"C": m, "F": np.asfortranarray(m), "strided": np.arange(24.0).reshape(3, 8)[:, ::2]}[layout]
    check(jitted(row_sums), m)
    check(jitted(scale_rows_in_place), m.copy())
    check(jitted(nested), m, np.array([1.0, -1.0, 2.0, 0.5]))


def test_loops_over_tuples():
    for n in [0, 3, -7]:
        check(jitted(over_tuples), n)


def not_iterable(n):
    s = 0
    for v in n:
        s += v
    return s


def mixed_tuple(n):
    s = 0.0
    for v in (1, 2.5, n):
        s += v
    return s


def test_misuse_is_located_at_the_loop():
    with pytest.raises(errors.TypingError, match=r"test_iteration.py:\d+:14: error: object of type 'int64' has no len\(\) \(and is not iterable\)"):
        njit(not_iterable)(3)


def flat_total(a):
    s = 0.0
    for v in a.flat:
        s += v
    for x in np.nditer(a):
        s += x * 0.5
    return s


def weighted_by_position(a):
    s = 0.0
    for index, v in np.ndenumerate(a):
        s += v * (index[0] + 1) - index[-1]
    return s


def grid_codes(n, m):
    s = 0
    for i, j in np.ndindex(n, m):
        s += i * 10 + j
    for (k,) in np.ndindex(n):
        s += k
    for index in np.ndindex((2, n, m)):
        s += index[0] + index[2]
    return s


def doubled_by_index(a):
    out = np.zeros(a.shape)
    for index in np.ndindex(a.shape):
        out[index] = a[index] * 2.0
    return out


@pytest.mark.parametrize("layout", ["C", "F", "strided"])
def test_flat_ndenumerate_and_ndindex_walk_in_c_order(layout):
    m = np.arange(12.0).reshape(3, 4) ** 1.5
    m = {"C": m, "F": np.asfortranarray(m), "strided": np.arange(24.0).reshape(3, 8)[:, ::2] ** 1.5}[layout]
    check(jitted(flat_total), m)
    check(jitted(flat_total), m[0])
    check(jitted(weighted_by_position), m)
    check(jitted(weighted_by_position), np.arange(24.0).reshape(2, 3, 4))
    check(jitted(doubled_by_index), m)
    for n, k in [(3, 4), (1, 1), (0, 2)]:
        check(jitted(grid_codes), n, k)


def unrolled_sums(x):
    total = 0.0
    for value in literal_unroll((1.0, 2.5, x)):
        total += value
    for value in rumba.literal_unroll((1, 2, 3)):
        total += value * 10
    return total


def reads_the_item_after_the_loop(items):
    for item in items:
        pass
    return item


def test_an_item_read_after_its_unrolled_loop_is_a_located_error():
    with pytest.raises(errors.TypingError, match=r"test_iteration.py:\d+:\d+: error: variable 'item' is"):
        njit(reads_the_item_after_the_loop)((1, "ab"))


def test_literal_unroll_of_a_tuple_of_one_type():
    assert njit(unrolled_sums)(3.0) == unrolled_sums(3.0)


def unrolls_mixed_types(x):
    total = 0.0
    for value in literal_unroll((1, 2.5, x)):
        total += value
    return total


def describes_mixed_items(items):
    words = []
    for item in items:
        doubled = item * 2
        words.append(str(doubled))
    return " ".join(words)


def enumerates_mixed_items(items):
    out = []
    for i, item in enumerate(literal_unroll(items)):
        if i == 1:
            continue
        out.append(str(item))
        if i == 2:
            break
    else:
        out.append("done")
    return " ".join(out)


def nests_mixed_loops(xs, ys):
    total = 0.0
    count = 0
    for x in xs:
        for y in ys:
            total += x * y
            count += 1
    return total, count


def sums_arrays_of_several_ranks(n):
    total = 0.0
    for values in (np.arange(n), np.ones((n, 2)), np.full((2, n, 2), 0.5)):
        total += values.sum() * values.ndim
    return total


def reuses_the_loop_variable(items):
    count = 0
    for item in literal_unroll(items):
        doubled = item * 2
        count += 1
    total = 0.0
    for item in items:
        if not isinstance(item, bool):
            doubled = item * 2
            total += doubled
    item = count
    return count, total, item


@pytest.mark.parametrize("function, args", [
    (reuses_the_loop_variable, ((1, 2.5, True, 3),)),
    (unrolls_mixed_types, (1.0,)),
    (mixed_tuple, (3,)),
    (nests_mixed_loops, ((1, 2.5), (True, 3, 0.5))),
    (sums_arrays_of_several_ranks, (3,)),
])
def test_loops_over_tuples_of_mixed_types_are_unrolled(function, args):
    check(jitted(function), *args)


@pytest.mark.parametrize("function, items", [
    (describes_mixed_items, (1, "ab", 2.5, True)),
    (describes_mixed_items, (3,)),
    (enumerates_mixed_items, (1, "ab", 2.5, 7)),
    (enumerates_mixed_items, (1, "ab")),
])
def test_loops_over_tuples_holding_strings_are_unrolled(function, items):
    assert jitted(function)(items) == function(items)


def picks_mixed_item(items, i):
    return items[i]


def test_a_mixed_tuple_indexed_at_run_time_outside_a_loop_is_a_located_error():
    with pytest.raises(errors.UnsupportedError, match=r"test_iteration.py:\d+:\d+: error: a tuple whose elements are not of one type is indexed only by integer literals, or looped over"):
        njit(picks_mixed_item)((1, "a"), 0)


def loops_over_a_tuple_of_arrays():
    total = 0.0
    arrays = (np.ones(4), np.arange(5.0))
    for i, values in enumerate(arrays):
        total += values.sum() * (i + 1)
    return total


def loops_over_a_tuple_of_tuples():
    total = 0.0
    for pair in ((1.5, 2.0), (99.3, 3.4), (1.8, 2.5)):
        for value in pair:
            total += value
        total = total * 2
    return total


def picks_views_of_several_layouts(n):
    matrix = np.arange(12.0).reshape(3, 4)
    views = (matrix[0], matrix[:, 1], np.ones(3))
    total = 0.0
    for view in views:
        total += view[0] * 10 + view.shape[0]
    return total + views[n][1]


@pytest.mark.parametrize("function, args", [(loops_over_a_tuple_of_arrays, ()), (loops_over_a_tuple_of_tuples, ()), (picks_views_of_several_layouts, (1,)), (picks_views_of_several_layouts, (-3,)), (picks_views_of_several_layouts, (3,))])
def test_tuples_of_arrays_and_of_tuples_are_looped_over_and_indexed_at_run_time(function, args):
    check(jitted(function), *args)



def zips_ranges(n):
    total = 0
    for i, j in zip(range(n), range(n, 0, -1)):
        total += i * j
    squares = [i * j for i, j in zip(range(n), range(n, 0, -1))]
    table = {i: float(j) for i, j in zip(range(n), range(n, 0, -1))}
    return total, squares, table


def enumerates_reversed_range(n):
    total = 0
    for i, v in enumerate(reversed(range(2, n, 3)), 1):
        total += i * 100 + v
    return total


def range_lengths(start, stop, step):
    return len(range(stop)), len(range(start, stop)), len(range(start, stop, step))


def range_membership(x, start, stop, step):
    return x in range(stop), x not in range(start, stop), x in range(start, stop, step)


def range_length_in_tests(n):
    count = 0
    while len(range(count)) < n:
        count += 1
    if n in range(0, 20, 2):
        count += 100
    return count


@pytest.mark.parametrize("n", [0, 1, 7])
def test_ranges_inside_zip_enumerate_and_reversed(n):
    assert jitted(zips_ranges)(n) == zips_ranges(n)
    check(jitted(enumerates_reversed_range), n + 10)


@pytest.mark.parametrize("bounds", [(3, 10, 2), (10, 3, -3), (3, 10, -1), (-5, 5, 3), (3, 10, 0), (0, 0, 1)])
def test_len_of_a_range_matches_cpython(bounds):
    check(jitted(range_lengths), *bounds)


@pytest.mark.parametrize("x", [-1, 0, 3, 4, 5, 9, 10, 2.0, 2.5])
@pytest.mark.parametrize("bounds", [(3, 10, 2), (10, 3, -5), (0, 10, 1), (3, 10, 0)])
def test_in_a_range_matches_cpython(x, bounds):
    check(jitted(range_membership), x, *bounds)


@pytest.mark.parametrize("n", [0, 4, 5])
def test_range_values_in_if_and_while_tests(n):
    check(jitted(range_length_in_tests), n)


def range_variables(start, stop, step):
    whole = range(stop)
    part = range(start, stop)
    stepped = range(start, stop, step)
    total = 0
    for i in stepped:
        total += i
    pairs = 0
    for i, j in zip(part, stepped):
        pairs += i * j
    if stop > 5:
        stepped = range(stop, start, -step)
    return (whole.start, whole.stop, whole.step, part.start, part.stop, part.step,
            stepped.start, stepped.stop, stepped.step, len(stepped), len(whole), 4 in part,
            7 not in stepped, total, pairs, sum(list(stepped)))


@pytest.mark.parametrize("bounds", [(1, 9, 3), (0, 0, 1), (5, 2, 1), (-3, 8, 2), (1, 9, 0)])
def test_ranges_bound_to_variables_match_cpython(bounds):
    check(jitted(range_variables), *bounds)


def sum_of_range(start, stop, step):
    total = 0
    for i in range(start, stop, step):
        total += i
    return total


@pytest.mark.parametrize("start, stop, step", [(0, 5.7, 1), (1.9, 5.7, 2.7), (-3.5, 2, 1), (6.2, -1.0, -2.5)])
def test_float_range_bounds_are_truncated_as_numba_does(start, stop, step):
    # Python raises TypeError; Numba converts each bound to an integer as `int()` does.
    assert rumba.njit(sum_of_range)(start, stop, step) == sum_of_range(int(start), int(stop), int(step))


def walk_either_way(n, reverse):
    # numpy-groupies picks the direction of its loop with a conditional expression of ranges.
    order = range(n - 1, -1, -1) if reverse else range(n)
    digits = 0
    for i in order:
        digits = digits * 10 + i
    return digits * 100 + len(order) + (2 in order)


@pytest.mark.parametrize("reverse", [True, False])
def test_a_range_chosen_by_a_conditional_expression(reverse):
    assert rumba.njit(walk_either_way)(4, reverse) == walk_either_way(4, reverse)
