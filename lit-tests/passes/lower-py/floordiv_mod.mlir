// lower-py on Python's // and % : signed (-1 divisor guard, floor semantics), unsigned, and float (CPython's float_divmod).
// RUN: %rumba-opt %s --pass-pipeline='builtin.module(lower-py)' | %FileCheck %s
// RUN: %rumba-opt %s --pass-pipeline='builtin.module(lower-py)' | %FileCheck %s --check-prefix=NOPY
// Nothing of the py dialect is left, in ops or in types.
// NOPY-NOT: {{[^a-z]py\.}}

// a // b on signed integers: arith.floordivsi rounds toward negative infinity; a divisor of -1 is
// replaced by 1 (INT_MIN // -1 traps in hardware) and the result by the wrapping negation 0 - a.
// CHECK-LABEL: func.func @floordiv_signed(
// CHECK-SAME: %[[A:[a-z0-9]+]]: i64, %[[B:[a-z0-9]+]]: i64) -> i64
// CHECK-DAG: %[[BY_MINUS_ONE:.*]] = arith.cmpi eq, %[[B]], %[[MINUS_ONE:[^ ,]+]] : i64
// CHECK-DAG: %[[MINUS_ONE]] = arith.constant -1 : i64
// CHECK-DAG: %[[DIVISOR:.*]] = arith.select %[[BY_MINUS_ONE]], %[[ONE:[^ ,]+]], %[[B]] : i64
// CHECK-DAG: %[[ONE]] = arith.constant 1 : i64
// CHECK-DAG: %[[QUOTIENT:.*]] = arith.floordivsi %[[A]], %[[DIVISOR]] : i64
// CHECK-DAG: %[[NEGATED:.*]] = arith.subi %[[ZERO:[^ ,]+]], %[[A]] : i64
// CHECK-DAG: %[[ZERO]] = arith.constant 0 : i64
// CHECK-DAG: %[[RESULT:.*]] = arith.select %[[BY_MINUS_ONE]], %[[NEGATED]], %[[QUOTIENT]] : i64
// CHECK: return %[[RESULT]] : i64
func.func @floordiv_signed(%a: si64, %b: si64) -> si64 {
  %0 = py.floordiv %a, %b : si64
  return %0 : si64
}

// a % b on signed integers: arith.remsi (guarded against -1 the same way) takes the dividend's sign;
// a non-zero remainder whose sign differs from the divisor's gets the divisor added.
// CHECK-LABEL: func.func @mod_signed(
// CHECK-SAME: %[[A:[a-z0-9]+]]: i32, %[[B:[a-z0-9]+]]: i32) -> i32
// CHECK-DAG: %[[BY_MINUS_ONE:.*]] = arith.cmpi eq, %[[B]], %[[MINUS_ONE:[^ ,]+]] : i32
// CHECK-DAG: %[[MINUS_ONE]] = arith.constant -1 : i32
// CHECK-DAG: %[[DIVISOR:.*]] = arith.select %[[BY_MINUS_ONE]], %[[ONE:[^ ,]+]], %[[B]] : i32
// CHECK-DAG: %[[ONE]] = arith.constant 1 : i32
// CHECK-DAG: %[[REM:.*]] = arith.remsi %[[A]], %[[DIVISOR]] : i32
// CHECK-DAG: %[[NONZERO:.*]] = arith.cmpi ne, %[[REM]], %[[ZERO:[^ ,]+]] : i32
// CHECK-DAG: %[[ZERO]] = arith.constant 0 : i32
// CHECK-DAG: %[[REM_NEG:.*]] = arith.cmpi slt, %[[REM]], %[[ZERO]] : i32
// CHECK-DAG: %[[B_NEG:.*]] = arith.cmpi slt, %[[B]], %[[ZERO]] : i32
// CHECK-DAG: %[[DIFFER:.*]] = arith.xori %[[REM_NEG]], %[[B_NEG]] : i1
// CHECK-DAG: %[[ADJUST:.*]] = arith.andi %[[NONZERO]], %[[DIFFER]] : i1
// CHECK-DAG: %[[ADJUSTED:.*]] = arith.addi %[[REM]], %[[B]] : i32
// CHECK-DAG: %[[RESULT:.*]] = arith.select %[[ADJUST]], %[[ADJUSTED]], %[[REM]] : i32
// CHECK: return %[[RESULT]] : i32
func.func @mod_signed(%a: si32, %b: si32) -> si32 {
  %0 = py.mod %a, %b : si32
  return %0 : si32
}

