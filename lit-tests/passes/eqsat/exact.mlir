// eqsat's exact rules, which hold on integers and on floats without any fast-math flag: a neutral
// operand drops (x * 1, x / 1, x - 0.0, x + -0.0, and through commutativity 1 * x and -0.0 + x),
// -(-x) is x, x ** 2 is x * x; constants fold (py.add, py.sub, py.mul of constants as the IR
// computes them, a py.cast of an integer constant), and a folded constant feeds the rules. A value
// is only rebuilt where its cheapest form costs strictly less than what the IR computes, so
// commutativity alone changes nothing; constants nothing uses any more are erased.
// RUN: %rumba-opt %s --pass-pipeline='builtin.module(eqsat)' | %FileCheck %s

// mul-one.
// CHECK-LABEL: func.func @mul_one(
// CHECK-SAME: %[[X:[^:]+]]: f64)
// CHECK-NEXT: return %[[X]] : f64
func.func @mul_one(%x: f64) -> f64 {
  %one = py.constant 1.0 : f64
  %r = py.mul %x, %one : f64
  return %r : f64
}

// CHECK-LABEL: func.func @mul_one_int(
// CHECK-SAME: %[[X:[^:]+]]: si64)
// CHECK-NEXT: return %[[X]] : si64
func.func @mul_one_int(%x: si64) -> si64 {
  %one = py.constant 1 : si64
  %r = py.mul %x, %one : si64
  return %r : si64
}

// mul-commute brings the 1 to the right, where mul-one drops it.
// CHECK-LABEL: func.func @mul_commute(
// CHECK-SAME: %[[X:[^:]+]]: f64)
// CHECK-NEXT: return %[[X]] : f64
func.func @mul_commute(%x: f64) -> f64 {
  %one = py.constant 1.0 : f64
  %r = py.mul %one, %x : f64
  return %r : f64
}

// truediv-one.
// CHECK-LABEL: func.func @truediv_one(
// CHECK-SAME: %[[X:[^:]+]]: f64)
// CHECK-NEXT: return %[[X]] : f64
func.func @truediv_one(%x: f64) -> f64 {
  %one = py.constant 1.0 : f64
  %r = py.truediv %x, %one : f64
  return %r : f64
}

// sub-zero: x - 0.0 is x for every x, -0.0 included.
// CHECK-LABEL: func.func @sub_zero(
// CHECK-SAME: %[[X:[^:]+]]: f64)
// CHECK-NEXT: return %[[X]] : f64
func.func @sub_zero(%x: f64) -> f64 {
  %zero = py.constant 0.0 : f64
  %r = py.sub %x, %zero : f64
  return %r : f64
}

// CHECK-LABEL: func.func @sub_zero_int(
// CHECK-SAME: %[[X:[^:]+]]: si64)
// CHECK-NEXT: return %[[X]] : si64
func.func @sub_zero_int(%x: si64) -> si64 {
  %zero = py.constant 0 : si64
  %r = py.sub %x, %zero : si64
  return %r : si64
}

// x - (-0.0) is x + 0.0, which is +0.0 for x = -0.0: not x without nsz.
// CHECK-LABEL: func.func @sub_negative_zero_kept(
// CHECK-SAME: %[[X:[^:]+]]: f64)
// CHECK-NEXT: %[[Z:.*]] = py.constant -0.000000e+00 : f64
// CHECK-NEXT: %[[R:.*]] = py.sub %[[X]], %[[Z]] : f64
// CHECK-NEXT: return %[[R]] : f64
func.func @sub_negative_zero_kept(%x: f64) -> f64 {
  %zero = py.constant -0.0 : f64
  %r = py.sub %x, %zero : f64
  return %r : f64
}

// add-negative-zero: x + -0.0 is x for every x.
// CHECK-LABEL: func.func @add_negative_zero(
// CHECK-SAME: %[[X:[^:]+]]: f64)
// CHECK-NEXT: return %[[X]] : f64
func.func @add_negative_zero(%x: f64) -> f64 {
  %zero = py.constant -0.0 : f64
  %r = py.add %x, %zero : f64
  return %r : f64
}

// add-commute brings the -0.0 to the right, where add-negative-zero drops it.
// CHECK-LABEL: func.func @add_commute(
// CHECK-SAME: %[[X:[^:]+]]: f64)
// CHECK-NEXT: return %[[X]] : f64
func.func @add_commute(%x: f64) -> f64 {
  %zero = py.constant -0.0 : f64
  %r = py.add %zero, %x : f64
  return %r : f64
}

// The integer 0 is either zero: 0 + x is x.
// CHECK-LABEL: func.func @add_zero_int(
// CHECK-SAME: %[[X:[^:]+]]: si64)
// CHECK-NEXT: return %[[X]] : si64
func.func @add_zero_int(%x: si64) -> si64 {
  %zero = py.constant 0 : si64
  %r = py.add %zero, %x : si64
  return %r : si64
}

// Commutativity alone makes nothing cheaper: the IR stays as written.
// CHECK-LABEL: func.func @commute_alone_kept(
// CHECK-SAME: %[[A:[^:]+]]: f64, %[[B:[^:]+]]: f64)
// CHECK-NEXT: %[[S:.*]] = py.add %[[B]], %[[A]] : f64
// CHECK-NEXT: %[[P:.*]] = py.mul %[[S]], %[[A]] : f64
// CHECK-NEXT: return %[[P]] : f64
func.func @commute_alone_kept(%a: f64, %b: f64) -> f64 {
  %s = py.add %b, %a : f64
  %p = py.mul %s, %a : f64
  return %p : f64
}

