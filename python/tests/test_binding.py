"""Calls bind their arguments as Python does: positional, by keyword, keyword-only and
positional-only parameters, defaults (literals, or expressions whose values at the function's
definition are passed), between compiled functions and from Python; `x is None` decides branches
at compile time. Each compiled result is compared with the same function run by CPython."""

import numpy as np
import pytest

from rumba import errors, njit


def scale(x, k=3, *, shift=0.5):
    return x * k + shift


def clamp(x, /, low=-1.0, high=1.0):
    return min(max(x, low), high)


def uses_defaults(x):
    return scale(x) + scale(x, 2) + scale(x, k=4, shift=1.0) + scale(shift=2.0, x=x) + clamp(x) + clamp(x, high=0.25)


def optional_out(a, out=None):
    if out is not None:
        out[:] = a * 2
    return a.sum() + (0.0 if out is None else out[1])


def pick(x, axis=None, flag=False):
    if axis is None:
        base = 1
    elif flag:
        base = 2
    else:
        base = 3 + axis
    return base if x is not None else -1


scale_jit = njit(scale)


@pytest.mark.parametrize("x", [0.0, 1.5, -2.25, 7])
def test_defaults_and_keywords_between_compiled_functions(x):
    assert njit(uses_defaults)(x) == uses_defaults(x)


@pytest.mark.parametrize(
    "args, kwargs",
    [((2.0,), {}), ((2.0, 5), {}), ((), {"x": 1.0, "shift": 3}), ((1.0,), {"k": 2, "shift": -1.0})],
)
def test_keywords_and_defaults_from_python(args, kwargs):
    assert scale_jit(*args, **kwargs) == scale(*args, **kwargs)


def test_optional_array_argument():
    a = np.arange(4.0)
    compiled = njit(optional_out)
    assert compiled(a) == optional_out(a)
    assert compiled(a, out=None) == optional_out(a, out=None)
    out, expected_out = np.zeros(4), np.zeros(4)
    assert compiled(a, out) == optional_out(a, expected_out)
    np.testing.assert_array_equal(out, expected_out)


@pytest.mark.parametrize("args", [(1.0,), (1.0, 5), (1.0, 5, True), (None, None), (2, 0, False)])
def test_is_none_prunes_branches(args):
    assert njit(pick)(*args) == pick(*args)


# Defaults written as expressions: a compiled caller that leaves the parameter out passes the value
# Python evaluated when the function was defined, as Numba does.
TOLERANCE = 1e-3


def relative(x, rtol=16 * np.finfo(float).eps, scale=2**10 - 1, *, offset=-TOLERANCE, shape=(2, 3 * 2), level=TOLERANCE > 0):
    return x * scale + rtol + offset + shape[1] + level


def uses_relative(x):
    return relative(x) + relative(x, 1.0) + relative(x, offset=0.5) + relative(x, scale=-(2**40))


def countdown(n, step=1 + 1):
    if n <= 0:
        return 0
    return n + countdown(n - step)


def made(n, dtype=np.float32, weights=np.arange(3.0), square=scale_jit):
    return np.ones(n, dtype).sum() * weights[2] + square(n)


def calls_made(n):
    return made(n) + made(n, np.int64)


def writes_default(x, w=np.zeros(2)):
    w[0] = x
    return w[0]


def calls_writes_default(x):
    return writes_default(x)


@pytest.mark.parametrize("x", [0.0, 2.5, -7])
def test_expression_defaults_pass_their_values(x):
    assert njit(uses_relative)(x) == uses_relative(x)
    assert njit(countdown)(11) == countdown(11)


def test_defaults_are_the_values_at_definition(monkeypatch):
    expected = uses_relative(1.0)
    monkeypatch.setitem(globals(), "TOLERANCE", 5.0)
    assert njit(uses_relative)(1.0) == expected


def test_defaults_of_types_arrays_and_functions_pass_their_values():
    assert njit(calls_made)(4) == calls_made(4)
    # A default array is frozen, as a global array is.
    with pytest.raises(errors.TypingError, match=r"test_binding.py:\d+:5: error: cannot write into a read-only array"):
        njit(calls_writes_default)(1.0)


