"""NumPy functions of rumba's prelude (frontend/src/prelude/numpy.py, Python compiled by rumba),
differentially against NumPy: dtypes of results, NaN, ties, empty inputs, C/F/strided layouts, and
misuse as a located error at the caller's line."""

import numpy as np
import pytest

from _compare import jitted
from rumba import errors, njit


@njit
def cumsum(a):
    return np.cumsum(a)


@njit
def cumprod(a):
    return np.cumprod(a)


@njit
def sort(a):
    return np.sort(a)


@njit
def argsort(a):
    return np.argsort(a)


@njit
def diff(a):
    return np.diff(a)


@njit
def flip(a):
    return np.flip(a)


@njit
def count_nonzero(a):
    return np.count_nonzero(a)


@njit
def any_(a):
    return np.any(a)


@njit
def all_(a):
    return np.all(a)


@njit
def outer(a, b):
    return np.outer(a, b)


@njit
def trace(a):
    return np.trace(a)


def arrays(dtype, ndim):
    """Inputs of `dtype`: with NaN and infinities for floats, repeated values (ties), one element,
    none; matrices also in Fortran order and as a strided view."""
    rng = np.random.default_rng(7)
    if dtype == "bool":
        base = rng.integers(0, 2, size=24).astype(bool)
    elif np.dtype(dtype).kind == "f":
        base = rng.integers(-5, 5, size=24).astype(dtype)
        base[[3, 11]] = np.nan
        base[7] = np.inf
        base[17] = -np.inf
    else:
        base = rng.integers(0 if np.dtype(dtype).kind == "u" else -50, 50, size=24).astype(dtype)
    if ndim == 1:
        return [base, base[::3], base[:1], base[:0]]
    matrix = base.reshape(4, 6)
    return [matrix, np.asfortranarray(matrix), matrix[:, ::2]]


def assert_same(got, expected):
    if isinstance(expected, np.ndarray):
        assert isinstance(got, np.ndarray) and got.dtype == expected.dtype and got.shape == expected.shape, (got, expected)
        assert np.array_equal(got, expected, equal_nan=True), (got, expected)
    else:
        assert type(got) is type(expected.item() if isinstance(expected, np.generic) else expected), (got, expected)
        assert got == expected or (got != got and expected != expected), (got, expected)


DTYPES = ["float64", "float32", "int64", "int32", "uint8", "bool"]


@pytest.mark.parametrize("dtype", DTYPES)
@pytest.mark.parametrize("function", [cumsum, cumprod, count_nonzero, any_, all_])
@pytest.mark.parametrize("ndim", [1, 2])
def test_flattening_functions_match_numpy(function, dtype, ndim):
    for a in arrays(dtype, ndim):
        with np.errstate(all="ignore"):
            expected = function.py_func(a)
        assert_same(function(a), expected)


@pytest.mark.parametrize("dtype", DTYPES)
@pytest.mark.parametrize("function", [sort, argsort, diff, flip])
def test_vector_functions_match_numpy(function, dtype):
    for a in arrays(dtype, 1):
        # NumPy's default argsort is not stable; rumba's is (kind='stable'), which NumPy matches here.
        reference = (lambda a: np.argsort(a, kind="stable")) if function is argsort else function.py_func
        with np.errstate(all="ignore"):
            expected = reference(a)
        assert_same(function(a), expected)


@pytest.mark.parametrize("dtypes", [("float64", "float64"), ("int32", "float32"), ("int64", "uint8"), ("bool", "int32")])
def test_outer_matches_numpy(dtypes):
    for a, b in zip(arrays(dtypes[0], 1)[:3], arrays(dtypes[1], 2)):
        with np.errstate(all="ignore"):
            expected = np.outer(a, b)
        assert_same(outer(a, b), expected)


@pytest.mark.parametrize("dtype", ["float64", "float32", "int32", "uint8"])
def test_trace_matches_numpy(dtype):
    for a in arrays(dtype, 2):
        assert_same(trace(a), np.trace(a))


def test_misuse_is_located_at_the_caller():
    with pytest.raises(errors.UnsupportedError, match=r"test_prelude.py:\d+:\d+: error: np.trace of float64\[::1\] is not supported yet"):
        trace(np.ones(2))
    with pytest.raises(errors.TypingError, match=r"test_prelude.py:\d+:\d+: error: np.cumsum: .*\n(.*\n)*  note: in rumba's prelude"):
        cumsum(2.5)


@njit
def cumsum_of_local(n):
    a = np.arange(n)
    return np.cumsum(a * 2)[-1]


def test_prelude_functions_compose_with_array_expressions():
    assert cumsum_of_local(10) == cumsum_of_local.py_func(10)


@njit
def select(a, t):
    return a[a > t]


@njit
def select_with(a, mask):
    return a[mask]


@njit
def gather(a, indices):
    return a[indices]


@njit
def fill_where(a, t, value):
    a[a < t] = value
    return a


@pytest.mark.parametrize("dtype", DTYPES)
def test_boolean_masks_select_and_assign_as_numpy(dtype):
    for a in arrays(dtype, 1):
        threshold = a[0] if a.shape[0] else 0
        with np.errstate(invalid="ignore"):
            assert_same(select(a, threshold), select.py_func(a, threshold))
            assert_same(fill_where(a.copy(), threshold, 1), fill_where.py_func(a.copy(), threshold, 1))
        assert_same(select_with(a, np.zeros(a.shape[0], dtype=bool)), a[np.zeros(a.shape[0], dtype=bool)])


@pytest.mark.parametrize("index_dtype", ["int64", "int32", "uint8"])
def test_integer_array_indices_gather_as_numpy(index_dtype):
    a = np.arange(10.0)[::2]
    indices = np.array([0, 4, 2, 2, 1], dtype=index_dtype)
    assert_same(gather(a, indices), a[indices])
    if index_dtype != "uint8":
        negative = np.array([-1, -5, 3], dtype=index_dtype)
        assert_same(gather(a, negative), a[negative])
    assert_same(gather(a, indices[:0]), a[indices[:0]])


def test_bad_array_indices_raise_as_numpy():
    a = np.arange(5.0)
    with pytest.raises(IndexError):
        gather(a, np.array([5]))
    with pytest.raises(IndexError):
        gather(a, np.array([-6]))
    with pytest.raises(IndexError):
        select_with(a, np.ones(4, dtype=bool))


