"""``parallel=True`` and ``prange``: loops run on OpenMP threads and give the serial loop's answer
(floats within reduction-order tolerance), including the cases Numba users have reported wrong:
a reduction under an ``if`` and two ``prange`` loops in a row. Thread count control, and what
``prange`` cannot do (break, return) as located errors."""
import os
import subprocess
import sys

import numpy as np
import pytest

import rumba
from rumba import njit, prange


def sum_floats(a):
    s = 0.0
    for i in prange(a.shape[0]):
        s += a[i]
    return s


def conditional_sum(n):
    s = 0
    for i in prange(n):
        if i % 3 == 0:
            s += i
    return s


def two_loops(n):
    a = 0
    for i in prange(n):
        a += i
    b = 0
    for j in prange(n):
        b += j * j
    return a, b


def product_and_difference(n):
    p = 1
    d = 1000
    for i in prange(n):
        if i % 10_000 == 0:  # at most 11 doublings: stays inside int64
            p *= 2
        d -= i
    return p, d


def extremes(a):
    lo = a[0]
    hi = a[0]
    for i in prange(a.shape[0]):
        lo = min(lo, a[i])
        hi = max(hi, a[i])
    return lo, hi


def scale_rows(x, factor):
    for i in prange(x.shape[0]):
        row_total = 0.0
        for j in range(x.shape[1]):
            row_total += x[i, j]
        for j in range(x.shape[1]):
            x[i, j] = x[i, j] * factor / (row_total + 1.0)


def raises_in_iteration(n):
    s = 0
    for i in prange(n):
        if i == 7:
            raise ValueError("iteration seven")
        s += i
    return s


def breaks(n):
    for i in prange(n):
        if i > 2:
            break
    return n


@pytest.mark.parametrize("n", [0, 1, 7, 1000, 100_003])
def test_integer_reductions_match_the_serial_loop(n):
    for function in (conditional_sum, two_loops, product_and_difference):
        parallel = njit(parallel=True)(function)
        assert parallel(n) == function(n)


@pytest.mark.parametrize("size", [1, 17, 1_000_000])
def test_float_sum_within_reduction_order_tolerance(size):
    a = np.random.default_rng(size).random(size)
    parallel = njit(parallel=True)(sum_floats)
    assert parallel(a) == pytest.approx(sum_floats(a), rel=1e-12)


def test_min_max_reductions():
    a = np.random.default_rng(5).standard_normal(100_001)
    parallel = njit(parallel=True)(extremes)
    assert parallel(a) == extremes(a)


def test_private_variables_and_array_writes():
    x = np.random.default_rng(6).random((257, 9))
    expected = x.copy()
    scale_rows(expected, 3.0)
    parallel = njit(parallel=True)(scale_rows)
    parallel(x, 3.0)
    np.testing.assert_allclose(x, expected, rtol=1e-14)


def test_prange_without_parallel_runs_serially():
    serial = njit(conditional_sum)
    assert serial(1000) == conditional_sum(1000)
    assert "scf.parallel" not in serial.inspect_mlir(("int64",), stage="py")
    assert "scf.parallel" in njit(parallel=True)(conditional_sum).inspect_mlir(("int64",), stage="py")


def test_a_raise_in_one_iteration_arrives_after_the_loop():
    parallel = njit(parallel=True)(raises_in_iteration)
    with pytest.raises(ValueError, match="iteration seven"):
        parallel(100)
    assert parallel(5) == raises_in_iteration(5)


def test_break_in_prange_is_a_located_error():
    parallel = njit(parallel=True)(breaks)
    with pytest.raises(rumba.errors.UnsupportedError, match=r"test_parallel\.py:\d+:\d+: error: a prange loop cannot break"):
        parallel(10)


def test_set_and_get_num_threads():
    before = rumba.get_num_threads()
    try:
        rumba.set_num_threads(1)
        assert rumba.get_num_threads() == 1
        parallel = njit(parallel=True)(conditional_sum)
        assert parallel(999) == conditional_sum(999)
    finally:
        rumba.set_num_threads(before)
    with pytest.raises(ValueError):
        rumba.set_num_threads(0)


def threads_set_inside(count):
    before = rumba.get_num_threads()
    rumba.set_num_threads(count)
    return before, rumba.get_num_threads(), rumba.get_thread_id()


def thread_ids(n):
    out = np.empty(n, np.int64)
    for i in prange(n):
        out[i] = rumba.get_thread_id()
    return out


