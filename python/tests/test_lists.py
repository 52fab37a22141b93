"""Python lists in compiled functions (Numba's reflected lists), each case against CPython running
the same function on copies of the same arguments.

Covered: literals (`[]` filled by appends, ints, floats and ints mixed, which unify to float, bools,
complex numbers, tuples of numbers, lists of lists); lists returned to Python as `list` objects
whose items are `int`/`float`/`bool`/`complex`/`tuple`/`list`; `len`, indexing with negative
indices, item assignment and `+=`, `IndexError` on reads and writes out of range, slices (`l[1:]`,
`l[::-1]`, `l[a:b:c]`, bounds given as None) as new lists, slice assignment (`l[a:b] = other`
of any length, `l[a:b:c] = other` with CPython's `ValueError` for another length, `l[a:] = l`); the methods `append`, `extend`, `pop()`, `pop(i)`, `insert`
(clamped indices), `remove`, `index` (with `start` and `end`), `count`, `reverse`, `sort`, `sort(reverse=True)` (of numbers
and of tuples of them, compared as CPython compares tuples), `copy`,
`clear`, with CPython's exceptions and messages; `in`, `not in`, `<`, `<=`, `>`, `>=`, `del l[a:b:c]`, `+`, `l * n`, `sorted`, `sum`,
`min`, `max`; `for` over a list, `enumerate` and `zip` of lists; list comprehensions over
`range`, a 1-D array (with a condition) and a list; `list(range(n))`, `list(array)` and
`np.array(list)` (same dtype as NumPy gives CPython); lists passed from Python, read and mutated
(the caller's list afterwards holds what CPython's copy holds); lists passed to and returned from
other compiled functions; lists assigned in branches and rebuilt in loops; exceptions raised while
lists are alive; the truth value of a list; `typed.List` made in compiled code and passed from
Python (`empty_list`); lists read, and refused to be changed, in `prange` bodies that share them. The resident set stays flat over 100,000 calls of functions that build and sum a
list, return a list to Python, and raise after appending. Errors: an empty list argument is a
`TypeError`, an empty list never appended to is a `rumba.errors.TypingError`.
"""

import os

import numpy as np
import pytest

import rumba
from rumba import errors, prange, types
from rumba.typed import Dict, List
from _compare import MB, jitted, rss_after
from _containers import assert_same_outcome, assert_same_result, case_id, run


def empty_then_appended(n):
    l = []
    for i in range(n):
        l.append(i * 3)
    return l


def empty_then_appended_floats(n):
    l = []
    for i in range(n):
        l.append(i * 0.25)
    return l


def literal_ints():
    return [1, 2, 3]


def literal_of_variables(x, y):
    return [x, y, x + y, x * y]


def literal_bools(x):
    return [x > 0, x < 0, True]


def literal_complex(x):
    return [1j, 2 + 3j, x]


def literal_tuples():
    return [(1, 2.0), (3, 4.0)]


def literal_nested():
    return [[1, 2], [3]]


def literal_nested_floats(x):
    return [[x, 2.5], [x - 1.0], [x * 2.0, x, 0.5]]


def literal_length():
    l = [1, 2, 3]
    m = [[1, 2], [3]]
    return len(l) * 100 + len(m) * 10 + len(m[1])


def nested_read(i, j):
    m = [[1, 2], [3], [4, 5, 6]]
    return m[i][j]


def tuples_appended(n):
    l = []
    for i in range(n):
        l.append((i, i * 0.5))
    return l


def tuple_items_read(n):
    l = [(1, 2.0), (3, 4.0)]
    total = 0.0
    for i in range(n):
        a, b = l[i % 2]
        total += a * b
    return total


def rows_appended(n):
    m = []
    for i in range(n):
        row = [i, i + 1]
        m.append(row)
    return m


LITERAL_CASES = [
    (empty_then_appended, (5,)),
    (empty_then_appended, (0,)),
    (empty_then_appended_floats, (6,)),
    (literal_ints, ()),
    (literal_of_variables, (3, 4)),
    (literal_of_variables, (1.5, -2.0)),
    (literal_bools, (2,)),
    (literal_complex, (1.5 - 2j,)),
    (literal_tuples, ()),
    (literal_nested, ()),
    (literal_nested_floats, (1.25,)),
    (literal_length, ()),
    (nested_read, (-1, -1)),
    (nested_read, (1, 1)),
    (tuples_appended, (4,)),
    (tuple_items_read, (5,)),
    (rows_appended, (3,)),
]


@pytest.mark.parametrize("function, args", LITERAL_CASES, ids=[case_id(case) for case in LITERAL_CASES])
def test_literals_and_returned_lists(function, args):
    assert_same_outcome(function, *args)


