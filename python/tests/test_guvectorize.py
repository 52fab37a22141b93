"""``@guvectorize``: a kernel over core dimensions (``"(n),(n)->()"``) that writes its outputs becomes
a generalised ``numpy.ufunc``: NumPy loops over the outer (broadcast) dimensions and hands each call
the operands' core views, for C, F and strided inputs, with ``out=``, one loop per signature and
``target='parallel'``. Results are compared with NumPy's own operations (``einsum``, ``@``,
``cumsum``), and with the kernel run by CPython on each core view."""

import numpy as np
import pytest

import rumba
from rumba import errors, float32, float64, guvectorize, int64


def dot_kernel(x, y, res):
    acc = 0
    for i in range(x.shape[0]):
        acc += x[i] * y[i]
    res[0] = acc


def matmul_kernel(a, b, c):
    for i in range(a.shape[0]):
        for j in range(b.shape[1]):
            total = 0.0
            for k in range(a.shape[1]):
                total += a[i, k] * b[k, j]
            c[i, j] = total


def running_sum_kernel(x, scale, out):
    total = 0.0
    for i in range(x.shape[0]):
        total += x[i] * scale
        out[i] = total


def layouts(a):
    return [a, np.asfortranarray(a), np.repeat(a, 2, axis=-1)[..., ::2]]


@pytest.mark.parametrize("target", ["cpu", "parallel"])
def test_dot_over_outer_dimensions_matches_einsum(target):
    dot = guvectorize(["void(float64[:], float64[:], float64[:])", "void(int64[:], int64[:], int64[:])"], "(n),(n)->()", target=target)(dot_kernel)
    assert isinstance(dot, np.ufunc) and dot.signature == "(n),(n)->()" and dot.types == ["dd->d", "ll->l"]
    rng = np.random.default_rng(3)
    for a in layouts(rng.normal(size=(4, 3, 5))):
        b = rng.normal(size=5)
        np.testing.assert_allclose(dot(a, b), np.einsum("ijk,k->ij", a, b), rtol=1e-13)
    ints = np.arange(12).reshape(3, 4)
    got = dot(ints, ints)
    assert got.dtype == np.int64
    np.testing.assert_array_equal(got, (ints * ints).sum(axis=1))


@pytest.mark.parametrize("target", ["cpu", "parallel"])
def test_matrix_products_over_a_stack_match_matmul(target):
    matmul = guvectorize([(float64[:, :], float64[:, :], float64[:, :]), (float32[:, :], float32[:, :], float32[:, :])], "(m,n),(n,p)->(m,p)", target=target)(matmul_kernel)
    rng = np.random.default_rng(4)
    for a in layouts(rng.normal(size=(6, 3, 4))):
        b = rng.normal(size=(6, 4, 2))
        np.testing.assert_allclose(matmul(a, b), a @ b, rtol=1e-12)
    single = rng.normal(size=(3, 4)).astype(np.float32)
    got = matmul(single, single.T)
    assert got.dtype == np.float32
    np.testing.assert_allclose(got, single @ single.T, rtol=1e-5)
    with pytest.raises(ValueError):
        matmul(rng.normal(size=(2, 3)), rng.normal(size=(2, 3)))


def test_scalar_inputs_out_and_the_kernel_as_cpython_runs_it():
    running_sum = guvectorize(["void(float64[:], float64, float64[:])"], "(n),()->(n)")(running_sum_kernel)
    x = np.arange(12.0).reshape(3, 4)
    scales = np.array([1.0, -2.0, 0.5])
    expected = np.empty_like(x)
    for row in range(3):
        running_sum_kernel(x[row], scales[row], expected[row])
    np.testing.assert_array_equal(running_sum(x, scales), expected)
    np.testing.assert_array_equal(running_sum(x, 2.0), np.cumsum(x * 2.0, axis=1))
    out = np.zeros((3, 4))
    assert running_sum(x, scales, out=out) is out
    np.testing.assert_array_equal(out, expected)
    strided_out = np.zeros((3, 8))[:, ::2]
    running_sum(x, 1.0, strided_out)
    np.testing.assert_array_equal(strided_out, np.cumsum(x, axis=1))


def raising_kernel(x, out):
    for i in range(x.shape[0]):
        if x[i] < 0:
            raise ValueError("negative input")
        out[i] = x[i]


def returning_kernel(x, out):
    out[0] = x[0]
    return 1.0


def mistyped_kernel(x, out):
    out[0] = x.undefined_attribute


