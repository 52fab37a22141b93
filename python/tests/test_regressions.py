"""Regressions from issue 12 (crashes, leaks and wrong answers found by testing), one test each,
compared with CPython/NumPy running the same function. Cases that could take the process down run
in a fresh interpreter (``run_isolated``), so a crash fails one test rather than the session.

Covered: stencils whose neighbourhood does not contain the centre and relative indices outside a
given neighbourhood; float-to-int conversions out of range (OverflowError/ValueError, not a crash);
``~`` on boolean arrays; recursion without a base case (a located typing error, not a hang); arrays
returned by one compiled function to another are freed; ``prange`` updates that are reductions
(``/=``, ``|=``, ``&=``, ``^=``) or last-iteration values, and reads before assignment refused; an
exception raised in an ``if`` condition takes neither branch; a callee that raises does not hand
its caller an array to read; ``0.0 ** -1.5`` raises; NumPy's float floor division by zero.
"""

import math

import numpy as np
import pytest

import rumba
from rumba import errors, njit, prange, stencil

from _compare import check, describe_returncode, jitted, outcome, run_isolated
from test_memory import rss_growth
from test_stencil import assert_same, reference

# --------------------------------------------------------------------------------------------------
# Stencils: the centre is always inside the loop bounds, every relative index inside the neighbourhood
# --------------------------------------------------------------------------------------------------


@stencil(neighborhood=((5, 10),))
def ahead(a):
    c = 0
    for i in range(5, 11):
        c += a[i]
    return c / 30


@stencil(neighborhood=((-3, -1), (-3, 3)))
def behind_rows(a):
    c = 0.0
    for i in range(-3, 0):
        for j in range(-3, 4):
            c += a[i, j]
    return c


@njit
def ahead_njit(a):
    return ahead(a)


@njit(parallel=True)
def ahead_parallel(a):
    return ahead(a)


@njit
def behind_rows_njit(a):
    return behind_rows(a)


@njit(parallel=True)
def behind_rows_parallel(a):
    return behind_rows(a)


def clamped(neighborhood):
    """The neighbourhood over which centres run: it always contains the centre itself."""
    return [(min(least, 0), max(greatest, 0)) for least, greatest in neighborhood]


@pytest.mark.parametrize("caller", [ahead, ahead_njit, ahead_parallel], ids=["python", "njit", "parallel"])
@pytest.mark.parametrize("n", [0, 5, 11, 60])
def test_neighbourhood_ahead_of_the_centre(caller, n):
    a = np.arange(float(n))
    assert_same(caller(a), reference(ahead, (a,), clamped([(5, 10)])))


@pytest.mark.parametrize("caller", [behind_rows, behind_rows_njit, behind_rows_parallel], ids=["python", "njit", "parallel"])
def test_neighbourhood_behind_the_centre_in_2d(caller):
    a = np.random.default_rng(3).standard_normal((9, 11))
    assert_same(caller(a), reference(behind_rows, (a,), clamped([(-3, -1), (-3, 3)])))


@stencil(neighborhood=((-1, 1),))
def too_far(a):
    return a[-1] + a[2]


def test_relative_index_outside_the_given_neighbourhood_is_a_located_error():
    with pytest.raises(errors.TypingError, match=r"test_regressions\.py:\d+:\d+: error: relative index 2 is outside the stencil's neighborhood \(-1, 1\)"):
        too_far(np.arange(10.0))


@stencil(neighborhood=((-1, 1),))
def variable_reach(a, k):
    return a[k]


@pytest.mark.parametrize("k", [-1, 0, 1, 2, -2])
def test_variable_relative_index_is_checked_against_the_neighbourhood(k):
    a = np.arange(8.0)
    if -1 <= k <= 1:
        assert_same(variable_reach(a, k), reference(variable_reach, (a, k), [(-1, 1)]))
    else:
        with pytest.raises(IndexError):
            variable_reach(a, k)


# --------------------------------------------------------------------------------------------------
# Float to int: Python's errors, never a crash
# --------------------------------------------------------------------------------------------------


def int_of(x):
    return int(x)


def folded_int_minus(x):
    return int(1e300) - x


def floor_of(x):
    return math.floor(x)


def ceil_in_condition(x):
    if math.ceil(x):
        return 1
    return 0


@pytest.mark.parametrize("x", [1e300, -1e300, math.inf, -math.inf, math.nan, 9.3e18, -9.3e18, 2.5, -2.5, -9.2e18])
@pytest.mark.parametrize("function, conversion", [(int_of, int), (floor_of, math.floor), (ceil_in_condition, math.ceil)])
def test_float_to_int_out_of_range(function, conversion, x):
    """CPython's errors for NaN and infinities; an int that leaves int64 is an OverflowError."""
    try:
        converted = conversion(x)
    except (OverflowError, ValueError) as error:
        with pytest.raises(type(error)):
            jitted(function)(x)
        return
    if not -(2**63) <= converted < 2**63:
        with pytest.raises(OverflowError):
            jitted(function)(x)
        return
    check(jitted(function), x)


