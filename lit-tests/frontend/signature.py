# Emission of `(x + y) / 3.14` under f8(i4, i4): Numba widens int32 arithmetic to int64, then true division casts to float64.
# RUN: %rumba emit %s --function f --signature "f8(i4, i4)" --stage py | %FileCheck %s

# CHECK-LABEL: func.func @f__si32__si32(%arg0: si32, %arg1: si32) -> (i32, f64) attributes {llvm.emit_c_interface, py.name = "f"}
# CHECK-DAG: %[[X:.*]] = py.cast %{{.*}} : si32 to si64
# CHECK-DAG: %[[Y:.*]] = py.cast %{{.*}} : si32 to si64
# CHECK: %[[SUM:.*]] = py.add %[[X]], %[[Y]] : si64
# CHECK-DAG: %[[PI:.*]] = py.constant 3.140000e+00 : f64
# CHECK-DAG: %[[SUMF:.*]] = py.cast %[[SUM]] : si64 to f64
# CHECK: %[[Q:.*]] = py.truediv %[[SUMF]], %[[PI]] : f64
# CHECK: return %{{.*}}, %[[Q]] : i32, f64
def f(x, y):
    return (x + y) / 3.14
