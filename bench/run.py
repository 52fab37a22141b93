"""Speed against Numba, measured side by side (issue 6): runs every kernel of bench/kernels under
rumba (this repository's .venv) and Numba (from PyPI, in bench/.venv-numba, created on first use),
and rumba again without its equality-saturation stage (RUMBA_EQSAT=0), checks that the results agree, times the kernel's NumPy version where it has one, and writes OUT/results.json, OUT/results.md, OUT/ratios.png and
OUT/matmul_scaling.png (OUT is bench/results unless --out says otherwise).

    python3 bench/run.py [--quick] [--only NAME[,NAME...]] [--out DIR]

Each kernel runs in a fresh interpreter per implementation (worker.py), so the first call includes
compilation; the steady state is the median of repeated calls. The two implementations take turns,
ROUNDS times each, and each keeps its fastest round: on a shared machine, noise only ever slows a
round down, and taking turns keeps a slow spell from landing on one side only. rumba runs with RUMBA_TIMINGS=1 and
its `rumba: <stage> <ms> ms` lines on stderr are kept as the compile-time breakdown. A kernel rumba
cannot compile or run is reported as unsupported; a result that differs (or a kernel Numba cannot
run) makes the exit status 1. The loop matmul's scaling with n is measured too (--only names it
matmul_scaling). --quick: smaller inputs, fewer repeats, matmul scaling up to 256. Needs only the
standard library: NumPy, Numba and matplotlib run in the workers."""
import argparse
import datetime
import json
import math
import os
import pathlib
import re
import signal
import subprocess
import sys
import tempfile

HERE = pathlib.Path(__file__).resolve().parent
ROOT = HERE.parent
NUMBA_ENV = HERE / ".venv-numba"
NUMBA_PYTHON = NUMBA_ENV / "bin" / "python"
RUMBA_PYTHON = ROOT / ".venv" / "bin" / "python"
TIMING_LINE = re.compile(r"^rumba: (.+) ([0-9.]+) ms$")
SCALING_SIZES = [4 * 2**i for i in range(9)]  # 4, 8, ..., 1024
QUICK_SCALING_MAX = 256
SCALING = "matmul_scaling"
ROUNDS = 2


def ensure_numba_env():
    """bench/.venv-numba with numba, scipy and matplotlib from PyPI (plots are drawn by its Python)."""
    if not NUMBA_PYTHON.exists():
        subprocess.run([sys.executable, "-m", "venv", str(NUMBA_ENV)], check=True)
        subprocess.run([str(NUMBA_PYTHON), "-m", "pip", "install", "-q", "numba", "scipy", "matplotlib"], check=True)
    elif subprocess.run([str(NUMBA_PYTHON), "-c", "import matplotlib, scipy"], capture_output=True).returncode != 0:
        # Numba's np.dot, `@` and np.linalg call SciPy's BLAS and LAPACK.
        subprocess.run([str(NUMBA_PYTHON), "-m", "pip", "install", "-q", "scipy", "matplotlib"], check=True)


def run_worker(python, arguments, timeout, extra_env=None):
    """Runs worker.py; returns (the JSON it printed or {"error": ...}, its stderr)."""
    env = dict(os.environ, **(extra_env or {}))
    command = [str(python), str(HERE / "worker.py")] + arguments
    try:
        done = subprocess.run(command, capture_output=True, text=True, timeout=timeout, env=env, cwd=HERE)
    except subprocess.TimeoutExpired as expired:
        stderr = expired.stderr.decode(errors="replace") if isinstance(expired.stderr, bytes) else expired.stderr or ""
        return {"error": "timed out after %d s" % timeout}, stderr
    lines = done.stdout.strip().splitlines()
    if done.returncode == 0 and lines:
        return json.loads(lines[-1]), done.stderr
    if done.returncode < 0:
        why = "worker crashed (%s)" % signal.Signals(-done.returncode).name
    else:
        tail = [line for line in done.stderr.strip().splitlines() if line.strip()]
        why = "worker failed: %s" % (tail[-1] if tail else "exit status %d" % done.returncode)
    return {"error": why, "error_message": done.stderr[-4000:]}, done.stderr


