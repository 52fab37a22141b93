// eqsat's rules gated by fast-math flags: on floats each fires only where the function's
// `py.fastmath` holds all of its flags (or `fast`), and stays off where one is missing; those
// that hold on integers (reassociation, factoring, x - x, x * 0) fire there without any flag.
// Reassociation: add-associate, add-associate-back, mul-associate, mul-associate-back (seen through
// the constants they bring together), factor-add, factor-sub; reciprocals: truediv-truediv (arcp
// and reassoc); signed zeros: add-zero (nsz); NaNs and infinities: sub-self, mul-zero (and nsz),
// truediv-self, pow-half (nsz, ninf); approximate functions: exp-log (afn, nnan), log-exp (afn,
// ninf), sqrt-square (afn, nnan), exp-product (afn, reassoc).
// RUN: %rumba-opt %s --pass-pipeline='builtin.module(eqsat)' | %FileCheck %s

// add-associate: (x + 1) + 2 is x + (1 + 2), and 1 + 2 folds.
// CHECK-LABEL: func.func @add_associate(
// CHECK-SAME: %[[X:[^:]+]]: f64)
// CHECK-NEXT: %[[C:.*]] = py.constant 3.000000e+00 : f64
// CHECK-NEXT: %[[R:.*]] = py.add %[[X]], %[[C]] : f64
// CHECK-NEXT: return %[[R]] : f64
func.func @add_associate(%x: f64) -> f64 attributes {py.fastmath = #arith.fastmath<reassoc>} {
  %one = py.constant 1.0 : f64
  %two = py.constant 2.0 : f64
  %s = py.add %x, %one : f64
  %r = py.add %s, %two : f64
  return %r : f64
}

// CHECK-LABEL: func.func @add_associate_strict(
// CHECK-SAME: %[[X:[^:]+]]: f64)
// CHECK-NEXT: %[[ONE:.*]] = py.constant 1.000000e+00 : f64
// CHECK-NEXT: %[[TWO:.*]] = py.constant 2.000000e+00 : f64
// CHECK-NEXT: %[[S:.*]] = py.add %[[X]], %[[ONE]] : f64
// CHECK-NEXT: %[[R:.*]] = py.add %[[S]], %[[TWO]] : f64
// CHECK-NEXT: return %[[R]] : f64
func.func @add_associate_strict(%x: f64) -> f64 {
  %one = py.constant 1.0 : f64
  %two = py.constant 2.0 : f64
  %s = py.add %x, %one : f64
  %r = py.add %s, %two : f64
  return %r : f64
}

// Integers wrap, so reassociation holds on them without flags.
// CHECK-LABEL: func.func @add_associate_int(
// CHECK-SAME: %[[X:[^:]+]]: si64)
// CHECK-NEXT: %[[C:.*]] = py.constant 3 : si64
// CHECK-NEXT: %[[R:.*]] = py.add %[[X]], %[[C]] : si64
// CHECK-NEXT: return %[[R]] : si64
func.func @add_associate_int(%x: si64) -> si64 {
  %one = py.constant 1 : si64
  %two = py.constant 2 : si64
  %s = py.add %x, %one : si64
  %r = py.add %s, %two : si64
  return %r : si64
}

// add-associate-back: 1 + (2 + x) is (1 + 2) + x, the sum folded (commuted to the right).
// CHECK-LABEL: func.func @add_associate_back(
// CHECK-SAME: %[[X:[^:]+]]: f64)
// CHECK-NEXT: %[[C:.*]] = py.constant 3.000000e+00 : f64
// CHECK-NEXT: %[[R:.*]] = py.add %[[X]], %[[C]] : f64
// CHECK-NEXT: return %[[R]] : f64
func.func @add_associate_back(%x: f64) -> f64 attributes {py.fastmath = #arith.fastmath<reassoc>} {
  %one = py.constant 1.0 : f64
  %two = py.constant 2.0 : f64
  %s = py.add %two, %x : f64
  %r = py.add %one, %s : f64
  return %r : f64
}