def test_folded_huge_int_raises_overflow():
    result = run_isolated(
        "from test_regressions import folded_int_minus\nfrom _compare import jitted\n"
        "try:\n    jitted(folded_int_minus)(1)\nexcept OverflowError:\n    print('OverflowError')\n"
    )
    assert result.returncode == 0, describe_returncode(result.returncode) + result.stderr
    assert result.stdout.strip() == "OverflowError"


# --------------------------------------------------------------------------------------------------
# Arrays: ~ on booleans, floor division by zero as NumPy
# --------------------------------------------------------------------------------------------------


def invert(a):
    return ~a


def floor_divide_by_zero(a):
    return a // 0, a % 0, 3 // (a * 0)


def test_invert_boolean_array():
    a = np.array([True, False, True])
    got = jitted(invert)(a)
    assert got.dtype == np.bool_
    np.testing.assert_array_equal(got, ~a)


def test_float_floor_division_by_zero_follows_numpy():
    a = np.array([1.0, -1.0, 0.0, np.inf, -np.inf, np.nan])
    with np.errstate(all="ignore"):
        expected = floor_divide_by_zero(a)
    got = jitted(floor_divide_by_zero)(a)
    for g, e in zip(got, expected):
        np.testing.assert_array_equal(g, e)


# --------------------------------------------------------------------------------------------------
# Recursion without a base case is a typing error
# --------------------------------------------------------------------------------------------------


def forever(x):
    return forever(x)


def ping(x):
    return pong(x)


def pong(x):
    return ping(x)


@pytest.mark.parametrize("name", ["forever", "ping"])
def test_recursion_without_a_base_case_is_a_typing_error(name):
    code = (
        "from _compare import jitted\nfrom rumba import errors\nimport test_regressions\n"
        "try:\n    jitted(test_regressions.%s)(1)\nexcept errors.TypingError as error:\n    print(str(error).splitlines()[0])\n" % name
    )
    result = run_isolated(code, timeout=60)
    assert result.returncode == 0, describe_returncode(result.returncode) + result.stderr
    assert "recursion without a base case" in result.stdout, result.stdout


def even(n):
    if n == 0:
        return True
    return odd(n - 1)


def odd(n):
    if n == 0:
        return False
    return even(n - 1)


@pytest.mark.parametrize("n", [0, 1, 10, 11])
def test_mutual_recursion_with_a_base_case(n):
    check(jitted(even), n)


# --------------------------------------------------------------------------------------------------
# Arrays returned from one compiled function to another are freed
# --------------------------------------------------------------------------------------------------


@njit
def make_doubled(x):
    r = np.zeros(x.shape[0])
    for i in range(x.shape[0]):
        r[i] = x[i] * 2.0
    return r


@njit
def sum_of_made(x):
    return make_doubled(x).sum()


@njit
def first_of(x):
    return x


@njit
def passed_through(x):
    return first_of(x)[1:].sum() + first_of(make_doubled(x)).sum()


def test_arrays_returned_by_a_callee_are_freed():
    x = np.ones(100_000)
    assert sum_of_made(x) == 200_000.0
    assert rss_growth(lambda: sum_of_made(x), 300) < 10 * 1024 * 1024


def test_arguments_handed_back_are_not_freed():
    x = np.arange(1000.0)
    expected = x[1:].sum() + (2 * x).sum()
    for _ in range(200):
        assert passed_through(x) == expected
    assert x[5] == 5.0
    assert rss_growth(lambda: passed_through(x), 300) < 10 * 1024 * 1024


def raises_before_returning(x):
    if x > 0:
        raise ValueError("no array")
    return np.zeros(3)


def sum_of_raising(x):
    return float(raises_before_returning(x).sum())


def first_of_raising(x):
    return float(raises_before_returning(x)[0])


@pytest.mark.parametrize("function", [sum_of_raising, first_of_raising])
@pytest.mark.parametrize("x", [0, 1])
def test_callee_that_raises_hands_back_no_array(function, x):
    result = run_isolated(
        "from test_regressions import %s as f\nfrom _compare import check, jitted\ncheck(jitted(f), %d)\nprint('ok')\n" % (function.__name__, x)
    )
    assert result.returncode == 0, describe_returncode(result.returncode) + result.stderr
    assert result.stdout.strip() == "ok"


# --------------------------------------------------------------------------------------------------
# prange: every update is a reduction or a last-iteration value
# --------------------------------------------------------------------------------------------------


def halved(n):
    s = 10
    for i in prange(n):
        s /= 2
    return s


def last_value(x, y):
    k = 0
    for j in prange(y):
        k = x + j
    return k


def bit_reductions(n):
    a, b, c = 0, -1, 0
    for i in prange(n):
        a |= 1 << (i % 60)
        b &= ~(1 << (i % 7))
        c ^= i * 2654435761
    return a, b, c


def loop_variable_after(n):
    for i in prange(n):
        pass
    return i


@pytest.mark.parametrize("n", [0, 1, 10, 100])
def test_prange_division_is_a_reduction(n):
    assert njit(parallel=True)(halved)(n) == halved(n)


@pytest.mark.parametrize("y", [1, 5, 1000])
def test_prange_keeps_the_last_iterations_value(y):
    assert njit(parallel=True)(last_value)(3, y) == last_value(3, y)
    assert njit(parallel=True)(loop_variable_after)(y) == loop_variable_after(y)


