"""Memory: arrays made by compiled code are freed with their last reference, calls do not leak, and
arrays passed in are used in place (not copied).

Covered: calling a function that returns a 1M-element float64 array 200 times keeps the process's
resident set flat (read from ``/proc/self/statm``, with generous slack); so do many calls that take
large arrays, return scalars or tuples, or raise; writes through arrays passed in (1M elements, C,
F and strided views) are visible to the caller, and compiled code sees the caller's writes made
between calls.
"""

import gc
import os

import numpy as np
import pytest

from _compare import assert_same_value, check, jitted

MB = 1024 * 1024
SLACK = 50 * MB

pytestmark = pytest.mark.skipif(not os.path.exists("/proc/self/statm"), reason="reads RSS from /proc/self/statm")

# --------------------------------------------------------------------------------------------------
# Functions under test (top level and undecorated).
# --------------------------------------------------------------------------------------------------


def make_ramp(n):
    a = np.empty(n)
    for i in range(n):
        a[i] = i * 0.5
    return a


def make_zeros(n):
    return np.zeros(n)


def make_grid(m, n):
    a = np.ones((m, n), dtype=np.float32)
    a[m - 1, n - 1] = 2.0
    return a


def total(a):
    s = 0.0
    for i in range(a.size):
        s += a[i]
    return s


def stats(a, scale):
    lo = a[0]
    hi = a[0]
    for i in range(a.size):
        if a[i] < lo:
            lo = a[i]
        if a[i] > hi:
            hi = a[i]
    return lo * scale, hi * scale, a.size


def fail_if_negative(x):
    if x < 0:
        raise ValueError("negative")
    return x + 1


def scale_in_place(a, factor):
    for i in range(a.size):
        a[i] = a[i] * factor


def bump_2d(a):
    m, n = a.shape
    for i in range(m):
        for j in range(n):
            a[i, j] += i - j


def read_at(a, i):
    return a[i]


# --------------------------------------------------------------------------------------------------
# Helpers
# --------------------------------------------------------------------------------------------------


def rss_bytes():
    with open("/proc/self/statm") as statm:
        resident_pages = int(statm.read().split()[1])
    return resident_pages * os.sysconf("SC_PAGE_SIZE")


def rss_growth(action, repeats, warmup=5):
    """RSS after ``repeats`` calls of ``action`` minus RSS after ``warmup`` calls."""
    for _ in range(warmup):
        action()
    gc.collect()
    before = rss_bytes()
    for _ in range(repeats):
        action()
    gc.collect()
    return rss_bytes() - before


# --------------------------------------------------------------------------------------------------
# Arrays returned by compiled code are freed
# --------------------------------------------------------------------------------------------------


def test_returned_array_matches_cpython():
    n = 1_000_000
    got = jitted(make_ramp)(n)
    expected = make_ramp(n)
    assert got.dtype == expected.dtype and got.shape == expected.shape
    np.testing.assert_array_equal(got, expected, strict=True)


def test_returning_1m_element_arrays_keeps_rss_flat():
    d = jitted(make_ramp)
    n = 1_000_000  # 8 MB each: 200 calls would hold 1.6 GB if none were freed

    def call():
        a = d(n)
        assert a.shape == (n,)
        del a

    growth = rss_growth(call, 200)
    assert growth < SLACK, "RSS grew by %.1f MB over 200 calls" % (growth / MB)


def test_returned_arrays_freed_when_views_die():
    d = jitted(make_zeros)
    n = 1_000_000

    def call():
        view = d(n)[::2]  # the view holds the base, which holds the memory
        view[0] = 1.0
        del view

    growth = rss_growth(call, 200)
    assert growth < SLACK, "RSS grew by %.1f MB over 200 calls" % (growth / MB)


def test_returning_2d_arrays_keeps_rss_flat():
    d = jitted(make_grid)
    expected = make_grid(1000, 1000)
    np.testing.assert_array_equal(d(1000, 1000), expected, strict=True)
    growth = rss_growth(lambda: d(1000, 1000), 200)
    assert growth < SLACK, "RSS grew by %.1f MB over 200 calls" % (growth / MB)


# --------------------------------------------------------------------------------------------------
# Calls do not leak
# --------------------------------------------------------------------------------------------------


def test_passing_large_arrays_keeps_rss_flat():
    big = np.random.default_rng(0).random(2_000_000)  # 16 MB: a copy per call would show
    check(jitted(total), big[:1000], exact_types=False)
    d = jitted(total)
    growth = rss_growth(lambda: d(big), 200)
    assert growth < SLACK, "RSS grew by %.1f MB over 200 calls" % (growth / MB)


def test_scalar_and_tuple_results_keep_rss_flat():
    a = np.arange(1000, dtype=np.float64)
    d = jitted(stats)
    assert_same_value(d(a, 2.5), stats(a, 2.5), exact_types=False)

    def calls():
        for _ in range(1000):
            d(a, 2.5)

    growth = rss_growth(calls, 100, warmup=2)
    assert growth < SLACK, "RSS grew by %.1f MB over 100000 calls" % (growth / MB)


