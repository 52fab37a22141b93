"""Runs generated programs under CPython/NumPy and under rumba and compares the outcomes.

Run as a script this is the worker process run.py starts: it reads one JSON job per line on stdin
(``{"id", "kind", "source", "arg_sets", "approx"}``), writes ``{"id", "arg": k}`` before each call
(so that the parent knows which arguments were running when the process crashes or hangs) and one
result line ``{"id", "status", ...}`` per job. A crash or hang of compiled code takes only this
process down; run.py records it and starts another.

The reference is the same module's function run by the interpreter. For scalar programs it runs
with every int-valued operation wrapped in a check: a call in which CPython's integers leave int64
(where compiled integers wrap) is *skipped*, not compared.

What must agree, per argument tuple:

- if CPython raises, rumba raises the same exception type (messages are reported, not compared);
  if CPython returns, rumba returns;
- the result's structure and types: tuples item by item; ``int``/``float``/``bool`` exactly for
  scalar programs; a NumPy scalar result may come back as the Python scalar of its kind; arrays have
  the same dtype and shape;
- values: ints and bools equal; floats bit for bit (NaN equals NaN, the sign of zero matters), except
  in programs marked ``approx`` (a transcendental function, or a float sum/mean/prod over more than
  four elements, see gen.py) where finite floats may differ by a relative 1e-9, or 1e-5 where a
  float32 value or argument is involved (NumPy's float32 exp/log/sin/cos are its own), with the same
  absolute slack for results below 1 in magnitude;
- for array programs, the argument arrays afterwards (in-place operations write into them).
"""

import ast
import importlib.util
import json
import math
import os
import sys
import tempfile

import numpy as np
from rumba.errors import RumbaError

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from gen import ARG_NAMESPACE, INT64_MAX, INT64_MIN  # noqa: E402

TOLERANCE = {"float64": 1e-9, "float32": 1e-5}


class Wraparound(Exception):
    """CPython's integer left int64: compiled code wraps there, so the call is not compared."""


def _int64_check(value):
    if type(value) is int and not INT64_MIN <= value <= INT64_MAX:
        raise Wraparound(value)
    return value


class _CheckIntegers(ast.NodeTransformer):
    """Wraps every operator and call in ``_int64_check(...)`` and turns ``x op= e`` into
    ``x = _int64_check(x op e)``; drops decorators (the reference is the plain function)."""

    def _wrap(self, node):
        self.generic_visit(node)
        return ast.Call(func=ast.Name("_int64_check", ast.Load()), args=[node], keywords=[])

    visit_BinOp = visit_UnaryOp = visit_Call = _wrap

    def visit_FunctionDef(self, node):
        node.decorator_list = []
        self.generic_visit(node)
        return node

    def visit_AugAssign(self, node):
        self.generic_visit(node)
        if not isinstance(node.target, ast.Name):
            return node
        value = ast.BinOp(ast.Name(node.target.id, ast.Load()), node.op, node.value)
        return ast.Assign(targets=[ast.Name(node.target.id, ast.Store())], value=self._wrap(value))


def checked_reference(source):
    """``f`` from ``source`` with int64 checks (see ``_CheckIntegers``), as plain Python."""
    tree = ast.fix_missing_locations(_CheckIntegers().visit(ast.parse(source)))
    namespace = {"_int64_check": _int64_check}
    exec(compile(tree, "<reference>", "exec"), namespace)
    return namespace["f"]