// Other flags than reassoc do not reassociate.
// CHECK-LABEL: func.func @add_associate_back_strict(
// CHECK-SAME: %[[X:[^:]+]]: f64)
// CHECK-NEXT: %[[ONE:.*]] = py.constant 1.000000e+00 : f64
// CHECK-NEXT: %[[TWO:.*]] = py.constant 2.000000e+00 : f64
// CHECK-NEXT: %[[S:.*]] = py.add %[[TWO]], %[[X]] : f64
// CHECK-NEXT: %[[R:.*]] = py.add %[[ONE]], %[[S]] : f64
// CHECK-NEXT: return %[[R]] : f64
func.func @add_associate_back_strict(%x: f64) -> f64 attributes {py.fastmath = #arith.fastmath<nnan,ninf,nsz,arcp,contract,afn>} {
  %one = py.constant 1.0 : f64
  %two = py.constant 2.0 : f64
  %s = py.add %two, %x : f64
  %r = py.add %one, %s : f64
  return %r : f64
}

// mul-associate: (x * 2) * 3 is x * 6.
// CHECK-LABEL: func.func @mul_associate(
// CHECK-SAME: %[[X:[^:]+]]: f64)
// CHECK-NEXT: %[[C:.*]] = py.constant 6.000000e+00 : f64
// CHECK-NEXT: %[[R:.*]] = py.mul %[[X]], %[[C]] : f64
// CHECK-NEXT: return %[[R]] : f64
func.func @mul_associate(%x: f64) -> f64 attributes {py.fastmath = #arith.fastmath<reassoc>} {
  %two = py.constant 2.0 : f64
  %three = py.constant 3.0 : f64
  %s = py.mul %x, %two : f64
  %r = py.mul %s, %three : f64
  return %r : f64
}

// CHECK-LABEL: func.func @mul_associate_strict(
// CHECK-SAME: %[[X:[^:]+]]: f64)
// CHECK-NEXT: %[[TWO:.*]] = py.constant 2.000000e+00 : f64
// CHECK-NEXT: %[[THREE:.*]] = py.constant 3.000000e+00 : f64
// CHECK-NEXT: %[[S:.*]] = py.mul %[[X]], %[[TWO]] : f64
// CHECK-NEXT: %[[R:.*]] = py.mul %[[S]], %[[THREE]] : f64
// CHECK-NEXT: return %[[R]] : f64
func.func @mul_associate_strict(%x: f64) -> f64 {
  %two = py.constant 2.0 : f64
  %three = py.constant 3.0 : f64
  %s = py.mul %x, %two : f64
  %r = py.mul %s, %three : f64
  return %r : f64
}

// CHECK-LABEL: func.func @mul_associate_int(
// CHECK-SAME: %[[X:[^:]+]]: si64)
// CHECK-NEXT: %[[C:.*]] = py.constant 6 : si64
// CHECK-NEXT: %[[R:.*]] = py.mul %[[X]], %[[C]] : si64
// CHECK-NEXT: return %[[R]] : si64
func.func @mul_associate_int(%x: si64) -> si64 {
  %two = py.constant 2 : si64
  %three = py.constant 3 : si64
  %s = py.mul %x, %two : si64
  %r = py.mul %s, %three : si64
  return %r : si64
}

// mul-associate-back: 2 * (3 * x) is (2 * 3) * x.
// CHECK-LABEL: func.func @mul_associate_back(
// CHECK-SAME: %[[X:[^:]+]]: f64)
// CHECK-NEXT: %[[C:.*]] = py.constant 6.000000e+00 : f64
// CHECK-NEXT: %[[R:.*]] = py.mul %[[X]], %[[C]] : f64
// CHECK-NEXT: return %[[R]] : f64
func.func @mul_associate_back(%x: f64) -> f64 attributes {py.fastmath = #arith.fastmath<reassoc>} {
  %two = py.constant 2.0 : f64
  %three = py.constant 3.0 : f64
  %s = py.mul %three, %x : f64
  %r = py.mul %two, %s : f64
  return %r : f64
}

// CHECK-LABEL: func.func @mul_associate_back_strict(
// CHECK-SAME: %[[X:[^:]+]]: f64)
// CHECK-NEXT: %[[TWO:.*]] = py.constant 2.000000e+00 : f64
// CHECK-NEXT: %[[THREE:.*]] = py.constant 3.000000e+00 : f64
// CHECK-NEXT: %[[S:.*]] = py.mul %[[THREE]], %[[X]] : f64
// CHECK-NEXT: %[[R:.*]] = py.mul %[[TWO]], %[[S]] : f64
// CHECK-NEXT: return %[[R]] : f64
func.func @mul_associate_back_strict(%x: f64) -> f64 attributes {py.fastmath = #arith.fastmath<nsz>} {
  %two = py.constant 2.0 : f64
  %three = py.constant 3.0 : f64
  %s = py.mul %three, %x : f64
  %r = py.mul %two, %s : f64
  return %r : f64
}

