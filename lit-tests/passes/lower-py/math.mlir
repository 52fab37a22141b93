// lower-py on py.math: each math-module callee to its math-dialect op, abs on ints (absi) and floats (absf).
// RUN: %rumba-opt %s --pass-pipeline='builtin.module(lower-py)' | %FileCheck %s
// RUN: %rumba-opt %s --pass-pipeline='builtin.module(lower-py)' | %FileCheck %s --check-prefix=NOPY
// RUN: %rumba-opt %s --pass-pipeline='builtin.module(lower-py)' | %FileCheck %s --check-prefix=HYPOT
// Nothing of the py dialect is left, in ops or in types.
// NOPY-NOT: {{[^a-z]py\.}}

// CHECK-LABEL: func.func @unary_f64(
// CHECK-SAME: %[[X:[a-z0-9]+]]: f64)
// CHECK-NEXT: %[[SQRT:.*]] = math.sqrt %[[X]] : f64
// CHECK-NEXT: %[[EXP:.*]] = math.exp %[[X]] : f64
// CHECK-NEXT: %[[LOG:.*]] = math.log %[[X]] : f64
// CHECK-NEXT: %[[SIN:.*]] = math.sin %[[X]] : f64
// CHECK-NEXT: %[[COS:.*]] = math.cos %[[X]] : f64
// CHECK-NEXT: %[[TAN:.*]] = math.tan %[[X]] : f64
// CHECK-NEXT: %[[TANH:.*]] = math.tanh %[[X]] : f64
// CHECK-NEXT: %[[FLOOR:.*]] = math.floor %[[X]] : f64
// CHECK-NEXT: %[[CEIL:.*]] = math.ceil %[[X]] : f64
// CHECK-NEXT: %[[FABS:.*]] = math.absf %[[X]] : f64
// CHECK-NEXT: %[[ABS:.*]] = math.absf %[[X]] : f64
// CHECK-NEXT: return %[[SQRT]], %[[EXP]], %[[LOG]], %[[SIN]], %[[COS]], %[[TAN]], %[[TANH]], %[[FLOOR]], %[[CEIL]], %[[FABS]], %[[ABS]] :
func.func @unary_f64(%x: f64) -> (f64, f64, f64, f64, f64, f64, f64, f64, f64, f64, f64) {
  %0 = py.math "sqrt"(%x) : (f64) -> f64
  %1 = py.math "exp"(%x) : (f64) -> f64
  %2 = py.math "log"(%x) : (f64) -> f64
  %3 = py.math "sin"(%x) : (f64) -> f64
  %4 = py.math "cos"(%x) : (f64) -> f64
  %5 = py.math "tan"(%x) : (f64) -> f64
  %6 = py.math "tanh"(%x) : (f64) -> f64
  %7 = py.math "floor"(%x) : (f64) -> f64
  %8 = py.math "ceil"(%x) : (f64) -> f64
  %9 = py.math "fabs"(%x) : (f64) -> f64
  %10 = py.math "abs"(%x) : (f64) -> f64
  return %0, %1, %2, %3, %4, %5, %6, %7, %8, %9, %10 : f64, f64, f64, f64, f64, f64, f64, f64, f64, f64, f64
}

// CHECK-LABEL: func.func @f32_and_pow(
// CHECK-SAME: %[[F:[a-z0-9]+]]: f32, %[[X:[a-z0-9]+]]: f64, %[[Y:[a-z0-9]+]]: f64)
// CHECK-NEXT: %[[SQRT:.*]] = math.sqrt %[[F]] : f32
// CHECK-NEXT: %[[FLOOR:.*]] = math.floor %[[F]] : f32
// CHECK-NEXT: %[[POW:.*]] = math.powf %[[X]], %[[Y]] : f64
// CHECK-NEXT: return %[[SQRT]], %[[FLOOR]], %[[POW]] : f32, f32, f64
func.func @f32_and_pow(%f: f32, %x: f64, %y: f64) -> (f32, f32, f64) {
  %0 = py.math "sqrt"(%f) : (f32) -> f32
  %1 = py.math "floor"(%f) : (f32) -> f32
  %2 = py.math "pow"(%x, %y) : (f64, f64) -> f64
  return %0, %1, %2 : f32, f32, f64
}

// abs on signed integers is math.absi (abs(INT_MIN) wraps to INT_MIN, as in NumPy).
// CHECK-LABEL: func.func @abs_signed(
// CHECK-SAME: %[[A:[a-z0-9]+]]: i64, %[[B:[a-z0-9]+]]: i8)
// CHECK-NEXT: %[[ABS64:.*]] = math.absi %[[A]] : i64
// CHECK-NEXT: %[[ABS8:.*]] = math.absi %[[B]] : i8
// CHECK-NEXT: return %[[ABS64]], %[[ABS8]] : i64, i8
func.func @abs_signed(%a: si64, %b: si8) -> (si64, si8) {
  %0 = py.math "abs"(%a) : (si64) -> si64
  %1 = py.math "abs"(%b) : (si8) -> si8
  return %0, %1 : si64, si8
}

