"""``@jit``: a dispatcher that compiles one specialisation per combination of argument types, keeps
them in memory and calls them with little overhead."""

import ast
import collections
import enum
import functools
import importlib
import inspect
import os
import re
import sys
import textwrap
import threading
import types as pytypes
import warnings

import numpy as np

from . import _rumba, config, errors, extending, objectmode
from .types import NumberType, Signature, Type

# Options a jit call takes: rumba's own and those it honours (eqsat, pipeline, fastmath, parallel,
# boundscheck; nopython=False, forceobj and looplift choose object mode, `objectmode.py`), and
# Numba's that change nothing rumba does (nogil, cache, inline, ...).
_ACCEPTED_OPTIONS = {"eqsat", "pipeline", "fastmath", "parallel", "boundscheck", "nopython", "nogil", "cache", "inline", "locals", "error_model", "forceinline", "no_cpython_wrapper", "forceobj", "looplift"}


_TYPES = _rumba.DispatchTable()


def typeof(value):
    """The type rumba specialises on for a Python value, in Numba's notation (``float32[:, ::1]``)."""
    return _TYPES.types_of((value,))[0]


# The name under which a lambda's body is compiled, as a `def` of its own.
_LAMBDA_NAME = "__rumba_lambda"


def _compiled_name(py_func):
    """The name of the definition rumba compiles for ``py_func`` (a lambda has none of its own)."""
    return _LAMBDA_NAME if py_func.__name__ == "<lambda>" else py_func.__name__


def _lambda_source(py_func):
    """A lambda as a ``def`` on its own line of the file, padded so that line numbers stay the
    file's: the lambda that starts on the code object's first line (of several, the one whose body
    starts where the code object's first position does)."""
    lines, first_line = inspect.getsourcelines(py_func)
    text = textwrap.dedent("".join(lines))
    line = 1 + py_func.__code__.co_firstlineno - first_line
    dedented = len(lines[line - 1]) - len(text.splitlines(keepends=True)[line - 1])
    try:
        tree = ast.parse(text)
        lambdas = [(node, text, node.body.col_offset if node.body.lineno == line else None) for node in ast.walk(tree) if isinstance(node, ast.Lambda) and node.lineno == line]
    except SyntaxError:
        # The lines of a lambda in the middle of a statement do not parse alone.
        lambdas = _lambdas_in_fragment(text, line)
    if len(lambdas) > 1:
        columns = [column for first, _, column, end in py_func.__code__.co_positions() if first == py_func.__code__.co_firstlineno and column is not None and (column, end) != (0, 0)]
        lambdas = [found for found in lambdas if columns and found[2] is not None and found[2] + dedented == min(columns)]
    if len(lambdas) != 1:
        raise TypeError("rumba compiles Python source, and it cannot tell which lambda of line %d of %s is %r: "
                        "write it as a def" % (py_func.__code__.co_firstlineno, py_func.__code__.co_filename, py_func))
    (node, source, _), = lambdas
    arguments = ast.unparse(node.args)
    body = ast.get_source_segment(source, node.body)
    return "\n" * max(py_func.__code__.co_firstlineno - 1, 0) + "def %s(%s): return (%s)\n" % (_LAMBDA_NAME, arguments, body)


def _lambdas_in_fragment(text, line):
    """Each lambda of line ``line`` of ``text``, lines that do not parse alone (a lambda as a dict's
    value or a call's argument), up to where it stops being one expression (the longest piece from
    its ``lambda`` to a delimiter that parses as one): with the text it was parsed from and the
    column of its body in the line (None where the body starts on a later line)."""
    lines = text.splitlines(keepends=True)
    found = []
    for start in (keyword.start() for keyword in re.finditer(r"\blambda\b", lines[line - 1])):
        rest = lines[line - 1][start:] + "".join(lines[line:])
        for end in [len(rest)] + [index for index in range(len(rest) - 1, 0, -1) if rest[index] in ",)]}\n"]:
            source = "(" + rest[:end] + ")"
            try:
                node = ast.parse(source, mode="eval").body
            except SyntaxError:
                continue
            if isinstance(node, ast.Lambda):
                found.append((node, source, start + node.body.col_offset - 1 if node.body.lineno == 1 else None))
                break
    return found


_FILE_DEFINITIONS = {}


def _file_definitions(file_name):
    """A source file's text and the first line (decorators included) of the last top-level
    definition of each function name in it; an empty text where it cannot be read. Read once
    while the file stays as it is."""
    try:
        status = os.stat(file_name)
    except (OSError, ValueError):
        return "", {}
    key = (file_name, status.st_mtime_ns, status.st_size)
    known = _FILE_DEFINITIONS.get(key)
    if known is None:
        try:
            with open(file_name, encoding="utf-8") as source_file:
                source = source_file.read()
            first_lines = {
                node.name: (node.decorator_list[0].lineno if node.decorator_list else node.lineno)
                for node in ast.parse(source).body
                if isinstance(node, ast.FunctionDef)
            }
        except (OSError, SyntaxError, ValueError, UnicodeDecodeError):
            source, first_lines = "", {}
        known = _FILE_DEFINITIONS[key] = (source, first_lines)
    return known