// factor-add: a * b + a * c is a * (b + c), one product fewer.
// CHECK-LABEL: func.func @factor_add(
// CHECK-SAME: %[[A:[^:]+]]: f64, %[[B:[^:]+]]: f64, %[[C:[^:]+]]: f64)
// CHECK-NEXT: %[[S:.*]] = py.add %[[B]], %[[C]] : f64
// CHECK-NEXT: %[[R:.*]] = py.mul %[[A]], %[[S]] : f64
// CHECK-NEXT: return %[[R]] : f64
func.func @factor_add(%a: f64, %b: f64, %c: f64) -> f64 attributes {py.fastmath = #arith.fastmath<reassoc>} {
  %x = py.mul %a, %b : f64
  %y = py.mul %a, %c : f64
  %r = py.add %x, %y : f64
  return %r : f64
}

// CHECK-LABEL: func.func @factor_add_strict(
// CHECK-SAME: %[[A:[^:]+]]: f64, %[[B:[^:]+]]: f64, %[[C:[^:]+]]: f64)
// CHECK-NEXT: %[[X:.*]] = py.mul %[[A]], %[[B]] : f64
// CHECK-NEXT: %[[Y:.*]] = py.mul %[[A]], %[[C]] : f64
// CHECK-NEXT: %[[R:.*]] = py.add %[[X]], %[[Y]] : f64
// CHECK-NEXT: return %[[R]] : f64
func.func @factor_add_strict(%a: f64, %b: f64, %c: f64) -> f64 {
  %x = py.mul %a, %b : f64
  %y = py.mul %a, %c : f64
  %r = py.add %x, %y : f64
  return %r : f64
}

// CHECK-LABEL: func.func @factor_add_int(
// CHECK-SAME: %[[A:[^:]+]]: si64, %[[B:[^:]+]]: si64, %[[C:[^:]+]]: si64)
// CHECK-NEXT: %[[S:.*]] = py.add %[[B]], %[[C]] : si64
// CHECK-NEXT: %[[R:.*]] = py.mul %[[A]], %[[S]] : si64
// CHECK-NEXT: return %[[R]] : si64
func.func @factor_add_int(%a: si64, %b: si64, %c: si64) -> si64 {
  %x = py.mul %a, %b : si64
  %y = py.mul %a, %c : si64
  %r = py.add %x, %y : si64
  return %r : si64
}

// factor-sub: a * b - a * c is a * (b - c).
// CHECK-LABEL: func.func @factor_sub(
// CHECK-SAME: %[[A:[^:]+]]: f64, %[[B:[^:]+]]: f64, %[[C:[^:]+]]: f64)
// CHECK-NEXT: %[[S:.*]] = py.sub %[[B]], %[[C]] : f64
// CHECK-NEXT: %[[R:.*]] = py.mul %[[A]], %[[S]] : f64
// CHECK-NEXT: return %[[R]] : f64
func.func @factor_sub(%a: f64, %b: f64, %c: f64) -> f64 attributes {py.fastmath = #arith.fastmath<reassoc>} {
  %x = py.mul %a, %b : f64
  %y = py.mul %a, %c : f64
  %r = py.sub %x, %y : f64
  return %r : f64
}

// CHECK-LABEL: func.func @factor_sub_strict(
// CHECK-SAME: %[[A:[^:]+]]: f64, %[[B:[^:]+]]: f64, %[[C:[^:]+]]: f64)
// CHECK-NEXT: %[[X:.*]] = py.mul %[[A]], %[[B]] : f64
// CHECK-NEXT: %[[Y:.*]] = py.mul %[[A]], %[[C]] : f64
// CHECK-NEXT: %[[R:.*]] = py.sub %[[X]], %[[Y]] : f64
// CHECK-NEXT: return %[[R]] : f64
func.func @factor_sub_strict(%a: f64, %b: f64, %c: f64) -> f64 attributes {py.fastmath = #arith.fastmath<nnan,ninf,nsz>} {
  %x = py.mul %a, %b : f64
  %y = py.mul %a, %c : f64
  %r = py.sub %x, %y : f64
  return %r : f64
}

