"""Numba's typed containers. ``List`` is a Python list that compiled code takes as a list of one
element type (changes made there are written back into it, as for any list argument), and that
compiled code makes with ``List()`` or ``List(iterable)``; ``List.empty_list(item_type)`` makes an
empty one whose element type is known, so that compiled code can take it before anything is
appended. ``Dict`` is not supported yet."""

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

    def __repr__(self):
        return "ListType[%s](%s)" % (self._item_type or "?", list.__repr__(self))


class Dict(dict):
    """``numba.typed.Dict``: compiled code does not take or make these yet."""
