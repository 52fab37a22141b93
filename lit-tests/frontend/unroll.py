# A loop over a tuple whose items differ in type is unrolled (unroll.rs): the body becomes one
# copy for each item under `if i == k`, and the item of each copy has its own type. Here copy 0
# adds an si64 (cast to f64), copy 1 an f64.
# RUN: %rumba emit %s --signature "(int64)" --function mixed --stage py | %FileCheck %s

# CHECK-LABEL: func.func @mixed__si64(
# CHECK: scf.for
# CHECK: %[[ZERO:.*]] = py.constant 0 : si64
# CHECK-NEXT: %[[FIRST:.*]] = py.cmp "eq", %{{.*}}, %[[ZERO]] : si64
# CHECK-NEXT: scf.if %[[FIRST]] {
# CHECK: %[[WIDENED:.*]] = py.cast %{{.*}} : si64 to f64
# CHECK-NEXT: py.add %{{.*}}, %[[WIDENED]] : f64
# CHECK: } else {
# CHECK-NOT: py.cast
# CHECK: py.add %{{.*}}, %{{.*}} : f64
# CHECK-NEXT: memref.store
# CHECK-NEXT: }
def mixed(x):
    total = 0.0
    for value in (x, 2.5):
        total += value
    return total
