"""np.linalg inside compiled code, through LAPACK, against NumPy's own np.linalg on the same inputs:
well-conditioned random matrices (tolerances scaled by the condition number), several dtypes and
layouts, singular, non-square and empty inputs, and the errors NumPy raises (LinAlgError,
ValueError). Decompositions are compared through what defines them (A = Q R, A v = w v) where the
factors' signs are LAPACK's choice."""
import numpy as np
import numpy.linalg
import pytest
from numpy.linalg import inv as imported_inv

import rumba
from rumba import errors, njit

rng = np.random.default_rng(16)
linalg_alias = np.linalg


def well_conditioned(n, m=None, dtype=np.float64):
    m = n if m is None else m
    a = rng.standard_normal((n, m))
    a[: min(n, m), : min(n, m)] += 3 * np.eye(min(n, m))
    return a.astype(dtype)


def symmetric_positive(n, dtype=np.float64):
    a = rng.standard_normal((n, n))
    return (a @ a.T + n * np.eye(n)).astype(dtype)


def layouts(a):
    """`a` as C, F, a strided view and an integer-free copy through a transpose."""
    padded = np.zeros((a.shape[0], 2 * a.shape[1]), dtype=a.dtype)
    padded[:, ::2] = a
    return [a.copy(), np.asfortranarray(a), padded[:, ::2], a.T.copy().T]


def tolerance(a):
    single = np.asarray(a).dtype == np.float32
    condition = np.linalg.cond(np.asarray(a, dtype=np.float64)) if np.asarray(a).ndim == 2 and min(np.asarray(a).shape) > 0 else 1.0
    return (1e-4 if single else 1e-11) * max(condition, 1.0)


def assert_close(got, expected, rtol):
    # Numbers come back as Python floats, as Numba boxes them; arrays keep NumPy's dtype.
    if isinstance(expected, np.ndarray):
        assert isinstance(got, np.ndarray) and got.dtype == expected.dtype, (type(got), got.dtype, expected.dtype)
    got, expected = np.asarray(got), np.asarray(expected)
    assert got.shape == expected.shape, (got.shape, expected.shape)
    np.testing.assert_allclose(got, expected, rtol=rtol, atol=rtol * max(1.0, float(np.abs(expected).max(initial=0))))


def inv(a):
    return np.linalg.inv(a)


def solve(a, b):
    return np.linalg.solve(a, b)


def det(a):
    return np.linalg.det(a)


def slogdet(a):
    return np.linalg.slogdet(a)


def cholesky(a):
    return np.linalg.cholesky(a)


def eigh(a):
    return np.linalg.eigh(a)


def eigh_upper(a):
    return np.linalg.eigh(a, UPLO="U")


def eigvalsh(a):
    return np.linalg.eigvalsh(a)


def eig(a):
    return np.linalg.eig(a)


def eigvals(a):
    return np.linalg.eigvals(a)


def svd(a):
    return np.linalg.svd(a)


def svd_reduced(a):
    return np.linalg.svd(a, full_matrices=False)


def singular_values(a):
    return np.linalg.svd(a, compute_uv=False), np.linalg.svd(a, False, False)


def svd_flag_at_run_time(a, flag):
    return np.linalg.svd(a, compute_uv=flag)


def qr(a):
    return np.linalg.qr(a)


def qr_complete(a):
    return np.linalg.qr(a, mode="complete")


def qr_r(a):
    return np.linalg.qr(a, mode="r")


def lstsq(a, b):
    return np.linalg.lstsq(a, b)


def pinv(a):
    return np.linalg.pinv(a)


def matrix_rank(a):
    return np.linalg.matrix_rank(a)


def cond(a):
    return np.linalg.cond(a)


def matrix_power(a, n):
    return np.linalg.matrix_power(a, n)


