// eqsat on arrays, priced by their element count: matrix chains reassociate under reassoc
// ((A @ B) @ x is A @ (B @ x): two matrix-vector products for a matrix product; dot-associate,
// dot-associate-back), a scalar factor leaves a py.dot (dot-scale-left, dot-scale-right: it then
// scales the smaller result), sum(a * b) of vectors is a py.dot (sum-of-products) only where a
// and b are one value or their extents are proven equal, a double transpose is the array
// (transpose-transpose). Rules over numbers hold elementwise on a py.map whose kernel is one op on
// its block arguments (`map:py.pow`, `map:py.add`, ...). A py.dim of an array a py.map
// or py.dot made is the py.dim of an operand (extent-of-result), so the producer can die. Two
// identical reads of an array are one value only where nothing may write into it between them
// (a py.setitem or a call cuts the block into stretches). Blocks nested in a py.map are rewritten
// too.
// RUN: %rumba-opt %s --pass-pipeline='builtin.module(eqsat)' | %FileCheck %s

// dot-associate: (A @ B) @ x is A @ (B @ x).
// CHECK-LABEL: func.func @dot_chain(
// CHECK-SAME: %[[A:[^:]+]]: !py.array<f64, 2, C>, %[[B:[^:]+]]: !py.array<f64, 2, C>, %[[X:[^:]+]]: !py.array<f64, 1, C>)
// CHECK-NEXT: %[[BX:.*]] = py.dot %[[B]], %[[X]] : !py.array<f64, 2, C>, !py.array<f64, 1, C> -> !py.array<f64, 1, C>
// CHECK-NEXT: %[[R:.*]] = py.dot %[[A]], %[[BX]] : !py.array<f64, 2, C>, !py.array<f64, 1, C> -> !py.array<f64, 1, C>
// CHECK-NEXT: return %[[R]] : !py.array<f64, 1, C>
func.func @dot_chain(%a: !py.array<f64, 2, C>, %b: !py.array<f64, 2, C>, %x: !py.array<f64, 1, C>) -> !py.array<f64, 1, C> attributes {py.fastmath = #arith.fastmath<reassoc>} {
  %ab = py.dot %a, %b : !py.array<f64, 2, C>, !py.array<f64, 2, C> -> !py.array<f64, 2, C>
  %r = py.dot %ab, %x : !py.array<f64, 2, C>, !py.array<f64, 1, C> -> !py.array<f64, 1, C>
  return %r : !py.array<f64, 1, C>
}

// Without reassoc the float products keep their order.
// CHECK-LABEL: func.func @dot_chain_strict(
// CHECK-SAME: %[[A:[^:]+]]: !py.array<f64, 2, C>, %[[B:[^:]+]]: !py.array<f64, 2, C>, %[[X:[^:]+]]: !py.array<f64, 1, C>)
// CHECK-NEXT: %[[AB:.*]] = py.dot %[[A]], %[[B]] : !py.array<f64, 2, C>, !py.array<f64, 2, C> -> !py.array<f64, 2, C>
// CHECK-NEXT: %[[R:.*]] = py.dot %[[AB]], %[[X]] : !py.array<f64, 2, C>, !py.array<f64, 1, C> -> !py.array<f64, 1, C>
// CHECK-NEXT: return %[[R]] : !py.array<f64, 1, C>
func.func @dot_chain_strict(%a: !py.array<f64, 2, C>, %b: !py.array<f64, 2, C>, %x: !py.array<f64, 1, C>) -> !py.array<f64, 1, C> attributes {py.fastmath = #arith.fastmath<nnan,ninf,nsz>} {
  %ab = py.dot %a, %b : !py.array<f64, 2, C>, !py.array<f64, 2, C> -> !py.array<f64, 2, C>
  %r = py.dot %ab, %x : !py.array<f64, 2, C>, !py.array<f64, 1, C> -> !py.array<f64, 1, C>
  return %r : !py.array<f64, 1, C>
}

// Integer products reassociate without flags.
// CHECK-LABEL: func.func @dot_chain_int(
// CHECK-SAME: %[[A:[^:]+]]: !py.array<si64, 2, C>, %[[B:[^:]+]]: !py.array<si64, 2, C>, %[[X:[^:]+]]: !py.array<si64, 1, C>)
// CHECK-NEXT: %[[BX:.*]] = py.dot %[[B]], %[[X]] : !py.array<si64, 2, C>, !py.array<si64, 1, C> -> !py.array<si64, 1, C>
// CHECK-NEXT: %[[R:.*]] = py.dot %[[A]], %[[BX]] : !py.array<si64, 2, C>, !py.array<si64, 1, C> -> !py.array<si64, 1, C>
// CHECK-NEXT: return %[[R]] : !py.array<si64, 1, C>
func.func @dot_chain_int(%a: !py.array<si64, 2, C>, %b: !py.array<si64, 2, C>, %x: !py.array<si64, 1, C>) -> !py.array<si64, 1, C> {
  %ab = py.dot %a, %b : !py.array<si64, 2, C>, !py.array<si64, 2, C> -> !py.array<si64, 2, C>
  %r = py.dot %ab, %x : !py.array<si64, 2, C>, !py.array<si64, 1, C> -> !py.array<si64, 1, C>
  return %r : !py.array<si64, 1, C>
}

// dot-associate-back: x @ (A @ B) is (x @ A) @ B.
// CHECK-LABEL: func.func @dot_chain_back(
// CHECK-SAME: %[[X:[^:]+]]: !py.array<f64, 1, C>, %[[A:[^:]+]]: !py.array<f64, 2, C>, %[[B:[^:]+]]: !py.array<f64, 2, C>)
// CHECK-NEXT: %[[XA:.*]] = py.dot %[[X]], %[[A]] : !py.array<f64, 1, C>, !py.array<f64, 2, C> -> !py.array<f64, 1, C>
// CHECK-NEXT: %[[R:.*]] = py.dot %[[XA]], %[[B]] : !py.array<f64, 1, C>, !py.array<f64, 2, C> -> !py.array<f64, 1, C>
// CHECK-NEXT: return %[[R]] : !py.array<f64, 1, C>
func.func @dot_chain_back(%x: !py.array<f64, 1, C>, %a: !py.array<f64, 2, C>, %b: !py.array<f64, 2, C>) -> !py.array<f64, 1, C> attributes {py.fastmath = #arith.fastmath<reassoc>} {
  %ab = py.dot %a, %b : !py.array<f64, 2, C>, !py.array<f64, 2, C> -> !py.array<f64, 2, C>
  %r = py.dot %x, %ab : !py.array<f64, 1, C>, !py.array<f64, 2, C> -> !py.array<f64, 1, C>
  return %r : !py.array<f64, 1, C>
}

// CHECK-LABEL: func.func @dot_chain_back_strict(
// CHECK-SAME: %[[X:[^:]+]]: !py.array<f64, 1, C>, %[[A:[^:]+]]: !py.array<f64, 2, C>, %[[B:[^:]+]]: !py.array<f64, 2, C>)
// CHECK-NEXT: %[[AB:.*]] = py.dot %[[A]], %[[B]] : !py.array<f64, 2, C>, !py.array<f64, 2, C> -> !py.array<f64, 2, C>
// CHECK-NEXT: %[[R:.*]] = py.dot %[[X]], %[[AB]] : !py.array<f64, 1, C>, !py.array<f64, 2, C> -> !py.array<f64, 1, C>
// CHECK-NEXT: return %[[R]] : !py.array<f64, 1, C>
func.func @dot_chain_back_strict(%x: !py.array<f64, 1, C>, %a: !py.array<f64, 2, C>, %b: !py.array<f64, 2, C>) -> !py.array<f64, 1, C> {
  %ab = py.dot %a, %b : !py.array<f64, 2, C>, !py.array<f64, 2, C> -> !py.array<f64, 2, C>
  %r = py.dot %x, %ab : !py.array<f64, 1, C>, !py.array<f64, 2, C> -> !py.array<f64, 1, C>
  return %r : !py.array<f64, 1, C>
}