def test_raising_calls_keep_rss_flat():
    d = jitted(fail_if_negative)
    check(d, -1)
    check(d, 1)

    def calls():
        for _ in range(1000):
            try:
                d(-1)
            except ValueError:
                pass

    growth = rss_growth(calls, 50, warmup=2)
    assert growth < SLACK, "RSS grew by %.1f MB over 50000 raising calls" % (growth / MB)


# --------------------------------------------------------------------------------------------------
# Arrays passed in are not copied
# --------------------------------------------------------------------------------------------------


def test_writes_through_1m_element_array():
    a = np.arange(1_000_000, dtype=np.float64)
    expected = a.copy()
    scale_in_place(expected, 3.0)
    jitted(scale_in_place)(a, 3.0)
    np.testing.assert_array_equal(a, expected, strict=True)


@pytest.mark.parametrize("layout", ["C", "F", "strided", "reversed"])
def test_writes_through_2d_views(layout):
    base = np.arange(600 * 400, dtype=np.float64).reshape(600, 400)
    if layout == "F":
        base = np.asfortranarray(base)
    expected_base = base.copy(order="K")

    def view_of(array):
        return {"C": array, "F": array, "strided": array[1::3, ::7], "reversed": array[::-1, ::-2]}[layout]

    bump_2d(view_of(expected_base))
    jitted(bump_2d)(view_of(base))
    np.testing.assert_array_equal(base, expected_base, strict=True)


def test_compiled_code_sees_callers_writes_between_calls():
    a = np.zeros(1_000_000)
    d = jitted(read_at)
    for index, value in [(0, 1.5), (999_999, -2.0), (500_000, 7.25)]:
        a[index] = value
        assert_same_value(d(a, index), read_at(a, index), exact_types=False)
    view = a[::1000]
    a[5000] = 42.0
    assert_same_value(d(view, 5), read_at(view, 5), exact_types=False)


# --------------------------------------------------------------------------------------------------
# Temporary arrays are freed inside compiled code
# --------------------------------------------------------------------------------------------------


def temporary_at_top_level(a):
    t = a * 2.0
    return t.sum()


def temporaries_in_a_loop(a, rows):
    total = 0.0
    for i in range(rows):
        row = np.zeros(a.shape[0] // rows) + a[i]
        total += row.mean()
    return total


def temporary_before_a_raise(a, limit):
    t = a + 1.0
    if t.sum() > limit:
        raise ValueError("too large")
    return t.max()


def view_of_a_temporary(a):
    t = a * 3.0
    return t[1:]


@pytest.mark.parametrize(
    "function,arguments",
    [(temporary_at_top_level, ()), (temporaries_in_a_loop, (8,)), (temporary_before_a_raise, (1e300,))],
    ids=["top level", "loop", "before a raise"],
)
def test_temporaries_keep_rss_flat(function, arguments):
    a = np.ones(1_000_000)  # 8 MB a temporary: 200 calls would hold 1.6 GB if none were freed
    d = jitted(function)
    assert d(a, *arguments) == function(a, *arguments)
    growth = rss_growth(lambda: d(a, *arguments), 200)
    assert growth < SLACK, "RSS grew by %.1f MB over 200 calls" % (growth / MB)


def test_a_returned_view_keeps_its_temporary_alive():
    a = np.arange(10.0)
    got = jitted(view_of_a_temporary)(a)
    gc.collect()
    np.testing.assert_array_equal(got, view_of_a_temporary(a))


def swapping(a, sweeps):
    u = a.copy()
    new = a.copy()
    for sweep in range(sweeps):
        new[0] = u[0] + 1.0
        u, new = new, u
    return u


def test_arrays_swapped_by_a_loop_keep_rss_flat():
    a = np.ones(1_000_000)  # two 8 MB copies a call: 200 calls would hold 1.6 GB if the other leaked
    d = jitted(swapping)
    np.testing.assert_array_equal(d(a, 3), swapping(a, 3))
    growth = rss_growth(lambda: d(a, 3), 200)
    assert growth < SLACK, "RSS grew by %.1f MB over 200 calls" % (growth / MB)


def picks_large_arrays_from_a_tuple(n, position):
    arrays = (np.ones(n), np.zeros(n), np.full(n, 2.0))
    total = 0.0
    for values in arrays:
        total += values[0]
    return total + arrays[position][1]


def test_arrays_picked_from_a_tuple_at_run_time_are_freed():
    d = jitted(picks_large_arrays_from_a_tuple)
    assert d(100_000, 2) == picks_large_arrays_from_a_tuple(100_000, 2)
    growth = rss_growth(lambda: d(100_000, 1), 200)
    assert growth < SLACK, "RSS grew by %.1f MB over 200 calls" % (growth / MB)