def literal_ints_and_floats():
    return [1.5, 2]


def test_ints_and_floats_in_a_literal_unify_to_float():
    # CPython keeps the 2 an int; a compiled list has one item type, float here (as in Numba).
    expected = literal_ints_and_floats()
    got = jitted(literal_ints_and_floats)()
    assert type(got) is list and got == expected
    assert all(type(item) is float for item in got), got


def test_each_call_returns_a_new_list():
    function = jitted(empty_then_appended)
    first = function(4)
    first.append(100)
    first[0] = -1
    second = function(4)
    assert second is not first
    assert_same_result(second, empty_then_appended(4))


# --------------------------------------------------------------------------------------------------
# len, indexing, item assignment, slices.
# --------------------------------------------------------------------------------------------------


def read_at(i):
    l = [10, 20, 30, 40]
    return l[i]


def read_float_at(i):
    l = [0.5, 1.5, 2.5]
    return l[i]


def write_at(i, v):
    l = [1.0, 2.0, 3.0]
    l[i] = v
    return l


def add_at(i, v):
    l = [1, 2, 3]
    l[i] += v
    l[i] += v
    return l


def tail(n):
    l = []
    for i in range(n):
        l.append(i * i)
    return l[1:]


def reversed_copy(n):
    l = []
    for i in range(n):
        l.append(i + 0.5)
    r = l[::-1]
    r.append(-1.0)
    return l + r


def sliced(a, b, c):
    l = [0, 1, 2, 3, 4, 5, 6, 7, 8, 9]
    return l[a:b:c]


def slice_replaced(a, b, n):
    l = [0, 1, 2, 3, 4, 5]
    l[a:b] = [i * 10 for i in range(n)]
    return l


def extended_slice_replaced(a, b, c, n):
    l = [0.5, 1.5, 2.5, 3.5, 4.5, 5.5, 6.5]
    l[a:b:c] = [-float(i) for i in range(n)]
    return l


def slice_emptied(a, b):
    l = [(1, 2.0), (3, 4.0), (5, 6.0)]
    l[a:b] = []
    return l


def slice_given_itself(a):
    l = [1, 2, 3]
    l[a:] = l
    return l


INDEX_CASES = [
    (read_at, (0,)),
    (read_at, (3,)),
    (read_at, (-1,)),
    (read_at, (4,)),
    (read_at, (-5,)),
    (read_float_at, (-2,)),
    (read_float_at, (3,)),
    (write_at, (0, 9.5)),
    (write_at, (-1, -2.0)),
    (write_at, (3, 1.0)),
    (write_at, (-4, 1.0)),
    (add_at, (1, 5)),
    (add_at, (-3, -1)),
    (add_at, (3, 1)),
    (tail, (5,)),
    (tail, (1,)),
    (reversed_copy, (4,)),
    (sliced, (2, 8, 2)),
    (sliced, (-3, 100, 1)),
    (sliced, (8, 1, -3)),
    (sliced, (-1, -11, -1)),
    (sliced, (5, 2, 1)),
    (sliced, (None, None, -1)),
    (sliced, (2, None, None)),
    (slice_replaced, (1, 3, 4)),
    (slice_replaced, (1, 5, 0)),
    (slice_replaced, (4, 2, 2)),
    (slice_replaced, (-2, 100, 3)),
    (slice_replaced, (9, 9, 1)),
    (extended_slice_replaced, (None, None, 2, 4)),
    (extended_slice_replaced, (None, None, 2, 3)),
    (extended_slice_replaced, (-1, 0, -3, 2)),
    (extended_slice_replaced, (1, 6, 1, 1)),
    (extended_slice_replaced, (5, 1, -2, 0)),
    (slice_emptied, (0, 2)),
    (slice_emptied, (-1, None)),
    (slice_given_itself, (1,)),
    (slice_given_itself, (0,)),
]


@pytest.mark.parametrize("function, args", INDEX_CASES, ids=[case_id(case) for case in INDEX_CASES])
def test_indexing_and_slices(function, args):
    assert_same_outcome(function, *args)


# --------------------------------------------------------------------------------------------------
# Methods.
# --------------------------------------------------------------------------------------------------


def extended(n):
    a = [1, 2]
    b = []
    for i in range(n):
        b.append(i * 10)
    a.extend(b)
    b.append(-1)
    return a


def pop_last(n):
    l = []
    for i in range(n):
        l.append(i * 10)
    v = l.pop()
    return v * 1000 + len(l)


def pop_value_at(i):
    l = [10, 20, 30, 40]
    return l.pop(i)