def load_compiled(source, directory, name):
    """Import ``source`` from a file (rumba compiles the function's source file) and return ``f``,
    the rumba dispatcher; ``f.py_func`` is the same function for the interpreter."""
    path = os.path.join(directory, name + ".py")
    with open(path, "w") as handle:
        handle.write(source)
    spec = importlib.util.spec_from_file_location(name, path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module.f


def outcome(function, args):
    """``("ok", value)``, ``("raised", exception)`` or (the checked reference only)
    ``("wraparound", None)``."""
    try:
        with np.errstate(all="ignore"):
            return "ok", function(*args)
    except Wraparound:
        return "wraparound", None
    except Exception as error:  # noqa: BLE001 - every exception is an outcome to compare
        return "raised", error


def show(value):
    """A value as text for reports: arrays with dtype and shape, floats with repr."""
    if isinstance(value, np.ndarray):
        return "array(%s, dtype=%s, shape=%s)" % (np.array2string(value, separator=", ", threshold=50, floatmode="unique"), value.dtype, value.shape)
    if isinstance(value, tuple):
        return "(%s)" % ", ".join(show(item) for item in value) + ("," if len(value) == 1 else "")
    if isinstance(value, BaseException):
        return "%s(%s)" % (type(value).__name__, ", ".join(repr(arg) for arg in value.args))
    if isinstance(value, np.generic):
        return "np.%s(%r)" % (type(value).__name__, value.item())
    return repr(value)


def _floats_differ(got, expected, tolerance, dtype):
    """Whether two floats differ: bit for bit when ``tolerance`` is None, else relatively (at
    least float32's tolerance for a float32 value)."""
    if math.isnan(expected) or math.isnan(got):
        return not (math.isnan(expected) and math.isnan(got))
    if tolerance is None or math.isinf(expected) or math.isinf(got):
        return got != expected or math.copysign(1, got) != math.copysign(1, expected)
    return abs(got - expected) > max(tolerance, TOLERANCE[dtype]) * max(abs(expected), 1.0)


def _arrays_differ(got, expected, tolerance):
    """None or a reason: dtype, shape or the first differing element."""
    if not isinstance(got, np.ndarray):
        return "expected an array, got %s" % type(got).__name__
    if got.dtype != expected.dtype:
        return "dtype %s, expected %s" % (got.dtype, expected.dtype)
    if got.shape != expected.shape:
        return "shape %s, expected %s" % (got.shape, expected.shape)
    for index in np.ndindex(*expected.shape):
        g, e = got[index].item(), expected[index].item()
        if expected.dtype.kind == "f":
            if _floats_differ(g, e, tolerance, expected.dtype.name):
                return "element %s is %r, expected %r" % (index, g, e)
        elif g != e:
            return "element %s is %r, expected %r" % (index, g, e)
    return None


def difference(got, expected, tolerance, exact_types):
    """None when ``got`` (rumba) matches ``expected`` (CPython), else ``(category, reason)`` with
    category ``wrong-type`` or ``wrong-value``."""
    if isinstance(expected, tuple):
        if type(got) is not tuple or len(got) != len(expected):
            return "wrong-type", "expected a %d-tuple" % len(expected)
        for got_item, expected_item in zip(got, expected):
            found = difference(got_item, expected_item, tolerance, exact_types)
            if found:
                return found
        return None
    if isinstance(expected, np.ndarray):
        reason = _arrays_differ(got, expected, tolerance)
        if reason is None:
            return None
        return ("wrong-value" if reason.startswith("element") else "wrong-type"), reason
    for kind, python_type in (((bool, np.bool_), bool), ((int, np.integer), int), ((float, np.floating), float)):
        if isinstance(expected, kind):
            if type(got) is not python_type or (exact_types and type(expected) is not python_type):
                return "wrong-type", "got %s, expected %s" % (type(got).__name__, type(expected).__name__)
            dtype = "float32" if isinstance(expected, np.float32) else "float64"
            if python_type is float and _floats_differ(got, float(expected), tolerance, dtype):
                return "wrong-value", "float differs"
            if python_type is not float and got != expected:
                return "wrong-value", "value differs"
            return None
    if expected is None and got is None:
        return None
    return "wrong-type", "unexpected result types"


def compare_call(reference, compiled, args_text, approx, kind):
    """One argument tuple: None when both agree (or the call is skipped), else a finding dict."""
    reference_args = eval(args_text, dict(ARG_NAMESPACE))
    compiled_args = eval(args_text, dict(ARG_NAMESPACE))
    expected_status, expected = outcome(reference, reference_args)
    if expected_status == "wraparound":
        return {"status": "skipped"}
    got_status, got = outcome(compiled, compiled_args)
    finding = {"args": args_text, "expected": show(expected), "got": show(got)}
    if got_status == "raised":
        if isinstance(got, RumbaError) and not (expected_status == "raised" and type(got) is type(expected)):
            category = "internal-error" if type(got).__name__ == "InternalError" else "compile-error"
            return dict(finding, status="mismatch", category=category, reason=str(got).splitlines()[0])
    if expected_status == "raised" or got_status == "raised":
        if expected_status != got_status:
            category = "missing-exception" if expected_status == "raised" else "spurious-exception"
            return dict(finding, status="mismatch", category=category, reason="")
        if type(got) is not type(expected):
            return dict(finding, status="mismatch", category="wrong-exception", reason="")
        return None
    tolerance = (TOLERANCE["float32" if "float32" in args_text else "float64"]) if approx else None
    found = difference(got, expected, tolerance, exact_types=(kind == "scalar"))
    if found is None and kind == "array":
        for position, (after_got, after_expected) in enumerate(zip(compiled_args, reference_args)):
            reason = isinstance(after_expected, np.ndarray) and _arrays_differ(after_got, after_expected, tolerance)
            if reason:
                found = ("wrong-argument", "argument %d afterwards: %s" % (position, reason))
                finding["expected"] = show(after_expected)
                finding["got"] = show(after_got)
                break
    if found is None:
        return None
    return dict(finding, status="mismatch", category=found[0], reason=found[1])


def run_job(job, directory, emit):
    """Every argument tuple of one job, stopping at the first mismatch."""
    name = "generated_%d_%s" % (os.getpid(), job["id"])
    compiled = load_compiled(job["source"], directory, name)
    reference = checked_reference(job["source"]) if job["kind"] == "scalar" else compiled.py_func
    skipped = 0
    for position, args_text in enumerate(job["arg_sets"]):
        emit({"id": job["id"], "arg": position})
        finding = compare_call(reference, compiled, args_text, job["approx"], job["kind"])
        if finding and finding["status"] == "skipped":
            skipped += 1
        elif finding:
            return dict(finding, id=job["id"], arg=position)
    return {"id": job["id"], "status": "ok", "compared": len(job["arg_sets"]) - skipped, "skipped": skipped}


def main():
    def emit(message):
        sys.stdout.write(json.dumps(message) + "\n")
        sys.stdout.flush()

    with tempfile.TemporaryDirectory(prefix="rumba-generated-") as directory:
        for line in sys.stdin:
            job = json.loads(line)
            try:
                emit(run_job(job, directory, emit))
            except Exception as error:  # noqa: BLE001 - a broken job is reported, the worker goes on
                emit({"id": job["id"], "status": "mismatch", "category": "harness-error", "reason": show(error)})


if __name__ == "__main__":
    main()
