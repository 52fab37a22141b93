"""A variable reassigned at the top level of a function may take another type from there on, as
Numba's SSA versions allow (`x = np.reshape(x, ...)`, `x = x.astype(np.float32)`); one assigned in
a loop or a branch keeps one type. Each test runs the same function in CPython/NumPy."""
import numpy as np
import pytest

from rumba import errors, njit



def flatten_then_scale(x):
    n = x.shape[0]
    x = np.reshape(x, (x.size,))
    x = x * 2.0
    return x, n


def layers(x, weights):
    # A network's forward pass, as npbench's lenet writes it: one name through every layer.
    x = x @ weights
    x = np.maximum(x, 0.0)
    x = np.reshape(x, (x.shape[0] * x.shape[1],))
    x = x.astype(np.float32)
    return x.sum(), x


def scalar_then_array_then_scalar(a):
    x = a.sum()
    y = x + 1
    x = a * y
    total = 0.0
    for value in x:
        total += value
    x = x.max()
    return x, total


def rebinds_a_parameter(values, scale):
    values = values * scale
    scale = values.shape[0] > 2
    return values, scale


def unpacks_new_types(a):
    x, y = a.shape[0], a.sum()
    x, y = a * y, float(x)
    return x, y


def reads_in_branches(a, flag):
    x = a.sum()
    if flag:
        x = x + 1.0
    x = np.full(3, x)
    if flag:
        return x.sum()
    return x[0]


def loop_rebinds_a_parameter(index, out):
    # sgkit: the array argument `index` is read, then its name is a loop's variable.
    remainder = index[0]
    total = 0
    for index in range(out.shape[0]):
        total += index * remainder
        out[index] = total
    return total


def assert_same(got, expected):
    if isinstance(expected, tuple):
        assert type(got) is tuple and len(got) == len(expected)
        for got_item, expected_item in zip(got, expected):
            assert_same(got_item, expected_item)
    elif isinstance(expected, np.ndarray):
        assert got.dtype == expected.dtype and got.shape == expected.shape
        np.testing.assert_allclose(got, expected, rtol=1e-6)
    else:
        assert got == pytest.approx(expected, rel=1e-6) and type(got) is type(expected.item() if isinstance(expected, np.generic) else expected)


@pytest.mark.parametrize("function, arguments", [
    (flatten_then_scale, (np.arange(6.0).reshape(2, 3),)),
    (layers, (np.arange(6.0).reshape(2, 3) - 2, np.ones((3, 4)))),
    (scalar_then_array_then_scalar, (np.arange(4.0),)),
    (rebinds_a_parameter, (np.arange(3), 2.5)),
    (unpacks_new_types, (np.arange(3.0),)),
    (reads_in_branches, (np.arange(3.0), True)),
    (reads_in_branches, (np.arange(3.0), False)),
    (loop_rebinds_a_parameter, (np.array([7]), np.zeros(4, dtype=np.int64))),
], ids=lambda value: getattr(value, "__name__", ""))
def test_a_top_level_reassignment_may_change_the_type(function, arguments):
    expected = function(*(np.copy(argument) if isinstance(argument, np.ndarray) else argument for argument in arguments))
    assert_same(njit(function)(*arguments), expected)


def retypes_in_a_loop(a):
    x = a.sum()
    for _ in range(2):
        x = a * x
    return x


def retypes_where_a_closure_reads(a):
    x = a.sum()
    read = lambda: x  # noqa: E731
    x = a * 2
    return read()


@pytest.mark.parametrize("function", [retypes_in_a_loop, retypes_where_a_closure_reads])
def test_a_variable_bound_in_a_loop_or_read_by_a_closure_keeps_one_type(function):
    with pytest.raises((errors.TypingError, errors.UnsupportedError), match=r"test_versions.py:\d+:\d+: error: "):
        njit(function)(np.arange(3.0))


def returns_a_version_on_one_path(a, flag):
    x = a.sum()
    x = a * x
    if flag:
        x = 1
    return x


def test_an_error_names_the_variable_as_written():
    with pytest.raises(errors.TypingError, match=r"variable 'x' is float64\[::1\] on one path and int64 on another"):
        njit(returns_a_version_on_one_path)(np.arange(3.0), True)


def reshaped_per_iteration(a, n):
    # aeon's MiniRocket: each iteration makes a matrix, then reduces the name to a vector.
    out = np.zeros(n)
    for k in range(n):
        c = a * (k + 1)
        c = np.sum(c, axis=0)
        c = c.sum()
        out[k] = c
    return out


def retyped_per_iteration(xs):
    total = 0.0
    for x in xs:
        v = x
        if v > 1:
            v = v * 2
        v = (v, v + 1)
        total += v[0] + v[1]
    return total