def format_ns(ns):
    if ns is None:
        return "—"
    for unit, scale in (("s", 1e9), ("ms", 1e6), ("µs", 1e3)):
        if ns >= scale:
            return "%.3g %s" % (ns / scale, unit)
    return "%.3g ns" % ns


def format_ratio(value):
    return "—" if value is None else "%.2f" % value


def ratio(rumba, numba):
    return rumba / numba if rumba is not None and numba is not None else None


def geometric_mean(values):
    return math.exp(sum(math.log(value) for value in values) / len(values)) if values else None


def fastest(rounds):
    """One implementation's report from its rounds: the least steady and first-call times (the
    first error if a round failed)."""
    failed = [report for report in rounds if "error" in report]
    if failed:
        return failed[0]
    best = dict(min(rounds, key=lambda report: report["steady_ns"]))
    best["first_call_ns"] = min(report["first_call_ns"] for report in rounds)
    return best


def measure_kernel(name, raw_dir, quick):
    """Times one kernel under both implementations and checks the results; returns its record."""
    flags = ["--quick"] if quick else []
    timeout = 120 if quick else 600
    numba_rounds, rumba_rounds, without_rounds, numpy_rounds, rumba_stderr, without_stderr = [], [], [], [], None, None
    for _ in range(ROUNDS):
        numba_rounds.append(run_worker(NUMBA_PYTHON, ["time", "numba", name, raw_dir] + flags, timeout)[0])
        numpy_rounds.append(run_worker(NUMBA_PYTHON, ["time", "numpy", name, raw_dir] + flags, timeout)[0])
        report, stderr = run_worker(RUMBA_PYTHON, ["time", "rumba", name, raw_dir] + flags, timeout, {"RUMBA_TIMINGS": "1"})
        rumba_rounds.append(report)
        rumba_stderr = rumba_stderr if rumba_stderr is not None else stderr
        report, stderr = run_worker(RUMBA_PYTHON, ["time", "rumba-noeqsat", name, raw_dir] + flags, timeout, {"RUMBA_TIMINGS": "1"})
        without_rounds.append(report)
        without_stderr = without_stderr if without_stderr is not None else stderr
    numba, rumba, without, numpy = fastest(numba_rounds), fastest(rumba_rounds), fastest(without_rounds), fastest(numpy_rounds)
    checked, _ = run_worker(NUMBA_PYTHON, ["check", name, raw_dir] + flags, timeout)
    if "error" in numba:
        status = "error"  # every kernel must run on Numba: a harness or kernel bug
    elif not checked.get("ok", False):
        status = "mismatch"
    elif "error" in rumba:
        status = "unsupported"
    else:
        status = "ok"
    return {
        "name": name,
        "status": status,
        "check": checked.get("check") or "check failed: %s" % checked.get("error"),
        "numba": numba,
        "rumba": rumba,
        "rumba_noeqsat": without,
        "numpy": numpy,
        "steady_ratio": ratio(rumba.get("steady_ns"), numba.get("steady_ns")),
        "numpy_ratio": ratio(rumba.get("steady_ns"), numpy.get("steady_ns")),
        "first_call_ratio": ratio(rumba.get("first_call_ns"), numba.get("first_call_ns")),
        "eqsat_ratio": ratio(rumba.get("steady_ns"), without.get("steady_ns")),
        "compile_timings": [line for line in rumba_stderr.splitlines() if TIMING_LINE.match(line)],
        "compile_ms": compile_ms(rumba_stderr),
        "compile_ms_noeqsat": compile_ms(without_stderr),
    }


def compile_ms(stderr):
    """The milliseconds of every RUMBA_TIMINGS line (parsing, each stage, LLVM code generation)."""
    matches = [TIMING_LINE.match(line) for line in (stderr or "").splitlines()]
    return sum(float(match.group(2)) for match in matches if match) if any(matches) else None


def measure_scaling(quick):
    sizes = [n for n in SCALING_SIZES if not quick or n <= QUICK_SCALING_MAX]
    scaling = {"sizes": sizes}
    for implementation, python in (("numpy", NUMBA_PYTHON), ("numba", NUMBA_PYTHON), ("rumba", RUMBA_PYTHON)):
        report, _ = run_worker(python, ["scaling", implementation] + [str(n) for n in sizes], 600)
        scaling[implementation] = report.get("times_ns") or {"error": report["error"]}
    return scaling


