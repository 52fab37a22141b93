"""Threads: one dispatcher called from many threads at once.

Covered: 8 threads calling a warmed-up dispatcher concurrently get the same results as CPython
(``.py_func``) computes serially, for scalar and in-place array functions; 8 threads racing the first
(compiling) call of a fresh dispatcher all get correct results and exactly one specialisation is
compiled per type combination; compiled code releases the GIL: another thread keeps running Python
code while a long compiled loop runs, and (with at least 2 CPUs) two threads running the loop
overlap in wall time.
"""

import hashlib
import os
import threading
import time
from concurrent.futures import ThreadPoolExecutor

import numpy as np
import pytest

import rumba
from _compare import assert_same_value, jitted

THREADS = 8

# --------------------------------------------------------------------------------------------------
# Functions under test (top level and undecorated).
# --------------------------------------------------------------------------------------------------


def collatz_total(n):
    total = 0
    for k in range(1, n + 1):
        m = k
        while m != 1:
            if m % 2 == 0:
                m = m // 2
            else:
                m = 3 * m + 1
            total += 1
    return total


def mix(a, b):
    x = a * 2654435761 % 4294967296
    y = (b + 0.5) / 3.0
    return x + int(y), y * y


def fill_rows(a, seed):
    m, n = a.shape
    for i in range(m):
        for j in range(n):
            a[i, j] = (seed * 31 + i * 7 + j) % 1000


def spin(n):
    s = 0
    i = 0
    while i < n:
        s = (s * 31 + i) % 1000003
        i += 1
    return s


# --------------------------------------------------------------------------------------------------
# Helpers
# --------------------------------------------------------------------------------------------------


def run_in_threads(count, target):
    """Start ``count`` threads on ``target(index)`` released together by a barrier; return their
    results in index order, re-raising the first exception."""
    barrier = threading.Barrier(count)
    results = [None] * count
    failures = []

    def body(index):
        try:
            barrier.wait()
            results[index] = target(index)
        except BaseException as error:  # noqa: BLE001 - reported to the test below
            failures.append(error)

    threads = [threading.Thread(target=body, args=(index,)) for index in range(count)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=300)
        assert not thread.is_alive(), "a thread did not finish"
    if failures:
        raise failures[0]
    return results


# --------------------------------------------------------------------------------------------------
# Concurrent calls
# --------------------------------------------------------------------------------------------------


def test_concurrent_calls_match_serial_cpython():
    d = jitted(collatz_total)
    d(1)  # warm-up: compiled before the threads start
    inputs = [[(t * 37 + k * 11) % 300 for k in range(25)] for t in range(THREADS)]
    expected = [[collatz_total(n) for n in chunk] for chunk in inputs]
    got = run_in_threads(THREADS, lambda index: [d(n) for n in inputs[index]])
    for got_chunk, expected_chunk in zip(got, expected):
        for g, e in zip(got_chunk, expected_chunk):
            assert_same_value(g, e)
    assert d.signatures == [("int64",)]


def test_concurrent_calls_mixed_types():
    d = jitted(mix)
    d(1, 2.0)
    d(1, 2)
    cases = [[(t * 1000 + k, (k * 0.25 if k % 2 else k)) for k in range(200)] for t in range(THREADS)]
    got = run_in_threads(THREADS, lambda index: [d(a, b) for a, b in cases[index]])
    for got_chunk, case_chunk in zip(got, cases):
        for g, (a, b) in zip(got_chunk, case_chunk):
            assert_same_value(g, mix(a, b))


def test_concurrent_in_place_array_writes():
    d = jitted(fill_rows)
    d(np.zeros((2, 2)), 0)
    arrays = [np.zeros((50, 40)) if t % 2 else np.asfortranarray(np.zeros((50, 40))) for t in range(THREADS)]

    def target(index):
        for repeat in range(20):
            d(arrays[index], index + repeat)
        return None

    run_in_threads(THREADS, target)
    for index, array in enumerate(arrays):
        expected = np.zeros((50, 40))
        fill_rows(expected, index + 19)
        np.testing.assert_array_equal(array, expected, strict=True)


@pytest.mark.parametrize("attempt", range(5))
def test_racing_first_call_compiles_once(attempt):
    d = rumba.jit(collatz_total)  # fresh: nothing compiled yet
    assert d.signatures == []
    inputs = [attempt * 10 + index for index in range(THREADS)]
    got = run_in_threads(THREADS, lambda index: d(inputs[index]))
    for g, n in zip(got, inputs):
        assert_same_value(g, collatz_total(n))
    assert len(d.signatures) == 1
    assert d.signatures == [("int64",)]


