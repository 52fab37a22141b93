"""`try`/`except` in compiled code (issue 14), as far as Numba supports it: one `except` clause
that catches every exception (bare, `Exception`, `BaseException`, `as e` with `e` unused), with
`else`; exceptions raised in the body, in functions it calls and in loops are caught; `return`,
`break` and `continue` inside the body leave it as Python does. Each compared with CPython
running the same function; the forms Numba refuses are located errors."""

import numpy as np
import pytest

from rumba import errors, njit, prange


def safe_divide(a, b):
    try:
        result = a / b
    except Exception:
        result = -1.0
    return result


def checked(x):
    if x < 0:
        raise ValueError("negative")
    return x * 2


def counts_outcomes(x):
    total = 0
    for i in range(-3, 4):
        try:
            total += checked(i + x)
        except:  # noqa: E722 - the bare form under test
            total += 100
        else:
            total += 1
    return total


def returns_from_both(x):
    try:
        if x > 0:
            return 1
        raise ValueError("not positive")
    except BaseException:
        return 2


def breaks_and_continues(n):
    total = 0
    for i in range(n):
        try:
            if i == 2:
                continue
            if i == 5:
                break
            total += checked(3 - i)
        except Exception as error:  # noqa: F841 - bound and unused, as Numba allows
            total -= 10
    return total


def nested(x):
    try:
        try:
            value = checked(x)
        except Exception:
            value = checked(x + 10)
    except Exception:
        value = -7
    return value


def handler_raises(x):
    try:
        return checked(x)
    except Exception:
        raise IndexError("from the handler")


def sums_rows_that_do_not_raise(a):
    total = 0.0
    for i in range(a.shape[0]):
        try:
            total += checked(a[i].sum())
        except Exception:
            pass
    return total


@pytest.mark.parametrize("function, arguments", [
    (safe_divide, (1.0, 2.0)), (safe_divide, (1.0, 0.0)), (safe_divide, (3, 0)),
    (counts_outcomes, (0,)), (counts_outcomes, (5,)), (counts_outcomes, (-5,)),
    (returns_from_both, (1,)), (returns_from_both, (-1,)),
    (breaks_and_continues, (8,)), (breaks_and_continues, (3,)),
    (nested, (1,)), (nested, (-3,)), (nested, (-20,)),
    (sums_rows_that_do_not_raise, (np.array([[1.0, 2.0], [-5.0, 1.0], [3.0, 0.5]]),)),
])
def test_try_except_matches_python(function, arguments):
    assert njit(function)(*arguments) == function(*arguments)


def test_an_exception_raised_in_the_handler_propagates():
    assert njit(handler_raises)(2) == 4
    with pytest.raises(IndexError, match="from the handler"):
        njit(handler_raises)(-1)


def reraises(x):
    try:
        if x > 2:
            raise ValueError(f"too big: {x}")
        return x
    except Exception:
        x = -1
        raise


def reraises_after_catching_another(x):
    total = 0.0
    try:
        total += checked(x)
    except:  # noqa: E722 - the bare form under test
        try:
            raise KeyError("inner")
        except Exception:
            total = 5.0
        raise
    return total


def raises_nothing_active():
    raise


def test_a_bare_raise_raises_what_the_handler_caught():
    assert njit(reraises)(2) == reraises(2)
    with pytest.raises(ValueError, match="^too big: 3\n"):
        njit(reraises)(3)
    assert njit(reraises_after_catching_another)(1) == reraises_after_catching_another(1)
    with pytest.raises(ValueError, match="^negative\n"):
        njit(reraises_after_catching_another)(-1)


def test_a_bare_raise_outside_a_handler_is_a_runtime_error():
    with pytest.raises(RuntimeError, match="^No active exception to reraise\n"):
        njit(raises_nothing_active)()


def catches_a_class(x):
    try:
        return checked(x)
    except ValueError:
        return 0


def two_handlers(x):
    try:
        return checked(x)
    except Exception:
        return 0
    except BaseException:
        return 1


def with_finally(x):
    try:
        return checked(x)
    except Exception:
        return 0
    finally:
        x = 1


def uses_the_exception(x):
    try:
        return checked(x)
    except Exception as error:
        return len(error.args)


@pytest.mark.parametrize("function, message", [
    (catches_a_class, "catching a particular exception class is not supported"),
    (two_handlers, "only one 'except' clause is supported"),
    (with_finally, "'finally' is not supported"),
    (uses_the_exception, "the exception object 'error' cannot be used"),
])
def test_forms_numba_refuses_are_located_errors(function, message):
    with pytest.raises(errors.UnsupportedError, match=r"test_try.py:\d+:\d+: error: " + message):
        njit(function)(1)


def parallel_checked(a):
    out = np.zeros(a.shape[0])
    for i in prange(a.shape[0]):
        try:
            out[i] = checked(a[i])
        except Exception:
            out[i] = -1.0
    return out


def test_each_parallel_iteration_catches_its_own_exception():
    values = np.array([1.0, -2.0, 3.0, -4.0] * 50)
    np.testing.assert_array_equal(njit(parallel=True)(parallel_checked)(values), parallel_checked(values))
