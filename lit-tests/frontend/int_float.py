# Ints meet floats as in CPython: int / int is rounded once, an int compares with a float exactly.
# RUN: %rumba emit %s --call "divide(7, 2)" --stage py | %FileCheck %s --check-prefix=DIVIDE
# RUN: %rumba emit %s --call "less(7, 2.5)" --stage py | %FileCheck %s --check-prefix=LESS
# RUN: %rumba emit %s --call "below_literal(2.5)" --stage py | %FileCheck %s --check-prefix=LITERAL

# Both operands within ±2**53 convert exactly and the float quotient is the answer; beyond, the
# runtime divides exactly.
# DIVIDE-LABEL: func.func @divide__si64__si64
# DIVIDE: %[[A_AS_FLOAT:.*]] = py.cast %[[A:.*]] : si64 to f64
# DIVIDE-NEXT: %[[B_AS_FLOAT:.*]] = py.cast %[[B:.*]] : si64 to f64
# DIVIDE: py.cmp "gt", %[[A]], %{{.*}} : si64
# DIVIDE: py.cmp "lt", %[[A]], %{{.*}} : si64
# DIVIDE: py.cmp "gt", %[[B]], %{{.*}} : si64
# DIVIDE: arith.ori
# DIVIDE: %[[BEYOND:.*]] = arith.ori %{{.*}}, %{{.*}} : i1
# DIVIDE: scf.if %[[BEYOND]] -> (f64) {
# DIVIDE-NEXT: %[[EXACT:.*]] = func.call @rumba_int_true_divide(%[[A]], %[[B]]) : (si64, si64) -> f64
# DIVIDE-NEXT: scf.yield %[[EXACT]] : f64
# DIVIDE-NEXT: } else {
# DIVIDE-NEXT: %[[QUOTIENT:.*]] = py.truediv %[[A_AS_FLOAT]], %[[B_AS_FLOAT]] : f64
# DIVIDE-NEXT: scf.yield %[[QUOTIENT]] : f64
# DIVIDE: func.func private @rumba_int_true_divide(si64, si64) -> f64
def divide(a, b):
    return a / b


# The float comparison decides unless the converted int equals the float; then the float, below
# 2**63, is converted and the ints are compared.
# LESS-LABEL: func.func @less__si64__f64
# LESS: %[[CONVERTED:.*]] = py.cast %[[N:.*]] : si64 to f64
# LESS: %[[FLOATS:.*]] = py.cmp "lt", %[[CONVERTED]], %[[X:.*]] : f64
# LESS: %[[TIE:.*]] = arith.cmpf oeq, %[[CONVERTED]], %[[X]] : f64
# LESS: %[[BELOW:.*]] = arith.cmpf olt, %[[X]], %{{.*}} : f64
# LESS: %[[SAFE:.*]] = arith.select %{{.*}}, %[[X]], %{{.*}} : f64
# LESS: %[[AS_INT:.*]] = py.cast %[[SAFE]] : f64 to si64
# LESS: %[[INTS:.*]] = py.cmp "lt", %[[N]], %[[AS_INT]] : si64
# LESS: %[[EXACT:.*]] = arith.select %[[BELOW]], %[[INTS]], %true
# LESS: arith.select %[[TIE]], %[[EXACT]], %[[FLOATS]] : i1
def less(n, x):
    return n < x


# A literal int within ±2**53 converts exactly: a plain float comparison.
# LITERAL-LABEL: func.func @below_literal__f64
# LITERAL: py.cmp "lt", %{{.*}}, %{{.*}} : f64
# LITERAL-NOT: arith.cmpf oeq
# LITERAL: return
def below_literal(x):
    return x < 3
