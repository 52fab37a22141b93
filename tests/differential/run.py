#!/usr/bin/env python3
"""Differential test runner: compare `rumba run` against CPython.

For every *.py file in this directory (except this script) and every line

    # CALL: f(1, 2)            -- compared exactly, by repr
    # CALL(approx): f(1.5)     -- floats compared with relative tolerance 1e-12
    # CALL(xfail): f(0)        -- a documented divergence from CPython; must fail, counts as skipped

the expected result is computed in-process by exec-ing the module in a fresh
namespace and eval-ing the call.  Then

    rumba run FILE --call CALL

is run and its stdout (stripped) is compared with repr(expected).  When the
call raises under CPython, the binary must exit with status 1 and the last
non-empty line of its stderr must be `TypeName: message`.

Prints one line per failing case, then exactly one summary line
`N passed, M failed`.  Exits non-zero if any case failed or the binary
panicked (exit status 101) anywhere.

Usage: python3 tests/differential/run.py [--rumba PATH] [--jobs N]
                                         [--timeout SEC] [-v] [FILE ...]
"""

import ast
import math
import os
import re
import subprocess
import sys
from concurrent.futures import ThreadPoolExecutor

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.dirname(HERE))
from corpus import REPO_ROOT, parse_arguments  # noqa: E402

CALL_RE = re.compile(r"^#\s*CALL(\((approx|xfail)\))?:\s*(.+?)\s*$")
INT64_MIN = -(2 ** 63)
INT64_MAX = 2 ** 63 - 1
REL_TOL = 1e-12
PANIC_EXIT = 101


class Case:
    def __init__(self, path, lineno, call, approx, xfail=False):
        self.path = path
        self.lineno = lineno
        self.call = call
        self.approx = approx
        # A known divergence from CPython, documented next to the CALL line: it must still fail.
        self.xfail = xfail
        # Filled in by compute_expected():
        self.corpus_error = None  # str: the corpus itself is broken
        self.exc = None           # "TypeName: message" if CPython raised
        self.value = None         # the Python value otherwise
        self.expected_repr = None

    @property
    def name(self):
        return "%s:%d: %s" % (os.path.basename(self.path), self.lineno, self.call)


def valid_result(v):
    """Is v an int/float/bool/None or a (nested) tuple of those, ints in int64?"""
    if v is None or isinstance(v, (bool, float)):
        return True
    if type(v) is int:
        return INT64_MIN <= v <= INT64_MAX
    if type(v) is tuple:
        return all(valid_result(x) for x in v)
    return False


def collect_cases(paths):
    cases = []
    for path in paths:
        with open(path, encoding="utf-8") as fh:
            for lineno, line in enumerate(fh, 1):
                m = CALL_RE.match(line.strip())
                if m:
                    cases.append(Case(path, lineno, m.group(3), m.group(2) == "approx", m.group(2) == "xfail"))
    return cases


def compute_expected(cases):
    """Evaluate every case under CPython (sequentially, in-process)."""
    by_file = {}
    for c in cases:
        by_file.setdefault(c.path, []).append(c)
    for path, file_cases in by_file.items():
        with open(path, encoding="utf-8") as fh:
            source = fh.read()
        try:
            code = compile(source, path, "exec")
        except SyntaxError as e:
            for c in file_cases:
                c.corpus_error = "module does not compile under CPython: %s" % e
            continue
        for c in file_cases:
            ns = {"__name__": "__rumba_differential__", "__file__": path}
            try:
                exec(code, ns)
            except Exception as e:  # noqa: BLE001
                c.corpus_error = "module raised on import: %s: %s" % (
                    type(e).__name__, e)
                continue
            try:
                call_code = compile(c.call, "<CALL>", "eval")
            except SyntaxError as e:
                c.corpus_error = "CALL is not a valid expression: %s" % e
                continue
            try:
                value = eval(call_code, ns)
            except Exception as e:  # noqa: BLE001
                c.exc = "%s: %s" % (type(e).__name__, e)
                continue
            if not valid_result(value):
                c.corpus_error = ("CPython result %r is not an int64/float/bool/"
                                  "None or a tuple of those" % (value,))
                continue
            c.value = value
            c.expected_repr = repr(value)


