"""Python dicts in compiled functions, each case against CPython running the same function on deep
copies of the same arguments.

Covered: construction (`{}` filled by `d[k] = v` in a loop, literals such as `{1: 2.5, 3: 4.0}`,
`dict()`, dict comprehensions with a condition, counting with `d[v] = d.get(v, 0) + 1` over a 1-D
int64 array, float, bool and tuple keys, tuple values, list values, nested dicts); dicts returned
to Python as `dict` objects with the same keys in the same order and Python numbers, tuples, lists
and dicts as values; `d[k]` reads and `KeyError` on missing keys (holding the key, as CPython's), overwriting with `d[k] = v` (insertion order kept), `del d[k]`
(`KeyError` when missing, a re-inserted key goes last), `in`, `not in`, `len`, the truth value
(`if d:`, `while d:` with `pop`, `not d`); the methods `get(k, default)`, `pop(k)`,
`pop(k, default)`, `setdefault` (existing and new key), `keys()`, `values()`, `items()` (wrapped
in `list(...)` in the functions, since CPython gives views), `clear`, `copy` (independent of the
original), `update`; iteration over a dict, its items and its values, and `sorted(d.keys())`;
dicts in returned tuples, dicts built by a compiled helper and returned to another compiled
function, dicts passed to a compiled helper that stores into them; `0.0` and `-0.0` as one key,
the first stored kept with its sign; dicts passed from Python, read and written (the caller's dict
holds the changes afterwards, as Numba's typed dicts do); `typed.Dict.empty` in compiled code and
from Python.
The resident set stays flat over 100,000 calls of functions that build and sum a dict, return a
dict to Python, and raise after storing into a dict. Errors: a dict never stored into is a
`rumba.errors.TypingError`, an empty dict argument from Python is a `TypeError`; `d.get(k)` without
a default gives the value or None.
"""

import math
import os

import numpy as np
import pytest

import rumba
from rumba import errors, types
from rumba.typed import Dict
from _compare import MB, jitted, rss_after
from _containers import assert_same_outcome, assert_same_result, case_id, run


def indexed_ids(cases):
    return ["%s-%d" % (case_values(case)[0].__name__, i) for i, case in enumerate(cases)]


def case_values(case):
    """The ``(function, args)`` of a case, plain or wrapped in ``pytest.param``."""
    return case.values if isinstance(case, type(pytest.param())) else case


# --------------------------------------------------------------------------------------------------
# Construction, and dicts returned to Python.
# --------------------------------------------------------------------------------------------------


def filled_in_loop(n):
    d = {}
    for i in range(n):
        d[i] = i * 0.5
    return d


def filled_backwards(n):
    d = {}
    for i in range(n):
        d[n - i] = i
    return d


def literal():
    return {1: 2.5, 3: 4.0}


def literal_of_variables(x, y):
    return {x: y, x + 1: y * 2.0, x - 1: y + 0.5}


def literal_length():
    d = {1: 2.5, 3: 4.0, 5: 6.0}
    return len(d)


def from_dict_call(n):
    d = dict()
    for i in range(n):
        d[i * 2] = i * 3
    return d


def odd_squares(n):
    return {i: i * i for i in range(n) if i % 2}


def halves(n):
    return {i * 0.5: i for i in range(n)}


def counts(arr):
    d = {}
    for v in arr:
        d[v] = d.get(v, 0) + 1
    return d


def tuple_keys(n):
    d = {}
    for i in range(n):
        for j in range(i):
            d[(i, j)] = i * j * 1.0
    return d


def tuple_key_read(i, j):
    d = {}
    for a in range(4):
        for b in range(4):
            d[(a, b)] = a * 10 + b
    return d[(i, j)]


def bool_keys(n):
    d = {}
    for i in range(n):
        even = i % 2 == 0
        d[even] = d.get(even, 0) + i
    return d


def tuple_values(n):
    d = {}
    for i in range(n):
        d[i] = (i, i * 0.5)
    return d