@pytest.mark.parametrize(
    "call, message",
    [
        ("scale()", "scale() missing 1 required positional argument: 'x'"),
        ("scale(x, 2, 3)", "scale() takes 2 positional arguments but 3 were given"),
        ("scale(x, z=2)", "scale() got an unexpected keyword argument 'z'"),
        ("scale(x, 2, k=3)", "scale() got multiple values for argument 'k'"),
        ("clamp(x=x)", "clamp() got some positional-only arguments passed as keyword arguments: 'x'"),
    ],
)
def test_misfit_calls_are_located_type_errors(tmp_path, call, message):
    source = tmp_path / "misfit.py"
    source.write_text(
        "import rumba\n"
        "def scale(x, k=3, *, shift=0.5):\n    return x * k + shift\n"
        "def clamp(x, /, low=-1.0, high=1.0):\n    return min(max(x, low), high)\n"
        f"@rumba.njit\ndef h(x):\n    return {call}\n"
    )
    namespace = {}
    exec(compile(source.read_text(), str(source), "exec"), namespace)
    with pytest.raises(errors.TypingError) as raised:
        namespace["h"](1.0)
    assert f"misfit.py:8:" in str(raised.value) and f"error: {message}" in str(raised.value)


def test_is_between_numbers_is_equality_as_in_numba():
    @njit
    def same(a, b):
        return a is b

    assert same(1.0, 2.0) is False
    assert same(2.0, 2.0) is True
    assert same(2, 2.0) is False


def describe(x):
    if isinstance(x, np.ndarray):
        return x.sum() * 1.0
    if isinstance(x, (float, complex)):
        return 2.0
    if isinstance(x, bool):
        return 3.0
    if isinstance(x, int):
        return 4.0
    if isinstance(x, tuple):
        return 5.0
    return 6.0


def describe_tuple():
    return describe((1, 2.0))


@pytest.mark.parametrize("x", [np.arange(3.0), 1.5, True, 7, 2j])
def test_isinstance_is_decided_by_types(x):
    assert njit(describe)(x) == describe(x)
    assert njit(describe_tuple)() == describe_tuple()


def count_at_least(test_stat, ref):
    # esda's significance: a number becomes an array where isinstance says it is one, and the
    # rest of the function reads it as an array either way.
    ref = np.atleast_2d(ref)
    n, p = ref.shape
    if isinstance(test_stat, (int, float)):
        test_stat = np.ones((n,)) * test_stat
    return (ref >= test_stat[:, None]).sum()


def widened_twice(x, scale):
    if isinstance(x, float):
        x = np.full(3, x)
    if not isinstance(scale, np.ndarray):
        scale = np.full(x.shape[0], scale)
    total = 0.0
    for i in range(x.shape[0]):
        total += x[i] * scale[i]
    print(total)


@pytest.mark.parametrize("test_stat", [2.0, 3, np.array([2.0]), np.array([1.0, 2.5])])
def test_a_branch_isinstance_decides_may_change_a_variables_type(test_stat, capsys):
    ref = np.arange(5.0) if np.size(test_stat) == 1 else np.arange(10.0).reshape(2, 5)
    assert njit(count_at_least)(test_stat, ref) == count_at_least(test_stat, ref)
    for x, scale in [(1.5, 2.0), (np.arange(3.0), 0.5), (2.5, np.arange(3.0)), (np.ones(2), np.arange(2.0))]:
        widened_twice(x, scale)
        expected = capsys.readouterr().out
        njit(widened_twice)(x, scale)
        assert capsys.readouterr().out == expected


def doubled_with_progress(x, out, progress_proxy=None):
    # harmonica's forward models: the test is kept in a variable, and the branch behind it calls a
    # method None does not have.
    update_progressbar = progress_proxy is not None
    report = not update_progressbar
    for i in range(x.size):
        out[i] = x[i] * 2
        if update_progressbar:
            progress_proxy.update(1)
    return report


