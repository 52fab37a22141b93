"""More NumPy functions of the prelude: np.sinc, the triangle index functions, np.fill_diagonal,
np.extract, np.resize, np.shape, np.size, np.iscomplexobj/isrealobj, the window functions, np.unwrap,
np.setxor1d, np.tril/np.triu of vectors and stacks, np.diagonal, np.trim_zeros, np.roots (real
roots), np.diag_indices and .item() of numbers. Every case runs the same function under
NumPy (the undecorated function) and under rumba and compares values, dtypes and shapes, and what
each did to its array arguments."""
import numpy as np
import pytest

from rumba import errors, njit


def assert_same(got, expected):
    if isinstance(expected, (tuple, list)):
        assert type(got) is type(expected) and len(got) == len(expected)
        for got_item, expected_item in zip(got, expected):
            assert_same(got_item, expected_item)
        return
    if expected is None:
        assert got is None
        return
    got_array, expected_array = np.asarray(got), np.asarray(expected)
    if isinstance(expected, np.ndarray):
        assert got_array.dtype == expected_array.dtype, (got_array.dtype, expected_array.dtype)
    else:
        assert isinstance(got, type(expected.item() if isinstance(expected, np.generic) else expected)), (got, expected)
    assert got_array.shape == expected_array.shape, (got_array.shape, expected_array.shape)
    single = np.float32 in (got_array.dtype, expected_array.dtype)
    np.testing.assert_allclose(got_array, expected_array, rtol=1e-6 if single else 1e-12, atol=1e-15, equal_nan=True)


def copies(arguments):
    return [argument.copy(order="K") if isinstance(argument, np.ndarray) else argument for argument in arguments]


def differential(function, *arguments, **keywords):
    """Runs `function` under NumPy and under rumba on copies of the same arguments; compares the
    results, or the exceptions' types, and what each did to its array arguments."""
    numpy_arguments, rumba_arguments = copies(arguments), copies(arguments)
    try:
        expected = function(*numpy_arguments, **keywords)
    except Exception as error:  # noqa: BLE001 - the exception is the outcome to compare
        with pytest.raises(type(error)):
            njit(function)(*rumba_arguments, **keywords)
        return
    got = njit(function)(*rumba_arguments, **keywords)
    assert_same(got, expected)
    for after_numpy, after_rumba in zip(numpy_arguments, rumba_arguments):
        if isinstance(after_numpy, np.ndarray):
            np.testing.assert_array_equal(after_rumba, after_numpy)


rng = np.random.default_rng(23)


def sinc(x):
    return np.sinc(x)


@pytest.mark.filterwarnings("ignore:invalid value encountered in sin:RuntimeWarning")
@pytest.mark.parametrize(
    "x",
    [
        np.array([0.0, 0.5, -1.5, 2.0, 1e-30, -0.0, np.inf, np.nan]),
        np.array([-3, 0, 1, 7]),
        np.array([0.0, 0.25, -2.5], dtype=np.float32),
        rng.standard_normal((3, 4)),
        np.array([0.5 + 0.5j, 0j, -1.0 + 2.0j]),
        np.zeros(0),
        0.0,
        0.37,
        -2,
        0,
    ],
    ids=repr,
)
def test_sinc(x):
    differential(sinc, x)


def tril_indices(n, k, m):
    return np.tril_indices(n, k, m)


def triu_indices(n, k, m):
    return np.triu_indices(n, k=k, m=m)


def tril_indices_default(n):
    return np.tril_indices(n)


def triu_indices_default(n):
    return np.triu_indices(n)


@pytest.mark.parametrize("n", [0, 1, 4])
@pytest.mark.parametrize("k", [-5, -2, -1, 0, 1, 3])
@pytest.mark.parametrize("m", [None, 0, 2, 6])
def test_triangle_indices(n, k, m):
    differential(tril_indices, n, k, m)
    differential(triu_indices, n, k, m)


def test_triangle_indices_defaults():
    for n in (0, 1, 5):
        differential(tril_indices_default, n)
        differential(triu_indices_default, n)


def tril_indices_from(a, k):
    return np.tril_indices_from(a, k)


