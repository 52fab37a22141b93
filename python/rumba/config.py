"""rumba's settings, read from the environment when rumba is imported, as Numba reads its own:
each from ``RUMBA_<NAME>``, or from ``NUMBA_<NAME>`` where that is not set (code written for Numba
keeps its settings). Assigning an attribute changes the setting for what is compiled afterwards."""

import os


def _read(name, default, convert):
    for prefix in ("RUMBA_", "NUMBA_"):
        text = os.environ.get(prefix + name)
        if text is not None and text.strip():
            try:
                return convert(text.strip())
            except ValueError:
                raise ValueError("%s%s must be %s, got %r" % (prefix, name, convert.__name__, text)) from None
    return default


def _flag(text):
    return bool(int(text))


# ``@jit`` returns the Python function itself, to run it in the interpreter (for debugging).
DISABLE_JIT = _read("DISABLE_JIT", False, _flag)
# The LLVM optimisation level of compiled code, 0 to 3.
OPT = _read("OPT", 3, int)
# Element indices checked (IndexError) in every function when 1, in none when 0; when unset, in
# the functions compiled with ``boundscheck=True``.
BOUNDSCHECK = _read("BOUNDSCHECK", None, _flag)
# Equality saturation (the ``eqsat`` stage) for functions that do not say: on unless 0.
EQSAT = _read("EQSAT", True, _flag)
# The threads parallel code may use; the runtime reads ``RUMBA_NUM_THREADS``, which
# ``NUMBA_NUM_THREADS`` sets where only it is given.
NUMBA_DEFAULT_NUM_THREADS = os.cpu_count() or 1
NUMBA_NUM_THREADS = _read("NUM_THREADS", NUMBA_DEFAULT_NUM_THREADS, int)
if "RUMBA_NUM_THREADS" not in os.environ and "NUMBA_NUM_THREADS" in os.environ:
    os.environ["RUMBA_NUM_THREADS"] = os.environ["NUMBA_NUM_THREADS"]
