# A loop over enumerate(a) is rewritten into a range loop before inference: the array is read once,
# the trip count is its extent, and each iteration binds the index and the element a[i] (read
# unsigned: the loop index cannot be negative).
# RUN: %rumba emit %s --function weighted --signature "(f8[::1],)" --stage py | %FileCheck %s
# RUN: %rumba run %s --call "check()" | %FileCheck %s --check-prefix=RESULT

import numpy as np

# CHECK-LABEL: func.func @weighted__f64x1C
# CHECK: py.dim %arg0, 0 : !py.array<f64, 1, C>
# CHECK: scf.for
# CHECK: %[[INDEX:.*]] = py.cast %{{.*}} : si64 to ui64
# CHECK-NEXT: py.getitem %arg0[%[[INDEX]]] : !py.array<f64, 1, C>, ui64 -> f64
def weighted(a):
    s = 0.0
    for i, v in enumerate(a):
        s += i * v
    return s


# 0 * 1.5 + 1 * 2 + 2 * 4 = 10, then the rows of a 2x3 matrix of 0..5: 3 + 12 = 15, and the
# else of a loop that ends without a break adds 100.
# RESULT: {{^}}125.0{{$}}
def check():
    total = weighted(np.array([1.5, 2.0, 4.0]))
    for row in np.arange(6.0).reshape(2, 3):
        total += row.sum()
    for v in (1, 2, 3):
        if v > 5:
            break
    else:
        total += 100.0
    return total