@pytest.mark.parametrize("n", [0, 1, 64, 1001])
def test_prange_bitwise_reductions(n):
    assert njit(parallel=True)(bit_reductions)(n) == bit_reductions(n)


def read_before_assigned(n):
    t = 1.0
    for i in prange(n):
        t = t * 2.0 + i
    return t


def test_prange_read_before_assignment_is_a_located_error():
    with pytest.raises(errors.UnsupportedError, match="read in this prange loop before the iteration assigns it"):
        njit(parallel=True)(read_before_assigned)(10)


# --------------------------------------------------------------------------------------------------
# Exceptions: a raising condition takes neither branch; 0.0 ** negative raises
# --------------------------------------------------------------------------------------------------


def raise_in_condition_continue(d):
    for i in range(3):
        if 1 // d:
            continue
    return 7


def raise_in_condition_write(a, d):
    if 1 // d:
        a[0] = 99.0
    elif a[1] > 0:
        a[1] = 5.0
    else:
        a[2] = 5.0
    return 1


def raises_if_positive(p):
    if p > 0:
        raise ValueError("positive")
    return 1


def loops_on_raising_callee(p):
    n = 0
    while raises_if_positive(p):
        n += 1
        if n > 5:
            break
    if raises_if_positive(p):
        n += 10
    return n


@pytest.mark.parametrize("d", [0, 1])
def test_exception_in_if_condition_takes_no_branch(d):
    check(jitted(raise_in_condition_continue), d)
    got, expected = np.zeros(3), np.zeros(3)
    expected_kind, expected_value = outcome(raise_in_condition_write, (expected, d))
    got_kind, got_value = outcome(jitted(raise_in_condition_write), (got, d))
    assert (got_kind, type(got_value)) == (expected_kind, type(expected_value))
    np.testing.assert_array_equal(got, expected)


@pytest.mark.parametrize("p", [0, 1])
def test_callee_status_checked_before_its_result_is_used(p):
    check(jitted(loops_on_raising_callee), p)


def power(x, y):
    return x ** y


@pytest.mark.parametrize("x, y", [(0.0, -1.5), (-0.0, -1.0), (0.0, -1), (0.0, 0.0), (0.0, 2.0), (2.0, -1.5)])
def test_zero_to_a_negative_power(x, y):
    check(jitted(power), x, y)


# --------------------------------------------------------------------------------------------------
# Refused rather than wrong: read-only arrays, byte order, masks, coroutines, thread counts
# --------------------------------------------------------------------------------------------------


def write_first(a):
    a[0] = 9.0


def write_through_view(a):
    v = a[1:]
    v[:] = 0.0


def add_in_place(a):
    a += 1.0


def read_sum(a):
    s = 0.0
    for i in range(a.shape[0]):
        s += a[i]
    return s


def write_through_reshape(a):
    b = a[::2].reshape(-1)
    b[0] = 5.0
    return b


def read_through_reshape(a):
    return a[::2].reshape(-1).sum()


def read_only(values):
    array = np.array(values)
    array.flags.writeable = False
    return array


@pytest.mark.parametrize("function", [write_first, write_through_view, add_in_place])
def test_writing_into_a_read_only_array_is_a_typing_error(function):
    a = read_only([1.0, 2.0, 3.0])
    with pytest.raises(errors.TypingError, match="read-only array"):
        jitted(function)(a)
    np.testing.assert_array_equal(a, [1.0, 2.0, 3.0])


def test_read_only_arrays_are_read():
    a = read_only([1.0, 2.0, 3.0])
    assert jitted(read_sum)(a) == read_sum(a)
    assert jitted(read_sum)(np.frombuffer(b"\x00" * 16)) == 0.0


def test_writes_through_a_reshaped_copy_are_refused():
    a = np.zeros(6)
    with pytest.raises(errors.TypingError, match="read-only array"):
        jitted(write_through_reshape)(a)
    assert jitted(read_through_reshape)(np.arange(6.0)) == read_through_reshape(np.arange(6.0))


@pytest.mark.parametrize(
    "array",
    [np.arange(3.0).astype(">f8"), np.ma.masked_array([1.0, 2.0, 3.0], mask=[0, 1, 0])],
    ids=["big-endian", "masked"],
)
def test_arrays_compiled_code_cannot_honour_are_refused(array):
    with pytest.raises(TypeError, match="byte order|masked"):
        jitted(read_sum)(array)


def zero_trip_binding(n):
    for i in range(n):
        y = i
    return y


def branch_binding(n):
    if n > 2:
        t = 1.5
    elif n > 1:
        return 0.0
    else:
        t = 2.5
    return t


def previous_iteration(n):
    s = 0
    for i in range(n):
        if i > 0:
            s += prev
        prev = i
    return s


@pytest.mark.parametrize("n", [0, 1, 3])
@pytest.mark.parametrize("function", [zero_trip_binding, branch_binding, previous_iteration])
def test_unbound_local_raises_as_in_cpython(function, n):
    check(jitted(function), n)


def count_range(start, stop, step):
    k = 0
    for i in range(start, stop, step):
        k += 1
    return k


def huge_step():
    k = 0
    for i in range(0, 10, 2**63 - 1):
        k += i + 1
    return k


