# The parfor stage fuses an array expression into one py.map: one loop, which std shows as one
# linalg.generic (emitted twice, for operands of equal shape and for broadcasting ones) and loops,
# under parallel=True, as scf.parallel; in a prange body it stays serial.
# RUN: %rumba emit %s --function expression --signature "(f8[:, ::1], f8[::1], f8)" --stage py | %FileCheck %s --check-prefix=PY
# RUN: %rumba emit %s --function expression --signature "(f8[:, ::1], f8[::1], f8)" --stage parfor | %FileCheck %s --check-prefix=PARFOR
# RUN: %rumba emit %s --function expression --signature "(f8[:, ::1], f8[::1], f8)" --stage loops --parallel | %FileCheck %s --check-prefix=LOOPS
# RUN: %rumba emit %s --function rows --signature "(f8[:, ::1],)" --stage loops --parallel | %FileCheck %s --check-prefix=ROWS
# RUN: %rumba run %s --call "check(5)" --parallel | %FileCheck %s --check-prefix=RESULT
import numpy as np
from rumba import prange

# PY-COUNT-4: py.map
# PY-NOT: py.map
# PARFOR: py.map %{{.*}}, %arg0, %arg1 : (f64, !py.array<f64, 2, C>, !py.array<f64, 1, C>) -> !py.array<f64, 2, C> {
# PARFOR: py.mul
# PARFOR: py.add
# PARFOR: py.math "sqrt"
# PARFOR: py.truediv
# PARFOR: py.yield
# PARFOR-NOT: py.map
# LOOPS-LABEL: func.func @expression
# LOOPS: scf.parallel (%{{.*}}, %{{.*}}) =
# LOOPS-NOT: linalg.generic
def expression(a, v, s):
    return np.sqrt(a * v + s) / s


# ROWS-LABEL: func.func @rows
# ROWS: scf.parallel (%{{.*}}) =
# ROWS-NOT: scf.parallel
def rows(x):
    for i in prange(x.shape[0]):
        x[i, :] = x[i, :] / x[i, :].sum()
    return x


# RESULT: {{^}}True{{$}}
def check(n):
    a = np.ones((n, 3))
    v = np.arange(3.0)
    got = expression(a, v, 2.0)
    ok = True
    for i in range(n):
        for j in range(3):
            ok = ok and got[i, j] == np.sqrt(1.0 * j + 2.0) / 2.0
    return ok
