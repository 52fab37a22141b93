# A function defined inside a compiled function is lifted to the module as `outer.inner`, taking
# the variables of `outer` it reads (k) as parameters: each call passes their values when it runs.
# A lambda assigned to a name is lifted the same way.
# RUN: %rumba emit %s --function outer --signature "f8(f8, f8)" --stage py | %FileCheck %s

# CHECK-LABEL: func.func @outer__f64__f64(
# CHECK-SAME: %[[Y:[a-z0-9]+]]: f64, %[[K:[a-z0-9]+]]: f64
# CHECK: call @outer.inner__f64__f64(%[[Y]], %[[K]]) : (f64, f64) -> (i32, f64)
# CHECK: call @outer.twice__f64(%[[Y]]) : (f64) -> (i32, f64)
# CHECK-LABEL: func.func private @outer.inner__f64__f64(
# CHECK: py.mul
# CHECK: py.add
# CHECK-LABEL: func.func private @outer.twice__f64(


def outer(y, k):
    def inner(x):
        return x * x + k
    twice = lambda x: 2 * x
    return inner(y) + twice(y)
