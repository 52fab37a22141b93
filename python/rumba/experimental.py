"""Numba's ``numba.experimental``: ``jitclass``, classes whose methods are compiled and whose
instances compiled code takes, makes, changes and returns.

A jitclass's fields are typed by a spec (``[("count", int64), ("data", float64[:])]`` or a dict)
or by the class's annotations. Its instances hold their fields as Python attributes; compiled code
works on an instance of its own for the call, made from them, and sets them from it afterwards
(as rumba does for lists passed in), so a change made there is seen by the caller. ``__init__``,
the other methods, the static methods and the properties' getters and setters are compiled, each
from its own source, when first called; from compiled code they are called as Numba calls them."""

import types as pytypes

import numpy as np

from . import _rumba, typed
from . import types as rtypes
from .dispatcher import _describe_function, njit

__all__ = ["jitclass"]


def jitclass(cls_or_spec=None, spec=None):
    """``@jitclass(spec)``, ``@jitclass`` (the fields from the class's annotations) or
    ``jitclass(cls, spec)``: ``spec`` is a list of ``(name, type)`` pairs or a dict of them."""
    if isinstance(cls_or_spec, type):
        return _make_class(cls_or_spec, spec)
    spec = cls_or_spec if spec is None else spec
    return lambda cls: _make_class(cls, spec)


class _ClassType:
    """``Class.class_type``: its ``instance_type`` types a field that holds an instance."""

    def __init__(self, instance_type):
        self.instance_type = rtypes.parse(instance_type)


# Python's own types, as fields of a spec may name them.
_PYTHON_TYPES = {int: "int64", float: "float64", bool: "bool", complex: "complex128", str: "unicode_type"}

# What a class's namespace holds that is not a member.
_CLASS_ATTRIBUTES = {"__module__", "__qualname__", "__doc__", "__dict__", "__weakref__", "__annotations__", "__firstlineno__", "__static_attributes__"}


def _type_text(cls, field, field_type):
    if isinstance(field_type, (rtypes.Type, str)):
        return str(field_type)
    if isinstance(field_type, type) and "_rumba_type" in field_type.__dict__:
        return field_type._rumba_type
    if field_type in _PYTHON_TYPES:
        return _PYTHON_TYPES[field_type]
    raise TypeError("field %r of jitclass %s has type %r, which is not a type rumba knows (use rumba.types: int64, float64[:], ...)" % (field, cls.__qualname__, field_type))


def _make_class(cls, spec):
    if not isinstance(cls, type):
        raise TypeError("jitclass decorates a class, not %r" % (cls,))
    if cls.__bases__ != (object,):
        raise TypeError("jitclass %s: inheritance is not supported (as in Numba)" % cls.__qualname__)
    fields = list(spec.items()) if isinstance(spec, dict) else list(spec or ())
    declared = {name for name, _ in fields}
    fields += [(name, annotation) for name, annotation in cls.__dict__.get("__annotations__", {}).items() if name not in declared]
    members = []
    namespace = {
        "__slots__": tuple(name for name, _ in fields),
        "__module__": cls.__module__,
        "__qualname__": cls.__qualname__,
        "__doc__": cls.__doc__,
        "_rumba_define_members": classmethod(_define_members),
    }
    for name, value in cls.__dict__.items():
        if name in _CLASS_ATTRIBUTES:
            continue
        if name == "__hash__" and value is None:
            # What Python sets on a class that defines `__eq__` only: its instances are unhashable.
            namespace[name] = None
        elif isinstance(value, pytypes.FunctionType):
            members.append((name, "method", value))
            namespace[name] = _method(name)
        elif isinstance(value, property):
            members.append((name, "getter", value.fget))
            if value.fset is not None:
                members.append((name, "setter", value.fset))
            namespace[name] = property(_member_caller(name, "getter"), _member_caller(name, "setter") if value.fset is not None else None, doc=value.__doc__)
        elif isinstance(value, staticmethod):
            members.append((name, "static", value.__func__))
            namespace[name] = staticmethod(njit(value.__func__))
        else:
            raise TypeError("jitclass %s: class attribute %r is not supported (only methods, properties and static methods)" % (cls.__qualname__, name))
    if "__init__" not in namespace:
        namespace["__init__"] = _method("__init__")
    jitted = type(cls.__name__, (), namespace)
    jitted._rumba_type = _rumba.register_class(jitted, "%s.%s" % (cls.__module__, cls.__qualname__), [(name, _type_text(cls, name, field_type)) for name, field_type in fields])
    jitted._rumba_members = members
    jitted._rumba_defined = False
    jitted._rumba_dispatchers = {}
    jitted.class_type = _ClassType(jitted._rumba_type)
    return jitted


