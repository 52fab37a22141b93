"""Helpers shared by the differential tests: run a function under CPython (the dispatcher's
``.py_func``) and under rumba on the same inputs, and compare the two outcomes.

Nothing here compares rumba with itself or with hard-coded results: the expected value always comes
from CPython running the very same function on the very same arguments.
"""

import functools
import math
import os
import struct

import numpy as np

import rumba

INT64_MIN = -(2 ** 63)
INT64_MAX = 2 ** 63 - 1


@functools.lru_cache(maxsize=None)
def jitted(py_func):
    """One dispatcher per plain Python function, shared by every test that calls it (the function
    itself stays undecorated, so ``.py_func`` and the module-level name are pure CPython)."""
    return rumba.jit(py_func)


def fits_int64(value):
    """Whether every int in a (nested tuple) result is representable as int64: rumba's integers are
    fixed width, so cases whose CPython result needs a big integer are outside the subset."""
    if isinstance(value, tuple):
        return all(fits_int64(item) for item in value)
    if isinstance(value, (bool, float)) or value is None:
        return True
    return INT64_MIN <= value <= INT64_MAX


def outcome(function, args):
    """``("ok", value)`` or ``("raised", exception)``."""
    try:
        return "ok", function(*args)
    except Exception as error:  # noqa: BLE001 - any exception is an outcome to compare
        return "raised", error


def _bits(value):
    return struct.pack("<d", value)


def assert_float_equal(got, expected, maxulp=0, dtype=np.float64, where="result"):
    """Bit-for-bit equality of two floats (any NaN equals any NaN; the sign of zero matters), or,
    with ``maxulp``, at most that many units in the last place of ``dtype`` apart."""
    assert isinstance(got, float), "%s: expected a Python float, got %r (%s)" % (where, got, type(got).__name__)
    expected = float(expected)
    if math.isnan(expected) or math.isnan(got):
        assert math.isnan(expected) and math.isnan(got), "%s: got %r, expected %r" % (where, got, expected)
        return
    if maxulp == 0 or math.isinf(expected) or math.isinf(got) or expected == 0.0:
        assert _bits(got) == _bits(expected), "%s: got %r, expected %r" % (where, got, expected)
        return
    np.testing.assert_array_max_ulp(np.array(got, dtype=dtype), np.array(expected, dtype=dtype), maxulp=maxulp)


def assert_same_value(got, expected, *, maxulp=0, exact_types=True, where="result"):
    """Compare a rumba result with CPython's.

    ``exact_types``: the arguments were Python scalars, so the result types must be identical
    (``int``/``float``/``bool``/``tuple``/``None``). Otherwise (NumPy scalars went in) CPython's
    result may be a NumPy scalar while rumba returns the Python scalar of the same kind: an
    ``np.integer`` result must come back as ``int``, ``np.floating`` as ``float`` (with the same
    value, which for ``np.float32`` is exactly representable as a Python float) and ``np.bool_`` as
    ``bool``.
    """
    if isinstance(expected, tuple):
        assert type(got) is tuple, "%s: expected a tuple, got %r" % (where, got)
        assert len(got) == len(expected), "%s: got %r, expected %r" % (where, got, expected)
        for index, (got_item, expected_item) in enumerate(zip(got, expected)):
            assert_same_value(got_item, expected_item, maxulp=maxulp, exact_types=exact_types, where="%s[%d]" % (where, index))
        return
    if expected is None:
        assert got is None, "%s: got %r, expected None" % (where, got)
        return
    if isinstance(expected, (bool, np.bool_)):
        assert type(got) is bool, "%s: expected a bool, got %r (%s)" % (where, got, type(got).__name__)
        assert got == bool(expected), "%s: got %r, expected %r" % (where, got, expected)
        return
    if isinstance(expected, (int, np.integer)):
        assert type(got) is int, "%s: expected an int, got %r (%s)" % (where, got, type(got).__name__)
        assert got == int(expected), "%s: got %r, expected %r" % (where, got, expected)
        return
    if isinstance(expected, (float, np.floating)):
        if exact_types:
            assert type(expected) is float
        dtype = np.float32 if isinstance(expected, np.float32) else np.float64
        assert_float_equal(got, expected, maxulp=maxulp, dtype=dtype, where=where)
        return
    raise AssertionError("%s: unexpected CPython result %r (%s)" % (where, expected, type(expected).__name__))


def assert_same_exception(got, expected):
    assert type(got) is type(expected), "rumba raised %r, CPython raised %r" % (got, expected)
    assert got.args == expected.args, "rumba raised %r, CPython raised %r" % (got, expected)


def check(dispatcher, *args, maxulp=0, exact_types=True):
    """Call ``dispatcher.py_func(*args)`` and ``dispatcher(*args)``; both must return the same value
    (see ``assert_same_value``) or raise the same exception type with the same arguments."""
    expected_kind, expected = outcome(dispatcher.py_func, args)
    got_kind, got = outcome(dispatcher, args)
    if expected_kind == "raised":
        assert got_kind == "raised", "CPython raised %r, rumba returned %r" % (expected, got)
        assert_same_exception(got, expected)
        return
    if got_kind == "raised":
        raise AssertionError("CPython returned %r, rumba raised %r" % (expected, got)) from got
    assert_same_value(got, expected, maxulp=maxulp, exact_types=exact_types)


def run_isolated(code, timeout=120):
    """Run ``code`` in a fresh interpreter with this directory on ``sys.path``, for cases that could
    take the whole process down (a crash in compiled code must fail one test, not the session).
    Returns the ``subprocess.CompletedProcess``."""
    import os
    import subprocess
    import sys

    here = os.path.dirname(os.path.abspath(__file__))
    prelude = "import sys\nsys.path.insert(0, %r)\n" % here
    return subprocess.run(
        [sys.executable, "-c", prelude + code], cwd=here, capture_output=True, text=True, timeout=timeout
    )


def describe_returncode(returncode):
    import signal

    if returncode < 0:
        try:
            return "killed by %s" % signal.Signals(-returncode).name
        except ValueError:
            return "killed by signal %d" % -returncode
    return "exit status %d" % returncode


MB = 1024 * 1024


def rss_bytes():
    """The process's resident set, in bytes."""
    with open("/proc/self/statm") as statm:
        return int(statm.read().split()[1]) * os.sysconf("SC_PAGE_SIZE")


def rss_after(action, calls):
    """The resident set after warming ``action`` up, and after ``calls`` more calls of it."""
    for _ in range(100):
        action()
    before = rss_bytes()
    for _ in range(calls):
        action()
    return before, rss_bytes()
