"""Names resolved by value (issue 14): a compiled function reads its globals and closure variables
as Python holds them when it is first compiled, not as the module's source text spells them.
Computed constants, aliases of modules and of their functions (`prange = numba.prange`), closures
made by factories, functions defined inside functions, and lambdas, each compared with CPython
running the same function."""

import math

import numpy as np
import pytest

import rumba
import rumba as numba
from _compare import check, jitted
from rumba import errors, njit, vectorize

K = 2 * 3
SCALE = float(np.sqrt(4.0))
FLAG = not True
WIDE = 1 << 40
COMPLEX_STEP = complex(0.5, -1.0)
NUMPY_COUNT = np.int64(4)
NUMPY_ON = np.True_
prange = numba.prange
root = math.sqrt
xp = np
floor_of = np.floor


def computed_constants(x):
    return x * K + SCALE + (1.0 if FLAG else 2.0) + WIDE + NUMPY_COUNT * (3 if NUMPY_ON else 5)


def aliases(x):
    return root(x) + xp.sqrt(x) + floor_of(x) + xp.pi


def complex_constant(z):
    return z * COMPLEX_STEP


def parallel_sum(n):
    total = 0.0
    for i in prange(n):
        total += i * 0.5
    return total


@pytest.mark.parametrize("x", [0.0, 2.5, 9.0])
def test_globals_are_read_by_value(x):
    assert njit(computed_constants)(x) == computed_constants(x)
    assert njit(aliases)(x) == aliases(x)
    assert njit(complex_constant)(complex(x, 1.0)) == complex_constant(complex(x, 1.0))


INT32_ZERO = np.int32(0)
FLOAT32_HALF = np.float32(0.5)
UINT8_TOP = np.uint8(250)


def numpy_scalar_globals(a):
    # numba-benchmark's iteration kernels start their sums at a global `zero = np.int32(0)`.
    t = INT32_ZERO
    for v in a:
        t += v
    return t, FLOAT32_HALF * a[0], FLOAT32_HALF + FLOAT32_HALF, UINT8_TOP + 3


def test_numpy_scalar_globals_keep_their_types():
    for a in [np.arange(5, dtype=np.int32), np.linspace(0.0, 1.0, 4, dtype=np.float32)]:
        check(njit(numpy_scalar_globals), a, exact_types=False)
    assert type(njit(numpy_scalar_globals)(np.ones(2, np.float32))[2]) is float
    # A float32 with a Python number computes in float64, as in Numba (NumPy 2 keeps float32).
    assert njit(lambda: FLOAT32_HALF / 3)() == float(FLOAT32_HALF) / 3


SINGLE = np.dtype("float32")
FLAGS = np.dtype(bool)
PROMOTED = np.promote_types(np.int16, np.uint16)


def dtype_object_globals(a):
    return np.zeros(2, dtype=SINGLE), a.astype(PROMOTED), np.ones(2, FLAGS), a.astype(SINGLE).dtype == SINGLE


def test_dtype_objects_are_read_by_value():
    # vectorbt's typing functions compute a dtype with np.promote_types and close over it.
    expected = dtype_object_globals(np.arange(3))
    got = njit(dtype_object_globals)(np.arange(3))
    for got_item, expected_item in zip(got[:3], expected[:3]):
        assert got_item.dtype == expected_item.dtype
        np.testing.assert_array_equal(got_item, expected_item)
    assert got[3] is True


def test_prange_bound_to_another_name_runs_in_parallel():
    compiled = njit(parallel=True)(parallel_sum)
    assert compiled(1000) == parallel_sum(1000)
    assert "omp.wsloop" in "".join(compiled.inspect_mlir(stage="openmp").values())


def make_affine(scale, offset):
    @njit
    def affine(x):
        return x * scale + offset

    return affine


def make_counter(limit):
    def count(values):
        hits = 0
        for i in range(values.shape[0]):
            if values[i] > limit:
                hits += 1
        return hits

    return njit(count)


def test_closures_of_factories_capture_their_values():
    for scale, offset in [(3, 0.5), (2.5, 1), (-1, -2)]:
        affine = make_affine(scale, offset)
        assert affine(2.0) == 2.0 * scale + offset
        assert affine(7) == 7 * scale + offset
    values = np.array([0.5, 3.0, 7.5, 1.0])
    assert make_counter(1.0)(values) == 2
    assert make_counter(5)(values) == 1


