#!/usr/bin/env python3
"""Differential runner for generated programs: rumba against CPython/NumPy (see gen.py, check.py).

    python3 tests/generator/run.py --seed S --count N --kind scalar|array [--start I]
                                   [--time-limit SEC] [--jobs J] [--timeout SEC]
                                   [--minimise] [--save] [-v]
    python3 tests/generator/run.py --replay tests/generator/findings/FILE.py ...

Programs ``(kind, seed, start) … (kind, seed, start + count - 1)`` run in worker processes
(check.py), one job at a time per worker, with a watchdog: a worker that dies is a ``crash`` and
one that takes longer than ``--timeout`` seconds on a program is a ``hang``; either way a fresh
worker takes the next program. ``--time-limit`` stops handing out programs after that many seconds.

Each failing program is printed as one line ``kind seed index: category ...``; those listed in
known_failures.py are marked ``known``. ``--minimise`` shrinks each new finding (minimise.py) and
``--save`` writes it to findings/KIND-SEED-INDEX.py: the minimised module, with the arguments, the
expected and actual outcome in comments at the top; ``--replay`` checks such files again.
The exit status is 1 when there was a finding not in known_failures.py.
"""

import argparse
import json
import os
import queue
import subprocess
import sys
import tempfile
import threading
import time

HERE = os.path.dirname(os.path.abspath(__file__))
REPO = os.path.dirname(os.path.dirname(HERE))


def _use_the_repository_venv():
    """Re-run this script with .venv's Python when the running one lacks NumPy or rumba."""
    try:
        import numpy  # noqa: F401
        import rumba  # noqa: F401
    except ImportError:
        venv = os.path.join(REPO, ".venv")
        venv_python = os.path.join(venv, "bin", "python")
        if os.path.exists(venv_python) and os.path.realpath(sys.prefix) != os.path.realpath(venv):
            os.execv(venv_python, [venv_python] + sys.argv)
        raise


if __name__ == "__main__":
    _use_the_repository_venv()

sys.path.insert(0, HERE)
sys.path.insert(1, os.path.join(REPO, "python", "tests"))
import gen  # noqa: E402
import minimise as minimiser  # noqa: E402
from _compare import describe_returncode  # noqa: E402
from known_failures import KNOWN_FAILURES  # noqa: E402

CHECK = os.path.join(HERE, "check.py")
FINDINGS = os.path.join(HERE, "findings")


class Worker:
    """A check.py process: ``run(job)`` sends one job and waits for its result, at most
    ``timeout`` seconds. A crash or hang comes back as a ``crash``/``hang`` finding and leaves the
    worker dead (``alive`` is False), to be replaced."""

    def __init__(self):
        self.stderr = tempfile.TemporaryFile(mode="w+")
        self.process = subprocess.Popen([sys.executable, CHECK], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                        stderr=self.stderr, text=True, cwd=REPO)
        self.lines = queue.Queue()
        threading.Thread(target=self._read, daemon=True).start()
        self.alive = True

    def _read(self):
        for line in self.process.stdout:
            self.lines.put(line)
        self.lines.put(None)

    def run(self, job, timeout):
        self.process.stdin.write(json.dumps(job) + "\n")
        self.process.stdin.flush()
        deadline = time.monotonic() + timeout
        position = None
        while True:
            try:
                line = self.lines.get(timeout=max(deadline - time.monotonic(), 0))
            except queue.Empty:
                self.close()
                return self._failure(job, "hang", position, "no result after %d s" % timeout)
            if line is None:
                self.process.wait()
                self.alive = False
                return self._failure(job, "crash", position, "%s; stderr: %s" % (describe_returncode(self.process.returncode), self._stderr_tail()))
            message = json.loads(line)
            if "status" in message:
                return message
            position = message["arg"]

    def _failure(self, job, category, position, reason):
        args = job["arg_sets"][position] if position is not None else None
        return {"id": job["id"], "status": "mismatch", "category": category, "arg": position, "args": args,
                "reason": reason, "expected": "", "got": ""}

    def _stderr_tail(self):
        self.stderr.seek(0)
        lines = [line.strip() for line in self.stderr.read().splitlines() if line.strip()]
        return " | ".join(lines[-4:])[-600:]

    def close(self):
        if self.process.poll() is None:
            self.process.kill()
        self.process.wait()
        self.alive = False


def job_for(program_, source=None, arg_sets=None):
    return {"id": "%s-%d-%d" % (program_.kind, program_.seed, program_.index), "kind": program_.kind,
            "source": source or program_.source, "arg_sets": arg_sets or program_.arg_sets, "approx": program_.approx}