// CHECK-LABEL: func.func @factor_sub_int(
// CHECK-SAME: %[[A:[^:]+]]: si64, %[[B:[^:]+]]: si64, %[[C:[^:]+]]: si64)
// CHECK-NEXT: %[[S:.*]] = py.sub %[[B]], %[[C]] : si64
// CHECK-NEXT: %[[R:.*]] = py.mul %[[A]], %[[S]] : si64
// CHECK-NEXT: return %[[R]] : si64
func.func @factor_sub_int(%a: si64, %b: si64, %c: si64) -> si64 {
  %x = py.mul %a, %b : si64
  %y = py.mul %a, %c : si64
  %r = py.sub %x, %y : si64
  return %r : si64
}

// truediv-truediv: (x / y) / z is x / (y * z), one division for two; it needs arcp and reassoc.
// CHECK-LABEL: func.func @truediv_truediv(
// CHECK-SAME: %[[X:[^:]+]]: f64, %[[Y:[^:]+]]: f64, %[[Z:[^:]+]]: f64)
// CHECK-NEXT: %[[P:.*]] = py.mul %[[Y]], %[[Z]] : f64
// CHECK-NEXT: %[[R:.*]] = py.truediv %[[X]], %[[P]] : f64
// CHECK-NEXT: return %[[R]] : f64
func.func @truediv_truediv(%x: f64, %y: f64, %z: f64) -> f64 attributes {py.fastmath = #arith.fastmath<arcp,reassoc>} {
  %q = py.truediv %x, %y : f64
  %r = py.truediv %q, %z : f64
  return %r : f64
}

// `fast` holds every flag.
// CHECK-LABEL: func.func @truediv_truediv_fast(
// CHECK-SAME: %[[X:[^:]+]]: f64, %[[Y:[^:]+]]: f64, %[[Z:[^:]+]]: f64)
// CHECK-NEXT: %[[P:.*]] = py.mul %[[Y]], %[[Z]] : f64
// CHECK-NEXT: %[[R:.*]] = py.truediv %[[X]], %[[P]] : f64
// CHECK-NEXT: return %[[R]] : f64
func.func @truediv_truediv_fast(%x: f64, %y: f64, %z: f64) -> f64 attributes {py.fastmath = #arith.fastmath<fast>} {
  %q = py.truediv %x, %y : f64
  %r = py.truediv %q, %z : f64
  return %r : f64
}

// CHECK-LABEL: func.func @truediv_truediv_arcp_only(
// CHECK-SAME: %[[X:[^:]+]]: f64, %[[Y:[^:]+]]: f64, %[[Z:[^:]+]]: f64)
// CHECK-NEXT: %[[Q:.*]] = py.truediv %[[X]], %[[Y]] : f64
// CHECK-NEXT: %[[R:.*]] = py.truediv %[[Q]], %[[Z]] : f64
// CHECK-NEXT: return %[[R]] : f64
func.func @truediv_truediv_arcp_only(%x: f64, %y: f64, %z: f64) -> f64 attributes {py.fastmath = #arith.fastmath<arcp>} {
  %q = py.truediv %x, %y : f64
  %r = py.truediv %q, %z : f64
  return %r : f64
}

// CHECK-LABEL: func.func @truediv_truediv_reassoc_only(
// CHECK-SAME: %[[X:[^:]+]]: f64, %[[Y:[^:]+]]: f64, %[[Z:[^:]+]]: f64)
// CHECK-NEXT: %[[Q:.*]] = py.truediv %[[X]], %[[Y]] : f64
// CHECK-NEXT: %[[R:.*]] = py.truediv %[[Q]], %[[Z]] : f64
// CHECK-NEXT: return %[[R]] : f64
func.func @truediv_truediv_reassoc_only(%x: f64, %y: f64, %z: f64) -> f64 attributes {py.fastmath = #arith.fastmath<reassoc>} {
  %q = py.truediv %x, %y : f64
  %r = py.truediv %q, %z : f64
  return %r : f64
}

// add-zero: x + 0.0 is x when the sign of a zero does not matter.
// CHECK-LABEL: func.func @add_zero(
// CHECK-SAME: %[[X:[^:]+]]: f64)
// CHECK-NEXT: return %[[X]] : f64
func.func @add_zero(%x: f64) -> f64 attributes {py.fastmath = #arith.fastmath<nsz>} {
  %zero = py.constant 0.0 : f64
  %r = py.add %x, %zero : f64
  return %r : f64
}

