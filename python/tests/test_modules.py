"""Functions of other modules called from compiled code (issue 14): jitted or plain, imported by
name or read as a module's attribute (`helpers.f`, `package.sub.f`), each compiled with the
caller from its own source and reading its own module's globals; closures made by factories and
functions of earlier notebook cells called the same way. Each compared with CPython running the
same functions."""

import linecache

import numpy as np
import pytest

import _helper_module
import _helper_package
from _helper_module import hypotenuse_parts, make_scaler, shifted, undefined_inside
from _helper_module import weighted_norm as norm_by_another_name
from rumba import errors, njit

SCALE = 100.0


def square(x):
    # Not the helper module's `square`: each module's functions read their own names.
    return -x


def calls_imported_functions(a):
    return norm_by_another_name(a) + shifted(1.0) + shifted(1.0, 4) + SCALE + square(2.0)


def calls_through_module_attributes(a):
    return _helper_module.weighted_norm(a) + _helper_module.SCALE + _helper_package.sub.times_scale(a[0]) + _helper_module.tolerance(a[0])


@pytest.mark.parametrize("values", [np.arange(5.0), np.array([3.0, -4.0])])
def test_functions_of_other_modules_read_their_own_globals(values):
    assert njit(calls_imported_functions)(values) == calls_imported_functions(values)
    assert njit(calls_through_module_attributes)(values) == calls_through_module_attributes(values)


scale_by_3 = make_scaler(3)
scale_by_half = make_scaler(0.5)


def calls_closures(x):
    return scale_by_3(x) + scale_by_half(x)


def test_closures_made_elsewhere_keep_their_values():
    assert njit(calls_closures)(2.0) == calls_closures(2.0)
    assert njit(calls_closures)(3) == calls_closures(3)


def calls_an_undefined_name(x):
    return undefined_inside(x)


def test_an_error_in_another_module_is_located_in_its_file():
    with pytest.raises(errors.TypingError, match=r"_helper_module.py:\d+:\d+: error: name 'not_defined_anywhere' is not defined"):
        njit(calls_an_undefined_name)(1.0)


def _run_cell(source, name, namespace):
    """Runs `source` as IPython runs a notebook cell: compiled from a file name that is not on
    disk, with its lines in `linecache`."""
    linecache.cache[name] = (len(source), None, source.splitlines(True), name)
    exec(compile(source, name, "exec"), namespace)


def test_functions_of_earlier_notebook_cells_are_called():
    namespace = {}
    _run_cell("import numpy as np\nfrom rumba import njit\nOFFSET = 1.5\n\n@njit\ndef shift(x):\n    return x + OFFSET\n", "<ipython-cell-1>", namespace)
    _run_cell("def twice(x):\n    return 2 * x\n", "<ipython-cell-2>", namespace)
    _run_cell("@njit\ndef both(a):\n    return shift(a.sum()) + twice(a[0])\n", "<ipython-cell-3>", namespace)
    values = np.arange(4.0)
    assert namespace["both"](values) == namespace["both"].py_func(values)


def test_a_function_without_source_is_refused_where_it_is_called():
    namespace = {}
    exec("def no_source(x):\n    return x + 1\n", namespace)
    _run_cell("def caller(x):\n    return no_source(x)\n", "<caller-cell>", namespace)
    with pytest.raises(errors.UnsupportedError, match=r"<caller-cell>:2:12: error: 'no_source' cannot be compiled: .*source"):
        njit(namespace["caller"])(1.0)


@njit
def jitted_square(x):
    return x * x


def plain_cube(x):
    return x * x * x


def apply(f, x):
    return f(x) + 1


def apply_composed(f, g, values):
    total = 0.0
    for i in range(values.shape[0]):
        total += f(g(values[i]))
    return total


def passes_functions_on(x):
    return apply(jitted_square, x) + apply(plain_cube, x) + apply(_helper_module.square, x)


def test_functions_are_passed_as_arguments():
    compiled_apply = njit(apply)
    assert compiled_apply(jitted_square, 3.0) == apply(jitted_square.py_func, 3.0)
    assert compiled_apply(plain_cube, 2) == apply(plain_cube, 2)
    assert compiled_apply(_helper_module.weighted_norm, np.arange(3.0)) == apply(_helper_module.weighted_norm.py_func, np.arange(3.0))
    values = np.linspace(-1.0, 2.0, 7)
    assert njit(apply_composed)(jitted_square, plain_cube, values) == apply_composed(jitted_square.py_func, plain_cube, values)
    assert njit(passes_functions_on)(1.5) == passes_functions_on(1.5)