def list_values(n):
    d = {}
    for i in range(n):
        d[i] = [i, i + 1, i + 2]
    return d


def list_values_appended(n):
    d = {0: [0.5]}
    for i in range(n):
        d[0].append(i * 1.5)
    return d


def nested_literal():
    return {1: {2: 3.0}}


def nested_stored_into_literal():
    outer = {0: {0: 0.0}}
    outer[1] = {1: 1.0}
    return outer


def nested_written_through(x):
    outer = {0: {0: 0.0}, 1: {1: 1.0}}
    outer[0][5] = x
    outer[1][1] = -x
    return outer


def nested_filled(n):
    outer = {}
    for i in range(n):
        inner = {}
        for j in range(i + 1):
            inner[j] = i * j * 0.5
        outer[i] = inner
    return outer


COUNTED = np.random.default_rng(20240612).integers(-4, 5, size=40)

CONSTRUCTION_CASES = [
    (filled_in_loop, (5,)),
    (filled_in_loop, (0,)),
    (filled_backwards, (4,)),
    (literal, ()),
    (literal_of_variables, (3, 1.5)),
    (literal_length, ()),
    (from_dict_call, (4,)),
    (odd_squares, (9,)),
    (odd_squares, (1,)),
    (halves, (5,)),
    (counts, (COUNTED,)),
    (counts, (np.arange(3, dtype=np.int64),)),
    (tuple_keys, (4,)),
    (tuple_key_read, (2, 3)),
    (tuple_key_read, (3, 4)),
    (bool_keys, (7,)),
    (tuple_values, (3,)),
    (list_values, (3,)),
    (list_values_appended, (3,)),
    (nested_literal, ()),
    (nested_stored_into_literal, ()),
    (nested_written_through, (2.5,)),
    (nested_filled, (3,)),
]


@pytest.mark.parametrize("function, args", CONSTRUCTION_CASES, ids=indexed_ids(CONSTRUCTION_CASES))
def test_construction_and_returned_dicts(function, args):
    assert_same_outcome(function, *args)


def test_each_call_returns_a_new_dict():
    function = jitted(filled_in_loop)
    first = function(3)
    first[0] = -1.0
    first[100] = 1.0
    second = function(3)
    assert second is not first
    assert_same_result(second, filled_in_loop(3))


# --------------------------------------------------------------------------------------------------
# Reads, stores, deletes, membership, length, truth values.
# --------------------------------------------------------------------------------------------------


def read(k):
    d = {1: 2.5, 3: 4.0}
    return d[k]


def read_float_key(k):
    d = {0.5: 1, 1.5: 2}
    return d[k]


def read_nested(i, j):
    d = {1: {2: 3.0, 4: 5.0}, 6: {7: 8.0}}
    return d[i][j]


def overwritten(v):
    d = {1: 1.0, 2: 2.0, 3: 3.0}
    d[2] = v
    d[4] = 4.0
    d[1] = v * 2.0
    return d


def deleted(k):
    d = {1: 1.0, 2: 2.0, 3: 3.0}
    del d[k]
    return d


def deleted_and_reinserted(k):
    d = {1: 1.0, 2: 2.0, 3: 3.0}
    del d[k]
    d[k] = 9.0
    return d


def membership(k):
    d = {1: 2.5, 3: 4.0}
    return (k in d, k not in d)


def membership_tuple(i, j):
    d = {(1, 2): 0.5, (3, 4): 1.5}
    return ((i, j) in d, (i, j) not in d)


def length(n):
    d = {}
    for i in range(n):
        d[i % 3] = i
    return len(d)


def drain(n):
    d = {i: i * 2 for i in range(n)}
    total = 0
    k = 0
    while d:
        total += d.pop(k)
        k += 1
    return total, not d


def empty_or_not(n):
    d = {}
    if n > 2:
        d[n] = 1.0
    return 1 if d else 0