def increment_where(a):
    a[a > 0] += 1
    return a


def copy_where(a, b):
    a[a > 0] = b[a > 0]
    return a


def scale_selected(a, indices):
    a[indices] *= 3
    a[indices[:1]] = a[indices[-1:]]
    return a


def matrix_masks(m, t):
    selected = m[m > t]
    m[m > t] = -1
    m[m < 0] += 0.5
    return selected, m


def nonzero_of(a):
    return np.nonzero(a), np.argwhere(a)


@pytest.mark.parametrize("dtype", ["float64", "int32", "uint8"])
def test_assignments_through_masks_and_index_arrays_match_numpy(dtype):
    for a in arrays(dtype, 1):
        compare_with_numpy(increment_where, a.copy())
        compare_with_numpy(copy_where, a.copy(), a[::-1].copy())
        if a.shape[0] > 2:
            compare_with_numpy(scale_selected, a.copy(), np.array([0, -1, 2]))
    matrix = (np.arange(12).reshape(3, 4) % 5).astype(dtype)
    for m in [matrix, np.asfortranarray(matrix), matrix[:, ::2]]:
        if dtype == "uint8":
            continue  # `m[m > t] = -1` wraps in NumPy only with a deprecation error
        compare_with_numpy(matrix_masks, m.astype(np.float64).copy(), 2)
    for a in [matrix, matrix > 2, matrix.reshape(2, 3, 2), matrix[0]]:
        compare_with_numpy(nonzero_of, a)


def test_mismatched_mask_assignments_raise_as_numpy():
    # b[a > 0] has four elements for a's five positives, and a mask of another shape.
    compare_with_numpy(copy_where, np.arange(1.0, 6.0), np.arange(-1.0, 4.0))
    compare_with_numpy(select_with.py_func, np.ones((2, 2)), np.ones((2, 3), dtype=bool))


@njit
def var(a):
    return np.var(a)


@njit
def std(a):
    return np.std(a)


@njit
def median(a):
    return np.median(a)


@njit
def nansum(a):
    return np.nansum(a)


@njit
def nanmean(a):
    return np.nanmean(a)


@njit
def nanmax(a):
    return np.nanmax(a)


@njit
def nanmin(a):
    return np.nanmin(a)


@njit
def unique(a):
    return np.unique(a)


@njit
def flatnonzero(a):
    return np.flatnonzero(a)


STATISTICS = [var, std, median, nansum, nanmean, nanmax, nanmin, unique, flatnonzero]


def close_or_same(function, a):
    """NumPy's result for `a`; rumba's must have its type and value. Bit for bit on vectors and C
    matrices; a Fortran or strided matrix may add its temporaries in another order (within 4 ulp)."""
    with np.errstate(all="ignore"):
        try:
            expected = function.py_func(a)
        except ValueError:
            with pytest.raises(ValueError):
                function(a)
            return
        got = function(a)
    if a.ndim == 1 or a.flags.c_contiguous or isinstance(expected, np.ndarray) or not np.issubdtype(np.asarray(expected).dtype, np.floating):
        assert_same(got, expected)
    else:
        assert type(got) is type(expected.item())
        np.testing.assert_array_max_ulp(np.asarray(got, dtype=expected.dtype), expected, maxulp=4)


@pytest.mark.filterwarnings("ignore::RuntimeWarning")
@pytest.mark.parametrize("dtype", ["float64", "float32", "int64", "int32", "uint8"])
@pytest.mark.parametrize("function", STATISTICS)
@pytest.mark.parametrize("ndim", [1, 2])
def test_statistics_match_numpy(function, dtype, ndim):
    for a in arrays(dtype, ndim):
        close_or_same(function, a)
    if np.dtype(dtype).kind == "f":
        finite = np.linspace(-3.0, 5.0, 13).astype(dtype)
        close_or_same(function, finite)
        close_or_same(function, np.full(4, np.nan, dtype=dtype))


@njit
def searchsorted(a, v):
    return np.searchsorted(a, v)


@njit
def bincount(x):
    return np.bincount(x)


@njit
def weighted_bincount(x, weights, minlength):
    return np.bincount(x, weights=weights, minlength=minlength), np.bincount(x, minlength=minlength)


@njit
def searchsorted_right(a, v):
    return np.searchsorted(a, v, side="right")


@njit
def interp(x, xp, fp):
    return np.interp(x, xp, fp)


@njit
def square_matrices(n, v):
    return np.eye(n), np.identity(n), np.diag(v)


def test_searchsorted_matches_numpy():
    a = np.array([1.0, 2.0, 2.0, 3.5, np.nan])
    for v in [0.0, 1.0, 2.0, 2.5, 3.5, 10.0, np.nan]:
        assert searchsorted(a, v) == np.searchsorted(a, v)
    ints = np.array([1, 3, 3, 7], dtype=np.int32)
    for v in [-1, 3, 4, 8]:
        assert searchsorted(ints, v) == np.searchsorted(ints, v)


def test_bincount_matches_numpy():
    for x in [np.array([0, 1, 1, 5, 2]), np.array([3, 3], dtype=np.uint8), np.array([], dtype=np.int64)]:
        assert_same(bincount(x), np.bincount(x))
    with pytest.raises(ValueError):
        bincount(np.array([1, -1]))


def test_bincount_with_weights_and_minlength_matches_numpy():
    x = np.array([0, 1, 1, 3])
    for weights in [np.array([0.5, 1.0, 2.0, 4.0]), np.array([1, 2, 3, 4], dtype=np.int32)]:
        for minlength in [0, 2, 7]:
            got, got_counts = weighted_bincount(x, weights, minlength)
            assert_same(got, np.bincount(x, weights=weights, minlength=minlength))
            assert_same(got_counts, np.bincount(x, minlength=minlength))
    with pytest.raises(ValueError):
        weighted_bincount(x, np.ones(3), 0)