// Without nsz, -0.0 + 0.0 is +0.0: x + 0.0 stays.
// CHECK-LABEL: func.func @add_zero_strict(
// CHECK-SAME: %[[X:[^:]+]]: f64)
// CHECK-NEXT: %[[Z:.*]] = py.constant 0.000000e+00 : f64
// CHECK-NEXT: %[[R:.*]] = py.add %[[X]], %[[Z]] : f64
// CHECK-NEXT: return %[[R]] : f64
func.func @add_zero_strict(%x: f64) -> f64 attributes {py.fastmath = #arith.fastmath<reassoc,nnan,ninf>} {
  %zero = py.constant 0.0 : f64
  %r = py.add %x, %zero : f64
  return %r : f64
}

// pow-half needs nsz and ninf (sqrt(-0.0) is -0.0 where (-0.0) ** 0.5 is 0.0; sqrt(-inf) is NaN
// where (-inf) ** 0.5 is inf): with one of them x ** 0.5 stays.
// CHECK-LABEL: func.func @pow_half_nsz_only(
// CHECK-SAME: %[[X:[^:]+]]: f64)
// CHECK-NEXT: %[[H:.*]] = py.constant 5.000000e-01 : f64
// CHECK-NEXT: %[[R:.*]] = py.pow %[[X]], %[[H]] : f64
// CHECK-NEXT: return %[[R]] : f64
func.func @pow_half_nsz_only(%x: f64) -> f64 attributes {py.fastmath = #arith.fastmath<nsz>} {
  %half = py.constant 0.5 : f64
  %r = py.pow %x, %half : f64
  return %r : f64
}

// CHECK-LABEL: func.func @pow_half_ninf_only(
// CHECK-SAME: %[[X:[^:]+]]: f64)
// CHECK-NEXT: %[[H:.*]] = py.constant 5.000000e-01 : f64
// CHECK-NEXT: %[[R:.*]] = py.pow %[[X]], %[[H]] : f64
// CHECK-NEXT: return %[[R]] : f64
func.func @pow_half_ninf_only(%x: f64) -> f64 attributes {py.fastmath = #arith.fastmath<ninf>} {
  %half = py.constant 0.5 : f64
  %r = py.pow %x, %half : f64
  return %r : f64
}

// sub-self: x - x is 0 when x is neither NaN nor infinite.
// CHECK-LABEL: func.func @sub_self(
// CHECK-SAME: %[[X:[^:]+]]: f64)
// CHECK-NEXT: %[[Z:.*]] = py.constant 0.000000e+00 : f64
// CHECK-NEXT: return %[[Z]] : f64
func.func @sub_self(%x: f64) -> f64 attributes {py.fastmath = #arith.fastmath<nnan,ninf>} {
  %r = py.sub %x, %x : f64
  return %r : f64
}

// CHECK-LABEL: func.func @sub_self_nnan_only(
// CHECK-SAME: %[[X:[^:]+]]: f64)
// CHECK-NEXT: %[[R:.*]] = py.sub %[[X]], %[[X]] : f64
// CHECK-NEXT: return %[[R]] : f64
func.func @sub_self_nnan_only(%x: f64) -> f64 attributes {py.fastmath = #arith.fastmath<nnan>} {
  %r = py.sub %x, %x : f64
  return %r : f64
}

// CHECK-LABEL: func.func @sub_self_int(
// CHECK-SAME: %[[X:[^:]+]]: si64)
// CHECK-NEXT: %[[Z:.*]] = py.constant 0 : si64
// CHECK-NEXT: return %[[Z]] : si64
func.func @sub_self_int(%x: si64) -> si64 {
  %r = py.sub %x, %x : si64
  return %r : si64
}

// mul-zero: x * 0.0 is 0.0 with nnan, ninf and nsz.
// CHECK-LABEL: func.func @mul_zero(
// CHECK-SAME: %[[X:[^:]+]]: f64)
// CHECK-NEXT: %[[Z:.*]] = py.constant 0.000000e+00 : f64
// CHECK-NEXT: return %[[Z]] : f64
func.func @mul_zero(%x: f64) -> f64 attributes {py.fastmath = #arith.fastmath<nnan,ninf,nsz>} {
  %zero = py.constant 0.0 : f64
  %r = py.mul %x, %zero : f64
  return %r : f64
}