def test_racing_first_calls_with_two_type_combinations():
    d = rumba.jit(mix)
    args = [(index, 1.5) if index % 2 else (index, 3) for index in range(THREADS)]
    got = run_in_threads(THREADS, lambda index: d(*args[index]))
    for g, (a, b) in zip(got, args):
        assert_same_value(g, mix(a, b))
    assert sorted(d.signatures) == [("int64", "float64"), ("int64", "int64")]


def test_thread_pool_many_small_calls():
    d = jitted(mix)
    with ThreadPoolExecutor(max_workers=THREADS) as pool:
        got = list(pool.map(lambda k: d(k, k * 0.5), range(2000)))
    for k, g in enumerate(got):
        assert_same_value(g, mix(k, k * 0.5))


# --------------------------------------------------------------------------------------------------
# The GIL is released while compiled code runs
# --------------------------------------------------------------------------------------------------


def calibrated_spin_count(d, seconds):
    """A loop count for which ``d(n)`` takes about ``seconds`` on this machine."""
    n = 1 << 20
    while True:
        start = time.perf_counter()
        d(n)
        elapsed = time.perf_counter() - start
        if elapsed >= seconds / 4 or n >= 1 << 36:
            return int(n * seconds / max(elapsed, 1e-6))
        n *= 4


def test_compiled_loop_lets_other_python_threads_run():
    d = jitted(spin)
    n = calibrated_spin_count(d, 0.5)
    window = {}

    def worker():
        window["start"] = time.perf_counter()
        window["result"] = d(n)
        window["end"] = time.perf_counter()

    thread = threading.Thread(target=worker)
    stamps = []
    last = time.perf_counter()
    thread.start()
    while thread.is_alive():
        now = time.perf_counter()
        if now - last >= 0.001:
            stamps.append(now)
            last = now
    thread.join()
    start, end = window["start"], window["end"]
    inside = [stamp for stamp in stamps if start < stamp < end]
    # Were the GIL held for the whole call, this thread could not run a single bytecode in between.
    # Released, it ticks about once a millisecond (less when it shares one CPU with the worker).
    assert len(inside) >= 0.02 * (end - start) * 1000, (
        "the main thread ran %d times during a %.3f s compiled call" % (len(inside), end - start))


def test_spin_matches_cpython():
    check_n = [0, 1, 10, 12345, 200000]
    for n in check_n:
        assert_same_value(jitted(spin)(n), spin(n))


def wall_time_ratio(work):
    """Wall time of ``work()`` in 2 threads at once over its time in 1 thread."""
    start = time.perf_counter()
    work()
    single = time.perf_counter() - start
    start = time.perf_counter()
    run_in_threads(2, lambda index: work())
    return (time.perf_counter() - start) / single


def calibrated_hashing(seconds):
    """A function hashing for about ``seconds``: hashlib releases the GIL on large buffers, so this
    is the reference for how much two threads can overlap on this machine right now."""
    blob = os.urandom(8 * 1024 * 1024)

    def hash_times(count):
        digest = hashlib.sha256()
        for _ in range(count):
            digest.update(blob)
        return digest.hexdigest()

    start = time.perf_counter()
    hash_times(2)
    per_update = (time.perf_counter() - start) / 2
    count = max(1, int(seconds / per_update))
    return lambda: hash_times(count)


@pytest.mark.skipif((os.cpu_count() or 1) < 2, reason="needs at least 2 CPUs to overlap")
def test_two_threads_overlap_in_wall_time():
    d = jitted(spin)
    n = calibrated_spin_count(d, 0.5)
    reference_work = calibrated_hashing(0.5)
    samples = []
    for _ in range(5):
        reference = wall_time_ratio(reference_work)
        ratio = wall_time_ratio(lambda: d(n))
        samples.append((reference, ratio))
        # Only a sample taken while the machine had a spare CPU (the GIL-free reference overlapped)
        # says anything; serialised by the GIL two calls take about 2x one call, overlapped about 1x.
        if reference < 1.5 and ratio < 1.6:
            return
    with_capacity = [ratio for reference, ratio in samples if reference < 1.5]
    if not with_capacity:
        pytest.skip("no spare CPU right now: GIL-free reference ratios %s" % ["%.2f" % r for r, _ in samples])
    raise AssertionError(
        "two threads running compiled code took %s the time of one while GIL-free hashing took %s"
        % (["%.2fx" % r for _, r in samples], ["%.2fx" % r for r, _ in samples])
    )