@pytest.mark.parametrize("dtype", [np.float64, np.float32, np.int64])
@pytest.mark.parametrize("n", [1, 4, 17])
def test_inv_det_slogdet(dtype, n):
    base = well_conditioned(n) if dtype != np.int64 else np.round(well_conditioned(n) * 3)
    for a in layouts(base.astype(dtype)):
        rtol = tolerance(a)
        assert_close(njit(inv)(a), inv(a), rtol)
        assert_close(njit(det)(a), det(a), rtol)
        sign, logdet = njit(slogdet)(a)
        expected_sign, expected_logdet = slogdet(a)
        assert sign == expected_sign
        assert abs(logdet - expected_logdet) <= rtol * max(1.0, abs(expected_logdet))


def test_singular_matrices():
    singular = np.array([[1.0, 2.0], [2.0, 4.0]])
    with pytest.raises(np.linalg.LinAlgError, match="Singular matrix"):
        njit(inv)(singular)
    with pytest.raises(np.linalg.LinAlgError, match="Singular matrix"):
        njit(solve)(singular, np.ones(2))
    assert njit(det)(np.zeros((3, 3))) == 0.0
    sign, logdet = njit(slogdet)(np.zeros((3, 3)))
    assert sign == 0.0 and logdet == -np.inf


def test_non_square_and_empty():
    for function in (inv, det, cholesky, eigvalsh):
        with pytest.raises(np.linalg.LinAlgError, match="square"):
            njit(function)(np.ones((2, 3)))
    assert njit(inv)(np.ones((0, 0))).shape == (0, 0)
    assert njit(det)(np.ones((0, 0))) == 1.0


@pytest.mark.parametrize("dtype", [np.float64, np.float32])
def test_solve(dtype):
    a = well_conditioned(9, dtype=dtype)
    rtol = tolerance(a)
    for b in (rng.standard_normal(9).astype(dtype), rng.standard_normal((9, 3)).astype(dtype), rng.standard_normal((9, 6))[:, ::2].astype(dtype)):
        for layout in layouts(a):
            assert_close(njit(solve)(layout, b), solve(layout, b), rtol)
    with pytest.raises(ValueError, match="mismatch"):
        njit(solve)(a, np.ones(4, dtype=dtype))


def test_solve_mixes_types_as_numpy():
    a, b = well_conditioned(5, dtype=np.float32), rng.standard_normal(5)
    # NumPy solves in float64, the common type: so must rumba.
    assert_close(njit(solve)(a, b), solve(a, b), tolerance(a.astype(np.float64)))


@pytest.mark.parametrize("dtype", [np.float64, np.float32])
def test_cholesky(dtype):
    a = symmetric_positive(7, dtype)
    assert_close(njit(cholesky)(a), cholesky(a), tolerance(a))
    with pytest.raises(np.linalg.LinAlgError, match="not positive definite"):
        njit(cholesky)(-np.eye(3))


@pytest.mark.parametrize("function", [eigh, eigh_upper])
def test_eigh(function):
    a = symmetric_positive(8)
    # Only one triangle is read: spoil the other.
    spoiled = np.tril(a) if function is eigh else np.triu(a)
    w, v = njit(function)(spoiled)
    expected_w, _ = function(spoiled)
    assert_close(w, expected_w, tolerance(a))
    np.testing.assert_allclose(a @ v, v * w, atol=1e-9 * np.abs(a).max())
    assert_close(njit(eigvalsh)(a), eigvalsh(a), tolerance(a))


def test_eig_of_a_real_spectrum():
    q, _ = np.linalg.qr(rng.standard_normal((6, 6)))
    a = q @ np.diag([1.0, 2.0, 3.0, -4.0, 5.0, 6.5]) @ q.T + 0.01 * np.triu(np.ones((6, 6)), 1)
    w, v = njit(eig)(a)
    assert_close(np.sort(w), np.sort(eig(a)[0].real), 1e-9)
    np.testing.assert_allclose(a @ v, v * w, atol=1e-9)
    assert_close(np.sort(njit(eigvals)(a)), np.sort(eigvals(a).real), 1e-9)


def test_eig_refuses_complex_spectra():
    rotation = np.array([[0.0, -1.0], [1.0, 0.0]])
    with pytest.raises(ValueError, match="complex eigenvalues"):
        njit(eig)(rotation)