def pop_rest_at(i):
    l = [1.5, 2.5, 3.5, 4.5]
    l.pop(i)
    return l


def inserted(i, x):
    l = [1, 2, 3, 4]
    l.insert(i, x)
    return l


def removed(x):
    l = [3, 1, 4, 1, 5]
    l.remove(x)
    return l


def removed_float(x):
    l = [0.5, 1.5, 0.5]
    l.remove(x)
    return l


def index_of(x):
    l = [3, 1, 4, 1, 5]
    return l.index(x)


def index_of_float(x):
    l = [0.5, 2.5, 0.5]
    return l.index(x)


def count_of(x):
    l = [3, 1, 4, 1, 5, 1]
    return l.count(x)


def count_of_float(x):
    l = [0.5, 1.5, 0.5]
    return l.count(x)


def reversed_in_place(n):
    l = []
    for i in range(n):
        l.append(i * 1.5)
    l.reverse()
    return l


def sorted_in_place(a):
    l = []
    for v in a:
        l.append(v)
    l.sort()
    return l


def sorted_in_place_descending(a):
    l = []
    for v in a:
        l.append(v)
    l.sort(reverse=True)
    return l


def sorted_pairs(a, b):
    pairs = []
    for i in range(len(a)):
        pairs.append((int(a[i]), b[i]))
    pairs.sort()
    descending = sorted(pairs, reverse=True)
    nested = [((int(a[i]) % 3, b[i]), i) for i in range(len(a))]
    nested.sort()
    return pairs, descending, nested


def sorted_by_keys(a, b):
    pairs = [(int(a[i]), b[i]) for i in range(len(a))]
    by_second = sorted(pairs, key=lambda pair: pair[1])
    by_first_descending = sorted(pairs, key=lambda pair: pair[0], reverse=True)
    positions = sorted(range(len(b)), key=lambda i: b[i])
    return by_second, by_first_descending, positions


def negated(x):
    return -x


def sorted_in_place_by_keys(a, scale):
    values = [int(v) % 7 for v in a]
    values.sort(key=negated)
    scaled = [float(v) for v in a]
    scaled.sort(key=lambda v: (v * scale) % 5.0, reverse=True)
    return values, scaled


def copied(n):
    l = [1, 2, 3]
    c = l.copy()
    for i in range(n):
        c.append(i)
    c[0] = 100
    return l + c


def cleared(x):
    l = [1.0, 2.0, 3.0]
    l.clear()
    n = len(l)
    l.append(x)
    l.append(n + 0.5)
    return l


def extended_by_tuples(x):
    l = [x]
    l.extend((2.5, 3.0))
    l.extend(())
    empty = []
    empty.extend((x, x + 1))
    return l, empty


def of_nones(n):
    l = []
    for _ in range(n):
        l.append(None)
    if n > 1:
        l[1] = None
    other = [None] * n
    pairs = [(i, None) for i in range(n)]
    return l, len(l), l == other, l != other, l < other, l >= other, l.count(None), pairs


RNG = np.random.default_rng(20240611)
RANDOM_INTS = RNG.integers(-50, 50, size=25)
RANDOM_FLOATS = RNG.integers(-400, 400, size=30) / 4.0

METHOD_CASES = [
    (extended, (3,)),
    (extended, (0,)),
    (pop_last, (4,)),
    (pop_last, (0,)),
    (pop_value_at, (0,)),
    (pop_value_at, (2,)),
    (pop_value_at, (-1,)),
    (pop_value_at, (4,)),
    (pop_value_at, (-5,)),
    (pop_rest_at, (1,)),
    (pop_rest_at, (-1,)),
    (inserted, (0, 9)),
    (inserted, (2, 9)),
    (inserted, (100, 9)),
    (inserted, (-1, 9)),
    (inserted, (-100, 9)),
    (removed, (1,)),
    (removed, (7,)),
    (removed_float, (0.5,)),
    (removed_float, (2.0,)),
    (index_of, (1,)),
    (index_of, (7,)),
    (index_of_float, (0.5,)),
    (index_of_float, (1.5,)),
    (count_of, (1,)),
    (count_of, (8,)),
    (count_of_float, (0.5,)),
    (count_of_float, (2.5,)),
    (reversed_in_place, (5,)),
    (reversed_in_place, (0,)),
    (sorted_in_place, (RANDOM_INTS,)),
    (sorted_in_place, (RANDOM_FLOATS,)),
    (sorted_in_place_descending, (RANDOM_INTS,)),
    (sorted_in_place_descending, (RANDOM_FLOATS,)),
    (sorted_pairs, (RANDOM_INTS % 5, RANDOM_FLOATS[:25])),
    # Stable, as Python's, also reversed: equal keys keep their items' order.
    (sorted_by_keys, (RANDOM_INTS % 5, RANDOM_FLOATS[:25] % 3)),
    (sorted_in_place_by_keys, (RANDOM_INTS, -1.5)),
    (copied, (2,)),
    (cleared, (7.5,)),
    (extended_by_tuples, (1.5,)),
    (of_nones, (3,)),
    (of_nones, (0,)),
]


