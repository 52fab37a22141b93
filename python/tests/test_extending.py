"""`rumba.extending.overload` and `overload_method`: typing functions that pick, from the types of a
call's arguments (`rumba.types` objects), the Python function compiled code runs. Each test
compares compiled code with the same calculation in Python."""
import numpy as np
import pytest

import rumba
from rumba import errors, njit, types
from rumba.extending import overload, overload_method


# --------------------------------------------------------------------------------------------------
# Type objects as typing functions see them
# --------------------------------------------------------------------------------------------------


@pytest.mark.parametrize("text, kind", [
    ("int64", types.Integer), ("uint8", types.Integer), ("float32", types.Float), ("complex128", types.Complex),
    ("bool", types.Boolean), ("float64[:, ::1]", types.Array), ("(int64, float64)", types.Tuple),
    ("(int64, int64)", types.UniTuple), ("list(float64)", types.ListType), ("dict(unicode_type, int64)", types.DictType),
    ("unicode_type", types.UnicodeType), ("none", types.NoneType), ("OptionalType(int64)", types.Optional),
])
def test_type_texts_parse_to_their_classes_and_print_back(text, kind):
    parsed = types.parse(text)
    assert isinstance(parsed, kind)
    assert str(parsed) == text


def test_type_objects_have_numbas_attributes():
    array = types.parse("readonly float32[::1, :]")
    assert (array.dtype, array.ndim, array.layout, array.readonly) == (types.float32, 2, "F", True)
    assert types.float64[:, ::1] == types.Array(types.float64, 2, "C")
    assert types.int32.bitwidth == 32 and types.int32.signed and not types.uint16.signed
    assert isinstance(types.int8, types.Number) and not isinstance(types.float64, types.Integer)
    assert types.UniTuple(types.int64, 3).count == 3 and types.Tuple((types.int64, types.int64)) == types.UniTuple(types.int64, 2)
    assert str(types.float64(types.int32, types.float64[:])) == "float64(int32, float64[:])"


# --------------------------------------------------------------------------------------------------
# overload
# --------------------------------------------------------------------------------------------------


def halve(x):
    """Python's own version, which Python keeps calling."""
    return ("python", x)


def halve_reference(x):
    if isinstance(x, np.ndarray):
        return x.sum() / 2
    if isinstance(x, float):
        return x * 0.5
    return x // 2


@overload(halve)
def _halve_typing(x):
    if isinstance(x, types.Integer):
        def integer_impl(x):
            return x // 2
        return integer_impl
    if isinstance(x, types.Float):
        def float_impl(x):
            return x * 0.5
        return float_impl
    if isinstance(x, types.Array) and x.ndim == 1:
        def array_impl(x):
            return x.sum() / 2
        return array_impl
    return None


def halves(a, b, values):
    return halve(a), halve(b), halve(values)


def halves_reference(a, b, values):
    return halve_reference(a), halve_reference(b), halve_reference(values)


def test_overload_picks_the_implementation_by_the_arguments_types():
    values = np.arange(7.0)
    assert njit(halves)(9, 2.5, values) == halves_reference(9, 2.5, values)
    # Python still calls the Python function.
    assert halve(3) == ("python", 3)


def twice_halved(x):
    return halve(halve(x) + 1)


def test_overload_serves_several_calls_and_functions():
    assert njit(twice_halved)(41) == halve_reference(halve_reference(41) + 1)
    assert njit(twice_halved)(41.0) == halve_reference(halve_reference(41.0) + 1)
    assert njit(halves)(-7, -1.5, np.ones(3)) == halves_reference(-7, -1.5, np.ones(3))


def halves_a_string(text):
    return halve(text)


def test_no_implementation_for_the_types_is_a_located_typing_error():
    with pytest.raises(errors.TypingError, match=r"test_extending.py:\d+:\d+: error: no implementation of function 'halve' for argument types \(unicode_type\)"):
        njit(halves_a_string)("abc")


def halves_all(*args):
    return halve(*args)


def test_no_implementation_for_a_call_spread_from_star_args_names_the_function():
    with pytest.raises(errors.TypingError, match=r"no implementation of function 'halve' for argument types \(unicode_type\)"):
        njit(halves_all)("abc")


def evaluate():
    pass


@overload(evaluate)
def _evaluate_point(grid, point):
    return lambda grid, point: grid[0] * point


@overload(evaluate)
def _evaluate_into(grid, point, out):
    def impl(grid, point, out):
        out[0] = grid[1] * point
        return out[0]
    return impl


def evaluates(grid, point):
    out = np.zeros(1)
    return evaluate(grid, point), evaluate(grid, point, out), out[0]


def test_overloads_of_one_function_for_calls_of_different_lengths():
    # interpolation.py's eval_linear: one typing function per number of arguments, each tried
    # only for calls of its own length, as Numba tries them.
    grid = np.array([2.0, 3.0])
    assert njit(evaluates)(grid, 1.5) == (3.0, 4.5, 4.5)


def halves_by_keyword(x):
    return halve(x=x)


def test_keyword_arguments_of_an_overload_are_refused():
    with pytest.raises(errors.UnsupportedError, match="positional arguments only"):
        njit(halves_by_keyword)(3)


def scale(x, k=2):
    return x * k


@overload(scale)
def _scale_typing(x, k=2):
    def impl(x, k=2):
        return x * k
    return impl