@pytest.mark.parametrize(
    "start, stop, step",
    [(0, 10, 2**63 - 1), (-(2**63) + 1, 2**63 - 1, 2**62), (10, -10, -3), (2**63 - 1, -(2**63), -(2**63)), (5, 5, 1), (0, 10, 3), (3, 0, 1)],
)
def test_range_trip_counts_do_not_overflow(start, stop, step):
    check(jitted(count_range), start, stop, step)


def test_range_with_a_huge_literal_step():
    check(jitted(huge_step))


def test_coroutines_are_refused():
    code = (
        "import rumba, tempfile, os, importlib.util\n"
        "path = os.path.join(tempfile.mkdtemp(), 'coroutine.py')\n"
        "open(path, 'w').write('async def main():\\n    return 1\\n')\n"
        "spec = importlib.util.spec_from_file_location('coroutine', path)\n"
        "module = importlib.util.module_from_spec(spec); spec.loader.exec_module(module)\n"
        "try:\n    rumba.njit(module.main)()\nexcept rumba.errors.UnsupportedError as error:\n    print(error)\n"
    )
    result = run_isolated(code)
    assert result.returncode == 0, describe_returncode(result.returncode) + result.stderr
    assert "coroutine.py:1:11: error: 'main' is a coroutine" in result.stdout


@pytest.mark.parametrize("count", [0, -1, 100_000, 2**40])
def test_thread_counts_outside_the_pool_are_value_errors(count):
    before = rumba.get_num_threads()
    with pytest.raises(ValueError, match="number of threads"):
        rumba.set_num_threads(count)
    assert rumba.get_num_threads() == before


# --------------------------------------------------------------------------------------------------
# Deep recursion at run time is a RecursionError, not a stack overflow
# --------------------------------------------------------------------------------------------------


def depth(n):
    if n == 0:
        return 0
    return 1 + depth(n - 1)


@pytest.mark.parametrize("n", [0, 10, 500])
def test_recursion_within_the_stack(n):
    check(jitted(depth), n)


def test_runaway_recursion_raises_recursion_error():
    result = run_isolated(
        "from test_regressions import depth\nfrom _compare import jitted\n"
        "try:\n    jitted(depth)(10**7)\nexcept RecursionError:\n    print('RecursionError')\n"
        "print(jitted(depth)(100))\n"
    )
    assert result.returncode == 0, describe_returncode(result.returncode) + result.stderr
    assert result.stdout.split() == ["RecursionError", "100"]


# --------------------------------------------------------------------------------------------------
# Result dtypes follow NumPy 2 (NEP 50: Python numbers are weak; rounding keeps integer types)
# --------------------------------------------------------------------------------------------------


def scaled(a):
    return 3 * a, a * 2.5, np.minimum(a, 1), a + True


def cubed(a):
    return a ** 3, a ** 0.5


def rounded(a):
    return np.floor(a), np.ceil(a), np.abs(a)


def plus_own_sum(a):
    return a + a.sum()


DTYPED = [np.array([1.5, -2.25, 3.0], dtype=np.float32), np.array([1, -2, 3], dtype=np.int32), np.array([1, 2, 250], dtype=np.uint8), np.array([True, False, True])]


def assert_same_arrays(got, expected):
    for g, e in zip(got if isinstance(got, tuple) else (got,), expected if isinstance(expected, tuple) else (expected,)):
        assert g.dtype == e.dtype, "dtype %s, NumPy gives %s" % (g.dtype, e.dtype)
        np.testing.assert_array_equal(g, e)


# A Python number of a lower kind than the array's takes its type; of the same kind it promotes
# (int64, float64), as in Numba. NumPy 2 keeps the array's type there, so each result is compared
# with NumPy's on the array widened to the result's type.
NUMBA_SCALED = {"float32": ["float32", "float64", "float32", "float32"], "int32": ["int64", "float64", "int64", "int32"], "uint8": ["int64", "float64", "int64", "uint8"]}


@pytest.mark.parametrize("a", DTYPED[:3], ids=["float32", "int32", "uint8"])
def test_python_numbers_promote_in_array_expressions_as_in_numba(a):
    with np.errstate(all="ignore"):
        got = jitted(scaled)(a)
        assert [item.dtype.name for item in got] == NUMBA_SCALED[a.dtype.name]
        for position, item in enumerate(got):
            np.testing.assert_array_equal(item, scaled(a.astype(item.dtype))[position])


def numpy_scalars(a, b):
    s = np.sum(a)
    a2 = a.copy()
    a2 //= s
    element = b[0]
    return a * s, np.maximum(a, a.argmin()) - 2, a + element, a2, np.where(a > 0, a, s)


@pytest.mark.parametrize("a", DTYPED[:3], ids=["float32", "int32", "uint8"])
def test_numpy_scalars_promote(a):
    with np.errstate(all="ignore"):
        assert_same_arrays(jitted(plus_own_sum)(a), plus_own_sum(a))


@pytest.mark.parametrize("a", [np.array([7, -8, 2**30, 5], dtype=np.int32), np.array([1, 200, 3], dtype=np.uint8)], ids=["int32", "uint8"])
@pytest.mark.parametrize("b", [np.array([2**40, 1], dtype=np.int64), np.array([0.5, 1.0], dtype=np.float64)], ids=["int64", "float64"])
def test_numpy_scalars_promote_by_type(a, b):
    with np.errstate(all="ignore"):
        assert_same_arrays(jitted(numpy_scalars)(a, b), numpy_scalars(a, b))


