"""Numba-style signatures and the dispatcher's introspection API.

Covered: ``jit(float64(int32, int32))``, ``jit("f8(i4, i4)")``, ``jit((int32, int32))`` (return type
inferred), ``jit("void(f4[:])", nopython=True)``, ``jit([sig1, sig2])``, array signatures
(``float64[:, ::1]``, ``float64[::1, :]``, ``float64[:, :]``), the type objects and their shorthands
and how they print, eager compilation at decoration time (a function that does not type fails
there), rejection of other argument types with a ``TypeError`` naming the signatures,
``.signatures``, ``.py_func``, ``inspect_llvm()``, ``inspect_asm()``, ``inspect_mlir(stage=...)`` for
every stage in ``rumba._rumba.stages()`` and ``inspect_types()``.

Results of compiled calls are always compared with ``.py_func`` on the same arguments (converted to
the declared types where a signature declares them, as Numba converts them).
"""

import numpy as np
import pytest

import rumba
from rumba import errors, jit, njit
from rumba import (
    b1, boolean, double, f4, f8, float32, float64, i1, i2, i4, i8, int8, int16, int32, int64, intp, single,
    u1, u2, u4, u8, uint8, uint16, uint32, uint64, void,
)
from _compare import check

# --------------------------------------------------------------------------------------------------
# Functions under test (top level and undecorated).
# --------------------------------------------------------------------------------------------------


def f(x, y):
    # A somewhat trivial example
    return (x + y) / 3.14


def iadd(a, b):
    return a + b


def bubblesort(X):
    N = len(X)
    for end in range(N, 1, -1):
        for i in range(end - 1):
            cur = X[i]
            if cur > X[i + 1]:
                tmp = X[i]
                X[i] = X[i + 1]
                X[i + 1] = tmp


def sum_2d(a):
    s = 0.0
    m, n = a.shape
    for i in range(m):
        for j in range(n):
            s += a[i, j] * (i + 2 * j + 1)
    return s


def matmul(A, B):
    m, n = A.shape
    n2, p = B.shape
    if n != n2:
        raise ValueError("Inner matrix dimensions must agree.")
    C = np.zeros((m, p))
    for i in range(m):
        for k in range(n):
            for j in range(p):
                C[i, j] += A[i, k] * B[k, j]
    return C


def does_not_type(x):
    t = (x, 1)
    return x + t


def unsupported_construct(x):
    values = (v for v in range(2))
    return x


def scale(x):
    return x * 2.5


# --------------------------------------------------------------------------------------------------
# Signatures
# --------------------------------------------------------------------------------------------------

INT32_PAIRS = [(1, 3), (-7, 2), (0, 0), (2 ** 31 - 1, 2 ** 31 - 1), (-(2 ** 31), -1)]


@pytest.mark.parametrize(
    "signature",
    [float64(int32, int32), "f8(i4, i4)", "float64(int32, int32)", f8(i4, i4), (int32, int32), (i4, i4)],
    ids=["float64(int32, int32)", "'f8(i4, i4)'", "'float64(int32, int32)'", "f8(i4, i4)", "(int32, int32)", "(i4, i4)"],
)
def test_seed_signature(signature):
    d = jit(signature)(f)
    assert d.signatures == [("int32", "int32")]  # compiled eagerly, at decoration
    assert d.py_func is f
    for x, y in INT32_PAIRS:
        check(d, x, y)
        if -(2 ** 31) <= x + y < 2 ** 31:
            # NumPy wraps np.int32 overflow where rumba (as Numba) widens to int64: only cases
            # without overflow go through NumPy scalars.
            check(d, np.int32(x), np.int32(y), exact_types=False)
    assert d.signatures == [("int32", "int32")]


def test_declared_return_type_converts():
    # As in Numba, the result converts to the declared return type.
    as_float = jit(float64(int32, int32))(iadd)
    as_int = jit(int32(float64, float64))(iadd)
    for x, y in INT32_PAIRS[:3]:
        got = as_float(x, y)
        assert type(got) is float and got == float(iadd(x, y))
    for x, y in [(1.5, 3.25), (-2.75, 0.5), (100.0, 0.125)]:
        got = as_int(x, y)
        assert type(got) is int and got == int(iadd(x, y))