def scales(a):
    return scale(a) + scale(a, 10)


def test_an_implementations_defaults_fill_the_arguments_a_call_leaves_out():
    assert njit(scales)(3) == scales(3)
    assert njit(scales)(1.5) == scales(1.5)


def clip_to(x, limit):
    return min(x, limit)


@overload(clip_to)
def _clip_to_typing(x, limit):
    # A value the typing function works out from the types, read by the implementation.
    ceiling = 10 if isinstance(x, types.Integer) else 0.5

    def impl(x, limit):
        return min(x, limit, ceiling)
    return impl


def clips(a, b):
    return clip_to(a, 100), clip_to(b, 100.0)


def test_an_implementation_reads_what_its_typing_function_computed():
    assert njit(clips)(50, 7.5) == (10, 0.5)


def helper_norm(v):
    return np.sqrt((v * v).sum())


def normalised(v):
    raise AssertionError("only compiled code calls this")


@overload(normalised)
def _normalised_typing(v):
    if isinstance(v, types.Array) and isinstance(v.dtype, types.Float):
        def impl(v):
            return v / helper_norm(v)
        return impl


def uses_normalised(v):
    return normalised(v) * 2


def test_an_implementation_calls_other_functions_and_numpy():
    v = np.array([3.0, 4.0])
    np.testing.assert_allclose(njit(uses_normalised)(v), v / np.sqrt((v * v).sum()) * 2)


def not_a_function_typing_target(x):
    return x


@overload(not_a_function_typing_target)
def _returns_a_number(x):
    return 3


def calls_a_broken_overload(x):
    return not_a_function_typing_target(x)


def test_a_typing_function_that_returns_no_function_is_a_typing_error():
    with pytest.raises(errors.TypingError, match="the typing function returned 3, not a function"):
        njit(calls_a_broken_overload)(1)


# --------------------------------------------------------------------------------------------------
# overload_method
# --------------------------------------------------------------------------------------------------


@overload_method(types.Array, "spread")
def _spread_typing(array, scale):
    if isinstance(scale, (types.Integer, types.Float)):
        def impl(array, scale):
            return (array.max() - array.min()) * scale
        return impl


def spreads(values, scale):
    return values.spread(scale)


def spreads_reference(values, scale):
    return (values.max() - values.min()) * scale


@pytest.mark.parametrize("scale", [3, 0.25])
def test_overload_method_on_arrays(scale):
    values = np.array([4.0, -2.0, 9.5, 1.0])
    assert njit(spreads)(values, scale) == spreads_reference(values, scale)
    ints = np.array([5, 1, 7], dtype=np.int32)
    assert njit(spreads)(ints, scale) == spreads_reference(ints, scale)


def spreads_a_matrix_by_a_string(values):
    return values.spread("x")


def test_overload_method_without_an_implementation_for_the_types_is_a_typing_error():
    with pytest.raises(errors.TypingError, match=r"no implementation of method 'spread' for argument types \(float64\[:, ::1\], unicode_type\)"):
        njit(spreads_a_matrix_by_a_string)(np.ones((2, 2)))


def test_overload_method_takes_a_class_of_rumba_types():
    with pytest.raises(TypeError, match="class of rumba.types"):
        overload_method(np.ndarray, "spread")


def test_rumba_exports_numbas_extending_names():
    assert rumba.extending.overload is overload


# --------------------------------------------------------------------------------------------------
# `numba.core.types` and `numba.np.numpy_support`, as typing functions written for Numba import them
# --------------------------------------------------------------------------------------------------


def set_by_mask(arr, mask, value):
    return arr


def _set_by_mask_typing(arr, mask, value):
    # vectorbt's generic/nb.py: the typing function tells types from arrays with `numba.core.types`'
    # `Type` and promotes the two dtypes NumPy's way, which the implementation closes over.
    from rumba.core.types import Type
    from rumba.np.numpy_support import as_dtype

    assert isinstance(arr, Type)
    dtype = np.promote_types(as_dtype(arr.dtype), as_dtype(value))

    def impl(arr, mask, value):
        out = arr.astype(dtype)
        out[mask] = value
        return out

    return impl


overload(set_by_mask)(_set_by_mask_typing)


@njit
def masked_fill(arr, mask, value):
    return set_by_mask(arr, mask, value)


@pytest.mark.parametrize("values, value", [(np.arange(6), 2.5), (np.arange(6.0), 7), (np.arange(6, dtype=np.int32), 3)])
def test_typing_functions_use_numbas_core_types_and_as_dtype(values, value):
    mask = values % 2 == 0
    expected = values.astype(np.promote_types(values.dtype, np.array(value).dtype))
    expected[mask] = value
    got = masked_fill(values, mask, value)
    assert got.dtype == expected.dtype
    np.testing.assert_array_equal(got, expected)


def test_numba_core_names_are_rumbas_type_objects():
    from rumba.core import errors as core_errors
    from rumba.core import types as core_types
    from rumba.core.types.misc import NoneType
    from rumba.np.numpy_support import as_dtype, from_dtype

    assert core_types.float64 is types.float64 and core_types.Array is types.Array and NoneType is types.NoneType
    assert core_errors is errors
    assert as_dtype(types.uint16) == np.dtype(np.uint16) and from_dtype(np.dtype(np.complex64)) is types.complex64
    with pytest.raises(NotImplementedError):
        as_dtype(types.float64[:])