def _module_source(py_func):
    """The source rumba compiles, its file's name, and whether it is the whole file: it is when
    the function is the last top-level definition of its name there (so other functions and
    constants of the module are in reach, and the name means this definition), else it is the
    function alone, padded so that line numbers stay those of the file; a lambda becomes a
    ``def``."""
    code = py_func.__code__
    if py_func.__name__ == "<lambda>":
        try:
            return _lambda_source(py_func), code.co_filename, False
        except (OSError, SyntaxError) as error:
            raise TypeError("rumba compiles Python source, and the source of %r is not available: %s" % (py_func, error))
    file_name = code.co_filename
    source, first_lines = _file_definitions(file_name)
    if first_lines.get(py_func.__name__) == code.co_firstlineno:
        return source, file_name, True
    return _definition_source(py_func), file_name, False


def _definition_source(py_func):
    """The function's definition alone (its decorators included), after as many empty lines as
    put it on its own lines of its file."""
    try:
        lines, first_line = inspect.getsourcelines(py_func)
    except (OSError, TypeError) as error:
        raise TypeError("rumba compiles Python source, and the source of %r is not available: %s" % (py_func.__name__, error))
    return "\n" * max(first_line - 1, 0) + textwrap.dedent("".join(lines))


# Modules whose functions and constants compiled code knows, by the name Python gives them.
_KNOWN_MODULES = ("math", "cmath", "numpy", "numpy.linalg", "numpy.lib.stride_tricks", "operator", "heapq", "random", "numba", "rumba", "numba.cuda", "rumba.cuda", "numba.typed", "rumba.typed", "numba.types", "rumba.types")


# Modules of rumba's own whose functions compiled code calls as a user's, compiled from their source.
_SOURCE_MODULES = ("rumba.cuda.random",)


# The dtypes of arrays compiled code can hold, as NumPy spells them; arrays of others stay unbound.
_ARRAY_DTYPES = {"bool", "int8", "int16", "int32", "int64", "uint8", "uint16", "uint32", "uint64", "float32", "float64"}


def _describe(value):
    """How the environment binds a value compiled code can use by value, or None for any other
    value (the name then means what the module's source says, if anything)."""
    if isinstance(value, pytypes.ModuleType):
        return ("module", value.__name__) if value.__name__ in _KNOWN_MODULES else None
    if isinstance(value, (np.bool_, np.int64, np.float64, np.complex128)):
        # NumPy scalars of the types Python's numbers have in compiled code (others would change
        # their arithmetic's width).
        value = value.item()
    if value is None:
        return ("none",)
    if isinstance(value, str):
        return ("string", value)
    if isinstance(value, np.generic) and value.dtype.kind in "biuf" and value.dtype.name in _ARRAY_DTYPES:
        # A NumPy scalar keeps its type (`np.int32(0)` is an int32, as in Numba).
        if value.dtype.kind == "u" and value > np.iinfo(np.int64).max:
            return None
        return ("scalar", value.dtype.name, value.item())
    if isinstance(value, (bool, int, float, complex)):
        if isinstance(value, int) and not isinstance(value, bool) and not -(2 ** 63) <= value < 2 ** 63:
            return None
        return ("constant", value)
    if isinstance(value, enum.Enum) and not isinstance(value, int):
        # A member of an enum of numbers: its value, of its class (an IntEnum's is the integer).
        described = _describe(value.value)
        if described is None or described[0] not in ("constant", "scalar") or isinstance(value.value, complex):
            return ("refused", "is a member of the enum %s, whose values are not all integers or floats, which compiled code does not take yet" % type(value).__qualname__)
        return ("enum", type(value), described)
    if "_rumba_type" in type(value).__dict__:
        return ("refused", "is an instance of the jitclass %s, which compiled code does not take as a global (pass it as an argument)" % type(value).__qualname__)
    namedtuple = isinstance(getattr(type(value), "_fields", None), tuple)
    if isinstance(value, tuple) and type(value) is not tuple and not namedtuple:
        return ("refused", "is an instance of %s, which compiled code does not take as a global yet (pass it as an argument)" % type(value).__qualname__)
    if isinstance(value, tuple):
        # Folded in as constants, as Numba freezes global tuples: of numbers, strings, None; a
        # namedtuple's instance keeps its class (vectorbt's enums of ints are such globals).
        elements = [_describe(element) for element in value]
        if all(element is not None and element[0] in ("constant", "scalar", "string", "none", "tuple") for element in elements):
            return ("tuple", elements, type(value)) if namedtuple else ("tuple", elements)
        return ("refused", "is a tuple holding values other than numbers, strings, None and tuples of these, which compiled code does not take as a global yet")
    if isinstance(value, type) and "_rumba_type" in value.__dict__:
        # A jitclass: compiled code makes its instances and calls its methods.
        value._rumba_define_members()
        return ("jitclass", value._rumba_type)
    if isinstance(value, type) and issubclass(value, BaseException):
        # Raised by compiled code, which names it by module and name for the runtime to find.
        if value.__module__ == "builtins":
            return ("exception", value.__name__)
        if "." in value.__qualname__:
            return ("refused", "is an exception class defined inside a function or a class; compiled code raises exception classes defined at a module's top level")
        return ("exception", "%s.%s" % (value.__module__, value.__qualname__))
    if isinstance(value, type) and issubclass(value, tuple) and isinstance(getattr(value, "_fields", None), tuple):
        # A namedtuple class: compiled code makes instances of it and reads their fields.
        return ("namedtuple", value)
    if isinstance(value, np.ndarray):
        if type(value) is not np.ndarray or value.dtype.name not in _ARRAY_DTYPES or not value.dtype.isnative:
            return None
        # Frozen: the elements as they are now, in C order, as Numba freezes global arrays.
        return ("array", value.dtype.name, value.shape, np.ascontiguousarray(value).tobytes())
    if isinstance(value, np.dtype):
        # A dtype object (`np.dtype("float32")`, `np.promote_types(...)`) names its scalar type.
        if value.name not in _ARRAY_DTYPES or not value.isnative or getattr(np, value.type.__name__, None) is not value.type:
            return None
        return ("member", "numpy", value.type.__name__)
    if isinstance(value, Type) and not isinstance(value, NumberType):
        # A type object (`float_array = types.float64[:]`), which code passes where a type goes.
        return ("typevalue", str(value))
    # A number type (`int64`), which rumba's and Numba's modules and their `types` name alike.
    name = value.name if isinstance(value, NumberType) else getattr(value, "__name__", None)
    if not isinstance(name, str):
        return None
    for module_name in _KNOWN_MODULES:
        module = sys.modules.get(module_name)
        if module is not None and getattr(module, name, None) is value:
            return ("member", module_name, name)
    return None


