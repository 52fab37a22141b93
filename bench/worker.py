"""The benchmark's worker, run by run.py in a fresh interpreter each time; prints one JSON line.

    worker.py time IMPLEMENTATION KERNEL RAW_DIR [--quick]
        IMPLEMENTATION is rumba, rumba-noeqsat (rumba without its equality-saturation stage), numba
        or numpy (the kernel's NumPy version, whose result is not saved). Builds the kernel's inputs, then times the first call
        (importing the kernel's module, i.e. decorating and, for signatures, compiling, plus the
        call), saves the result to RAW_DIR/KERNEL.IMPLEMENTATION.npy, then times the steady state:
        the median of repeated calls. A kernel that fails prints {"error": ...}.
    worker.py list [--quick]
        The kernels' names and size labels, and the versions of Numba and NumPy (under Numba).
    worker.py check KERNEL RAW_DIR [--quick]
        Compares the saved results with each other and with the kernel's NumPy version.
    worker.py scaling IMPLEMENTATION SIZE...
        Times the loop matmul (or, for IMPLEMENTATION numpy, A @ B) at each square size.

Kernels are written as Numba users write them, `import numba`; under rumba that name is rumba, the
drop-in."""
import importlib
import json
import os
import pathlib
import statistics
import sys
import time
import traceback

import numpy as np

import kernels

ROOT = pathlib.Path(__file__).resolve().parent.parent
# A steady-state sample lasts at least this long: faster calls are timed in batches (unless the
# kernel works in place, as those need fresh inputs before every call).
SAMPLE_NS = 100_000


def load_implementation(name):
    """Makes `import numba` in the kernels' modules mean the implementation measured."""
    if name == "numpy":
        return
    if name.startswith("rumba"):
        if name == "rumba-noeqsat":
            os.environ["RUMBA_EQSAT"] = "0"
        import rumba

        sys.modules["numba"] = rumba
    else:
        import numba  # noqa: F401 - imported before the timer starts


def fresh(arguments):
    return tuple(argument.copy() if isinstance(argument, np.ndarray) else argument for argument in arguments)


def steady_state(function, inputs, in_place, budget_ns, min_repeats, max_repeats):
    """Median nanoseconds per call, the number of samples and the calls per sample. Calls are timed
    in batches that last at least SAMPLE_NS (the batch found is the first sample); samples go on
    until budget_ns is spent, at least min_repeats and at most max_repeats. Inputs of an in-place
    kernel are copied before each call, outside the timed region."""

    def sample(batch):
        arguments = fresh(inputs) if in_place else inputs
        start = time.perf_counter_ns()
        for _ in range(batch):
            function(*arguments)
        return max(time.perf_counter_ns() - start, 1)

    batch = 1
    elapsed = sample(batch)
    while not in_place and elapsed < SAMPLE_NS:
        batch *= 2
        elapsed = sample(batch)
    repeats = min(max(budget_ns // elapsed, min_repeats), max_repeats)
    samples = [elapsed] + [sample(batch) for _ in range(repeats - 1)]
    return statistics.median(samples) / batch, repeats, batch


def first_line(error):
    """The error's type and first line, with paths relative to the repository."""
    lines = str(error).strip().replace(str(ROOT) + "/", "").splitlines()
    return "%s: %s" % (type(error).__name__, lines[0] if lines else "")


def time_kernel(implementation, name, raw_dir, quick):
    load_implementation(implementation)
    kernel = kernels.BY_NAME[name]
    inputs = kernel.inputs(kernel.size_for(quick))
    arguments = fresh(inputs)
    report = {}
    stage = "first call"
    try:
        start = time.perf_counter_ns()
        if implementation == "numpy":
            if kernel.numpy is None:
                return {"error": "no NumPy version"}
            function = kernel.numpy
        else:
            function = getattr(importlib.import_module("kernels." + kernel.module), kernel.function)
        result = function(*arguments)
        report["first_call_ns"] = time.perf_counter_ns() - start
        if implementation != "numpy":
            np.save(pathlib.Path(raw_dir) / ("%s.%s.npy" % (name, implementation)), np.asarray(arguments[0] if kernel.in_place else result))
        stage = "steady state"
        budget_ns, min_repeats, max_repeats = (20_000_000, 3, 20) if quick else (200_000_000, 5, 1000)
        report["steady_ns"], report["repeats"], report["batch"] = steady_state(function, inputs, kernel.in_place, budget_ns, min_repeats, max_repeats)
    except Exception as error:  # a kernel the implementation cannot compile or run is a result too
        traceback.print_exc()
        report.update(error=first_line(error), error_stage=stage, error_message=str(error))
    return report


def check_kernel(name, raw_dir, quick):
    kernel = kernels.BY_NAME[name]
    results = {}
    for implementation in ("numba", "rumba", "rumba-noeqsat"):
        path = pathlib.Path(raw_dir) / ("%s.%s.npy" % (name, implementation))
        results[implementation] = np.load(path) if path.exists() else None
    inputs = kernel.inputs(kernel.size_for(quick))
    expected = kernel.numpy(*fresh(inputs)) if kernel.numpy else None
    ok, text = kernels.check(kernel, results["numba"], results["rumba"], expected)
    if results["rumba-noeqsat"] is not None:
        without_ok, without_text = kernels.check(kernel, results["numba"], results["rumba-noeqsat"], expected)
        if not without_ok:
            ok, text = False, "without eqsat: " + without_text
    return {"ok": ok, "check": text}


def scaling(implementation, sizes):
    """Median nanoseconds per matmul at each size, over 0.3 s of calls or one call where that takes
    longer; the first call (compiling) is not timed."""
    try:
        if implementation == "numpy":
            multiply = np.matmul
        else:
            load_implementation(implementation)
            multiply = importlib.import_module("kernels.matmul").matrix_multiply_loops_jit
            multiply(*kernels.matmul_inputs(4))
        times = {n: steady_state(multiply, kernels.matmul_inputs(n), False, 300_000_000, 1, 50)[0] for n in sizes}
    except Exception as error:  # rumba may not run it: the plot goes without its line
        traceback.print_exc()
        return {"error": first_line(error)}
    return {"times_ns": times}


def main(argv):
    mode = argv[0]
    quick = "--quick" in argv
    argv = [argument for argument in argv if argument != "--quick"]
    if mode == "list":
        import numba

        listed = [{"name": kernel.name, "size": kernel.size_label(quick)} for kernel in kernels.KERNELS]
        report = {"kernels": listed, "numba": numba.__version__, "numpy": np.__version__, "python": sys.version.split()[0]}
    elif mode == "time":
        report = time_kernel(argv[1], argv[2], argv[3], quick)
    elif mode == "check":
        report = check_kernel(argv[1], argv[2], quick)
    elif mode == "scaling":
        report = scaling(argv[1], [int(size) for size in argv[2:]])
    else:
        raise SystemExit(__doc__)
    print(json.dumps(report))


if __name__ == "__main__":
    main(sys.argv[1:])
