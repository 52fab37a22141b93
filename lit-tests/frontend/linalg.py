# np.linalg functions are the prelude's `_linalg_<name>` (frontend/src/prelude/numpy.py), written
# with `np.linalg._<routine>(...)`, which is a py.lapack op: inv factors a fresh F-ordered float64
# copy of its argument (getrf) and inverts it from the factors (getri). A LAPACK routine's operands
# are typed against LapackRoutines.def where the prelude calls it.
# RUN: %rumba emit %s --signature "(i8[:, :],)" --function inverse --stage py | %FileCheck %s
# RUN: not %rumba emit %s --signature "(f8[:, :], i8[:])" --function misuse --stage py 2>&1 | %FileCheck %s --check-prefix=MISUSE
# RUN: not %rumba emit %s --signature "(f8[:, :],)" --function unknown --stage py 2>&1 | %FileCheck %s --check-prefix=UNKNOWN
import numpy as np

# CHECK-LABEL: func.func @inverse__si64x2A
# CHECK: call @np._linalg_inv__si64x2A(%{{.*}}) : (!py.array<si64, 2, A>) -> (i32, !py.array<f64, 2, F>)
# CHECK-LABEL: func.func private @np._linalg_inv__si64x2A
# CHECK: call @np._lapack_copy__si64x2A
# CHECK: py.lapack "getri"(%{{.*}}, %{{.*}}) : (!py.array<f64, 2, F>, !py.array<si32, 1, C>) -> si64
# CHECK-LABEL: func.func private @np._lapack_lu__f64x2F__si32x1C
# CHECK: py.lapack "getrf"(%arg0, %arg1) : (!py.array<f64, 2, F>, !py.array<si32, 1, C>) -> si64
def inverse(a):
    return np.linalg.inv(a)


# MISUSE: linalg.py:[[# @LINE + 2]]:12: error: np.linalg._getrf takes operands 'CI' (LapackRoutines.def), got (float64[:, :], int64[:])
def misuse(a, pivots):
    return np.linalg._getrf(a, pivots)


# UNKNOWN: linalg.py:[[# @LINE + 2]]:12: error: np.linalg.tensorinv is not supported yet
def unknown(a):
    return np.linalg.tensorinv(a)
