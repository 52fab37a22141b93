# A range that is a value rather than what a loop walks is rewritten before typing (desugar.rs):
# a variable bound to a range keeps its bounds in three variables, which `r.stop` reads;
# `len(range(a, b, c))` and `x in range(a, b)` become calls of the prelude's `_range_length` and
# `_range_contains` on the bounds (a missing start is 0), and a range inside `zip` is walked by
# index, its item `start + i * step`.
# RUN: %rumba emit %s --signature "(int64, int64, int64)" --function lengths --stage py | %FileCheck %s --check-prefix=LEN
# RUN: %rumba emit %s --signature "(int64, int64)" --function zipped --stage py | %FileCheck %s --check-prefix=ZIP
# RUN: %rumba emit %s --signature "(int64, int64)" --function bound --stage py | %FileCheck %s --check-prefix=BOUND

# LEN-LABEL: func.func @lengths__si64__si64__si64(
# LEN: %[[STEP:.*]] = py.constant 1 : si64
# LEN-NEXT: %[[ZERO:.*]] = py.constant 0 : si64
# LEN-NEXT: call @np._range_length__si64__si64__si64(%[[ZERO]], %arg0, %[[STEP]])
# LEN: call @np._range_length__si64__si64__si64(%arg0, %arg1, %arg2)
# LEN: call @np._range_contains__si64__si64__si64__si64(%arg2, %arg0, %arg1, %{{.*}})
def lengths(a, b, c):
    return len(range(a)) + len(range(a, b, c)) + (c in range(a, b))


# ZIP-LABEL: func.func @zipped__si64__si64(
# ZIP: call @np._range_length__si64__si64__si64(
# ZIP: call @np._range_length__si64__si64__si64(
# ZIP: py.min
# ZIP: scf.for
# ZIP: %[[OFFSET:.*]] = py.mul %{{.*}}, %{{.*}} : si64
# ZIP: py.add %{{.*}}, %[[OFFSET]] : si64
def zipped(n, step):
    total = 0
    for i, j in zip(range(n, 0, step), range(n)):
        total += i * j
    return total


# BOUND-LABEL: func.func @bound__si64__si64(
# BOUND: %[[STEP:.*]] = py.constant 1 : si64
# BOUND-NEXT: memref.store %arg0, %[[START_SLOT:.*]][] : memref<si64>
# BOUND-NEXT: memref.store %arg1, %[[STOP_SLOT:.*]][] : memref<si64>
# BOUND-NEXT: memref.store %[[STEP]], %[[STEP_SLOT:.*]][] : memref<si64>
# BOUND: call @np._range_length__si64__si64__si64(
# BOUND: %[[STOP:.*]] = memref.load %[[STOP_SLOT]][] : memref<si64>
# BOUND: py.add %{{.*}}, %[[STOP]] : si64
def bound(a, b):
    r = range(a, b)
    return len(r) + r.stop
