// lower-py on py.stride and py.as_strided: a stride read from the memref's strided metadata, and a
// view of the array's memory from its own offset with the given extents and element strides.
// RUN: %rumba-opt %s --pass-pipeline='builtin.module(lower-py)' | %FileCheck %s

// CHECK-LABEL: func.func @stride
// CHECK-SAME: (%[[A:.*]]: memref<?x?xf64, strided<[?, 1], offset: ?>>)
// CHECK: %{{.*}}, %{{.*}}, %{{.*}}:2, %[[STRIDES:.*]]:2 = memref.extract_strided_metadata %[[A]]
// CHECK: %[[S:.*]] = arith.index_cast %[[STRIDES]]#0 : index to i64
// CHECK: return %[[S]] : i64
func.func @stride(%a: !py.array<f64, 2, C>) -> si64 {
  %s = py.stride %a, 0 : !py.array<f64, 2, C>
  return %s : si64
}

// CHECK-LABEL: func.func @windows
// CHECK-SAME: (%[[V:.*]]: memref<?xf64, strided<[?], offset: ?>>, %[[N:.*]]: i64, %[[K:.*]]: i64)
// CHECK: %[[ROWS:.*]] = arith.index_cast %[[N]] : i64 to index
// CHECK: %[[COLUMNS:.*]] = arith.index_cast %[[K]] : i64 to index
// CHECK: %[[ROW_STRIDE:.*]] = arith.index_cast %[[K]] : i64 to index
// CHECK: %[[COLUMN_STRIDE:.*]] = arith.index_cast %[[K]] : i64 to index
// CHECK: %[[BASE:.*]], %[[OFFSET:.*]], %{{.*}}, %{{.*}} = memref.extract_strided_metadata %[[V]]
// CHECK: %[[VIEW:.*]] = memref.reinterpret_cast %[[BASE]] to offset: [%[[OFFSET]]], sizes: [%[[ROWS]], %[[COLUMNS]]], strides: [%[[ROW_STRIDE]], %[[COLUMN_STRIDE]]] : memref<f64> to memref<?x?xf64, strided<[?, ?], offset: ?>>
// CHECK: %[[CAST:.*]] = memref.cast %[[VIEW]]
// CHECK: return %[[CAST]]
func.func @windows(%v: !py.array<f64, 1, A>, %n: si64, %k: si64) -> !py.array<f64, 2, A> {
  %w = py.as_strided %v(%n, %k)(%k, %k) : !py.array<f64, 1, A> -> !py.array<f64, 2, A>
  return %w : !py.array<f64, 2, A>
}
