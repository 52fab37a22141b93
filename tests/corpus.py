"""The command line both corpus runners (tests/differential, tests/bad_input) share: which rumba
binary, how many workers, the per-case timeout, verbosity, and which corpus files to run."""
import argparse
import os

REPO_ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
DEFAULT_RUMBA = os.path.join(REPO_ROOT, "target", "release", "rumba")


def parse_arguments(description, corpus_dir, runner_file, argv=None):
    """The parsed options and the corpus files to run: those named, else every `*.py` of
    `corpus_dir` but the runner itself."""
    ap = argparse.ArgumentParser(description=description)
    ap.add_argument("--rumba", default=DEFAULT_RUMBA,
                    help="path to the rumba binary (default: %(default)s)")
    ap.add_argument("--jobs", type=int, default=2,
                    help="parallel workers (default: %(default)s)")
    ap.add_argument("--timeout", type=float, default=60.0,
                    help="per-case timeout in seconds (default: %(default)s)")
    ap.add_argument("-v", "--verbose", action="store_true",
                    help="also print passing cases")
    ap.add_argument("files", nargs="*",
                    help="corpus files to run (default: all in this directory)")
    args = ap.parse_args(argv)
    if args.files:
        paths = [os.path.abspath(p) for p in args.files]
    else:
        paths = sorted(
            os.path.join(corpus_dir, f) for f in os.listdir(corpus_dir)
            if f.endswith(".py") and f != os.path.basename(runner_file))
    return args, paths