def not_empty(n):
    d = {}
    for i in range(n):
        d[i] = i
    return not d



def counted(n):
    # The word-count shape: the empty dict is read in one branch and first stored into in the other.
    counts = {}
    for i in range(n):
        key = i % 3
        if key in counts:
            counts[key] += 1
        else:
            counts[key] = 1
    return counts


def counted_by_reassignment(n):
    counts = {}
    for i in range(n):
        key = (i * 7) % 4
        if key in counts:
            counts[key] = counts[key] + 0.5
        else:
            counts[key] = 1.0
    return counts


ACCESS_CASES = [
    (counted, (7,)),
    (counted, (0,)),
    (counted_by_reassignment, (9,)),
    (read, (1,)),
    (read, (3,)),
    (read, (2,)),
    (read_float_key, (1.5,)),
    (read_float_key, (2.0,)),
    (read_nested, (1, 4)),
    (read_nested, (6, 2)),
    (read_nested, (5, 2)),
    (overwritten, (7.5,)),
    (deleted, (2,)),
    (deleted, (1,)),
    (deleted, (5,)),
    (deleted_and_reinserted, (1,)),
    (deleted_and_reinserted, (2,)),
    (membership, (1,)),
    (membership, (2,)),
    (membership_tuple, (3, 4)),
    (membership_tuple, (4, 3)),
    (length, (0,)),
    (length, (2,)),
    (length, (10,)),
    (drain, (0,)),
    (drain, (5,)),
    (empty_or_not, (1,)),
    (empty_or_not, (4,)),
    (not_empty, (0,)),
    (not_empty, (2,)),
]


@pytest.mark.parametrize("function, args", ACCESS_CASES, ids=indexed_ids(ACCESS_CASES))
def test_access_membership_and_truth(function, args):
    assert_same_outcome(function, *args)


# --------------------------------------------------------------------------------------------------
# Methods.
# --------------------------------------------------------------------------------------------------


def get_with_default(k):
    d = {1: 2.5, 3: 4.0}
    return d.get(k, -1.0)


def get_tuple_key(i, j):
    d = {(1, 2): 5, (2, 1): 6}
    return d.get((i, j), 0)


def pop_value(k):
    d = {1: 10, 2: 20, 3: 30}
    return d.pop(k)


def pop_rest(k):
    d = {1: 10, 2: 20, 3: 30}
    v = d.pop(k)
    return v, d


def pop_with_default(k):
    d = {1: 1.5, 2: 2.5}
    v = d.pop(k, -1.0)
    return v, d


def set_default(k, v):
    d = {1: 10, 2: 20}
    a = d.setdefault(k, v)
    b = d.setdefault(1, v)
    return a, b, d


def keys_list(n):
    d = {}
    for i in range(n):
        d[n - i] = i * 0.5
    return list(d.keys())


def values_list(n):
    d = {}
    for i in range(n):
        d[n - i] = i * 0.5
    return list(d.values())


def items_list(n):
    d = {}
    for i in range(n):
        d[n - i] = i * 0.5
    return list(d.items())


def cleared(x):
    d = {1: 1.0, 2: 2.0}
    d.clear()
    n = len(d)
    d[5] = x
    return n, d


def copied(n):
    d = {1: 1.0, 2: 2.0}
    c = d.copy()
    c[1] = 100.0
    for i in range(n):
        c[i + 10] = i * 0.5
    del c[2]
    return d, c


def copied_then_original_changed(n):
    d = {1: 1.0, 2: 2.0}
    c = d.copy()
    d[1] = -1.0
    d[n] = 0.5
    return c, d


def updated(n):
    a = {1: 1.0, 2: 2.0, 3: 3.0}
    b = {}
    for i in range(n):
        b[4 - i] = i * 10.0
    a.update(b)
    b[100] = 0.0
    return a, b