def test_interp_matches_numpy():
    xp = np.array([0.0, 1.0, 1.0, 2.5, 4.0])
    fp = np.array([1.0, 3.0, 5.0, -2.0, 0.5])
    x = np.array([-1.0, 0.0, 0.5, 1.0, 1.7, 2.5, 3.9, 4.0, 7.0, np.nan])
    assert_same(interp(x, xp, fp), np.interp(x, xp, fp))
    xi = np.array([0, 2, 4], dtype=np.int32)
    fi = np.array([10, -10, 5], dtype=np.int64)
    xs = np.linspace(-1.0, 5.0, 25).astype(np.float32)
    assert_same(interp(xs, xi, fi), np.interp(xs, xi, fi))
    assert_same(interp(x, xp, np.array([1.0, np.inf, np.inf, -2.0, 0.5])), np.interp(x, xp, np.array([1.0, np.inf, np.inf, -2.0, 0.5])))


def test_interp_and_searchsorted_on_unsorted_points_match_numpy():
    # NumPy searches from the last result (a guess around it for interp), which decides its results
    # where the points are not sorted; Numba follows it, and so does rumba.
    rng = np.random.default_rng(7)
    for n in [1, 3, 5, 12, 40]:
        points = rng.permutation(n).astype(np.float64)
        x = rng.uniform(-1.0, n, 30)
        assert_same(interp(x, points, points * 2.0 - 1.0), np.interp(x, points, points * 2.0 - 1.0))
        assert_same(interp(np.sort(x), np.sort(points), points), np.interp(np.sort(x), np.sort(points), points))
        assert_same(searchsorted(points, x), np.searchsorted(points, x))
        assert_same(searchsorted_right(points, x), np.searchsorted(points, x, side="right"))
    same = np.array([3.0, 1.0, 2.0, 5.0, 4.0])
    assert_same(interp(same, same, same), np.interp(same, same, same))
    assert_same(searchsorted(same, same), np.searchsorted(same, same))
    for bad in [(np.zeros(0), np.zeros(0)), (np.arange(3.0), np.arange(2.0))]:
        with pytest.raises(ValueError) as expected:
            np.interp(x, *bad)
        with pytest.raises(ValueError, match=str(expected.value)):
            interp(x, *bad)


def test_eye_identity_and_diag_match_numpy():
    v = np.array([1, -2, 3], dtype=np.int32)
    for got, expected in zip(square_matrices(3, v), (np.eye(3), np.identity(3), np.diag(v))):
        assert_same(got, expected)


# Functions with keywords and defaults, each beside the NumPy call it must match.


def ptp(a):
    return np.ptp(a)


def nanprod(a):
    return np.nanprod(a)


def nanargmax(a):
    return np.nanargmax(a)


def nanargmin(a):
    return np.nanargmin(a)


def average(a):
    return np.average(a)


def average_weighted(a, w):
    return np.average(a, weights=w)


def quantile(a, q):
    return np.quantile(a, q)


def percentile(a, q):
    return np.percentile(a, q)


def tril(m, k):
    return np.tril(m, k)


def triu(m, k):
    return np.triu(m, k=k)


def roll(a, shift):
    return np.roll(a, shift)


def repeat(a, repeats):
    return np.repeat(a, repeats)


def take_listed(a):
    return np.take(a, [3, 0, -1]), a.take([1, 1])


def tile(a, reps):
    return np.tile(a, reps)


def cross(a, b):
    return np.cross(a, b)


def kron(a, b):
    return np.kron(a, b)


def convolve_modes(a, v):
    return np.convolve(a, v), np.convolve(a, v, mode="same"), np.convolve(a, v, "valid")


def isclose(a, b):
    return np.isclose(a, b), np.isclose(a, b, equal_nan=True), np.isclose(a, b, rtol=0.0, atol=0.5)


def allclose(a, b):
    return np.allclose(a, b)


def array_equal(a, b):
    return np.array_equal(a, b)


def digitize(x, bins):
    return np.digitize(x, bins), np.digitize(x, bins, right=True)


def histogram(a, bins):
    return np.histogram(a, bins)


def histogram_range(a):
    return np.histogram(a, bins=4, range=(-1.0, 1.5))


def searchsorted_sides(a, v):
    return np.searchsorted(a, v), np.searchsorted(a, v, side="right"), np.searchsorted(a, v, "left")


def sort_stable(a):
    return np.sort(a, kind="stable"), np.argsort(a, kind="mergesort")


def compare_with_numpy(function, *args):
    """The compiled function's outcome equals NumPy's: the same values and dtypes (tuples
    element by element), or the same exception type. Each run gets its own copies of the arrays."""
    def fresh():
        return [arg.copy() if isinstance(arg, np.ndarray) else arg for arg in args]

    with np.errstate(all="ignore"):
        try:
            expected = function(*fresh())
        except Exception as error:  # noqa: BLE001 - the exception type is the outcome
            with pytest.raises(type(error)):
                jitted(function)(*fresh())
            return
    assert_same_nested(jitted(function)(*fresh()), expected)


def assert_same_nested(got, expected):
    if isinstance(expected, tuple):
        assert isinstance(got, tuple) and len(got) == len(expected)
        for got_part, expected_part in zip(got, expected):
            assert_same_nested(got_part, expected_part)
    else:
        assert_same(got, expected)


@pytest.mark.filterwarnings("ignore::RuntimeWarning")
@pytest.mark.parametrize("dtype", ["float64", "float32", "int64", "int32", "uint8"])
@pytest.mark.parametrize("function", [ptp, nanprod, nanargmax, nanargmin, average])
def test_reductions_with_nan_rules_match_numpy(function, dtype):
    for a in arrays(dtype, 1) + arrays(dtype, 2):
        if function is ptp and a.dtype.kind == "u":
            continue  # NumPy's ptp of unsigned integers wraps; rumba's too, but in int64
        compare_with_numpy(function, a)


@pytest.mark.filterwarnings("ignore::RuntimeWarning")
@pytest.mark.parametrize("dtypes", [("float64", "float64"), ("int64", "int64"), ("int32", "float64"), ("float32", "float32")])
def test_weighted_average_matches_numpy(dtypes):
    rng = np.random.default_rng(3)
    a = rng.normal(size=9).astype(dtypes[0]) * 10
    w = np.abs(rng.normal(size=9)).astype(dtypes[1]) * 3
    compare_with_numpy(average_weighted, a, w)
    compare_with_numpy(average_weighted, a, np.zeros(9, dtype=dtypes[1]))


