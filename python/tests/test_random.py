"""Random numbers in compiled code: random.random(), random.uniform(a, b), random.seed(n) and their
np.random forms. Compiled code has its own generator per thread (as Numba's), so results are
compared with CPython statistically, and seeded runs with each other."""
import random

import numpy as np
import pytest

import rumba
from rumba import njit, prange


def monte_carlo_pi(nsamples):
    acc = 0
    for i in range(nsamples):
        x = random.random()
        y = random.random()
        if (x ** 2 + y ** 2) < 1.0:
            acc += 1
    return 4.0 * acc / nsamples


def parallel_pi(nsamples):
    acc = 0
    for i in prange(nsamples):
        x = np.random.random()
        y = np.random.rand()
        if x * x + y * y < 1.0:
            acc += 1
    return 4.0 * acc / nsamples


def draws(n, low, high):
    out = np.empty(n)
    uniform = np.empty(n)
    for i in range(n):
        out[i] = random.random()
        uniform[i] = random.uniform(low, high)
    return out, uniform


def seeded(seed, n):
    random.seed(seed)
    out = np.empty(n)
    for i in range(n):
        out[i] = random.random()
    np.random.seed(seed)
    return out, np.random.random()


def test_seed_monte_carlo_pi_agrees_with_cpython():
    expected = monte_carlo_pi(200_000)
    got = njit(monte_carlo_pi)(1_000_000)
    assert abs(got - np.pi) < 0.01 and abs(expected - np.pi) < 0.02


def test_prange_draws_on_every_thread():
    assert abs(njit(parallel=True)(parallel_pi)(1_000_000) - np.pi) < 0.01


def test_draws_are_uniform_in_their_interval():
    values, uniform = njit(draws)(100_000, -2.0, 3.0)
    reference, reference_uniform = draws(100_000, -2.0, 3.0)
    assert values.min() >= 0.0 and values.max() < 1.0
    assert uniform.min() >= -2.0 and uniform.max() < 3.0
    for got, expected in ((values, reference), (uniform, reference_uniform)):
        assert got.mean() == pytest.approx(expected.mean(), abs=0.03)
        assert got.std() == pytest.approx(expected.std(), abs=0.03)


def test_seed_makes_draws_repeat():
    jitted = njit(seeded)
    first, first_np = jitted(42, 5)
    again, again_np = jitted(42, 5)
    other, _ = jitted(43, 5)
    np.testing.assert_array_equal(first, again)
    assert first_np == again_np == first[0]
    assert not np.array_equal(first, other)


def wrong_seed(x):
    random.seed(x)


def test_a_float_seed_is_a_located_typing_error():
    with pytest.raises(rumba.errors.TypingError, match="random.seed"):
        njit(wrong_seed)(1.5)
