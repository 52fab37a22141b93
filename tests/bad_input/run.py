#!/usr/bin/env python3
"""Diagnostics test runner: rumba must reject bad input cleanly.

Every *.py file in this directory (except this script) starts with

    # CALL: f(1)
    # ERROR: LINE:COL: substring

LINE and COL are 1-based and may be `*` (any).  The substring is matched
case-insensitively against the diagnostic message; `a|b` means "contains a or
contains b".

For each file the runner executes `rumba run FILE --call CALL` and checks:
  * the exit status is 2 (101 means the compiler panicked: always a failure);
  * the first line of stderr is `FILE:LINE:COL: error: MESSAGE` where FILE
    ends with the file's name and LINE/COL equal the expected ones;
  * MESSAGE contains the expected substring;
  * stderr shows the source line the diagnostic points at (the reported
    LINE), followed by a line with a `^` caret, and when COL is given the
    first caret sits under column COL of that source line (a gutter such as
    ` 4 | ` in front of both lines is allowed).  When LINE is `*` and the
    reported line is not a line of the file, this check is skipped.

Prints one line per failing case and exactly one summary line
`N passed, M failed`; exits non-zero if any case failed or the binary panicked.

Usage: python3 tests/bad_input/run.py [--rumba PATH] [--jobs N]
                                      [--timeout SEC] [-v] [FILE ...]
"""

import os
import re
import subprocess
import sys
from concurrent.futures import ThreadPoolExecutor

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.dirname(HERE))
from corpus import REPO_ROOT, parse_arguments  # noqa: E402

CALL_RE = re.compile(r"^#\s*CALL:\s*(.+?)\s*$")
ERROR_RE = re.compile(r"^#\s*ERROR:\s*(\*|\d+):(\*|\d+):\s*(.*?)\s*$")
DIAG_RE = re.compile(r"^(.+?):(\d+):(\d+): error: (.*)$")
PANIC_EXIT = 101
EXPECTED_EXIT = 2


class Case:
    def __init__(self, path):
        self.path = path
        self.name = os.path.basename(path)
        self.corpus_error = None
        self.call = None
        self.line = None   # int or None for '*'
        self.col = None    # int or None for '*'
        self.substrings = []
        self.expected_desc = ""
        with open(path, encoding="utf-8") as fh:
            self.source_lines = fh.read().splitlines()
        head = self.source_lines[:2]
        m1 = CALL_RE.match(head[0].strip()) if len(head) > 0 else None
        m2 = ERROR_RE.match(head[1].strip()) if len(head) > 1 else None
        if not m1 or not m2:
            self.corpus_error = ("first two lines must be '# CALL: ...' and "
                                 "'# ERROR: LINE:COL: substring'")
            return
        self.call = m1.group(1)
        line, col, sub = m2.groups()
        self.line = None if line == "*" else int(line)
        self.col = None if col == "*" else int(col)
        self.substrings = [s.strip().lower() for s in sub.split("|") if s.strip()]
        self.expected_desc = "%s:%s: %s" % (line, col, sub)


def check_source_excerpt(case, err_lines, line, col):
    """Check that stderr shows source line `line` and a caret line under it."""
    if not (1 <= line <= len(case.source_lines)):
        if case.line is None:
            return None  # e.g. "function not found": no source line to show
        return "reported line %d is not a line of the file" % line
    src = case.source_lines[line - 1]
    text = src.strip()
    indent = len(src) - len(src.lstrip())
    rest = err_lines[1:]
    for i in range(len(rest) - 1):
        printed = rest[i]
        if text and text not in printed:
            continue
        caret_line = rest[i + 1]
        if "^" not in caret_line:
            continue
        if col is None or not text:
            return None
        offset = printed.index(text) - indent  # width of any gutter
        caret_col = caret_line.index("^") - offset + 1
        if caret_col == col:
            return None
        return "caret is under column %d, expected column %d" % (caret_col, col)
    return "stderr does not show source line %d (%r) followed by a '^' caret line" % (
        line, text)


def run_case(case, rumba, timeout):
    """Returns (ok, message, panicked)."""
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
    err_lines = proc.stderr.splitlines()
    first = err_lines[0] if err_lines else ""
    if rc == PANIC_EXIT:
        return False, "PANIC (exit 101), expected a diagnostic %s; stderr: %r" % (
            case.expected_desc, proc.stderr.strip()[:300]), True

    problems = []
    if rc != EXPECTED_EXIT:
        problems.append("exit status %d, expected %d" % (rc, EXPECTED_EXIT))
    m = DIAG_RE.match(first)
    if not m:
        problems.append("first stderr line %r is not 'FILE:LINE:COL: error: MESSAGE'"
                        % first[:200])
    else:
        fname, line, col, msg = m.group(1), int(m.group(2)), int(m.group(3)), m.group(4)
        if not fname.endswith(case.name):
            problems.append("file %r does not end with %r" % (fname, case.name))
        if case.line is not None and line != case.line:
            problems.append("line %d, expected %d" % (line, case.line))
        if case.col is not None and col != case.col:
            problems.append("column %d, expected %d" % (col, case.col))
        if case.substrings and not any(s in msg.lower() for s in case.substrings):
            problems.append("message %r does not contain %s" % (
                msg, " or ".join(repr(s) for s in case.substrings)))
        excerpt_problem = check_source_excerpt(
            case, err_lines, line, case.col if case.col is not None else None)
        if excerpt_problem:
            problems.append(excerpt_problem)
    if problems:
        return False, "; ".join(problems) + " [expected %s; got %r]" % (
            case.expected_desc, first[:200]), False
    return True, None, False


def main(argv=None):
    args, paths = parse_arguments(__doc__.split("\n")[0], HERE, __file__, argv)

    cases = [Case(p) for p in paths]
    passed = failed = 0
    panicked = False
    with ThreadPoolExecutor(max_workers=max(1, args.jobs)) as pool:
        results = pool.map(lambda c: run_case(c, args.rumba, args.timeout), cases)
        for case, (ok, msg, panic) in zip(cases, results):
            panicked = panicked or panic
            if ok:
                passed += 1
                if args.verbose:
                    print("PASS %s" % case.name)
            else:
                failed += 1
                print("FAIL %s: %s" % (case.name, msg))
            sys.stdout.flush()

    print("%d passed, %d failed" % (passed, failed))
    return 1 if failed or panicked else 0


if __name__ == "__main__":
    sys.exit(main())
