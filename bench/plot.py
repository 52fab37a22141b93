"""Draws the benchmark's plots from results.json (run by run.py with bench/.venv-numba's Python, which
has matplotlib): OUT/ratios.png, rumba/Numba per kernel for the steady state and the first call, and
OUT/matmul_scaling.png, time against n for NumPy A @ B and the Numba and rumba loop matmuls.

    plot.py RESULTS_JSON OUT"""
import json
import pathlib
import sys

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402 - the backend is chosen first
from matplotlib import ticker, transforms  # noqa: E402


def ratios(results, path):
    records = results["kernels"]
    positions = range(len(records))
    width = 0.4
    figure, axes = plt.subplots(figsize=(max(6, 0.7 * len(records) + 2), 5))
    values = [1.0]
    for offset, key, label in ((-width / 2, "steady_ratio", "steady state"), (width / 2, "first_call_ratio", "first call")):
        shown = [(position + offset, record[key]) for position, record in zip(positions, records) if record[key] is not None]
        bars = axes.bar([x for x, _ in shown], [value for _, value in shown], width, label=label)
        axes.bar_label(bars, fmt="%.2f", fontsize=7)
        values += [value for _, value in shown]
    below_bars = transforms.blended_transform_factory(axes.transData, axes.transAxes)
    for position, record in zip(positions, records):
        if "error" in record["rumba"]:
            axes.text(position, 0.03, "rumba: unsupported", transform=below_bars, ha="center", va="bottom", fontsize=7, rotation=90)
    axes.set_yscale("log")
    axes.set_ylim(min(values) / 2, max(values) * 2)
    axes.yaxis.set_major_formatter(ticker.FuncFormatter(lambda value, _: "%g" % value))
    axes.axhline(1.0, color="black", linewidth=1)
    axes.set_xticks(list(positions))
    axes.set_xticklabels([record["name"] for record in records], rotation=45, ha="right")
    axes.set_ylabel("rumba / Numba (below 1: rumba faster)")
    axes.set_title("rumba against Numba %s" % results["meta"]["numba"])
    axes.legend()
    figure.tight_layout()
    figure.savefig(path, dpi=120)


def matmul_scaling(scaling, path):
    figure, axes = plt.subplots(figsize=(6, 5))
    for key, label in (("numpy", "NumPy A @ B"), ("numba", "Numba loops"), ("rumba", "rumba loops")):
        times = scaling[key]
        if "error" in times:
            continue
        sizes = [n for n in scaling["sizes"] if str(n) in times]
        axes.plot(sizes, [times[str(n)] / 1e9 for n in sizes], marker="o", label=label)
    axes.set_xscale("log", base=2)
    axes.set_xticks(scaling["sizes"], [str(n) for n in scaling["sizes"]])
    axes.xaxis.set_minor_locator(ticker.NullLocator())
    axes.set_yscale("log")
    axes.set_xlabel("n (square matrices, A in C order, B in F order)")
    axes.set_ylabel("seconds per product")
    axes.set_title("Matrix multiplication against n")
    axes.legend()
    figure.tight_layout()
    figure.savefig(path, dpi=120)


def main(results_path, out):
    results = json.loads(pathlib.Path(results_path).read_text())
    out = pathlib.Path(out)
    ratios(results, out / "ratios.png")
    if "matmul_scaling" in results:
        matmul_scaling(results["matmul_scaling"], out / "matmul_scaling.png")


if __name__ == "__main__":
    main(*sys.argv[1:])
