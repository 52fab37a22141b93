"""Random numbers in compiled code: Python's random.random(), random.uniform(a, b), random.seed(n),
and NumPy's legacy np.random functions. Compiled code has its own generators per thread (as
Numba's); unseeded draws are compared with CPython statistically, seeded ones with CPython's and
NumPy's own sequences, value for value."""
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
    assert first_np == again_np
    assert not np.array_equal(first, other)


def python_seeded(seed):
    random.seed(seed)
    return random.random(), random.random(), random.uniform(-3.0, 5.0), random.random()


@pytest.mark.parametrize("seed", [0, 1, 42, -5, 2**32 - 1, 2**40 + 3])
def test_seeded_python_draws_are_cpythons(seed):
    # random.seed(n) seeds as CPython (the words of |n|), and both stream as MT19937.
    assert njit(python_seeded)(seed) == python_seeded(seed)


def numpy_scalars(seed):
    np.random.seed(seed)
    return (np.random.random(), np.random.rand(), np.random.randn(), np.random.standard_normal(),
            np.random.normal(2.0, 3.0), np.random.normal(), np.random.uniform(-1.0, 4.0), np.random.uniform(),
            np.random.randint(0, 10), np.random.randint(5), np.random.randint(-2**40, 2**40),
            np.random.exponential(2.0), np.random.standard_exponential(), np.random.random_sample(),
            np.random.ranf(), np.random.sample())


def numpy_arrays(seed):
    np.random.seed(seed)
    return (np.random.random(5), np.random.ranf(2), np.random.sample((2, 2)), np.random.rand(2, 3), np.random.randn(4), np.random.randn(2, 2, 2),
            np.random.normal(1.0, 2.0, (2, 2)), np.random.standard_normal(3), np.random.uniform(0.0, 1.0, 3),
            np.random.randint(0, 100, size=6), np.random.randint(7, size=(2, 3)), np.random.exponential(1.0, 4),
            np.random.choice(np.arange(10.0), 4), np.random.choice(np.arange(3)), np.random.choice(5, (2, 2)),
            np.random.permutation(7), np.random.permutation(np.arange(5.0)))


def numpy_shuffle(seed, a):
    np.random.seed(seed)
    np.random.shuffle(a)
    return a


@pytest.mark.parametrize("seed", [0, 7, 42, 2**32 - 1])
@pytest.mark.parametrize("function", [numpy_scalars, numpy_arrays])
def test_seeded_numpy_draws_are_numpys(function, seed):
    # np.random.seed(n) seeds NumPy's legacy MT19937, and every function draws as RandomState does:
    # doubles from 53 bits, the polar Gaussian with its kept second value, masked bounded integers.
    got = njit(function)(seed)
    expected = function(seed)
    assert len(got) == len(expected)
    for got_value, expected_value in zip(got, expected):
        assert np.asarray(got_value).dtype == np.asarray(expected_value).dtype
        np.testing.assert_array_equal(got_value, expected_value)


def test_seeded_shuffle_is_numpys():
    got, expected = np.arange(20.0), np.arange(20.0)
    njit(numpy_shuffle)(3, got)
    numpy_shuffle(3, expected)
    np.testing.assert_array_equal(got, expected)


def numpy_bad_calls(which):
    if which == 0:
        np.random.seed(-1)
    elif which == 1:
        return np.random.randint(3, 3)
    elif which == 2:
        return np.random.normal(0.0, -1.0)
    return 0


@pytest.mark.parametrize("which", [0, 1, 2])
def test_bad_random_arguments_raise_as_numpy(which):
    with pytest.raises(ValueError) as expected:
        numpy_bad_calls(which)
    with pytest.raises(ValueError) as got:
        njit(numpy_bad_calls)(which)
    assert str(got.value) == str(expected.value)


def wrong_seed(x):
    random.seed(x)


def test_a_float_seed_is_a_located_typing_error():
    with pytest.raises(rumba.errors.TypingError, match="random.seed"):
        njit(wrong_seed)(1.5)


def numpy_distributions(seed):
    np.random.seed(seed)
    return (np.random.standard_gamma(2.5), np.random.standard_gamma(0.5), np.random.standard_gamma(1.0), np.random.gamma(3.0, 2.0),
            np.random.beta(0.5, 0.7), np.random.beta(2.0, 3.0), np.random.poisson(3.5), np.random.poisson(25.0), np.random.poisson(),
            np.random.gamma(0.3, 1.0, 5), np.random.poisson(12.0, (2, 3)), np.random.beta(1.5, 0.5, 4), np.random.poisson(0.0))


@pytest.mark.parametrize("seed", range(0, 60, 3))
def test_seeded_gamma_beta_and_poisson_are_numpys(seed):
    # NumPy's legacy algorithms (Marsaglia-Tsang and rejection for gamma, Johnk's and gammas for
    # beta, PTRS and products for Poisson) draw the same numbers from the same stream.
    got = njit(numpy_distributions)(seed)
    for got_value, expected_value in zip(got, numpy_distributions(seed)):
        assert np.asarray(got_value).dtype == np.asarray(expected_value).dtype
        np.testing.assert_array_equal(got_value, expected_value)


def numpy_binomials(seed):
    np.random.seed(seed)
    return (np.random.binomial(10, 0.3), np.random.binomial(20, 0.9), np.random.binomial(5, 0.5, 6), np.random.binomial(0, 0.4),
            np.random.binomial(100, 0.05, (2, 2)), np.random.binomial(7, 1.0), np.random.binomial(40, 0.2), np.random.random())


@pytest.mark.parametrize("seed", range(0, 40, 4))
def test_seeded_binomials_are_numpys(seed):
    # Inversion from the smaller of p and 1 - p, one draw even for n == 0, as the legacy generator.
    got = njit(numpy_binomials)(seed)
    for got_value, expected_value in zip(got, numpy_binomials(seed)):
        np.testing.assert_array_equal(got_value, expected_value)


def test_binomials_with_a_large_mean_are_not_supported_yet():
    @njit
    def large(n):
        return np.random.binomial(n, 0.5)

    with pytest.raises(NotImplementedError, match="BTPE"):
        large(1000)


def bit_draws(seed):
    random.seed(seed)
    return [random.getrandbits(bits) for bits in (0, 1, 5, 31, 32, 33, 63, 64)]


def integer_draws(seed):
    random.seed(seed)
    drawn = []
    for _ in range(20):
        drawn.append(random.randint(-3, 7))
        drawn.append(random.randrange(10))
        drawn.append(random.randrange(5, 100))
        drawn.append(random.randrange(5, 100, 7))
        drawn.append(random.randrange(100, 5, -7))
        drawn.append(random.randrange(2 ** 40))
    return drawn


def ranged_draw(start, stop, step):
    return random.randrange(start, stop, step)


@pytest.mark.parametrize("seed", [0, 7, 12345])
def test_seeded_integer_draws_are_cpythons(seed):
    # numba-benchmark's random benchmark draws with getrandbits; CPython's and Numba's sequences.
    assert njit(bit_draws)(seed) == bit_draws(seed)
    assert njit(integer_draws)(seed) == integer_draws(seed)


@pytest.mark.parametrize("bounds", [(5, 5, 1), (1, 10, 0), (10, 1, 1), (1, 10, -1)])
def test_empty_ranges_raise_as_cpython(bounds):
    with pytest.raises(ValueError) as expected:
        ranged_draw(*bounds)
    with pytest.raises(ValueError) as got:
        njit(ranged_draw)(*bounds)
    assert str(got.value).split(" (")[0] == str(expected.value).split(" (")[0]
