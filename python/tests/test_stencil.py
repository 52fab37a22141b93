"""``@stencil``: kernels with relative indices applied to whole arrays, called from Python and from
compiled code (serial and ``parallel=True``), with ``neighborhood``, ``cval``, ``standard_indexing``
and ``out=``.

The expected result comes from CPython running the kernel's own ``.py_func`` at every interior
element through `reference` below (relative reads become reads around the centre); the
neighbourhood each case expects is written down by hand from the kernel's indices.
"""

import inspect
import itertools
import math
import os

import numpy as np
import pytest

import rumba
from rumba import errors, njit, stencil

THIS_FILE = os.path.abspath(__file__)


@stencil
def five_point(a):
    return a[-1, 0] + a[1, 0] + a[0, -1] + a[0, 1] - 4.0 * a[0, 0]


@stencil
def int_cross(a):
    return a[0, -1] + a[0, 1] - a[-1, 0] * a[1, 0]


@stencil(cval=-1.5)
def forward_difference(a):
    return a[2] - a[0]


@stencil(neighborhood=((-3, 0),))
def trailing_mean(a):
    total = 0.0
    for offset in range(-3, 1):
        total += a[offset]
    return total / 4


@stencil
def blend(a, b, weight):
    return weight * a[0, 0] + (1.0 - weight) * b[-1, 1]


@stencil(standard_indexing=("taps",))
def convolve(a, taps):
    return taps[0] * a[-1] + taps[1] * a[0] + taps[2] * a[1]


@stencil
def clipped(a):
    centre = a[0, 0]
    if centre > 0.5:
        return math.sqrt(centre)
    return -abs(a[1, 1] - centre)


@stencil
def box3d(a):
    return a[-1, 0, 0] + a[1, 0, 0] + a[0, -1, 0] + a[0, 1, 0] + a[0, 0, -1] + a[0, 0, 1]


@stencil(cval=3)
def integer_ratio(a):
    return a[1] // a[0]


@njit
def laplacian(a):
    return five_point(a)


@njit(parallel=True)
def laplacian_parallel(a):
    return five_point(a)


@njit
def laplacian_into(a, out):
    five_point(a, out=out)
    return out.sum()


@njit(parallel=True)
def blend_parallel(a, b, weight):
    return blend(a, b, weight)


@njit
def ratios(a):
    return integer_ratio(a)


class _Relative:
    """An input array seen from one centre: `[offsets]` reads the element at centre + offsets, as a
    Python number (compiled code follows Python's rules on numbers: `//` by zero raises)."""

    def __init__(self, array, centre):
        self.array, self.centre = array, centre

    def __getitem__(self, offsets):
        offsets = offsets if isinstance(offsets, tuple) else (offsets,)
        return self.array[tuple(c + o for c, o in zip(self.centre, offsets))].item()


def reference(kernel, args, neighborhood, cval=None, standard_indexing=(), out=None):
    """What Numba's stencil computes, with CPython running the kernel at every interior centre."""
    func = kernel.py_func
    names = func.__code__.co_varnames[: func.__code__.co_argcount]
    relative = [isinstance(arg, np.ndarray) and name not in standard_indexing for name, arg in zip(names, args)]
    shape = next(arg.shape for arg, is_relative in zip(args, relative) if is_relative)
    interior = [range(-least, extent - greatest) for (least, greatest), extent in zip(neighborhood, shape)]
    values = {}
    for centre in itertools.product(*interior):
        wrapped = [_Relative(arg, centre) if is_relative else arg for arg, is_relative in zip(args, relative)]
        values[centre] = func(*wrapped)
    if out is None:
        dtype = np.asarray(next(iter(values.values()))).dtype if values else np.float64
        out = np.full(shape, 0 if cval is None else cval, dtype=dtype)
    elif cval is not None:
        out[...] = cval
    for centre, value in values.items():
        out[centre] = value
    return out


def assert_same(result, expected):
    assert result.dtype == expected.dtype
    np.testing.assert_array_equal(result, expected)


RNG = np.random.default_rng(7)
GRID = RNG.standard_normal((9, 13))
LAYOUTS = {
    "C": GRID,
    "F": np.asfortranarray(GRID),
    "strided": RNG.standard_normal((18, 26))[::2, ::2],
}


@pytest.mark.parametrize("layout", LAYOUTS)
@pytest.mark.parametrize("caller", [five_point, laplacian, laplacian_parallel], ids=["python", "njit", "parallel"])
def test_five_point(caller, layout):
    a = LAYOUTS[layout]
    assert_same(caller(a), reference(five_point, (a,), [(-1, 1), (-1, 1)]))


