"""``@stencil``: a kernel written with indices relative to the output element (``a[-1, 0]``), applied
to every element of its input arrays whose neighbourhood lies inside them; the other elements get
``cval`` (0 by default). Call it from Python or from compiled code, with ``out=`` or without.

rumba reads the options from the decorator in the source (they must be literals there); this
object only checks their names and dispatches calls, as ``@jit``'s dispatcher does."""

from .dispatcher import Dispatcher

_OPTIONS = {"neighborhood", "cval", "standard_indexing", "func_or_mode"}


class StencilFunc(Dispatcher):
    """The object ``@stencil`` returns: call it with the kernel's arguments and optionally ``out=``."""

    def __init__(self, py_func, options):
        super().__init__(py_func, [], {})
        self.options = options
        if not self._get_compiler().is_stencil(py_func.__name__):
            raise TypeError(
                "rumba reads a stencil's options from its decorator in the source: write @stencil above 'def %s'" % py_func.__name__
            )

    def __call__(self, *args, out=None, **unexpected):
        if unexpected:
            raise TypeError("a stencil takes the kernel's arguments and out=, not %s" % ", ".join(sorted(unexpected)))
        expected = self.py_func.__code__.co_argcount
        if len(args) != expected:
            raise TypeError("%s() takes %d argument(s) (and out=) but %d were given" % (self.py_func.__name__, expected, len(args)))
        if out is not None:
            args += (out,)
        return super().__call__(*args)

    def __repr__(self):
        return "<rumba.StencilFunc %s>" % self.py_func.__qualname__


def stencil(func_or_mode="constant", **options):
    """Numba's ``@stencil``, bare or with ``neighborhood=``, ``cval=``, ``standard_indexing=`` and
    ``func_or_mode='constant'``."""
    if callable(func_or_mode):
        return StencilFunc(func_or_mode, {})
    if func_or_mode != "constant":
        raise ValueError("rumba: stencil func_or_mode %r is not supported; only 'constant' is" % (func_or_mode,))
    unknown = set(options) - _OPTIONS
    if unknown:
        raise TypeError("stencil() got unexpected options: %s" % ", ".join(sorted(unknown)))

    def decorate(py_func):
        return StencilFunc(py_func, options)

    return decorate