@pytest.mark.parametrize("shape", [(6, 4), (4, 6), (5, 5), (0, 3)], ids=str)
def test_svd(shape):
    a = well_conditioned(*shape) if min(shape) else np.ones(shape)
    for function in (svd, svd_reduced):
        u, s, vt = njit(function)(a)
        expected_u, expected_s, expected_vt = function(a)
        assert (u.shape, s.shape, vt.shape) == (expected_u.shape, expected_s.shape, expected_vt.shape)
        assert_close(s, expected_s, 1e-11)
        k = s.shape[0]
        np.testing.assert_allclose(u[:, :k] * s @ vt[:k], a, atol=1e-10)
        np.testing.assert_allclose(u.T @ u, np.eye(u.shape[1]), atol=1e-10)
    for got, expected in zip(njit(singular_values)(a), singular_values(a)):
        assert got.shape == expected.shape and got.dtype == expected.dtype
        assert_close(got, expected, 1e-11)
    with pytest.raises(np.linalg.LinAlgError):
        njit(svd)(np.full((2, 2), np.nan))


def test_svd_needs_a_literal_compute_uv():
    with pytest.raises(errors.UnsupportedError, match="compute_uv=...\\) takes the literal True or False"):
        njit(svd_flag_at_run_time)(np.eye(2), False)


@pytest.mark.parametrize("shape", [(6, 4), (4, 6), (5, 5)], ids=str)
def test_qr(shape):
    a = well_conditioned(*shape)
    for function in (qr, qr_complete):
        q, r = njit(function)(a)
        expected_q, expected_r = function(a)
        assert q.shape == expected_q.shape and r.shape == expected_r.shape
        np.testing.assert_allclose(q @ r, a, atol=1e-10)
        np.testing.assert_allclose(q.T @ q, np.eye(q.shape[1]), atol=1e-10)
        np.testing.assert_allclose(np.abs(r), np.abs(expected_r), atol=1e-10)
        assert np.allclose(np.tril(r, -1), 0)
    assert_close(np.abs(njit(qr_r)(a)), np.abs(qr_r(a)), 1e-10)


@pytest.mark.parametrize("shape", [(8, 3), (3, 8), (5, 5)], ids=str)
def test_lstsq(shape):
    a = well_conditioned(*shape)
    for b in (rng.standard_normal(shape[0]), rng.standard_normal((shape[0], 2))):
        x, residuals, rank, s = njit(lstsq)(a, b)
        expected_x, expected_residuals, expected_rank, expected_s = lstsq(a, b)
        assert_close(x, expected_x, 1e-10)
        assert_close(residuals, expected_residuals, 1e-9)
        assert rank == expected_rank
        assert_close(s, expected_s, 1e-11)
    rank_deficient = np.ones((4, 3))
    assert njit(lstsq)(rank_deficient, np.ones(4))[2] == 1


@pytest.mark.parametrize("shape", [(6, 4), (4, 6)], ids=str)
def test_pinv_rank_cond(shape):
    a = well_conditioned(*shape)
    assert_close(njit(pinv)(a), pinv(a), 1e-10)
    assert njit(matrix_rank)(a) == matrix_rank(a)
    assert njit(matrix_rank)(np.ones((4, 4))) == 1
    assert njit(matrix_rank)(np.zeros(3)) == 0
    square = well_conditioned(5)
    assert abs(njit(cond)(square) - cond(square)) <= 1e-10 * cond(square)


def norm(a, order):
    return np.linalg.norm(a, order)


def default_norm(a):
    return np.linalg.norm(a)


def norm_of(order):
    """A function computing the norm of that order, and its compiled form: None as the default,
    the others as an argument."""
    if order is None:
        return default_norm, njit(default_norm)
    compiled = njit(norm)
    return (lambda a: norm(a, order)), (lambda a: compiled(a, order))


