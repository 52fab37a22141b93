"""``numba.core.types``: rumba's type objects (``rumba.types``), every public name of it."""

from ... import types as _types

globals().update({name: value for name, value in vars(_types).items() if not name.startswith("_")})