@pytest.mark.parametrize("shape", [(1, 1), (2, 5), (3, 3), (1, 40), (40, 2)])
def test_inputs_no_larger_than_the_neighbourhood(shape):
    a = RNG.standard_normal(shape)
    assert_same(laplacian(a), reference(five_point, (a,), [(-1, 1), (-1, 1)]))


def test_integer_kernel_gives_integer_output():
    a = RNG.integers(-50, 50, (7, 8))
    assert_same(int_cross(a), reference(int_cross, (a,), [(-1, 1), (-1, 1)]))


@pytest.mark.parametrize("n", [0, 1, 2, 3, 10])
def test_cval_fills_the_border(n):
    a = RNG.standard_normal(n)
    assert_same(forward_difference(a), reference(forward_difference, (a,), [(0, 2)], cval=-1.5))


def plain_forward_difference(a):
    return a[2] - a[0]


def plain_trailing_sum(a):
    total = 0.0
    for offset in range(-2, 1):
        total += a[offset]
    return total


def plain_weighted(a, taps):
    return taps[0] * a[-1] + taps[1] * a[0]


cval_given_by_value = np.float64(2.5)
forward_by_call = stencil(plain_forward_difference, cval=cval_given_by_value)
trailing_by_call = stencil(plain_trailing_sum, neighborhood=[(-2, 0)])
weighted_by_call = stencil(plain_weighted, standard_indexing=["taps"])


def applies_stencils_made_by_calls(a, taps):
    return forward_by_call(a) + trailing_by_call(a) + weighted_by_call(a, taps)


@pytest.mark.parametrize("n", [1, 3, 9])
def test_stencil_called_as_a_function_takes_its_options_as_values(n):
    a, taps = RNG.standard_normal(n), np.array([0.5, 2.0])
    forward = reference(forward_by_call, (a,), [(0, 2)], cval=2.5)
    trailing = reference(trailing_by_call, (a,), [(-2, 0)])
    weighted = reference(weighted_by_call, (a, taps), [(-1, 0)], standard_indexing=("taps",))
    assert_same(forward_by_call(a), forward)
    assert_same(trailing_by_call(a), trailing)
    assert_same(weighted_by_call(a, taps), weighted)
    assert_same(njit(applies_stencils_made_by_calls)(a, taps), forward + trailing + weighted)


@pytest.mark.parametrize("n", [2, 4, 11])
def test_given_neighbourhood_with_a_loop_over_offsets(n):
    a = RNG.standard_normal(n)
    assert_same(trailing_mean(a), reference(trailing_mean, (a,), [(-3, 0)]))


@pytest.mark.parametrize("caller", [blend, blend_parallel], ids=["python", "parallel"])
def test_two_inputs_and_a_scalar(caller):
    a, b = RNG.standard_normal((6, 7)), RNG.standard_normal((6, 7))
    assert_same(caller(a, b, 0.25), reference(blend, (a, b, 0.25), [(-1, 0), (0, 1)]))


def test_standard_indexing():
    a, taps = RNG.standard_normal(12), np.array([0.25, 0.5, 0.25])
    assert_same(convolve(a, taps), reference(convolve, (a, taps), [(-1, 1)], standard_indexing=("taps",)))


def test_branches_and_math_in_the_kernel():
    a = RNG.random((8, 9))
    assert_same(clipped(a), reference(clipped, (a,), [(0, 1), (0, 1)]))


def test_three_dimensions():
    a = RNG.standard_normal((5, 6, 7))
    assert_same(box3d(a), reference(box3d, (a,), [(-1, 1)] * 3))


def test_out_argument():
    a = RNG.standard_normal((6, 6))
    out = np.full((6, 6), 9.0)
    expected = reference(five_point, (a,), [(-1, 1), (-1, 1)], out=out.copy())
    result = five_point(a, out=out)
    np.testing.assert_array_equal(out, expected)
    assert np.shares_memory(result, out)


def test_out_argument_is_filled_with_cval():
    a = RNG.standard_normal(7)
    out = np.full(7, 9.0)
    expected = reference(forward_difference, (a,), [(0, 2)], cval=-1.5, out=out.copy())
    forward_difference(a, out=out)
    np.testing.assert_array_equal(out, expected)


def test_out_from_compiled_code():
    a = RNG.standard_normal((7, 5))
    out = np.full((7, 5), 4.0)
    expected = reference(five_point, (a,), [(-1, 1), (-1, 1)], out=out.copy())
    assert laplacian_into(a, out) == pytest.approx(expected.sum())
    np.testing.assert_array_equal(out, expected)


def test_integer_output_with_cval():
    a = np.array([3, 9, 4, 8, 2, 2])
    assert_same(ratios(a), reference(integer_ratio, (a,), [(0, 1)], cval=3))


