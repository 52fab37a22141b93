# Complex128 arrays: each elementwise operation is one py.map whose kernel computes on
# complex<f64> as NumPy's loops do. A product fuses the real parts' products (fma(a, c, -bd),
# fma(a, d, bc)); a quotient is Smith's division, multiplying by the reciprocal of the scale; a
# magnitude is big * sqrt(fma(q, q, 1)) for q = small / big; `.real` is the prelude's np.real, a
# map of complex.re made read-only.
# RUN: %rumba emit %s --signature "(c16[:], c16[:])" --function f --stage py | %FileCheck %s
# RUN: %rumba emit %s --signature "(c16[:],)" --function cube --stage py | %FileCheck %s --check-prefix=POWER
# RUN: %rumba emit %s --signature "(c16[:], c16[:])" --function less_equal --stage py | %FileCheck %s --check-prefix=ORDER
# RUN: %rumba emit %s --signature "(c8[:], c8[:])" --function f --stage py | %FileCheck %s --check-prefix=SINGLE

# complex64 arrays hold complex<f32>; their kernels widen each operand to complex<f64>, compute as
# for complex128, and round the result (the magnitude and `.real` to f32).
# SINGLE-LABEL: func.func @f__c64x1A__c64x1A
# SINGLE-SAME: -> (i32, !py.array<complex<f32>, 1, C>, !py.array<complex<f32>, 1, C>, !py.array<f32, 1, C>, !py.array<f32, 1, A>)
# SINGLE: py.map %arg0, %arg1 : (!py.array<complex<f32>, 1, A>, !py.array<complex<f32>, 1, A>) -> !py.array<complex<f32>, 1, C> {
# SINGLE: ^bb0(%[[X:.*]]: complex<f32>, %{{.*}}: complex<f32>):
# SINGLE: %[[XRE:.*]] = complex.re %[[X]] : complex<f32>
# SINGLE: %[[XIM:.*]] = complex.im %[[X]] : complex<f32>
# SINGLE: %[[WRE:.*]] = py.cast %[[XRE]] : f32 to f64
# SINGLE: %[[WIM:.*]] = py.cast %[[XIM]] : f32 to f64
# SINGLE: complex.create %[[WRE]], %[[WIM]] : complex<f64>
# SINGLE: math.fma
# SINGLE: math.fma
# SINGLE: %[[PRODUCT:.*]] = complex.create %{{.*}}, %{{.*}} : complex<f64>
# SINGLE: %[[PRE:.*]] = complex.re %[[PRODUCT]] : complex<f64>
# SINGLE: %[[PIM:.*]] = complex.im %[[PRODUCT]] : complex<f64>
# SINGLE: %[[NRE:.*]] = py.cast %[[PRE]] : f64 to f32
# SINGLE: %[[NIM:.*]] = py.cast %[[PIM]] : f64 to f32
# SINGLE: %[[NARROW:.*]] = complex.create %[[NRE]], %[[NIM]] : complex<f32>
# SINGLE: py.yield %[[NARROW]] : complex<f32>

