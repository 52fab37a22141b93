// lower-py on py.view: Python's slice rules computed at run time, then a rank-reducing subview (an
// index drops its dimension with static size and stride 1); py.copy becomes linalg.copy.
// RUN: %rumba-opt %s --pass-pipeline='builtin.module(lower-py)' | %FileCheck %s

// CHECK-LABEL: func.func @row_tail
// CHECK-SAME: (%[[A:.*]]: memref<?x?xf64, strided<[?, 1], offset: ?>>, %[[I:.*]]: i64, %[[S:.*]]: i64, %{{.*}}: memref<?xf64, strided<[?], offset: ?>>)
// CHECK: %[[WRAPPED:.*]] = arith.select %{{.*}}, %{{.*}}, %[[I]] : i64
// CHECK: %[[ROW:.*]] = arith.index_cast %[[WRAPPED]] : i64 to index
// CHECK: arith.divsi
// CHECK: %[[V:.*]] = memref.subview %[[A]][%[[ROW]], %{{.*}}] [1, %{{.*}}] [1, %{{.*}}] : memref<?x?xf64, strided<[?, 1], offset: ?>> to memref<?xf64, strided<[?], offset: ?>>
// CHECK: linalg.copy ins(%[[V]] : memref<?xf64, strided<[?], offset: ?>>) outs(%{{.*}} : memref<?xf64, strided<[?], offset: ?>>)
func.func @row_tail(%a: !py.array<f64, 2, C>, %i: si64, %s: si64, %out: !py.array<f64, 1, A>) {
  %v = py.view %a[%i, %s] {dims = array<i64: -1, 1>} : !py.array<f64, 2, C> -> !py.array<f64, 1, A>
  py.copy %v, %out : !py.array<f64, 1, A>, !py.array<f64, 1, A>
  return
}

// A new axis (-2) has no bound and no dimension of the array: the subview selects the array's
// dimensions, and a reinterpret_cast inserts extent 1 with stride 0 where the axis goes.
// CHECK-LABEL: func.func @column
// CHECK: %[[SELECTED:.*]] = memref.subview %{{.*}} : memref<?xf64, strided<[1], offset: ?>> to memref<?xf64, strided<[?], offset: ?>>
// CHECK: %[[BASE:.*]], %[[OFFSET:.*]], %[[SIZE:.*]], %[[STRIDE:.*]] = memref.extract_strided_metadata %[[SELECTED]]
// CHECK: %[[ONE:.*]] = arith.constant 1 : index
// CHECK: %[[ZERO:.*]] = arith.constant 0 : index
// CHECK: memref.reinterpret_cast %{{.*}} to offset: [%{{.*}}], sizes: [%[[SIZE]], %[[ONE]]], strides: [%[[STRIDE]], %[[ZERO]]] : memref<f64> to memref<?x?xf64, strided<[?, ?], offset: ?>>
func.func @column(%a: !py.array<f64, 1, C>, %out: !py.array<f64, 2, A>) {
  %v = py.view %a[] {dims = array<i64: 0, -2>} : !py.array<f64, 1, C> -> !py.array<f64, 2, A>
  py.copy %v, %out : !py.array<f64, 2, A>, !py.array<f64, 2, A>
  return
}
