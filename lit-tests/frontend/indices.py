# An index that cannot be negative (a loop variable counting up from a non-negative start, plus or
# minus literals that keep it so) is passed unsigned: lower-py then computes no wraparound from the
# end. One that may be negative stays signed and wraps, as Python's negative indices do.
# RUN: %rumba emit %s --function shifted --signature "(f8[::1],)" --stage py | %FileCheck %s
# RUN: %rumba run %s --call "check(6)" | %FileCheck %s --check-prefix=RESULT
import numpy as np

# CHECK-LABEL: func.func @shifted__f64x1C
# CHECK: scf.for
# CHECK: %[[NEXT:.*]] = py.cast %{{.*}} : si64 to ui64
# CHECK-NEXT: py.getitem %arg0[%[[NEXT]]] : !py.array<f64, 1, C>, ui64 -> f64
# CHECK: py.getitem %arg0[%{{.*}}] : !py.array<f64, 1, C>, si64 -> f64
# CHECK: %[[HERE:.*]] = py.cast %{{.*}} : si64 to ui64
# CHECK: py.setitem %{{.*}}, %arg0[%[[HERE]]] : f64, !py.array<f64, 1, C>, ui64
def shifted(a):
    for i in range(1, a.shape[0] - 1):
        a[i] = a[i + 1] - a[i - 2]
    return a


# On 0, 1, ..., 5 in place: a[1] = a[2] - a[-1] = 2 - 5 (the last element), a[2] = a[3] - a[0] = 3,
# a[3] = a[4] - a[1] = 4 + 3, as CPython computes it.
# RESULT: {{^}}(-3.0, 10.0){{$}}
def check(n):
    a = np.arange(n) * 1.0
    shifted(a)
    return a[1], a[2] + a[3]
