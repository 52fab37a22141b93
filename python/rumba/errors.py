"""Errors rumba raises while compiling. Exceptions raised by compiled code arrive as themselves
(``raise ValueError("...")`` in a jitted function raises ``ValueError("...")``)."""


class RumbaError(Exception):
    """Base class of rumba's own errors."""


class TypingError(RumbaError, TypeError):
    """The function does not type: the message names file:line:col, with the source line and a caret."""


class UnsupportedError(RumbaError, NotImplementedError):
    """The function uses something rumba does not compile (yet); the message says what and where."""


class InternalError(RumbaError, RuntimeError):
    """rumba itself failed: a bug to report, with the message."""


# Numba's names, so that `except numba.core.errors.TypingError` ports as `except rumba.errors.TypingError`.
NumbaTypeError = TypingError
UnsupportedFeatureError = UnsupportedError


class ObjmodeError(RumbaError, RuntimeError):
    """A ``with objmode(...)`` block could not run in Python: compiled code called outside Python
    (from Rust). A block that raises raises its own exception."""


class NumbaWarning(Warning):
    """Base class of the warnings rumba gives where Numba gives them."""


class NumbaPerformanceWarning(NumbaWarning):
    """Code that works but runs slower than it could (a host array passed to a CUDA kernel is
    copied to the device and back at every launch)."""


class MissingImplementation(RumbaError):
    """Raised by the compiler, caught by rumba: a call of an ``@overload`` needs the
    implementation for its arguments' types. ``args`` are the overload's key, the types and the
    located message to give the user if there is none."""