METHOD_CASES = [
    (get_with_default, (1,)),
    (get_with_default, (2,)),
    (get_tuple_key, (2, 1)),
    (get_tuple_key, (2, 2)),
    (pop_value, (2,)),
    (pop_value, (7,)),
    (pop_rest, (1,)),
    (pop_rest, (3,)),
    (pop_with_default, (2,)),
    (pop_with_default, (3,)),
    (set_default, (1, 5)),
    (set_default, (3, 5)),
    (keys_list, (4,)),
    (keys_list, (0,)),
    (values_list, (4,)),
    (items_list, (4,)),
    (cleared, (7.5,)),
    (copied, (3,)),
    (copied_then_original_changed, (5,)),
    (updated, (3,)),
    (updated, (0,)),
]


@pytest.mark.parametrize("function, args", METHOD_CASES, ids=indexed_ids(METHOD_CASES))
def test_methods(function, args):
    assert_same_outcome(function, *args)


KEY_ERROR_CASES = [
    (read, (2,)),
    (read_float_key, (2.0,)),
    (tuple_key_read, (3, 4)),
    (deleted, (5,)),
    (pop_value, (7,)),
]


@pytest.mark.parametrize("function, args", KEY_ERROR_CASES, ids=indexed_ids(KEY_ERROR_CASES))
def test_key_error_message_matches_cpython(function, args):
    expected_kind, expected, _ = run(function, args)
    got_kind, got, _ = run(jitted(function), args)
    assert expected_kind == got_kind == "raised", (expected, got)
    assert type(got) is KeyError, got
    assert str(got) == str(expected) and got.args == expected.args, "%s%r: CPython %s, rumba %s" % (function.__name__, args, expected, got)


# --------------------------------------------------------------------------------------------------
# Iteration.
# --------------------------------------------------------------------------------------------------


def sum_over_keys(n):
    d = {i * 3: i * 0.5 for i in range(n)}
    total = 0.0
    for k in d:
        total += k * d[k]
    return total


def keys_in_order(n):
    d = {}
    for i in range(n):
        d[(i * 7) % 5] = i
    l = []
    for k in d:
        l.append(k)
    return l


def sum_over_items(n):
    d = {}
    for i in range(n):
        d[i] = i * 1.5
    total = 0.0
    for k, v in d.items():
        total += k * v
    return total


def sum_over_values(n):
    d = {}
    for i in range(n):
        d[n - i] = i * 2
    total = 0
    for v in d.values():
        total += v
    return total


def sorted_keys(arr):
    d = {}
    for v in arr:
        d[v] = 1
    return sorted(d.keys())


def nested_sum(n):
    outer = {}
    for i in range(n):
        outer[i] = {j: i + j * 0.5 for j in range(i + 1)}
    total = 0.0
    for k, inner in outer.items():
        for v in inner.values():
            total += k * v
    return total


ITERATION_CASES = [
    (sum_over_keys, (5,)),
    (sum_over_keys, (0,)),
    (keys_in_order, (9,)),
    (sum_over_items, (6,)),
    (sum_over_values, (5,)),
    (sorted_keys, (COUNTED,)),
    (nested_sum, (4,)),
]


@pytest.mark.parametrize("function, args", ITERATION_CASES, ids=indexed_ids(ITERATION_CASES))
def test_iteration(function, args):
    assert_same_outcome(function, *args)


# --------------------------------------------------------------------------------------------------
# Dicts in returned tuples, and dicts passed between compiled functions.
# --------------------------------------------------------------------------------------------------


def in_a_tuple(n):
    d = {i: i * i for i in range(n)}
    return len(d), d, n * 0.5


def build_dict(n):
    d = {}
    for i in range(n):
        d[i] = i * 0.25
    return d


def calls_builder(n):
    a = build_dict(n)
    b = build_dict(n + 2)
    total = 0.0
    for v in a.values():
        total += v
    return total + len(b)


def returns_built(n):
    d = build_dict(n)
    d[-1] = -1.0
    return d


def store_into(d, k, v):
    d[k] = v