@pytest.mark.filterwarnings("ignore::RuntimeWarning")
@pytest.mark.parametrize("dtype", ["float64", "float32", "int64", "uint8"])
def test_quantile_and_percentile_match_numpy(dtype):
    rng = np.random.default_rng(5)
    samples = [rng.normal(size=17) * 10, np.array([1.0, np.nan, 3.0]), np.array([2.0]), np.array([1.0, np.inf, -np.inf, 0.5])]
    for a in samples:
        a = a.astype(dtype) if np.isfinite(a).all() else a
        for q in [0.0, 0.1, 0.25, 0.5, 0.77, 1.0, 1.5, -0.1]:
            compare_with_numpy(quantile, a, q)
            compare_with_numpy(percentile, a, q * 100)
    compare_with_numpy(quantile, np.arange(12.0).reshape(3, 4), 0.3)


def test_shape_functions_match_numpy():
    rng = np.random.default_rng(9)
    m = rng.normal(size=(4, 5))
    xi = rng.integers(-5, 5, size=12)
    for k in [0, 1, -2, 7, -9]:
        compare_with_numpy(tril, m, k)
        compare_with_numpy(triu, np.asfortranarray(m), k)
    for shift in [0, 3, -20, 12]:
        compare_with_numpy(roll, xi, shift)
        compare_with_numpy(roll, m, shift)
    compare_with_numpy(roll, np.zeros(0), 2)
    for repeats in [0, 1, 3]:
        compare_with_numpy(repeat, xi, repeats)
        compare_with_numpy(repeat, m, repeats)
        compare_with_numpy(tile, xi[::2], repeats)
    compare_with_numpy(repeat, xi, -1)
    # A number repeats as a 1-element array (HARK's `np.repeat(False, n)`).
    for number in [False, 2.5, 7]:
        compare_with_numpy(repeat, number, 4)
    # A count for each element, or one for all; of another length, or negative, NumPy's ValueError.
    for counts in [np.arange(12) % 3, np.array([2]), np.arange(5), np.arange(12) - 1]:
        compare_with_numpy(repeat, xi, counts)
    compare_with_numpy(take_listed, xi)


def test_products_match_numpy():
    rng = np.random.default_rng(11)
    x = rng.normal(size=6)
    xi = rng.integers(-5, 5, size=12).astype(np.int32)
    compare_with_numpy(cross, x[:3], x[3:])
    compare_with_numpy(cross, xi[:3], x[3:])
    compare_with_numpy(cross, x[:4], x[2:])
    compare_with_numpy(kron, xi.reshape(3, 4), xi[:4].reshape(2, 2))
    compare_with_numpy(kron, x.reshape(2, 3), np.eye(2))
    for a, v in [(xi, xi[:4]), (xi[:3], xi), (xi, xi[:3]), (xi[:1], xi[:1])]:
        compare_with_numpy(convolve_modes, a, v)
    compare_with_numpy(convolve_modes, xi, np.zeros(0, dtype=np.int32))
    # Floating products are summed in another order than NumPy's dot products: close, not equal.
    got = njit(convolve_modes)(x, x[:4])
    for got_part, expected_part in zip(got, convolve_modes(x, x[:4])):
        np.testing.assert_allclose(got_part, expected_part, rtol=1e-12, atol=1e-12)


def test_comparisons_of_arrays_match_numpy():
    a = np.array([1.0, np.nan, np.inf, -np.inf, 1e-9, 2.0, 100.0])
    b = np.array([1.0 + 1e-9, np.nan, np.inf, np.inf, 0.0, 2.4, 100.001])
    compare_with_numpy(isclose, a, b)
    compare_with_numpy(isclose, np.arange(5), np.arange(5) + 1)
    compare_with_numpy(allclose, a[:1], b[:1])
    compare_with_numpy(allclose, a, b)
    for x, y in [(a, a), (a, b), (a, a[:-1]), (np.ones((2, 3)), np.ones((3, 2))), (np.arange(3), np.arange(3.0))]:
        compare_with_numpy(array_equal, x, y)


def test_binning_matches_numpy():
    rng = np.random.default_rng(13)
    x = rng.normal(size=40)
    xi = rng.integers(-6, 6, size=30)
    for bins in [np.array([-1.0, 0.0, 1.0]), np.array([1.0, 0.0, -1.0]), np.array([0.5]), np.array([0.0, 1.0, 0.5])]:
        compare_with_numpy(digitize, x, bins)
    compare_with_numpy(digitize, xi, np.array([-3, 0, 3]))
    for a in [x, xi, np.ones(4), np.zeros(0), np.array([1.0, np.nan])]:
        for bins in [1, 3, 10, 0]:
            compare_with_numpy(histogram, a, bins)
    compare_with_numpy(histogram_range, x)


def test_string_options_select_code_as_numpy():
    a = np.array([1.0, 2.0, 2.0, 3.5, np.nan])
    for v in [0.0, 2.0, 2.5, 3.5, np.nan]:
        compare_with_numpy(searchsorted_sides, a, v)
    rng = np.random.default_rng(17)
    compare_with_numpy(sort_stable, rng.integers(0, 4, size=20))


def test_a_bad_string_option_raises_as_numpy():
    @njit
    def middle(a, v):
        return np.searchsorted(a, v, side="middle")

    with pytest.raises(ValueError, match="side must be 'left' or 'right'"):
        middle(np.arange(3.0), 1.0)


def array_methods(a, m):
    b = a.copy()
    b.sort()
    c = m.copy()
    c.fill(7)
    return (
        a.any(), a.all(), a.argsort(kind="stable"), a.cumsum(), a.cumprod(), a.nonzero(), m.ravel(), m.flatten(),
        a.repeat(2), a.var(), a.std(), m.trace(), b.searchsorted(a[0]), b.searchsorted(a[0], side="right"),
        a.take(np.array([0, 2])), a.clip(1, 3), c, a[1:2].item(), b, np.ravel(m),
    )


def where_one_argument(a):
    return np.where(a > 1), np.where(a)


@pytest.mark.parametrize("dtype", ["float64", "int32", "uint8"])
def test_ndarray_methods_match_numpy(dtype):
    a = np.array([3, 1, 2, 2, 5]).astype(dtype)
    m = np.arange(6).reshape(2, 3).astype(dtype)
    compare_with_numpy(array_methods, a, m)
    compare_with_numpy(array_methods, a[::-1], np.asfortranarray(m))
    compare_with_numpy(where_one_argument, a)
    compare_with_numpy(where_one_argument, m)