def test_inferred_return_type():
    d = jit((int32, int32))(iadd)
    for x, y in INT32_PAIRS:
        check(d, x, y)
    d = jit((float32, float32))(iadd)
    for x, y in [(np.float32(0.1), np.float32(0.2)), (np.float32(-3.5), np.float32(1e-8))]:
        check(d, x, y, exact_types=False)


def test_void_signature_bubblesort():
    d = jit("void(f4[:])", nopython=True)(bubblesort)
    assert d.signatures == [("float32[:]",)]
    original = np.arange(0.0, 10.0, 0.01, dtype="f4")
    shuffled = original.copy()
    np.random.default_rng(0).shuffle(shuffled)
    got = shuffled.copy()
    expected = shuffled.copy()
    assert d(got) is None
    assert d.py_func(expected) is None
    np.testing.assert_array_equal(got, expected, strict=True)
    np.testing.assert_array_equal(got, np.sort(shuffled), strict=True)
    # An A-layout declaration accepts a strided view of the same dtype.
    base = shuffled.copy()
    expected_base = shuffled.copy()
    d(base[::3])
    bubblesort(expected_base[::3])
    np.testing.assert_array_equal(base, expected_base, strict=True)
    # Other element types are rejected, naming the signature.
    with pytest.raises(TypeError, match=r"void\(f4\[:\]\)"):
        d(shuffled.astype(np.float64))
    assert d.signatures == [("float32[:]",)]


def test_void_signature_object():
    d = jit(void(float32[:]))(bubblesort)
    assert d.signatures == [("float32[:]",)]
    values = np.random.default_rng(4).random(64).astype(np.float32)
    expected = values.copy()
    d(values)
    bubblesort(expected)
    np.testing.assert_array_equal(values, expected, strict=True)


def test_list_of_signatures():
    d = jit([int64(int64, int64), float64(float64, float64)])(iadd)
    assert d.signatures == [("int64", "int64"), ("float64", "float64")]
    for x, y in [(1, 2), (-(2 ** 40), 7), (0, 0)]:
        check(d, x, y)  # the int64 specialisation: an int comes back
    for x, y in [(1.5, 2.25), (-0.0, 0.0), (1e300, 1e300)]:
        check(d, x, y)
    # A Python int converts to a declared float64 (float64, float64 is the one that accepts it).
    got = d(1.5, 2)
    assert type(got) is float and got == iadd(1.5, 2.0)
    assert len(d.signatures) == 2


def test_list_of_string_signatures():
    d = jit(["i8(i8, i8)", "f4(f4, f4)"])(iadd)
    assert d.signatures == [("int64", "int64"), ("float32", "float32")]
    check(d, 40, 2)
    check(d, np.float32(0.1), np.float32(0.7), exact_types=False)


def test_signature_rejects_other_types():
    d = jit(float64(int32, int32))(f)
    # Floats where integers are declared are truncated, as Numba converts them (checked against
    # Numba 0.68.1: each of these gives 3.0).
    for truncated in [(1.5, 2), (1, 2.5), (np.float64(1.0), 2)]:
        assert d(*truncated) == f(*[int(value) for value in truncated])
    with pytest.raises(TypeError) as info:
        d(1j, 2)
    assert "float64(int32, int32)" in str(info.value)
    with pytest.raises(TypeError) as info:
        d(1, 2, 3)
    assert "float64(int32, int32)" in str(info.value)

    d = jit(["i8(i8, i8)", "i4(i4, i4)"])(iadd)
    with pytest.raises(TypeError, match="Ambiguous overloading") as info:
        d(1.0, 2.0)
    assert "i8(i8, i8)" in str(info.value) and "i4(i4, i4)" in str(info.value)
    with pytest.raises(TypeError) as info:
        d(np.zeros(3), 1)
    assert "i8(i8, i8)" in str(info.value)
    assert d.signatures == [("int64", "int64"), ("int32", "int32")]


def test_array_signatures_and_layouts():
    grid = np.random.default_rng(8).random((6, 7))
    layouts = {
        "C": grid,
        "F": np.asfortranarray(grid),
        "A": grid[::2, 1::2],
    }
    for signature, accepted in [
        (float64(float64[:, ::1]), {"C"}),
        (float64(float64[::1, :]), {"F"}),
        (float64(float64[:, :]), {"C", "F", "A"}),
        ("f8(f8[:, ::1])", {"C"}),
        ("f8(f8[::1, :])", {"F"}),
        ("f8(f8[:, :])", {"C", "F", "A"}),
    ]:
        d = jit(signature)(sum_2d)
        for name, array in layouts.items():
            if name in accepted:
                check(d, array, exact_types=False)
            else:
                with pytest.raises(TypeError) as info:
                    d(array)
                assert str(signature) in str(info.value)