@pytest.mark.parametrize(
    "function, args", METHOD_CASES, ids=["%s-%d" % (case[0].__name__, i) for i, case in enumerate(METHOD_CASES)]
)
def test_methods(function, args):
    assert_same_outcome(function, *args)


# --------------------------------------------------------------------------------------------------
# Operators and builtins.
# --------------------------------------------------------------------------------------------------


def membership(x):
    l = [3, 1, 4, 1, 5]
    return (x in l, x not in l)


def membership_float(x):
    l = [0.5, 1.5]
    return (x in l, x not in l)


def concatenated(n):
    a = [1.0, 2.0]
    b = []
    for i in range(n):
        b.append(i * 0.5)
    c = a + b
    c.append(9.0)
    return c


def repeated(n):
    l = [1, 2]
    return l * n


def sorted_copy(a):
    l = []
    for v in a:
        l.append(v)
    s = sorted(l)
    s.append(l[0])
    return s


def sum_min_max(a):
    l = []
    for v in a:
        l.append(v)
    return (sum(l), min(l), max(l))


def sum_min_max_literal(x):
    l = [4, -2, x, 7]
    return (sum(l), min(l), max(l))


OPERATOR_CASES = [
    (membership, (1,)),
    (membership, (2,)),
    (membership_float, (1.5,)),
    (concatenated, (3,)),
    (concatenated, (0,)),
    (repeated, (3,)),
    (repeated, (0,)),
    (repeated, (-2,)),
    (sorted_copy, (RANDOM_INTS,)),
    (sorted_copy, (RANDOM_FLOATS,)),
    (sum_min_max, (RANDOM_INTS,)),
    (sum_min_max, (RANDOM_FLOATS,)),
    (sum_min_max_literal, (3,)),
    (sum_min_max_literal, (-9,)),
]


@pytest.mark.parametrize(
    "function, args", OPERATOR_CASES, ids=["%s-%d" % (case[0].__name__, i) for i, case in enumerate(OPERATOR_CASES)]
)
def test_operators_and_builtins(function, args):
    assert_same_outcome(function, *args)


# --------------------------------------------------------------------------------------------------
# Iteration and comprehensions.
# --------------------------------------------------------------------------------------------------


def loop_over(n):
    l = []
    for i in range(n):
        l.append(i * 0.5)
    total = 0.0
    for v in l:
        total += v * v
    return total


def loop_enumerated(n):
    l = []
    for i in range(n):
        l.append(n - i)
    total = 0
    for i, v in enumerate(l):
        total += i * v
    return total


def loop_zipped(n, m):
    a = []
    for i in range(n):
        a.append(i)
    b = []
    for i in range(m):
        b.append(i * 1.5)
    total = 0.0
    for x, y in zip(a, b):
        total += x * y
    return total


def squares(n):
    return [i * i for i in range(n)]


def positives(arr):
    return [v for v in arr if v > 0]


def plus_one(n):
    l = [1, 2, 3]
    for i in range(n):
        l.append(i * 10)
    return [x + 1 for x in l]


def range_list(n):
    return list(range(n))


def array_list(arr):
    return list(arr)


def float_list_to_array(n):
    l = []
    for i in range(n):
        l.append(i * 0.75)
    return np.array(l)


def int_list_to_array(n):
    l = [i * 2 for i in range(n)]
    return np.array(l)


ITERATION_CASES = [
    (loop_over, (6,)),
    (loop_enumerated, (5,)),
    (loop_zipped, (4, 6)),
    (loop_zipped, (5, 2)),
    (squares, (7,)),
    (positives, (np.random.default_rng(7).standard_normal(20),)),
    (plus_one, (3,)),
    (range_list, (6,)),
    (range_list, (0,)),
    (array_list, (np.arange(5.0) * 0.5,)),
    (array_list, (np.arange(-3, 4),)),
    (float_list_to_array, (5,)),
    (int_list_to_array, (6,)),
]


@pytest.mark.parametrize(
    "function, args", ITERATION_CASES, ids=["%s-%d" % (case[0].__name__, i) for i, case in enumerate(ITERATION_CASES)]
)
def test_iteration_comprehensions_and_conversions(function, args):
    assert_same_outcome(function, *args)


