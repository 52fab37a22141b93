// lower-py on py.map (one linalg.generic into a new 64-byte aligned array, scalar operands used
// directly in the region; with two array operands it runs on them when their extents equal the
// result's, else on zero-stride views) and py.reduce (a reduction linalg.generic into an
// entry-block accumulator filled with the identity; a float sum of a whole array calls the runtime,
// which adds pairwise in NumPy's order).
// RUN: %rumba-opt %s --pass-pipeline='builtin.module(lower-py)' | %FileCheck %s

// CHECK-DAG: #[[ID:.*]] = affine_map<(d0, d1) -> (d0, d1)>
// CHECK-DAG: #[[SCALAR:.*]] = affine_map<(d0) -> ()>
// CHECK-LABEL: func.func @map_and_reduce
// CHECK-SAME: (%[[A:.*]]: memref<?x?xf64, strided<[?, 1], offset: ?>>, %[[B:.*]]: memref<?x?xf64, strided<[1, ?], offset: ?>>, %[[S:.*]]: f64)
// CHECK: %[[NEW:.*]] = memref.alloc(%{{.*}}, %{{.*}}) {alignment = 64 : i64} : memref<?x?xf64>
// CHECK: %[[CAST:.*]] = memref.cast %[[NEW]]
// CHECK: scf.if
// CHECK-NEXT: linalg.generic {indexing_maps = [#[[ID]], #[[ID]], #[[ID]]], iterator_types = ["parallel", "parallel"]} ins(%[[A]], %[[B]] : {{.*}}) outs(%[[NEW]] : memref<?x?xf64>) {
// CHECK-NEXT: ^bb0(%[[X:.*]]: f64, %[[Y:.*]]: f64, %{{.*}}: f64):
// CHECK-NEXT: %[[SUM:.*]] = arith.addf %[[X]], %[[Y]] : f64
// CHECK-NEXT: %[[SCALED:.*]] = arith.mulf %[[SUM]], %[[S]] : f64
// CHECK-NEXT: linalg.yield %[[SCALED]] : f64
// CHECK: } else {
// CHECK: %[[VA:.*]] = memref.reinterpret_cast
// CHECK: %[[VB:.*]] = memref.reinterpret_cast
// CHECK: linalg.generic {indexing_maps = [#[[ID]], #[[ID]], #[[ID]]], iterator_types = ["parallel", "parallel"]} ins(%[[VA]], %[[VB]] : {{.*}}) outs(%[[NEW]] : memref<?x?xf64>) {
// CHECK: %[[UNRANKED:.*]] = memref.cast %[[CAST]] : memref<?x?xf64, strided<[?, 1], offset: ?>> to memref<*xf64>
// CHECK: call @rumba_pairwise_sum_f64(%[[UNRANKED]]) : (memref<*xf64>) -> f64
func.func @map_and_reduce(%a: !py.array<f64, 2, C>, %b: !py.array<f64, 2, F>, %s: f64) -> f64 {
  %m = py.map %a, %b, %s : (!py.array<f64, 2, C>, !py.array<f64, 2, F>, f64) -> !py.array<f64, 2, C> {
  ^bb0(%x: f64, %y: f64, %z: f64):
    %t = py.add %x, %y : f64
    %u = py.mul %t, %z : f64
    py.yield %u : f64
  }
  %r = py.reduce "sum"(%m) : !py.array<f64, 2, C> -> f64
  return %r : f64
}

// A float product (and a sum along an axis) runs in index order, into an entry-block accumulator.
// CHECK-LABEL: func.func @float_product
// CHECK: %[[ACC:.*]] = memref.alloca() : memref<f64>
// CHECK: linalg.fill ins(%{{.*}} : f64) outs(%[[ACC]] : memref<f64>)
// CHECK: linalg.generic {indexing_maps = [#{{.*}}, #[[SCALAR]]], iterator_types = ["reduction"]} ins(%{{.*}} : {{.*}}) outs(%[[ACC]] : memref<f64>) {
// CHECK-NEXT: ^bb0(%[[E:.*]]: f64, %[[P:.*]]: f64):
// CHECK-NEXT: %[[T:.*]] = arith.mulf %[[P]], %[[E]] : f64
// CHECK-NEXT: linalg.yield %[[T]] : f64
// CHECK: memref.load %[[ACC]][] : memref<f64>
func.func @float_product(%a: !py.array<f64, 1, A>) -> f64 {
  %r = py.reduce "prod"(%a) : !py.array<f64, 1, A> -> f64
  return %r : f64
}

// An int32 sum accumulates in int64, extending each element by its sign.
// CHECK-LABEL: func.func @int_sum
// CHECK: ^bb0(%[[E:.*]]: i32, %[[P:.*]]: i64):
// CHECK-NEXT: %[[W:.*]] = arith.extsi %[[E]] : i32 to i64
// CHECK-NEXT: arith.addi %[[P]], %[[W]] : i64
func.func @int_sum(%a: !py.array<si32, 1, A>) -> si64 {
  %r = py.reduce "sum"(%a) : !py.array<si32, 1, A> -> si64
  return %r : si64
}

// Inside a parallel loop the accumulator is the loop body's own (each thread's, once lowered to
// OpenMP), not one slot at the function's entry that the threads would share.
// CHECK-LABEL: func.func @product_per_iteration
// CHECK-NOT: memref.alloca
// CHECK: scf.parallel
// CHECK-NEXT: %[[OWN:.*]] = memref.alloca() : memref<f64>
// CHECK: linalg.fill ins(%{{.*}} : f64) outs(%[[OWN]] : memref<f64>)
// CHECK: memref.load %[[OWN]][] : memref<f64>
func.func @product_per_iteration(%a: !py.array<f64, 1, A>, %out: memref<?xf64>, %n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  scf.parallel (%i) = (%c0) to (%n) step (%c1) {
    %r = py.reduce "prod"(%a) : !py.array<f64, 1, A> -> f64
    memref.store %r, %out[%i] : memref<?xf64>
    scf.reduce
  }
  return
}