// dot-scale-left: (s * A) @ x is s * (A @ x), scaling a vector rather than a matrix.
// CHECK-LABEL: func.func @dot_scale_left(
// CHECK-SAME: %[[S:[^:]+]]: f64, %[[A:[^:]+]]: !py.array<f64, 2, C>, %[[X:[^:]+]]: !py.array<f64, 1, C>)
// CHECK-NEXT: %[[AX:.*]] = py.dot %[[A]], %[[X]] : !py.array<f64, 2, C>, !py.array<f64, 1, C> -> !py.array<f64, 1, C>
// CHECK-NEXT: %[[R:.*]] = py.map %[[S]], %[[AX]] : (f64, !py.array<f64, 1, C>) -> !py.array<f64, 1, C> {
// CHECK-NEXT: ^bb0(%[[P:.*]]: f64, %[[Q:.*]]: f64):
// CHECK-NEXT: %[[T:.*]] = py.mul %[[P]], %[[Q]] : f64
// CHECK-NEXT: py.yield %[[T]] : f64
// CHECK-NEXT: }
// CHECK-NEXT: return %[[R]] : !py.array<f64, 1, C>
func.func @dot_scale_left(%s: f64, %a: !py.array<f64, 2, C>, %x: !py.array<f64, 1, C>) -> !py.array<f64, 1, C> attributes {py.fastmath = #arith.fastmath<reassoc>} {
  %sa = py.map %s, %a : (f64, !py.array<f64, 2, C>) -> !py.array<f64, 2, C> {
  ^bb0(%p: f64, %q: f64):
    %t = py.mul %p, %q : f64
    py.yield %t : f64
  }
  %r = py.dot %sa, %x : !py.array<f64, 2, C>, !py.array<f64, 1, C> -> !py.array<f64, 1, C>
  return %r : !py.array<f64, 1, C>
}

// CHECK-LABEL: func.func @dot_scale_left_strict(
// CHECK-SAME: %[[S:[^:]+]]: f64, %[[A:[^:]+]]: !py.array<f64, 2, C>, %[[X:[^:]+]]: !py.array<f64, 1, C>)
// CHECK-NEXT: %[[SA:.*]] = py.map %[[S]], %[[A]] : (f64, !py.array<f64, 2, C>) -> !py.array<f64, 2, C> {
// CHECK-NEXT: ^bb0(%[[P:.*]]: f64, %[[Q:.*]]: f64):
// CHECK-NEXT: %[[T:.*]] = py.mul %[[P]], %[[Q]] : f64
// CHECK-NEXT: py.yield %[[T]] : f64
// CHECK-NEXT: }
// CHECK-NEXT: %[[R:.*]] = py.dot %[[SA]], %[[X]] : !py.array<f64, 2, C>, !py.array<f64, 1, C> -> !py.array<f64, 1, C>
// CHECK-NEXT: return %[[R]] : !py.array<f64, 1, C>
func.func @dot_scale_left_strict(%s: f64, %a: !py.array<f64, 2, C>, %x: !py.array<f64, 1, C>) -> !py.array<f64, 1, C> {
  %sa = py.map %s, %a : (f64, !py.array<f64, 2, C>) -> !py.array<f64, 2, C> {
  ^bb0(%p: f64, %q: f64):
    %t = py.mul %p, %q : f64
    py.yield %t : f64
  }
  %r = py.dot %sa, %x : !py.array<f64, 2, C>, !py.array<f64, 1, C> -> !py.array<f64, 1, C>
  return %r : !py.array<f64, 1, C>
}

// dot-scale-right: x @ (s * B) is s * (x @ B).
// CHECK-LABEL: func.func @dot_scale_right(
// CHECK-SAME: %[[X:[^:]+]]: !py.array<f64, 1, C>, %[[S:[^:]+]]: f64, %[[B:[^:]+]]: !py.array<f64, 2, C>)
// CHECK-NEXT: %[[XB:.*]] = py.dot %[[X]], %[[B]] : !py.array<f64, 1, C>, !py.array<f64, 2, C> -> !py.array<f64, 1, C>
// CHECK-NEXT: %[[R:.*]] = py.map %[[S]], %[[XB]] : (f64, !py.array<f64, 1, C>) -> !py.array<f64, 1, C> {
// CHECK-NEXT: ^bb0(%[[P:.*]]: f64, %[[Q:.*]]: f64):
// CHECK-NEXT: %[[T:.*]] = py.mul %[[P]], %[[Q]] : f64
// CHECK-NEXT: py.yield %[[T]] : f64
// CHECK-NEXT: }
// CHECK-NEXT: return %[[R]] : !py.array<f64, 1, C>
func.func @dot_scale_right(%x: !py.array<f64, 1, C>, %s: f64, %b: !py.array<f64, 2, C>) -> !py.array<f64, 1, C> attributes {py.fastmath = #arith.fastmath<reassoc>} {
  %sb = py.map %s, %b : (f64, !py.array<f64, 2, C>) -> !py.array<f64, 2, C> {
  ^bb0(%p: f64, %q: f64):
    %t = py.mul %p, %q : f64
    py.yield %t : f64
  }
  %r = py.dot %x, %sb : !py.array<f64, 1, C>, !py.array<f64, 2, C> -> !py.array<f64, 1, C>
  return %r : !py.array<f64, 1, C>
}

// B * s is s * B elementwise (mul-commute-elementwise), so the factor leaves the product too.
// CHECK-LABEL: func.func @dot_scale_right_commuted(
// CHECK-SAME: %[[X:[^:]+]]: !py.array<f64, 1, C>, %[[S:[^:]+]]: f64, %[[B:[^:]+]]: !py.array<f64, 2, C>)
// CHECK-NEXT: %[[XB:.*]] = py.dot %[[X]], %[[B]] : !py.array<f64, 1, C>, !py.array<f64, 2, C> -> !py.array<f64, 1, C>
// CHECK-NEXT: %[[R:.*]] = py.map %[[S]], %[[XB]] : (f64, !py.array<f64, 1, C>) -> !py.array<f64, 1, C> {
// CHECK-NEXT: ^bb0(%[[P:.*]]: f64, %[[Q:.*]]: f64):
// CHECK-NEXT: %[[T:.*]] = py.mul %[[P]], %[[Q]] : f64
// CHECK-NEXT: py.yield %[[T]] : f64
// CHECK-NEXT: }
// CHECK-NEXT: return %[[R]] : !py.array<f64, 1, C>
func.func @dot_scale_right_commuted(%x: !py.array<f64, 1, C>, %s: f64, %b: !py.array<f64, 2, C>) -> !py.array<f64, 1, C> attributes {py.fastmath = #arith.fastmath<reassoc>} {
  %bs = py.map %b, %s : (!py.array<f64, 2, C>, f64) -> !py.array<f64, 2, C> {
  ^bb0(%p: f64, %q: f64):
    %t = py.mul %p, %q : f64
    py.yield %t : f64
  }
  %r = py.dot %x, %bs : !py.array<f64, 1, C>, !py.array<f64, 2, C> -> !py.array<f64, 1, C>
  return %r : !py.array<f64, 1, C>
}

// CHECK-LABEL: func.func @dot_scale_right_strict(
// CHECK-SAME: %[[X:[^:]+]]: !py.array<f64, 1, C>, %[[S:[^:]+]]: f64, %[[B:[^:]+]]: !py.array<f64, 2, C>)
// CHECK-NEXT: %[[SB:.*]] = py.map %[[S]], %[[B]] : (f64, !py.array<f64, 2, C>) -> !py.array<f64, 2, C> {
// CHECK-NEXT: ^bb0(%[[P:.*]]: f64, %[[Q:.*]]: f64):
// CHECK-NEXT: %[[T:.*]] = py.mul %[[P]], %[[Q]] : f64
// CHECK-NEXT: py.yield %[[T]] : f64
// CHECK-NEXT: }
// CHECK-NEXT: %[[R:.*]] = py.dot %[[X]], %[[SB]] : !py.array<f64, 1, C>, !py.array<f64, 2, C> -> !py.array<f64, 1, C>
// CHECK-NEXT: return %[[R]] : !py.array<f64, 1, C>
func.func @dot_scale_right_strict(%x: !py.array<f64, 1, C>, %s: f64, %b: !py.array<f64, 2, C>) -> !py.array<f64, 1, C> attributes {py.fastmath = #arith.fastmath<arcp>} {
  %sb = py.map %s, %b : (f64, !py.array<f64, 2, C>) -> !py.array<f64, 2, C> {
  ^bb0(%p: f64, %q: f64):
    %t = py.mul %p, %q : f64
    py.yield %t : f64
  }
  %r = py.dot %x, %sb : !py.array<f64, 1, C>, !py.array<f64, 2, C> -> !py.array<f64, 1, C>
  return %r : !py.array<f64, 1, C>
}