def test_a_variable_assigned_once_a_test_types_decide_decides_its_branches():
    out = np.zeros(3)
    assert njit(doubled_with_progress)(np.arange(3.0), out) is True
    np.testing.assert_array_equal(out, np.arange(3.0) * 2)
    njit(doubled_with_progress)(np.arange(3.0), out, None)


def test_isinstance_of_another_class_is_a_located_error():
    @njit
    def of_range(x):
        return isinstance(x, range)

    with pytest.raises(errors.UnsupportedError, match="isinstance"):
        of_range(1)


def affine_of_pair(t, x):
    return t[0] * x + t[1]


def zeros_of_shape(shape):
    return np.zeros(shape).sum() + len(shape)


def nested_pair(pair):
    a, (b, c) = pair
    return a + b * c


def total_and_back(t):
    s = 0
    for v in t:
        s += v
    return s, t


def array_and_number(t):
    return t[0].sum() * t[1]


@pytest.mark.parametrize(
    "function, args",
    [
        (affine_of_pair, ((2, 1.5), 3.0)),
        (affine_of_pair, ((2.5, -1), 4)),
        (zeros_of_shape, ((3, 4),)),
        (zeros_of_shape, ((5,),)),
        (nested_pair, ((1, (2.0, 3)),)),
        (total_and_back, ((1, 2, 3),)),
        (array_and_number, ((np.arange(4.0), 2.5),)),
    ],
)
def test_tuples_pass_from_python(function, args):
    compiled = njit(function)
    for _ in range(2):
        assert compiled(*args) == function(*args)


def test_tuples_of_other_types_specialise_again():
    compiled = njit(affine_of_pair)
    assert compiled((2, 1.5), 3.0) == 7.5
    assert compiled((2.0, 1), 3) == 7.0
    assert compiled((1, 2), 3) == 5 and type(compiled((1, 2), 3)) is int
    # A tuple holding a string passes too, and the body then adds a string to a number.
    with pytest.raises(TypeError, match="can only concatenate str"):
        compiled(("a", 1), 3)


# A parameter given None that the function replaces under `if name is None:` (Numba's `out=None`
# idiom) holds the value it is given there, array or number.


def into_out(a, k=None, out=None):
    if k is None:
        k = 2
    if out is None:
        out = np.zeros_like(a)
    else:
        out[:] = 0.0
    out += a * k
    return out


def calls_into_out(a):
    return into_out(a).sum() + into_out(a, 3).sum() + into_out(a, k=1.5)[2]


def replaced_twice(a, out=None):
    if out is None:
        out = a * 2.0
    if out is None:
        return a
    return out


def replaced_in_a_loop(a, n, out=None):
    for i in range(n):
        out = a * i
    return out


@pytest.mark.parametrize("given", [None, "array"])
def test_none_replaced_under_is_none(given):
    a = np.arange(4.0)
    args = (a,) if given is None else (a, 0.5, np.ones(4))
    np.testing.assert_array_equal(njit(into_out)(*args), into_out(*[x.copy() if isinstance(x, np.ndarray) else x for x in args]))
    np.testing.assert_array_equal(njit(replaced_twice)(a), replaced_twice(a))
    assert njit(calls_into_out)(a) == calls_into_out(a)


def test_out_given_by_keyword_is_written():
    a, out = np.arange(3.0), np.full(3, 9.0)
    returned = njit(into_out)(a, out=out)
    np.testing.assert_array_equal(out, a * 2)
    np.testing.assert_array_equal(returned, out)


@pytest.mark.parametrize("n", [0, 2])
def test_none_replaced_in_a_loop_is_an_optional_array(n):
    # The loop may not run: `out` is None or an array after it, as Numba types it.
    got, expected = njit(replaced_in_a_loop)(np.arange(3.0), n), replaced_in_a_loop(np.arange(3.0), n)
    assert (got is None and expected is None) or np.array_equal(got, expected)