def test_misuse_is_reported():
    guarded = guvectorize(["void(float64[:], float64[:])"], "(n)->(n)")(raising_kernel)
    np.testing.assert_array_equal(guarded(np.arange(3.0)), np.arange(3.0))
    with pytest.raises(ValueError, match="negative input"):
        guarded(-np.ones(3))
    with pytest.raises(TypeError, match="takes 2 arguments, but layout"):
        guvectorize(["void(float64[:], float64[:], float64[:])"], "(n),(n)->(n)")(raising_kernel)
    with pytest.raises(TypeError, match="layout gives it 2 core dimension"):
        guvectorize(["void(float64[:], float64[:])"], "(m,n)->(n)")(raising_kernel)
    with pytest.raises(TypeError, match="returns nothing"):
        guvectorize(["float64(float64[:], float64[:])"], "(n)->()")(raising_kernel)
    with pytest.raises(ValueError, match="not of the form"):
        guvectorize(["void(float64[:], float64[:])"], "(n)->(n")(raising_kernel)
    with pytest.raises(ValueError, match="target must be"):
        guvectorize(["void(float64[:], float64[:])"], "(n)->(n)", target="gpu")(raising_kernel)
    with pytest.raises(TypeError, match="takes a layout"):
        guvectorize(["void(float64[:], float64[:])"])(raising_kernel)
    with pytest.raises(TypeError, match="returning_kernel: a @guvectorize kernel writes its outputs and returns nothing, but it returns float64"):
        guvectorize(["void(float64[:], float64[:])"], "(n)->()")(returning_kernel)
    with pytest.raises(errors.UnsupportedError, match=r"test_guvectorize.py:\d+:\d+: error: array attribute"):
        guvectorize(["void(float64[:], float64[:])"], "(n)->(n)")(mistyped_kernel)


def test_dynamic_gufuncs_compile_a_loop_per_dtype_combination():
    # `@guvectorize(layout)` alone, as librosa writes it: the outputs are passed, as Numba requires.
    running_sum = guvectorize("(n),()->(n)", nopython=True, cache=True)(running_sum_kernel)
    assert running_sum.types == []
    x = np.arange(12.0).reshape(3, 4)
    scales = np.array([1.0, -2.0, 0.5])
    expected = np.empty_like(x)
    for row in range(3):
        running_sum_kernel(x[row], scales[row], expected[row])
    out = np.zeros_like(x)
    running_sum(x, scales, out)
    np.testing.assert_array_equal(out, expected)
    ints = np.arange(6).reshape(2, 3)
    int_out = np.zeros((2, 3), np.int64)
    running_sum(ints, 3, int_out)
    np.testing.assert_array_equal(int_out, np.cumsum(ints * 3, axis=1))
    assert running_sum.types == ["dd->d", "ll->l"]
    with pytest.raises(TypeError, match="Too few arguments for function 'running_sum_kernel'"):
        running_sum(x, 2.0)


def test_imported_as_numba():
    import rumba as numba

    assert numba.guvectorize is rumba.guvectorize


def group_sum(values, labels, out):
    out[:] = 0.0
    for i in range(len(values)):
        out[labels[i]] += values[i]


def test_layout_without_outputs_writes_into_its_arguments():
    # numbagg's grouped reductions: "(a),(a),(z)" has no '->', so every operand is an input and
    # the kernel writes into the last, over each outer index.
    kernel = guvectorize(["void(float64[:], int64[:], float64[:])"], "(a),(a),(z)")(group_sum)
    values, labels = np.arange(12.0).reshape(3, 4), np.array([0, 1, 0, 1])
    out, expected = np.zeros((3, 2)), np.zeros((3, 2))
    assert kernel(values, labels, out) == ()
    for row in range(3):
        group_sum(values[row], labels, expected[row])
    np.testing.assert_array_equal(out, expected)


def test_a_signature_of_argument_types_alone():
    # respy writes `"f8, f8, f8[:], f8[:]"`: a tuple of argument types, as Numba reads the text.
    @guvectorize(["f8, f8, f8[:], f8[:]"], "(),()->(),()")
    def sum_and_difference(a, b, total, difference):
        total[0] = a + b
        difference[0] = a - b

    total, difference = sum_and_difference(np.array([1.0, 2.0]), 0.5)
    np.testing.assert_array_equal(total, [1.5, 2.5])
    np.testing.assert_array_equal(difference, [0.5, 1.5])

