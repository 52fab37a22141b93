"""Numba's typed containers. ``List`` is a Python list that compiled code takes as a list of one
element type (changes made there are written back into it, as for any list argument), and that
compiled code makes with ``List()`` or ``List(iterable)``; ``List.empty_list(item_type)`` makes an
empty one whose element type is known, so that compiled code can take it before anything is
appended. ``Dict`` is a Python dict that compiled code takes the same way, and makes with
``Dict.empty(key_type, value_type)``; every dict compiled code returns is one, as in Numba. Both
print as Numba's do (`str` of each item: ``{posx: [0. 1. 2.]}``)."""

import sys

__all__ = ["List", "Dict"]


class List(list):
    """``numba.typed.List``: a list whose items are numbers of one type, tuples of them, or lists."""

    # The element type of an empty list made by ``empty_list``, in rumba's type notation.
    _item_type = None

    @classmethod
    def empty_list(cls, item_type, allocated=0):
        """An empty list of ``item_type`` (``rumba.float64``, ``rumba.types.int32``, ...);
        ``allocated`` is a capacity hint, as in Numba."""
        del allocated
        items = cls()
        items._item_type = str(item_type)
        return items

    def __str__(self):
        return "[%s]" % ", ".join(str(item) for item in self)

    def __repr__(self):
        return "ListType[%s](%s)" % (self._item_type or "?", self)


class Dict(dict):
    """``numba.typed.Dict``: a dict whose keys are numbers (or tuples of them) of one type and whose
    values are of one type; ``Dict.empty(key_type, value_type)`` makes an empty one whose types
    are known, so that compiled code can take it (and write into it) before anything is stored."""

    # The key and value types of an empty dict made by ``empty``, in rumba's type notation.
    _key_type = None
    _value_type = None

    @classmethod
    def empty(cls, key_type, value_type, n_keys=0):
        """An empty dict of ``key_type`` to ``value_type`` (``rumba.int64``, ``rumba.types.float64``,
        ...); ``n_keys`` is a capacity hint, as in Numba."""
        del n_keys
        table = cls()
        table._key_type, table._value_type = str(key_type), str(value_type)
        return table

    def __str__(self):
        # Numba's text: each key and value as str() gives it.
        return "{%s}" % ", ".join("%s: %s" % (key, value) for key, value in self.items())

    def __repr__(self):
        return "DictType[%s,%s](%s)" % (self._key_type or "?", self._value_type or "?", self)


# Numba's modules of the two (`from numba.typed import typedlist; typedlist.List`) are this one.
typedlist = typeddict = sys.modules[__name__]
