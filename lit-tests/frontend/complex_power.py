# `**` on complex numbers is a call of the runtime: CPython's complex.__pow__ for numbers, after the
# ZeroDivisionError check of a zero base with a negative or complex exponent; NumPy's npy_cpow for
# each element of an array whose exponent is not a literal integer, inside the map's kernel.
# RUN: %rumba emit %s --function scalar --signature "(complex128, complex128)" --stage py | %FileCheck %s --check-prefix=SCALAR
# RUN: %rumba emit %s --function elementwise --signature "(complex128[::1], float64)" --stage py | %FileCheck %s --check-prefix=ARRAY
# RUN: %rumba run %s --call "check(2.0)" | %FileCheck %s --check-prefix=RESULT

# SCALAR-LABEL: func.func @scalar__c128__c128
# SCALAR: %[[ZERO:.*]] = complex.eq %arg0, %{{.*}} : complex<f64>
# SCALAR: arith.andi %[[ZERO]], %{{.*}} : i1
# SCALAR: py.raise "ZeroDivisionError", "0.0 to a negative or complex power"
# SCALAR: call @rumba_complex_power_python(%arg0, %arg1) : (complex<f64>, complex<f64>) -> complex<f64>
def scalar(z, w):
    return z ** w


# ARRAY-LABEL: func.func @elementwise__c128x1C__f64
# ARRAY: py.map %arg0, %arg1
# ARRAY: %[[EXPONENT:.*]] = complex.create %arg3, %{{.*}} : complex<f64>
# ARRAY-NEXT: %[[POWER:.*]] = func.call @rumba_complex_power_numpy(%{{.*}}, %[[EXPONENT]]) : (complex<f64>, complex<f64>) -> complex<f64>
# ARRAY-NEXT: py.yield %[[POWER]] : complex<f64>
def elementwise(a, x):
    return a ** x


# (1+1j) ** 2 is 2j by the products; 2 ** (0.5j) by the polar formula has modulus 1.
# RESULT: 2.0
def check(x):
    z = (1 + 1j) ** x
    w = 2 ** (0.5j * x / 2)
    return z.imag + (abs(w) - 1.0) * 1e12