// Unsigned integers and bools need no adjustment: plain unsigned division and remainder.
// CHECK-LABEL: func.func @floordiv_mod_unsigned(
// CHECK-SAME: %[[A:[a-z0-9]+]]: i64, %[[B:[a-z0-9]+]]: i64, %[[P:[a-z0-9]+]]: i1, %[[Q:[a-z0-9]+]]: i1)
// CHECK-NEXT: %[[DIV:.*]] = arith.divui %[[A]], %[[B]] : i64
// CHECK-NEXT: %[[REM:.*]] = arith.remui %[[A]], %[[B]] : i64
// CHECK-NEXT: %[[BDIV:.*]] = arith.divui %[[P]], %[[Q]] : i1
// CHECK-NEXT: %[[BREM:.*]] = arith.remui %[[P]], %[[Q]] : i1
// CHECK-NEXT: return %[[DIV]], %[[REM]], %[[BDIV]], %[[BREM]] : i64, i64, i1, i1
func.func @floordiv_mod_unsigned(%a: ui64, %b: ui64, %p: i1, %q: i1) -> (ui64, ui64, i1, i1) {
  %0 = py.floordiv %a, %b : ui64
  %1 = py.mod %a, %b : ui64
  %2 = py.floordiv %p, %q : i1
  %3 = py.mod %p, %q : i1
  return %0, %1, %2, %3 : ui64, ui64, i1, i1
}