def _referenced_names(py_func):
    """The global and free names the code of ``py_func`` reads, of the functions nested in it, and
    of the functions and `@vectorize` kernels of its module it names (which are compiled with
    it)."""
    names = set()
    pending = [py_func.__code__]
    seen = set()
    while pending:
        code = pending.pop()
        if code in seen:
            continue
        seen.add(code)
        names.update(code.co_names)
        names.update(code.co_freevars)
        pending.extend(constant for constant in code.co_consts if isinstance(constant, pytypes.CodeType))
        for name in code.co_names:
            value = py_func.__globals__.get(name)
            kernel = _vectorized_kernel(value)
            if isinstance(value, pytypes.FunctionType) and value.__module__ == py_func.__module__:
                pending.append(value.__code__)
            elif isinstance(getattr(value, "py_func", None), pytypes.FunctionType):
                pending.append(value.py_func.__code__)
            elif kernel is not None:
                pending.append(kernel[0].__code__)
    return names


def _python_function(value):
    """The Python function a value calls: a plain function, or the one a dispatcher compiles
    (``_describe_function`` takes a dispatcher's source from the dispatcher)."""
    if isinstance(value, pytypes.FunctionType):
        return value
    py_func = getattr(value, "py_func", None)
    return py_func if isinstance(value, Dispatcher) and isinstance(py_func, pytypes.FunctionType) else None


def _describe_namespace(module, referenced, visiting):
    """How the environment binds a module compiled code does not know (the user's own) or a
    class: by the members of it the code names, each as a global would be; None if it has none
    of those."""
    if module in visiting:
        return None
    visiting.add(module)
    try:
        members = []
        for name in sorted(referenced):
            if name.startswith("__") or not hasattr(module, name):
                continue
            # A member is compiled from its own source even where the caller's file defines it
            # (`me = sys.modules[__name__]; me.mean(x)`): the caller names it through the namespace.
            value = getattr(module, name)
            description = _describe_value(name, value, referenced, None, visiting)
            if description is not None:
                members.append((name, description))
            if description is not None and description[0] == "function":
                members.extend(_default_values(name, _python_function(value), None, visiting))
    finally:
        visiting.discard(module)
    return ("namespace", members) if members else None


# The kernels of `@vectorize` ufuncs, by the ufunc's id: the ufunc (kept alive), its Python
# function and the signatures it was declared with (none for a lazy one).
_VECTORIZED = {}


def register_vectorized(ufunc, py_func, signatures):
    """Record that ``ufunc`` applies ``py_func`` element by element, so that compiled code calling
    it on arrays maps the compiled ``py_func`` over them."""
    _VECTORIZED[id(ufunc)] = (ufunc, py_func, [str(signature) for signature in signatures])


def _vectorized_kernel(value):
    entry = _VECTORIZED.get(id(value))
    return entry[1:] if entry is not None and entry[0] is value else None


def _describe_value(name, value, referenced, caller_source, visiting):
    """How the environment binds ``name``, holding ``value``: as ``_describe`` does, and
    functions and modules of the user's by their source and members, and functions with
    ``@overload`` implementations by their key."""
    key = extending.overloaded(value)
    if key is not None:
        return ("overload", key)
    kernel = _vectorized_kernel(value)
    if kernel is not None:
        return _describe_function(name, kernel[0], caller_source, visiting)
    description = _describe(value)
    if description is not None:
        return description
    if _python_function(value) is not None:
        return _describe_function(name, value, caller_source, visiting)
    if isinstance(value, pytypes.ModuleType) or (isinstance(value, type) and value.__module__ != "builtins"):
        # A module of the user's, or a class (its static methods and constants): by the members
        # the code names; an enum by all its members, which `Color["red"]` names too.
        if isinstance(value, enum.EnumMeta):
            referenced = set(referenced) | set(value.__members__)
        return _describe_namespace(value, referenced, visiting)
    return None


def _describe_function(name, value, caller_source, visiting):
    """How the environment binds a function the caller's source does not define (another
    module's, a closure, an earlier notebook cell's): compiled with the caller, from its own
    source and in its own environment. A function that cannot be is refused, with why (an error
    only where compiled code uses it); None where the caller's source defines it."""
    function = _python_function(value)
    module = getattr(function, "__module__", None) or "__main__"
    if module.split(".")[0] in _KNOWN_MODULES and module not in _SOURCE_MODULES:
        return ("refused", "is %s.%s, which compiled code does not support" % (module, function.__qualname__))
    if function in visiting:
        return ("refused", "calls back into the function that calls it from another module, which is not supported yet")
    try:
        source, file_name, whole_file = value._source() if isinstance(value, Dispatcher) else _module_source(function)
    except TypeError as error:
        return ("refused", "cannot be compiled: %s" % error)
    if whole_file and caller_source == (file_name, True) and name == function.__name__:
        # The caller's source is this file, which defines it under this name.
        return None
    visiting.add(function)
    try:
        environment = _environment(function, visiting)
    finally:
        visiting.discard(function)
    return ("function", module, _compiled_name(function), source, file_name, environment)