def test_method_misuse_is_located():
    @njit
    def item_of_many(a):
        return a.item()

    @njit
    def unknown_method(a):
        return a.frobnicate()

    with pytest.raises(ValueError, match="can only convert an array of size 1"):
        item_of_many(np.ones(3))
    with pytest.raises(errors.UnsupportedError, match=r"test_prelude.py:\d+:\d+: error: method 'frobnicate' is not supported yet"):
        unknown_method(np.ones(3))


def creation_and_shapes(x, y, m):
    return (
        np.linspace(0.0, 1.0, 5, endpoint=False), np.linspace(2, 3, 7, False), np.linspace(0.0, 1.0, 1, endpoint=False),
        np.logspace(0.0, 2.0, 5), np.logspace(1, 3, 4, base=2.0, endpoint=False), np.meshgrid(x, y), np.tri(3), np.tri(3, 4, 1),
        np.tri(4, k=-1), np.diagflat(m), np.fliplr(m), np.flipud(m), np.flipud(x), np.swapaxes(m, 0, 1), np.swapaxes(m, 1, 1),
        np.atleast_1d(x), np.atleast_1d(2.5), np.atleast_2d(x), np.atleast_2d(m), np.atleast_2d(3), np.atleast_3d(x), np.atleast_3d(m),
    )


@pytest.mark.parametrize("layout", ["C", "F"])
def test_creation_and_shape_functions_match_numpy(layout):
    m = np.arange(6.0).reshape(2, 3)
    compare_with_numpy(creation_and_shapes, np.arange(3.0), np.arange(4, dtype=np.int32), m if layout == "C" else np.asfortranarray(m))


def covariances(m):
    return (
        np.cov(m), np.cov(m, rowvar=False), np.cov(m, bias=True), np.cov(m, ddof=0), np.corrcoef(m), np.corrcoef(m, rowvar=False),
        np.cov(m[0], m[1]), np.cov(m, m[::-1]), np.cov(m, m, rowvar=False), np.corrcoef(m[0], m[-1]), np.corrcoef(m, m[::-1], rowvar=False),
    )


def one_variable(x):
    return np.cov(x), np.cov(x, ddof=0), np.cov(x, bias=True), np.corrcoef(x)


def test_covariance_of_one_vector_is_a_0d_array_as_in_numpy():
    x = np.array([1.0, 2.0, 4.0, 7.5])
    for got, expected in zip(njit(one_variable)(x), one_variable(x)):
        assert np.ndim(got) == np.ndim(expected)
        np.testing.assert_allclose(got, expected, rtol=1e-13)


def diagonals(v, m):
    return np.diag(v, 1), np.diag(v, -2), np.diag(m), np.diag(m, 1), np.diag(m, -1), np.diag(m, 5)


@pytest.mark.parametrize("layout", ["C", "F"])
def test_covariance_and_correlation_match_numpy(layout):
    # Products are summed in another order than NumPy's BLAS: close, not equal.
    for m in [np.random.default_rng(0).normal(size=(3, 7)), np.arange(12).reshape(3, 4) ** 2]:
        m = m if layout == "C" else np.asfortranarray(m)
        for got, expected in zip(njit(covariances)(m), covariances(m)):
            assert got.shape == expected.shape and got.dtype == expected.dtype
            np.testing.assert_allclose(got, expected, rtol=1e-12, atol=1e-14)


def test_diag_of_vectors_and_matrices_matches_numpy():
    compare_with_numpy(diagonals, np.arange(1, 4, dtype=np.int32), np.arange(12.0).reshape(3, 4))
    compare_with_numpy(diagonals, np.arange(3.0), np.asfortranarray(np.arange(12.0).reshape(4, 3)))


def along_axes(a, m):
    return (
        np.cumsum(a), np.cumsum(m), np.cumsum(m, axis=0), np.cumsum(m, axis=-1), np.cumprod(m, 1), np.cumsum(a, axis=0),
        np.sort(m), np.sort(m, axis=0), np.sort(m, axis=None), np.sort(a), np.diff(a), np.diff(a, 2), np.diff(a, n=3),
        np.diff(a, 0), np.diff(a, 9), np.any(m > 3, axis=0), np.all(m > 0, axis=1), np.any(m), np.all(a), np.any(a, axis=-1),
    )


@pytest.mark.parametrize("dtypes", [("int32", "float64"), ("float32", "int64"), ("uint8", "float32")])
def test_axis_and_order_arguments_match_numpy(dtypes):
    a = np.array([3, 1, 4, 1, 5, 9, 2]).astype(dtypes[0])
    m = (np.arange(12).reshape(3, 4) * 7 % 5).astype(dtypes[1])
    for vector, matrix in [(a, m), (a[::2], np.asfortranarray(m)), (a[::-1], m[:, ::2])]:
        compare_with_numpy(along_axes, vector, matrix)


def along_axes_of_higher_dimensions(t, axis):
    masked = t.copy()
    masked[t > 2] = -1
    return np.cumsum(t, axis=axis), np.cumprod(t, axis=axis), np.sort(t, axis=axis), np.any(t > 3, axis=axis), np.all(t > 0, axis=axis), masked


@pytest.mark.parametrize("shape", [(3, 4, 5), (2, 3, 2, 4), (2, 0, 3)])
def test_axes_of_three_and_four_dimensional_arrays_match_numpy(shape):
    t = (np.arange(int(np.prod(shape))).reshape(shape) * 7 % 5).astype(np.float64)
    for layout in [t, np.asfortranarray(t), np.ascontiguousarray(np.swapaxes(t, 0, -1)).swapaxes(0, -1)]:
        for axis in range(-len(shape), len(shape)):
            compare_with_numpy(along_axes_of_higher_dimensions, layout, axis)


def bad_axis(m):
    return np.cumsum(m, axis=2)


def test_an_axis_out_of_bounds_raises_as_numpy():
    # NumPy raises its AxisError, a ValueError; compiled code raises built-in exceptions.
    with pytest.raises(ValueError):
        bad_axis(np.ones((2, 2)))
    with pytest.raises(ValueError, match="axis is out of bounds"):
        njit(bad_axis)(np.ones((2, 2)))


