# prange under parallel=True becomes scf.parallel: reductions are init values combined by scf.reduce,
# each iteration starts its partial from the identity (so a reduction under an `if` is right);
# without parallel=True prange is range. A float sum combines with `reassoc`: a parallel reduction
# has no fixed order, and the flag lets LLVM keep several partial sums per thread.
# RUN: %rumba emit %s --call "total(10)" --parallel --stage py | %FileCheck %s --check-prefix=SUM
# RUN: %rumba emit %s --call "lowest(10)" --parallel --stage py | %FileCheck %s --check-prefix=MIN
# RUN: %rumba emit %s --call "total(10)" --stage py | %FileCheck %s --check-prefix=SERIAL
# RUN: %not %rumba emit %s --call "early(10)" --parallel --stage py 2>&1 | %FileCheck %s --check-prefix=BREAK
# RUN: %rumba emit %s --call "mean(10)" --parallel --stage py | %FileCheck %s --check-prefix=FLOAT
from rumba import prange

# SUM-LABEL: func.func @total__si64
# SUM: %[[R:.*]] = scf.parallel (%{{.*}}) = (%{{.*}}) to (%{{.*}}) step (%{{.*}}) init (%{{.*}}) -> si64 {
# The loop variable's private slot, then the partial sum's, which starts at 0.
# SUM: memref.alloca() : memref<si64>
# SUM: %[[PARTIAL:.*]] = memref.alloca() : memref<si64>
# SUM-NEXT: %[[ZERO:.*]] = py.constant 0 : si64
# SUM-NEXT: memref.store %[[ZERO]], %[[PARTIAL]][] : memref<si64>
# SUM: scf.if
# SUM: scf.reduce(%{{.*}} : si64) {
# SUM-NEXT: ^bb0(%[[LHS:.*]]: si64, %[[RHS:.*]]: si64):
# SUM-NEXT: %[[SUM:.*]] = py.add %[[LHS]], %[[RHS]] : si64
# SUM-NEXT: scf.reduce.return %[[SUM]] : si64
# SUM: memref.store %[[R]], %{{.*}}[] : memref<si64>
# SERIAL-LABEL: func.func @total__si64
# SERIAL-NOT: scf.parallel
# SERIAL: scf.for
def total(n):
    s = 0
    for i in prange(n):
        if i % 3 == 0:
            s += i
    return s

# min(s, v) combines as select(lhs <= rhs, lhs, rhs), starting from the largest int64.
# MIN-LABEL: func.func @lowest__si64
# MIN: py.constant 9223372036854775807 : si64
# MIN: scf.reduce(
# MIN: %[[C:.*]] = py.cmp "le", %[[LHS:.*]], %[[RHS:.*]] : si64
# MIN-NEXT: %{{.*}} = arith.select %[[C]], %[[LHS]], %[[RHS]] : si64
def lowest(n):
    lo = 100
    for i in prange(n):
        lo = min(lo, (i * 7) % 11 - 5)
    return lo

# FLOAT-LABEL: func.func @mean__si64
# FLOAT: scf.reduce(%{{.*}} : f64) {
# FLOAT-NEXT: ^bb0(%[[LHS:.*]]: f64, %[[RHS:.*]]: f64):
# FLOAT-NEXT: %[[TOTAL:.*]] = arith.addf %[[LHS]], %[[RHS]] fastmath<reassoc> : f64
# FLOAT-NEXT: scf.reduce.return %[[TOTAL]] : f64
def mean(n):
    s = 0.0
    for i in prange(n):
        s += i * 0.5
    return s / n

# BREAK: prange.py:[[@LINE+4]]:13: error: a prange loop cannot break or return
def early(n):
    for i in prange(n):
        if i > 3:
            break
    return n