def _default_values(name, function, caller_source, visiting):
    """The binding of the values of ``function``'s defaults, under the name ``name`` binds it to:
    compiled callers that leave a parameter out pass its value, as Python evaluated it when the
    function was defined (``rtol=16 * np.finfo(float).eps``, ``dtype=np.float64``, ``fn=square``);
    none where it has no defaults. The values are described as globals are."""
    code = function.__code__
    positional = code.co_varnames[:code.co_argcount]
    defaults = dict(zip(positional[len(positional) - len(function.__defaults__ or ()):], function.__defaults__ or ()))
    defaults.update(function.__kwdefaults__ or {})
    described = [(parameter, _describe_value(parameter, value, set(), caller_source, visiting)) for parameter, value in defaults.items()]
    values = [(parameter, description) for parameter, description in described if description is not None and description[0] != "refused"]
    return [(name, ("defaults", values))] if values else []


def _environment(py_func, visiting=None, caller_source=None):
    """The names of ``py_func``'s globals (which the other functions of its module compiled with
    it read too) and closure, bound by value: modules and functions compiled code knows, numbers,
    bools, and the arrays and functions the code names (an array is copied to be frozen; a
    function the module's source does not define is compiled from its own). Read once, when the
    function is first compiled, as Numba does. ``caller_source`` is the file name of the source
    compiled and whether it is the whole file (read from the function where not given)."""
    visiting = {py_func} if visiting is None else visiting
    code = py_func.__code__
    values = dict(py_func.__globals__)
    for name, cell in zip(code.co_freevars, py_func.__closure__ or ()):
        try:
            values[name] = cell.cell_contents
        except ValueError:
            continue
    referenced = None
    environment = []
    for name, value in sorted(values.items()):
        if isinstance(value, pytypes.ModuleType) and value.__name__ in _KNOWN_MODULES:
            environment.append((name, ("module", value.__name__)))
            if value.__name__ in ("numba", "rumba"):
                referenced = _referenced_names(py_func) if referenced is None else referenced
                if "config" in referenced:
                    # `numba.config.NUMBA_NUM_THREADS` (stumpy): the settings' values now.
                    settings = [(setting, _describe(getattr(config, setting))) for setting in sorted(referenced) if setting.isupper() and hasattr(config, setting)]
                    environment.append((name + ".config", ("namespace", [(setting, described) for setting, described in settings if described is not None])))
            continue
        if isinstance(value, (np.ndarray, pytypes.ModuleType, type)) or _python_function(value) is not None or _vectorized_kernel(value) is not None:
            # Bound only where the code names them: arrays are copied, functions compiled.
            referenced = _referenced_names(py_func) if referenced is None else referenced
            if name not in referenced:
                continue
            caller_source = _module_source(py_func)[1:] if caller_source is None else caller_source
        description = _describe_value(name, value, referenced, caller_source, visiting)
        if description is not None:
            environment.append((name, description))
        inlined = isinstance(value, Dispatcher) and value._options.get("inline") == "always"
        if isinstance(value, Dispatcher) and value._explicit and not inlined and (description is None or description[0] == "function"):
            # Compiled callers convert arguments and results to its signatures, as Numba's do;
            # Numba inlines an `inline="always"` function instead, typed for the call.
            environment.append((name, ("declared", [text for text, _ in value._explicit])))
        if isinstance(value, Dispatcher) and (description is None or description[0] == "function"):
            environment.extend(value._declared_locals(name))
        if _python_function(value) is not None and (description is None or description[0] == "function"):
            environment.extend(_default_values(name, _python_function(value), caller_source, visiting))
        kernel = _vectorized_kernel(value)
        if kernel is not None and (description is None or description[0] == "function"):
            # Called on arrays, compiled code maps the kernel over them as the ufunc does.
            environment.append((name, ("vectorized", kernel[1])))
    # A method with `@overload_method` implementations the code names is bound as `.name`.
    methods = extending.overloaded_methods()
    if methods:
        referenced = _referenced_names(py_func) if referenced is None else referenced
        environment.extend(("." + name, ("overload", key)) for name, key in methods if name in referenced)
    return environment


def _objmode_globals(py_func):
    """The names a ``with objmode(...)`` block of ``py_func`` sees: its globals, and its closure's
    cells as they are when it is compiled."""
    closure = {}
    for name, cell in zip(py_func.__code__.co_freevars, py_func.__closure__ or ()):
        try:
            closure[name] = cell.cell_contents
        except ValueError:
            continue
    return {**py_func.__globals__, **closure} if closure else py_func.__globals__


class _Compiler:
    """A compiler (``_rumba.Compiler``) that gives each ``@overload`` the implementation a
    compilation asks for, then compiles again."""

    def __init__(self, *args, **kwargs):
        self._compiler = _rumba.Compiler(*args, **kwargs)

    def __getattr__(self, name):
        method = getattr(self._compiler, name)

        def implementing(*args, **kwargs):
            given = set()
            while True:
                try:
                    return method(*args, **kwargs)
                except errors.MissingImplementation as missing:
                    key, type_texts, message = missing.args
                    if (key, tuple(type_texts)) in given:
                        raise errors.InternalError("the implementation given for %s did not reach the compiler:\n%s" % (key, message)) from None
                    given.add((key, tuple(type_texts)))
                    self._compiler.implement(key, type_texts, _describe_implementation(extending.implementation(key, type_texts), message))

        return implementing


