"""`with objmode(...)` blocks (issue 14): the block runs in Python on the compiled function's
variables it reads, and the variables it declares come back converted to their types. Each
function also runs under CPython, where `objmode` does nothing, and the results are compared."""

import re

import numpy as np
import pytest

import _helper_module
import rumba
from rumba import errors, njit, objmode, types

SCALE = 3


def reversed_sorted(values, factor):
    return np.sort(values)[::-1] * factor * SCALE, len(values)


def calls_python(x, factor):
    y = x + 1.0
    with objmode(out="float64[:]", n="int64"):
        out, n = reversed_sorted(y, factor)
    return out.sum() + n, out


def in_a_loop(n):
    total = 0
    label = ""
    for i in range(n):
        with rumba.objmode(square=types.int64, label=types.unicode_type):
            square = i * i
            label = "item %d of %s" % (i, type(i).__name__)
        total += square
    return total, label


def writes_into_compiled_arrays(x):
    y = x * 2.0
    with objmode():
        y[0] = -1.0
    return y


def other_types():
    with objmode(matrix="float64[::1, :]", pair="(int64, float64)", flag="bool", small="float32"):
        matrix = np.asfortranarray(np.arange(6.0).reshape(2, 3))
        pair = (1, 2.5)
        flag = True
        small = np.float32(0.1)
    return matrix, pair, flag, small, matrix[1, 2]


def test_blocks_run_in_python():
    x = np.array([1.0, 3.0, 2.0])
    got, want = njit(calls_python)(x, 2), calls_python(x, 2)
    assert got[0] == want[0]
    np.testing.assert_array_equal(got[1], want[1])
    assert njit(in_a_loop)(4) == in_a_loop(4)
    np.testing.assert_array_equal(njit(writes_into_compiled_arrays)(np.ones(3)), writes_into_compiled_arrays(np.ones(3)))
    got, want = njit(other_types)(), other_types()
    assert got[0].flags.f_contiguous
    np.testing.assert_array_equal(got[0], want[0])
    assert got[1:] == (want[1], want[2], np.float32(want[3]), want[4])


def test_a_block_of_another_module_sees_that_modules_globals():
    @njit
    def calls_helper(x):
        return _helper_module.scaled_in_python(x) + 1.0

    assert calls_helper(2.0) == _helper_module.scaled_in_python(2.0) + 1.0


def test_the_blocks_exception_is_raised():
    @njit
    def divides(x):
        with objmode(y="float64"):
            y = float(x) / 0
        return y

    with pytest.raises(ZeroDivisionError):
        divides(3)

    @njit
    def caught(x):
        try:
            with objmode(y="float64"):
                y = float(x) / 0
        except Exception:
            y = -1.0
        return y

    assert caught(3) == -1.0


def real_part_of_a_temporary(n):
    with objmode(parts="float64[:]"):
        parts = np.real(np.full(n, 7.0 + 1j))
    return parts


def test_an_array_that_views_a_temporary_of_the_block_is_copied_before_the_temporary_dies():
    # tslearn's cross-correlation returns np.real(...) of an FFT from its block.
    for n in [4, 64, 1024, 100_000]:
        got = njit(real_part_of_a_temporary)(n)
        np.testing.assert_array_equal(got, real_part_of_a_temporary(n))


def test_argument_arrays_arrive_read_only():
    @njit
    def writes_argument(x):
        with objmode():
            x[0] = -1.0
        return x

    with pytest.raises(ValueError, match="read-only"):
        writes_argument(np.ones(3))


def test_a_variable_of_another_type_is_a_type_error():
    @njit
    def wrong(x):
        with objmode(y="float64[:]"):
            y = "not an array"
        return y

    with pytest.raises(TypeError, match=re.escape("objmode variable 'y' must be float64[:]")):
        wrong(1.0)


def test_located_errors():
    @njit
    def undeclared_assignment(x):
        with objmode(y="float64"):
            z = x
        return z

    @njit
    def returns_inside(x):
        with objmode(y="float64"):
            return x

    @njit
    def bound_as(x):
        with objmode(y="float64") as handle:
            y = x
        return y

    @njit
    def holds_a_list(x):
        with objmode(y="list(int64)"):
            y = [x]
        return y

    cases = [
        (undeclared_assignment, errors.TypingError, "objmode() declares 'y', which the block does not assign"),
        (returns_inside, errors.UnsupportedError, "an objmode block cannot return"),
        (bound_as, errors.UnsupportedError, "objmode() binds no name"),
        (holds_a_list, errors.UnsupportedError, "an objmode block's variable of type list(int64) is not supported yet"),
    ]
    for function, error, message in cases:
        with pytest.raises(error, match=re.escape(message)) as raised:
            function(1.0)
        assert "test_objmode.py:" in str(raised.value)


def seed_or_default(seed):
    # numba-stats' pattern: an argument that may be None, given a value by a block when it is.
    if seed is None:
        with objmode(seed="int64"):
            seed = 3
    return seed + 1


def maybe_seed(flag):
    with objmode(seed="optional(uint8)"):
        seed = 7 if flag else None
    if seed is None:
        return -1
    return seed + 1


def test_a_block_rebinds_an_argument_that_may_be_none():
    assert njit(seed_or_default)(5) == seed_or_default(5)
    assert njit(seed_or_default)(None) == seed_or_default(None)
    declared = njit("int64(optional(int64))")(seed_or_default)
    assert (declared(5), declared(None)) == (6, 4)


def test_an_optional_number_crosses_back():
    assert (njit(maybe_seed)(True), njit(maybe_seed)(False)) == (maybe_seed(True), maybe_seed(False))
