"""``@stencil``: a kernel written with indices relative to the output element (``a[-1, 0]``), applied
to every element of its input arrays whose neighbourhood lies inside them; the other elements get
``cval`` (0 by default). Call it from Python or from compiled code, with ``out=`` or without.

rumba reads the options from the decorator in the source (they must be literals there). A stencil
made by calling ``stencil(kernel, **options)`` compiles the kernel's definition with the decorator
written above it from the options' values; this object checks their names and dispatches calls, as
``@jit``'s dispatcher does."""

from .dispatcher import Dispatcher, _definition_source, _module_source

_OPTIONS = {"neighborhood", "cval", "standard_indexing", "func_or_mode"}


class StencilFunc(Dispatcher):
    """The object ``@stencil`` returns: call it with the kernel's arguments and optionally ``out=``."""

    def __init__(self, py_func, options):
        self.options = options
        self._decorator = None
        super().__init__(py_func, [], {})
        if not self._get_compiler().is_stencil(py_func.__name__):
            # Called as a function, not written as a decorator: the decorator is written here.
            self._decorator = "@stencil(%s)" % ", ".join("%s=%s" % (name, _literal(value)) for name, value in sorted(options.items()))
            self._compiler = None
            if not self._get_compiler().is_stencil(py_func.__name__):
                raise TypeError("rumba cannot read the stencil kernel %r as a stencil: write @stencil above its def" % py_func.__name__)

    def _source(self):
        if self._decorator is None:
            return _module_source(self.py_func)
        lines = _definition_source(self.py_func).split("\n")
        first = next(index for index, line in enumerate(lines) if line.strip())
        if first == 0:
            raise TypeError("rumba cannot apply stencil() to %r, which starts on its file's first line: write @stencil above its def" % self.py_func.__name__)
        # On the empty line above the definition, so that its lines stay those of its file.
        lines[first - 1] = self._decorator
        return "\n".join(lines), self.py_func.__code__.co_filename, False

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


def _literal(value):
    """An option's value as Python source: lists as tuples, NumPy scalars as Python numbers."""
    if isinstance(value, (list, tuple)):
        return "(%s)" % "".join(_literal(element) + ", " for element in value)
    if hasattr(value, "item") and not isinstance(value, (str, bytes)):
        value = value.item()
    return repr(value)


def stencil(func_or_mode="constant", **options):
    """Numba's ``@stencil``, bare or with ``neighborhood=``, ``cval=``, ``standard_indexing=`` and
    ``func_or_mode='constant'``, and called as a function: ``stencil(kernel, cval=1.0)``."""
    if func_or_mode != "constant" and not callable(func_or_mode):
        raise ValueError("rumba: stencil func_or_mode %r is not supported; only 'constant' is" % (func_or_mode,))
    unknown = set(options) - _OPTIONS
    if unknown:
        raise TypeError("stencil() got unexpected options: %s" % ", ".join(sorted(unknown)))
    if callable(func_or_mode):
        return StencilFunc(func_or_mode, options)

    def decorate(py_func):
        return StencilFunc(py_func, options)

    return decorate