def _describe_implementation(implementation, message):
    """How the compiler is given an ``@overload``'s implementation: as a function compiled with
    the caller, from its own source; ``message`` is the error where there is none."""
    if implementation is None:
        raise errors.TypingError(message)
    if _python_function(implementation) is None:
        raise errors.TypingError("%s\n  note: the typing function returned %r, not a function" % (message, implementation))
    description = _describe_function(implementation.__name__, implementation, ("", False), set())
    if description[0] == "refused":
        raise errors.TypingError("%s\n  note: its implementation %s %s" % (message, implementation.__qualname__, description[1]))
    return description


class Dispatcher(_rumba.DispatchTable):
    """The object ``@jit`` returns: call it like the function. Calls are dispatched natively
    (``_rumba.DispatchTable.__call__``); the first call with new argument types lands in
    ``_compile_and_call``."""

    def __init__(self, py_func, signatures, options):
        functools.update_wrapper(self, py_func)
        self.py_func = py_func
        self._options = options
        self._lock = threading.Lock()
        self._compiler = None
        self._by_types = {}
        self._explicit = []
        self._function_arguments = {}
        for signature in signatures:
            self._compile_signature(signature)

    def _source(self):
        """The source this dispatcher compiles, its file's name and whether it is the whole file."""
        return _module_source(self.py_func)

    def _get_compiler(self):
        if self._compiler is None:
            source, file_name, _ = self._source()
            self._compiler = _Compiler(
                source,
                file_name,
                self._options.get("opt", config.OPT),
                _fastmath_flags(self._options.get("fastmath", False)),
                bool(self._options.get("parallel", False)),
                _environment(self.py_func, caller_source=self._source()[1:])
                + self._declared_locals(self.py_func.__name__)
                + _default_values(self.py_func.__name__, self.py_func, self._source()[1:], {self.py_func}),
                _boundscheck(self._options),
                **_pipeline_arguments(self._options),
                objmode_globals=_objmode_globals(self.py_func),
            )
        return self._compiler

    def _declared_locals(self, name):
        """The binding of the types the ``locals=`` option declares, under the name ``name`` binds
        this dispatcher to (none without the option)."""
        declared = self._options.get("locals") or {}
        if not isinstance(declared, dict) or not all(isinstance(variable, str) for variable in declared):
            raise TypeError("locals= takes a dict of variable names to types, got %r" % (declared,))
        return [(name, ("locals", [(variable, str(declared_type)) for variable, declared_type in sorted(declared.items())]))] if declared else []

    def _compile_signature(self, signature):
        if isinstance(signature, tuple):
            signature = Signature(None, signature)
        text = signature if isinstance(signature, str) else str(signature)
        if not isinstance(signature, (str, Signature)):
            raise TypeError("a signature is a string, a Signature like float64(int32) or a tuple of types, got %r" % (signature,))
        with self._lock:
            function = self._get_compiler().compile_signature(_compiled_name(self.py_func), text)
            self._remember(tuple(function.arguments), function)
            self._explicit.append((text, function))

    def _function_for(self, types):
        # A compiled function, once remembered, is never replaced: found without the lock.
        function = self._by_types.get(types)
        if function is not None:
            return function
        with self._lock:
            function = self._by_types.get(types)
            if function is not None:
                return function
            if self._explicit:
                accepting = [(text, candidate) for text, candidate in self._explicit if _accepts(candidate.arguments, types)]
                # A signature that truncates no float to an integer is preferred; of several that
                # do, none is, as Numba finds the overloading ambiguous.
                exact = [candidate for candidate in accepting if not _truncates(types, candidate[1].arguments)]
                if not exact and len(accepting) > 1:
                    raise TypeError("Ambiguous overloading for %s() (%s): %s" % (self.py_func.__name__, ", ".join(types), ", ".join(text for text, _ in accepting)))
                if accepting:
                    _, chosen = (exact or accepting)[0]
                    self._remember(types, chosen)
                    return chosen
                raise TypeError(
                    "%s() has no compiled signature for argument types (%s); its signatures are: %s"
                    % (self.py_func.__name__, ", ".join(types), ", ".join(text for text, _ in self._explicit))
                )
            function = self._get_compiler().compile(_compiled_name(self.py_func), list(types))
            self._remember(types, function)
            return function

    def _remember(self, types, function):
        self._by_types[types] = function
        self.insert(list(types), function)

    def _compile_and_call(self, *args, **kwargs):
        packs, parameter_count = self._call_shape
        if packs:
            # A function with `*args` takes the extra positional arguments as one tuple, as the
            # compiler makes its parameter (`star_args.rs`).
            packed = self._packed_arguments(args, kwargs)
            return self._function_for(self._argument_types(tuple(packed)))(*packed)
        if parameter_count is not None and (kwargs or len(args) < parameter_count):
            # Dispatched natively again, now with one argument per parameter.
            return self(*self._bound_arguments(args, kwargs))
        return self._function_for(self._argument_types(args))(*args)

    @functools.cached_property
    def _call_shape(self):
        """Whether calls pack a ``*args`` tuple (``_packed_arguments``), and the number of
        parameters a call binds one argument to each of (``None`` with ``*args`` or ``**kwargs``,
        which the compiler refuses otherwise)."""
        kinds = [parameter.kind for parameter in self._py_signature.parameters.values()]
        packs = inspect.Parameter.VAR_POSITIONAL in kinds and inspect.Parameter.VAR_KEYWORD not in kinds and inspect.Parameter.KEYWORD_ONLY not in kinds
        signature = self._signature()
        return packs, None if signature is None else len(signature.parameters)

    def _argument_types(self, args):
        """The types rumba specialises on; a value it cannot pass is a TypeError naming the
        function, the parameter and the value's type."""
        try:
            return tuple(self.types_of(args))
        except TypeError as refusal:
            if any(_python_function(value) is not None for value in args):
                return tuple(self._function_type(value) if _python_function(value) is not None else self._argument_types((value,))[0] for value in args)
            signature = self._signature()
            names = list(signature.parameters) if signature is not None else []
            for position, value in enumerate(args):
                try:
                    self.types_of((value,))
                except TypeError:
                    parameter = names[position] if position < len(names) else "#%d" % position
                    raise TypeError("%s(): argument '%s': %s" % (self.py_func.__name__, parameter, refusal)) from None
            raise

    def _function_type(self, value):
        """The type of a function passed as an argument, as Numba's dispatcher types: each
        function a type of its own, naming the global the compiler knows it by (bound here the
        first time it is passed, and kept, as the compiled code is)."""
        with self._lock:
            known = self._function_arguments.get(value)
            if known is None:
                compiler = self._get_compiler()
                name = _python_function(value).__name__
                description = _describe_function(name, value, self._source()[1:], {self.py_func})
                if description is not None:
                    name = "__rumba_argument%d" % len(self._function_arguments)
                    compiler.bind([(name, description)])
                else:
                    # A function of the caller's file: compiled from it, reading the globals it
                    # names, which the caller's code need not name.
                    compiler.bind(_environment(_python_function(value), {self.py_func}, self._source()[1:]))
                known = self._function_arguments[value] = "function[%s]" % name
            return known

    def _bound_arguments(self, args, kwargs):
        """One argument per parameter, as Python binds ``args`` and ``kwargs`` to the function's
        parameters (defaults filled in), for a call with keywords or fewer arguments than
        parameters (too many is the compiler's error to report, and a stencil's ``out``)."""
        signature = self._signature()
        bound = signature.bind(*args, **kwargs)
        bound.apply_defaults()
        return [bound.arguments[name] for name in signature.parameters]

    def _packed_arguments(self, args, kwargs):
        """For a function with ``*args`` (and neither ``**kwargs`` nor keyword-only parameters),
        one argument per named parameter and the tuple of the rest."""
        signature = self._py_signature
        bound = signature.bind(*args, **kwargs)
        bound.apply_defaults()
        return [tuple(bound.arguments[name]) if parameter.kind == inspect.Parameter.VAR_POSITIONAL else bound.arguments[name] for name, parameter in signature.parameters.items()]

    def _signature(self):
        """The function's signature, or ``None`` where it has ``*args``/``**kwargs`` (which the
        compiler refuses with a located error)."""
        signature = self._py_signature
        variadic = (inspect.Parameter.VAR_POSITIONAL, inspect.Parameter.VAR_KEYWORD)
        if any(parameter.kind in variadic for parameter in signature.parameters.values()):
            return None
        return signature

    @functools.cached_property
    def _py_signature(self):
        return inspect.signature(self.py_func)

    def __get__(self, instance, owner=None):
        return self if instance is None else functools.partial(self, instance)

    def __reduce__(self):
        """Pickled by reference, as Numba's dispatchers are: the unpickling process imports the
        module and finds the dispatcher by its qualified name (so ``multiprocessing`` sends it to
        workers, under fork and spawn alike)."""
        if "<locals>" in self.__qualname__:
            raise TypeError("cannot pickle %r: it is defined inside a function, where another process cannot find it" % self)
        return (_dispatcher_by_reference, (self.__module__, self.__qualname__))

    @property
    def overloads(self):
        """The compiled specialisations by argument types, as Numba's ``overloads``."""
        return dict(self._by_types)

    @property
    def nopython_signatures(self):
        """Each specialisation's signature in Numba's notation, ``float64(float64, int64)``."""
        return ["%s(%s)" % (function.return_type, ", ".join(types)) for types, function in self._by_types.items()]

    @property
    def stats(self):
        """Numba's cache statistics; rumba keeps no cache on disk, so there is no hit or miss."""
        return _CompileStats(cache_path=None, cache_hits=collections.Counter(), cache_misses=collections.Counter())

    def compile(self, signature):
        """Compiles one signature now (``"float64(int64)"``, a Signature or a tuple of types) and
        returns the compiled function; later calls with those types use it."""
        if isinstance(signature, tuple):
            signature = Signature(None, signature)
        with self._lock:
            function = self._get_compiler().compile_signature(_compiled_name(self.py_func), str(signature))
            self._remember(tuple(function.arguments), function)
        return function

    def recompile(self):
        """Compiles every known specialisation again, reading the globals anew (Numba freezes
        them at compilation, so this is how a changed global reaches compiled code)."""
        with self._lock:
            known = list(self._by_types)
            explicit = [text for text, _ in self._explicit]
            self._compiler = None
            self._by_types = {}
            self._explicit = []
            self._function_arguments = {}
            self.clear()
        for text in explicit:
            self._compile_signature(text)
        for types in known:
            if types not in self._by_types and not any(type_text.startswith("function[") for type_text in types):
                self._function_for(types)

    def __repr__(self):
        return "<rumba.Dispatcher %s>" % self.py_func.__qualname__

    @property
    def signatures(self):
        """The argument types of every compiled specialisation, as Numba lists them."""
        seen = []
        for function in self._by_types.values():
            if tuple(function.arguments) not in seen:
                seen.append(tuple(function.arguments))
        return seen

    def _inspect(self, stage, signature):
        compiler = self._get_compiler()
        selected = self.signatures if signature is None else [_normalise_signature(signature)]
        return {types: compiler.emit(_compiled_name(self.py_func), list(types), stage) for types in selected}

    def inspect_mlir(self, signature=None, stage="py"):
        """The MLIR after a pipeline stage (``rumba._rumba.stages()`` lists them), per signature."""
        return self._unwrap(self._inspect(stage, signature), signature)

    def inspect_llvm(self, signature=None):
        """Optimised LLVM IR, per signature (a dict, as Numba's) or for one signature."""
        return self._unwrap(self._inspect("llvm", signature), signature)

    def inspect_asm(self, signature=None):
        """Host assembly, per signature or for one signature."""
        return self._unwrap(self._inspect("asm", signature), signature)

    def inspect_types(self, signature=None):
        """The typed ``py`` IR (each value with its type), per signature or for one signature."""
        return self._unwrap(self._inspect("py", signature), signature)

    @staticmethod
    def _unwrap(results, signature):
        return results if signature is None else next(iter(results.values()))


