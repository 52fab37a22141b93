# try/except: the body runs in a region of its own (under `scf.if true`), where a raise only sets
# the status slot; after it, a status left set is caught: its code is kept, the status and the
# state are cleared and the handler runs; a bare `raise` there stores the kept code back.
# RUN: %rumba emit %s --call "f(7, 0)" --stage py | %FileCheck %s

# CHECK-LABEL: func.func @f__si64__si64
# CHECK: %[[TRUE:[a-z0-9_]+]] = arith.constant true
# CHECK: scf.if %[[TRUE]] {
# CHECK: py.raise "ZeroDivisionError", {{.*}} code 1 into %[[STATUS:[a-z0-9_]+]] : memref<i32>
# CHECK: py.floordiv
# CHECK: }
# CHECK: %[[CODE:[0-9]+]] = memref.load %[[STATUS]][] : memref<i32>
# CHECK: %[[RAISED:[0-9]+]] = arith.cmpi ne, %[[CODE]], %{{.*}} : i32
# CHECK: scf.if %[[RAISED]] {
# CHECK-NEXT: %[[CAUGHT:[0-9]+]] = memref.load %[[STATUS]][] : memref<i32>
# CHECK-NEXT: %[[ZERO:[a-z0-9_]+]] = arith.constant 0 : i32
# CHECK-NEXT: memref.store %[[ZERO]], %[[STATUS]][] : memref<i32>
# CHECK: py.neg
# CHECK: scf.if
# CHECK: memref.store %[[CAUGHT]], %[[STATUS]][] : memref<i32>
# CHECK: }
def f(a, b):
    try:
        r = a // b
    except Exception:
        r = -1
        if a > 10:
            raise
    return r