def machine():
    cpu = "unknown CPU"
    with open("/proc/cpuinfo") as cpuinfo:
        for line in cpuinfo:
            if line.startswith("model name"):
                cpu = line.split(":", 1)[1].strip()
                break
    return {"cpu": cpu, "cores": os.cpu_count()}


def rumba_commit():
    done = subprocess.run(["git", "-C", str(ROOT), "describe", "--always", "--dirty"], capture_output=True, text=True)
    return done.stdout.strip() or "unknown"


def cell(text):
    return str(text).replace("|", "\\|")


def markdown(results):
    meta = results["meta"]
    lines = [
        "# rumba against Numba",
        "",
        "%s, %s run. Machine: %s, %d cores. Numba %s (NumPy %s, Python %s) from PyPI; rumba at %s."
        % (meta["date"], "quick" if meta["quick"] else "full", meta["cpu"], meta["cores"], meta["numba"], meta["numpy"], meta["python"], meta["rumba_commit"]),
        "",
        "Steady: median time of a call once compiled (inputs restored outside the timer). First call: in a fresh process,"
        " decorating (compiling, for a signature) plus the first call, compilation included. Each is the fastest of %d rounds, the"
        " implementations taking turns. Ratios are rumba / Numba: below 1 rumba is faster. NumPy steady: the kernel's NumPy"
        " version (where it has one) in Numba's environment, and rumba / NumPy." % ROUNDS,
        "",
        "| kernel | size | Numba steady | rumba steady | rumba/Numba | NumPy steady | rumba/NumPy | Numba first call | rumba first call | first-call ratio | check |",
        "|---|---|---|---|---|---|---|---|---|---|---|",
    ]
    for record in results["kernels"]:
        numba, rumba = record["numba"], record["rumba"]
        numba_steady = "error: %s" % numba["error"] if "error" in numba else format_ns(numba.get("steady_ns"))
        rumba_steady = "unsupported: %s" % rumba["error"] if "error" in rumba else format_ns(rumba.get("steady_ns"))
        row = [
            record["name"], record["size"], numba_steady, rumba_steady, format_ratio(record["steady_ratio"]),
            format_ns(record["numpy"].get("steady_ns")), format_ratio(record["numpy_ratio"]), format_ns(numba.get("first_call_ns")), format_ns(rumba.get("first_call_ns")), format_ratio(record["first_call_ratio"]), record["check"],
        ]
        lines.append("| " + " | ".join(cell(text) for text in row) + " |")
    geomean = results["geometric_mean"]
    lines += [
        "",
        "Geometric mean of rumba/Numba over the kernels both ran: steady state %s (%d kernels), first call %s (%d kernels)."
        % (format_ratio(geomean["steady"]), geomean["steady_count"], format_ratio(geomean["first_call"]), geomean["first_call_count"]),
    ]
    lines += [
        "",
        "## Equality saturation (the eqsat stage)",
        "",
        "Each kernel also ran without the stage (RUMBA_EQSAT=0), in the same rounds. Steady ratio: rumba with eqsat / without"
        " (below 1: eqsat made it faster). Compile time: the sum of the RUMBA_TIMINGS lines of the first call.",
        "",
        "| kernel | rumba steady | without eqsat | with/without | Numba steady | compile with eqsat | without | compile with/without |",
        "|---|---|---|---|---|---|---|---|",
    ]
    for record in results["kernels"]:
        with_ms, without_ms = record.get("compile_ms"), record.get("compile_ms_noeqsat")
        row = [
            record["name"], format_ns(record["rumba"].get("steady_ns")), format_ns(record["rumba_noeqsat"].get("steady_ns")), format_ratio(record["eqsat_ratio"]),
            format_ns(record["numba"].get("steady_ns")), "—" if with_ms is None else "%.1f ms" % with_ms, "—" if without_ms is None else "%.1f ms" % without_ms,
            format_ratio(ratio(with_ms, without_ms)),
        ]
        lines.append("| " + " | ".join(cell(text) for text in row) + " |")
    timed = [record for record in results["kernels"] if record["compile_timings"]]
    if timed:
        lines += ["", "## Compile-time breakdown (first calls)", "", "rumba's `RUMBA_TIMINGS=1` lines, per kernel:", ""]
        for record in timed:
            stages = [TIMING_LINE.match(line).groups() for line in record["compile_timings"]]
            lines.append("- %s: %s" % (record["name"], ", ".join("%s %s ms" % stage for stage in stages)))
    scaling = results.get(SCALING)
    if scaling:
        lines += ["", "## Loop matmul against n (matmul_scaling.png)", "", "| n | NumPy A @ B | Numba loops | rumba loops |", "|---|---|---|---|"]
        for n in scaling["sizes"]:
            row = [str(n)] + [
                "error: %s" % times["error"] if "error" in times else format_ns(times.get(str(n)))
                for times in (scaling["numpy"], scaling["numba"], scaling["rumba"])
            ]
            lines.append("| " + " | ".join(cell(text) for text in row) + " |")
    return "\n".join(lines) + "\n"


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--quick", action="store_true", help="smaller inputs and fewer repeats: a smoke run")
    parser.add_argument("--only", help="comma-separated kernel names (matmul_scaling for the scaling plot)")
    parser.add_argument("--out", default=str(HERE / "results"), help="where results go (default bench/results)")
    options = parser.parse_args()
    ensure_numba_env()
    out = pathlib.Path(options.out).resolve()
    out.mkdir(parents=True, exist_ok=True)

    listing, _ = run_worker(NUMBA_PYTHON, ["list"] + (["--quick"] if options.quick else []), 300)
    if "error" in listing:
        sys.exit("cannot list the kernels: %s\n%s" % (listing["error"], listing.get("error_message", "")))
    sizes = {kernel["name"]: kernel["size"] for kernel in listing["kernels"]}
    selected = options.only.split(",") if options.only else list(sizes) + [SCALING]
    unknown = [name for name in selected if name not in sizes and name != SCALING]
    if unknown:
        sys.exit("unknown kernels: %s (there are: %s, %s)" % (", ".join(unknown), ", ".join(sizes), SCALING))

    results = {"meta": dict(machine(), date=datetime.datetime.now().isoformat(timespec="seconds"), quick=options.quick, rumba_commit=rumba_commit(),
                            numba=listing["numba"], numpy=listing["numpy"], python=listing["python"]), "kernels": []}
    with tempfile.TemporaryDirectory(prefix="rumba-bench-") as raw_dir:
        for name in [name for name in sizes if name in selected]:
            record = dict(measure_kernel(name, raw_dir, options.quick), size=sizes[name])
            results["kernels"].append(record)
            rumba = "unsupported: %s" % record["rumba"]["error"] if "error" in record["rumba"] else format_ns(record["rumba"].get("steady_ns"))
            print("%-18s Numba %-10s rumba %-10s ratio %-5s %s" % (name, format_ns(record["numba"].get("steady_ns")), rumba, format_ratio(record["steady_ratio"]), record["check"]), flush=True)
    steady = [record["steady_ratio"] for record in results["kernels"] if record["steady_ratio"] is not None]
    first = [record["first_call_ratio"] for record in results["kernels"] if record["first_call_ratio"] is not None]
    results["geometric_mean"] = {"steady": geometric_mean(steady), "steady_count": len(steady), "first_call": geometric_mean(first), "first_call_count": len(first)}
    if SCALING in selected:
        results[SCALING] = measure_scaling(options.quick)

    (out / "results.json").write_text(json.dumps(results, indent=2, ensure_ascii=False) + "\n")
    table = markdown(results)
    (out / "results.md").write_text(table)
    subprocess.run([str(NUMBA_PYTHON), str(HERE / "plot.py"), str(out / "results.json"), str(out)], check=True)
    print()
    print(table)
    print("written: %s/{results.json,results.md,ratios.png%s}" % (out, ",matmul_scaling.png" if SCALING in selected else ""))
    failed = [record["name"] for record in results["kernels"] if record["status"] in ("mismatch", "error")]
    if failed:
        sys.exit("failed (mismatch, or Numba could not run it): %s" % ", ".join(failed))


if __name__ == "__main__":
    main()