@pytest.mark.parametrize("order", [None, "fro", "nuc", 1, -1, 2, -2, np.inf, -np.inf], ids=str)
def test_matrix_norms(order):
    expected, got = norm_of(order)
    for a in layouts(well_conditioned(5, 4)) + [np.arange(12).reshape(3, 4)]:
        assert_close(got(a), expected(a), 1e-12)


@pytest.mark.parametrize("order", [None, 1, 2, 3, 0, np.inf, -np.inf, 0.5], ids=str)
def test_vector_norms(order):
    expected, got = norm_of(order)
    v = rng.standard_normal(11)
    v[3] = 0
    for vector in (v, v[::2], v.astype(np.float32)):
        assert_close(got(vector), expected(vector), 1e-6 if vector.dtype == np.float32 else 1e-12)


def test_norm_along_an_axis():
    def norms(a):
        return np.linalg.norm(a, axis=0), np.linalg.norm(a, axis=1), np.linalg.norm(a, axis=-1), np.linalg.norm(a[0], axis=0)

    a = rng.standard_normal((4, 5))
    for got, expected in zip(njit(norms)(a), norms(a)):
        assert_close(got, expected, 1e-12)


@pytest.mark.parametrize("power", [0, 1, 2, 5, -1, -3])
def test_matrix_power(power):
    a = well_conditioned(4) / 3
    assert_close(njit(matrix_power)(a, power), matrix_power(a, power), 1e-10)
    integers = np.arange(9).reshape(3, 3) % 4
    if power >= 0:
        got = njit(matrix_power)(integers, power)
        assert got.dtype == integers.dtype and np.array_equal(got, matrix_power(integers, power))
    else:
        with pytest.raises(TypeError, match="integer matrix"):
            njit(matrix_power)(integers, power)


def inv_through_aliases(a):
    return imported_inv(a) + linalg_alias.inv(a) + numpy.linalg.inv(a)


def test_linalg_by_any_name():
    a = well_conditioned(4)
    assert_close(njit(inv_through_aliases)(a), 3 * np.linalg.inv(a), 1e-10)


def raises_linalg_error(x):
    if x < 0:
        raise np.linalg.LinAlgError("negative")
    return x


def test_raising_linalg_error():
    with pytest.raises(np.linalg.LinAlgError, match="negative"):
        njit(raises_linalg_error)(-1.0)


def unsupported_linalg(a):
    return np.linalg.tensorinv(a)


def multi_dot_of_an_array(a):
    return np.linalg.multi_dot(a)


def test_an_unsupported_function_is_a_located_error():
    with pytest.raises(rumba.errors.UnsupportedError, match=r"np.linalg.tensorinv is not supported yet"):
        njit(unsupported_linalg)(np.ones((2, 2)))
    with pytest.raises(rumba.errors.UnsupportedError, match=r"np.linalg.multi_dot: takes a list or tuple of arrays written out in the call"):
        njit(multi_dot_of_an_array)(np.ones((2, 2)))


def test_a_vector_is_refused_where_numpy_needs_a_matrix():
    with pytest.raises(rumba.errors.UnsupportedError, match=r"np.linalg.inv of float64\[::1\]"):
        njit(inv)(np.ones(3))


@pytest.mark.parametrize("n", [0, 1, 4, 7])
def test_lu_functions_of_complex_matrices_match_numpy(n):
    # inv, solve, det and slogdet factor complex matrices with LAPACK's z routines.
    rng = np.random.default_rng(n)
    a = rng.standard_normal((n, n)) + 1j * rng.standard_normal((n, n)) + 3 * np.eye(n)
    b = rng.standard_normal((n, 2)) + 1j * rng.standard_normal((n, 2))
    tolerance = 1e-12 * max(1.0, np.linalg.cond(a) if n else 1.0)
    np.testing.assert_allclose(njit(inv)(a), np.linalg.inv(a), rtol=tolerance, atol=tolerance)
    np.testing.assert_allclose(njit(solve)(a, b), np.linalg.solve(a, b), rtol=tolerance, atol=tolerance)
    np.testing.assert_allclose(njit(solve)(a.real.copy(), b[:, 0].copy()), np.linalg.solve(a.real, b[:, 0]), rtol=tolerance, atol=tolerance)
    np.testing.assert_allclose(njit(det)(a), np.linalg.det(a), rtol=tolerance)
    sign, logdet = njit(slogdet)(a)
    expected_sign, expected_logdet = np.linalg.slogdet(a)
    assert isinstance(sign, complex) and isinstance(logdet, float)
    np.testing.assert_allclose((sign, logdet), (expected_sign, expected_logdet), rtol=tolerance, atol=tolerance)