# CHECK-LABEL: func.func @f__c128x1A__c128x1A
# CHECK: py.map %arg0, %arg1 : (!py.array<complex<f64>, 1, A>, !py.array<complex<f64>, 1, A>) -> !py.array<complex<f64>, 1, C> {
# CHECK: %[[A:.*]] = complex.re %[[X:.*]] : complex<f64>
# CHECK: %[[B:.*]] = complex.im %[[X]] : complex<f64>
# CHECK: %[[C:.*]] = complex.re %[[Y:.*]] : complex<f64>
# CHECK: %[[D:.*]] = complex.im %[[Y]] : complex<f64>
# CHECK: %[[BD:.*]] = arith.mulf %[[B]], %[[D]] : f64
# CHECK: %[[MINUS_BD:.*]] = arith.negf %[[BD]] : f64
# CHECK: %[[BC:.*]] = arith.mulf %[[B]], %[[C]] : f64
# CHECK: %[[RE:.*]] = math.fma %[[A]], %[[C]], %[[MINUS_BD]] : f64
# CHECK: %[[IM:.*]] = math.fma %[[A]], %[[D]], %[[BC]] : f64
# CHECK: %[[PRODUCT:.*]] = complex.create %[[RE]], %[[IM]] : complex<f64>
# CHECK: py.yield %[[PRODUCT]] : complex<f64>
# The quotient: no ZeroDivisionError check, the reciprocal of the scale.
# CHECK: py.map %arg0, %arg1
# CHECK-NOT: py.raise
# CHECK: %[[RATIO:.*]] = arith.divf %{{.*}}, %{{.*}} : f64
# CHECK: %[[SCALE:.*]] = arith.divf %{{.*}}, %{{.*}} : f64
# CHECK: py.yield %{{.*}} : complex<f64>
# CHECK: py.map %arg0 : (!py.array<complex<f64>, 1, A>) -> !py.array<f64, 1, C> {
# CHECK: %[[Q:.*]] = arith.divf %{{.*}}, %{{.*}} : f64
# CHECK: %[[ONE_PLUS:.*]] = math.fma %[[Q]], %[[Q]], %{{.*}} : f64
# CHECK: math.sqrt %[[ONE_PLUS]] : f64
# CHECK: func.call @np.real__c128x1A(%arg0)
# CHECK-LABEL: func.func private @np.real__c128x1A
# CHECK: py.map %arg0 : (!py.array<complex<f64>, 1, A>) -> !py.array<f64, 1, C> {
# CHECK-NEXT: ^bb0(%[[Z:.*]]: complex<f64>):
# CHECK-NEXT: %[[REAL:.*]] = complex.re %[[Z]]
# CHECK: py.yield %[[REAL]] : f64
# `z ** 3` is npy_cpow's: z * (z * z) with unfused schoolbook products, 0 where z is 0.
# POWER-LABEL: func.func @cube__c128x1A
# POWER: py.map %arg0
# POWER-NOT: math.fma
# POWER: %[[SQUARE:.*]] = complex.create %{{.*}}, %{{.*}} : complex<f64>
# POWER: complex.re %[[SQUARE]]
# POWER: %[[CUBE:.*]] = complex.create %{{.*}}, %{{.*}} : complex<f64>
# POWER: %[[ZERO:.*]] = complex.constant [0.000000e+00, 0.000000e+00] : complex<f64>
# POWER: %[[IS_ZERO:.*]] = complex.eq %[[Z:.*]], %[[ZERO]] : complex<f64>
# POWER: %[[RESULT:.*]] = arith.select %[[IS_ZERO]], %[[ZERO]], %[[CUBE]] : complex<f64>
# POWER: py.yield %[[RESULT]] : complex<f64>
import numpy as np


def f(a, b):
    return a * b, a / b, np.abs(a), a.real


def cube(a):
    return a**3


# NumPy's order of complex numbers (its CLE): the real parts strictly ordered with neither
# imaginary part NaN, or the real parts equal and the imaginary parts ordered.
# ORDER-LABEL: func.func @less_equal__c128x1A__c128x1A
# ORDER: py.map %arg0, %arg1 {{.*}} -> !py.array<i1, 1, C> {
# ORDER-NEXT: ^bb0(%[[X:.*]]: complex<f64>, %[[Y:.*]]: complex<f64>):
# ORDER-NEXT: %[[XR:.*]] = complex.re %[[X]]
# ORDER-NEXT: %[[XI:.*]] = complex.im %[[X]]
# ORDER-NEXT: %[[YR:.*]] = complex.re %[[Y]]
# ORDER-NEXT: %[[YI:.*]] = complex.im %[[Y]]
# ORDER-NEXT: %[[REAL:.*]] = arith.cmpf olt, %[[XR]], %[[YR]] : f64
# ORDER-NEXT: %[[NUMBERS:.*]] = arith.cmpf ord, %[[XI]], %[[YI]] : f64
# ORDER-NEXT: %[[BY_REAL:.*]] = arith.andi %[[REAL]], %[[NUMBERS]] : i1
# ORDER-NEXT: %[[TIE:.*]] = arith.cmpf oeq, %[[XR]], %[[YR]] : f64
# ORDER-NEXT: %[[IMAGINARY:.*]] = arith.cmpf ole, %[[XI]], %[[YI]] : f64
# ORDER-NEXT: %[[BY_IMAGINARY:.*]] = arith.andi %[[TIE]], %[[IMAGINARY]] : i1
# ORDER-NEXT: %[[ORDERED:.*]] = arith.ori %[[BY_REAL]], %[[BY_IMAGINARY]] : i1
# ORDER-NEXT: py.yield %[[ORDERED]] : i1
def less_equal(a, b):
    return a <= b