def test_thread_settings_inside_compiled_code():
    # Numba's `set_num_threads`, `get_num_threads` and `get_thread_id` may be called in compiled
    # code; the count set there is the calling thread's, as Python then sees it.
    before = rumba.get_num_threads()
    try:
        assert njit(threads_set_inside)(1) == (before, 1, 0)
        assert rumba.get_num_threads() == 1
        assert (njit(parallel=True)(thread_ids)(100) == 0).all()
        rumba.set_num_threads(before)
        ids = njit(parallel=True)(thread_ids)(10_000)
        assert ids.min() == 0 and ids.max() < before
        with pytest.raises(ValueError, match="the number of threads must be between 1"):
            njit(threads_set_inside)(0)
        with pytest.raises(ValueError, match="the number of threads must be between 1"):
            njit(threads_set_inside)(before + 1000)
    finally:
        rumba.set_num_threads(before)


def test_rumba_num_threads_environment_variable():
    code = "import rumba\n@rumba.njit(parallel=True)\ndef f(n):\n    return n\n"
    environment = dict(os.environ, RUMBA_NUM_THREADS="3")
    # The variable applies when rumba first compiles: compile once, then ask.
    probe = (
        "import os, tempfile, importlib.util, rumba\n"
        "path = os.path.join(tempfile.mkdtemp(), 'probe.py')\n"
        "open(path, 'w').write(%r)\n"
        "spec = importlib.util.spec_from_file_location('probe', path)\n"
        "module = importlib.util.module_from_spec(spec); spec.loader.exec_module(module)\n"
        "module.f(1)\n"
        "print(rumba.get_num_threads())\n" % code
    )
    output = subprocess.run([sys.executable, "-c", probe], env=environment, capture_output=True, text=True, check=True)
    assert output.stdout.strip() == "3"


def array_expressions(a, v):
    return np.sqrt(np.abs(a * v - 1.0)) + a.sum(axis=0).reshape(1, -1) * 2.0, (a @ v).max()


def normalize_rows(x):
    for i in prange(x.shape[0]):
        x[i, :] = x[i, :] / x[i, :].mean()
    return x


def test_array_expressions_under_parallel_match_numpy():
    rng = np.random.default_rng(5)
    a, v = rng.random((300, 40)), rng.random(40)
    got = rumba.njit(parallel=True)(array_expressions)(a, v)
    expected = array_expressions(a, v)
    np.testing.assert_allclose(got[0], expected[0], rtol=1e-12)
    assert got[1] == pytest.approx(expected[1], rel=1e-12)


def test_array_expressions_run_as_parallel_loops():
    parallel = rumba.njit(parallel=True)(array_expressions)
    parallel(np.ones((4, 3)), np.ones(3))
    assert "scf.parallel" in parallel.inspect_mlir(parallel.signatures[0], stage="loops")
    serial = rumba.njit(array_expressions)
    serial(np.ones((4, 3)), np.ones(3))
    assert "scf.parallel" not in serial.inspect_mlir(serial.signatures[0], stage="loops")


def test_array_expressions_in_a_prange_body_stay_serial_inside():
    x = np.random.default_rng(6).random((1000, 3)).astype(np.float32)
    jitted = rumba.njit(parallel=True)(normalize_rows)
    np.testing.assert_allclose(jitted(x.copy()), normalize_rows(x.copy()), rtol=1e-6)
    loops = jitted.inspect_mlir(jitted.signatures[0], stage="loops")
    assert loops.count("scf.parallel") == 1


def column_sums(a):
    totals = np.zeros(a.shape[1])
    for i in prange(a.shape[0]):
        totals += a[i]
    return totals


def signed_complex_updates(a, out):
    for i in prange(a.shape[0]):
        x = a[i] * 2.0
        if i % 3 == 0:
            out -= x
        else:
            out += x * 1j
    return out


def array_and_scalar_reductions(a):
    grid = np.zeros((3, a.shape[1]))
    total = 0.0
    for i in prange(a.shape[0]):
        grid += a[i]
        total += a[i, 0]
    return grid, total


def products_and_quotients(a, out):
    scale = np.ones(a.shape[1], dtype=np.int64)
    for i in prange(a.shape[0]):
        if i % 2 == 0:
            out *= a[i]
        else:
            out /= a[i]
        scale *= 1 + i % 3
    return out, scale


def reads_its_reduction(a):
    totals = np.zeros(a.shape[1])
    for i in prange(a.shape[0]):
        totals += a[i] * totals[0]
    return totals


