# Calls bind arguments as Python does; a default is a constant the caller passes; `is None`
# decides a branch at compile time, and the pruned branch is not emitted.
# RUN: %rumba emit %s --call "caller(2.0)" --stage py | %FileCheck %s

# The keyword goes to its parameter, the default fills the other: the call passes both.
# CHECK-LABEL: func.func @caller__f64
# CHECK: %[[SHIFT:.*]] = py.constant 1.500000e+00 : f64
# CHECK: %[[K:.*]] = py.constant 3 : si64
# CHECK: call @scale__f64__si64__f64(%{{.*}}, %[[K]], %[[SHIFT]])
# A None argument occupies no operand.
# CHECK: func.call @pick__f64__none(%{{.*}})
def caller(x):
    return scale(x, shift=1.5) + pick(x)


def scale(x, k=3, *, shift=0.5):
    return x * k + shift


# CHECK-LABEL: func.func private @pick__f64__none
# CHECK-NOT: scf.if
# CHECK-NOT: py.mul
# CHECK: return
def pick(x, axis=None):
    if axis is None:
        return x + 1.0
    return x * axis
