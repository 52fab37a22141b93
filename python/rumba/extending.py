"""Numba's ``numba.extending``, as far as rumba has it: ``register_jitable`` (a Python function
that compiled code calls is compiled with it, so registering one only returns it). ``overload``,
``overload_method`` and ``intrinsic`` are refused when used, not ignored."""


def register_jitable(*args, **kwargs):
    """``@register_jitable`` or ``@register_jitable(**options)``: the function, unchanged; it runs
    as Python when Python calls it and is compiled with any compiled function that calls it."""
    if len(args) == 1 and not kwargs and callable(args[0]):
        return args[0]
    return lambda function: function


def _refused(name):
    def refuse(*args, **kwargs):
        raise NotImplementedError("rumba: numba.extending.%s is not implemented yet; write the implementation as a plain "
                                  "function and call it (compiled code compiles the Python functions it calls)" % name)

    refuse.__name__ = name
    return refuse


overload = _refused("overload")
overload_method = _refused("overload_method")
overload_attribute = _refused("overload_attribute")
intrinsic = _refused("intrinsic")