// Without nsz, -1.0 * 0.0 is -0.0: x * 0.0 stays.
// CHECK-LABEL: func.func @mul_zero_without_nsz(
// CHECK-SAME: %[[X:[^:]+]]: f64)
// CHECK-NEXT: %[[Z:.*]] = py.constant 0.000000e+00 : f64
// CHECK-NEXT: %[[R:.*]] = py.mul %[[X]], %[[Z]] : f64
// CHECK-NEXT: return %[[R]] : f64
func.func @mul_zero_without_nsz(%x: f64) -> f64 attributes {py.fastmath = #arith.fastmath<nnan,ninf>} {
  %zero = py.constant 0.0 : f64
  %r = py.mul %x, %zero : f64
  return %r : f64
}

// On integers, 0 * x is 0 (commuted first).
// CHECK-LABEL: func.func @mul_zero_int(
// CHECK-SAME: %[[X:[^:]+]]: si64)
// CHECK-NEXT: %[[Z:.*]] = py.constant 0 : si64
// CHECK-NEXT: return %[[Z]] : si64
func.func @mul_zero_int(%x: si64) -> si64 {
  %zero = py.constant 0 : si64
  %r = py.mul %zero, %x : si64
  return %r : si64
}

// truediv-self: x / x is 1.0 with nnan and ninf.
// CHECK-LABEL: func.func @truediv_self(
// CHECK-SAME: %[[X:[^:]+]]: f64)
// CHECK-NEXT: %[[ONE:.*]] = py.constant 1.000000e+00 : f64
// CHECK-NEXT: return %[[ONE]] : f64
func.func @truediv_self(%x: f64) -> f64 attributes {py.fastmath = #arith.fastmath<nnan,ninf>} {
  %r = py.truediv %x, %x : f64
  return %r : f64
}

// CHECK-LABEL: func.func @truediv_self_ninf_only(
// CHECK-SAME: %[[X:[^:]+]]: f64)
// CHECK-NEXT: %[[R:.*]] = py.truediv %[[X]], %[[X]] : f64
// CHECK-NEXT: return %[[R]] : f64
func.func @truediv_self_ninf_only(%x: f64) -> f64 attributes {py.fastmath = #arith.fastmath<ninf>} {
  %r = py.truediv %x, %x : f64
  return %r : f64
}

// sqrt-square needs afn and nnan: with afn alone sqrt(x) * sqrt(x) stays.
// CHECK-LABEL: func.func @sqrt_square_afn_only(
// CHECK-SAME: %[[X:[^:]+]]: f64)
// CHECK-NEXT: %[[S:.*]] = py.math "sqrt"(%[[X]]) : (f64) -> f64
// CHECK-NEXT: %[[R:.*]] = py.mul %[[S]], %[[S]] : f64
// CHECK-NEXT: return %[[R]] : f64
func.func @sqrt_square_afn_only(%x: f64) -> f64 attributes {py.fastmath = #arith.fastmath<afn>} {
  %s = py.math "sqrt"(%x) : (f64) -> f64
  %r = py.mul %s, %s : f64
  return %r : f64
}

// exp-log: exp(log(x)) is x with afn and nnan.
// CHECK-LABEL: func.func @exp_log(
// CHECK-SAME: %[[X:[^:]+]]: f64)
// CHECK-NEXT: return %[[X]] : f64
func.func @exp_log(%x: f64) -> f64 attributes {py.fastmath = #arith.fastmath<afn,nnan>} {
  %l = py.math "log"(%x) : (f64) -> f64
  %r = py.math "exp"(%l) : (f64) -> f64
  return %r : f64
}

// CHECK-LABEL: func.func @exp_log_afn_only(
// CHECK-SAME: %[[X:[^:]+]]: f64)
// CHECK-NEXT: %[[L:.*]] = py.math "log"(%[[X]]) : (f64) -> f64
// CHECK-NEXT: %[[R:.*]] = py.math "exp"(%[[L]]) : (f64) -> f64
// CHECK-NEXT: return %[[R]] : f64
func.func @exp_log_afn_only(%x: f64) -> f64 attributes {py.fastmath = #arith.fastmath<afn>} {
  %l = py.math "log"(%x) : (f64) -> f64
  %r = py.math "exp"(%l) : (f64) -> f64
  return %r : f64
}

