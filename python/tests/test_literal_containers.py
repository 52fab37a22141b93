"""Literal lists and dicts (issue 14): a list display whose items are of different types and a
dict display with constant string keys and values of different types, which Numba types as
`LiteralList` and `LiteralStrKeyDict`. They are read as their containers are (len, constant
indexes and keys, `in`, `count`, `index`, `copy`, `keys`/`values`/`items`/`get`, loops, printing)
and returned as a Python list and dict; changing one is a located error, as it is an error in Numba.
Each function also runs under CPython and the results are compared (`values()`/`items()` are
tuples in compiled code, as in Numba, and compared as such)."""

import re

import numpy as np
import pytest

from rumba import errors, literal_unroll, njit


def contains_and_counts():
    items = ["a", 1, "a", 2, "a", 3, "b", 4, "b", 5, "c"]
    found = []
    for probe in literal_unroll(("a", "d", 2, 6)):
        found.append(probe in items)
    counts = []
    for letter in "abc":
        counts.append(items.count(letter))
    return found, counts, len(items), items.index(2), items[0], items[-1], items[3]


def copied_and_unrolled():
    items = ["a", 1, 2.5].copy()
    total = 0.0
    for item in literal_unroll(items):
        if not isinstance(item, str):
            total += item
    words = 0
    for word in items:
        words += 1
    return items[0], items[1], total, words


def read_by_key(x):
    record = {"name": "probe", "count": x, "scale": 2.5, "samples": np.arange(3.0) * x}
    return record["name"], record["count"] + 1, record["scale"], float(record["samples"].sum()), len(record)


def joined_on_two_paths(x):
    if x > 0:
        record = {"a": 2j, "c": "d", "e": np.zeros(4)}
    else:
        record = {"a": 5j, "c": "CAT", "e": np.zeros((5,))}
    return record["c"], record["a"], record["e"].shape[0]


def keys_and_lookups():
    record = {"a": 2j, "c": "d", "b": 7}
    keys = [key for key in record.keys()]
    return keys, "a" in record, "z" in record, "z" not in record, record.get("z", 3), record.get("b"), record.get("c", "no")


def last_value_wins():
    record = {"a": 1, "b": "x", "a": "one"}
    return record["a"], len(record), record


def returned():
    return [1, "x", 2.5], {"a": 1, "b": "x", "+": (1, 2)}


def printed():
    print({"a": 2j, "c": "d"}, [1, "x", 2.5], ["a", (1, 2.5)])


def kinds():
    numbers = {1: 2, 3: 4}
    record = {"a": 10, "b": np.zeros(3)}
    items = [1, "a"]
    return isinstance(numbers, dict), isinstance(record, dict), isinstance(items, list), isinstance(items, tuple), isinstance(record, tuple)


def tuple_methods(s):
    mixed = ("a", 1, "a", 2.5)
    numbers = (3, 4, 3, 3)
    return mixed.count("a"), mixed.count(1), numbers.count(3), numbers.index(4), mixed.index(2.5), s.count("a")


def tuple_index_missing():
    return (3, 4).index(7)


@pytest.mark.parametrize("function, arguments", [
    (contains_and_counts, ()),
    (copied_and_unrolled, ()),
    (read_by_key, (3,)),
    (joined_on_two_paths, (1,)),
    (joined_on_two_paths, (-1,)),
    (keys_and_lookups, ()),
    (last_value_wins, ()),
    (returned, ()),
    (kinds, ()),
    (tuple_methods, ("banana",)),
])
def test_literal_containers_match_python(function, arguments):
    expected = function(*arguments)
    got = njit(function)(*arguments)
    assert repr(got) == repr(expected)


def test_dict_views_are_tuples_of_the_values_and_items():
    def views():
        record = {"a": 2j, "c": "d", "f": np.zeros(2)}
        return record.values(), record.items()

    values, items = njit(views)()
    expected_values, expected_items = views()
    assert repr(values) == repr(tuple(expected_values))
    assert repr(items) == repr(tuple(expected_items))


def test_literal_containers_print_as_in_python(capsys):
    printed()
    expected = capsys.readouterr().out
    njit(printed)()
    assert capsys.readouterr().out == expected


def test_tuple_index_of_a_missing_value_raises_python_error():
    with pytest.raises(ValueError) as expected:
        tuple_index_missing()
    with pytest.raises(ValueError) as got:
        njit(tuple_index_missing)()
    assert str(got.value) == str(expected.value)


def appended(x):
    items = [x, "a"]
    items.append(x)
    return items


def stored(x):
    record = {"a": x, "b": "text"}
    record["c"] = x
    return record


def read_by_runtime_key(key):
    record = {"a": 1, "b": "text"}
    return record[key]


def read_missing_key():
    record = {"a": 1, "b": "text"}
    return record["z"]


@pytest.mark.parametrize("function, arguments, message", [
    (appended, (1,), "append() would change a list of items of different types"),
    (stored, (1,), "a dict of values of different types (Numba's literal dict) cannot change"),
    (read_by_runtime_key, ("a",), "is read with constant string keys, not unicode_type"),
    (read_missing_key, (), "KeyError: \"z\" is not a key"),
])
def test_changes_and_unknown_keys_are_located_errors(function, arguments, message):
    with pytest.raises(errors.RumbaError) as got:
        njit(function)(*arguments)
    assert re.search(r"test_literal_containers.py:\d+:\d+: error: ", str(got.value))
    assert message in str(got.value)