// Float a // b follows CPython's float_divmod:
//   mod = fmod(a, b); div = (a - mod) / b
//   if mod: if (b < 0) != (mod < 0): mod += b; div -= 1
//   else: mod = copysign(0, b)
//   if div: floordiv = floor(div); if div - floordiv > 0.5: floordiv += 1
//   else: floordiv = copysign(0, a / b)
// CHECK-LABEL: func.func @floordiv_float(
// CHECK-SAME: %[[A:[a-z0-9]+]]: f64, %[[B:[a-z0-9]+]]: f64) -> f64
// CHECK-DAG: %[[REM:.*]] = arith.remf %[[A]], %[[B]] : f64
// CHECK-DAG: %[[DIFF:.*]] = arith.subf %[[A]], %[[REM]] : f64
// CHECK-DAG: %[[DIV:.*]] = arith.divf %[[DIFF]], %[[B]] : f64
// CHECK-DAG: %[[REM_NONZERO:.*]] = arith.cmpf une, %[[REM]], %[[ZERO:[^ ,]+]] : f64
// CHECK-DAG: %[[ZERO]] = arith.constant 0.000000e+00 : f64
// CHECK-DAG: %[[B_NEG:.*]] = arith.cmpf olt, %[[B]], %[[ZERO]] : f64
// CHECK-DAG: %[[REM_NEG:.*]] = arith.cmpf olt, %[[REM]], %[[ZERO]] : f64
// CHECK-DAG: %[[DIFFER:.*]] = arith.xori %[[B_NEG]], %[[REM_NEG]] : i1
// CHECK-DAG: %[[ADJUST:.*]] = arith.andi %[[REM_NONZERO]], %[[DIFFER]] : i1
// CHECK-DAG: %[[DIV_MINUS_ONE:.*]] = arith.subf %[[DIV]], %[[ONE:[^ ,]+]] : f64
// CHECK-DAG: %[[ONE]] = arith.constant 1.000000e+00 : f64
// CHECK-DAG: %[[DIV_ADJUSTED:.*]] = arith.select %[[ADJUST]], %[[DIV_MINUS_ONE]], %[[DIV]] : f64
// CHECK-DAG: %[[FLOOR:.*]] = math.floor %[[DIV_ADJUSTED]] : f64
// CHECK-DAG: %[[FRACTION:.*]] = arith.subf %[[DIV_ADJUSTED]], %[[FLOOR]] : f64
// CHECK-DAG: %[[ROUND_UP:.*]] = arith.cmpf ogt, %[[FRACTION]], %[[HALF:[^ ,]+]] : f64
// CHECK-DAG: %[[HALF]] = arith.constant 5.000000e-01 : f64
// CHECK-DAG: %[[FLOOR_PLUS_ONE:.*]] = arith.addf %[[FLOOR]], %[[ONE]] : f64
// CHECK-DAG: %[[FLOORED:.*]] = arith.select %[[ROUND_UP]], %[[FLOOR_PLUS_ONE]], %[[FLOOR]] : f64
// CHECK-DAG: %[[DIV_NONZERO:.*]] = arith.cmpf une, %[[DIV_ADJUSTED]], %[[ZERO]] : f64
// CHECK-DAG: %[[TRUE_QUOTIENT:.*]] = arith.divf %[[A]], %[[B]] : f64
// CHECK-DAG: %[[SIGNED_ZERO:.*]] = math.copysign %[[ZERO]], %[[TRUE_QUOTIENT]] : f64
// CHECK-DAG: %[[RESULT:.*]] = arith.select %[[DIV_NONZERO]], %[[FLOORED]], %[[SIGNED_ZERO]] : f64
// CHECK: return %[[RESULT]] : f64
func.func @floordiv_float(%a: f64, %b: f64) -> f64 {
  %0 = py.floordiv %a, %b : f64
  return %0 : f64
}

// Float a % b: the modulo half of the same computation.
// CHECK-LABEL: func.func @mod_float(
// CHECK-SAME: %[[A:[a-z0-9]+]]: f32, %[[B:[a-z0-9]+]]: f32) -> f32
// CHECK-DAG: %[[REM:.*]] = arith.remf %[[A]], %[[B]] : f32
// CHECK-DAG: %[[REM_NONZERO:.*]] = arith.cmpf une, %[[REM]], %[[ZERO:[^ ,]+]] : f32
// CHECK-DAG: %[[ZERO]] = arith.constant 0.000000e+00 : f32
// CHECK-DAG: %[[B_NEG:.*]] = arith.cmpf olt, %[[B]], %[[ZERO]] : f32
// CHECK-DAG: %[[REM_NEG:.*]] = arith.cmpf olt, %[[REM]], %[[ZERO]] : f32
// CHECK-DAG: %[[DIFFER:.*]] = arith.xori %[[B_NEG]], %[[REM_NEG]] : i1
// CHECK-DAG: %[[ADJUST:.*]] = arith.andi %[[REM_NONZERO]], %[[DIFFER]] : i1
// CHECK-DAG: %[[REM_PLUS_B:.*]] = arith.addf %[[REM]], %[[B]] : f32
// CHECK-DAG: %[[ADJUSTED:.*]] = arith.select %[[ADJUST]], %[[REM_PLUS_B]], %[[REM]] : f32
// CHECK-DAG: %[[ZERO_WITH_B_SIGN:.*]] = math.copysign %[[ZERO]], %[[B]] : f32
// CHECK-DAG: %[[MOD:.*]] = arith.select %[[REM_NONZERO]], %[[ADJUSTED]], %[[ZERO_WITH_B_SIGN]] : f32
// CHECK: return %[[MOD]] : f32
func.func @mod_float(%a: f32, %b: f32) -> f32 {
  %0 = py.mod %a, %b : f32
  return %0 : f32
}