def smooth_rows(a):
    for i in range(a.shape[0]):
        for j in range(1, a.shape[1]):
            a[i, j] = 0.5 * (a[i, j] + a[i, j - 1])


@pytest.mark.parametrize("view", ["contiguous", "rows", "columns", "reversed", "fortran", "single column"])
def test_any_layout_signature_on_unit_and_other_strides(view):
    """An A-layout signature compiles a copy for arrays whose innermost stride is 1 (whole arrays,
    every other row) beside the general one (every other column, reversed, Fortran order); each
    writes in place what CPython writes."""
    d = jit("void(f8[:, :])")(smooth_rows)
    base = np.random.default_rng(9).random((8, 10))
    views = {
        "contiguous": lambda array: array,
        "rows": lambda array: array[::2, :],
        "columns": lambda array: array[:, ::2],
        "reversed": lambda array: array[:, ::-1],
        "fortran": lambda array: np.asfortranarray(array),
        "single column": lambda array: array[:, 3:4],
    }
    got, expected = views[view](base.copy()), views[view](base.copy())
    d(got)
    smooth_rows(expected)
    np.testing.assert_array_equal(got, expected, strict=True)


def weighted_rows(a):
    out = np.zeros(a.shape[0])
    for i in range(a.shape[0]):
        for j in range(a.shape[1]):
            out[i] += a[i, j] * (j + 1)
    return out


def test_array_result_declared_with_any_layout():
    """A new (C-ordered) array result fits a declared `f8[:]`, as in Numba; another element type or
    rank does not."""
    d = jit("f8[:](f8[:, :])")(weighted_rows)
    grid = np.random.default_rng(5).random((5, 6))
    for view in [grid, grid[:, ::2], np.asfortranarray(grid)]:
        np.testing.assert_array_equal(d(view), weighted_rows(view), strict=True)
    for wrong in ["f4[:](f8[:, :])", "f8[:, :](f8[:, :])"]:
        with pytest.raises(TypeError, match="the signature declares"):
            jit(wrong)(weighted_rows)


def merged_nonzeros(ind1, data1, ind2, data2):
    # pynndescent's sparse_sum, shortened: the results are C-ordered slices of new arrays.
    result_ind = np.zeros(ind1.shape[0] + ind2.shape[0], dtype=np.int32)
    result_data = np.zeros(ind1.shape[0] + ind2.shape[0], dtype=np.float32)
    nnz = 0
    for i in range(ind1.shape[0]):
        if data1[i] + data2[i] != 0:
            result_ind[nnz] = ind1[i] + ind2[i]
            result_data[nnz] = data1[i] + data2[i]
            nnz += 1
    return result_ind[:nnz], result_data[:nnz]


def test_tuple_results_read_only_parameters_and_contiguous_slices_as_pynndescent_declares_them():
    readonly = rumba.types.Array(rumba.types.int32, 1, "C", readonly=True)
    readonly_data = rumba.types.Array(rumba.types.float32, 1, "C", readonly=True)
    signature = rumba.types.Tuple((int32[::1], float32[::1]))(readonly, readonly_data, readonly, readonly_data)
    d = njit([signature])(merged_nonzeros)
    ind = np.arange(6, dtype=np.int32)
    data = np.array([1, 0, 2, 0, 0, 3], dtype=np.float32)
    got, expected = d(ind, data, ind, -data[::-1].copy()), merged_nonzeros(ind, data, ind, -data[::-1].copy())
    for got_part, expected_part in zip(got, expected):
        np.testing.assert_array_equal(got_part, expected_part, strict=True)
        assert got_part.flags.c_contiguous


@njit("i4(i8)")
def tripled_low_word(x):
    return x * 3


@njit("f8(f4)")
def through_float32(x):
    return x


@njit("f8(f8[:])")
def float_total(a):
    return a.sum()


def calls_declared(x, y):
    # umap's tau_rand calls tau_rand_int, declared to return an i4.
    return tripled_low_word(x) + 0, through_float32(y), tripled_low_word(True)


