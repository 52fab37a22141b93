# A local read where it may not be assigned yet (after a loop that may run zero times, or before a
# later assignment in a loop body) gets a flag: every assignment sets it, those reads check it and
# raise UnboundLocalError as CPython does. Reads that always follow an assignment check nothing.
# RUN: %rumba emit %s --call "last(3)" --stage py | %FileCheck %s
# RUN: %not %rumba run %s --call "last(0)" 2>&1 | %FileCheck %s --check-prefix=RAISED

# CHECK-LABEL: func.func @last__si64
# CHECK: %[[FLAG:.*]] = memref.alloca() : memref<i1>
# CHECK: %[[UNSET:.*]] = arith.constant false
# CHECK: memref.store %[[UNSET]], %[[FLAG]][]
# CHECK: scf.for
# CHECK: %[[SET:.*]] = arith.constant true
# CHECK: memref.store %[[SET]], %[[FLAG]][]
# CHECK: %[[BOUND:.*]] = memref.load %[[FLAG]][]
# CHECK: %[[NOT:.*]] = py.not %[[BOUND]]
# CHECK: scf.if %[[NOT]] {
# CHECK: py.raise "UnboundLocalError"
# RAISED: UnboundLocalError: cannot access local variable 'y' where it is not associated with a value
def last(n):
    x = 1
    for i in range(n):
        y = i + x
    return y
