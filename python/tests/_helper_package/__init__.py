"""A package whose submodule's functions are called as `package.sub.function` (test_modules.py)."""

from . import sub  # noqa: F401 - read as an attribute by callers