def calls_with_an_int_array(a):
    return float_total(a)


def test_compiled_callers_convert_to_the_callees_declared_signature():
    for x, y in [(2**31 - 5, 0.1), (-(2**33) - 7, 1e30), (12, 2.5)]:
        got = njit(calls_declared)(x, y)
        assert got == (int(np.int64(3 * x).astype(np.int32)), float(np.float32(y)), 3)
    with pytest.raises(errors.TypingError, match=r"float_total\(\) has no signature for argument types \(int64\[::1\]\); its signatures are: \(float64\[:\]\)"):
        njit(calls_with_an_int_array)(np.arange(3))


def test_readme_matmul_signature():
    d = jit("f8[:, ::1](f8[:, :], f8[::1, :])")(matmul)
    assert d.signatures == [("float64[:, :]", "float64[::1, :]")]
    rng = np.random.default_rng(21)
    A = rng.random((5, 4))
    B = np.asfortranarray(rng.random((4, 6)))
    C = d(A, B)
    np.testing.assert_array_equal(C, matmul(A, B), strict=True)
    assert np.allclose(C, A @ B)
    with pytest.raises(TypeError):
        d(A, np.ascontiguousarray(B))


def test_njit_and_options_with_signature():
    for decorator in (njit("f8(i4, i4)"), jit("f8(i4, i4)", nopython=True, nogil=True, cache=True), njit(float64(int32, int32), nogil=True)):
        d = decorator(f)
        assert d.signatures == [("int32", "int32")]
        check(d, 5, -9)


# --------------------------------------------------------------------------------------------------
# Type objects
# --------------------------------------------------------------------------------------------------


def test_type_objects_print_in_numba_notation():
    assert str(float32[:]) == "float32[:]"
    assert str(float64[:, ::1]) == "float64[:, ::1]"
    assert str(float64[::1, :]) == "float64[::1, :]"
    assert str(float64[:, :]) == "float64[:, :]"
    assert str(int8[::1]) == "int8[::1]"
    assert repr(float64[:, ::1]) == "float64[:, ::1]"
    assert str(float64(int32, int32)) == "float64(int32, int32)"
    assert str(void(float32[:])) == "void(float32[:])"
    assert str(f8(i4, i4)) == "float64(int32, int32)"


def test_array_type_properties():
    assert float64[:, ::1].layout == "C"
    assert float64[::1, :].layout == "F"
    assert float64[:, :].layout == "A"
    assert float32[:].layout == "A"
    assert float32[::1].layout == "C"
    assert float64[:, ::1].ndim == 2
    assert float32[:].ndim == 1
    assert float64[:, ::1].dtype is float64
    assert float64[:, ::1] == float64[:, ::1]
    assert float64[:, ::1] != float64[::1, :]


def test_shorthands_are_the_same_objects():
    assert f8 is float64 and double is float64
    assert f4 is float32 and single is float32
    assert i1 is int8 and i2 is int16 and i4 is int32 and i8 is int64 and intp is int64
    assert u1 is uint8 and u2 is uint16 and u4 is uint32 and u8 is uint64
    assert b1 is boolean
    assert rumba.float64 is float64 and rumba.types.float64 is float64


def test_bad_array_type_spelling():
    with pytest.raises(TypeError):
        float64[1:2]
    with pytest.raises(TypeError):
        float64[::2]
    with pytest.raises(TypeError):
        float64(int32, "x")


# --------------------------------------------------------------------------------------------------
# Eager compilation and lazy specialisation
# --------------------------------------------------------------------------------------------------


def test_eager_compilation_fails_at_decoration():
    decorate = jit("f8(f8)")
    with pytest.raises(errors.TypingError):
        decorate(does_not_type)
    with pytest.raises(errors.UnsupportedError):
        jit(float64(float64))(unsupported_construct)
    # The same functions decorate fine lazily; the error comes with the first call.
    lazy = jit(does_not_type)
    assert lazy.signatures == []
    with pytest.raises(errors.TypingError):
        lazy(1.0)
    lazy = jit(unsupported_construct)
    with pytest.raises(errors.UnsupportedError):
        lazy(1.0)