def calls_storer(n):
    d = {0: 0.5}
    for i in range(n):
        store_into(d, i + 1, i * 1.5)
    return d


CALLEE_CASES = [
    (in_a_tuple, (4,)),
    (calls_builder, (3,)),
    (returns_built, (3,)),
    (calls_storer, (3,)),
    (calls_storer, (0,)),
]


@pytest.mark.parametrize("function, args", CALLEE_CASES, ids=[case_id(case) for case in CALLEE_CASES])
def test_dicts_between_compiled_functions(function, args):
    assert_same_outcome(function, *args)


# --------------------------------------------------------------------------------------------------
# 0.0 and -0.0 are one key.
# --------------------------------------------------------------------------------------------------


def zeros_as_keys():
    d = {}
    d[0.0] = 1
    d[-0.0] = 2
    return len(d), d[0.0], d[-0.0]


def only_negative_zero():
    d = {}
    d[-0.0] = 1.5
    return d


def negative_zero_first():
    d = {}
    d[-0.0] = 1
    d[0.0] = 2
    return d


def zero_membership(x):
    d = {0.0: 1.5}
    return x in d, d.get(x, -1.0)


@pytest.mark.parametrize(
    "function, args",
    [(zeros_as_keys, ()), (negative_zero_first, ()), (zero_membership, (-0.0,)), (zero_membership, (0.0,))],
    ids=["zeros", "negative-zero-first", "membership--0.0", "membership-0.0"],
)
def test_signed_zeros_are_one_key(function, args):
    assert_same_outcome(function, *args)


@pytest.mark.parametrize("function", [only_negative_zero, negative_zero_first])
def test_the_first_stored_zero_is_the_key(function):
    # CPython keeps the key first stored (-0.0) and replaces only the value.
    expected = function()
    got = jitted(function)()
    assert [math.copysign(1.0, key) for key in got] == [math.copysign(1.0, key) for key in expected], (got, expected)


# --------------------------------------------------------------------------------------------------
# Errors.
# --------------------------------------------------------------------------------------------------


def returns_untyped_empty():
    d = {}
    return d


def get_without_default(k):
    d = {1: 2.5}
    return d.get(k)


def sum_of_values(d):
    total = 0.0
    for v in d.values():
        total += v
    return total


def test_an_empty_dict_never_stored_into_is_a_typing_error():
    with pytest.raises(errors.TypingError):
        rumba.jit(returns_untyped_empty)()


@pytest.mark.parametrize("key", [1, 2])
def test_get_without_a_default_gives_the_value_or_none(key):
    assert rumba.jit(get_without_default)(key) == get_without_default(key)


def relax_with_get_none(keys, weights):
    # pandana's Dijkstra: a weight is kept where none is known yet or the new one is smaller.
    best = {0: 0.0}
    for key, weight in zip(keys, weights):
        previous = best.get(key, None)
        if previous is None or weight < previous:
            best[key] = weight
    return sorted(best.items())


def test_get_with_a_none_default_gives_the_value_or_none():
    keys = np.array([3, 1, 3, 0, 1, 5])
    weights = np.array([2.5, 4.0, 1.5, -1.0, 6.0, 0.25])
    assert rumba.jit(relax_with_get_none)(keys, weights) == relax_with_get_none(keys, weights)


def test_an_empty_dict_argument_from_python_is_a_type_error():
    with pytest.raises(TypeError, match="empty dict"):
        rumba.jit(sum_of_values)({})


# --------------------------------------------------------------------------------------------------
# Dicts from Python (reflected: the caller's dict holds the changes), typed.Dict.
# --------------------------------------------------------------------------------------------------


def counts_into(table, a):
    for v in a:
        table[v] = table.get(v, 0) + 1
    del table[-1]
    return len(table)


@pytest.mark.parametrize("function, args", [
    (sum_of_values, ({1: 2.5, 3: 4.0},)),
    (counts_into, ({-1: 7, 4: 1}, np.array([4, 2, 2, 9], dtype=np.int64))),
], ids=["read", "written"])
def test_dicts_from_python(function, args):
    assert_same_outcome(function, *args)