// sum-of-products: sum(a * a) is a @ a; the map and the reduction go.
// CHECK-LABEL: func.func @sum_of_squares(
// CHECK-SAME: %[[A:[^:]+]]: !py.array<f64, 1, C>)
// CHECK-NEXT: %[[R:.*]] = py.dot %[[A]], %[[A]] : !py.array<f64, 1, C>, !py.array<f64, 1, C> -> f64
// CHECK-NEXT: return %[[R]] : f64
func.func @sum_of_squares(%a: !py.array<f64, 1, C>) -> f64 attributes {py.fastmath = #arith.fastmath<reassoc>} {
  %p = py.map %a, %a : (!py.array<f64, 1, C>, !py.array<f64, 1, C>) -> !py.array<f64, 1, C> {
  ^bb0(%x: f64, %y: f64):
    %t = py.mul %x, %y : f64
    py.yield %t : f64
  }
  %r = py.reduce "sum"(%p) : !py.array<f64, 1, C> -> f64
  return %r : f64
}

// A dot product sums in another order: not without reassoc.
// CHECK-LABEL: func.func @sum_of_squares_strict(
// CHECK-SAME: %[[A:[^:]+]]: !py.array<f64, 1, C>)
// CHECK-NEXT: %[[P:.*]] = py.map %[[A]], %[[A]] : (!py.array<f64, 1, C>, !py.array<f64, 1, C>) -> !py.array<f64, 1, C> {
// CHECK-NEXT: ^bb0(%[[X:.*]]: f64, %[[Y:.*]]: f64):
// CHECK-NEXT: %[[T:.*]] = py.mul %[[X]], %[[Y]] : f64
// CHECK-NEXT: py.yield %[[T]] : f64
// CHECK-NEXT: }
// CHECK-NEXT: %[[R:.*]] = py.reduce "sum"(%[[P]]) : !py.array<f64, 1, C> -> f64
// CHECK-NEXT: return %[[R]] : f64
func.func @sum_of_squares_strict(%a: !py.array<f64, 1, C>) -> f64 {
  %p = py.map %a, %a : (!py.array<f64, 1, C>, !py.array<f64, 1, C>) -> !py.array<f64, 1, C> {
  ^bb0(%x: f64, %y: f64):
    %t = py.mul %x, %y : f64
    py.yield %t : f64
  }
  %r = py.reduce "sum"(%p) : !py.array<f64, 1, C> -> f64
  return %r : f64
}

// Integer sums do not depend on their order.
// CHECK-LABEL: func.func @sum_of_squares_int(
// CHECK-SAME: %[[A:[^:]+]]: !py.array<si64, 1, C>)
// CHECK-NEXT: %[[R:.*]] = py.dot %[[A]], %[[A]] : !py.array<si64, 1, C>, !py.array<si64, 1, C> -> si64
// CHECK-NEXT: return %[[R]] : si64
func.func @sum_of_squares_int(%a: !py.array<si64, 1, C>) -> si64 {
  %p = py.map %a, %a : (!py.array<si64, 1, C>, !py.array<si64, 1, C>) -> !py.array<si64, 1, C> {
  ^bb0(%x: si64, %y: si64):
    %t = py.mul %x, %y : si64
    py.yield %t : si64
  }
  %r = py.reduce "sum"(%p) : !py.array<si64, 1, C> -> si64
  return %r : si64
}

// Two unrelated vectors may broadcast (an extent of 1 against n), which np.dot refuses: under
// reassoc the sum is a dot of both viewed at the common extent n = (|a| == 1 ? |b| : |a|), a vector
// of extent 1 with stride 0 (sum-of-broadcast-products).
// CHECK-LABEL: func.func @sum_of_products_unproven(
// CHECK-SAME: %[[A:[^:]+]]: !py.array<f64, 1, C>, %[[B:[^:]+]]: !py.array<f64, 1, C>)
// CHECK-NEXT: %[[NA:.*]] = py.dim %[[A]], 0 : !py.array<f64, 1, C>
// CHECK-NEXT: %[[ONE:.*]] = py.constant 1 : si64
// CHECK-NEXT: %[[AUNIT:.*]] = py.cmp "eq", %[[NA]], %[[ONE]] : si64
// CHECK-NEXT: %[[NB:.*]] = py.dim %[[B]], 0 : !py.array<f64, 1, C>
// CHECK-NEXT: %[[N:.*]] = arith.select %[[AUNIT]], %[[NB]], %[[NA]] : si64
// CHECK-NEXT: %[[ZERO:.*]] = py.constant 0 : si64
// CHECK-NEXT: %[[SA:.*]] = py.stride %[[A]], 0 : !py.array<f64, 1, C>
// CHECK-NEXT: %[[STEPA:.*]] = arith.select %[[AUNIT]], %[[ZERO]], %[[SA]] : si64
// CHECK-NEXT: %[[VA:.*]] = py.as_strided %[[A]](%[[N]]) (%[[STEPA]]) : !py.array<f64, 1, C> -> !py.array<f64, 1, A>
// CHECK-NEXT: %[[BUNIT:.*]] = py.cmp "eq", %[[NB]], %[[ONE]] : si64
// CHECK-NEXT: %[[SB:.*]] = py.stride %[[B]], 0 : !py.array<f64, 1, C>
// CHECK-NEXT: %[[STEPB:.*]] = arith.select %[[BUNIT]], %[[ZERO]], %[[SB]] : si64
// CHECK-NEXT: %[[VB:.*]] = py.as_strided %[[B]](%[[N]]) (%[[STEPB]]) : !py.array<f64, 1, C> -> !py.array<f64, 1, A>
// CHECK-NEXT: %[[R:.*]] = py.dot %[[VA]], %[[VB]] : !py.array<f64, 1, A>, !py.array<f64, 1, A> -> f64
// CHECK-NEXT: return %[[R]] : f64
func.func @sum_of_products_unproven(%a: !py.array<f64, 1, C>, %b: !py.array<f64, 1, C>) -> f64 attributes {py.fastmath = #arith.fastmath<reassoc>} {
  %p = py.map %a, %b : (!py.array<f64, 1, C>, !py.array<f64, 1, C>) -> !py.array<f64, 1, C> {
  ^bb0(%x: f64, %y: f64):
    %t = py.mul %x, %y : f64
    py.yield %t : f64
  }
  %r = py.reduce "sum"(%p) : !py.array<f64, 1, C> -> f64
  return %r : f64
}

// Without reassoc the sum of products stays a sum (NumPy's pairwise order).
// CHECK-LABEL: func.func @sum_of_products_strict(
// CHECK: py.map
// CHECK: py.reduce "sum"
// CHECK-NOT: py.dot
// CHECK: return
func.func @sum_of_products_strict(%a: !py.array<f64, 1, C>, %b: !py.array<f64, 1, C>) -> f64 {
  %p = py.map %a, %b : (!py.array<f64, 1, C>, !py.array<f64, 1, C>) -> !py.array<f64, 1, C> {
  ^bb0(%x: f64, %y: f64):
    %t = py.mul %x, %y : f64
    py.yield %t : f64
  }
  %r = py.reduce "sum"(%p) : !py.array<f64, 1, C> -> f64
  return %r : f64
}