_CompileStats = collections.namedtuple("_CompileStats", ("cache_path", "cache_hits", "cache_misses"))


def _dispatcher_by_reference(module_name, qualified_name):
    """The dispatcher a pickle names: found in its module by its qualified name."""
    value = importlib.import_module(module_name)
    for part in qualified_name.split("."):
        value = getattr(value, part)
    return value


def _normalise_signature(signature):
    if isinstance(signature, tuple):
        return tuple(str(arg) for arg in signature)
    if isinstance(signature, Signature):
        return tuple(str(arg) for arg in signature.args)
    raise TypeError("pass a tuple of argument types, as in .signatures")


def _accepts(declared, given):
    """Whether values of types `given` fit a signature's argument types `declared`: equal, an array
    whose layout is stricter than an A-layout declaration (a writable one fits a read-only
    declaration), or a Python int/float/bool converting to a declared scalar (a float to any real
    one, truncated to an integer as Numba converts it; a complex only to a complex one)."""
    if len(declared) != len(given):
        return False
    for want, have in zip(declared, given):
        if want.startswith("readonly ") and not have.startswith("readonly "):
            want = want[len("readonly "):]
        if want == have:
            continue
        if "[" in want and "[" in have:
            if want.split("[")[0] != have.split("[")[0] or want.count(",") != have.count(","):
                return False
            if "::1" in want:
                return False
            continue
        if "[" in want or "[" in have:
            return False
        if have == "float64" and want == "bool":
            return False
        if have == "complex128" and want != have:
            return False
    return True


