# An annotated assignment assigns (the annotation is not checked, as in Numba); a bare annotation
# does nothing.
# RUN: %rumba emit %s --function scaled --signature "(float64)" --stage py | %FileCheck %s

# CHECK-LABEL: func.func @scaled__f64(%arg0: f64)
# CHECK: %[[TWO:.*]] = py.constant 2.0{{.*}} : f64
# CHECK: %[[Y:.*]] = py.mul %arg0, %[[TWO]] : f64
# CHECK: memref.store %[[Y]], %[[SLOT:.*]][] : memref<f64>
# CHECK: %[[READ:.*]] = memref.load %[[SLOT]][] : memref<f64>
# CHECK: return %{{.*}}, %[[READ]] : i32, f64
def scaled(x: float) -> float:
    count: int
    y: float = x * 2.0
    return y
