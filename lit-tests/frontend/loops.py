# range with a negative step counts its trips as Python's len(range(...)); a loop with `break` becomes scf.while.
# RUN: %rumba emit %s --call "countdown(10)" --stage py | %FileCheck %s --check-prefix=FOR
# RUN: %rumba emit %s --call "first_multiple(10, 7)" --stage py | %FileCheck %s --check-prefix=WHILE

# FOR-LABEL: func.func @countdown__si64
# trips = max(0, (stop - start + step - 1 * sign) // step) with step = -3
# FOR: %[[SPAN:.*]] = py.sub %{{.*}}, %{{.*}} : si64
# FOR: py.floordiv %{{.*}}, %{{.*}} : si64
# FOR: %[[TRIPS:.*]] = py.max %{{.*}}, %{{.*}} : si64
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