def _truncates(given, declared):
    """Whether a signature with argument types ``declared`` takes a float of ``given`` as an integer."""
    return any(have == "float64" and "int" in want for have, want in zip(given, declared))


def _fastmath_flags(fastmath):
    """Numba's ``fastmath`` option as LLVM flag names: True is all of them, a set names some."""
    if fastmath is True:
        return ["fast"]
    if not fastmath:
        return []
    if isinstance(fastmath, (set, frozenset, list, tuple)) and all(isinstance(flag, str) for flag in fastmath):
        return sorted(fastmath)
    raise TypeError("fastmath takes True, False or a set of flags such as {'nnan', 'ninf'}, got %r" % (fastmath,))


_EQSAT_LIMITS = ("nodes", "iterations", "milliseconds")


def _pipeline_arguments(options):
    """The ``eqsat`` and ``pipeline`` options as the compiler takes them.

    ``eqsat`` is True (the default), False (no equality saturation) or a dict of limits among
    ``nodes``, ``iterations`` and ``milliseconds``; ``pipeline`` maps stage names to a textual pass
    pipeline, or a list of them, run after that stage."""
    eqsat = options.get("eqsat", config.EQSAT)
    limits = None
    if isinstance(eqsat, dict):
        unknown = set(eqsat) - set(_EQSAT_LIMITS)
        if unknown or not all(isinstance(value, int) and not isinstance(value, bool) and value >= 0 for value in eqsat.values()):
            raise TypeError("eqsat takes True, False or a dict of non-negative integer limits among %s, got %r" % (", ".join(_EQSAT_LIMITS), eqsat))
        limits = dict(eqsat)
    elif not isinstance(eqsat, bool):
        raise TypeError("eqsat takes True, False or a dict of limits, got %r" % (eqsat,))
    pipeline = options.get("pipeline") or {}
    if not isinstance(pipeline, dict):
        raise TypeError("pipeline takes a dict from stage names to pass pipelines, got %r" % (pipeline,))
    pairs = []
    for stage, passes in pipeline.items():
        texts = [passes] if isinstance(passes, str) else passes
        if not isinstance(stage, str) or not isinstance(texts, (list, tuple)) or not all(isinstance(text, str) for text in texts):
            raise TypeError("pipeline takes a dict from stage names to pass pipelines (a string or a list of them), got %r" % (pipeline,))
        pairs.extend((stage, text) for text in texts)
    return {"eqsat": eqsat is not False, "eqsat_limits": limits, "pipeline": pairs}