def rebinds_in_prange(a):
    totals = np.zeros(a.shape[1])
    for i in prange(a.shape[0]):
        totals = totals + a[i]
    return totals


@pytest.mark.parametrize("threads", [1, 2])
def test_arrays_updated_in_place_are_reductions(threads):
    # Numba's array reductions: each thread adds into its own copy, added into the array after.
    a = np.random.default_rng(7).random((1001, 5))
    before = rumba.get_num_threads()
    try:
        rumba.set_num_threads(min(threads, before))
        np.testing.assert_allclose(njit(parallel=True)(column_sums)(a), column_sums(a), rtol=1e-12)
        out = np.full(5, 1.0 + 2.0j)
        expected = signed_complex_updates(a, out.copy())
        got = njit(parallel=True)(signed_complex_updates)(a, out)
        np.testing.assert_allclose(got, expected, rtol=1e-12)
        np.testing.assert_allclose(out, expected, rtol=1e-12)
        grid, total = njit(parallel=True)(array_and_scalar_reductions)(a)
        expected_grid, expected_total = array_and_scalar_reductions(a)
        np.testing.assert_allclose(grid, expected_grid, rtol=1e-12)
        assert total == pytest.approx(expected_total, rel=1e-12)
        # `*=` and `/=`: each thread's copy starts from one, and the copies multiply into the array.
        factors = 1.0 + a[:40] / 8.0
        out = np.full(5, 3.0)
        (got, got_scale), (expected, expected_scale) = njit(parallel=True)(products_and_quotients)(factors, out), products_and_quotients(factors, np.full(5, 3.0))
        np.testing.assert_allclose(got, expected, rtol=1e-12)
        np.testing.assert_allclose(out, expected, rtol=1e-12)
        np.testing.assert_array_equal(got_scale, expected_scale)
    finally:
        rumba.set_num_threads(before)


def test_an_array_reduction_read_or_rebound_in_the_body_is_a_located_error():
    a = np.ones((4, 3))
    with pytest.raises(rumba.errors.UnsupportedError, match=r"test_parallel\.py:\d+:9: error: a prange loop cannot reassign the array 'totals'"):
        njit(parallel=True)(reads_its_reduction)(a)
    with pytest.raises(rumba.errors.UnsupportedError, match=r"test_parallel\.py:\d+:9: error: a prange loop cannot reassign the array 'totals'"):
        njit(parallel=True)(rebinds_in_prange)(a)


@njit
def make_mask(n):
    return np.ones((n, n), dtype=np.bool_)


def pairwise_with_private_mask(x, remake):
    # aeon's pairwise distances: a work array made before the loop, made again per pair.
    n = x.shape[0]
    out = np.zeros((n, n))
    mask = make_mask(x.shape[1])
    for i in prange(n):
        for j in range(i + 1, n):
            if remake:
                mask = make_mask(x.shape[1])
            out[i, j] = np.sum(np.abs(x[i] - x[j])) * mask[0, 0]
            out[j, i] = out[i, j]
    return out


def rebinds_per_iteration(x):
    totals = np.zeros(x.shape[0])
    row = np.ones(x.shape[1])
    for i in prange(x.shape[0]):
        row = x[i] * 2.0
        if i % 2 == 0:
            row = row + 1.0
        totals[i] = row.sum()
    return totals


def rebinds_and_reads_after(x):
    row = np.ones(x.shape[1])
    for i in prange(x.shape[0]):
        row = x[i] * 2.0
    return row


def reads_before_then_rebinds(a):
    # spikeinterface: a serial loop reads the name, a later prange body rebinds it per iteration.
    total = 0.0
    for k in range(a.shape[0]):
        row = a[k]
        total += row.sum()
    out = np.zeros(a.shape[0])
    for i in prange(a.shape[0]):
        row = a[i] * 2.0
        out[i] = row.sum() + total
    return out


def rebinds_in_a_loop_that_reads_it(a):
    row = np.zeros(a.shape[1])
    total = 0.0
    for repeat in range(2):
        total += row.sum()
        for i in prange(a.shape[0]):
            row = a[i] * 2.0
    return total