def test_a_singular_complex_matrix_is_a_linalg_error():
    singular = np.array([[1 + 1j, 2 + 2j], [2 + 2j, 4 + 4j]])
    with pytest.raises(np.linalg.LinAlgError, match="Singular matrix"):
        njit(inv)(singular)
    assert njit(slogdet)(singular) == (0j, -np.inf)


def complex_matrix(n, m=None):
    m = n if m is None else m
    a = rng.standard_normal((n, m)) + 1j * rng.standard_normal((n, m))
    a[: min(n, m), : min(n, m)] += 3 * np.eye(min(n, m))
    return a


def hermitian_positive(n):
    a = complex_matrix(n)
    return a @ a.conj().T + n * np.eye(n)


def complex_tolerance(a):
    return 1e-11 * max(np.linalg.cond(a) if min(a.shape) else 1.0, 1.0)


def test_complex_cholesky():
    # zpotrf: L with L L^H = A, as NumPy's.
    a = hermitian_positive(6)
    for layout in layouts(a):
        assert_close(njit(cholesky)(layout), cholesky(layout), complex_tolerance(a))
    with pytest.raises(np.linalg.LinAlgError, match="not positive definite"):
        njit(cholesky)(np.array([[1, 2j], [-2j, 1]]))
    with pytest.raises(np.linalg.LinAlgError, match="square"):
        njit(cholesky)(np.ones((2, 3), dtype=np.complex128))


@pytest.mark.parametrize("function", [eigh, eigh_upper])
def test_complex_eigh(function):
    # zheevd: real eigenvalues, complex eigenvectors; only the named triangle is read.
    a = hermitian_positive(7)
    spoiled = np.tril(a) if function is eigh else np.triu(a)
    w, v = njit(function)(spoiled)
    expected_w, expected_v = function(spoiled)
    assert w.dtype == np.float64 and v.dtype == np.complex128
    assert_close(w, expected_w, complex_tolerance(a))
    np.testing.assert_allclose(a @ v, v * w, atol=1e-9 * np.abs(a).max())
    np.testing.assert_allclose(v.conj().T @ v, np.eye(7), atol=1e-10)
    np.testing.assert_allclose(np.abs(v), np.abs(expected_v), atol=1e-9)
    assert_close(njit(eigvalsh)(a), eigvalsh(a), complex_tolerance(a))


@pytest.mark.parametrize("shape", [(6, 4), (4, 6), (5, 5), (0, 3)], ids=str)
def test_complex_svd(shape):
    a = complex_matrix(*shape) if min(shape) else np.ones(shape, dtype=np.complex128)
    for function in (svd, svd_reduced):
        u, s, vt = njit(function)(a)
        expected_u, expected_s, expected_vt = function(a)
        assert (u.shape, s.shape, vt.shape) == (expected_u.shape, expected_s.shape, expected_vt.shape)
        assert (u.dtype, s.dtype, vt.dtype) == (expected_u.dtype, expected_s.dtype, expected_vt.dtype)
        assert_close(s, expected_s, 1e-11)
        k = s.shape[0]
        np.testing.assert_allclose(u[:, :k] * s @ vt[:k], a, atol=1e-10)
        np.testing.assert_allclose(u.conj().T @ u, np.eye(u.shape[1]), atol=1e-10)
        np.testing.assert_allclose(vt @ vt.conj().T, np.eye(vt.shape[0]), atol=1e-10)
    for got, expected in zip(njit(singular_values)(a), singular_values(a)):
        assert got.shape == expected.shape and got.dtype == expected.dtype
        assert_close(got, expected, 1e-11)
    with pytest.raises(np.linalg.LinAlgError):
        njit(svd)(np.full((2, 2), complex(np.nan, 1)))