def test_a_variable_each_iteration_assigns_first_may_change_type_in_the_loop():
    a = np.arange(6.0).reshape(2, 3)
    np.testing.assert_array_equal(njit(reshaped_per_iteration)(a, 3), reshaped_per_iteration(a, 3))
    assert njit(retyped_per_iteration)(np.arange(4.0)) == retyped_per_iteration(np.arange(4.0))


def retyped_in_a_branch(a, q):
    # statsforecast's GARCH: the name holds an array, then its sum, only under the branch.
    total = 0.0
    for k in range(3):
        if q != 0:
            qsum = a[k:] * 2.0
            qsum = np.nansum(qsum)
            total += qsum
        else:
            total += 1.0
    return total


def returned_from_a_branch(a, q):
    if q > 0:
        r = a * q
        r = r.sum()
        return r
    elif q < 0:
        r = a.max()
        r = np.array([r, r])
        return r.sum()
    return 0.0


def reshaped_in_a_returning_branch(r):
    # statsforecast's ARIMA: the branch reshapes the vector it was given and returns it.
    res = np.zeros(r * r)
    if r == 1:
        res = res.reshape((r, r))
        return res
    res[0] = 2.0
    res = res.reshape((r, r))
    return res


def doubles_until_returning(n):
    # The branch returns, but may continue the loop first: its assignment is seen next time.
    x = 1.0
    for i in range(n):
        if i < 3:
            x = x * 2
            if i % 2 == 0:
                continue
            return x
    return x


def read_after_the_branch(a, q):
    r = 0.0
    if q:
        r = a * 2.0
        r = r.sum()
    return r


@pytest.mark.parametrize("q", [-2, 0, 3])
def test_a_variable_a_branch_assigns_first_may_change_type_in_the_branch(q):
    a = np.arange(5.0)
    assert njit(retyped_in_a_branch)(a, q) == retyped_in_a_branch(a, q)
    assert njit(returned_from_a_branch)(a, q) == returned_from_a_branch(a, q)
    np.testing.assert_array_equal(njit(reshaped_in_a_returning_branch)(abs(q) + 1), reshaped_in_a_returning_branch(abs(q) + 1))


def test_a_branch_that_may_continue_keeps_its_assignment_for_the_next_iteration():
    assert njit(doubles_until_returning)(5) == doubles_until_returning(5)


def test_a_variable_read_after_the_branch_keeps_one_type():
    with pytest.raises(errors.TypingError, match=r"variable 'r' is float64 on one path and float64\[::1\] on another"):
        njit(read_after_the_branch)(np.arange(3.0), True)


def counts_by_branch(codes, counts, unsigned):
    # sgkit's allele counts: an int64 index in one branch's loop, a uint64 one in the other's.
    total = 0
    if unsigned:
        for i in codes.astype(np.uint64):
            counts[i] += 1
            total += i
    else:
        for i in range(codes.shape[0]):
            counts[codes[i]] += 2
            total -= i
    for i in range(3):
        total += i * counts[i]
    return total


def loop_target_read_after_the_loop(codes, unsigned):
    i = 0
    if unsigned:
        for i in codes.astype(np.uint64):
            pass
    else:
        for i in range(codes.shape[0]):
            pass
    return i


@pytest.mark.parametrize("unsigned", [False, True])
def test_each_loop_binding_a_name_may_give_it_another_type(unsigned):
    codes = np.array([0, 2, 1, 2, 0, 2])
    got_counts, want_counts = np.zeros(3, np.int64), np.zeros(3, np.int64)
    got = njit(counts_by_branch)(codes, got_counts, unsigned)
    assert got == counts_by_branch(codes, want_counts, unsigned)
    assert type(got) is int
    np.testing.assert_array_equal(got_counts, want_counts)


@pytest.mark.parametrize("unsigned", [False, True])
def test_a_loop_target_read_after_the_loop_keeps_one_type(unsigned):
    # Read after its loop, the target joins int64 and uint64 as Numba joins them: float64.
    codes = np.array([0, 2, 1, 2, 0, 2])
    got = njit(loop_target_read_after_the_loop)(codes, unsigned)
    assert got == loop_target_read_after_the_loop(codes, unsigned)
    assert type(got) is float


def statistic(row):
    return row.sum(), int(row.argmax()), row * 2.0


def statistics_only(rows):
    # decoupler's GSEA: `es[j], _, _ = f()` binds `_` to an int and an array at once.
    es = np.zeros(rows.shape[0])
    for j in range(rows.shape[0]):
        es[j], _, _ = statistic(rows[j])
    for _ in range(2):
        es += 1.0
    return es


def test_each_binding_of_a_variable_nothing_reads_may_have_its_own_type():
    rows = np.arange(6.0).reshape(2, 3)
    np.testing.assert_array_equal(njit(statistics_only)(rows), statistics_only(rows))