def test_an_array_rebound_in_a_prange_body_is_private_to_each_iteration():
    x = np.random.default_rng(5).random((30, 7))
    expected = pairwise_with_private_mask(x, True)
    for remake in (True, False):
        np.testing.assert_allclose(njit(parallel=True)(pairwise_with_private_mask)(x, remake), expected, rtol=1e-12)
    np.testing.assert_allclose(njit(parallel=True)(rebinds_per_iteration)(x), rebinds_per_iteration(x), rtol=1e-12)
    with pytest.raises(rumba.errors.UnsupportedError, match=r"test_parallel\.py:\d+:9: error: a prange loop cannot reassign the array 'row' that is read after it"):
        njit(parallel=True)(rebinds_and_reads_after)(x)
    np.testing.assert_allclose(njit(parallel=True)(reads_before_then_rebinds)(x), reads_before_then_rebinds(x), rtol=1e-12)
    with pytest.raises(rumba.errors.UnsupportedError, match=r"test_parallel\.py:\d+:13: error: a prange loop cannot reassign the array 'row' that is read after it"):
        njit(parallel=True)(rebinds_in_a_loop_that_reads_it)(x)


def look_up_in_prange(keys):
    table = {0: 0.5}
    table[3] = 1.5
    out = np.zeros(keys.size)
    for k in prange(keys.size):
        out[k] = table[keys[k]]
    return out


def test_a_missing_key_in_a_prange_body_raises_key_error():
    np.testing.assert_array_equal(njit(parallel=True)(look_up_in_prange)(np.array([0, 3, 3, 0])), look_up_in_prange(np.array([0, 3, 3, 0])))
    with pytest.raises(KeyError):
        njit(parallel=True)(look_up_in_prange)(np.array([0, 3, -2, 0]))


def share_of_values_above(x, thresholds):
    # aeon's MiniRocket: an array per iteration, then the mean of comparisons with it.
    out = np.zeros((x.shape[0], thresholds.size))
    for i in prange(x.shape[0]):
        summed = x[i][0] + x[i][1]
        for f in range(thresholds.size):
            out[i, f] = (summed > thresholds[f]).mean()
    return out


def test_reductions_inside_prange_bodies_accumulate_per_iteration():
    # Their accumulator was one stack slot of the function, which the threads shared.
    rng = np.random.default_rng(0)
    x, thresholds = rng.standard_normal((8, 3, 50)), rng.standard_normal(20)
    expected = share_of_values_above(x, thresholds)
    compiled = njit(parallel=True)(share_of_values_above)
    for _ in range(20):
        np.testing.assert_array_equal(compiled(x, thresholds), expected)


def lists_and_dicts_per_iteration(x):
    # Each iteration builds its own containers; one holds rows of x (views of a shared array).
    out = np.zeros(x.shape[0])
    for i in prange(x.shape[0]):
        above = [v for v in x[i] if v > 0.0]
        counts = {}
        for v in x[i]:
            key = int(v * 4.0)
            counts[key] = counts.get(key, 0) + 1
        seen = set()
        for v in above:
            seen.add(int(v * 10.0))
        rows = [x[i], x[(i + 1) % x.shape[0]]]
        out[i] = sum(above) + len(counts) * 100.0 + len(seen) * 1000.0 + rows[1][0]
    return out


def helper_building_a_list(k):
    return [j * j for j in range(k)]


def calls_a_helper_that_builds_lists(n):
    out = np.zeros(n)
    for i in prange(n):
        out[i] = sum(helper_building_a_list(i % 50))
    return out


def appends_to_an_alias_of_a_shared_list(n, shared):
    for i in prange(n):
        alias = shared
        alias.append(i)
    return shared


def sets_a_shared_dict_entry(n):
    table = {0: 0}
    for i in prange(n):
        table[i] = i
    return table


def reads_a_per_iteration_list_after_the_loop(n):
    for i in prange(n):
        items = [i]
    return items


def test_each_iteration_builds_its_own_lists_dicts_and_sets():
    x = np.random.default_rng(3).standard_normal((200, 40))
    expected = lists_and_dicts_per_iteration(x)
    compiled = njit(parallel=True)(lists_and_dicts_per_iteration)
    for _ in range(5):
        np.testing.assert_allclose(compiled(x), expected, rtol=1e-12)
    np.testing.assert_array_equal(njit(parallel=True)(calls_a_helper_that_builds_lists)(300), calls_a_helper_that_builds_lists(300))