def test_lazy_signatures_grow_per_type_combination():
    d = jit(iadd)
    assert d.signatures == []
    assert d.py_func is iadd
    check(d, 1, 2)
    assert d.signatures == [("int64", "int64")]
    check(d, 3, 4)
    assert d.signatures == [("int64", "int64")]
    check(d, 1.5, 2)
    check(d, np.int32(3), np.int32(4), exact_types=False)
    check(d, True, False)
    assert d.signatures == [("int64", "int64"), ("float64", "int64"), ("int32", "int32"), ("bool", "bool")]
    check(d, np.float32(1.5), np.float32(2.5), exact_types=False)
    assert d.signatures[-1] == ("float32", "float32")


def test_lazy_array_signatures():
    d = jit(sum_2d)
    grid = np.random.default_rng(2).random((4, 5))
    check(d, grid, exact_types=False)
    check(d, np.asfortranarray(grid), exact_types=False)
    check(d, grid[::2, ::2], exact_types=False)
    assert d.signatures == [("float64[:, ::1]",), ("float64[::1, :]",), ("float64[:, :]",)]


def test_dispatcher_wraps_function():
    d = jit(scale)
    assert d.__name__ == "scale"
    assert d.__wrapped__ is scale
    assert d.py_func is scale
    assert "scale" in repr(d)


# --------------------------------------------------------------------------------------------------
# Introspection
# --------------------------------------------------------------------------------------------------


def test_inspect_llvm():
    d = jit(["f8(i4, i4)", "f8(f8, f8)"])(f)
    llvm = d.inspect_llvm()
    assert isinstance(llvm, dict)
    assert set(llvm) == {("int32", "int32"), ("float64", "float64")}
    for text in llvm.values():
        assert isinstance(text, str) and "define" in text
    one = d.inspect_llvm(("int32", "int32"))
    assert isinstance(one, str) and "define" in one
    assert one == llvm[("int32", "int32")]
    assert d.inspect_llvm(float64(int32, int32)) == one


def test_inspect_llvm_lazy():
    d = jit(iadd)
    assert d.inspect_llvm() == {}
    d(1, 2)
    d(1.0, 2.0)
    llvm = d.inspect_llvm()
    assert set(llvm) == {("int64", "int64"), ("float64", "float64")}
    assert all("define" in text for text in llvm.values())


def test_inspect_asm():
    d = jit("f8(i4, i4)")(f)
    asm = d.inspect_asm()
    assert set(asm) == {("int32", "int32")}
    text = asm[("int32", "int32")]
    assert isinstance(text, str) and text.strip()
    assert "define" not in text  # assembly, not LLVM IR
    assert d.inspect_asm(("int32", "int32")) == text


def test_stages_listed():
    stages = rumba._rumba.stages()
    assert isinstance(stages, list) and all(isinstance(stage, str) for stage in stages)
    assert stages[0] == "py"
    assert "llvm" in stages and "asm" in stages
    assert len(set(stages)) == len(stages)


@pytest.mark.parametrize("stage", rumba._rumba.stages())
def test_inspect_mlir_every_stage(stage):
    d = jit(["f8(i4, i4)", "f8(f8, f8)"])(f)
    out = d.inspect_mlir(stage=stage)
    assert isinstance(out, dict)
    assert set(out) == {("int32", "int32"), ("float64", "float64")}
    for text in out.values():
        assert isinstance(text, str) and text.strip()
    one = d.inspect_mlir(("int32", "int32"), stage=stage)
    assert one == out[("int32", "int32")]
    if stage == "llvm":
        assert "define" in one
    elif stage not in ("asm",):
        assert "module" in one  # an MLIR module
    if stage == "llvm-dialect":
        assert "llvm.func" in one


def test_inspect_mlir_array_function():
    d = jit("f8[:, ::1](f8[:, :], f8[::1, :])")(matmul)
    for stage in rumba._rumba.stages():
        text = d.inspect_mlir(stage=stage)[("float64[:, :]", "float64[::1, :]")]
        assert isinstance(text, str) and text.strip()


def test_inspect_mlir_unknown_stage():
    d = jit("f8(i4, i4)")(f)
    with pytest.raises(Exception) as info:
        d.inspect_mlir(stage="no-such-stage")
    assert "no-such-stage" in str(info.value)