# --------------------------------------------------------------------------------------------------
# Lists passed from Python.
# --------------------------------------------------------------------------------------------------


def sum_by_loop(l):
    total = 0
    for i in range(len(l)):
        total += l[i]
    return total


def append_and_set(l):
    l.append(4)
    l[0] = 9
    return len(l)


def append_and_set_floats(l):
    l.append(4.0)
    l[0] = 9.5
    return len(l)


def double_each(l):
    for i in range(len(l)):
        l[i] *= 2
    return sum(l)


def pop_and_sort(l):
    v = l.pop(0)
    l.sort()
    l.insert(0, v)
    return v


ARGUMENT_CASES = [
    (sum_by_loop, ([1, 2, 3, 4],)),
    (sum_by_loop, ([0.5, -1.5, 2.25],)),
    (append_and_set, ([1, 2, 3],)),
    (append_and_set_floats, ([1.5],)),
    (double_each, ([3, -1, 4],)),
    (double_each, ([0.5, 2.5],)),
    (pop_and_sort, ([5, 3, 9, 1, 4],)),
]


@pytest.mark.parametrize(
    "function, args", ARGUMENT_CASES, ids=["%s-%d" % (case[0].__name__, i) for i, case in enumerate(ARGUMENT_CASES)]
)
def test_lists_from_python(function, args):
    # assert_same_outcome also compares the argument lists after the two calls.
    assert_same_outcome(function, *args)


def test_changes_reach_the_callers_list_object():
    expected = [1, 2, 3]
    append_and_set(expected)
    mine = [1, 2, 3]
    same = mine
    jitted(append_and_set)(mine)
    assert mine is same
    assert_same_result(mine, expected, "the caller's list")


# --------------------------------------------------------------------------------------------------
# Lists passed between compiled functions.
# --------------------------------------------------------------------------------------------------


def append_to(l, x):
    l.append(x)
    l.append(x * 2)


def calls_appender(n):
    l = [0]
    for i in range(n):
        append_to(l, i)
    return l


def build_list(n):
    l = []
    for i in range(n):
        l.append(i * 0.5)
    return l


def calls_builder(n):
    a = build_list(n)
    b = build_list(n + 1)
    total = 0.0
    for v in a:
        total += v
    return total + len(b)


def returns_built(n):
    l = build_list(n)
    l.append(-1.0)
    return l


CALLEE_CASES = [
    (calls_appender, (3,)),
    (calls_appender, (0,)),
    (calls_builder, (5,)),
    (returns_built, (4,)),
]


@pytest.mark.parametrize("function, args", CALLEE_CASES, ids=[case_id(case) for case in CALLEE_CASES])
def test_lists_between_compiled_functions(function, args):
    assert_same_outcome(function, *args)


# --------------------------------------------------------------------------------------------------
# Branches and loops.
# --------------------------------------------------------------------------------------------------


def chosen_in_branch(flag):
    if flag:
        l = [1, 2]
    else:
        l = [3, 4, 5]
    l.append(len(l))
    return l


def rebuilt_each_row(n, m):
    sums = []
    for i in range(n):
        row = []
        for j in range(m):
            row.append(i * m + j)
        sums.append(sum(row))
    return sums


def rebuilt_and_replaced(n):
    best = [0.0]
    for i in range(n):
        row = []
        for j in range(i + 1):
            row.append(j * 0.5)
        if sum(row) > sum(best):
            best = row
    return best


BRANCH_CASES = [
    (chosen_in_branch, (True,)),
    (chosen_in_branch, (False,)),
    (rebuilt_each_row, (4, 3)),
    (rebuilt_each_row, (2, 1)),
    (rebuilt_and_replaced, (5,)),
]


@pytest.mark.parametrize("function, args", BRANCH_CASES, ids=[case_id(case) for case in BRANCH_CASES])
def test_lists_in_branches_and_loops(function, args):
    assert_same_outcome(function, *args)


# --------------------------------------------------------------------------------------------------
# Exceptions while lists are alive.
# --------------------------------------------------------------------------------------------------


def raise_after_appending(n, limit):
    l = []
    for i in range(n):
        l.append(i * 1.5)
        if len(l) > limit:
            raise ValueError("too many items")
    return sum(l)


def index_error_in_loop(n):
    l = [1, 2, 3]
    total = 0
    for i in range(n):
        row = [i, i + 1]
        total += l[i] + row[1]
    return total


