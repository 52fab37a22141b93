# np.cumsum is a function of rumba's prelude (frontend/src/prelude/numpy.py): it is specialised on
# the caller's argument types, emitted in the caller's module under the symbol np.cumsum__..., and
# called like any compiled function.
# RUN: %rumba emit %s --signature "i8[:](i4[:])" --function running_total --stage py | %FileCheck %s
# RUN: not %rumba emit %s --signature "f8(f8[:])" --function diagonal_sum --stage py 2>&1 | %FileCheck %s --check-prefix=MISUSE
import numpy as np

# The default axis=None is an argument of type none, which occupies no operand.
# CHECK-LABEL: func.func @running_total__si32x1A
# CHECK: call @np.cumsum__si32x1A__none(%{{.*}}) : (!py.array<si32, 1, A>) -> (i32, !py.array<si64, 1, C>)
# The prelude's function accumulates in int64, NumPy's type for sums of int32.
# CHECK-LABEL: func.func private @np._accumulate__si32x1A__none__ssum_
# CHECK: py.empty(%{{.*}}) : !py.array<si64, 1, C>
def running_total(a):
    return np.cumsum(a)


# An argument the prelude's annotation refuses is reported at the caller's line.
# MISUSE: prelude.py:[[# @LINE + 2]]:12: error: np.trace of float64[:] is not supported yet (arrays of 2 dimension(s) only)
def diagonal_sum(a):
    return np.trace(a)