def test_inspect_types():
    d = jit(["f8(i4, i4)", "f8(f8, f8)"])(f)
    types = d.inspect_types()
    assert set(types) == {("int32", "int32"), ("float64", "float64")}
    int_version = types[("int32", "int32")]
    assert isinstance(int_version, str)
    assert "si32" in int_version and "f64" in int_version
    assert "si32" not in types[("float64", "float64")]
    assert d.inspect_types(("int32", "int32")) == int_version


def read_only_total(a):
    return a.sum()


def read_only_write(a):
    a[0] = 1.0


def test_array_types_by_numba_constructor():
    from rumba import types

    assert str(types.Array(types.float64, 1, "C", readonly=True)) == "readonly float64[::1]"
    assert str(types.Array(types.int32, 2, "F")) == "int32[::1, :]"
    assert str(types.Array(types.float32, 3, "A")) == "float32[:, :, :]"
    frozen = np.arange(3.0)
    frozen.flags.writeable = False
    compiled = rumba.njit((types.Array(types.float64, 1, "C", readonly=True),))(read_only_total)
    assert compiled(frozen) == read_only_total(frozen)
    with pytest.raises(rumba.errors.TypingError, match=r"test_signatures.py:\d+:\d+: error: cannot write into a read-only array"):
        rumba.njit((types.Array(types.float64, 1, "C", readonly=True),))(read_only_write)
    with pytest.raises(ValueError, match="layout is 'C', 'F' or 'A'"):
        types.Array(types.float64, 1, "X")


def halves(x):
    return x / 2, x / 4


def test_tuple_types_spelled_as_numba_spells_them_in_strings():
    # antropy declares `UniTuple(float64, 2)(float64[:], ...)`.
    d = njit("UniTuple(float64, 2)(float64)")(halves)
    assert d(3.0) == halves(3.0)
    with pytest.raises(TypeError):
        njit("UniTuple(float64)(float64)")(halves)


@njit(locals={"total": rumba.float32, "wrapped": rumba.types.int32})
def accumulate_declared_locals(a, big):
    total = 0.0
    for x in a:
        total += x
    wrapped = big
    return total, wrapped


@njit
def calls_declared_locals(a, big):
    return accumulate_declared_locals(a, big)


def declared_locals_model(a, big):
    # Numba's rule: each value assigned to a declared local converts to the declared type.
    total = np.float32(0.0)
    for x in a:
        total = np.float32(float(total) + float(x))
    return total, int(np.array(big).astype(np.int32))


@pytest.mark.parametrize("function", [accumulate_declared_locals, calls_declared_locals])
def test_locals_option_declares_the_types_of_variables(function):
    a = np.array([0.1, 0.2, 1e-9, 0.3, 1.0 / 3.0])
    total, wrapped = function(a, 3_000_000_000)
    expected_total, expected_wrapped = declared_locals_model(a, 3_000_000_000)
    assert isinstance(total, float) and total == float(expected_total)
    assert wrapped == expected_wrapped


def test_locals_option_on_a_closure_and_bad_declarations():
    def factory(declared):
        @njit(locals={"t": declared})
        def narrow(x):
            t = x
            return t
        return narrow

    assert factory(rumba.int8)(300) == int(np.array(300).astype(np.int8))
    with pytest.raises(errors.TypingError, match=r"cannot assign .* which locals= declares"):
        factory(rumba.float64[:])(3)
    with pytest.raises(TypeError, match="locals= takes a dict"):
        njit(locals=["t"])(lambda x: x)(1)


@njit(rumba.types.Tuple((rumba.int64[:, :], rumba.float64[:, :]))(rumba.float64[:, :],))
def pair_of_any_layout(a):
    return np.zeros(a.shape, dtype=np.int64), a * 2.0


def test_tuple_results_declared_with_any_layout_arrays():
    a = np.arange(6.0).reshape(2, 3)
    counts, doubled = pair_of_any_layout(a)
    assert counts.dtype == np.int64 and counts.shape == (2, 3) and not counts.any()
    np.testing.assert_array_equal(doubled, a * 2.0)