// neg-neg.
// CHECK-LABEL: func.func @neg_neg(
// CHECK-SAME: %[[X:[^:]+]]: f64)
// CHECK-NEXT: return %[[X]] : f64
func.func @neg_neg(%x: f64) -> f64 {
  %n = py.neg %x : f64
  %r = py.neg %n : f64
  return %r : f64
}

// CHECK-LABEL: func.func @neg_neg_int(
// CHECK-SAME: %[[X:[^:]+]]: si64)
// CHECK-NEXT: return %[[X]] : si64
func.func @neg_neg_int(%x: si64) -> si64 {
  %n = py.neg %x : si64
  %r = py.neg %n : si64
  return %r : si64
}

// pow-two: a power costs more than a product.
// CHECK-LABEL: func.func @pow_two(
// CHECK-SAME: %[[X:[^:]+]]: f64)
// CHECK-NEXT: %[[R:.*]] = py.mul %[[X]], %[[X]] : f64
// CHECK-NEXT: return %[[R]] : f64
func.func @pow_two(%x: f64) -> f64 {
  %two = py.constant 2.0 : f64
  %r = py.pow %x, %two : f64
  return %r : f64
}

// CHECK-LABEL: func.func @pow_two_int(
// CHECK-SAME: %[[X:[^:]+]]: si64)
// CHECK-NEXT: %[[R:.*]] = py.mul %[[X]], %[[X]] : si64
// CHECK-NEXT: return %[[R]] : si64
func.func @pow_two_int(%x: si64) -> si64 {
  %two = py.constant 2 : si64
  %r = py.pow %x, %two : si64
  return %r : si64
}

// Only the exponent 2: x ** 3.0 stays.
// CHECK-LABEL: func.func @pow_three_kept(
// CHECK-SAME: %[[X:[^:]+]]: f64)
// CHECK-NEXT: %[[C:.*]] = py.constant 3.000000e+00 : f64
// CHECK-NEXT: %[[R:.*]] = py.pow %[[X]], %[[C]] : f64
// CHECK-NEXT: return %[[R]] : f64
func.func @pow_three_kept(%x: f64) -> f64 {
  %three = py.constant 3.0 : f64
  %r = py.pow %x, %three : f64
  return %r : f64
}

// Constant folding: py.add of two constants is a constant; the operands' constants go.
// CHECK-LABEL: func.func @fold_add(
// CHECK-NEXT: %[[C:.*]] = py.constant 5.500000e+00 : f64
// CHECK-NEXT: return %[[C]] : f64
func.func @fold_add() -> f64 {
  %a = py.constant 2.0 : f64
  %b = py.constant 3.5 : f64
  %r = py.add %a, %b : f64
  return %r : f64
}

// py.sub and py.mul fold too, chained.
// CHECK-LABEL: func.func @fold_sub_mul(
// CHECK-NEXT: %[[C:.*]] = py.constant 1.500000e+00 : f64
// CHECK-NEXT: return %[[C]] : f64
func.func @fold_sub_mul() -> f64 {
  %a = py.constant 2.0 : f64
  %b = py.constant 1.25 : f64
  %d = py.sub %a, %b : f64
  %r = py.mul %d, %a : f64
  return %r : f64
}

// Integers fold as the IR computes them: wrapping at 64 bits.
// CHECK-LABEL: func.func @fold_int_wraps(
// CHECK-NEXT: %[[C:.*]] = py.constant -9223372036854775808 : si64
// CHECK-NEXT: return %[[C]] : si64
func.func @fold_int_wraps() -> si64 {
  %a = py.constant 9223372036854775807 : si64
  %b = py.constant 1 : si64
  %r = py.add %a, %b : si64
  return %r : si64
}

// A py.cast of an integer constant to a float is a float constant.
// CHECK-LABEL: func.func @fold_cast(
// CHECK-NEXT: %[[C:.*]] = py.constant 3.000000e+00 : f64
// CHECK-NEXT: return %[[C]] : f64
func.func @fold_cast() -> f64 {
  %a = py.constant 3 : si64
  %r = py.cast %a : si64 to f64
  return %r : f64
}

// An unsigned constant is no number to fold (its bits read as signed would be another), and a
// cast to a narrower integer would wrap: both stay as the IR computes them.
// CHECK-LABEL: func.func @no_fold_unsigned_cast(
// CHECK: py.cast %{{.*}} : ui64 to f64
// CHECK: py.cmp "gt"
func.func @no_fold_unsigned_cast() -> i1 {
  %a = py.constant 9223372036854775808 : ui64
  %b = py.constant 1 : si64
  %x = py.cast %a : ui64 to f64
  %y = py.cast %b : si64 to f64
  %r = py.cmp "gt", %x, %y : f64
  return %r : i1
}

// CHECK-LABEL: func.func @no_fold_narrowing_cast(
// CHECK: py.cast %{{.*}} : si64 to si8
func.func @no_fold_narrowing_cast(%x: si8) -> si8 {
  %a = py.constant 300 : si64
  %n = py.cast %a : si64 to si8
  %r = py.add %x, %n : si8
  return %r : si8
}

// A folded constant feeds the rules: x * (3.0 - 2.0) is x * 1.0, which is x.
// CHECK-LABEL: func.func @fold_then_mul_one(
// CHECK-SAME: %[[X:[^:]+]]: f64)
// CHECK-NEXT: return %[[X]] : f64
func.func @fold_then_mul_one(%x: f64) -> f64 {
  %a = py.constant 3.0 : f64
  %b = py.constant 2.0 : f64
  %one = py.sub %a, %b : f64
  %r = py.mul %x, %one : f64
  return %r : f64
}