@pytest.mark.skipif(not os.path.exists("/proc/self/statm"), reason="reads RSS from /proc/self/statm")
def test_containers_made_by_prange_iterations_are_freed_when_each_ends():
    from _compare import MB, rss_after

    x = np.random.default_rng(4).standard_normal((64, 32))
    compiled = njit(parallel=True)(lists_and_dicts_per_iteration)
    helper_calls = njit(parallel=True)(calls_a_helper_that_builds_lists)
    # Each call makes 64 lists, dicts and sets on the worker threads, which no call releases.
    before, after = rss_after(lambda: (compiled(x), helper_calls(64)), 20_000)
    assert after - before < max(0.05 * before, 4 * MB), "RSS grew from %d to %d bytes" % (before, after)


def test_changing_a_container_the_iterations_share_is_a_located_error():
    with pytest.raises(rumba.errors.UnsupportedError, match=r"test_parallel\.py:\d+:9: error: a prange loop cannot change 'alias', which its iterations share"):
        njit(parallel=True)(appends_to_an_alias_of_a_shared_list)(4, [0])
    with pytest.raises(rumba.errors.UnsupportedError, match=r"test_parallel\.py:\d+:9: error: a prange loop cannot change 'table', which its iterations share"):
        njit(parallel=True)(sets_a_shared_dict_entry)(4)
    with pytest.raises(rumba.errors.UnsupportedError, match=r"test_parallel\.py:\d+:9: error: 'items' is made by each iteration of this prange loop and read after it"):
        njit(parallel=True)(reads_a_per_iteration_list_after_the_loop)(4)


def assigned_unless_skipped(a):
    # A branch that continues or raises reads nothing after it: `v` is assigned on every path
    # that reaches its read.
    out = np.zeros(a.shape[0])
    for i in prange(a.shape[0]):
        if a[i] < 0:
            continue
        elif a[i] > 100:
            raise ValueError("too large")
        else:
            v = a[i] * 2
        out[i] = v
    return out


def read_where_a_branch_skips_the_assignment(a):
    out = np.zeros(a.shape[0])
    v = 0.0
    for i in prange(a.shape[0]):
        if a[i] >= 0:
            v = a[i] * 2
        out[i] = v
    return out


def test_branches_that_continue_or_raise_leave_nothing_unassigned():
    a = np.arange(-3.0, 9.0)
    np.testing.assert_array_equal(njit(parallel=True)(assigned_unless_skipped)(a), assigned_unless_skipped(a))
    with pytest.raises(ValueError, match="too large"):
        njit(parallel=True)(assigned_unless_skipped)(np.array([1.0, 200.0]))
    with pytest.raises(rumba.errors.UnsupportedError, match=r"test_parallel\.py:\d+:18: error: 'v' is read in this prange loop before the iteration assigns it"):
        njit(parallel=True)(read_where_a_branch_skips_the_assignment)(a)


def doubled_by_pndindex(a):
    out = np.zeros(a.shape)
    for y, x in rumba.pndindex(a.shape):
        out[y, x] = a[y, x] * 2 + y
    return out


def counted_by_pndindex(n, m):
    total = 0
    for index in rumba.pndindex(n, m):
        total += index[0] * m + index[1]
    return total


def test_pndindex_walks_the_indices_in_a_prange():
    a = np.arange(12.0).reshape(3, 4)
    parallel = njit(parallel=True)(doubled_by_pndindex)
    np.testing.assert_array_equal(parallel(a), doubled_by_pndindex(a))
    assert "scf.parallel" in parallel.inspect_mlir(parallel.signatures[0], stage="py")
    assert njit(parallel=True)(counted_by_pndindex)(5, 7) == counted_by_pndindex(5, 7)
    # Without parallel=True it is np.ndindex.
    np.testing.assert_array_equal(njit(doubled_by_pndindex)(a), doubled_by_pndindex(a))


def box_rows(src, r):
    # pymatting's boxfilter: each row's running sum starts in a loop that runs once.
    m, n = src.shape
    dst = np.zeros((m, n - 2 * r))
    for i in prange(m):
        for j_dst in range(1):
            s = 0.0
            for j_src in range(j_dst, j_dst + 2 * r + 1):
                s += src[i, j_src]
            dst[i, j_dst] = s
        for j_dst in range(1, dst.shape[1]):
            s -= src[i, j_dst - 1]
            s += src[i, j_dst + 2 * r]
            dst[i, j_dst] = s
    return dst


def test_a_variable_assigned_by_a_loop_that_runs_once_is_the_iterations_own():
    src = np.random.default_rng(5).random((7, 12))
    np.testing.assert_allclose(njit(parallel=True)(box_rows)(src, 2), box_rows(src, 2), rtol=1e-12)