def test_from_dtype_and_choice_without_replacement():
    assert rumba.from_dtype(np.dtype("float32")) is rumba.float32
    assert rumba.from_dtype(np.int64) is rumba.int64
    assert rumba.types.from_dtype(np.bool_) is rumba.boolean

    def draw(n, k):
        np.random.seed(3)
        return np.random.choice(np.arange(10, 10 + n), k, replace=False), np.random.choice(n, (2, 2), replace=False)

    got, expected = njit(draw)(9, 4), draw(9, 4)
    for got_item, expected_item in zip(got, expected):
        np.testing.assert_array_equal(got_item, expected_item)
    with pytest.raises(ValueError, match="Cannot take a larger sample"):
        njit(draw)(3, 4)


@njit(rumba.float64[:](rumba.float64, rumba.uint64, rumba.optional(rumba.uint64)))
def draws_with_optional_seed(scale, size, seed):
    # numba-stats' samplers: the seed is None or a number.
    if seed is not None:
        np.random.seed(seed)
    return np.random.random(size) * scale


@njit
def calls_with_and_without_seed(scale):
    return draws_with_optional_seed(scale, 3, 5), draws_with_optional_seed(scale, 2, None)


def test_optional_parameters_take_none_or_a_number():
    def expected(scale, size, seed):
        if seed is not None:
            np.random.seed(seed)
        return np.random.random(size) * scale

    np.testing.assert_array_equal(draws_with_optional_seed(2.0, 3, 5), expected(2.0, 3, 5))
    assert draws_with_optional_seed(2.0, 4, None).shape == (4,)
    seeded, unseeded = calls_with_and_without_seed(1.5)
    np.testing.assert_array_equal(seeded, expected(1.5, 3, 5))
    assert unseeded.shape == (2,)
    assert str(rumba.optional(rumba.uint64)) == "OptionalType(uint64)"


@njit(rumba.types.Tuple((rumba.float32[::1], rumba.float64, rumba.int64))(rumba.float32[::1],), locals={"offset": rumba.float32, "count": rumba.int32})
def split_with_declared_locals(a):
    # pynndescent's random projection split: a float32 local in a tuple declared float64.
    offset = 0.0
    count = 0
    for x in a:
        offset += x
        count += 1
    return a * 2, offset, count


def test_tuple_results_widen_numbers_declared_wider():
    a = np.array([0.1, 0.2, 0.3], dtype=np.float32)
    doubled, offset, count = split_with_declared_locals(a)
    expected = np.float32(0.0)
    for x in a:
        expected = np.float32(float(expected) + float(x))
    assert type(offset) is float and offset == float(expected) and count == 3
    np.testing.assert_array_equal(doubled, a * 2)


@njit(rumba.types.Tuple((rumba.boolean, rumba.uint64, rumba.float32, rumba.int32))(rumba.int64,))
def counts_declared_narrower(n):
    # datashader declares a count of an int64 expression uint64, as Numba casts it.
    return n > 2, n - 1, n * 0.1, n * 1.5


@pytest.mark.parametrize("n", [5, 0])
def test_tuple_results_convert_numbers_to_the_declared_types(n):
    changed, count, scaled, truncated = counts_declared_narrower(n)
    assert changed == (n > 2)
    assert count == int(np.int64(n - 1).astype(np.uint64))
    assert scaled == float(np.float32(n * 0.1))
    assert truncated == int(n * 1.5)


def doubled_grid(grid, factor):
    return grid * np.int32(factor)


def test_parenthesised_return_type_is_the_type_not_a_tuple():
    # Numba evaluates a signature's text as Python: `(i4[:,:])` groups, `(i4[:,:],)` is a tuple.
    grid = np.arange(6, dtype=np.int32).reshape(2, 3)
    np.testing.assert_array_equal(njit("(i4[:,:])(i4[:,:], f8)")(doubled_grid)(grid, 2.0), doubled_grid(grid, 2))
    pair = njit("(i4[:,:],)(i4[:,:], f8)")(lambda grid, factor: (grid,))(grid, 2.0)
    assert isinstance(pair, tuple) and len(pair) == 1


@njit(["void(float64[:], int64)"], inline="always")
def fill_inlined(a, v):
    a[:] = v


def fill_float32(a):
    fill_inlined(a, np.int32(2))
    return a


def test_inline_always_callee_is_typed_for_its_call():
    # Numba inlines it into compiled callers, so its signatures bind only calls from Python.
    got = njit(fill_float32)(np.zeros(3, np.float32))
    assert got.dtype == np.float32 and (got == 2.0).all()
    with pytest.raises(TypeError):
        fill_inlined(np.zeros(3, np.float32), 2)