// abs of an unsigned value is the value itself (math.absi would read it as signed).
// CHECK-LABEL: func.func @abs_unsigned
// CHECK-SAME: (%[[X:.*]]: i8) -> i8
// CHECK-NOT: math.absi
// CHECK: return %[[X]] : i8
func.func @abs_unsigned(%x: ui8) -> ui8 {
  %0 = py.math "abs"(%x) : (ui8) -> ui8
  return %0 : ui8
}

// NumPy's two-operand ufuncs: arctan2 to math.atan2; minimum and maximum propagate NaN on floats
// (minimumf/maximumf) and keep the sign of integers (minsi/maxsi, minui/maxui).
// CHECK-LABEL: func.func @binary_ufuncs(
// CHECK-SAME: %[[X:[a-z0-9]+]]: f64, %[[Y:[a-z0-9]+]]: f64, %[[I:[a-z0-9]+]]: i32, %[[J:[a-z0-9]+]]: i32, %[[U:[a-z0-9]+]]: i8, %[[V:[a-z0-9]+]]: i8)
// CHECK-NEXT: math.atan2 %[[X]], %[[Y]] : f64
// CHECK-NEXT: arith.minimumf %[[X]], %[[Y]] : f64
// CHECK-NEXT: arith.maximumf %[[X]], %[[Y]] : f64
// CHECK-NEXT: arith.minsi %[[I]], %[[J]] : i32
// CHECK-NEXT: arith.maxsi %[[I]], %[[J]] : i32
// CHECK-NEXT: arith.minui %[[U]], %[[V]] : i8
// CHECK-NEXT: arith.maxui %[[U]], %[[V]] : i8
func.func @binary_ufuncs(%x: f64, %y: f64, %i: si32, %j: si32, %u: ui8, %v: ui8) -> (f64, f64, f64, si32, si32, ui8, ui8) {
  %a = py.math "arctan2"(%x, %y) : (f64, f64) -> f64
  %mn = py.math "minimum"(%x, %y) : (f64, f64) -> f64
  %mx = py.math "maximum"(%x, %y) : (f64, f64) -> f64
  %si = py.math "minimum"(%i, %j) : (si32, si32) -> si32
  %sa = py.math "maximum"(%i, %j) : (si32, si32) -> si32
  %ui = py.math "minimum"(%u, %v) : (ui8, ui8) -> ui8
  %ua = py.math "maximum"(%u, %v) : (ui8, ui8) -> ui8
  return %a, %mn, %mx, %si, %sa, %ui, %ua : f64, f64, f64, si32, si32, ui8, ui8
}

// hypot (abs() of a complex number) calls libm's, declared once in the module.
// HYPOT: func.func private @hypot(f64, f64) -> f64
// HYPOT-NOT: func.func private @hypot
// HYPOT-LABEL: func.func @hypotenuse(
// HYPOT-SAME: %[[X:[a-z0-9]+]]: f64, %[[Y:[a-z0-9]+]]: f64)
// HYPOT-NEXT: %[[H:.*]] = call @hypot(%[[X]], %[[Y]]) : (f64, f64) -> f64
// HYPOT-NEXT: %[[G:.*]] = call @hypot(%[[Y]], %[[X]]) : (f64, f64) -> f64
func.func @hypotenuse(%x: f64, %y: f64) -> (f64, f64) {
  %h = py.math "hypot"(%x, %y) : (f64, f64) -> f64
  %g = py.math "hypot"(%y, %x) : (f64, f64) -> f64
  return %h, %g : f64, f64
}

// Functions MathFunctions.def maps to one op, and to libm (the float32 function is libm's `f`
// variant): expm1 and log1p are libm's, because MLIR lowers math.expm1 as exp(x) - 1; gamma is
// libm's tgamma.
// CHECK-LABEL: func.func @table(
// CHECK-SAME: %[[X:[a-z0-9]+]]: f64, %[[Y:[a-z0-9]+]]: f64, %[[F:[a-z0-9]+]]: f32)
// CHECK-NEXT: %[[ASIN:.*]] = math.asin %[[X]] : f64
// CHECK-NEXT: %[[RINT:.*]] = math.roundeven %[[X]] : f64
// CHECK-NEXT: %[[FMOD:.*]] = arith.remf %[[X]], %[[Y]] : f64
// CHECK-NEXT: %[[FMIN:.*]] = arith.minnumf %[[X]], %[[Y]] : f64
// CHECK-NEXT: %[[EXPM1:.*]] = call @expm1(%[[X]]) : (f64) -> f64
// CHECK-NEXT: %[[LOG1P:.*]] = call @log1pf(%[[F]]) : (f32) -> f32
// CHECK-NEXT: %[[GAMMA:.*]] = call @tgamma(%[[X]]) : (f64) -> f64
// CHECK-NEXT: %[[LGAMMA:.*]] = call @lgammaf(%[[F]]) : (f32) -> f32
// CHECK-NEXT: return %[[ASIN]], %[[RINT]], %[[FMOD]], %[[FMIN]], %[[EXPM1]], %[[LOG1P]], %[[GAMMA]], %[[LGAMMA]]
func.func @table(%x: f64, %y: f64, %f: f32) -> (f64, f64, f64, f64, f64, f32, f64, f32) {
  %0 = py.math "arcsin"(%x) : (f64) -> f64
  %1 = py.math "rint"(%x) : (f64) -> f64
  %2 = py.math "fmod"(%x, %y) : (f64, f64) -> f64
  %3 = py.math "fmin"(%x, %y) : (f64, f64) -> f64
  %4 = py.math "expm1"(%x) : (f64) -> f64
  %5 = py.math "log1p"(%f) : (f32) -> f32
  %6 = py.math "gamma"(%x) : (f64) -> f64
  %7 = py.math "lgamma"(%f) : (f32) -> f32
  return %0, %1, %2, %3, %4, %5, %6, %7 : f64, f64, f64, f64, f64, f32, f64, f32
}

