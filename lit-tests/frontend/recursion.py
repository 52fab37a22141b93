# A function on a recursion cycle checks the stack on entry and raises RecursionError rather than
# overflowing it; the others do not. A cycle with no base case is a typing error (its return type
# has no meaning).
# RUN: %rumba emit %s --call "countdown(3)" --stage py | %FileCheck %s
# RUN: %not %rumba emit %s --call "forever(3)" --stage py 2>&1 | %FileCheck %s --check-prefix=FOREVER

# CHECK-LABEL: func.func @countdown__si64
# CHECK: %{{.*}} = call @rumba_stack_exhausted() : () -> i1
# CHECK: scf.if %{{.*}} {
# CHECK: py.raise "RecursionError"
# CHECK: cf.cond_br %{{.*}}, ^bb{{[0-9]+}}, ^bb{{[0-9]+}}
# CHECK-LABEL: func.func private @helper__si64
# CHECK-NOT: rumba_stack_exhausted
# CHECK: func.func private @rumba_stack_exhausted() -> i1
def countdown(n):
    if n == 0:
        return helper(n)
    return countdown(n - 1)


def helper(n):
    return n + 1


# FOREVER: recursion.py:[[@LINE+1]]:5: error: cannot infer what 'forever' returns
def forever(n):
    return forever(n)