def make_with_module_math():
    @njit
    def rounded(x):
        return math.floor(x) + np.sqrt(x)

    return rounded


def test_a_nested_function_reads_module_imports():
    assert make_with_module_math()(4.5) == math.floor(4.5) + np.sqrt(4.5)


def test_values_are_frozen_at_the_first_compilation():
    global K
    compiled = njit(computed_constants)
    first = compiled(1.0)
    saved = K
    K = 100
    try:
        assert compiled(1.0) == first
        assert compiled(2) == 2 * saved + SCALE + 2.0 + WIDE + 12
    finally:
        K = saved


average = njit(lambda x, y: (x + y) / 2.0)
halve = vectorize(["float64(float64)"])(lambda x: x / 2.0)


def test_lambdas_compile():
    assert average(1.0, 4.0) == 2.5
    assert average(3, 4) == 3.5
    np.testing.assert_array_equal(halve(np.arange(4.0)), np.arange(4.0) / 2.0)


def test_lambdas_in_the_middle_of_statements_compile():
    # Each line alone does not parse: the lambda is cut from it.
    table = {
        "scaled": lambda x: x * 3.0,
        "shifted": lambda x, k=2: (x +
                                   k),
    }
    applied = sorted(
        [4.0, 1.0],
        key=lambda v: -v,
    )
    for name, function in table.items():
        assert njit(function)(1.5) == function(1.5), name
    assert njit(table["shifted"])(1.5, 4) == 5.5
    assert applied == [4.0, 1.0]


def test_lambdas_on_one_line_are_told_apart_by_their_code_positions():
    pair = (lambda x: x + 1, lambda x: x + 2)
    assert [njit(function)(1.0) for function in pair] == [2.0, 3.0]
    for name, function in [("first", lambda x: x * 10), ("second", lambda x: x * 20)]:
        assert njit(function)(2) == function(2), name


def unknown_global(x):
    return x + undefined_name  # noqa: F821 - the error under test


def test_unbound_names_stay_located_errors():
    with pytest.raises(errors.TypingError, match=r"test_environment.py:\d+:\d+: error: name 'undefined_name' is not defined"):
        njit(unknown_global)(1.0)


def scaled_by_k(x):
    return x * K


def calls_a_module_function(x):
    return scaled_by_k(x) + 1.0


def test_functions_called_in_the_module_read_the_same_globals():
    assert njit(calls_a_module_function)(2.0) == calls_a_module_function(2.0)


# Arrays bound by value are frozen read-only constants, as Numba freezes global arrays.
SQUARES = np.arange(10.0) ** 2
GRID = np.asfortranarray(np.arange(12, dtype=np.int32).reshape(3, 4))
EVEN = np.arange(6) % 2 == 0
WEIGHTS32 = np.linspace(0.0, 1.0, 7, dtype=np.float32)
EMPTY = np.zeros((0, 3))
ROOTS = np.sqrt(np.arange(5.0) + 1j)


def table_lookups(i, j):
    return SQUARES[i] + GRID[j, i % 4] + EVEN[i % 6] + WEIGHTS32[i % 7] + SQUARES[-1] + EMPTY.shape[0] + GRID.sum()


def table_views():
    return SQUARES[::3], GRID.T, SQUARES


def table_of_a_helper():
    return SQUARES


def through_a_helper(n):
    total = 0.0
    for _ in range(n):
        total += table_of_a_helper()[n % 10] + np.sort(SQUARES)[1]
    return total


def writes_a_table(i):
    SQUARES[i] = 0.0
    return i


def reads_complex_table(i):
    return ROOTS[i]


@pytest.mark.parametrize("i, j", [(0, 0), (3, 2), (9, 1), (-2, -1)])
def test_global_arrays_are_read_as_constants(i, j):
    check(jitted(table_lookups), i, j, exact_types=False)


def test_global_arrays_returned_or_viewed_are_copies_with_their_values():
    got = njit(table_views)()
    expected = table_views()
    for got_array, expected_array in zip(got, expected):
        np.testing.assert_array_equal(got_array, expected_array)
        assert not np.shares_memory(got_array, expected_array)
    # A compiled helper hands the constant to its compiled caller, which must not free it.
    assert njit(through_a_helper)(50) == through_a_helper(50)


