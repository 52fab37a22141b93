# A variable reassigned at the top level of a function is a new variable from there on (Numba's
# SSA versions), so it may take another type: `x` is first a 2-D array, then the 1-D reshape of it;
# in `narrow`, first float64 elements, then float32 ones.
# RUN: %rumba emit %s --signature "(float64[:, ::1])" --function flatten --stage py | %FileCheck %s --check-prefix=FLATTEN
# RUN: %rumba emit %s --signature "(float64[::1])" --function narrow --stage py | %FileCheck %s --check-prefix=NARROW
import numpy as np


# FLATTEN-LABEL: func.func @flatten__f64x2C(%arg0: !py.array<f64, 2, C>) -> (i32, !py.array<f64, 1, C>)
# FLATTEN: %[[FLAT:.*]] = py.reshape %arg0(%{{.*}}) : !py.array<f64, 2, C> -> !py.array<f64, 1, C>
# FLATTEN: %[[DOUBLED:.*]] = py.map %[[FLAT]], %{{.*}} : (!py.array<f64, 1, C>, f64) -> !py.array<f64, 1, C>
# FLATTEN: return %{{.*}}, %[[DOUBLED]] : i32, !py.array<f64, 1, C>
def flatten(x):
    x = np.reshape(x, (x.size,))
    return x * 2.0


# NARROW-LABEL: func.func @narrow__f64x1C(%arg0: !py.array<f64, 1, C>) -> (i32, !py.array<f32, 1, C>)
# NARROW: %[[WIDE:.*]] = py.map %arg0, %{{.*}} : (!py.array<f64, 1, C>, f64) -> !py.array<f64, 1, C>
# NARROW: %[[CAST:.*]] = py.map %[[WIDE]] : (!py.array<f64, 1, C>) -> !py.array<f32, 1, C>
# NARROW: py.cast %{{.*}} : f64 to f32
# NARROW: return %{{.*}}, %[[CAST]] : i32, !py.array<f32, 1, C>
def narrow(a):
    x = a * 2.0
    x = x.astype(np.float32)
    return x