def triu_indices_from(a, k):
    return np.triu_indices_from(a, k=k)


def triangle_of(a):
    # Indexing with the result, as the functions are used.
    rows, columns = np.triu_indices_from(a)
    total = 0.0
    for i in range(rows.shape[0]):
        total += a[rows[i], columns[i]]
    return total


@pytest.mark.parametrize("shape", [(4, 4), (3, 5), (5, 2), (0, 3), (1, 1)], ids=str)
@pytest.mark.parametrize("k", [-2, 0, 1])
def test_triangle_indices_from(shape, k):
    a = rng.standard_normal(shape)
    differential(tril_indices_from, a, k)
    differential(triu_indices_from, a, k)
    differential(triangle_of, a)


def test_triangle_indices_from_needs_a_matrix():
    with pytest.raises(errors.UnsupportedError, match="2 dimension"):
        njit(tril_indices_from)(np.zeros(3), 0)


def fill_diagonal(a, val, wrap):
    np.fill_diagonal(a, val, wrap)
    return a


def fill_diagonal_default(a, val):
    np.fill_diagonal(a, val)


def fill_diagonal_list(a):
    np.fill_diagonal(a, [1.0, 2.0])
    return a


def fill_diagonal_of_view(a, val):
    np.fill_diagonal(a[1:, ::2], val)


@pytest.mark.parametrize("shape", [(4, 4), (3, 5), (7, 3), (8, 2), (1, 1), (0, 0), (3, 0), (3, 3, 3), (2, 2, 2, 2)], ids=str)
@pytest.mark.parametrize("wrap", [False, True])
@pytest.mark.parametrize("val", [2.5, np.array([1.0, -2.0]), np.arange(1.0, 12.0), np.zeros(0)], ids=repr)
def test_fill_diagonal(shape, wrap, val):
    differential(fill_diagonal, rng.standard_normal(shape), val, wrap)


def test_fill_diagonal_layouts_and_types():
    differential(fill_diagonal_default, np.asfortranarray(rng.standard_normal((4, 6))), 9.0)
    differential(fill_diagonal_of_view, rng.standard_normal((7, 9)), np.array([5.0, 6.0]))
    differential(fill_diagonal_list, np.zeros((5, 5)))
    differential(fill_diagonal_default, np.zeros((3, 3), dtype=np.int64), 7)
    differential(fill_diagonal_default, np.zeros((3, 3), dtype=np.int64), 2.75)
    differential(fill_diagonal_default, np.zeros((3, 4), dtype=np.int32), np.array([1.5, -2.5]))
    differential(fill_diagonal_default, np.zeros((3, 3), dtype=np.bool_), True)
    differential(fill_diagonal_default, np.zeros((3, 3), dtype=np.complex128), 1 + 2j)


def test_fill_diagonal_errors():
    differential(fill_diagonal_default, np.zeros(4), 1.0)
    differential(fill_diagonal_default, np.zeros((3, 3, 2)), 1.0)


def extract(condition, arr):
    return np.extract(condition, arr)


def extract_where_positive(a):
    return np.extract(a > 0, a)


@pytest.mark.parametrize(
    "condition, arr",
    [
        (np.array([[True, False, True], [False, True, True]]), np.arange(6.0).reshape(2, 3)),
        (np.array([0, 3, 0, -1]), np.array([5, 6, 7, 8])),
        (np.array([True, True]), np.arange(5)),
        (np.array([True, False, False, False, False, False]), np.arange(3.0)),
        (np.array([False, False, False, True]), np.arange(3.0)),
        (np.zeros(0, dtype=np.bool_), np.zeros(0)),
        (np.array([1.0, 0.0, np.nan]), np.array([1 + 1j, 2j, 3.0 + 0j])),
    ],
    ids=str,
)
def test_extract(condition, arr):
    differential(extract, condition, arr)


def test_extract_of_layouts():
    a = rng.standard_normal((4, 5))
    differential(extract_where_positive, a)
    differential(extract_where_positive, np.asfortranarray(a))
    differential(extract, np.asfortranarray(a > 0), a)


def resize(a, new_shape):
    return np.resize(a, new_shape)


