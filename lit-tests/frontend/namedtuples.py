# A namedtuple is its items, laid out as a tuple's: `p.y` reads the item of field `y` (the second
# parameter word), `p.x` the first; the specialisation's symbol names the class.
# RUN: %rumba emit %s --function f --signature '(geometry.Point(x=int64, y=float64))' --stage py | %FileCheck %s

# CHECK-LABEL: func.func @f__Ngeometryx2ePoint_Tsi64_f64_(%arg0: si64, %arg1: f64) -> (i32, f64)
# CHECK: %[[X:[0-9]+]] = py.cast %arg0 : si64 to f64
# CHECK: py.add %arg1, %[[X]] : f64
def f(p):
    return p.y + p.x
