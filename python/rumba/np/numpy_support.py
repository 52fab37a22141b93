"""``numba.np.numpy_support``: conversions between NumPy's dtypes and rumba's type objects."""

import numpy as np

from .. import types
from ..types import from_dtype  # noqa: F401


def as_dtype(numba_type):
    """The NumPy dtype of a number type (``types.float64`` gives ``dtype('float64')``), as Numba's
    ``as_dtype``; a dtype type gives its dtype."""
    if isinstance(numba_type, types.Number):
        return np.dtype(numba_type.name)
    if isinstance(numba_type, types.DType):
        return np.dtype(numba_type.dtype)
    raise NotImplementedError("%r cannot be represented as a NumPy dtype" % (numba_type,))