def _define_members(cls):
    """Gives the compiler the class's members, once, when the class is first used: their
    environments are read then, as Numba reads globals when it first compiles."""
    if cls._rumba_defined:
        return
    # Set first: a member's environment names the class itself.
    cls._rumba_defined = True
    described = []
    for name, kind, function in cls._rumba_members:
        description = _describe_function(function.__name__, function, ("", False), set())
        if description[0] != "function":
            raise TypeError("%s.%s %s" % (cls.__qualname__, name, description[1]))
        described.append((name, kind, description))
    _rumba.define_class_members(cls._rumba_type, described)


def _dispatcher(cls, name, kind):
    key = (name, kind)
    dispatcher = cls._rumba_dispatchers.get(key)
    if dispatcher is None:
        cls._rumba_define_members()
        function = next((function for member, member_kind, function in cls._rumba_members if (member, member_kind) == key), None)
        if function is None:
            raise TypeError("%s() takes no arguments: the jitclass has no __init__" % cls.__qualname__)
        dispatcher = cls._rumba_dispatchers[key] = njit(function)
    return dispatcher


def _method(name):
    if name == "__init__":

        def init(self, *args, **kwargs):
            cls = type(self)
            for field, field_type in zip(cls.__slots__, _field_types(cls)):
                setattr(self, field, _zero(field_type))
            if any(member == "__init__" for member, _, _ in cls._rumba_members):
                _dispatcher(cls, "__init__", "method")(self, *args, **kwargs)
            elif args or kwargs:
                raise TypeError("%s() takes no arguments: the jitclass has no __init__" % cls.__qualname__)

        return init

    def method(self, *args, **kwargs):
        return _dispatcher(type(self), name, "method")(self, *args, **kwargs)

    method.__name__ = name
    return method


def _member_caller(name, kind):
    def call(self, *args):
        return _dispatcher(type(self), name, kind)(self, *args)

    return call


def _field_types(cls):
    """The types of the class's fields, as ``rumba.types`` objects, in order."""
    text = cls._rumba_type
    fields = text[text.index("<") + 1:-1]
    return [rtypes.parse(part.split(":", 1)[1]) for part in rtypes._split_top_level(fields) if part.strip()]


def _zero(field_type):
    """What a field holds before ``__init__`` sets it: zero, an empty array or container, or None
    (an instance)."""
    if isinstance(field_type, rtypes.Array):
        return np.empty((0,) * field_type.ndim, dtype=str(field_type.dtype), order="F" if field_type.layout == "F" else "C")
    if isinstance(field_type, rtypes.BaseTuple):
        return tuple(_zero(element) for element in field_type)
    if isinstance(field_type, rtypes.ListType):
        return typed.List.empty_list(field_type.dtype)
    if isinstance(field_type, rtypes.DictType):
        return typed.Dict.empty(field_type.key_type, field_type.value_type)
    if isinstance(field_type, rtypes.Set):
        return set()
    if isinstance(field_type, rtypes.UnicodeType):
        return ""
    if isinstance(field_type, rtypes.Number):
        return {"bool": False}.get(field_type.name, np.dtype(field_type.name).type(0).item())
    return None
