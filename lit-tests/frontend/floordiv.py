# Integer floor division checks its divisor, raises CPython's ZeroDivisionError, and divides by a safe value.
# RUN: %rumba emit %s --call "g(7, 2)" --stage py | %FileCheck %s

# CHECK-LABEL: func.func @g__si64__si64
# CHECK: %[[ISZERO:.*]] = py.cmp "eq", %[[B:.*]], %{{.*}} : si64
# CHECK: scf.if %[[ISZERO]] {
# CHECK-NEXT: py.raise "ZeroDivisionError", "integer division or modulo by zero" code 1 into
# CHECK: %[[SAFE:.*]] = arith.select %[[ISZERO]], %{{.*}}, %[[B]] : si64
# CHECK: py.floordiv %{{.*}}, %[[SAFE]] : si64
# The statement may have raised: control goes to the exit block when the state is not 0.
# CHECK: cf.cond_br %{{.*}}, ^bb1, ^[[EXIT:bb[0-9]+]]
# CHECK: ^[[EXIT]]:
# CHECK-NEXT: %[[STATUS:.*]] = memref.load
# CHECK: return %[[STATUS]], %{{.*}} : i32, si64
def g(a, b):
    q = a // b
    return q