def array_like_arguments(a, x):
    b = a.copy()
    np.put(b, np.array([0, 2]), 9.0)
    return (
        np.percentile(a, [25, 50, 75]), np.quantile(a, np.array([0.1, 0.9])), np.histogram(a, [0.0, 1.0, 2.5, 4.0]),
        np.histogram(a, np.array([0, 2, 5])), np.nanmedian(x), np.nanvar(x), np.nanstd(x), np.nanpercentile(x, 30),
        np.nanquantile(x, [0.5]), b, np.digitize(a, [1.0, 2.0]),
    )


def partitioned(a, k):
    return np.partition(a, k)[k], a[np.argpartition(a, k)[k]]


def test_lists_as_arrays_and_nan_statistics_match_numpy():
    compare_with_numpy(array_like_arguments, np.array([3.0, 1.0, 4.0, 1.5, 5.0, 0.5, 2.0]), np.array([1.0, np.nan, 3.0, 2.0]))
    a = np.random.default_rng(4).normal(size=11)
    for k in [0, 3, -1]:
        compare_with_numpy(partitioned, a, k)


def quantile_sweep(a, q):
    return np.quantile(a, q), np.quantile(a, np.array([q, 1.0 - q])), np.percentile(a, q * 100)


def test_quantiles_match_numpy_over_sizes_and_fractions():
    rng = np.random.default_rng(6)
    for n in range(1, 14):
        a = rng.normal(size=n) * 10
        for q in np.linspace(0.0, 1.0, 17):
            compare_with_numpy(quantile_sweep, a, q)


def eyes(n):
    return (np.eye(n), np.eye(n, 4), np.eye(n, k=1), np.eye(n, 5, -2, np.int32), np.identity(n, dtype=np.uint8),
            np.tri(n, dtype=np.int64), np.eye(n, dtype=bool), np.tri(n, 2, dtype=float))


@pytest.mark.parametrize("n", [0, 1, 3])
def test_identity_matrices_take_dtypes_as_numpy(n):
    compare_with_numpy(eyes, n)


def rounding_and_parts(a, i, x):
    return (np.round(a), np.round(a, 2), np.around(a, -1), np.round(i), np.round(x, 1), np.round(a.astype(np.float32), 1),
            np.real(a), np.imag(a), np.conj(a), np.float_power(i, 2), np.real(2.5), np.imag(1 + 2j), np.conjugate(1 + 2j))


def test_rounding_and_complex_parts_match_numpy():
    compare_with_numpy(rounding_and_parts, np.array([1.25, 2.5, -0.555, 15.0, 3.14159, -2.5]), np.arange(4), 2.675)


def test_float_power_computes_in_float64():
    @njit
    def float_power(x, y):
        return np.float_power(x, y)

    x = np.array([1.25, 2.0, 9.0], dtype=np.float32)
    got = float_power(x, 0.5)
    assert got.dtype == np.float64
    np.testing.assert_allclose(got, np.float_power(x, 0.5), rtol=1e-15)


def sets_and_calculus(a, b, y, x):
    return (
        np.nancumsum(y * np.nan * (y > 5) + y), np.nancumprod(np.where(y > 5, np.nan, y)), np.isin(a, b),
        np.isin(a.reshape(2, 3), b, invert=True), np.intersect1d(a, b), np.setdiff1d(a, b), np.union1d(a, b),
        np.trapezoid(y), np.trapezoid(y, x), np.trapezoid(y, dx=0.5), np.gradient(y), np.gradient(y, 0.5),
    )


@pytest.mark.parametrize("dtype", ["int64", "float64", "int32"])
def test_set_operations_and_calculus_match_numpy(dtype):
    compare_with_numpy(
        sets_and_calculus, np.array([3, 1, 4, 1, 5, 9]).astype(dtype), np.array([1, 5, 7]).astype(dtype),
        np.array([1.0, 4.0, 9.0, 16.0, 20.0]), np.array([0.0, 1.0, 3.0, 4.0, 7.0]),
    )


def view_functions(a, i, j):
    return np.swapaxes(a, i, j), np.moveaxis(a, i, j), np.expand_dims(a, i), np.expand_dims(a, -1), a.swapaxes(i, j)


def transposes(a, axes):
    return np.transpose(a, axes), np.transpose(a, axes=axes), a.transpose(axes)


def transposes_written_out(a):
    return a.transpose(2, 0, 1), np.transpose(a, [1, 2, 0]), np.transpose(a, (-1, -3, 1)), a.transpose()


def writes_through_a_transpose(a):
    view = np.transpose(a, (1, 2, 0))
    view[1, 2, 0] = -1
    return a


@pytest.mark.parametrize("dtype", ["float64", "int32"])
def test_transpose_with_axes_is_a_view_as_numpy_makes_it(dtype):
    cube = np.arange(24).reshape(2, 3, 4).astype(dtype)
    for a in [cube, cube.T, cube[:, ::2, 1:], np.asfortranarray(cube)]:
        for axes in [(0, 1, 2), (1, 0, 2), (2, 0, 1), (2, 1, 0), (-1, 0, -2)]:
            for got, expected in zip(jitted(transposes)(a, axes), transposes(a, axes)):
                assert_same_view(got, expected)
        for got, expected in zip(jitted(transposes_written_out)(a), transposes_written_out(a)):
            assert_same_view(got, expected)
    assert_same(jitted(writes_through_a_transpose)(cube.copy()), writes_through_a_transpose(cube.copy()))
    with pytest.raises(ValueError, match="repeated axis in transpose"):
        jitted(transposes)(cube, (0, 0, 1))
    with pytest.raises(ValueError):
        jitted(transposes)(cube, (0, 3, 1))


def expand_axis_three(a):
    return np.expand_dims(a, 3)


def assert_same_view(got, expected):
    """Equal as `assert_same`, and laid out alike: the same strides wherever the extent is not 1."""
    assert_same(got, expected)
    assert [stride for stride, extent in zip(got.strides, got.shape) if extent != 1] == [
        stride for stride, extent in zip(expected.strides, expected.shape) if extent != 1
    ]


@pytest.mark.parametrize("dtype", ["float64", "int32", "bool"])
def test_axis_views_match_numpy_on_every_layout(dtype):
    cube = np.arange(24).reshape(2, 3, 4).astype(dtype)
    views = jitted(view_functions)
    for a in [cube, cube.T, cube[:, ::2, 1:], cube[0], cube[0].T, cube[1, 1], cube[:, None, 1]]:
        for i in range(-a.ndim, a.ndim):
            for j in range(-a.ndim, a.ndim):
                for got, expected in zip(views(a, i, j), view_functions(a, i, j)):
                    assert_same_view(got, expected)
    # NumPy's AxisError is a ValueError.
    with pytest.raises(ValueError):
        views(cube, 3, 0)
    with pytest.raises(ValueError):
        views(cube, 0, -4)
    with pytest.raises(ValueError):
        jitted(expand_axis_three)(cube[0])


