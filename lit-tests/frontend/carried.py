# A loop that swaps array variables carries them as iter_args (sorted by name: `new`, then `u`) and
# yields them swapped; after the loop the names are its results.
# RUN: %rumba emit %s --function swap --signature "(f8[::1], i8)" --stage py | %FileCheck %s
# RUN: %rumba run %s --call "check(5)" | %FileCheck %s --check-prefix=RESULT
import numpy as np

# CHECK-LABEL: func.func @swap__f64x1C__si64
# CHECK: %[[U:.*]] = py.map %arg0
# CHECK: %[[NEW:.*]] = py.map %arg0
# CHECK: %[[LOOP:.*]]:2 = scf.for %{{.*}} = %{{.*}} to %{{.*}} step %{{.*}} iter_args(%[[NEW_ARG:.*]] = %[[NEW]], %[[U_ARG:.*]] = %[[U]]) -> (!py.array<f64, 1, C>, !py.array<f64, 1, C>) {
# CHECK: py.setitem %{{.*}}, %[[NEW_ARG]][%{{.*}}]
# CHECK: scf.yield %[[U_ARG]], %[[NEW_ARG]] : !py.array<f64, 1, C>, !py.array<f64, 1, C>
# CHECK: return %{{.*}}, %[[LOOP]]#1 : i32, !py.array<f64, 1, C>
def swap(u0, n):
    u = u0.copy()
    new = u0.copy()
    for k in range(n):
        new[0] = u[0] + 1.0
        u, new = new, u
    return u


# 5 steps, each adding 1 to the other buffer's first element: 1, then 2, ... 5.
# RESULT: {{^}}5.0{{$}}
def check(n):
    return swap(np.zeros(3), n)[0]