// b = sin(a) elementwise: py.dim b 0 is py.dim a 0 (extent-of-result), so the extents are proven
// equal and sum(a * b) is a @ b. The dimension returned reads a, and b is made once, for the dot.
// CHECK-LABEL: func.func @sum_of_products_proven(
// CHECK-SAME: %[[A:[^:]+]]: !py.array<f64, 1, C>)
// CHECK-NEXT: %[[N:.*]] = py.dim %[[A]], 0 : !py.array<f64, 1, C>
// CHECK-NEXT: %[[B:.*]] = py.map %[[A]] : (!py.array<f64, 1, C>) -> !py.array<f64, 1, C> {
// CHECK-NEXT: ^bb0(%[[X:.*]]: f64):
// CHECK-NEXT: %[[T:.*]] = py.math "sin"(%[[X]]) : (f64) -> f64
// CHECK-NEXT: py.yield %[[T]] : f64
// CHECK-NEXT: }
// CHECK-NEXT: %[[R:.*]] = py.dot %[[A]], %[[B]] : !py.array<f64, 1, C>, !py.array<f64, 1, C> -> f64
// CHECK-NEXT: return %[[R]], %[[N]] : f64, si64
func.func @sum_of_products_proven(%a: !py.array<f64, 1, C>) -> (f64, si64) attributes {py.fastmath = #arith.fastmath<reassoc>} {
  %b = py.map %a : (!py.array<f64, 1, C>) -> !py.array<f64, 1, C> {
  ^bb0(%x: f64):
    %t = py.math "sin"(%x) : (f64) -> f64
    py.yield %t : f64
  }
  %n = py.dim %b, 0 : !py.array<f64, 1, C>
  %p = py.map %a, %b : (!py.array<f64, 1, C>, !py.array<f64, 1, C>) -> !py.array<f64, 1, C> {
  ^bb0(%x: f64, %y: f64):
    %t = py.mul %x, %y : f64
    py.yield %t : f64
  }
  %r = py.reduce "sum"(%p) : !py.array<f64, 1, C> -> f64
  return %r, %n : f64, si64
}

// Matrices are not vectors: sum(A * A) stays a map and a reduction.
// CHECK-LABEL: func.func @sum_of_products_matrix(
// CHECK-SAME: %[[A:[^:]+]]: !py.array<f64, 2, C>)
// CHECK-NEXT: %[[P:.*]] = py.map %[[A]], %[[A]] : (!py.array<f64, 2, C>, !py.array<f64, 2, C>) -> !py.array<f64, 2, C> {
// CHECK: %[[R:.*]] = py.reduce "sum"(%[[P]]) : !py.array<f64, 2, C> -> f64
// CHECK-NEXT: return %[[R]] : f64
func.func @sum_of_products_matrix(%a: !py.array<f64, 2, C>) -> f64 attributes {py.fastmath = #arith.fastmath<reassoc>} {
  %p = py.map %a, %a : (!py.array<f64, 2, C>, !py.array<f64, 2, C>) -> !py.array<f64, 2, C> {
  ^bb0(%x: f64, %y: f64):
    %t = py.mul %x, %y : f64
    py.yield %t : f64
  }
  %r = py.reduce "sum"(%p) : !py.array<f64, 2, C> -> f64
  return %r : f64
}

// transpose-transpose.
// CHECK-LABEL: func.func @transpose_transpose(
// CHECK-SAME: %[[A:[^:]+]]: !py.array<f64, 2, C>)
// CHECK-NEXT: return %[[A]] : !py.array<f64, 2, C>
func.func @transpose_transpose(%a: !py.array<f64, 2, C>) -> !py.array<f64, 2, C> {
  %t = py.transpose %a : !py.array<f64, 2, C> -> !py.array<f64, 2, F>
  %r = py.transpose %t : !py.array<f64, 2, F> -> !py.array<f64, 2, C>
  return %r : !py.array<f64, 2, C>
}

// pow-two-elementwise: a ** 2.0 is a * a, a py.map of the array with itself.
// CHECK-LABEL: func.func @map_pow_two(
// CHECK-SAME: %[[A:[^:]+]]: !py.array<f64, 2, C>)
// CHECK-NEXT: %[[R:.*]] = py.map %[[A]], %[[A]] : (!py.array<f64, 2, C>, !py.array<f64, 2, C>) -> !py.array<f64, 2, C> {
// CHECK-NEXT: ^bb0(%[[X:.*]]: f64, %[[Y:.*]]: f64):
// CHECK-NEXT: %[[T:.*]] = py.mul %[[X]], %[[Y]] : f64
// CHECK-NEXT: py.yield %[[T]] : f64
// CHECK-NEXT: }
// CHECK-NEXT: return %[[R]] : !py.array<f64, 2, C>
func.func @map_pow_two(%a: !py.array<f64, 2, C>) -> !py.array<f64, 2, C> {
  %two = py.constant 2.0 : f64
  %r = py.map %a, %two : (!py.array<f64, 2, C>, f64) -> !py.array<f64, 2, C> {
  ^bb0(%x: f64, %y: f64):
    %t = py.pow %x, %y : f64
    py.yield %t : f64
  }
  return %r : !py.array<f64, 2, C>
}

// factor-add-elementwise: s * a + s * b is s * (a + b), two maps for three.
// CHECK-LABEL: func.func @map_factor_add(
// CHECK-SAME: %[[S:[^:]+]]: f64, %[[A:[^:]+]]: !py.array<f64, 1, C>, %[[B:[^:]+]]: !py.array<f64, 1, C>)
// CHECK-NEXT: %[[AB:.*]] = py.map %[[A]], %[[B]] : (!py.array<f64, 1, C>, !py.array<f64, 1, C>) -> !py.array<f64, 1, C> {
// CHECK-NEXT: ^bb0(%[[X:.*]]: f64, %[[Y:.*]]: f64):
// CHECK-NEXT: %[[T:.*]] = py.add %[[X]], %[[Y]] : f64
// CHECK-NEXT: py.yield %[[T]] : f64
// CHECK-NEXT: }
// CHECK-NEXT: %[[R:.*]] = py.map %[[S]], %[[AB]] : (f64, !py.array<f64, 1, C>) -> !py.array<f64, 1, C> {
// CHECK-NEXT: ^bb0(%[[X:.*]]: f64, %[[Y:.*]]: f64):
// CHECK-NEXT: %[[T:.*]] = py.mul %[[X]], %[[Y]] : f64
// CHECK-NEXT: py.yield %[[T]] : f64
// CHECK-NEXT: }
// CHECK-NEXT: return %[[R]] : !py.array<f64, 1, C>
func.func @map_factor_add(%s: f64, %a: !py.array<f64, 1, C>, %b: !py.array<f64, 1, C>) -> !py.array<f64, 1, C> attributes {py.fastmath = #arith.fastmath<reassoc>} {
  %sa = py.map %s, %a : (f64, !py.array<f64, 1, C>) -> !py.array<f64, 1, C> {
  ^bb0(%x: f64, %y: f64):
    %t = py.mul %x, %y : f64
    py.yield %t : f64
  }
  %sb = py.map %s, %b : (f64, !py.array<f64, 1, C>) -> !py.array<f64, 1, C> {
  ^bb0(%x: f64, %y: f64):
    %t = py.mul %x, %y : f64
    py.yield %t : f64
  }
  %r = py.map %sa, %sb : (!py.array<f64, 1, C>, !py.array<f64, 1, C>) -> !py.array<f64, 1, C> {
  ^bb0(%x: f64, %y: f64):
    %t = py.add %x, %y : f64
    py.yield %t : f64
  }
  return %r : !py.array<f64, 1, C>
}

