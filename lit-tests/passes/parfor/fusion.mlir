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

// A write into an array between a producer and its consumer (`c = a + 1; a[0] = 9; a + c`) keeps
// the producer a loop of its own: fused, it would read the written element.
// CHECK-LABEL: func.func @written_between
// CHECK: %[[C:.*]] = py.map %arg0 :
// CHECK: py.setitem
// CHECK: memref.store
// CHECK: %[[R:.*]] = py.map %arg0, %[[C]] :
// CHECK: return %[[R]]
func.func @written_between(%a: !py.array<f64, 1, C>, %i: ui64, %x: f64, %slot: memref<f64>) -> !py.array<f64, 1, C> {
  %c = py.map %a : (!py.array<f64, 1, C>) -> !py.array<f64, 1, C> {
  ^bb0(%e: f64):
    %t = py.add %e, %e : f64
    py.yield %t : f64
  }
  py.setitem %x, %a[%i] : f64, !py.array<f64, 1, C>, ui64
  memref.store %x, %slot[] : memref<f64>
  %r = py.map %a, %c : (!py.array<f64, 1, C>, !py.array<f64, 1, C>) -> !py.array<f64, 1, C> {
  ^bb0(%e: f64, %f: f64):
    %t = py.add %e, %f : f64
    py.yield %t : f64
  }
  return %r : !py.array<f64, 1, C>
}

// A store into a one-number stack slot between them does not keep them apart.
// CHECK-LABEL: func.func @slot_between
// CHECK-NEXT: memref.store
// CHECK-NEXT: %[[R:.*]] = py.map %arg0 :
// CHECK: return %[[R]]
func.func @slot_between(%a: !py.array<f64, 1, C>, %x: f64, %slot: memref<f64>) -> !py.array<f64, 1, C> {
  %c = py.map %a : (!py.array<f64, 1, C>) -> !py.array<f64, 1, C> {
  ^bb0(%e: f64):
    %t = py.add %e, %e : f64
    py.yield %t : f64
  }
  memref.store %x, %slot[] : memref<f64>
  %r = py.map %c : (!py.array<f64, 1, C>) -> !py.array<f64, 1, C> {
  ^bb0(%f: f64):
    %t = py.mul %f, %f : f64
    py.yield %t : f64
  }
  return %r : !py.array<f64, 1, C>
}
