# A float to a literal integer power from 0 to 64 is multiplications by repeated squaring, as in
# Numba; other exponents call pow.
# RUN: %rumba emit %s --call "sixth(1.5)" --stage py | %FileCheck %s --check-prefix=SIXTH
# RUN: %rumba emit %s --call "others(1.5)" --stage py | %FileCheck %s --check-prefix=OTHERS

# x**6 = x**2 * (x**2)**2: three multiplications.
# SIXTH-LABEL: func.func @sixth__f64
# SIXTH: %[[SQUARE:.*]] = py.mul %arg0, %arg0 : f64
# SIXTH-NEXT: %[[FOURTH:.*]] = py.mul %[[SQUARE]], %[[SQUARE]] : f64
# SIXTH-NEXT: py.mul %[[SQUARE]], %[[FOURTH]] : f64
# SIXTH-NOT: py.pow
def sixth(x):
    return x ** 6


# x**0 is 1.0 and x**1 is x; a negative, a float and a large exponent call pow.
# OTHERS-LABEL: func.func @others__f64
# OTHERS-NOT: py.mul
# OTHERS: py.pow %arg0, %{{.*}} : f64
# OTHERS: py.pow %arg0, %{{.*}} : f64
# OTHERS: py.pow %arg0, %{{.*}} : f64
def others(x):
    return x ** 0 + x ** 1 + x ** -2 + x ** 2.5 + x ** 65


# An integer array to a literal power: the same multiplications in the map's kernel, in int64 (the
# exponent is a Python int, which promotes an int32 array as in Numba).
# RUN: %rumba emit %s --function cubes --signature "(int32[::1],)" --stage py | %FileCheck %s --check-prefix=CUBES
# CUBES-LABEL: func.func @cubes__si32x1C
# CUBES: py.map {{.*}} -> !py.array<si64, 1, C>
# CUBES: ^bb0(%[[X:[a-z0-9]+]]: si32, %{{.*}}: si64):
# CUBES-NEXT: %[[WIDE:.*]] = py.cast %[[X]] : si32 to si64
# CUBES-NEXT: %[[SQUARE:.*]] = py.mul %[[WIDE]], %[[WIDE]] : si64
# CUBES-NEXT: %[[CUBE:.*]] = py.mul %[[WIDE]], %[[SQUARE]] : si64
# CUBES-NEXT: py.yield %[[CUBE]] : si64
def cubes(a):
    return a ** 3