@pytest.mark.parametrize(
    "a",
    [np.arange(6.0), np.arange(12).reshape(3, 4), np.asfortranarray(np.arange(6).reshape(2, 3)), np.zeros(0), np.array([True, False, True])],
    ids=str,
)
@pytest.mark.parametrize("new_shape", [0, 1, 4, 13, (2, 5), (5, 2), (0, 3), (2, 3, 4), (3, -1), -2], ids=str)
def test_resize(a, new_shape):
    differential(resize, a, new_shape)


def resize_list(n):
    return np.resize([1.5, 2.5], n)


def test_resize_of_numbers_and_lists():
    differential(resize, 2.5, (2, 2))
    differential(resize, 7, 3)
    differential(resize_list, 5)


def shape(a):
    return np.shape(a)


def size(a):
    return np.size(a)


@pytest.mark.parametrize("a", [np.zeros(3), np.zeros((2, 5)), np.zeros((0, 4, 2)), np.zeros((3, 4)).T, 2.5, 7, 1j], ids=repr)
def test_shape_and_size(a):
    differential(shape, a)
    differential(size, a)


def iscomplexobj(x):
    return np.iscomplexobj(x)


def isrealobj(x):
    return np.isrealobj(x)


@pytest.mark.parametrize(
    "x",
    [np.zeros(2), np.zeros(2, dtype=np.float32), np.arange(3), np.zeros(2, dtype=np.bool_), np.zeros((2, 2), dtype=np.complex128), 1.5, 3, True, 2j],
    ids=repr,
)
def test_iscomplexobj_and_isrealobj(x):
    differential(iscomplexobj, x)
    differential(isrealobj, x)


def hanning(M):
    return np.hanning(M)


def hamming(M):
    return np.hamming(M)


def bartlett(M):
    return np.bartlett(M)


def blackman(M):
    return np.blackman(M)


@pytest.mark.parametrize("window", [hanning, hamming, bartlett, blackman])
@pytest.mark.parametrize("M", [-3, 0, 1, 2, 3, 6, 51])
def test_windows(window, M):
    differential(window, M)


def test_windows_take_an_integer():
    with pytest.raises(errors.UnsupportedError, match="integer M"):
        njit(hanning)(5.0)


def kaiser(M, beta):
    return np.kaiser(M, beta)


@pytest.mark.parametrize("M", [-2, 0, 1, 2, 5, 40])
@pytest.mark.parametrize("beta", [0.0, 2.5, 8.6, 14, 30.0, -5.0])
def test_kaiser(M, beta):
    differential(kaiser, M, beta)


def unwrap(p):
    return np.unwrap(p)


def unwrap_with(p, discont, period):
    return np.unwrap(p, discont, period=period)


def unwrap_axis(p):
    return np.unwrap(p, axis=0)


def unwrap_bad_axis(p):
    return np.unwrap(p, axis=1)


PHASES = np.cumsum(rng.uniform(-2.5, 2.5, 40))
WRAPPED = np.angle(np.exp(1j * PHASES))


@pytest.mark.parametrize(
    "p",
    [
        WRAPPED,
        PHASES,
        WRAPPED.astype(np.float32),
        np.array([0.0, np.pi, 2 * np.pi, np.pi, 0.0, -np.pi]),
        np.array([0.0, 3.0, 6.5, 1.0, np.nan, 2.0]),
        np.array([0, 4, 8, 1, -6]),
        np.array([1.5]),
        np.zeros(0),
    ],
    ids=repr,
)
def test_unwrap(p):
    differential(unwrap, p)
    differential(unwrap_axis, p)


@pytest.mark.parametrize(
    "p, discont, period",
    [
        (np.degrees(WRAPPED), None, 360.0),
        (np.degrees(WRAPPED), 200.0, 360.0),
        (WRAPPED, 1.0, 6.283185307179586),
        (WRAPPED, 5.0, 6.283185307179586),
        (np.array([0, 1, 2, -1, 0, 3, 2]), None, 4),
        (np.array([0, 1, 2, -1, 0, 3, 2]), None, 5),
        (np.array([0, 5, 9, 2, 11]), 3, 10),
        (np.array([0, 5, 9, 2, 11]), None, 10.0),
        (np.array([0.0, 5.0, 9.0, 2.0]), None, 10),
    ],
    ids=repr,
)
def test_unwrap_discont_and_period(p, discont, period):
    differential(unwrap_with, p, discont, period)