def test_each_function_passed_is_a_specialisation_of_its_own():
    compiled_apply = njit(apply)
    compiled_apply(jitted_square, 3.0)
    compiled_apply(plain_cube, 3.0)
    assert compiled_apply(jitted_square, 4.0) == 17.0
    assert compiled_apply(plain_cube, 4.0) == 65.0
    assert len(compiled_apply.signatures) == 2


def returns_its_function(f):
    return f


def picks_one_of_two(flag, x):
    g = jitted_square
    if flag:
        g = plain_cube
    return g(x)


def test_functions_that_do_not_stay_known_when_compiling_are_located_errors():
    with pytest.raises(errors.UnsupportedError, match=r"test_modules.py:\d+:\d+: error: returning function\[jitted_square\] is not supported yet"):
        njit(returns_its_function)(jitted_square)
    with pytest.raises(errors.TypingError, match=r"test_modules.py:\d+:\d+: error: variable 'g' is function\[jitted_square\] on one path and function\[plain_cube\] on another"):
        njit(picks_one_of_two)(True, 2.0)


class Tools:
    SCALE = 2.5

    @staticmethod
    @njit
    def twice(x):
        return 2 * x

    @staticmethod
    def plus_one(x):
        return x + 1


def uses_a_class(x):
    global SCALE
    return Tools.twice(x) + Tools.plus_one(x) * Tools.SCALE + SCALE


def assigns_a_global(x):
    global SCALE
    SCALE = x
    return x


def test_static_methods_and_constants_of_classes_and_global_reads():
    assert njit(uses_a_class)(1.5) == uses_a_class(1.5)
    assert Tools.twice(2.0) == 4.0
    with pytest.raises(errors.UnsupportedError, match=r"test_modules.py:\d+:\d+: error: assigning to 'SCALE', declared global, is not supported"):
        njit(assigns_a_global)(1.0)


def halved(x):
    return x / 2.0


# A namespace made at run time, and this very module, each holding functions of this file.
namespace = __import__("types").ModuleType("namespace")
namespace.halved = halved
this_module = __import__("sys").modules[__name__]


def calls_through_namespaces(x):
    return namespace.halved(x) + this_module.halved(x) + this_module.square(x)


def test_functions_of_this_file_reached_through_a_namespace_or_the_module_itself():
    assert njit(calls_through_namespaces)(3.0) == calls_through_namespaces(3.0)


def calls_a_function_that_reads_a_namespace(x):
    return _helper_module.halved_through_a_namespace(x) * 2.0


def test_a_function_of_another_module_reads_its_own_namespaces():
    # Compiled under the other module's prefix, `param_util.halve` names that module's member.
    expected = calls_a_function_that_reads_a_namespace(3.0)
    assert njit(calls_a_function_that_reads_a_namespace)(3.0) == expected == 5.0



def reverses_elsewhere(a):
    return _helper_module.reversed_by_a_closure(a, True)


def test_a_function_of_another_module_with_nonlocal_closures():
    a = np.arange(4.0)
    np.testing.assert_array_equal(njit(reverses_elsewhere)(a), reverses_elsewhere(a))
    np.testing.assert_array_equal(njit(reverses_elsewhere)(a), a[::-1] * 2)


@njit
def inverse_distance(a, b):
    d, _, _ = hypotenuse_parts(a, b)
    return 1 / d


def accumulate_kernel(xs, ys, out, kernel):
    for i in range(xs.size):
        out[i] += kernel(xs[i], ys[i])
    return out


def test_a_function_of_this_file_passed_as_an_argument_reads_its_own_globals():
    # choclo's kernels: the loop names none of the globals the kernel it is passed reads (a
    # function imported from another module).
    xs, ys = np.array([3.0, 6.0]), np.array([4.0, 8.0])
    got = njit(accumulate_kernel)(xs, ys, np.zeros(2), inverse_distance)
    np.testing.assert_array_equal(got, accumulate_kernel(xs, ys, np.zeros(2), inverse_distance.py_func))