def test_changes_reach_the_callers_dict_object():
    table = {-1: 0, 5: 5}
    jitted(counts_into)(table, np.array([1, 1], dtype=np.int64))
    assert table == {5: 5, 1: 2} and list(table) == [5, 1]


def typed_table(n):
    table = Dict.empty(key_type=types.int64, value_type=types.float64)
    for i in range(n):
        table[i] = i * 0.5
    return table


def typed_by_inference(n):
    table = Dict()
    for i in range(n):
        table[i] = i * 0.5
    counts = rumba.typed.Dict()
    counts[n] = 2 * n
    return table, counts


def test_typed_dict_made_in_compiled_code():
    assert_same_outcome(typed_table, 4)
    # Numba's typed.Dict() takes its key and value types from what is stored into it.
    assert_same_outcome(typed_by_inference, 3)


def typed_by_its_type_class(n):
    # pandana2's dijkstra: `DictType.empty` in compiled code is `typed.Dict.empty`, as in Numba.
    table = types.DictType.empty(key_type=types.int64, value_type=types.float64)
    for i in range(n):
        table[i] = i * 0.5
    return table[n - 1], len(table)


def nested_by_an_empty_value(n):
    # pandana2's dijkstra gives the value type as an empty dict of that type.
    results = types.DictType.empty(key_type=types.int64, value_type=types.DictType.empty(key_type=types.int64, value_type=types.float64))
    for i in range(n):
        inner = Dict.empty(key_type=types.int64, value_type=types.float64)
        inner[i] = i * 0.5
        results[i] = inner
    total = 0.0
    for inner in results.values():
        for key, value in inner.items():
            total += key + value
    return total, len(results)


def test_dict_type_empty_in_compiled_code():
    assert rumba.njit(typed_by_its_type_class)(4) == (1.5, 4)
    assert rumba.njit(nested_by_an_empty_value)(4) == (9.0, 4)


def typed_tables_of_compound_types(n):
    # Numba's documented example: values of an array type, keys of a string type.
    arrays = Dict.empty(key_type=types.unicode_type, value_type=types.float64[:])
    for i in range(n):
        arrays[str(i)] = np.arange(i + 1.0)
    total = 0.0
    for key, value in arrays.items():
        total += value.sum() * len(key)
    pairs = Dict.empty(types.UniTuple(types.int64, 2), types.Tuple((types.float64, types.int32)))
    pairs[(n, -n)] = (0.5 * n, 7)
    nested = Dict.empty(types.int64, types.ListType(types.float64))
    nested[n] = [1.0, 2.0]
    grids = rumba.typed.List.empty_list(types.float64[:, ::1])
    grids.append(np.ones((2, n)))
    return total, len(arrays), arrays["1"], pairs, nested, grids[0].sum()


def test_typed_dicts_and_lists_of_compound_types():
    assert_same_outcome(typed_tables_of_compound_types, 4)


def an_unsupported_type_expression():
    return Dict.empty(types.int64, types.float64[1:])


def keyed_by_arrays():
    return Dict.empty(types.float64[:], types.int64)


def test_an_unsupported_type_expression_is_located():
    with pytest.raises(errors.TypingError, match=r"test_dicts.py:\d+:\d+: error: array dimension '1:' must be ':' or '::1'"):
        jitted(an_unsupported_type_expression)()
    with pytest.raises(errors.UnsupportedError, match=r"test_dicts.py:\d+:\d+: error: Dict.empty\(\) makes dict\(float64\[:\], int64\), which compiled code cannot hold"):
        jitted(keyed_by_arrays)()


def test_empty_typed_dict_from_python_is_filled_in_place():
    table = Dict.empty(rumba.int64, rumba.int64)
    assert jitted(counts_into)(table, np.array([3, -1, 3], dtype=np.int64)) == 1
    assert isinstance(table, Dict) and table == {3: 2}


