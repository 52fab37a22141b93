// vectorize-loop-nests tiles a raised generic by its rumba.tile_sizes (loops in rumba.tile_interchange
// order: the reduction innermost), peels the row and column
// loops, vectorises full tiles without masks and edge tiles under masks, and keeps each full result
// tile in registers across the reduction loop, although the array is also cast for the return.
// RUN: %rumba-opt %s --pass-pipeline='builtin.module(vectorize-loop-nests,canonicalize)' | %FileCheck %s

// CHECK-LABEL: func.func @matmul
// CHECK: %[[OUT:.*]] = memref.alloc
// CHECK: %[[RETURNED:.*]] = memref.cast %[[OUT]]
// Full tiles: the result tile is read once, carried through the k loop, and written once.
// CHECK: scf.for %[[I:.*]] = %{{.*}} to %{{.*}} step %[[C8:.*]] {
// CHECK-NEXT: scf.for %[[J:.*]] = %{{.*}} to %{{.*}} step %[[C8]] {
// CHECK-NEXT: %[[TILE:.*]] = vector.transfer_read %[[OUT]][%[[I]], %[[J]]], %{{.*}} {in_bounds = [true, true]} : memref<?x?xf64>, vector<8x8xf64>
// CHECK-NEXT: %[[SUMS:.*]] = scf.for %[[K:.*]] = %{{.*}} to %{{.*}} step %{{.*}} iter_args(%[[ACC:.*]] = %[[TILE]]) -> (vector<8x8xf64>) {
// CHECK-NEXT: vector.transfer_read %{{.*}}[%[[I]], %[[K]]]
// CHECK: vector.transfer_read %{{.*}}[%[[K]], %[[J]]]
// CHECK: arith.mulf %{{.*}}, %{{.*}} : vector<1x8x8xf64>
// CHECK: arith.addf
// CHECK: scf.yield
// CHECK-NEXT: }
// CHECK-NEXT: vector.transfer_write %[[SUMS]], %[[OUT]][%[[I]], %[[J]]] {in_bounds = [true, true]} : vector<8x8xf64>, memref<?x?xf64>
// Edge tiles: masked transfers.
// CHECK: vector.create_mask
// CHECK: vector.mask %{{.*}} { vector.transfer_read
// CHECK: vector.mask %{{.*}} { vector.transfer_write
// CHECK-NOT: linalg.generic
// CHECK-NOT: unrealized_conversion_cast
// CHECK: return %[[RETURNED]]
#a = affine_map<(d0, d1, d2) -> (d1, d0)>
#b = affine_map<(d0, d1, d2) -> (d0, d2)>
#c = affine_map<(d0, d1, d2) -> (d1, d2)>
func.func @matmul(%a: memref<?x?xf64, strided<[?, ?], offset: ?>>, %b: memref<?x?xf64, strided<[1, ?], offset: ?>>, %m: index, %p: index) -> memref<?x?xf64, strided<[?, 1], offset: ?>> {
  %out = memref.alloc(%m, %p) : memref<?x?xf64>
  %returned = memref.cast %out : memref<?x?xf64> to memref<?x?xf64, strided<[?, 1], offset: ?>>
  linalg.generic {indexing_maps = [#a, #b, #c], iterator_types = ["reduction", "parallel", "parallel"]}
      ins(%a, %b : memref<?x?xf64, strided<[?, ?], offset: ?>>, memref<?x?xf64, strided<[1, ?], offset: ?>>)
      outs(%out : memref<?x?xf64>) attrs = {rumba.tile_sizes = array<i64: 1, 8, 8>, rumba.tile_interchange = array<i64: 1, 2, 0>} {
  ^bb0(%x: f64, %y: f64, %acc: f64):
    %product = arith.mulf %x, %y : f64
    %sum = arith.addf %acc, %product : f64
    linalg.yield %sum : f64
  }
  return %returned : memref<?x?xf64, strided<[?, 1], offset: ?>>
}

// A result array that is an argument is shielded from its other users the same way: the tile is
// still carried through the k loop.
// CHECK-LABEL: func.func @into_argument
// CHECK: %[[RETURNED:.*]] = memref.cast %[[C:[^ ]*]] : memref<?x?xf64, strided<[?, 1], offset: ?>> to
// CHECK: scf.for %[[I:.*]] = %{{.*}} to %{{.*}} step %[[C8:.*]] {
// CHECK-NEXT: scf.for %[[J:.*]] = %{{.*}} to %{{.*}} step %[[C8]] {
// CHECK-NEXT: %[[TILE:.*]] = vector.transfer_read %[[C]][%[[I]], %[[J]]], %{{.*}} {in_bounds = [true, true]} : memref<?x?xf64, strided<[?, 1], offset: ?>>, vector<8x8xf64>
// CHECK-NEXT: %[[SUMS:.*]] = scf.for %{{.*}} = %{{.*}} to %{{.*}} step %{{.*}} iter_args(%{{.*}} = %[[TILE]]) -> (vector<8x8xf64>) {
// CHECK: scf.yield
// CHECK-NEXT: }
// CHECK-NEXT: vector.transfer_write %[[SUMS]], %[[C]][%[[I]], %[[J]]] {in_bounds = [true, true]}
// CHECK-NOT: linalg.generic
// CHECK-NOT: unrealized_conversion_cast
// CHECK: return %[[RETURNED]]
func.func @into_argument(%a: memref<?x?xf64, strided<[?, 1], offset: ?>>, %b: memref<?x?xf64, strided<[?, 1], offset: ?>>, %c: memref<?x?xf64, strided<[?, 1], offset: ?>>) -> memref<?x?xf64, strided<[?, ?], offset: ?>> {
  %returned = memref.cast %c : memref<?x?xf64, strided<[?, 1], offset: ?>> to memref<?x?xf64, strided<[?, ?], offset: ?>>
  linalg.generic {indexing_maps = [#a, #b, #c], iterator_types = ["reduction", "parallel", "parallel"]}
      ins(%a, %b : memref<?x?xf64, strided<[?, 1], offset: ?>>, memref<?x?xf64, strided<[?, 1], offset: ?>>)
      outs(%c : memref<?x?xf64, strided<[?, 1], offset: ?>>) attrs = {rumba.tile_sizes = array<i64: 1, 8, 8>, rumba.tile_interchange = array<i64: 1, 2, 0>} {
  ^bb0(%x: f64, %y: f64, %acc: f64):
    %product = arith.mulf %x, %y : f64
    %sum = arith.addf %acc, %product : f64
    linalg.yield %sum : f64
  }
  return %returned : memref<?x?xf64, strided<[?, ?], offset: ?>>
}

// A generic with one parallel dimension (a row of a product, in a parallel loop's body) is tiled
// along it only; its full tiles carry 32 sums through the reduction loop.
// CHECK-LABEL: func.func @row
// CHECK-SAME: (%[[RA:[^:]*]]: memref<?xf64, strided<[1], offset: ?>>, %[[RB:[^:]*]]: memref<?x?xf64, strided<[?, 1]>>, %[[RC:[^:]*]]: memref<?xf64, strided<[1], offset: ?>>)
// CHECK: scf.for %[[J:.*]] = %{{.*}} to %{{.*}} step %[[C32:.*]] {
// CHECK-NEXT: %[[SUMS_IN:.*]] = vector.transfer_read %[[RC]][%[[J]]], %{{.*}} {in_bounds = [true]} : memref<?xf64, strided<[1], offset: ?>>, vector<32xf64>
// CHECK-NEXT: %[[SUMS:.*]] = scf.for %[[K:.*]] = %{{.*}} to %{{.*}} step %{{.*}} iter_args(%{{.*}} = %[[SUMS_IN]]) -> (vector<32xf64>) {
// CHECK: vector.transfer_read %[[RA]][%[[K]]]
// CHECK: vector.transfer_read %[[RB]][%[[K]], %[[J]]]
// CHECK: scf.yield
// CHECK-NEXT: }
// CHECK-NEXT: vector.transfer_write %[[SUMS]], %[[RC]][%[[J]]] {in_bounds = [true]}
// The last, partial tile: masked transfers.
// CHECK: scf.for %{{.*}} step %[[C32]] {
// CHECK: vector.create_mask
// CHECK-NOT: linalg.generic
#row = affine_map<(d0, d1) -> (d0)>
#matrix = affine_map<(d0, d1) -> (d0, d1)>
#result_row = affine_map<(d0, d1) -> (d1)>
func.func @row(%a: memref<?xf64, strided<[1], offset: ?>>, %b: memref<?x?xf64, strided<[?, 1]>>, %c: memref<?xf64, strided<[1], offset: ?>>) {
  linalg.generic {indexing_maps = [#row, #matrix, #result_row], iterator_types = ["reduction", "parallel"]}
      ins(%a, %b : memref<?xf64, strided<[1], offset: ?>>, memref<?x?xf64, strided<[?, 1]>>)
      outs(%c : memref<?xf64, strided<[1], offset: ?>>) attrs = {rumba.tile_sizes = array<i64: 1, 32>, rumba.tile_interchange = array<i64: 1, 0>} {
  ^bb0(%x: f64, %y: f64, %acc: f64):
    %product = arith.mulf %x, %y : f64
    %sum = arith.addf %acc, %product : f64
    linalg.yield %sum : f64
  }
  return
}