// CHECK-LABEL: func.func @map_factor_add_strict(
// CHECK-SAME: %[[S:[^:]+]]: f64, %[[A:[^:]+]]: !py.array<f64, 1, C>, %[[B:[^:]+]]: !py.array<f64, 1, C>)
// CHECK-NEXT: %[[SA:.*]] = py.map %[[S]], %[[A]] :
// CHECK: %[[SB:.*]] = py.map %[[S]], %[[B]] :
// CHECK: %[[R:.*]] = py.map %[[SA]], %[[SB]] :
// CHECK-NEXT: ^bb0(%[[X:.*]]: f64, %[[Y:.*]]: f64):
// CHECK-NEXT: %[[T:.*]] = py.add %[[X]], %[[Y]] : f64
// CHECK-NEXT: py.yield %[[T]] : f64
// CHECK-NEXT: }
// CHECK-NEXT: return %[[R]] : !py.array<f64, 1, C>
func.func @map_factor_add_strict(%s: f64, %a: !py.array<f64, 1, C>, %b: !py.array<f64, 1, C>) -> !py.array<f64, 1, C> {
  %sa = py.map %s, %a : (f64, !py.array<f64, 1, C>) -> !py.array<f64, 1, C> {
  ^bb0(%x: f64, %y: f64):
    %t = py.mul %x, %y : f64
    py.yield %t : f64
  }
  %sb = py.map %s, %b : (f64, !py.array<f64, 1, C>) -> !py.array<f64, 1, C> {
  ^bb0(%x: f64, %y: f64):
    %t = py.mul %x, %y : f64
    py.yield %t : f64
  }
  %r = py.map %sa, %sb : (!py.array<f64, 1, C>, !py.array<f64, 1, C>) -> !py.array<f64, 1, C> {
  ^bb0(%x: f64, %y: f64):
    %t = py.add %x, %y : f64
    py.yield %t : f64
  }
  return %r : !py.array<f64, 1, C>
}

// add-associate-elementwise: (M + v) + w is M + (v + w), whose inner map is over vectors.
// CHECK-LABEL: func.func @map_add_associate(
// CHECK-SAME: %[[M:[^:]+]]: !py.array<f64, 2, C>, %[[V:[^:]+]]: !py.array<f64, 1, C>, %[[W:[^:]+]]: !py.array<f64, 1, C>)
// CHECK-NEXT: %[[VW:.*]] = py.map %[[V]], %[[W]] : (!py.array<f64, 1, C>, !py.array<f64, 1, C>) -> !py.array<f64, 1, C> {
// CHECK-NEXT: ^bb0(%[[X:.*]]: f64, %[[Y:.*]]: f64):
// CHECK-NEXT: %[[T:.*]] = py.add %[[X]], %[[Y]] : f64
// CHECK-NEXT: py.yield %[[T]] : f64
// CHECK-NEXT: }
// CHECK-NEXT: %[[R:.*]] = py.map %[[M]], %[[VW]] : (!py.array<f64, 2, C>, !py.array<f64, 1, C>) -> !py.array<f64, 2, C> {
// CHECK-NEXT: ^bb0(%[[X:.*]]: f64, %[[Y:.*]]: f64):
// CHECK-NEXT: %[[T:.*]] = py.add %[[X]], %[[Y]] : f64
// CHECK-NEXT: py.yield %[[T]] : f64
// CHECK-NEXT: }
// CHECK-NEXT: return %[[R]] : !py.array<f64, 2, C>
func.func @map_add_associate(%m: !py.array<f64, 2, C>, %v: !py.array<f64, 1, C>, %w: !py.array<f64, 1, C>) -> !py.array<f64, 2, C> attributes {py.fastmath = #arith.fastmath<reassoc>} {
  %p = py.map %m, %v : (!py.array<f64, 2, C>, !py.array<f64, 1, C>) -> !py.array<f64, 2, C> {
  ^bb0(%x: f64, %y: f64):
    %t = py.add %x, %y : f64
    py.yield %t : f64
  }
  %r = py.map %p, %w : (!py.array<f64, 2, C>, !py.array<f64, 1, C>) -> !py.array<f64, 2, C> {
  ^bb0(%x: f64, %y: f64):
    %t = py.add %x, %y : f64
    py.yield %t : f64
  }
  return %r : !py.array<f64, 2, C>
}

// CHECK-LABEL: func.func @map_add_associate_strict(
// CHECK-SAME: %[[M:[^:]+]]: !py.array<f64, 2, C>, %[[V:[^:]+]]: !py.array<f64, 1, C>, %[[W:[^:]+]]: !py.array<f64, 1, C>)
// CHECK-NEXT: %[[P:.*]] = py.map %[[M]], %[[V]] : (!py.array<f64, 2, C>, !py.array<f64, 1, C>) -> !py.array<f64, 2, C> {
// CHECK: %[[R:.*]] = py.map %[[P]], %[[W]] : (!py.array<f64, 2, C>, !py.array<f64, 1, C>) -> !py.array<f64, 2, C> {
// CHECK: return %[[R]] : !py.array<f64, 2, C>
func.func @map_add_associate_strict(%m: !py.array<f64, 2, C>, %v: !py.array<f64, 1, C>, %w: !py.array<f64, 1, C>) -> !py.array<f64, 2, C> {
  %p = py.map %m, %v : (!py.array<f64, 2, C>, !py.array<f64, 1, C>) -> !py.array<f64, 2, C> {
  ^bb0(%x: f64, %y: f64):
    %t = py.add %x, %y : f64
    py.yield %t : f64
  }
  %r = py.map %p, %w : (!py.array<f64, 2, C>, !py.array<f64, 1, C>) -> !py.array<f64, 2, C> {
  ^bb0(%x: f64, %y: f64):
    %t = py.add %x, %y : f64
    py.yield %t : f64
  }
  return %r : !py.array<f64, 2, C>
}

// mul-associate-back-elementwise: w * (v * M) is (w * v) * M.
// CHECK-LABEL: func.func @map_mul_associate_back(
// CHECK-SAME: %[[M:[^:]+]]: !py.array<f64, 2, C>, %[[V:[^:]+]]: !py.array<f64, 1, C>, %[[W:[^:]+]]: !py.array<f64, 1, C>)
// CHECK-NEXT: %[[VW:.*]] = py.map {{.*}} : (!py.array<f64, 1, C>, !py.array<f64, 1, C>) -> !py.array<f64, 1, C> {
// CHECK-NEXT: ^bb0(%[[X:.*]]: f64, %[[Y:.*]]: f64):
// CHECK-NEXT: %[[T:.*]] = py.mul %[[X]], %[[Y]] : f64
// CHECK-NEXT: py.yield %[[T]] : f64
// CHECK-NEXT: }
// CHECK-NEXT: %[[R:.*]] = py.map %[[M]], %[[VW]] : (!py.array<f64, 2, C>, !py.array<f64, 1, C>) -> !py.array<f64, 2, C> {
// CHECK-NEXT: ^bb0(%[[X:.*]]: f64, %[[Y:.*]]: f64):
// CHECK-NEXT: %[[T:.*]] = py.mul %[[X]], %[[Y]] : f64
// CHECK-NEXT: py.yield %[[T]] : f64
// CHECK-NEXT: }
// CHECK-NEXT: return %[[R]] : !py.array<f64, 2, C>
func.func @map_mul_associate_back(%m: !py.array<f64, 2, C>, %v: !py.array<f64, 1, C>, %w: !py.array<f64, 1, C>) -> !py.array<f64, 2, C> attributes {py.fastmath = #arith.fastmath<reassoc>} {
  %p = py.map %v, %m : (!py.array<f64, 1, C>, !py.array<f64, 2, C>) -> !py.array<f64, 2, C> {
  ^bb0(%x: f64, %y: f64):
    %t = py.mul %x, %y : f64
    py.yield %t : f64
  }
  %r = py.map %w, %p : (!py.array<f64, 1, C>, !py.array<f64, 2, C>) -> !py.array<f64, 2, C> {
  ^bb0(%x: f64, %y: f64):
    %t = py.mul %x, %y : f64
    py.yield %t : f64
  }
  return %r : !py.array<f64, 2, C>
}