@pytest.mark.parametrize("args", [(10, 3), (3, 10)], ids=["raises", "returns"])
def test_exception_after_appending(args):
    assert_same_outcome(raise_after_appending, *args)


@pytest.mark.parametrize("n", [3, 5])
def test_index_error_inside_a_loop(n):
    assert_same_outcome(index_error_in_loop, n)


# --------------------------------------------------------------------------------------------------
# Errors.
# --------------------------------------------------------------------------------------------------


def returns_untyped_empty():
    l = []
    return l


def test_an_empty_list_argument_is_a_type_error():
    with pytest.raises(TypeError):
        rumba.jit(sum_by_loop)([])


def test_an_empty_list_never_appended_to_is_a_typing_error():
    with pytest.raises(errors.TypingError):
        rumba.jit(returns_untyped_empty)()


def slice_given_other_items(n):
    l = [1.0, 2.0, 3.0]
    l[1:] = [n, n]
    return l


def test_a_slice_given_a_list_of_other_items_is_a_located_typing_error():
    with pytest.raises(errors.TypingError, match=r"test_lists.py:\d+:\d+: error: can only assign a list of float64 to a slice of this list, not list\(int64\)"):
        rumba.jit(slice_given_other_items)(4)


# --------------------------------------------------------------------------------------------------
# Memory.
# --------------------------------------------------------------------------------------------------

def sum_of_floats(n):
    l = []
    for i in range(n):
        l.append(i * 0.5)
    return sum(l)


def ints_for_python(n):
    l = []
    for i in range(n):
        l.append(i)
    return l


def append_then_raise(n):
    l = []
    for i in range(n):
        l.append(i)
    raise ValueError("raised with a list alive")


def _raises_value_error():
    with pytest.raises(ValueError):
        jitted(append_then_raise)(50)


MEMORY_CASES = {
    "sum-of-1000-floats": lambda: jitted(sum_of_floats)(1000),
    "100-ints-to-python": lambda: jitted(ints_for_python)(100),
    "append-then-raise": _raises_value_error,
}


def test_memory_case_functions_match_cpython():
    assert_same_outcome(sum_of_floats, 1000)
    assert_same_outcome(ints_for_python, 100)
    assert_same_outcome(append_then_raise, 50)


@pytest.mark.skipif(not os.path.exists("/proc/self/statm"), reason="reads RSS from /proc/self/statm")
@pytest.mark.parametrize("case", list(MEMORY_CASES))
def test_resident_set_stays_flat_over_100000_calls(case):
    before, after = rss_after(MEMORY_CASES[case], 100_000)
    # Each call allocates at least 400 bytes of list storage that a leak would keep: 100,000 calls
    # would add 40 MB.
    assert after - before < max(0.05 * before, 4 * MB), "RSS grew from %d to %d bytes" % (before, after)


# --------------------------------------------------------------------------------------------------
# Truth values, typed.List, lists in prange bodies
# --------------------------------------------------------------------------------------------------


def drain(n):
    items = [i * 3 for i in range(n)]
    total = 0
    while items:
        total += items.pop()
    return total, not items


def empty_or_not(n):
    items = []
    if n > 2:
        items.append(n)
    return 1 if items else 0


@pytest.mark.parametrize("function, args", [(drain, (0,)), (drain, (5,)), (empty_or_not, (1,)), (empty_or_not, (4,))], ids=["drain-0", "drain-5", "empty", "not-empty"])
def test_truth_value_of_a_list(function, args):
    assert_same_outcome(function, *args)


def typed_squares(n):
    squares = List()
    for i in range(n):
        squares.append(i * i)
    doubled = List([v * 2 for v in squares])
    return squares, doubled


def typed_by_its_full_name(n):
    squares = rumba.typed.List()
    for i in range(n):
        squares.append(i * i)
    return squares


def typed_fill(items, n):
    for i in range(n):
        items.append(i + 0.5)
    return len(items)


def test_typed_list_made_in_compiled_code():
    assert_same_outcome(typed_squares, 5)
    assert_same_outcome(typed_by_its_full_name, 4)


def typed_empty_lists(n):
    counts = List.empty_list(types.int64)
    scales = rumba.typed.List.empty_list(item_type=rumba.float64)
    words = List.empty_list(types.unicode_type)
    for i in range(n):
        counts.append(i * 2)
        scales.append(i / 4)
        words.append(str(i))
    return counts, scales, len(words), words[-1] == str(n - 1) if n else True, len(List.empty_list(rumba.int32))


def test_typed_empty_list_made_in_compiled_code():
    assert_same_outcome(typed_empty_lists, 3)
    assert_same_outcome(typed_empty_lists, 0)


def typed_empty_list_of_a_list():
    return List.empty_list([1])