// log-exp: log(exp(x)) is x with afn and ninf.
// CHECK-LABEL: func.func @log_exp(
// CHECK-SAME: %[[X:[^:]+]]: f64)
// CHECK-NEXT: return %[[X]] : f64
func.func @log_exp(%x: f64) -> f64 attributes {py.fastmath = #arith.fastmath<afn,ninf>} {
  %e = py.math "exp"(%x) : (f64) -> f64
  %r = py.math "log"(%e) : (f64) -> f64
  return %r : f64
}

// CHECK-LABEL: func.func @log_exp_ninf_only(
// CHECK-SAME: %[[X:[^:]+]]: f64)
// CHECK-NEXT: %[[E:.*]] = py.math "exp"(%[[X]]) : (f64) -> f64
// CHECK-NEXT: %[[R:.*]] = py.math "log"(%[[E]]) : (f64) -> f64
// CHECK-NEXT: return %[[R]] : f64
func.func @log_exp_ninf_only(%x: f64) -> f64 attributes {py.fastmath = #arith.fastmath<ninf>} {
  %e = py.math "exp"(%x) : (f64) -> f64
  %r = py.math "log"(%e) : (f64) -> f64
  return %r : f64
}

// exp-product needs afn and reassoc: with reassoc alone exp(a) * exp(b) stays.
// CHECK-LABEL: func.func @exp_product_reassoc_only(
// CHECK-SAME: %[[A:[^:]+]]: f64, %[[B:[^:]+]]: f64)
// CHECK-NEXT: %[[X:.*]] = py.math "exp"(%[[A]]) : (f64) -> f64
// CHECK-NEXT: %[[Y:.*]] = py.math "exp"(%[[B]]) : (f64) -> f64
// CHECK-NEXT: %[[R:.*]] = py.mul %[[X]], %[[Y]] : f64
// CHECK-NEXT: return %[[R]] : f64
func.func @exp_product_reassoc_only(%a: f64, %b: f64) -> f64 attributes {py.fastmath = #arith.fastmath<reassoc>} {
  %x = py.math "exp"(%a) : (f64) -> f64
  %y = py.math "exp"(%b) : (f64) -> f64
  %r = py.mul %x, %y : f64
  return %r : f64
}

// pow-half: x ** 0.5 is sqrt(x) where signed zeros (-0.0 ** 0.5 is +0.0, sqrt(-0.0) is -0.0) and
// infinities (-inf ** 0.5 is +inf, sqrt(-inf) is NaN) do not matter.
// CHECK-LABEL: func.func @pow_half(
// CHECK-SAME: %[[X:[^:]+]]: f64)
// CHECK-NEXT: %[[R:.*]] = py.math "sqrt"(%[[X]]) : (f64) -> f64
// CHECK-NEXT: return %[[R]] : f64
func.func @pow_half(%x: f64) -> f64 attributes {py.fastmath = #arith.fastmath<nsz,ninf>} {
  %half = py.constant 0.5 : f64
  %r = py.pow %x, %half : f64
  return %r : f64
}

// sqrt-square: sqrt(x) * sqrt(x) is x with afn and nnan (x < 0 gives NaN otherwise).
// CHECK-LABEL: func.func @sqrt_square(
// CHECK-SAME: %[[X:[^:]+]]: f64)
// CHECK-NEXT: return %[[X]] : f64
func.func @sqrt_square(%x: f64) -> f64 attributes {py.fastmath = #arith.fastmath<afn,nnan>} {
  %s = py.math "sqrt"(%x) : (f64) -> f64
  %r = py.mul %s, %s : f64
  return %r : f64
}

// exp-product: exp(a) * exp(b) is exp(a + b) with afn and reassoc: one exp for two.
// CHECK-LABEL: func.func @exp_product(
// CHECK-SAME: %[[A:[^:]+]]: f64, %[[B:[^:]+]]: f64)
// CHECK-NEXT: %[[S:.*]] = py.add %[[A]], %[[B]] : f64
// CHECK-NEXT: %[[R:.*]] = py.math "exp"(%[[S]]) : (f64) -> f64
// CHECK-NEXT: return %[[R]] : f64
func.func @exp_product(%a: f64, %b: f64) -> f64 attributes {py.fastmath = #arith.fastmath<afn,reassoc>} {
  %x = py.math "exp"(%a) : (f64) -> f64
  %y = py.math "exp"(%b) : (f64) -> f64
  %r = py.mul %x, %y : f64
  return %r : f64
}
