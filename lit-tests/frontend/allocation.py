# A new array's extents are checked as NumPy checks them before anything is allocated: a negative
# extent and a size in bytes beyond int64 raise ValueError; from a gigabyte up the runtime is asked
# whether the memory can be had (MemoryError if not). At most one of the three raises, and after
# any of them the array is allocated with zero extents, so the rest of the statement touches nothing.
# RUN: %rumba emit %s --call "total(10)" --stage py | %FileCheck %s
# RUN: %not %rumba run %s --call "total(-3)" 2>&1 | %FileCheck %s --check-prefix=NEGATIVE
# RUN: %not %rumba run %s --call "total(1152921504606846976)" 2>&1 | %FileCheck %s --check-prefix=BIG
# RUN: %not %rumba run %s --call "total(1099511627776)" 2>&1 | %FileCheck %s --check-prefix=MEMORY
import numpy as np

# The parameter n is never reassigned: it is read as the argument itself.
# CHECK-LABEL: func.func @total__si64
# CHECK-SAME: (%[[N:[a-z0-9]+]]: si64)
# CHECK: %[[BELOW:.*]] = py.cmp "lt", %[[N]], %{{.*}} : si64
# CHECK: %[[BYTES:.*]] = py.mul %{{.*}}, %{{.*}} : f64
# CHECK: %[[TOO_BIG:.*]] = py.cmp "ge", %[[BYTES]], %{{.*}} : f64
# CHECK: %[[LARGE:.*]] = py.cmp "ge", %[[BYTES]], %{{.*}} : f64
# CHECK: %[[AVAILABLE:.*]] = scf.if %[[LARGE]] -> (i1) {
# CHECK: func.call @rumba_can_allocate(%[[BYTES]]) : (f64) -> i1
# CHECK: py.raise "ValueError", "negative dimensions are not allowed"
# CHECK: py.raise "ValueError", "array is too big
# CHECK: py.raise "MemoryError"
# CHECK: %[[EXTENT:.*]] = arith.select %{{.*}}, %{{.*}}, %[[N]] : si64
# CHECK: py.empty(%[[EXTENT]]) : !py.array<f64, 1, C>
# CHECK: func.func private @rumba_can_allocate(f64) -> i1
# NEGATIVE: ValueError: negative dimensions are not allowed
# BIG: ValueError: array is too big
# MEMORY: MemoryError: unable to allocate an array of float64
def total(n):
    return np.ones(n).sum()
