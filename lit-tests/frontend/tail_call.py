# `return g(x)` at a function's top level returns the callee's status and results as they are: no
# status check, no exit block. Where the arguments may raise, or the result converts to another
# type, the call is checked as any other.
# RUN: %rumba emit %s --signature "(f8,)" --function forwards --stage py | %FileCheck %s --check-prefix=TAIL
# RUN: %rumba emit %s --signature "(i8, i8)" --function divides_first --stage py | %FileCheck %s --check-prefix=CHECKED
# RUN: %rumba emit %s --signature "(i8,)" --function converts --stage py | %FileCheck %s --check-prefix=CONVERTED


def halved(x):
    if x < 0:
        raise ValueError("negative")
    return x / 2


# TAIL-LABEL: func.func @forwards__f64
# TAIL: %[[RESULTS:.*]]:2 = call @halved__f64(%arg0) : (f64) -> (i32, f64)
# TAIL-NEXT: return %[[RESULTS]]#0, %[[RESULTS]]#1 : i32, f64
# TAIL-NEXT: }
def forwards(x):
    return halved(x)


# CHECKED-LABEL: func.func @divides_first__si64__si64
# CHECKED: py.raise "ZeroDivisionError"
# CHECKED: scf.if
# CHECKED: call @halved__si64
# CHECKED: arith.cmpi ne
# CHECKED: cf.cond_br
def divides_first(x, y):
    return halved(x // y)


# CONVERTED-LABEL: func.func @converts__si64
# CONVERTED: %[[RESULTS:.*]]:2 = call @whole__si64(%arg0) : (si64) -> (i32, si64)
# CONVERTED: arith.cmpi ne, %[[RESULTS]]#0
# CONVERTED: py.cast %[[RESULTS]]#1 : si64 to f64
def converts(x):
    if x > 10:
        return 0.5
    return whole(x)


def whole(x):
    return x * 2