def _boundscheck(options):
    """Whether element indices are checked: ``config.BOUNDSCHECK`` where it is set (Numba's
    ``NUMBA_BOUNDSCHECK`` overrides every function's option), else the ``boundscheck`` option."""
    return bool(config.BOUNDSCHECK) if config.BOUNDSCHECK is not None else bool(options.get("boundscheck", False))


def _options_check(options):
    _fastmath_flags(options.get("fastmath", False))
    _pipeline_arguments(options)
    for name in options:
        if name not in _ACCEPTED_OPTIONS and name != "opt":
            raise TypeError("jit() got an unexpected option %r" % name)


def jit(signature_or_function=None, **options):
    """Numba's ``@jit``: bare, with options, with a signature or a list of them. With
    ``config.DISABLE_JIT`` (``NUMBA_DISABLE_JIT=1``) it returns the function itself."""
    _options_check(options)
    if config.DISABLE_JIT:
        if callable(signature_or_function) and not isinstance(signature_or_function, Type):
            return signature_or_function
        return lambda py_func: py_func
    if callable(signature_or_function) and not isinstance(signature_or_function, Type):
        return _dispatcher(signature_or_function, [], options)
    if signature_or_function is None:
        signatures = []
    elif isinstance(signature_or_function, list):
        signatures = signature_or_function
    else:
        signatures = [signature_or_function]

    def decorate(py_func):
        return _dispatcher(py_func, signatures, options)

    return decorate


def _dispatcher(py_func, signatures, options):
    """The dispatcher the options ask for: compiled (nopython, the default), object mode
    (``forceobj=True``), or compiled where it compiles and object mode elsewhere
    (``nopython=False``)."""
    compiled_options = {name: value for name, value in options.items() if name not in ("forceobj", "looplift", "nopython")}
    if options.get("forceobj"):
        return _object_mode(py_func, compiled_options, options.get("looplift", True))
    dispatcher = Dispatcher(py_func, signatures, {name: value for name, value in options.items() if name not in ("forceobj", "looplift")})
    if options.get("nopython") is False:
        return _FallbackDispatcher(dispatcher, lambda: _object_mode(py_func, compiled_options, options.get("looplift", True)))
    return dispatcher


def _object_mode(py_func, compiled_options, looplift):
    """``py_func`` in object mode, its lifted loops compiled with ``compiled_options``."""
    return objectmode.ObjectModeDispatcher(py_func, lambda loop: _LiftedLoop(loop, py_func.__qualname__, compiled_options), looplift)


def _compiled_for(dispatcher, args, compiles, what):
    """The compiled function ``dispatcher`` runs for ``args``, compiling it if need be; None
    where compiled code cannot take them or the function does not compile for their types (then
    a ``NumbaWarning`` says why, once per types, as Numba warns when it falls back)."""
    try:
        types = dispatcher._argument_types(args)
    except TypeError:
        return None
    if not compiles.get(types, True):
        return None
    try:
        function = dispatcher._function_for(types)
    except (errors.TypingError, errors.UnsupportedError) as refusal:
        compiles[types] = False
        warnings.warn(errors.NumbaWarning("%s: %s" % (what, refusal)), stacklevel=3)
        return None
    compiles[types] = True
    return function


class _LiftedLoop:
    """A loop lifted out of an object-mode function (``objectmode.py``): compiled for each tuple
    of argument types where it compiles, else run by the interpreter."""

    def __init__(self, python, owner, options):
        self.py_func = python
        self.owner = owner
        self.options = options
        self.dispatcher = None
        self.compiles = {}

    def __call__(self, *args):
        if self.dispatcher is None:
            self.dispatcher = Dispatcher(self.py_func, [], self.options)
        compiled = _compiled_for(self.dispatcher, args, self.compiles, "a loop of %s stays in object mode" % self.owner)
        return compiled(*args) if compiled is not None else self.py_func(*args)


class _FallbackDispatcher:
    """What ``@jit(nopython=False)`` gives: the function compiled where it compiles for the
    arguments' types, in object mode (with a ``NumbaWarning``, as Numba falls back) where it
    does not or where compiled code cannot take the arguments. Everything else is the compiled
    dispatcher's (``signatures``, ``inspect_types``, ...)."""

    def __init__(self, dispatcher, object_mode):
        self.dispatcher = dispatcher
        self.py_func = dispatcher.py_func
        self.__name__ = self.py_func.__name__
        self.__qualname__ = self.py_func.__qualname__
        self.__doc__ = self.py_func.__doc__
        self.__module__ = self.py_func.__module__
        self.__wrapped__ = self.py_func
        self._make_object_mode = object_mode
        self._compiles = {}
        self._object_mode = None

    def __call__(self, *args, **kwargs):
        packs, _ = self.dispatcher._call_shape
        if not packs:
            if kwargs:
                args, kwargs = tuple(self.dispatcher._bound_arguments(args, kwargs)), {}
            what = "compilation of %s is falling back to object mode" % self.__qualname__
            compiled = _compiled_for(self.dispatcher, args, self._compiles, what)
            if compiled is not None:
                return compiled(*args)
        if self._object_mode is None:
            self._object_mode = self._make_object_mode()
        return self._object_mode(*args, **kwargs)

    @property
    def lifted(self):
        """The loops lifted out of the function where it ran in object mode (none before)."""
        return self._object_mode.lifted if self._object_mode is not None else []

    def __getattr__(self, name):
        return getattr(self.dispatcher, name)


def njit(signature_or_function=None, **options):
    """``@jit(nopython=True)``: compiled, never object mode (the same as ``@jit`` without
    ``forceobj`` or ``nopython=False``)."""
    return jit(signature_or_function, **options)