// truediv-truediv-elementwise: (M / v) / w is M / (v * w), with arcp and reassoc.
// CHECK-LABEL: func.func @map_truediv_truediv(
// CHECK-SAME: %[[M:[^:]+]]: !py.array<f64, 2, C>, %[[V:[^:]+]]: !py.array<f64, 1, C>, %[[W:[^:]+]]: !py.array<f64, 1, C>)
// CHECK-NEXT: %[[VW:.*]] = py.map %[[V]], %[[W]] : (!py.array<f64, 1, C>, !py.array<f64, 1, C>) -> !py.array<f64, 1, C> {
// CHECK-NEXT: ^bb0(%[[X:.*]]: f64, %[[Y:.*]]: f64):
// CHECK-NEXT: %[[T:.*]] = py.mul %[[X]], %[[Y]] : f64
// CHECK-NEXT: py.yield %[[T]] : f64
// CHECK-NEXT: }
// CHECK-NEXT: %[[R:.*]] = py.map %[[M]], %[[VW]] : (!py.array<f64, 2, C>, !py.array<f64, 1, C>) -> !py.array<f64, 2, C> {
// CHECK-NEXT: ^bb0(%[[X:.*]]: f64, %[[Y:.*]]: f64):
// CHECK-NEXT: %[[T:.*]] = py.truediv %[[X]], %[[Y]] : f64
// CHECK-NEXT: py.yield %[[T]] : f64
// CHECK-NEXT: }
// CHECK-NEXT: return %[[R]] : !py.array<f64, 2, C>
func.func @map_truediv_truediv(%m: !py.array<f64, 2, C>, %v: !py.array<f64, 1, C>, %w: !py.array<f64, 1, C>) -> !py.array<f64, 2, C> attributes {py.fastmath = #arith.fastmath<arcp,reassoc>} {
  %p = py.map %m, %v : (!py.array<f64, 2, C>, !py.array<f64, 1, C>) -> !py.array<f64, 2, C> {
  ^bb0(%x: f64, %y: f64):
    %t = py.truediv %x, %y : f64
    py.yield %t : f64
  }
  %r = py.map %p, %w : (!py.array<f64, 2, C>, !py.array<f64, 1, C>) -> !py.array<f64, 2, C> {
  ^bb0(%x: f64, %y: f64):
    %t = py.truediv %x, %y : f64
    py.yield %t : f64
  }
  return %r : !py.array<f64, 2, C>
}

// CHECK-LABEL: func.func @map_truediv_truediv_reassoc_only(
// CHECK-SAME: %[[M:[^:]+]]: !py.array<f64, 2, C>, %[[V:[^:]+]]: !py.array<f64, 1, C>, %[[W:[^:]+]]: !py.array<f64, 1, C>)
// CHECK-NEXT: %[[P:.*]] = py.map %[[M]], %[[V]] : (!py.array<f64, 2, C>, !py.array<f64, 1, C>) -> !py.array<f64, 2, C> {
// CHECK: %[[R:.*]] = py.map %[[P]], %[[W]] : (!py.array<f64, 2, C>, !py.array<f64, 1, C>) -> !py.array<f64, 2, C> {
// CHECK: return %[[R]] : !py.array<f64, 2, C>
func.func @map_truediv_truediv_reassoc_only(%m: !py.array<f64, 2, C>, %v: !py.array<f64, 1, C>, %w: !py.array<f64, 1, C>) -> !py.array<f64, 2, C> attributes {py.fastmath = #arith.fastmath<reassoc>} {
  %p = py.map %m, %v : (!py.array<f64, 2, C>, !py.array<f64, 1, C>) -> !py.array<f64, 2, C> {
  ^bb0(%x: f64, %y: f64):
    %t = py.truediv %x, %y : f64
    py.yield %t : f64
  }
  %r = py.map %p, %w : (!py.array<f64, 2, C>, !py.array<f64, 1, C>) -> !py.array<f64, 2, C> {
  ^bb0(%x: f64, %y: f64):
    %t = py.truediv %x, %y : f64
    py.yield %t : f64
  }
  return %r : !py.array<f64, 2, C>
}

// extent-of-result: a py.map with one array operand has that array's extents; the map dies.
// CHECK-LABEL: func.func @dim_of_map(
// CHECK-SAME: %[[A:[^:]+]]: !py.array<f64, 2, C>)
// CHECK-NEXT: %[[N:.*]] = py.dim %[[A]], 1 : !py.array<f64, 2, C>
// CHECK-NEXT: return %[[N]] : si64
func.func @dim_of_map(%a: !py.array<f64, 2, C>) -> si64 {
  %m = py.map %a : (!py.array<f64, 2, C>) -> !py.array<f64, 2, C> {
  ^bb0(%x: f64):
    %t = py.neg %x : f64
    py.yield %t : f64
  }
  %n = py.dim %m, 1 : !py.array<f64, 2, C>
  return %n : si64
}

// Also a fused kernel of several ops, with scalar operands beside the one array.
// CHECK-LABEL: func.func @dim_of_fused_map(
// CHECK-SAME: %[[A:[^:]+]]: !py.array<f64, 2, C>, %[[S:[^:]+]]: f64)
// CHECK-NEXT: %[[N:.*]] = py.dim %[[A]], 0 : !py.array<f64, 2, C>
// CHECK-NEXT: return %[[N]] : si64
func.func @dim_of_fused_map(%a: !py.array<f64, 2, C>, %s: f64) -> si64 {
  %m = py.map %a, %s : (!py.array<f64, 2, C>, f64) -> !py.array<f64, 2, C> {
  ^bb0(%x: f64, %y: f64):
    %t = py.mul %x, %y : f64
    %u = py.add %t, %y : f64
    py.yield %u : f64
  }
  %n = py.dim %m, 0 : !py.array<f64, 2, C>
  return %n : si64
}

// With two array operands the extent is a broadcast of both: kept.
// CHECK-LABEL: func.func @dim_of_broadcast_kept(
// CHECK-SAME: %[[A:[^:]+]]: !py.array<f64, 2, C>, %[[B:[^:]+]]: !py.array<f64, 1, C>)
// CHECK-NEXT: %[[M:.*]] = py.map %[[A]], %[[B]] :
// CHECK: %[[N:.*]] = py.dim %[[M]], 1 : !py.array<f64, 2, C>
// CHECK-NEXT: return %[[N]] : si64
func.func @dim_of_broadcast_kept(%a: !py.array<f64, 2, C>, %b: !py.array<f64, 1, C>) -> si64 {
  %m = py.map %a, %b : (!py.array<f64, 2, C>, !py.array<f64, 1, C>) -> !py.array<f64, 2, C> {
  ^bb0(%x: f64, %y: f64):
    %t = py.add %x, %y : f64
    py.yield %t : f64
  }
  %n = py.dim %m, 1 : !py.array<f64, 2, C>
  return %n : si64
}

// A @ B has A's rows and B's columns; the product dies.
// CHECK-LABEL: func.func @dim_of_matmul(
// CHECK-SAME: %[[A:[^:]+]]: !py.array<f64, 2, C>, %[[B:[^:]+]]: !py.array<f64, 2, C>)
// CHECK-NEXT: %[[R:.*]] = py.dim %[[A]], 0 : !py.array<f64, 2, C>
// CHECK-NEXT: %[[C:.*]] = py.dim %[[B]], 1 : !py.array<f64, 2, C>
// CHECK-NEXT: return %[[R]], %[[C]] : si64, si64
func.func @dim_of_matmul(%a: !py.array<f64, 2, C>, %b: !py.array<f64, 2, C>) -> (si64, si64) {
  %m = py.dot %a, %b : !py.array<f64, 2, C>, !py.array<f64, 2, C> -> !py.array<f64, 2, C>
  %r = py.dim %m, 0 : !py.array<f64, 2, C>
  %c = py.dim %m, 1 : !py.array<f64, 2, C>
  return %r, %c : si64, si64
}

// A @ x has A's rows.
// CHECK-LABEL: func.func @dim_of_matvec(
// CHECK-SAME: %[[A:[^:]+]]: !py.array<f64, 2, C>, %[[X:[^:]+]]: !py.array<f64, 1, C>)
// CHECK-NEXT: %[[N:.*]] = py.dim %[[A]], 0 : !py.array<f64, 2, C>
// CHECK-NEXT: return %[[N]] : si64
func.func @dim_of_matvec(%a: !py.array<f64, 2, C>, %x: !py.array<f64, 1, C>) -> si64 {
  %m = py.dot %a, %x : !py.array<f64, 2, C>, !py.array<f64, 1, C> -> !py.array<f64, 1, C>
  %n = py.dim %m, 0 : !py.array<f64, 1, C>
  return %n : si64
}