@pytest.mark.parametrize("shape", [(6, 4), (4, 6)], ids=str)
def test_complex_pinv_rank_cond(shape):
    a = complex_matrix(*shape)
    assert_close(njit(pinv)(a), pinv(a), complex_tolerance(a))
    assert njit(matrix_rank)(a) == matrix_rank(a)
    rank_one = np.outer(complex_matrix(4, 1), complex_matrix(1, 5))
    assert njit(matrix_rank)(rank_one) == matrix_rank(rank_one) == 1
    assert njit(matrix_rank)(np.zeros(3, dtype=np.complex128)) == 0
    square = complex_matrix(5)
    for p in (None, 2, -2, 1, -1, np.inf, -np.inf, "fro", "nuc"):
        assert abs(njit(cond_of)(square, p) - cond_of(square, p)) <= complex_tolerance(square) * cond_of(square, p)


def cond_of(a, p):
    return np.linalg.cond(a, p)


@pytest.mark.parametrize("order", [None, "fro", "nuc", 1, -1, 2, -2, np.inf, -np.inf], ids=str)
def test_complex_matrix_norms(order):
    expected, got = norm_of(order)
    for a in layouts(complex_matrix(5, 4)):
        got_norm = got(a)
        assert isinstance(got_norm, float)
        assert_close(got_norm, expected(a), 1e-12)


@pytest.mark.parametrize("order", [None, 1, 2, 3, 0, np.inf, -np.inf, 0.5], ids=str)
def test_complex_vector_norms(order):
    expected, got = norm_of(order)
    v = rng.standard_normal(11) + 1j * rng.standard_normal(11)
    v[3] = 0
    for vector in (v, v[::2]):
        assert_close(got(vector), expected(vector), 1e-12)


def test_complex_norm_along_an_axis():
    def norms(a):
        return np.linalg.norm(a, axis=0), np.linalg.norm(a, axis=1), np.linalg.norm(a[0], axis=0)

    a = complex_matrix(4, 5)
    for got, expected in zip(njit(norms)(a), norms(a)):
        assert_close(got, expected, 1e-12)


@pytest.mark.parametrize("shape", [(6, 4), (4, 6), (5, 5)], ids=str)
def test_complex_qr(shape):
    # zgeqrf and zungqr: Q unitary, R upper triangular, |R| as NumPy's.
    a = complex_matrix(*shape)
    for function in (qr, qr_complete):
        q, r = njit(function)(a)
        expected_q, expected_r = function(a)
        assert (q.shape, r.shape, q.dtype, r.dtype) == (expected_q.shape, expected_r.shape, expected_q.dtype, expected_r.dtype)
        np.testing.assert_allclose(q @ r, a, atol=1e-10)
        np.testing.assert_allclose(q.conj().T @ q, np.eye(q.shape[1]), atol=1e-10)
        np.testing.assert_allclose(np.abs(r), np.abs(expected_r), atol=1e-10)
        assert np.allclose(np.tril(r, -1), 0)
    assert_close(np.abs(njit(qr_r)(a)), np.abs(qr_r(a)), 1e-10)


def test_complex_eig():
    # zgeev: complex eigenvalues and eigenvectors (of unit norm, as LAPACK normalises them).
    a = complex_matrix(6)
    w, v = njit(eig)(a)
    expected_w, expected_v = eig(a)
    assert w.dtype == np.complex128 and v.dtype == np.complex128
    order, expected_order = np.argsort(w), np.argsort(expected_w)
    assert_close(w[order], expected_w[expected_order], complex_tolerance(a))
    np.testing.assert_allclose(a @ v, v * w, atol=1e-10 * np.abs(a).max())
    np.testing.assert_allclose(np.abs(v[:, order]), np.abs(expected_v[:, expected_order]), atol=1e-8)
    values = njit(eigvals)(a)
    assert values.dtype == np.complex128
    assert_close(np.sort(values), np.sort(eigvals(a)), complex_tolerance(a))
    assert njit(eigvals)(np.ones((0, 0), dtype=np.complex128)).shape == (0,)
    with pytest.raises(np.linalg.LinAlgError, match="infs or NaNs"):
        njit(eig)(np.full((2, 2), complex(np.inf, 0)))