def parse_output(text):
    """Parse a printed result (repr syntax, plus nan/inf) into a Python value."""
    tree = ast.parse(text.strip(), mode="eval")

    def conv(node):
        if isinstance(node, ast.Constant) and (
                node.value is None or type(node.value) in (bool, int, float)):
            return node.value
        if isinstance(node, ast.Name):
            if node.id == "nan":
                return math.nan
            if node.id == "inf":
                return math.inf
            raise ValueError("unexpected name %r" % node.id)
        if isinstance(node, ast.UnaryOp) and isinstance(node.op, ast.USub):
            v = conv(node.operand)
            if type(v) in (int, float):
                return -v
            raise ValueError("bad negation")
        if isinstance(node, ast.Tuple):
            return tuple(conv(e) for e in node.elts)
        raise ValueError("unexpected syntax %s" % type(node).__name__)

    return conv(tree.body)


def approx_equal(expected, got):
    if type(expected) is not type(got):
        return False
    if type(expected) is tuple:
        return len(expected) == len(got) and all(
            approx_equal(a, b) for a, b in zip(expected, got))
    if type(expected) is float:
        if math.isnan(expected) or math.isnan(got):
            return math.isnan(expected) and math.isnan(got)
        if expected == got:
            return True
        return math.isclose(expected, got, rel_tol=REL_TOL, abs_tol=0.0)
    return expected == got


def last_nonempty_line(text):
    lines = [l.strip() for l in text.splitlines() if l.strip()]
    return lines[-1] if lines else ""


def short(text, limit=300):
    text = text.strip()
    if len(text) > limit:
        text = text[:limit] + "..."
    return text


def run_case(case, rumba, timeout):
    """Returns (ok: bool, message: str or None, panicked: bool)."""
    if case.corpus_error:
        return False, "CORPUS ERROR: " + case.corpus_error, False
    cmd = [rumba, "run", case.path, "--call", case.call]
    try:
        proc = subprocess.run(cmd, cwd=REPO_ROOT, capture_output=True,
                              text=True, errors="replace", timeout=timeout)
    except subprocess.TimeoutExpired:
        return False, "timed out after %ss" % timeout, False
    except OSError as e:
        return False, "cannot run %s: %s" % (rumba, e), False

    rc = proc.returncode
    out = proc.stdout.strip()
    err = proc.stderr
    if rc == PANIC_EXIT:
        return False, "PANIC (exit 101); stderr: %s" % short(err), True

    if case.exc is not None:
        got_exc = last_nonempty_line(err)
        if rc == 1 and got_exc == case.exc:
            return True, None, False
        return False, "expected exception %r (exit 1), got exit %d, stderr %r, stdout %r" % (
            case.exc, rc, short(got_exc), short(out)), False

    if rc != 0:
        return False, "expected %s, got exit %d; stderr: %s" % (
            case.expected_repr, rc, short(err)), False
    if case.approx:
        try:
            got_value = parse_output(out)
        except (SyntaxError, ValueError) as e:
            return False, "expected %s (approx), got unparsable %r (%s)" % (
                case.expected_repr, short(out), e), False
        if approx_equal(case.value, got_value):
            return True, None, False
        return False, "expected %s (approx, rel 1e-12), got %s" % (
            case.expected_repr, short(out)), False
    if out == case.expected_repr:
        return True, None, False
    return False, "expected %s, got %r" % (case.expected_repr, short(out)), False


def main(argv=None):
    args, paths = parse_arguments(__doc__.split("\n")[0], HERE, __file__, argv)

    cases = collect_cases(paths)
    compute_expected(cases)

    passed = failed = skipped = 0
    panicked = False
    with ThreadPoolExecutor(max_workers=max(1, args.jobs)) as pool:
        results = pool.map(lambda c: run_case(c, args.rumba, args.timeout), cases)
        for case, (ok, msg, panic) in zip(cases, results):
            panicked = panicked or panic
            if case.xfail and not ok and not panic:
                skipped += 1
                if args.verbose:
                    print("XFAIL %s: %s" % (case.name, msg))
            elif case.xfail and ok:
                failed += 1
                print("XPASS %s: a known divergence now passes; drop its (xfail) marker" % case.name)
            elif ok:
                passed += 1
                if args.verbose:
                    print("PASS %s" % case.name)
            else:
                failed += 1
                print("FAIL %s: %s" % (case.name, msg))
            sys.stdout.flush()

    print("%d passed, %d failed, %d skipped" % (passed, failed, skipped))
    return 1 if failed or panicked else 0


if __name__ == "__main__":
    sys.exit(main())
