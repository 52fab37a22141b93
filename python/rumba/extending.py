"""Numba's ``numba.extending``, as far as rumba has it.

``register_jitable``: a Python function that compiled code calls is compiled with it, so
registering one only returns it.

``overload(function)`` and ``overload_method(type_class, name)``: typing functions that, given
the types of a call's arguments (``rumba.types`` objects), return the Python function compiled
code runs for them, or None where they do not apply. The compiler asks for an implementation
the first time a call needs one for its types (``Compiler.implement``); the answers are kept
here, per overload and types.

``overload_attribute`` and ``intrinsic`` are refused when used, not ignored."""

import inspect

from . import types


def register_jitable(*args, **kwargs):
    """``@register_jitable`` or ``@register_jitable(**options)``: the function, unchanged; it runs
    as Python when Python calls it and is compiled with any compiled function that calls it."""
    if len(args) == 1 and not kwargs and callable(args[0]):
        return args[0]
    return lambda function: function


class _Overload:
    """A function's or a method's typing functions, and the implementation each tuple of
    argument types got (None where none applied)."""

    def __init__(self, name):
        self.name = name
        self.function = None
        self.typing_functions = []
        self.implementations = {}

    def implementation(self, type_texts):
        type_texts = tuple(type_texts)
        if type_texts not in self.implementations:
            arguments = [types.parse(text) for text in type_texts]
            found = None
            for applies, typing_function in self.typing_functions:
                found = typing_function(*arguments) if _takes(typing_function, arguments) and applies(arguments) else None
                if found is not None:
                    break
            self.implementations[type_texts] = found
        return self.implementations[type_texts]


def _takes(typing_function, arguments):
    """Whether ``typing_function`` takes this many arguments: overloads of one function for calls
    of different lengths each apply to their own, as Numba tries each."""
    try:
        inspect.signature(typing_function).bind(*arguments)
    except TypeError:
        return False
    return True


# Modules whose functions compiled code calls as rumba's own, which overloads do not replace.
_COMPILED_MODULES = ("builtins", "math", "cmath", "numpy", "operator", "random", "rumba", "numba")

# Overloads by key: "function:<id>" for a function, "method:<name>" for a method.
_overloads = {}


def _function_key(function):
    return "function:%d" % id(function)


def overload(function, jit_options=None, strict=True, inline="never", prefer_literal=False, **kwargs):
    """``@overload(function)``: the decorated typing function gives what compiled code runs where
    it calls ``function`` (a Python function of the user's; Python calling it still runs it)."""
    if not callable(function):
        raise TypeError("overload() takes the function to overload, got %r" % (function,))
    module = (getattr(function, "__module__", None) or "builtins").split(".")[0]
    if module in _COMPILED_MODULES:
        raise NotImplementedError("rumba: overload(%s.%s): rumba compiles the functions of %s itself; overload a function "
                                  "of your own" % (getattr(function, "__module__", module), function.__name__, module))
    entry = _overloads.setdefault(_function_key(function), _Overload(getattr(function, "__name__", repr(function))))
    entry.function = function

    def register(typing_function):
        entry.typing_functions.append((lambda arguments: True, typing_function))
        entry.implementations.clear()
        return typing_function

    return register


def overload_method(type_class, name, **kwargs):
    """``@overload_method(types.Array, "name")``: the decorated typing function gives what
    ``x.name(...)`` runs where ``x``'s type is an instance of ``type_class``; it and the
    implementation take the receiver first."""
    if not (isinstance(type_class, type) and issubclass(type_class, types.Type)):
        raise TypeError("overload_method() takes a class of rumba.types (types.Array, types.Float, ...), got %r" % (type_class,))
    entry = _overloads.setdefault("method:%s" % name, _Overload(name))

    def register(typing_function):
        entry.typing_functions.append((lambda arguments: isinstance(arguments[0], type_class), typing_function))
        entry.implementations.clear()
        return typing_function

    return register


def overloaded(value):
    """The key of ``value``'s overload, if it has one."""
    key = _function_key(value)
    entry = _overloads.get(key)
    return key if entry is not None and entry.function is value else None


def overloaded_methods():
    """The names of the methods with overloads, with their keys."""
    return sorted((key[len("method:"):], key) for key in _overloads if key.startswith("method:"))


def implementation(key, type_texts):
    """The Python function overload ``key`` runs for arguments of these types (in the notation
    the compiler prints), or None."""
    return _overloads[key].implementation(type_texts)


def _refused(name):
    def refuse(*args, **kwargs):
        raise NotImplementedError("rumba: numba.extending.%s is not implemented yet; write the implementation as a plain "
                                  "function and call it (compiled code compiles the Python functions it calls)" % name)

    refuse.__name__ = name
    return refuse


overload_attribute = _refused("overload_attribute")
intrinsic = _refused("intrinsic")