def test_float32_powers_promote_as_in_numba():
    # `** 3` keeps float32; `** 0.5`, a Python float, computes in float64 as in Numba.
    a = DTYPED[0]
    with np.errstate(all="ignore"):
        got = jitted(cubed)(a)
    assert [g.dtype for g in got] == [np.float32, np.float64]
    np.testing.assert_array_equal(got[0], cubed(a)[0])
    np.testing.assert_array_equal(got[1], cubed(a.astype(np.float64))[1])


@pytest.mark.parametrize("a", DTYPED, ids=["float32", "int32", "uint8", "bool"])
def test_rounding_keeps_integer_and_boolean_types(a):
    assert_same_arrays(jitted(rounded)(a), rounded(a))


# --------------------------------------------------------------------------------------------------
# Compile time stays about linear in the length of a function
# --------------------------------------------------------------------------------------------------


def test_long_functions_compile_in_bounded_time(tmp_path):
    """400 sequential ifs took 36.7 s (forward-scalar-stores was cubic in the number of statements);
    the bound is generous so that a slow machine passes, a cubic pass does not."""
    import importlib.util
    import time

    lines = ["import rumba", "@rumba.njit", "def long_function(x):", "    s = 0"]
    for i in range(400):
        lines += ["    if x > %d:" % i, "        s += %d" % i]
    lines.append("    return s")
    path = tmp_path / "long_function.py"
    path.write_text("\n".join(lines) + "\n")
    spec = importlib.util.spec_from_file_location("long_function", path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    started = time.perf_counter()
    assert module.long_function(7) == module.long_function.py_func(7)
    assert time.perf_counter() - started < 10.0


def compile_steps(tmp_path, name, source):
    """RUMBA_TIMINGS' milliseconds per compilation step of `f` in `source`, run in a fresh process."""
    import os
    import re
    import subprocess
    import sys

    path = tmp_path / ("%s.py" % name)
    path.write_text(source)
    environment = dict(os.environ, RUMBA_TIMINGS="1")
    result = subprocess.run([sys.executable, str(path)], capture_output=True, text=True, env=environment, check=True)
    return {match.group(1): float(match.group(2)) for match in re.finditer(r"^rumba: f: (.+) ([0-9.]+) ms$", result.stderr, re.MULTILINE)}


def test_compile_time_grows_about_linearly(tmp_path):
    """Emission typed every subexpression again from scratch (quadratic: a 2,000-term sum took 507
    ms to emit), and CSE scanned between every pair of loads of a parameter's slot (quadratic too).
    Four times the terms must cost well under sixteen times the time; linear growth gives about four."""
    def sum_of_terms(count):
        terms = " + ".join("x * %d.5" % i for i in range(count))
        return "import rumba\n@rumba.njit\ndef f(x):\n    return %s\nf(3.0)\n" % terms

    small = compile_steps(tmp_path, "small", sum_of_terms(500))
    large = compile_steps(tmp_path, "large", sum_of_terms(2000))
    assert large["emission"] < 10 * max(small["emission"], 1.0), (small, large)
    assert sum(large.values()) < 10 * sum(small.values()), (small, large)


# --------------------------------------------------------------------------------------------------
# New arrays: NumPy's errors for negative and huge shapes, MemoryError when memory runs out
# --------------------------------------------------------------------------------------------------


def zeros_of(n):
    return np.zeros(n)


def ones_sum(n):
    return np.ones(n).sum()


def empty_grid(n):
    return np.empty((n, n))


def arange_of(n):
    return np.arange(n)


@pytest.mark.parametrize("function", [zeros_of, ones_sum, empty_grid, arange_of])
@pytest.mark.parametrize("n", [-3, 2**60, 2**40])
def test_allocation_errors_match_numpy(function, n):
    """Run apart: before, these wrote through a null or undersized allocation."""
    result = run_isolated(
        "from test_regressions import %s as f\nfrom _compare import jitted\n"
        "def kind(call):\n    try:\n        call()\n        return 'ok'\n    except Exception as error:\n        return type(error).__name__\n"
        "print(kind(lambda: f(%d)), kind(lambda: jitted(f)(%d)))\n" % (function.__name__, n, n)
    )
    assert result.returncode == 0, describe_returncode(result.returncode) + result.stderr
    expected, got = result.stdout.split()
    assert got == expected


# --------------------------------------------------------------------------------------------------
# Unsigned and in-place results keep NumPy's types
# --------------------------------------------------------------------------------------------------


def invert_scalar(x):
    return ~x


@pytest.mark.parametrize("value", [np.uint32(0), np.uint8(5), np.uint16(65535)])
def test_invert_keeps_unsigned_width(value):
    assert jitted(invert_scalar)(value) == invert_scalar(value)


def test_invert_of_a_python_bool_is_an_int():
    check(jitted(invert_scalar), True)


def scale_in_place(a):
    a *= 2.5
    return a


def test_in_place_float_result_into_an_integer_array_is_refused():
    a = np.arange(3)
    with pytest.raises(TypeError, match="same_kind"):  # NumPy's UFuncTypeError is a TypeError
        scale_in_place(a.copy())
    with pytest.raises(errors.TypingError, match="cannot cast the result of '\\*=' from float64 to the array's int64"):
        jitted(scale_in_place)(a)
    np.testing.assert_array_equal(a, [0, 1, 2])


# --------------------------------------------------------------------------------------------------
# Found by the program generator (tests/generator/FINDINGS.md)
# --------------------------------------------------------------------------------------------------


def while_break_then_condition(x):
    while 10 // x:
        x = 0
        break
    return x


def while_return_then_condition(x):
    while 10 // x:
        x = 0
        return 5
    return x


def for_continue_with_raising_bounds(x):
    for i in range(3 // x, 5):
        continue
    return 1


def for_with_raising_step(s):
    k = 0
    for i in range(0, 5, s):
        k += 1
        continue
    return k


@pytest.mark.parametrize("function", [while_break_then_condition, while_return_then_condition, for_continue_with_raising_bounds, for_with_raising_step])
@pytest.mark.parametrize("x", [0, 1, 2])
def test_loop_conditions_and_bounds_raise_as_in_cpython(function, x):
    check(jitted(function), x)


def mean_of(a):
    return np.mean(a), a.mean(axis=0)


def test_mean_of_integers_accumulates_in_float64():
    a = np.array([[6, 2**62, 5], [0, 6, 2**62], [4, 8, 2**62]])
    got, expected = jitted(mean_of)(a), mean_of(a)
    assert got[0] == expected[0]
    assert_same_arrays(got[1], expected[1])


def store_scalar(a, t):
    a[::2] = t
    a[1] = t
    return a


@pytest.mark.parametrize("dtype, value", [(np.int64, float("nan")), (np.int64, 1e300), (np.int64, float("inf")), (np.uint8, -8.0), (np.int8, 300.0), (np.int64, 2.7), (np.uint8, 7.9)])
def test_float_stored_into_an_integer_array_converts_as_numpy(dtype, value):
    expected_kind, expected = outcome(store_scalar, (np.zeros(4, dtype=dtype), value))
    got_kind, got = outcome(jitted(store_scalar), (np.zeros(4, dtype=dtype), value))
    assert (got_kind, type(got)) == (expected_kind, type(expected)), (got, expected)
    if expected_kind == "ok":
        assert_same_arrays(got, expected)


def square_root_power(a):
    return a ** 0.5


def test_power_of_one_half_is_numpys_sqrt():
    a = np.array([-0.0, 0.0, -np.inf, np.inf, 2.0, -1.0, np.nan])
    with np.errstate(all="ignore"):
        assert_same_arrays(jitted(square_root_power)(a), square_root_power(a))
        # Of float32, in float64 (a Python float promotes as in Numba).
        assert_same_arrays(jitted(square_root_power)(a.astype(np.float32)), square_root_power(a.astype(np.float32).astype(np.float64)))


def tail_view(a):
    return a[1:]


def test_a_view_of_a_read_only_argument_is_returned_read_only():
    immutable = np.frombuffer(b"\x00" * 32)
    view = jitted(tail_view)(immutable)
    assert not view.flags.writeable
    assert jitted(tail_view)(np.zeros(4)).flags.writeable


def invert_numpy_bool(a, t):
    return a + ~(a.sum() > t), ~(a[0] > t), ~(t > 0)


@pytest.mark.parametrize("t", [-1.0, 100.0])
def test_invert_of_a_numpy_boolean_is_logical_not(t):
    a = np.array([1.5, 2.5], dtype=np.float32)
    got, expected = jitted(invert_numpy_bool)(a, t), invert_numpy_bool(a, t)
    assert_same_arrays(got[0], expected[0])
    assert got[1] == expected[1] and type(got[1]) is bool
    assert got[2] == expected[2] and type(got[2]) is int


def is_flat(dem, k, neighbours):
    # pysheds' flat cells: flags that start as Python bools and take NumPy's through `|=`, `&=`.
    downhill = False
    is_pit = True
    for j in neighbours:
        difference = dem[k] - dem[j]
        downhill |= difference > 0
        is_pit &= difference < 0
    return ~downhill & ~is_pit


@pytest.mark.parametrize("k, neighbours", [(1, [0, 2, 3]), (3, [0, 1, 2]), (0, [3])])
def test_invert_of_a_flag_that_takes_numpy_booleans_is_logical_not(k, neighbours):
    dem = np.array([5.0, 5.0, 5.0, 7.0])
    got, expected = jitted(is_flat)(dem, k, np.array(neighbours)), is_flat(dem, k, np.array(neighbours))
    assert got == expected and type(got) is bool


def to_unsigned(a):
    return a.astype(np.uint8), a.astype(np.uint16), a.astype(np.uint32)


def test_negative_floats_cast_to_unsigned_as_numpy_on_x86():
    a = np.array([-8.0, -1.5, 3.7, 255.0, -300.0])
    with np.errstate(all="ignore"):
        assert_same_arrays(jitted(to_unsigned)(a), to_unsigned(a))


# --------------------------------------------------------------------------------------------------
# Ints beyond 2**53 with floats: rounded once, compared exactly (generator findings #8 and #9)
# --------------------------------------------------------------------------------------------------


def true_divide(a, b):
    return a / b


@pytest.mark.parametrize("a, b", [(3, 2**53 + 1), (2**63 - 1, 7), (1, 2**63 - 1), (-(2**63), -1), (1, -(2**63)),
                                  (2**53 + 1, 2**53 - 1), (123456789012345678, 98765), (-7, 2), (0, -5), (7, 0)])
def test_int_true_division_is_rounded_once(a, b):
    check(jitted(true_divide), a, b)


def int_float_comparisons(n, x):
    return (n < x, n <= x, n == x, n != x, n > x, n >= x, x < n, x <= n, x == n, x != n, x > n, x >= n)


@pytest.mark.parametrize("n, x", [(2**53 + 1, 2.0**53), (2**63 - 1, 2.0**63), (-(2**63), -(2.0**63)), (-(2**63 - 1), -(2.0**63)),
                                  (2**60 + 1, 2.0**60), (7, 7.0), (7, 7.5), (-7, -7.0), (5, math.nan), (5, math.inf), (5, -math.inf)])
def test_int_compares_with_float_exactly(n, x):
    check(jitted(int_float_comparisons), n, x)


def compare_with_literals(x):
    return x < 9007199254740993, x == 9007199254740993, x > 3, 3 == x


@pytest.mark.parametrize("x", [2.0**53, 2.0**53 + 2, 3.0, 2.5])
def test_float_compares_with_int_literals_exactly(x):
    check(jitted(compare_with_literals), x)


# --------------------------------------------------------------------------------------------------
# Float sums of whole arrays add pairwise in NumPy's order (generator finding #13)
# --------------------------------------------------------------------------------------------------


def whole_sum(a):
    return a.sum()


def whole_mean(a):
    return np.mean(a)


def sum_after_adding(a1):
    a1[1,] = 3
    return np.sum(2.0 + a1)


def cancelling(shape, dtype, seed):
    """Values of mixed sign and wide range, so that every change of order changes the last bits."""
    rng = np.random.default_rng(seed)
    return (rng.standard_normal(shape) * 10.0 ** rng.integers(-3, 18, size=shape)).astype(dtype)


@pytest.mark.parametrize("dtype", [np.float64, np.float32])
@pytest.mark.parametrize("shape", [(5,), (8,), (127,), (129,), (1000,), (20001,), (3, 300), (64, 65, 3)])
@pytest.mark.parametrize("layout", ["C", "F", "every_other", "reversed"])
def test_float_sums_have_numpys_bits(dtype, shape, layout):
    a = cancelling(shape, dtype, seed=sum(shape))
    if layout == "F":
        a = np.asfortranarray(a)
    elif len(shape) > 1 and layout != "C":
        pytest.skip("NumPy buffers strided arrays of several dimensions in ways the runtime only approximates")
    elif layout == "every_other":
        a = a[::2]
    elif layout == "reversed":
        a = a[::-1]
    for function in (whole_sum, whole_mean):
        got, expected = jitted(function)(a), function(a)
        assert got == expected and type(got) is type(expected.item()), (function.__name__, got, expected)


def test_sum_of_a_fused_expression_has_numpys_bits():
    # tests/generator/findings/array-5-1089.py: added in index order the large terms cancel late.
    a = np.array([[-7, 0, 6, 1], [5, 0, -9, 2**62], [-(2**62), -5, 8, 8], [-7, 2**62, 1, 1]])
    got, expected = jitted(sum_after_adding)(a.copy()), sum_after_adding(a.copy())
    assert got == expected, (got, expected)


# --------------------------------------------------------------------------------------------------
# NumPy float scalars stored into unsigned arrays are cast unchecked, as NumPy's setitem casts them
# (generator findings array 6 2720 and 4638); Python floats and signed arrays still check
# --------------------------------------------------------------------------------------------------


def store_numpy_scalar(target, source):
    target[0] = source.min()
    target[1:] = source.max()
    return target


@pytest.mark.parametrize("dtype", [np.uint8, np.uint16, np.uint32, np.int8, np.int32, np.int64])
@pytest.mark.parametrize("values", [[-3.05, 300.7], [np.nan, 2.5], [1e300, 4.0], [-7.5, -1.25]])
def test_numpy_float_scalars_store_as_numpy_setitem(dtype, values):
    source = np.array(values)
    with np.errstate(all="ignore"):
        expected_kind, expected = outcome(store_numpy_scalar, (np.zeros(3, dtype=dtype), source))
        got_kind, got = outcome(jitted(store_numpy_scalar), (np.zeros(3, dtype=dtype), source))
    assert got_kind == expected_kind, (got, expected)
    if expected_kind == "raised":
        assert type(got) is type(expected)
    else:
        assert_same_arrays(got, expected)


# --------------------------------------------------------------------------------------------------
# A NumPy float32 scalar with a Python number computes in float64, as in Numba (NumPy 2 keeps
# float32 there, NEP 50); arrays with Python numbers keep their dtype in both
# --------------------------------------------------------------------------------------------------


def float32_scalar_arithmetic(a):
    total = a.sum()
    return total / 3, total * 2, total + 0.1, a[0] - 1, 2.5 ** a[1]


def float32_accumulation(a):
    # numbagg's and umap's accumulators: `0.0` is a float64, and so is the sum, in Numba.
    total = 0.0
    for x in a:
        total += x * 0.5
    return total


def test_numpy_float32_scalars_widen_with_python_numbers_as_in_numba():
    a = np.array([1.1, 2.3, 0.7], dtype=np.float32)
    got = jitted(float32_scalar_arithmetic)(a)
    # The model: each float32 operand widened to float64 first, as Numba's typing does.
    total, first, second = float(a.sum()), float(a[0]), float(a[1])
    expected = (total / 3, total * 2, total + 0.1, first - 1, 2.5 ** second)
    for got_item, expected_item in zip(got, expected):
        assert type(got_item) is float and got_item == expected_item, (got, expected)
    values = np.random.default_rng(3).random(1000).astype(np.float32)
    expected_total = 0.0
    for x in values:
        expected_total += float(x) * 0.5
    assert jitted(float32_accumulation)(values) == expected_total


def integer_division_of_elements(a):
    return a[1] // a[0]


def test_numbers_from_arrays_keep_pythons_exceptions():
    # As Numba's default error model: compiled arithmetic on numbers raises where Python would.
    with pytest.raises(ZeroDivisionError):
        jitted(integer_division_of_elements)(np.array([0, 4]))


# --------------------------------------------------------------------------------------------------
# Runtime calls inside long loops take no stack per iteration
# --------------------------------------------------------------------------------------------------


def normalize_rows(x):
    for i in range(x.shape[0]):
        x[i, :] = x[i, :] / x[i, :].mean()


def products_in_a_loop(a, v, steps):
    total = 0.0
    for _ in range(steps):
        total += (a @ v)[0]
    return total


def test_runtime_calls_in_a_million_iterations_do_not_overflow_the_stack():
    # Each call's descriptor was a stack slot made on every iteration: seed 002 at 1M rows crashed.
    code = (
        "import numpy as np\nfrom _compare import jitted\nimport test_regressions as t\n"
        "x = np.arange(3_000_000, dtype=np.float32).reshape(1_000_000, 3) + 1\n"
        "expected = x / x.mean(axis=1, keepdims=True)\n"
        "jitted(t.normalize_rows)(x)\n"
        "np.testing.assert_allclose(x, expected, rtol=1e-6)\n"
        "a, v = np.eye(3), np.arange(1.0, 4.0)\n"
        "print(jitted(t.products_in_a_loop)(a, v, 1_000_000), t.products_in_a_loop(a, v, 1000) * 1000)\n"
    )
    result = run_isolated(code, timeout=120)
    assert result.returncode == 0, describe_returncode(result.returncode) + result.stderr
    got, expected = result.stdout.split()
    assert float(got) == float(expected) == 1e6, result.stdout


# --------------------------------------------------------------------------------------------------
# An array expression assigned before a write into its operand keeps the values it read
# --------------------------------------------------------------------------------------------------


def written_after_use(a):
    c = a + 1.0
    a[0] = 9.0
    d = a * 2.0
    a[1] = -1.0
    return a + c * 3.0 + d


def test_expressions_are_not_fused_across_writes_into_their_operands():
    # `parfor` fused `a + 1.0` into the final sum, which read a[0] after it was written.
    a = np.arange(4.0)
    expected = written_after_use(a.copy())
    np.testing.assert_array_equal(jitted(written_after_use)(a.copy()), expected)


# --------------------------------------------------------------------------------------------------
# A returned call whose own emission calls a prelude helper in a region is not a tail call
# --------------------------------------------------------------------------------------------------


def returns_removal(n):
    items = {1, 2, 3}
    return items.remove(n)


@pytest.mark.parametrize("n", [2, 5])
def test_a_returned_call_with_a_key_error_path(n):
    # `set.remove` calls the prelude's `_key_error` inside the missing-key branch, with the call as
    # its node: taken for `return g(x)`, the function returned values defined inside that branch
    # (the py IR did not parse).
    check(jitted(returns_removal), n)


# --------------------------------------------------------------------------------------------------
# A conditional expression whose test reads the variable it assigns
# --------------------------------------------------------------------------------------------------


def collatz_length(n):
    steps = 0
    while n != 1:
        n = n // 2 if n % 2 == 0 else 3 * n + 1
        steps += 1
    return steps


def test_a_conditional_whose_test_reads_the_assigned_variable_compiles():
    """Whether `n` is a NumPy scalar was asked of `n // 2 if n % 2 == 0 else ...` by typing its test,
    which asked it of `n` again: the compiler's stack overflowed."""
    assert njit(collatz_length)(27) == collatz_length(27)


# --------------------------------------------------------------------------------------------------
# A result of no values whose function raises
# --------------------------------------------------------------------------------------------------


def refuses(x):
    raise NotImplementedError("no")


def pair_of_refusals(a, b):
    return refuses(a), refuses(b)


def test_a_raise_under_a_result_of_nones_reaches_the_caller():
    """A function returning a tuple of Nones returns its status alone, which the call read as the
    first field of a struct: the exception was lost and the call gave (None, None)."""
    check(jitted(pair_of_refusals), 3, 2.5)
