"""`*args` parameters (issue 14): the extra positional arguments as a tuple, from Python and from
compiled callers, compared with CPython running the same functions."""

import numpy as np
import pytest

from rumba import errors, njit


def total(first, *rest):
    s = first
    for v in rest:
        s += v
    return s + len(rest)


def mixed(scale, *args):
    return scale * args[0] + args[1].sum()


def only_star(*values):
    return len(values)


def calls_with_star_arguments(x):
    return total(x, 1.0, 2.0) + total(x) + mixed(2.0, x, np.ones(3)) + total(first=x) + only_star() + only_star(1, 2)


def with_default(a, b=10, *rest):
    return a + b + len(rest)


@pytest.mark.parametrize("arguments", [(1.0,), (1.0, 2.0), (1.0, 2.0, 3.0, 4.0), (1, 2, 3)])
def test_star_parameters_from_python_match_cpython(arguments):
    assert njit(total)(*arguments) == total(*arguments)


def test_star_parameters_of_several_types_and_none():
    assert njit(mixed)(2.0, 1.5, np.arange(4.0)) == mixed(2.0, 1.5, np.arange(4.0))
    assert njit(only_star)() == 0 and njit(only_star)(1, 2.5, 3) == 3
    assert njit(with_default)(1) == with_default(1)
    assert njit(with_default)(1, 2, 3, 4) == with_default(1, 2, 3, 4)


def test_compiled_callers_pack_their_extra_arguments():
    assert njit(calls_with_star_arguments)(1.5) == calls_with_star_arguments(1.5)


def star_and_keywords(a, *args, **kwargs):
    return a


def test_star_with_double_star_is_refused_at_the_parameter():
    with pytest.raises((errors.UnsupportedError, TypeError), match=r"\*\*kwargs. parameters"):
        njit(star_and_keywords)(1)
