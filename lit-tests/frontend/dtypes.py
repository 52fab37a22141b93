# A dtype is a value known when compiling: a variable or a parameter holding one names the element
# type of what it creates, takes no operand, and is part of the specialisation's symbol.
# RUN: %rumba emit %s --call "caller(4)" --stage py | %FileCheck %s

# CHECK-LABEL: func.func @caller__si64
# CHECK: py.empty(%{{.*}}) : !py.array<f32, 1, C>
# CHECK: call @make__si64__dtsi16(%arg0) : (si64) -> (i32, !py.array<si16, 1, C>)
# CHECK-LABEL: func.func private @make__si64__dtsi16
# CHECK: py.empty(%{{.*}}) : !py.array<si16, 1, C>
def caller(n):
    dt = np.float32
    a = np.zeros(n, dt)
    return a.sum() + make(n, np.int16).sum()


def make(n, dtype):
    return np.full(n, 7, dtype=dtype)


import numpy as np