def test_kernel_exception_reaches_the_caller():
    a = np.array([2, 4, 0, 5])
    with pytest.raises(ZeroDivisionError):
        reference(integer_ratio, (a,), [(0, 1)], cval=3)
    with pytest.raises(ZeroDivisionError):
        ratios(a)
    with pytest.raises(ZeroDivisionError):
        integer_ratio(a)


# --------------------------------------------------------------------------------------------------
# Errors, located at the user's line.
# --------------------------------------------------------------------------------------------------


def _line_of(function, text):
    lines, first = inspect.getsourcelines(function)
    return first + next(index for index, line in enumerate(lines) if text in line)


def test_different_shapes_raise_value_error():
    with pytest.raises(ValueError, match="same shape"):
        blend(np.zeros((4, 4)), np.zeros((4, 5)), 0.5)
    with pytest.raises(ValueError, match="same shape"):
        five_point(np.zeros((4, 4)), out=np.zeros((4, 3)))


def test_wrong_argument_count():
    with pytest.raises(TypeError, match="takes 1"):
        five_point(np.zeros((3, 3)), np.zeros((3, 3)))


@stencil
def variable_index(a, k):
    return a[k]


@stencil
def one_index_for_two_dims(a):
    return a[1] + a[0, 0]


@stencil
def stores_into_input(a):
    a[0, 0] = 1.0
    return a[0, 0]


@stencil
def returns_an_array(a):
    b = a[0]
    return np.zeros(3) + b


@stencil
def returns_complex(a):
    return a[0] * 1j


@stencil(neighborhood=((-1, 1),))
def neighbourhood_of_wrong_rank(a):
    return a[0, 0]


def test_non_constant_index_needs_a_neighbourhood():
    with pytest.raises(errors.RumbaError, match="not a constant integer") as caught:
        variable_index(np.zeros(5), 1)
    assert "%s:%d:" % (THIS_FILE, _line_of(variable_index.py_func, "return a[k]")) in str(caught.value)


def test_index_count_must_match_the_rank():
    with pytest.raises(TypeError, match="2 relative indices") as caught:
        one_index_for_two_dims(np.zeros((3, 3)))
    assert "%s:%d:" % (THIS_FILE, _line_of(one_index_for_two_dims.py_func, "return a[1]")) in str(caught.value)


def test_kernel_cannot_store_into_its_input():
    with pytest.raises(NotImplementedError, match="cannot store into an input") as caught:
        stores_into_input(np.zeros((3, 3)))
    assert "%s:%d:" % (THIS_FILE, _line_of(stores_into_input.py_func, "a[0, 0] = 1.0")) in str(caught.value)


def test_kernel_must_return_a_number():
    with pytest.raises(TypeError, match="returns one number"):
        returns_an_array(np.zeros(4))


def test_complex_kernel_is_a_located_error():
    with pytest.raises(errors.UnsupportedError, match="stencil kernels returning complex numbers are not supported yet") as caught:
        returns_complex(np.zeros(3))
    assert "%s:%d:" % (THIS_FILE, _line_of(returns_complex.py_func, "def returns_complex")) in str(caught.value)


def test_neighbourhood_rank_must_match():
    with pytest.raises(errors.RumbaError, match="neighborhood has 1 dimension"):
        neighbourhood_of_wrong_rank(np.zeros((3, 3)))


def test_unknown_option_and_mode():
    with pytest.raises(TypeError, match="unexpected options"):
        stencil(boundary="wrap")
    with pytest.raises(ValueError, match="func_or_mode"):
        stencil("reflect")


def test_stencil_applied_to_a_nested_kernel():
    def kernel(a):
        return a[-1] * a[0]

    a = RNG.standard_normal(6)
    assert_same(stencil(kernel)(a), reference(stencil(kernel), (a,), [(-1, 0)]))


@stencil(cval=1j)
def complex_border(a):
    return a[0]


@stencil(cval=-np.inf)
def running_max(a):
    return max(a[-1], a[0])


def test_cval_constants():
    a = RNG.standard_normal(6)
    assert_same(running_max(a), reference(running_max, (a,), [(-1, 0)], cval=-np.inf))
    with pytest.raises(errors.RumbaError, match="cval is complex"):
        complex_border(np.zeros(3))


RADIUS = 1


def test_neighbourhood_bounds_may_name_module_constants():
    # Seismic and image codes size their stencils by a module constant.
    @stencil(neighborhood=((-RADIUS, RADIUS),))
    def window_mean(a):
        s = 0.0
        for i in range(-RADIUS, RADIUS + 1):
            s += a[i]
        return s / (2 * RADIUS + 1)

    a = np.arange(6.0) ** 2
    expected = np.zeros_like(a)
    expected[1:-1] = (a[:-2] + a[1:-1] + a[2:]) / 3
    np.testing.assert_allclose(window_mean(a), expected, rtol=1e-15)