// x @ B has B's columns.
// CHECK-LABEL: func.func @dim_of_vecmat(
// CHECK-SAME: %[[X:[^:]+]]: !py.array<f64, 1, C>, %[[B:[^:]+]]: !py.array<f64, 2, C>)
// CHECK-NEXT: %[[N:.*]] = py.dim %[[B]], 1 : !py.array<f64, 2, C>
// CHECK-NEXT: return %[[N]] : si64
func.func @dim_of_vecmat(%x: !py.array<f64, 1, C>, %b: !py.array<f64, 2, C>) -> si64 {
  %m = py.dot %x, %b : !py.array<f64, 1, C>, !py.array<f64, 2, C> -> !py.array<f64, 1, C>
  %n = py.dim %m, 0 : !py.array<f64, 1, C>
  return %n : si64
}

// Two identical reads with nothing between them are one value: a[i] - a[i] is 0.
// CHECK-LABEL: func.func @reads_merge(
// CHECK-SAME: %[[A:[^:]+]]: !py.array<si64, 1, C>, %[[I:[^:]+]]: si64)
// CHECK-NEXT: %[[Z:.*]] = py.constant 0 : si64
// CHECK-NEXT: return %[[Z]] : si64
func.func @reads_merge(%a: !py.array<si64, 1, C>, %i: si64) -> si64 {
  %x = py.getitem %a[%i] : !py.array<si64, 1, C>, si64 -> si64
  %y = py.getitem %a[%i] : !py.array<si64, 1, C>, si64 -> si64
  %r = py.sub %x, %y : si64
  return %r : si64
}

// A py.setitem between them may change a[i]: both reads and the difference stay.
// CHECK-LABEL: func.func @reads_across_setitem(
// CHECK-SAME: %[[A:[^:]+]]: !py.array<si64, 1, C>, %[[I:[^:]+]]: si64, %[[V:[^:]+]]: si64)
// CHECK-NEXT: %[[X:.*]] = py.getitem %[[A]][%[[I]]] : !py.array<si64, 1, C>, si64 -> si64
// CHECK-NEXT: py.setitem %[[V]], %[[A]][%[[I]]] : si64, !py.array<si64, 1, C>, si64
// CHECK-NEXT: %[[Y:.*]] = py.getitem %[[A]][%[[I]]] : !py.array<si64, 1, C>, si64 -> si64
// CHECK-NEXT: %[[R:.*]] = py.sub %[[X]], %[[Y]] : si64
// CHECK-NEXT: return %[[R]] : si64
func.func @reads_across_setitem(%a: !py.array<si64, 1, C>, %i: si64, %v: si64) -> si64 {
  %x = py.getitem %a[%i] : !py.array<si64, 1, C>, si64 -> si64
  py.setitem %v, %a[%i] : si64, !py.array<si64, 1, C>, si64
  %y = py.getitem %a[%i] : !py.array<si64, 1, C>, si64 -> si64
  %r = py.sub %x, %y : si64
  return %r : si64
}

func.func private @touch(!py.array<si64, 1, C>)

// So does a call, which may write into the array it is handed.
// CHECK-LABEL: func.func @reads_across_call(
// CHECK-SAME: %[[A:[^:]+]]: !py.array<si64, 1, C>, %[[I:[^:]+]]: si64)
// CHECK-NEXT: %[[X:.*]] = py.getitem %[[A]][%[[I]]] : !py.array<si64, 1, C>, si64 -> si64
// CHECK-NEXT: call @touch(%[[A]]) : (!py.array<si64, 1, C>) -> ()
// CHECK-NEXT: %[[Y:.*]] = py.getitem %[[A]][%[[I]]] : !py.array<si64, 1, C>, si64 -> si64
// CHECK-NEXT: %[[R:.*]] = py.sub %[[X]], %[[Y]] : si64
// CHECK-NEXT: return %[[R]] : si64
func.func @reads_across_call(%a: !py.array<si64, 1, C>, %i: si64) -> si64 {
  %x = py.getitem %a[%i] : !py.array<si64, 1, C>, si64 -> si64
  func.call @touch(%a) : (!py.array<si64, 1, C>) -> ()
  %y = py.getitem %a[%i] : !py.array<si64, 1, C>, si64 -> si64
  %r = py.sub %x, %y : si64
  return %r : si64
}

// Reads after the write are in one stretch again.
// CHECK-LABEL: func.func @reads_after_setitem(
// CHECK-SAME: %[[A:[^:]+]]: !py.array<si64, 1, C>, %[[I:[^:]+]]: si64, %[[V:[^:]+]]: si64)
// CHECK-NEXT: py.setitem %[[V]], %[[A]][%[[I]]] : si64, !py.array<si64, 1, C>, si64
// CHECK-NEXT: %[[Z:.*]] = py.constant 0 : si64
// CHECK-NEXT: return %[[Z]] : si64
func.func @reads_after_setitem(%a: !py.array<si64, 1, C>, %i: si64, %v: si64) -> si64 {
  py.setitem %v, %a[%i] : si64, !py.array<si64, 1, C>, si64
  %x = py.getitem %a[%i] : !py.array<si64, 1, C>, si64 -> si64
  %y = py.getitem %a[%i] : !py.array<si64, 1, C>, si64 -> si64
  %r = py.sub %x, %y : si64
  return %r : si64
}

// Whole-array reads too: sum(a) before and after a[i] = v are two sums, even under `fast`.
// CHECK-LABEL: func.func @sums_across_setitem(
// CHECK-SAME: %[[A:[^:]+]]: !py.array<f64, 1, C>, %[[I:[^:]+]]: si64, %[[V:[^:]+]]: f64)
// CHECK-NEXT: %[[X:.*]] = py.reduce "sum"(%[[A]]) : !py.array<f64, 1, C> -> f64
// CHECK-NEXT: py.setitem %[[V]], %[[A]][%[[I]]] : f64, !py.array<f64, 1, C>, si64
// CHECK-NEXT: %[[Y:.*]] = py.reduce "sum"(%[[A]]) : !py.array<f64, 1, C> -> f64
// CHECK-NEXT: %[[R:.*]] = py.sub %[[X]], %[[Y]] : f64
// CHECK-NEXT: return %[[R]] : f64
func.func @sums_across_setitem(%a: !py.array<f64, 1, C>, %i: si64, %v: f64) -> f64 attributes {py.fastmath = #arith.fastmath<fast>} {
  %x = py.reduce "sum"(%a) : !py.array<f64, 1, C> -> f64
  py.setitem %v, %a[%i] : f64, !py.array<f64, 1, C>, si64
  %y = py.reduce "sum"(%a) : !py.array<f64, 1, C> -> f64
  %r = py.sub %x, %y : f64
  return %r : f64
}

// The block of a fused kernel is rewritten too (x * 1.0 is x), and the constant it read from
// outside goes once nothing uses it.
// CHECK-LABEL: func.func @kernel_block(
// CHECK-SAME: %[[A:[^:]+]]: !py.array<f64, 1, C>, %[[B:[^:]+]]: !py.array<f64, 1, C>)
// CHECK-NEXT: %[[R:.*]] = py.map %[[A]], %[[B]] : (!py.array<f64, 1, C>, !py.array<f64, 1, C>) -> !py.array<f64, 1, C> {
// CHECK-NEXT: ^bb0(%[[X:.*]]: f64, %[[Y:.*]]: f64):
// CHECK-NEXT: %[[T:.*]] = py.add %[[X]], %[[Y]] : f64
// CHECK-NEXT: py.yield %[[T]] : f64
// CHECK-NEXT: }
// CHECK-NEXT: return %[[R]] : !py.array<f64, 1, C>
func.func @kernel_block(%a: !py.array<f64, 1, C>, %b: !py.array<f64, 1, C>) -> !py.array<f64, 1, C> {
  %one = py.constant 1.0 : f64
  %r = py.map %a, %b : (!py.array<f64, 1, C>, !py.array<f64, 1, C>) -> !py.array<f64, 1, C> {
  ^bb0(%x: f64, %y: f64):
    %t = py.mul %x, %one : f64
    %u = py.add %t, %y : f64
    py.yield %u : f64
  }
  return %r : !py.array<f64, 1, C>
}

