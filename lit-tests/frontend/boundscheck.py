# Under --boundscheck (Numba's boundscheck=True), an element index outside its dimension after
# Python's wrapping (i >= n or i < -n) raises IndexError before the access; the read itself runs
# only inside the array. Without it, the read is a plain py.getitem.
# RUN: %rumba emit %s --function read --signature "f8(f8[:], i8)" --stage py --boundscheck | %FileCheck %s
# RUN: %rumba emit %s --function read --signature "f8(f8[:], i8)" --stage py | %FileCheck %s --check-prefix=PLAIN
# RUN: not %rumba run %s --call "read_fourth(4)" --boundscheck 2>&1 | %FileCheck %s --check-prefix=RUNS

# CHECK-LABEL: func.func @read__f64x1A__si64(
# CHECK-SAME: %[[A:[a-z0-9]+]]: !py.array<f64, 1, A>, %[[I:[a-z0-9]+]]: si64
# CHECK: %[[N:.*]] = py.dim %[[A]], 0
# CHECK-NEXT: %[[HIGH:.*]] = py.cmp "ge", %[[I]], %[[N]] : si64
# CHECK-NEXT: %[[LOWEST:.*]] = py.neg %[[N]] : si64
# CHECK-NEXT: %[[LOW:.*]] = py.cmp "lt", %[[I]], %[[LOWEST]] : si64
# CHECK-NEXT: %[[OUTSIDE:.*]] = arith.ori %[[HIGH]], %[[LOW]] : i1
# CHECK-NEXT: scf.if %[[OUTSIDE]] {
# CHECK-NEXT: py.raise "IndexError", "index is out of bounds"
# CHECK: scf.if %[[OUTSIDE]] -> (f64) {
# CHECK: } else {
# CHECK-NEXT: py.getitem %[[A]][%[[I]]]

# PLAIN-NOT: py.raise
# PLAIN: py.getitem

# RUNS: IndexError: index is out of bounds
import numpy as np


def read(a, i):
    return a[i]


def read_fourth(n):
    return np.arange(float(n))[n]