# --------------------------------------------------------------------------------------------------
# Memory.
# --------------------------------------------------------------------------------------------------

def sum_of_1000(n):
    d = {}
    for i in range(n):
        d[i] = i * 0.5
    total = 0.0
    for v in d.values():
        total += v
    return total


def entries_for_python(n):
    d = {}
    for i in range(n):
        d[i] = i * 1.5
    return d


def store_then_raise(n):
    d = {}
    for i in range(n):
        d[i] = i * 2.0
    raise ValueError("raised with a dict alive")


def _raises_value_error():
    with pytest.raises(ValueError):
        jitted(store_then_raise)(50)


MEMORY_CASES = {
    "sum-of-1000-entries": lambda: jitted(sum_of_1000)(1000),
    "100-entries-to-python": lambda: jitted(entries_for_python)(100),
    "store-then-raise": _raises_value_error,
}


def test_memory_case_functions_match_cpython():
    assert_same_outcome(sum_of_1000, 1000)
    assert_same_outcome(entries_for_python, 100)
    assert_same_outcome(store_then_raise, 50)


@pytest.mark.skipif(not os.path.exists("/proc/self/statm"), reason="reads RSS from /proc/self/statm")
@pytest.mark.parametrize("case", list(MEMORY_CASES))
def test_resident_set_stays_flat_over_100000_calls(case):
    before, after = rss_after(MEMORY_CASES[case], 100_000)
    # Each call stores at least 50 entries of 16 bytes that a leak would keep: 100,000 calls would
    # add 80 MB.
    assert after - before < max(0.05 * before, 4 * MB), "RSS grew from %d to %d bytes" % (before, after)


FLOAT_ARRAY = types.float64[:]
INDEX_PAIR = types.UniTuple(types.int64, 2)


@rumba.njit
def positions_by_axis():
    # Numba's documented way to type a dict of arrays: the type object is made outside the
    # function, which names it.
    d = Dict.empty(key_type=types.unicode_type, value_type=FLOAT_ARRAY)
    d["posx"] = np.arange(3).astype(np.float64)
    d["posy"] = np.arange(3, 6).astype(np.float64)
    return d


@rumba.njit
def pair_from_typed_list():
    pairs = rumba.typed.List.empty_list(INDEX_PAIR)
    pairs.append((1, 2))
    return pairs[0][1]


def test_type_objects_bound_to_names_give_typed_containers_their_types():
    positions = positions_by_axis()
    np.testing.assert_array_equal(positions["posx"], np.arange(3.0))
    np.testing.assert_array_equal(positions["posy"], np.arange(3.0, 6.0))
    assert pair_from_typed_list() == 2

    @rumba.njit
    def type_as_value():
        return FLOAT_ARRAY

    with pytest.raises(errors.UnsupportedError, match=r"test_dicts.py:\d+:\d+.*'FLOAT_ARRAY' is the type float64\[:\]"):
        type_as_value()


def test_returned_dicts_are_typed_dicts_printing_as_numbas():
    got = positions_by_axis()
    assert type(got) is Dict and list(got) == ["posx", "posy"]
    np.testing.assert_array_equal(got["posy"], np.arange(3.0, 6.0))
    # Numba's text: str() of each key and value.
    assert str(got) == "{posx: %s, posy: %s}" % (np.arange(3.0), np.arange(3.0, 6.0))
    assert repr(got) == "DictType[unicode_type,float64[:]](%s)" % got


def test_typed_dict_and_list_made_empty_inside_a_closure():
    # The closure's source is its definition alone: `Dict` and `List` are bound by value.
    def make(scale):
        @rumba.njit
        def build(key, value):
            table = Dict()
            table[key] = value * scale
            items = rumba.typed.List()
            items.append(value)
            return table, len(items)
        return build

    table, count = make(2)(123, 321)
    assert type(table) is Dict and dict(table) == {123: 642} and count == 1