def test_typed_empty_list_of_an_unsupported_item_type_is_a_located_error():
    with pytest.raises(errors.UnsupportedError, match=r"test_lists.py:\d+:\d+: error: List.empty_list\(\) of list\(int64\) is not supported \(the types are"):
        jitted(typed_empty_list_of_a_list)()


def test_typed_list_passed_from_python_is_changed_in_place():
    empty = List.empty_list(rumba.float64)
    expected = List.empty_list(rumba.float64)
    assert jitted(typed_fill)(empty, 3) == typed_fill(expected, 3)
    assert isinstance(empty, List) and empty == expected == [0.5, 1.5, 2.5]


def test_an_empty_typed_dict_nothing_is_stored_into_is_a_located_error():
    with pytest.raises(errors.TypingError, match=r"test_lists.py:\d+:\d+: error: the types of this dict's keys and values are unknown"):
        jitted(makes_a_typed_dict)()


def makes_a_typed_dict():
    return Dict()


def appends_in_prange(n):
    items = [0]
    for i in prange(n):
        items.append(i)
    return items


def reads_in_prange(items):
    total = 0
    for i in prange(len(items)):
        total += items[i]
    return total


def test_lists_are_read_but_not_changed_in_prange_bodies():
    assert rumba.njit(parallel=True)(reads_in_prange)([1, 2, 3, 4]) == 10
    with pytest.raises(errors.UnsupportedError, match="a prange loop cannot change 'items', which its iterations share"):
        rumba.njit(parallel=True)(appends_in_prange)(10)


# --------------------------------------------------------------------------------------------------
# Equality and del
# --------------------------------------------------------------------------------------------------


def equal_lists(n):
    a = [i * 2 for i in range(n)]
    b = list(range(0, 2 * n, 2))
    c = [[1, 2], [3]]
    return a == b, a != b, a == b[:-1], c == [[1, 2], [3]], c != [[1, 2], [4]], [] == a[:0]


def deleted_items(n):
    items = list(range(n))
    del items[0]
    del items[-1]
    return items


@pytest.mark.parametrize("function, args", [(equal_lists, (4,)), (equal_lists, (0,)), (deleted_items, (5,)), (deleted_items, (1,))], ids=["equal-4", "equal-0", "del-5", "del-1"])
def test_equality_and_del(function, args):
    assert_same_outcome(function, *args)


def index_between(n, start, end):
    items = [i % 3 for i in range(n)]
    return items.index(0, start), items.index(2, start, end), items.index(1, -4)


def ordered(n):
    a = list(range(n))
    b = list(range(n))
    b.append(0)
    c = [1.5 * i for i in range(n)]
    return (a < b, a <= b, a > b, a >= b, b < a, a < c, c <= a, a >= c, [] < a, a <= a, ["a", "b"] < ["a", "c"], [2] > [1, 5])


def deleted_slices(n, start, stop):
    items = list(range(n))
    del items[start:stop]
    stepped = list(range(n))
    del stepped[::2]
    backwards = list(range(n))
    del backwards[stop:start:-2]
    tail = [0.5 * i for i in range(n)]
    del tail[start:]
    whole = list(range(n))
    del whole[:]
    return items, stepped, backwards, tail, whole


def deleted_with_zero_step(n):
    items = list(range(n))
    del items[::0]
    return items


def truth_of_lists(n):
    items = list(range(n))
    return bool(items), bool([0][:0]), 1 if items else 0


BETWEEN = [
    (index_between, (10, 1, 9)), (index_between, (10, -5, 100)), (index_between, (10, 4, 5)), (index_between, (6, 4, 100)),
    (ordered, (0,)), (ordered, (3,)),
    (deleted_slices, (8, 1, 3)), (deleted_slices, (8, -3, 100)), (deleted_slices, (5, 4, 1)), (deleted_slices, (0, 0, 0)), (deleted_slices, (9, -100, -2)),
    (deleted_with_zero_step, (3,)), (truth_of_lists, (0,)), (truth_of_lists, (2,)),
]


@pytest.mark.parametrize("function, args", BETWEEN, ids=[case_id(case) for case in BETWEEN])
def test_index_between_bounds_ordering_and_slice_deletion(function, args):
    assert_same_outcome(function, *args)


def a_list_ordered_with_a_tuple(n):
    return [n] < (n,)


def test_a_list_ordered_with_a_tuple_is_a_located_error():
    with pytest.raises(errors.TypingError, match=r"test_lists.py:\d+:\d+: error: '<' is not supported between list\(int64\) and \(int64,\)"):
        rumba.jit(a_list_ordered_with_a_tuple)(1)


