"""Patterns from real projects that use Numba (librosa, numbagg, QuantEcon, pynndescent, ...),
found by running their jitted functions under rumba; each is compared with CPython running the
same function on the same arguments."""

import numpy as np
import pytest

from rumba import errors, njit

from _compare import check


def annotated_locals(a: np.ndarray, window: int) -> float:
    total: float = 0.0
    valid: int
    for i in range(window, len(a)):
        ai_valid: bool = not np.isnan(a[i])
        if ai_valid:
            total += a[i]
    count: int = len(a) - window
    return total / count


def test_annotated_assignments_assign_and_bare_annotations_do_nothing():
    a = np.array([1.0, np.nan, 2.5, 4.0, np.nan, 7.0])
    check(njit(annotated_locals), a, 2, exact_types=False)


class ParameterError(Exception):
    pass


class PrefixedError(ValueError):
    def __init__(self, message):
        super().__init__("prefixed: " + message)


def checks_parameters(hop, n):
    # librosa's util functions raise their own ParameterError.
    if hop <= 0:
        raise ParameterError("hop_length={} must be positive".format(hop))
    if hop > n:
        raise PrefixedError("hop longer than the signal")
    if hop == n:
        raise ParameterError
    return n // hop


def test_exception_classes_of_the_users_module_are_raised_as_themselves():
    for hop, n in [(-2, 10), (20, 10), (10, 10), (3, 10)]:
        check(njit(checks_parameters), hop, n)


def test_an_exception_class_defined_in_a_function_is_a_located_error():
    class LocalError(Exception):
        pass

    def raises_local(x):
        if x < 0:
            raise LocalError("negative")
        return x

    with pytest.raises(errors.UnsupportedError, match=r"test_real_code.py:\d+:\d+: error: 'LocalError' is an exception class defined inside a function"):
        njit(raises_local)(1)
