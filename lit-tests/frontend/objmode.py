# A `with objmode(...)` block: the variable it reads (`y`) is pushed onto a list for the runtime,
# which runs the block in Python and returns a list of the declared variables' words (zero where
# the block raised, which raises in its place); `z` is read back as a float64.
# RUN: %rumba emit %s --function f --signature '(int64)' --stage py | %FileCheck %s

# CHECK-LABEL: func.func @f__si64(%arg0: si64) -> (i32, f64)
# CHECK: %[[Y:[0-9]+]] = py.add %arg0
# CHECK: %[[INPUTS:[0-9]+]] = call @rumba_list_new() : () -> si64
# CHECK: call @rumba_list_push(%[[INPUTS]], %{{[0-9]+}}) : (si64, si64) -> ()
# CHECK: %[[OUTPUTS:[0-9]+]] = call @rumba_objmode(%{{[0-9]+}}, %[[INPUTS]]) : (si64, si64) -> si64
# CHECK: %[[RAISED:[0-9]+]] = py.cmp "eq", %[[OUTPUTS]], %{{[0-9]+}} : si64
# CHECK: scf.if %[[RAISED]] {
# CHECK: py.raise "rumba.errors.ObjmodeError"
# CHECK: call @rumba_list_get_f64(%[[OUTPUTS]], %{{[0-9]+}}) : (si64, si64) -> f64
from numba import objmode


def f(x):
    y = x + 1
    with objmode(z="float64"):
        z = y / 2
    return z