def test_unwrap_axis_out_of_bounds():
    with pytest.raises(ValueError):
        njit(unwrap_bad_axis)(WRAPPED)


def setxor1d(a, b):
    return np.setxor1d(a, b)


def setxor1d_unique(a, b):
    return np.setxor1d(a, b, assume_unique=True)


@pytest.mark.parametrize(
    "a, b",
    [
        (np.array([1, 2, 3, 2, 4]), np.array([2, 3, 5, 7, 5])),
        (np.array([[4, 1], [1, 9]]), np.array([9, 0])),
        (np.array([1.5, np.nan, 2.0]), np.array([np.nan, 2.0, -1.0])),
        (np.array([1.5, 2.0]), np.array([2, 3])),
        (np.zeros(0), np.array([3.0, 1.0, 3.0])),
        (np.zeros(0, dtype=np.int64), np.zeros(0, dtype=np.int64)),
        (np.array([5, 1, 3]), np.array([3, 2, 8])),
    ],
    ids=str,
)
def test_setxor1d(a, b):
    differential(setxor1d, a, b)
    differential(setxor1d_unique, np.unique(a), np.unique(b))


def tril(m, k):
    return np.tril(m, k)


def triu(m, k):
    return np.triu(m, k=k)


def tril_default(m):
    return np.tril(m)


def triu_default(m):
    return np.triu(m)


@pytest.mark.parametrize(
    "m",
    [
        np.array([1.0, 2.5, -3.0, 4.0]),
        np.array([1, 2, 3]),
        np.array([True, True]),
        np.array([1 + 1j, 2 - 1j, 3j]),
        np.zeros(0),
        rng.standard_normal((3, 5)),
        np.asfortranarray(rng.standard_normal((4, 2))),
        rng.standard_normal((2, 3, 4)),
        rng.integers(-5, 5, (2, 2, 3, 3)),
    ],
    ids=str,
)
@pytest.mark.parametrize("k", [-4, -1, 0, 2])
def test_tril_and_triu_of_vectors_and_stacks(m, k):
    differential(tril, m, k)
    differential(triu, m, k)
    differential(tril_default, m)
    differential(triu_default, m)


def diagonals(m, offset):
    return np.diagonal(m), m.diagonal(offset), np.diagonal(m, offset)


@pytest.mark.parametrize("m", [np.arange(12.0).reshape(3, 4), np.asfortranarray(rng.standard_normal((4, 2))), np.arange(9).reshape(3, 3)], ids=str)
@pytest.mark.parametrize("offset", [-2, 0, 1, 5])
def test_diagonal(m, offset):
    differential(diagonals, m, offset)


def trimmed(filt, trim):
    return np.trim_zeros(filt, trim), np.trim_zeros(filt)


@pytest.mark.parametrize("filt", [np.array([0.0, 0, 1, 2, 0, 3, 0]), np.array([0, 0, 0]), np.array([4, 0]), np.zeros(0)], ids=str)
@pytest.mark.parametrize("trim", ["f", "b", "fb", "BF"])
def test_trim_zeros(filt, trim):
    differential(trimmed, filt, trim)


def sorted_roots(p):
    return np.sort(np.roots(p))


@pytest.mark.parametrize("p", [
    np.array([1.0, -6.0, 11.0, -6.0]),
    np.array([0.0, 0.0, 2.0, -4.0, 0.0, 0.0]),
    np.array([3, -3]),
    np.array([5.0]),
    np.zeros(3),
], ids=str)
def test_roots_of_real_roots(p):
    differential(sorted_roots, p)


def diagonal_indices(n):
    return np.diag_indices(n)


@pytest.mark.parametrize("n", [0, 1, 4])
def test_diag_indices(n):
    differential(diagonal_indices, n)


def item_of_a_sum(a):
    return a.sum().item(), a[1].item()


def test_item_of_a_number():
    differential(item_of_a_sum, np.arange(4.0))