def test_global_arrays_are_frozen_at_the_first_compilation():
    compiled = njit(table_lookups)
    first = compiled(2, 1)
    SQUARES[2] += 1000.0
    try:
        assert compiled(2, 1) == first
        assert table_lookups(2, 1) == first + 1000.0
    finally:
        SQUARES[2] -= 1000.0


def test_a_closure_over_an_array_reads_its_value():
    def factory(weights):
        @njit
        def weighted(x):
            return (weights * x).sum()

        return weighted

    assert factory(np.arange(4.0))(2.0) == 12.0
    assert factory(np.ones(3))(2.0) == 6.0


def test_writing_into_a_global_array_is_a_located_error():
    with pytest.raises(errors.TypingError) as raised:
        njit(writes_a_table)(1)
    assert "SQUARES[i] = 0.0" in str(raised.value) and "read-only" in str(raised.value)


def test_a_global_array_of_complex_numbers_stays_a_located_error():
    with pytest.raises(errors.RumbaError) as raised:
        njit(reads_complex_table)(1)
    assert "ROOTS" in str(raised.value)


def by_mode(x, how, scale=1.0):
    if how == "double":
        return x * 2.0 * scale
    elif how == "neg, then half":
        return -x / 2.0
    return x


@pytest.mark.parametrize("how", ["double", "neg, then half", "other (kept)", ""])
def test_string_arguments_specialise_the_function(how):
    check(jitted(by_mode), 3.0, how)
    assert jitted(by_mode)(3.0, how=how, scale=2.0) == by_mode(3.0, how=how, scale=2.0)


def test_strings_share_one_specialisation_as_in_numba():
    # A string argument is a value of Numba's unicode_type, known only when the code runs.
    compiled = njit(by_mode)
    compiled(1.0, "double")
    compiled(1.0, "other")
    assert len(compiled.signatures) == 1


MODE = "double"
NOTHING = None


def by_global_mode(x):
    if MODE == "double":
        return 2 * x
    return x


def none_default(x):
    if NOTHING is None:
        return x + 1
    return x


def test_global_strings_and_none_are_known_when_compiling():
    check(jitted(by_global_mode), 3)
    check(jitted(none_default), 3)


def mode_factory(mode, offset):
    def scaled(x):
        if mode == "half":
            return x / 2
        if offset is None:
            return x
        return x + offset

    return scaled


@pytest.mark.parametrize("mode, offset", [("half", None), ("whole", None), ("whole", 4)])
def test_closures_over_strings_and_none(mode, offset):
    function = mode_factory(mode, offset)
    assert njit(function)(6) == function(6)


LIMITS = (1, 5, 9)
RECORD = (2, 0.5, "name", None, (3, 4))
HOLDS_AN_ARRAY = (1, np.ones(2))


def reads_global_tuples(i):
    total = 0
    for limit in LIMITS:
        total += limit
    return total + LIMITS[i] + len(RECORD) + RECORD[4][1] + RECORD[1], RECORD[2], RECORD


def shape_factory(shape):
    def zeros_like_shape():
        return np.zeros(shape).sum() + shape[0]

    return zeros_like_shape


def test_global_and_closure_tuples_are_constants():
    # Numba freezes global tuples of numbers, strings and None as constants.
    assert njit(reads_global_tuples)(2) == reads_global_tuples(2)
    function = shape_factory((2, 3))
    assert njit(function)() == function()


def reads_a_tuple_holding_an_array():
    return HOLDS_AN_ARRAY[0]


def test_a_global_tuple_holding_an_array_is_a_located_error():
    with pytest.raises(errors.UnsupportedError, match=r"test_environment.py:\d+:\d+: error: 'HOLDS_AN_ARRAY' is a tuple holding values other than"):
        njit(reads_a_tuple_holding_an_array)()


def redefined_helper(x):
    return x - 1


@njit
def calls_redefined_helper(x):
    return redefined_helper(x)


# Compiled and run while the first definition is the one bound, as Python runs it then.
FIRST_DEFINITION_RESULTS = (calls_redefined_helper(5), calls_redefined_helper.py_func(5))


def redefined_helper(x):  # noqa: F811 (redefined on purpose)
    return x - 100


def test_a_name_defined_twice_in_a_file_calls_the_definition_bound_when_compiled():
    got, expected = FIRST_DEFINITION_RESULTS
    assert got == expected == 4
