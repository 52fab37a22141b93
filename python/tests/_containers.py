"""Helpers of the differential tests of containers (lists, dicts): run a function under CPython and
under rumba on deep copies of the same arguments, and compare results, exceptions and what the
calls left in the arguments (a list a function changed is reflected into the caller's)."""

import copy

import numpy as np

from rumba.typed import Dict

from _compare import jitted


def run(callee, args):
    """``(kind, value, args_after)``: ``("ok", result)`` or ``("raised", exception)``, and the
    (deep-copied) arguments as the call left them."""
    copies = copy.deepcopy(list(args))
    try:
        return "ok", callee(*copies), copies
    except Exception as error:  # noqa: BLE001 - any exception is an outcome to compare
        return "raised", error, copies


def python_number(value):
    """A NumPy scalar as the Python number of its kind (tuples item by item); anything else as is."""
    if isinstance(value, tuple):
        return tuple(python_number(item) for item in value)
    if isinstance(value, np.bool_):
        return bool(value)
    if isinstance(value, np.integer):
        return int(value)
    if isinstance(value, np.floating):
        return float(value)
    if isinstance(value, np.complexfloating):
        return complex(value)
    return value


def assert_same_result(got, expected, where="result"):
    """The same value with the same Python types: dicts as `rumba.typed.Dict` (as Numba returns
    every dict) with the same keys (of the same kinds) in the same order and the same values, sets as `set` with the same members (of the same
    kinds), lists as `list`, tuples as `tuple`, arrays equal
    in dtype, shape and values; NumPy scalars CPython got from an array come back as the Python
    number of their kind (as from Numba)."""
    message = "%s: CPython %r, rumba %r" % (where, expected, got)
    if isinstance(expected, dict):
        # A dict compiled code returns is a typed.Dict; a dict argument stays the caller's object.
        assert type(got) is (type(expected) if where.startswith("argument") else Dict), message
        expected_keys = [python_number(key) for key in expected]
        got_keys = list(got)
        assert got_keys == expected_keys, message
        assert_same_result(got_keys, expected_keys, "%s keys" % where)
        for key in expected:
            assert_same_result(got[python_number(key)], expected[key], "%s[%r]" % (where, key))
    elif isinstance(expected, (set, frozenset)):
        assert type(got) is set, message
        typed = lambda members: {(type(member), member) for member in members}
        assert typed(got) == typed(python_number(member) for member in expected), message
    elif isinstance(expected, list):
        assert type(got) is list, message
        assert len(got) == len(expected), message
        for index, (got_item, expected_item) in enumerate(zip(got, expected)):
            assert_same_result(got_item, expected_item, "%s[%d]" % (where, index))
    elif isinstance(expected, tuple):
        assert type(got) is tuple and len(got) == len(expected), message
        for index, (got_item, expected_item) in enumerate(zip(got, expected)):
            assert_same_result(got_item, expected_item, "%s[%d]" % (where, index))
    elif isinstance(expected, np.ndarray):
        assert isinstance(got, np.ndarray), message
        assert got.dtype == expected.dtype and got.shape == expected.shape, message
        np.testing.assert_array_equal(got, expected)
    elif expected is None:
        assert got is None, message
    else:
        if isinstance(expected, (bool, np.bool_)):
            kind = bool
        elif isinstance(expected, (int, np.integer)):
            kind = int
        elif isinstance(expected, (float, np.floating)):
            kind = float
        elif isinstance(expected, (complex, np.complexfloating)):
            kind = complex
        else:
            raise AssertionError("%s: unexpected CPython result %r" % (where, expected))
        assert type(got) is kind and got == expected, message


def assert_same_outcome(function, *args):
    """`function` under CPython and under rumba, each on its own deep copy of `args`: the same
    result or the same exception (type and args), and the same arguments afterwards."""
    expected_kind, expected, expected_args = run(function, args)
    got_kind, got, got_args = run(jitted(function), args)
    assert got_kind == expected_kind, "CPython: %r, rumba: %r" % (expected, got)
    if expected_kind == "raised":
        assert type(got) is type(expected), "CPython: %r, rumba: %r" % (expected, got)
        assert got.args == expected.args, "CPython: %r, rumba: %r" % (expected, got)
    else:
        assert_same_result(got, expected)
    for index, (got_arg, expected_arg) in enumerate(zip(got_args, expected_args)):
        assert_same_result(got_arg, expected_arg, "argument %d after the call" % index)


def case_id(case):
    return case[0].__name__ + "-" + "-".join(str(arg) for arg in case[1])