// NumPy's sign: NaN stays, either zero gives +0, else ±1; on signed ints -1, 0 or 1.
// CHECK-LABEL: func.func @sign(
// CHECK-SAME: %[[X:[a-z0-9]+]]: f64, %[[N:[a-z0-9]+]]: i32)
// CHECK: %[[NEGATIVE:.*]] = arith.cmpf olt, %[[X]], %[[ZERO:.*]] : f64
// CHECK: %[[UNIT:.*]] = arith.select %[[NEGATIVE]], %{{.*}}, %{{.*}} : f64
// CHECK: %[[IS_ZERO:.*]] = arith.cmpf oeq, %[[X]], %[[ZERO]] : f64
// CHECK: %[[NONZERO:.*]] = arith.select %[[IS_ZERO]], %[[ZERO]], %[[UNIT]] : f64
// CHECK: %[[NAN:.*]] = arith.cmpf uno, %[[X]], %[[X]] : f64
// CHECK: %[[FLOAT_SIGN:.*]] = arith.select %[[NAN]], %[[X]], %[[NONZERO]] : f64
// CHECK: arith.cmpi sgt, %[[N]]
// CHECK: arith.cmpi slt, %[[N]]
// CHECK: %[[INT_SIGN:.*]] = arith.select
// CHECK: return %[[FLOAT_SIGN]], %[[INT_SIGN]]
func.func @sign(%x: f64, %n: si32) -> (f64, si32) {
  %0 = py.math "sign"(%x) : (f64) -> f64
  %1 = py.math "sign"(%n) : (si32) -> si32
  return %0, %1 : f64, si32
}

// NumPy's logaddexp: x + log(2) for equal operands, NaN for a NaN difference, else the larger
// plus log1p(exp(-|x - y|)).
// CHECK-LABEL: func.func @logaddexp(
// CHECK-SAME: %[[X:[a-z0-9]+]]: f64, %[[Y:[a-z0-9]+]]: f64)
// CHECK: %[[DIFFERENCE:.*]] = arith.subf %[[X]], %[[Y]] : f64
// CHECK: %[[MAGNITUDE:.*]] = math.absf %[[DIFFERENCE]] : f64
// CHECK: %[[NEGATED:.*]] = arith.negf %[[MAGNITUDE]] : f64
// CHECK: %[[POWER:.*]] = math.exp %[[NEGATED]] : f64
// CHECK: %[[LOG1P:.*]] = call @log1p(%[[POWER]]) : (f64) -> f64
// CHECK: %[[LARGER:.*]] = arith.select %{{.*}}, %[[X]], %[[Y]] : f64
// CHECK: %[[APART:.*]] = arith.addf %[[LARGER]], %[[LOG1P]] : f64
// CHECK: %[[EQUAL:.*]] = arith.addf %[[X]], %{{.*}} : f64
// CHECK: %[[APART_OR_NAN:.*]] = arith.select %{{.*}}, %[[DIFFERENCE]], %[[APART]] : f64
// CHECK: %[[SAME:.*]] = arith.cmpf oeq, %[[X]], %[[Y]] : f64
// CHECK: arith.select %[[SAME]], %[[EQUAL]], %[[APART_OR_NAN]] : f64
func.func @logaddexp(%x: f64, %y: f64) -> f64 {
  %0 = py.math "logaddexp"(%x, %y) : (f64, f64) -> f64
  return %0 : f64
}

// cuda.fma's py.math "fma": one math.fma (a * b + c rounded once).
// CHECK-LABEL: func.func @fused(
// CHECK-SAME: %[[A:[a-z0-9]+]]: f32, %[[B:[a-z0-9]+]]: f32, %[[C:[a-z0-9]+]]: f32)
// CHECK-NEXT: math.fma %[[A]], %[[B]], %[[C]] : f32
func.func @fused(%a: f32, %b: f32, %c: f32) -> f32 {
  %0 = py.math "fma"(%a, %b, %c) : (f32, f32, f32) -> f32
  return %0 : f32
}
