# `for index in pndindex(shape)` walks np.ndindex's indices in a prange: one scf.parallel over the
# number of indices, each iteration's index the prelude's `_ndindex_item` of its position. Without
# --parallel the same loop is a serial one.
# RUN: %rumba emit %s --signature "(float64[:, ::1],)" --function doubled --parallel --stage py | %FileCheck %s
# RUN: %rumba emit %s --signature "(float64[:, ::1],)" --function doubled --stage py | %FileCheck %s --check-prefix=SERIAL
import numpy as np
from rumba import pndindex

# CHECK-LABEL: func.func @doubled
# CHECK: call @np._ndindex_size
# CHECK: scf.parallel
# CHECK: call @np._ndindex_item
# SERIAL-LABEL: func.func @doubled
# SERIAL-NOT: scf.parallel
# SERIAL: scf.while
# SERIAL: call @np._ndindex_item
def doubled(a):
    out = np.zeros(a.shape)
    for y, x in pndindex(a.shape):
        out[y, x] = a[y, x] * 2
    return out
