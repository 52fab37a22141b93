# range with a negative step counts its trips as Python's len(range(...)); a loop with `break` becomes scf.while.
# RUN: %rumba emit %s --call "countdown(10)" --stage py | %FileCheck %s --check-prefix=FOR
# RUN: %rumba emit %s --call "first_multiple(10, 7)" --stage py | %FileCheck %s --check-prefix=WHILE

# FOR-LABEL: func.func @countdown__si64
# trips = start > stop ? (start - stop - 1) // 3 + 1 : 0 with step = -3, the distance taken unsigned
# so that no operand overflows (range(0, 10, 2**63 - 1) runs once).
# FOR: %[[NONEMPTY:.*]] = py.cmp "lt", %[[STOP:.*]], %[[START:.*]] : si64
# FOR: %[[DISTANCE:.*]] = py.sub %[[START]], %[[STOP]] : si64
# FOR: %[[UDISTANCE:.*]] = py.cast %[[DISTANCE]] : si64 to ui64
# FOR: %[[MAGNITUDE:.*]] = py.cast %{{.*}} : si64 to ui64
# FOR: %[[ONE:.*]] = py.constant 1 : ui64
# FOR: %[[LAST:.*]] = py.sub %[[UDISTANCE]], %[[ONE]] : ui64
# FOR: %[[STEPS:.*]] = py.floordiv %[[LAST]], %[[MAGNITUDE]] : ui64
# FOR: %[[COUNT:.*]] = py.add %[[STEPS]], %[[ONE]] : ui64
# FOR: %[[SCOUNT:.*]] = py.cast %[[COUNT]] : ui64 to si64
# FOR: %[[TRIPS:.*]] = arith.select %[[NONEMPTY]], %[[SCOUNT]], %{{.*}} : si64
# FOR: %[[UPPER:.*]] = py.cast %[[TRIPS]] : si64 to index
# FOR: scf.for %{{.*}} = %{{.*}} to %[[UPPER]] step %{{.*}} {
# FOR-NOT: scf.while
def countdown(n):
    s = 0
    for i in range(n, 0, -3):
        s += i
    return s

# WHILE-LABEL: func.func @first_multiple__si64__si64
# WHILE: scf.while (%{{.*}} = %{{.*}}) : (si64) -> si64 {
# WHILE: scf.condition
# WHILE: } do {
# WHILE: arith.constant 2 : i32
# WHILE: scf.yield
def first_multiple(n, k):
    found = -1
    for i in range(1, n * k + 1):
        if i % k == 0:
            found = i
            break
    return found