def reads_only(items):
    total = 0.0
    for v in items:
        total += v
    return total


def test_a_list_the_call_leaves_equal_keeps_its_items_types():
    items = [1, 2.5, True]
    assert jitted(reads_only)(items) == reads_only(list(items))
    assert [type(item) for item in items] == [int, float, bool]


def concatenated_across_types(n):
    ints = list(range(n))
    floats = [0.5 * i for i in range(n)]
    return ints + floats, floats + ints


def test_lists_of_two_number_types_concatenate_into_the_joined_type():
    # As Numba: a new list of the joined type (CPython keeps each item's own type; the values agree).
    got_forward, got_backward = rumba.njit(concatenated_across_types)(3)
    want_forward, want_backward = concatenated_across_types(3)
    assert got_forward == [float(item) for item in want_forward] and all(type(item) is float for item in got_forward)
    assert got_backward == [float(item) for item in want_backward] and all(type(item) is float for item in got_backward)


def extended_by_ranges(n):
    items = [-1]
    items.extend(range(n))
    items.extend(range(n, 0, -2))
    return items


@pytest.mark.parametrize("n", [0, 5])
def test_extend_by_a_range(n):
    assert_same_result(jitted(extended_by_ranges)(n), extended_by_ranges(n))


def repeated_either_side(n, times):
    items = list(range(n))
    return items * times, times * items


@pytest.mark.parametrize("times", [0, 2])
def test_a_count_times_a_list_repeats_it(times):
    assert_same_result(jitted(repeated_either_side)(3, times), repeated_either_side(3, times))


def containers_in_conditions(n, i):
    # `and`/`or` with lists, dicts and strings as operands in conditions (pandas' window kernels:
    # `while stack and stack[-1] >= i`): only their truth counts, as in Numba.
    stack = [0]
    for k in range(1, n):
        stack.append(k)
    out = 0
    while stack and stack[-1] >= i:
        stack.pop()
        out += 1
    table = {1: 2}
    if not stack or (table and n > 2):
        out += 100
    if (stack or table) and not (n > 100):
        out += 1000
    text = "ab" if n > 1 else ""
    if text and stack:
        out += 10000
    if not (stack and n > 2):
        out += 100000
    return out


@pytest.mark.parametrize("n, i", [(4, 2), (4, 0), (1, 5), (0, 0), (3, 9)])
def test_containers_as_operands_of_and_or_in_conditions(n, i):
    assert jitted(containers_in_conditions)(n, i) == containers_in_conditions(n, i)


def counts_or_empty(groups):
    # pydata/sparse: a list made empty, turned into an array on an early return, typed by the
    # appends after it.
    out = []
    if len(groups) == 0:
        return np.array(out, dtype=np.intp)
    out.append(np.intp(len(groups)))
    return np.array(out, dtype=np.intp)


@pytest.mark.parametrize("n", [0, 4])
def test_array_of_a_list_typed_by_later_appends(n):
    got, expected = jitted(counts_or_empty)(np.arange(n)), counts_or_empty(np.arange(n))
    assert got.dtype == expected.dtype
    np.testing.assert_array_equal(got, expected)


def sliding_max(values, window):
    # pandas' sliding min/max: the positions without a value are listed only for integers, in a
    # branch on the dtype's kind that is decided when compiling.
    output = np.empty(len(values), dtype=values.dtype)
    na_pos = []
    for i in range(len(values)):
        if i + 1 >= window:
            output[i] = values[i + 1 - window:i + 1].max()
        elif values.dtype.kind != "i":
            output[i] = np.nan
        else:
            na_pos.append(i)
    return output, na_pos


@pytest.mark.parametrize("dtype", [np.float64, np.int64])
def test_an_append_in_a_branch_ruled_out_when_compiling_still_types_the_list(dtype):
    values = np.array([3, 1, 4, 1, 5], dtype=dtype)
    got_output, got_positions = rumba.njit(sliding_max)(values, 3)
    want_output, want_positions = sliding_max(values, 3)
    assert got_positions == want_positions
    np.testing.assert_array_equal(got_output[len(want_positions):], want_output[len(want_positions):])


def first_seen(steps):
    # The list is typed by the append after the membership test that reads it (proppy).
    unique = []
    for s in steps:
        if s not in unique:
            unique.append(s)
    return np.array(unique, dtype=np.int32)


def test_membership_before_the_append_that_types_the_list():
    steps = np.array([1, 1, 3, 2, 3], dtype=np.int32)
    np.testing.assert_array_equal(rumba.njit(first_seen)(steps), first_seen(steps), strict=True)