def run_batch(kind, seed, indices, jobs=2, timeout=30.0, time_limit=None, restart_every=150):
    """Run programs ``indices`` of ``(kind, seed)`` on ``jobs`` workers; returns ``(results, ran)``:
    ``results`` maps each index that failed to its finding, ``ran`` is how many programs ran."""
    pending = iter(list(indices))
    lock = threading.Lock()
    results, ran = {}, [0]
    started = time.monotonic()

    def drive():
        worker, done = Worker(), 0
        try:
            while True:
                with lock:
                    if time_limit is not None and time.monotonic() - started > time_limit:
                        return
                    index = next(pending, None)
                if index is None:
                    return
                if not worker.alive or done >= restart_every:
                    worker.close()
                    worker, done = Worker(), 0
                program_ = gen.program(kind, seed, index)
                result = worker.run(job_for(program_), timeout)
                done += 1
                with lock:
                    ran[0] += 1
                    if result["status"] != "ok":
                        results[index] = result
        finally:
            worker.close()

    threads = [threading.Thread(target=drive) for _ in range(jobs)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    return results, ran[0]


def shrink(program_, finding, time_limit, timeout):
    """``finding`` again on the smallest program the minimiser reaches, with the same arguments, the
    same category and (for exceptions) the same exception type; returns ``(source, finding)``."""
    worker = [Worker()]
    arg_sets = [finding["args"]]

    def outcome(source):
        if not worker[0].alive:
            worker[0] = Worker()
        return worker[0].run(job_for(program_, source, arg_sets), timeout)

    def signature(result):
        """The category, with the exception's type where CPython raised one, the message (less
        its file:line:col) of a compile error, the types of a wrong-type finding."""
        category = result.get("category") or ""
        if "exception" in category:
            return category, (result.get("expected") or "").split("(")[0]
        if category in ("compile-error", "internal-error"):
            return category, (result.get("reason") or "").split("error: ")[-1]
        if category == "wrong-type":
            return category, result.get("reason")
        return category, None

    def still_fails(source):
        return signature(outcome(source)) == signature(finding)

    try:
        source = minimiser.minimise(program_.source, finding["args"], still_fails, time_limit)
        return source, dict(outcome(source), arg=finding["arg"]) if source != program_.source else finding
    finally:
        worker[0].close()


def save(program_, source, finding):
    """Write findings/KIND-SEED-INDEX.py: the header comments say what failed and how to replay."""
    os.makedirs(FINDINGS, exist_ok=True)
    path = os.path.join(FINDINGS, "%s-%d-%d.py" % (program_.kind, program_.seed, program_.index))
    header = [
        "# Generated-program finding: %s (kind %s, seed %d, index %d)." % (finding["category"], program_.kind, program_.seed, program_.index),
        "# Replay: python3 tests/generator/run.py --replay %s" % os.path.relpath(path, REPO),
        "# ARGS: %s" % finding.get("args"),
        "# APPROX: %s" % program_.approx,
        "# EXPECTED (CPython/NumPy): %s" % finding.get("expected", ""),
        "# GOT (rumba): %s" % finding.get("got", ""),
        "# REASON: %s" % finding.get("reason", ""),
    ]
    with open(path, "w") as handle:
        handle.write("\n".join(line.replace("\n", " ") for line in header) + "\n" + source)
    return path


def replay(path, timeout):
    """Check a saved finding again; returns the result dict (``status`` ``ok`` when fixed)."""
    with open(path) as handle:
        source = handle.read()
    fields = dict(line[2:].split(": ", 1) for line in source.splitlines() if line.startswith("# ") and ": " in line[2:])
    kind = os.path.basename(path).split("-")[0]
    job = {"id": os.path.basename(path)[:-3], "kind": kind, "source": source, "arg_sets": [fields["ARGS"]],
           "approx": fields["APPROX"] == "True"}
    worker = Worker()
    try:
        return worker.run(job, timeout)
    finally:
        worker.close()


def describe(finding):
    text = finding["category"]
    if finding.get("reason"):
        text += " (%s)" % finding["reason"]
    if finding.get("args"):
        text += " args=%s expected=%s got=%s" % (finding["args"], finding.get("expected"), finding.get("got"))
    return text


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--kind", choices=("scalar", "array"), default="scalar")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--count", type=int, default=100)
    parser.add_argument("--start", type=int, default=0, help="first program index")
    parser.add_argument("--time-limit", type=float, default=None, help="stop starting programs after SEC seconds")
    parser.add_argument("--jobs", type=int, default=os.cpu_count() or 1)
    parser.add_argument("--timeout", type=float, default=30.0, help="a program running longer is a hang")
    parser.add_argument("--minimise", action="store_true", help="shrink each new finding")
    parser.add_argument("--minimise-time", type=float, default=60.0, help="seconds per finding")
    parser.add_argument("--save", action="store_true", help="write new findings to findings/")
    parser.add_argument("--replay", nargs="+", metavar="FILE", help="check saved findings again")
    parser.add_argument("-v", "--verbose", action="store_true", help="print the source of each finding")
    options = parser.parse_args()

    if options.replay:
        failed = 0
        for path in options.replay:
            result = replay(path, options.timeout)
            failed += result["status"] != "ok"
            print("%s: %s" % (path, "passes" if result["status"] == "ok" else describe(result)))
        sys.exit(1 if failed else 0)

    started = time.monotonic()
    indices = range(options.start, options.start + options.count)
    results, ran = run_batch(options.kind, options.seed, indices, options.jobs, options.timeout, options.time_limit)
    new = 0
    categories = {}
    for index in sorted(results):
        finding = results[index]
        key = (options.kind, options.seed, index)
        known = KNOWN_FAILURES.get(key)
        categories[finding["category"]] = categories.get(finding["category"], 0) + 1
        program_ = gen.program(*key)
        source = program_.source
        if not known:
            new += 1
            if options.minimise and finding["category"] != "hang":
                source, finding = shrink(program_, finding, options.minimise_time, options.timeout)
            if options.save:
                save(program_, source, finding)
        print("%s %d %d: %s%s" % (options.kind, options.seed, index, "known: %s; " % known if known else "", describe(finding)))
        if options.verbose:
            print(source)
    fixed = [key for key in KNOWN_FAILURES if key[:2] == (options.kind, options.seed) and key[2] in indices
             and key[2] < options.start + ran and key[2] not in results]
    for key in fixed:
        print("%s %d %d: known failure now passes (remove it from known_failures.py)" % key)
    print("%d %s programs (seed %d, indices %d..%d) in %.0f s: %d findings (%s), %d not known, %d known failures now pass"
          % (ran, options.kind, options.seed, options.start, options.start + ran - 1, time.monotonic() - started,
             len(results), ", ".join("%s %d" % item for item in sorted(categories.items())) or "none", new, len(fixed)))
    sys.exit(1 if new or fixed else 0)


if __name__ == "__main__":
    main()
