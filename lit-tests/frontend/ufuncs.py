# NumPy's ufuncs from frontend/src/ufuncs.rs: an operator ufunc is its operator, the others build
# their kernel inside the array expression's py.map, and the same kernel serves numbers.
# RUN: %rumba emit %s --signature "f8[:](f8[:], f8[:])" --function add_then_degrees --stage py | %FileCheck %s --check-prefix=MAP
# RUN: %rumba emit %s --signature "b1[:](f4[:], f4[:])" --function finite_and --stage py | %FileCheck %s --check-prefix=BOOL
# RUN: %rumba emit %s --call "scalar(2.5)" --stage py | %FileCheck %s --check-prefix=SCALAR
# RUN: %rumba emit %s --signature "f8[::1](f8[::1], f8[::1], f8[::1])" --function add_into --stage py | %FileCheck %s --check-prefix=OUT
import math

import numpy as np


# np.add is `+`: one py.add; np.degrees multiplies by 180/pi.
# MAP-LABEL: func.func @add_then_degrees
# MAP: py.map
# MAP: %[[SUM:.*]] = py.add %{{.*}}, %{{.*}} : f64
# MAP: py.map
# MAP: %[[FACTOR:.*]] = py.constant 57.295779513082323 : f64
# MAP-NEXT: py.mul %{{.*}}, %[[FACTOR]] : f64
def add_then_degrees(a, b):
    return np.degrees(np.add(a, b))


# isfinite is |x| < inf (NaN compares false); logical_and of the truths.
# BOOL-LABEL: func.func @finite_and
# BOOL: %[[MAGNITUDE:.*]] = py.math "fabs"(%{{.*}}) : (f32) -> f32
# BOOL: py.cmp "lt", %[[MAGNITUDE]], %{{.*}} : f32
# BOOL: py.math "fabs"
# BOOL: arith.andi %{{.*}}, %{{.*}} : i1
def finite_and(a, b):
    return np.logical_and(np.isfinite(a), np.isfinite(b))


# On a number: the ufunc's kernel (py.math "cbrt"), and math.trunc converts to int as CPython does.
# SCALAR-LABEL: func.func @scalar__f64
# SCALAR: py.math "cbrt"(%{{.*}}) : (f64) -> f64
# SCALAR: py.math "trunc"(%{{.*}}) : (f64) -> f64
# SCALAR: "ValueError", "cannot convert float NaN to integer"
def scalar(x):
    return np.cbrt(x), math.trunc(x)





# out= writes the computed map into the target (a py.copy of it) and the call's value is the
# target: no second array is returned.
# OUT-LABEL: func.func @add_into
# OUT: %[[SUM:.*]] = py.map %arg0, %arg1
# OUT: py.copy %{{.*}}, %arg2 : !py.array<f64, 1, C>, !py.array<f64, 1, C>
# OUT: return %{{.*}}, %arg2
def add_into(a, b, c):
    return np.add(a, b, out=c)
