"""`*args` parameters (issue 14): the extra positional arguments as a tuple, from Python and from
compiled callers, compared with CPython running the same functions."""

import numpy as np
import pytest

from _compare import jitted
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


def shifted_square(x, a, b):
    return (x - a) ** 2 + b


def doubled(x):
    return 2.0 * x


def bracket(func, x, args=()):
    # QuantEcon's root finders call the objective with `*args`, a tuple of any length.
    fx = -func(x, *args)
    return fx + func(x + 1.0, *args), func(x, *args)


def solves(x):
    return bracket(shifted_square, x, (1.0, 3.0)), bracket(doubled, x), bracket(shifted_square, x, (np.float64(0.5), 2))


def test_calls_with_a_star_tuple_spread_it():
    for x in [2.0, -1.5]:
        assert njit(solves)(x) == solves(x)
    assert njit(bracket)(doubled, 3.0) == bracket(doubled, 3.0)


def apply_to(func, x, *args):
    # vectorbt's rolling_apply_nb(..., apply_func_nb, *args) passes its own *args on.
    return func(x, *args)


def spreads_into_star_parameters(x):
    extra = (1.0, 2.0)
    return total(x, *extra), total(x, 5.0, *extra), apply_to(shifted_square, x, *extra), apply_to(doubled, x)


def test_a_star_tuple_spreads_into_a_star_parameter():
    for x in [2.0, -3.0]:
        assert njit(spreads_into_star_parameters)(x) == spreads_into_star_parameters(x)


def keeps_if(func, values, *args):
    kept = 0.0
    for v in values:
        if func(v, *args) > 0.0:
            kept += v
    return kept


def test_a_star_call_in_an_if_test_spreads_too():
    values = np.array([-2.0, 0.5, 3.0])
    assert njit(keeps_if)(shifted_square, values, 1.0, -1.0) == keeps_if(shifted_square, values, 1.0, -1.0)
    assert njit(keeps_if)(doubled, values) == keeps_if(doubled, values)


def weighted(x, a0, a1, a2, a3, a4, a5, a6, a7, a8, a9, a10, a11):
    return x + a0 + 2 * a5 + 3 * a11


def spreads_a_long_tuple(x, params):
    # statsforecast's ETS passes a 24-item tuple of parameters on with `*`.
    return weighted(x, *params)


def test_a_long_star_tuple_spreads():
    params = tuple(float(index) for index in range(12))
    assert njit(spreads_a_long_tuple)(1.0, params) == spreads_a_long_tuple(1.0, params)


def star_items_in_tuples(data, t):
    # numbagg's moving windows: `np.full((3, *data.shape[1:]), np.nan)`.
    out = np.full((3, *data.shape[1:]), 0.5)
    return out.shape, (*t, 1.5), (0, *t, *t), (*data.shape,)


@pytest.mark.parametrize("shape", [(5,), (5, 2), (4, 3, 2)])
def test_star_items_in_tuple_displays(shape):
    data = np.zeros(shape)
    assert jitted(star_items_in_tuples)(data, (1, 2)) == star_items_in_tuples(data, (1, 2))