def walks_every_index(a):
    total = 0.0
    for index, value in np.ndenumerate(a):
        total += value * (index[0] + 2 * index[-1] + 3 * index[a.ndim // 2])
    for index in np.ndindex(a.shape):
        total -= a[index] * index[1]
    return total


@pytest.mark.parametrize("shape", [(2, 3, 1, 2, 3), (2, 1, 3, 2, 2, 3), (1, 2, 2, 1, 2, 2, 2)])
def test_views_and_walks_of_five_to_seven_dimensions_match_numpy(shape):
    a = np.arange(int(np.prod(shape)), dtype=np.float64).reshape(shape)
    views = jitted(view_functions)
    for layout in [a, a.T]:
        for i, j in [(0, -1), (1, 3), (-2, 2)]:
            for got, expected in zip(views(layout, i, j), view_functions(layout, i, j)):
                assert_same_view(got, expected)
        assert jitted(walks_every_index)(layout) == walks_every_index(layout)
        np.testing.assert_array_equal(jitted(lambda_free_sort)(layout, 2), np.sort(layout, axis=2))


def lambda_free_sort(a, axis):
    return np.sort(a, axis=axis)


def squeezed(a, axis):
    return np.squeeze(a, axis), a.squeeze(axis)


def test_squeeze_of_an_axis_matches_numpy():
    a = np.arange(6.0).reshape(2, 1, 3, 1)
    for axis in [1, 3, -1, -3]:
        for got, expected in zip(jitted(squeezed)(a, axis), squeezed(a, axis)):
            assert_same_view(got, expected)
    for axis in [0, 2]:
        compare_with_numpy(squeezed, a, axis)
    with pytest.raises(ValueError):
        jitted(squeezed)(a, 4)


def write_through_views(a):
    np.swapaxes(a, 0, 1)[2, 0] = -1.0
    np.expand_dims(a, 0)[0, 1, 2] = -2.0
    np.moveaxis(a, 1, 0)[0, 1] = -3.0
    return a


def test_axis_views_alias_their_array():
    compare_with_numpy(write_through_views, np.arange(12.0).reshape(3, 4))


def broadcasts(a, n):
    return np.broadcast_to(a, (n, 2, a.shape[-1])), np.broadcast_to(a[:1], (3, a.shape[-1])), np.broadcast_to(2.5, (2, 3)), np.broadcast_to(a[0], a.shape[-1])


def broadcast_to_mismatch(a):
    return np.broadcast_to(a, (3, 2))


def broadcast_to_negative(a):
    return np.broadcast_to(a, (-1, 3))


def test_broadcast_to_gives_read_only_views_as_numpy():
    for a in [np.arange(3.0).reshape(1, 3), np.arange(6).reshape(2, 3)[:1, ::-1], np.ones((1, 1), dtype=np.float32)]:
        for got, expected in zip(jitted(broadcasts)(a, 4), broadcasts(a, 4)):
            assert_same_view(got, expected)
            assert not got.flags.writeable
    compare_with_numpy(broadcasts, np.arange(6.0).reshape(2, 3), 4)
    compare_with_numpy(broadcast_to_mismatch, np.arange(3.0))
    compare_with_numpy(broadcast_to_negative, np.arange(3.0))

    @njit
    def write_into_broadcast(a):
        view = np.broadcast_to(a, (2, 3))
        view[0, 0] = 1.0
        return view

    with pytest.raises(errors.TypingError, match=r"test_prelude.py:\d+:\d+: error: cannot write into a read-only array"):
        write_into_broadcast(np.arange(3.0))


def broadcast_pairs(a, b):
    return np.broadcast_arrays(a, b)


def broadcast_triples(a, b, c):
    return np.broadcast_arrays(a, b, c)


def broadcast_shapes_of(a, b):
    return np.broadcast_shapes(a.shape, b.shape), np.broadcast_shapes(a.shape, 4, (1, 1, 1)), np.broadcast_shapes(a.shape)


def test_broadcast_arrays_and_shapes_as_numpy():
    pairs = [(np.arange(3.0), np.ones((2, 1))), (np.arange(4).reshape(4, 1), np.arange(5.0)[::-1]), (np.ones((2, 1, 3), np.float32), np.arange(4.0).reshape(4, 1)), (np.arange(3.0), np.arange(2.0))]
    for a, b in pairs:
        compare_with_numpy(broadcast_pairs, a, b)
        compare_with_numpy(broadcast_triples, a, b, 2.5)
        compare_with_numpy(broadcast_shapes_of, a, b)
    for view in jitted(broadcast_pairs)(np.arange(3.0), np.ones((2, 1))):
        assert not view.flags.writeable


def three_geometric(start, stop):
    return np.geomspace(start, stop, 3)


def geometric_sequences(start, stop):
    return np.geomspace(start, stop, 5), np.geomspace(start, stop, 4, endpoint=False), np.geomspace(start, stop, 1), np.geomspace(start, stop)


@pytest.mark.parametrize("start, stop", [(1.0, 1000.0), (-2.0, -64.0), (3, 3), (0.5, 7.25)])
def test_geomspace_matches_numpy(start, stop):
    # Powers are libm's, not NumPy's SIMD code: within 4 ulp (docs/decisions.md); the ends exact.
    for got, expected in zip(jitted(geometric_sequences)(start, stop), geometric_sequences(start, stop)):
        assert got.dtype == expected.dtype and got.shape == expected.shape
        np.testing.assert_array_max_ulp(got, expected, maxulp=4)
        assert got[0] == expected[0]
    with pytest.raises(ValueError, match="cannot include zero"):
        jitted(three_geometric)(0.0, 2.0)


def sequences_and_products(a, b, m):
    return (
        np.correlate(a, b), np.correlate(a, b, "full"), np.correlate(a, b, mode="same"), np.correlate(b, a, "full"), np.correlate(b, a),
        np.inner(a, a), np.inner(m, m), np.inner(a[:3], m), np.inner(m, a[:3]), np.vdot(m, m), np.vdot(a, a),
        np.indices((2,)), np.indices((2, 3)), np.indices((2, 1, 3)),
    )


@pytest.mark.parametrize("dtype", ["float64", "int64", "float32"])
def test_sequences_and_products_match_numpy(dtype):
    a = np.array([1, 2, 3, 4, 5]).astype(dtype)
    m = np.arange(6).reshape(2, 3).astype(dtype)
    compare_with_numpy(sequences_and_products, a, np.array([2, 1, -1]).astype(dtype), m)
    compare_with_numpy(sequences_and_products, a, np.array([3]).astype(dtype), m.T)


def joins_and_orders(a, b):
    return (
        np.dstack((a, b)), np.dstack((a[0], b[0])), np.dstack([a, b]), np.dstack([a[0], b[0]]), np.dstack((a, b, a)),
        np.ascontiguousarray(a), np.asfortranarray(a), np.ascontiguousarray(a[:, ::2]), np.asfortranarray(a[0]),
    )


@pytest.mark.parametrize("layout", ["C", "F", "strided"])
def test_dstack_and_orders_match_numpy(layout):
    a = {"C": np.arange(6.0).reshape(2, 3), "F": np.asfortranarray(np.arange(6.0).reshape(2, 3)), "strided": np.arange(12.0).reshape(2, 6)[:, ::2]}[layout]
    compare_with_numpy(joins_and_orders, a, -a)
    c, f = jitted(joins_and_orders)(a, a)[5:7]
    assert c.flags.c_contiguous and f.flags.f_contiguous


def statistics_along_axes(a):
    return (
        np.var(a, axis=0), np.var(a, axis=1, ddof=1), np.std(a, axis=-1), np.std(a, ddof=1), np.var(a, ddof=2), a.var(axis=0),
        a.std(0, ddof=1), np.median(a, axis=0), np.median(a, axis=1), np.quantile(a, 0.3, axis=0), np.percentile(a, 75, axis=1),
        np.median(a[0], axis=0), np.median(a, axis=-2),
    )


def statistics_of_cubes(a):
    return np.var(a, axis=1), np.median(a, axis=2), np.std(a, axis=0, ddof=1), np.quantile(a, 0.5, axis=-1)


@pytest.mark.parametrize("dtype", ["float64", "float32", "int64"])
def test_statistics_along_an_axis_match_numpy(dtype):
    m = (np.arange(12.0).reshape(3, 4) ** 1.5).astype(dtype)
    for a in [m, np.asfortranarray(m), m.T, m[:, ::-1]]:
        compare_with_numpy(statistics_along_axes, a)
    compare_with_numpy(statistics_of_cubes, np.random.default_rng(5).normal(size=(2, 3, 4)).astype(dtype))
    compare_with_numpy(statistics_along_axes, np.array([[1.0, np.nan, 3.0], [4.0, 5.0, 6.0]]).astype(dtype) if dtype != "int64" else m)


def variance_along_missing_axis(a):
    return np.var(a, axis=2)


def test_statistics_along_a_missing_axis_raise():
    with pytest.raises(ValueError):
        jitted(variance_along_missing_axis)(np.ones((2, 3)))


@njit
def unique_counts(a):
    return np.unique(a, return_counts=True)


@njit
def unique_index(a):
    return np.unique(a, return_index=True)


@njit
def unique_inverse(a):
    return np.unique(a, return_inverse=True)


@njit
def unique_index_inverse(a):
    return np.unique(a, True, True)


@njit
def unique_index_counts(a):
    return np.unique(a, return_counts=True, return_index=True)


@njit
def unique_inverse_counts(a):
    return np.unique(a, return_inverse=True, return_counts=True, return_index=False)


@njit
def unique_everything(a):
    return np.unique(a, return_index=True, return_inverse=True, return_counts=True)


UNIQUE_FLAGS = {
    unique_counts: {"return_counts": True},
    unique_index: {"return_index": True},
    unique_inverse: {"return_inverse": True},
    unique_index_inverse: {"return_index": True, "return_inverse": True},
    unique_index_counts: {"return_index": True, "return_counts": True},
    unique_inverse_counts: {"return_inverse": True, "return_counts": True},
    unique_everything: {"return_index": True, "return_inverse": True, "return_counts": True},
}


@njit
def unique_without_counts(a):
    return np.unique(a, return_counts=False)


@njit
def unique_counts_given_at_run_time(a, flag):
    return np.unique(a, return_counts=flag)


@pytest.mark.parametrize("dtype", ["float64", "float32", "int64", "uint8", "bool"])
@pytest.mark.parametrize("ndim", [1, 2])
def test_unique_with_counts_matches_numpy(dtype, ndim):
    for a in arrays(dtype, ndim):
        assert_same_nested(unique_counts(a), np.unique(a, return_counts=True))
        assert_same(unique_without_counts(a), np.unique(a))


@pytest.mark.parametrize("compiled", UNIQUE_FLAGS, ids=lambda compiled: compiled.__name__)
@pytest.mark.parametrize("dtype", ["float64", "int64", "bool"])
@pytest.mark.parametrize("ndim", [1, 2])
def test_unique_index_inverse_and_counts_match_numpy(compiled, dtype, ndim):
    for a in arrays(dtype, ndim):
        assert_same_nested(compiled(a), np.unique(a, **UNIQUE_FLAGS[compiled]))


def test_unique_counts_need_a_literal():
    with pytest.raises(errors.UnsupportedError, match="literal True or False"):
        unique_counts_given_at_run_time(np.arange(3.0), True)


@njit
def squeeze_without_axis(a):
    return a.squeeze()


def test_squeeze_without_axis_is_refused_at_the_call():
    with pytest.raises(errors.UnsupportedError, match=r"test_prelude.py:\d+:\d+: error: .squeeze\(\): needs axis="):
        squeeze_without_axis(np.ones((3, 1)))


@njit
def squeeze_with_too_many_arguments(a):
    return a.squeeze(1, 2)


def test_a_methods_argument_count_error_names_it_once():
    # The method's name was printed with its parentheses twice (".squeeze()()").
    with pytest.raises(errors.TypingError, match=r"error: \.squeeze\(\) takes 2 positional arguments but 3 were given") as raised:
        squeeze_with_too_many_arguments(np.ones((3, 1)))
    assert "()()" not in str(raised.value)