// Two identical fused maps (kernels of several ops, keyed by their printed kernel) over one array
// are one array where they are only read: one map, summed twice.
// CHECK-LABEL: func.func @identical_fused_maps_read(
// CHECK-SAME: %[[A:[^:]+]]: !py.array<f64, 1, C>)
// CHECK-NEXT: %[[M:.*]] = py.map %[[A]] : (!py.array<f64, 1, C>) -> !py.array<f64, 1, C> {
// CHECK-NEXT: ^bb0(%[[X:.*]]: f64):
// CHECK-NEXT: %[[S:.*]] = py.mul %[[X]], %[[X]] : f64
// CHECK-NEXT: %[[T:.*]] = py.math "sin"(%[[S]]) : (f64) -> f64
// CHECK-NEXT: py.yield %[[T]] : f64
// CHECK-NEXT: }
// CHECK-NEXT: %[[R:.*]] = py.reduce "sum"(%[[M]])
// CHECK-NEXT: return %[[R]], %[[R]]
func.func @identical_fused_maps_read(%a: !py.array<f64, 1, C>) -> (f64, f64) {
  %p = py.map %a : (!py.array<f64, 1, C>) -> !py.array<f64, 1, C> {
  ^bb0(%x: f64):
    %s = py.mul %x, %x : f64
    %t = py.math "sin"(%s) : (f64) -> f64
    py.yield %t : f64
  }
  %q = py.map %a : (!py.array<f64, 1, C>) -> !py.array<f64, 1, C> {
  ^bb0(%y: f64):
    %s = py.mul %y, %y : f64
    %t = py.math "sin"(%s) : (f64) -> f64
    py.yield %t : f64
  }
  %sp = py.reduce "sum"(%p) : !py.array<f64, 1, C> -> f64
  %sq = py.reduce "sum"(%q) : !py.array<f64, 1, C> -> f64
  return %sp, %sq : f64, f64
}

// Returned, they stay two arrays: the caller may write into one (two maps).
// CHECK-LABEL: func.func @identical_fused_maps_returned(
// CHECK: %[[P:.*]] = py.map
// CHECK: %[[Q:.*]] = py.map
// CHECK: return %[[P]], %[[Q]]
func.func @identical_fused_maps_returned(%a: !py.array<f64, 1, C>) -> (!py.array<f64, 1, C>, !py.array<f64, 1, C>) {
  %p = py.map %a : (!py.array<f64, 1, C>) -> !py.array<f64, 1, C> {
  ^bb0(%x: f64):
    %s = py.mul %x, %x : f64
    %t = py.math "sin"(%s) : (f64) -> f64
    py.yield %t : f64
  }
  %q = py.map %a : (!py.array<f64, 1, C>) -> !py.array<f64, 1, C> {
  ^bb0(%y: f64):
    %s = py.mul %y, %y : f64
    %t = py.math "sin"(%s) : (f64) -> f64
    py.yield %t : f64
  }
  return %p, %q : !py.array<f64, 1, C>, !py.array<f64, 1, C>
}

// Written after the stretch, p = a @ x and q = a @ x stay two arrays: q keeps its values.
// CHECK-LABEL: func.func @identical_products_written(
// CHECK: %[[P:.*]] = py.dot
// CHECK: %[[Q:.*]] = py.dot
// CHECK: py.setitem %{{.*}}, %[[P]]
// CHECK: return %[[Q]]
func.func @identical_products_written(%a: !py.array<f64, 2, C>, %x: !py.array<f64, 1, C>, %i: ui64, %v: f64) -> !py.array<f64, 1, C> {
  %p = py.dot %a, %x : !py.array<f64, 2, C>, !py.array<f64, 1, C> -> !py.array<f64, 1, C>
  %q = py.dot %a, %x : !py.array<f64, 2, C>, !py.array<f64, 1, C> -> !py.array<f64, 1, C>
  py.setitem %v, %p[%i] : f64, !py.array<f64, 1, C>, ui64
  return %q : !py.array<f64, 1, C>
}

// A view of a new array that is written keeps reading that array: q = p.T is not rebuilt from
// another copy of a @ b, so q sees the write into p.
// CHECK-LABEL: func.func @view_of_written_product(
// CHECK: %[[P:.*]] = py.dot
// CHECK-NEXT: %[[Q:.*]] = py.transpose %[[P]]
// CHECK: py.setitem %{{.*}}, %[[P]]
// CHECK: return %[[Q]]
func.func @view_of_written_product(%a: !py.array<f64, 2, C>, %b: !py.array<f64, 2, C>, %i: ui64, %v: f64) -> !py.array<f64, 2, F> {
  %p = py.dot %a, %b : !py.array<f64, 2, C>, !py.array<f64, 2, C> -> !py.array<f64, 2, C>
  %q = py.transpose %p : !py.array<f64, 2, C> -> !py.array<f64, 2, F>
  %r = py.dot %a, %b : !py.array<f64, 2, C>, !py.array<f64, 2, C> -> !py.array<f64, 2, C>
  %d = py.dim %r, 0 : !py.array<f64, 2, C>
  py.setitem %v, %p[%i, %i] : f64, !py.array<f64, 2, C>, ui64, ui64
  return %q : !py.array<f64, 2, F>
}

// A map of one op with attributes of its own (here arith.addf's fastmath) is rebuilt with them.
// CHECK-LABEL: func.func @kernel_attributes(
// CHECK-SAME: %[[A:[^:]+]]: !py.array<f64, 1, C>, %[[B:[^:]+]]: !py.array<f64, 1, C>)
// CHECK-NEXT: %[[M:.*]] = py.map %[[A]], %[[B]] : (!py.array<f64, 1, C>, !py.array<f64, 1, C>) -> !py.array<f64, 1, C> {
// CHECK-NEXT: ^bb0(%[[X:.*]]: f64, %[[Y:.*]]: f64):
// CHECK-NEXT: %[[S:.*]] = arith.addf %[[X]], %[[Y]] fastmath<contract> : f64
// CHECK-NEXT: py.yield %[[S]] : f64
// CHECK-NEXT: }
// CHECK-NEXT: %[[R:.*]] = py.reduce "sum"(%[[M]])
// CHECK-NEXT: return %[[R]], %[[R]]
func.func @kernel_attributes(%a: !py.array<f64, 1, C>, %b: !py.array<f64, 1, C>) -> (f64, f64) {
  %p = py.map %a, %b : (!py.array<f64, 1, C>, !py.array<f64, 1, C>) -> !py.array<f64, 1, C> {
  ^bb0(%x: f64, %y: f64):
    %s = arith.addf %x, %y fastmath<contract> : f64
    py.yield %s : f64
  }
  %q = py.map %a, %b : (!py.array<f64, 1, C>, !py.array<f64, 1, C>) -> !py.array<f64, 1, C> {
  ^bb0(%x: f64, %y: f64):
    %s = arith.addf %x, %y fastmath<contract> : f64
    py.yield %s : f64
  }
  %sp = py.reduce "sum"(%p) : !py.array<f64, 1, C> -> f64
  %sq = py.reduce "sum"(%q) : !py.array<f64, 1, C> -> f64
  return %sp, %sq : f64, f64
}

// Kernels that read values from outside their map (a mean's divisor) print alike whatever those
// are: each stays its own, so a / m and a / n are two maps.
// CHECK-LABEL: func.func @kernels_reading_outside(
// CHECK-SAME: %[[A:[^:]+]]: !py.array<f64, 1, C>, %[[M:[^:]+]]: f64, %[[N:[^:]+]]: f64)
// CHECK: py.truediv %{{.*}}, %[[M]] : f64
// CHECK: py.truediv %{{.*}}, %[[N]] : f64
// CHECK: return
func.func @kernels_reading_outside(%a: !py.array<f64, 1, C>, %m: f64, %n: f64) -> (f64, f64) {
  %p = py.map %a : (!py.array<f64, 1, C>) -> !py.array<f64, 1, C> {
  ^bb0(%x: f64):
    %s = py.truediv %x, %m : f64
    py.yield %s : f64
  }
  %q = py.map %a : (!py.array<f64, 1, C>) -> !py.array<f64, 1, C> {
  ^bb0(%x: f64):
    %s = py.truediv %x, %n : f64
    py.yield %s : f64
  }
  %sp = py.reduce "sum"(%p) : !py.array<f64, 1, C> -> f64
  %sq = py.reduce "sum"(%q) : !py.array<f64, 1, C> -> f64
  return %sp, %sq : f64, f64
}
