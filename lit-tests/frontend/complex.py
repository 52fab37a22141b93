# Complex numbers are complex<f64> values: a literal is a complex.constant, complex() a complex.create,
# a product CPython's schoolbook formula on the parts, a quotient CPython's division by the larger
# part of the divisor after a ZeroDivisionError check, abs() libm's hypot. `std` has no complex ops
# but create/re/im, which the LLVM lowering takes.
# RUN: %rumba emit %s --call "f(1.5, 2.0)" --stage py | %FileCheck %s
# RUN: %rumba emit %s --call "f(1.5, 2.0)" --stage std | %FileCheck %s --check-prefix=STD

# CHECK-LABEL: func.func @f__f64__f64
# CHECK: complex.create %{{.*}}, %{{.*}} : complex<f64>
# CHECK: %[[Z:.*]] = memref.load %{{.*}}[] : memref<complex<f64>>
# CHECK: %[[I:.*]] = complex.constant [0.000000e+00, 1.000000e+00] : complex<f64>
# The product z * 1j: (a*c - b*d, a*d + b*c).
# CHECK: %[[A:.*]] = complex.re %[[Z]]
# CHECK: %[[B:.*]] = complex.im %[[Z]]
# CHECK: %[[C:.*]] = complex.re %[[I]]
# CHECK: %[[D:.*]] = complex.im %[[I]]
# CHECK: %[[AC:.*]] = arith.mulf %[[A]], %[[C]] : f64
# CHECK: %[[BD:.*]] = arith.mulf %[[B]], %[[D]] : f64
# CHECK: %[[AD:.*]] = arith.mulf %[[A]], %[[D]] : f64
# CHECK: %[[BC:.*]] = arith.mulf %[[B]], %[[C]] : f64
# CHECK: %[[RE:.*]] = arith.subf %[[AC]], %[[BD]] : f64
# CHECK: %[[IM:.*]] = arith.addf %[[AD]], %[[BC]] : f64
# CHECK: complex.create %[[RE]], %[[IM]] : complex<f64>
# The quotient checks its divisor first.
# CHECK: complex.eq %{{.*}}, %{{.*}} : complex<f64>
# CHECK: py.raise "ZeroDivisionError", "complex division by zero"
# CHECK: arith.cmpf oge
# CHECK: py.math "hypot"(%{{.*}}, %{{.*}}) : (f64, f64) -> f64
# STD: func.func private @hypot(f64, f64) -> f64
# STD-LABEL: func.func @f__f64__f64
# STD-NOT: complex.mul
# STD-NOT: complex.eq
# STD: call @hypot
def f(x, y):
    z = complex(x, y)
    w = z * 1j
    q = w / z
    return abs(q), w.real
