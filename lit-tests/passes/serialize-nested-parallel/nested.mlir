// serialize-nested-parallel rewrites an scf.parallel nested in another as scf.for loops over the same
// bounds; the outer loop and loops with reductions stay parallel.
// RUN: %rumba-opt %s --pass-pipeline='builtin.module(serialize-nested-parallel)' | %FileCheck %s

// CHECK-LABEL: func.func @nested
// CHECK: scf.parallel (%[[I:.*]]) = (%[[LO:.*]]) to (%[[N:.*]]) step (%[[ONE:.*]]) {
// CHECK-NEXT: scf.for %[[J:.*]] = %[[LO]] to %[[N]] step %[[ONE]] {
// CHECK-NEXT: scf.for %[[K:.*]] = %[[LO]] to %[[M:.*]] step %[[ONE]] {
// CHECK-NEXT: memref.store %{{.*}}, %{{.*}}[%[[I]], %[[J]], %[[K]]]
// CHECK-NEXT: }
// CHECK-NEXT: }
// CHECK-NOT: scf.parallel
// CHECK: return
func.func @nested(%out: memref<?x?x?xf64>, %n: index, %m: index, %v: f64) {
  %zero = arith.constant 0 : index
  %one = arith.constant 1 : index
  scf.parallel (%i) = (%zero) to (%n) step (%one) {
    scf.parallel (%j, %k) = (%zero, %zero) to (%n, %m) step (%one, %one) {
      memref.store %v, %out[%i, %j, %k] : memref<?x?x?xf64>
      scf.reduce
    }
    scf.reduce
  }
  return
}

// CHECK-LABEL: func.func @reduction_stays
// CHECK: scf.parallel
// CHECK: scf.parallel
func.func @reduction_stays(%n: index) {
  %zero = arith.constant 0 : index
  %one = arith.constant 1 : index
  scf.parallel (%i) = (%zero) to (%n) step (%one) {
    %init = arith.constant 0 : index
    %s = scf.parallel (%j) = (%zero) to (%n) step (%one) init (%init) -> index {
      scf.reduce(%j : index) {
      ^bb0(%x: index, %y: index):
        %z = arith.addi %x, %y : index
        scf.reduce.return %z : index
      }
    }
    scf.reduce
  }
  return
}