@pytest.mark.parametrize("shape", [(8, 3), (3, 8), (5, 5)], ids=str)
def test_complex_lstsq(shape):
    a = complex_matrix(*shape)
    for b in (rng.standard_normal(shape[0]) + 1j, rng.standard_normal((shape[0], 2)) + 2j, rng.standard_normal(shape[0])):
        x, residuals, rank, s = njit(lstsq)(a, b)
        expected_x, expected_residuals, expected_rank, expected_s = lstsq(a, b)
        assert_close(x, expected_x, 1e-10)
        assert_close(residuals, expected_residuals, 1e-9)
        assert rank == expected_rank
        assert_close(s, expected_s, 1e-11)
    x, residuals, rank, s = njit(lstsq)(a.real.copy(), np.ones(shape[0]) * 1j)
    assert_close(x, lstsq(a.real, np.ones(shape[0]) * 1j)[0], 1e-10)
    rank_deficient = np.ones((4, 3), dtype=np.complex128)
    assert njit(lstsq)(rank_deficient, np.ones(4))[2] == 1


def test_complex_matrix_power():
    a = complex_matrix(4) / 3
    for power in (2, -1, -3):
        assert_close(njit(matrix_power)(a, power), matrix_power(a, power), 1e-10)


def chain_of_two(a, b):
    return np.linalg.multi_dot([a, b])


def chain_of_three(a, b, c):
    return np.linalg.multi_dot([a, b, c])


def chain_of_four(a, b, c, d):
    return np.linalg.multi_dot((a, b, c, d))


def chain_of_five(a, b, c, d, e):
    return np.linalg.multi_dot([a, b, c, d, e])


def chain_of_six(a, b, c, d, e, f):
    return np.linalg.multi_dot((a, b, c, d, e, f))


def test_multi_dot_matches_numpy_in_its_order():
    # The same products in the same order as NumPy's (chosen by the least multiplications), so
    # the same BLAS calls: equal to rounding of the last product.
    rng = np.random.default_rng(5)
    shapes = [(10, 30), (30, 5), (5, 60), (60, 8)]
    a, b, c, d = (rng.random(shape) for shape in shapes)
    vector_first, vector_last = rng.random(10), rng.random(8)
    cases = [
        (chain_of_two, (a, b)),
        (chain_of_three, (a, b, c)),
        (chain_of_three, (c.T, b.T, a.T)),
        (chain_of_four, (a, b, c, d)),
        (chain_of_four, (d.T, c.T, b.T, a.T)),
        (chain_of_four, (rng.random((4, 4)), rng.random((4, 4)), rng.random((4, 4)), rng.random((4, 4)))),
        (chain_of_four, (vector_first, a, b, c)),
        (chain_of_three, (b, c, d @ np.ones((8, 8)))),
        (chain_of_four, (vector_first, a, np.eye(30), rng.random(30))),
        (chain_of_three, (b.T, b, vector_last[:5])),
        (chain_of_five, (a, b, c, d, rng.random((8, 3)))),
        (chain_of_five, (vector_first, a, np.asfortranarray(b), c, rng.random(60))),
        (chain_of_six, (rng.random((3, 40)), rng.random((40, 2)), rng.random((2, 50)), rng.random((50, 4)), rng.random((4, 30)), rng.random((30, 9)))),
    ]
    for function, arrays in cases:
        got, expected = njit(function)(*arrays), function(*arrays)
        assert_close(got, expected, 1e-13)
