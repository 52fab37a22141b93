// lower-py on a py.map whose operands broadcast: the lower-rank operand is read through a map that
// drops the leading dimension; the result's extents are the operands' broadcast (an extent of 1
// gives way to the other); the generic runs on the operands when every extent equals the result's,
// else on views whose extent-1 dimensions have stride 0.
// RUN: %rumba-opt %s --pass-pipeline='builtin.module(lower-py)' | %FileCheck %s

// CHECK-DAG: #[[ID:.*]] = affine_map<(d0, d1) -> (d0, d1)>
// CHECK-DAG: #[[LAST:.*]] = affine_map<(d0, d1) -> (d1)>
// CHECK-LABEL: func.func @broadcast
// CHECK-SAME: (%[[A:.*]]: memref<?x?xf64, strided<[?, 1], offset: ?>>, %[[V:.*]]: memref<?xf64, strided<[?], offset: ?>>)
// CHECK-DAG: %[[ONE:.*]] = arith.constant 1 : index
// CHECK: %[[ROWS:.*]] = memref.dim %[[A]], %{{.*}}
// CHECK: %[[COLUMNS:.*]] = memref.dim %[[A]], %{{.*}}
// CHECK: %[[LENGTH:.*]] = memref.dim %[[V]], %{{.*}}
// CHECK: %[[SMALLER:.*]] = arith.minui %[[COLUMNS]], %[[LENGTH]] : index
// CHECK: %[[LENGTH_ONE:.*]] = arith.cmpi eq, %[[LENGTH]], %[[ONE]] : index
// CHECK: %[[KEPT:.*]] = arith.select %[[LENGTH_ONE]], %[[COLUMNS]], %[[SMALLER]] : index
// CHECK: %[[COLUMNS_ONE:.*]] = arith.cmpi eq, %[[COLUMNS]], %[[ONE]] : index
// CHECK: %[[EXTENT:.*]] = arith.select %[[COLUMNS_ONE]], %[[LENGTH]], %[[KEPT]] : index
// CHECK: %[[NEW:.*]] = memref.alloc(%[[ROWS]], %[[EXTENT]]) {alignment = 64 : i64} : memref<?x?xf64>
// CHECK: scf.if %{{.*}} {
// CHECK-NEXT: linalg.generic {indexing_maps = [#[[ID]], #[[LAST]], #[[ID]]], iterator_types = ["parallel", "parallel"]} ins(%[[A]], %[[V]] : {{.*}}) outs(%[[NEW]] : memref<?x?xf64>)
// CHECK: } else {
// CHECK: memref.reinterpret_cast
// CHECK: %[[ZERO:.*]] = arith.constant 0 : index
// CHECK: %[[V_EXTENT:.*]] = memref.dim %[[V]]
// CHECK: %[[BASE:.*]], %[[OFFSET:.*]], %{{.*}}, %[[STRIDE:.*]] = memref.extract_strided_metadata %[[V]]
// CHECK: %[[V_ONE:.*]] = arith.cmpi eq, %[[V_EXTENT]], %{{.*}} : index
// CHECK: %[[V_STRIDE:.*]] = arith.select %[[V_ONE]], %[[ZERO]], %[[STRIDE]] : index
// CHECK: %[[V_BASE:.*]], %[[V_OFFSET:.*]], %{{.*}}, %{{.*}} = memref.extract_strided_metadata %[[V]]
// CHECK: %[[V_VIEW:.*]] = memref.reinterpret_cast %[[V_BASE]] to offset: [%[[V_OFFSET]]], sizes: [%[[EXTENT]]], strides: [%[[V_STRIDE]]]
// CHECK: linalg.generic {indexing_maps = [#[[ID]], #[[LAST]], #[[ID]]], iterator_types = ["parallel", "parallel"]} ins(%{{.*}}, %[[V_VIEW]] : {{.*}}) outs(%[[NEW]] : memref<?x?xf64>)
func.func @broadcast(%a: !py.array<f64, 2, C>, %v: !py.array<f64, 1, A>) -> !py.array<f64, 2, C> {
  %m = py.map %a, %v : (!py.array<f64, 2, C>, !py.array<f64, 1, A>) -> !py.array<f64, 2, C> {
  ^bb0(%x: f64, %y: f64):
    %p = py.add %x, %y : f64
    py.yield %p : f64
  }
  return %m : !py.array<f64, 2, C>
}
