// parfor fuses a chain of py.maps into one: the producers' operands join the consumer's, their
// kernels run first in its region and their yields replace its block arguments. A py.map with
// another use, or in another block, stays a loop of its own.
// RUN: %rumba-opt %s --pass-pipeline='builtin.module(parfor)' | %FileCheck %s

// (a * b) + c, then sqrt of that: three maps, one loop.
// CHECK-LABEL: func.func @chain
// CHECK-SAME: (%[[A:.*]]: !py.array<f64, 2, C>, %[[B:.*]]: !py.array<f64, 2, A>, %[[C:.*]]: !py.array<f64, 1, C>)
// CHECK-NEXT: %[[R:.*]] = py.map %[[C]], %[[A]], %[[B]] : (!py.array<f64, 1, C>, !py.array<f64, 2, C>, !py.array<f64, 2, A>) -> !py.array<f64, 2, C> {
// CHECK-NEXT: ^bb0(%[[Z:.*]]: f64, %[[X:.*]]: f64, %[[Y:.*]]: f64):
// CHECK-NEXT: %[[P:.*]] = py.mul %[[X]], %[[Y]] : f64
// CHECK-NEXT: %[[S:.*]] = py.add %[[P]], %[[Z]] : f64
// CHECK-NEXT: %[[Q:.*]] = py.math "sqrt"(%[[S]]) : (f64) -> f64
// CHECK-NEXT: py.yield %[[Q]] : f64
// CHECK-NEXT: }
// CHECK-NEXT: return %[[R]]
func.func @chain(%a: !py.array<f64, 2, C>, %b: !py.array<f64, 2, A>, %c: !py.array<f64, 1, C>) -> !py.array<f64, 2, C> {
  %p = py.map %a, %b : (!py.array<f64, 2, C>, !py.array<f64, 2, A>) -> !py.array<f64, 2, C> {
  ^bb0(%x: f64, %y: f64):
    %t = py.mul %x, %y : f64
    py.yield %t : f64
  }
  %s = py.map %p, %c : (!py.array<f64, 2, C>, !py.array<f64, 1, C>) -> !py.array<f64, 2, C> {
  ^bb0(%x: f64, %z: f64):
    %t = py.add %x, %z : f64
    py.yield %t : f64
  }
  %q = py.map %s : (!py.array<f64, 2, C>) -> !py.array<f64, 2, C> {
  ^bb0(%x: f64):
    %t = py.math "sqrt"(%x) : (f64) -> f64
    py.yield %t : f64
  }
  return %q : !py.array<f64, 2, C>
}

// A producer read twice (here also returned) is computed once, by its own loop; the consumer reads
// it through one operand.
// CHECK-LABEL: func.func @shared
// CHECK: %[[P:.*]] = py.map %arg0 :
// CHECK: py.map %[[P]] : (!py.array<si64, 1, C>) -> !py.array<si64, 1, C> {
// CHECK-NEXT: ^bb0(%[[X:.*]]: si64):
// CHECK-NEXT: py.mul %[[X]], %[[X]] : si64
// CHECK: return
func.func @shared(%a: !py.array<si64, 1, C>) -> (!py.array<si64, 1, C>, !py.array<si64, 1, C>) {
  %p = py.map %a : (!py.array<si64, 1, C>) -> !py.array<si64, 1, C> {
  ^bb0(%x: si64):
    %t = py.neg %x : si64
    py.yield %t : si64
  }
  %s = py.map %p, %p : (!py.array<si64, 1, C>, !py.array<si64, 1, C>) -> !py.array<si64, 1, C> {
  ^bb0(%x: si64, %y: si64):
    %t = py.mul %x, %y : si64
    py.yield %t : si64
  }
  return %p, %s : !py.array<si64, 1, C>, !py.array<si64, 1, C>
}

// A consumer in a nested region (a loop body) does not pull in a producer from outside it.
// CHECK-LABEL: func.func @other_block
// CHECK: %[[P:.*]] = py.map %arg0 :
// CHECK: scf.for
// CHECK: py.map %[[P]] :
func.func @other_block(%a: !py.array<f64, 1, C>, %n: index) {
  %p = py.map %a : (!py.array<f64, 1, C>) -> !py.array<f64, 1, C> {
  ^bb0(%x: f64):
    %t = py.neg %x : f64
    py.yield %t : f64
  }
  %zero = arith.constant 0 : index
  %one = arith.constant 1 : index
  scf.for %i = %zero to %n step %one {
    %q = py.map %p : (!py.array<f64, 1, C>) -> !py.array<f64, 1, C> {
    ^bb0(%x: f64):
      %t = py.neg %x : f64
      py.yield %t : f64
    }
  }
  return
}
