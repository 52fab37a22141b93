// lower-py on py.constant_array: the global's memref (memref.get_global), cast to the strided
// memref type of its array type.
// RUN: %rumba-opt %s --pass-pipeline='builtin.module(lower-py)' | %FileCheck %s

// CHECK-LABEL: func.func @lookup
// CHECK-SAME: (%[[I:.*]]: i64) -> f64
// CHECK: %[[MEMORY:.*]] = memref.get_global @table : memref<2x3xf64>
// CHECK: %[[ARRAY:.*]] = memref.cast %[[MEMORY]] : memref<2x3xf64> to memref<?x?xf64, strided<[?, 1], offset: ?>>
// CHECK: memref.load %[[ARRAY]]
memref.global "private" constant @table : memref<2x3xf64> = dense<[[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]]> {alignment = 64 : i64}
func.func @lookup(%i: si64) -> f64 {
  %a = py.constant_array @table : !py.array<f64, 2, C>
  %x = py.getitem %a[%i, %i] : !py.array<f64, 2, C>, si64, si64 -> f64
  return %x : f64
}
