// lower-py on the array calls: a reduction along an axis (parallel and reduction iterators into a
// new array filled with the identity), argmax (a second accumulator for the C-order position, taken
// by a strictly greater element or the first NaN), np.dot as linalg's named products into a zeroed
// accumulator, np.arange as a generic over linalg.index, .T as memref.transpose and .reshape as a
// contiguous reinterpret_cast.
// RUN: %rumba-opt %s --pass-pipeline='builtin.module(lower-py,canonicalize,cse)' | %FileCheck %s

// CHECK-DAG: #[[ID:.*]] = affine_map<(d0, d1) -> (d0, d1)>
// CHECK-DAG: #[[ROW:.*]] = affine_map<(d0, d1) -> (d0)>
// CHECK-DAG: #[[NONE:.*]] = affine_map<(d0, d1) -> ()>
// CHECK-DAG: #[[VECTOR:.*]] = affine_map<(d0) -> (d0)>

// CHECK-LABEL: func.func @sum_rows
// CHECK-DAG: %[[ZERO:.*]] = arith.constant 0.000000e+00 : f64
// CHECK: %[[ROWS:.*]] = memref.dim %arg0, %{{.*}}
// CHECK: %[[NEW:.*]] = memref.alloc(%[[ROWS]]) {alignment = 64 : i64} : memref<?xf64>
// CHECK: linalg.fill ins(%[[ZERO]] : f64) outs(%[[NEW]] : memref<?xf64>)
// CHECK: linalg.generic {indexing_maps = [#[[ID]], #[[ROW]]], iterator_types = ["parallel", "reduction"]} ins(%arg0 : {{.*}}) outs(%[[NEW]] : memref<?xf64>)
// CHECK-NEXT: ^bb0(%[[IN:.*]]: f64, %[[OUT:.*]]: f64):
// CHECK-NEXT: arith.addf %[[OUT]], %[[IN]] : f64
// CHECK: memref.cast %[[NEW]]
func.func @sum_rows(%a: !py.array<f64, 2, C>) -> !py.array<f64, 1, C> {
  %r = py.reduce "sum"(%a) {axis = 1 : i64} : !py.array<f64, 2, C> -> !py.array<f64, 1, C>
  return %r : !py.array<f64, 1, C>
}

// CHECK-LABEL: func.func @argmax
// CHECK-DAG: %[[START:.*]] = arith.constant 0xFFF0000000000000 : f64
// CHECK-DAG: %[[POSITION:.*]] = memref.alloca() : memref<i64>
// CHECK-DAG: %[[BEST:.*]] = memref.alloca() : memref<f64>
// CHECK: %[[COLUMNS:.*]] = memref.dim %arg0, %{{.*}}
// CHECK: linalg.fill ins(%[[START]] : f64) outs(%[[BEST]] : memref<f64>)
// CHECK: linalg.fill ins(%{{.*}} : i64) outs(%[[POSITION]] : memref<i64>)
// CHECK: linalg.generic {indexing_maps = [#[[ID]], #[[NONE]], #[[NONE]]], iterator_types = ["reduction", "reduction"]} ins(%arg0 : {{.*}}) outs(%[[BEST]], %[[POSITION]] : memref<f64>, memref<i64>)
// CHECK-NEXT: ^bb0(%[[IN:.*]]: f64, %[[OUT:.*]]: f64, %[[AT:.*]]: i64):
// CHECK-NEXT: %[[I:.*]] = linalg.index 0 : index
// CHECK-NEXT: %[[ROW_START:.*]] = arith.muli %[[I]], %[[COLUMNS]] : index
// CHECK-NEXT: %[[J:.*]] = linalg.index 1 : index
// CHECK-NEXT: %[[FLAT:.*]] = arith.addi %[[ROW_START]], %[[J]] : index
// CHECK-NEXT: %[[HERE:.*]] = arith.index_cast %[[FLAT]] : index to i64
// CHECK-NEXT: %[[GREATER:.*]] = arith.cmpf ogt, %[[IN]], %[[OUT]] : f64
// CHECK-NEXT: %[[IN_NAN:.*]] = arith.cmpf uno, %[[IN]], %[[IN]] : f64
// CHECK-NEXT: %[[OUT_NUMBER:.*]] = arith.cmpf ord, %[[OUT]], %[[OUT]] : f64
// CHECK-NEXT: %[[FIRST_NAN:.*]] = arith.andi %[[IN_NAN]], %[[OUT_NUMBER]] : i1
// CHECK-NEXT: %[[BETTER:.*]] = arith.ori %[[GREATER]], %[[FIRST_NAN]] : i1
// CHECK-NEXT: %[[VALUE:.*]] = arith.select %[[BETTER]], %[[IN]], %[[OUT]] : f64
// CHECK-NEXT: %[[INDEX:.*]] = arith.select %[[BETTER]], %[[HERE]], %[[AT]] : i64
// CHECK-NEXT: linalg.yield %[[VALUE]], %[[INDEX]] : f64, i64
// CHECK: memref.load %[[POSITION]][] : memref<i64>
func.func @argmax(%a: !py.array<f64, 2, C>) -> si64 {
  %r = py.reduce "argmax"(%a) : !py.array<f64, 2, C> -> si64
  return %r : si64
}

// CHECK-LABEL: func.func @matmul
// CHECK: %[[NEW:.*]] = memref.alloc(%{{.*}}, %{{.*}}) {alignment = 64 : i64} : memref<?x?xf64>
// CHECK: linalg.fill ins(%{{.*}} : f64) outs(%[[NEW]] : memref<?x?xf64>)
// CHECK: linalg.matmul ins(%arg0, %arg1 : {{.*}}) outs(%[[NEW]] : memref<?x?xf64>)
func.func @matmul(%a: !py.array<f64, 2, C>, %b: !py.array<f64, 2, F>) -> !py.array<f64, 2, C> {
  %r = py.dot %a, %b : !py.array<f64, 2, C>, !py.array<f64, 2, F> -> !py.array<f64, 2, C>
  return %r : !py.array<f64, 2, C>
}

// CHECK-LABEL: func.func @matvec
// CHECK: linalg.matvec ins(%arg0, %arg1 : {{.*}}) outs(%{{.*}} : memref<?xf32>)
func.func @matvec(%a: !py.array<f32, 2, A>, %v: !py.array<f32, 1, A>) -> !py.array<f32, 1, C> {
  %r = py.dot %a, %v : !py.array<f32, 2, A>, !py.array<f32, 1, A> -> !py.array<f32, 1, C>
  return %r : !py.array<f32, 1, C>
}

// CHECK-LABEL: func.func @inner
// CHECK: %[[ACC:.*]] = memref.alloca() : memref<i64>
// CHECK: linalg.fill ins(%{{.*}} : i64) outs(%[[ACC]] : memref<i64>)
// CHECK: linalg.dot ins(%arg0, %arg0 : {{.*}}) outs(%[[ACC]] : memref<i64>)
// CHECK: memref.load %[[ACC]][] : memref<i64>
func.func @inner(%a: !py.array<si64, 1, C>) -> si64 {
  %r = py.dot %a, %a : !py.array<si64, 1, C>, !py.array<si64, 1, C> -> si64
  return %r : si64
}

// CHECK-LABEL: func.func @arange
// CHECK: %[[COUNT:.*]] = arith.index_cast %arg2 : i64 to index
// CHECK: %[[NEW:.*]] = memref.alloc(%[[COUNT]]) {alignment = 64 : i64} : memref<?xf64>
// CHECK: linalg.generic {indexing_maps = [#[[VECTOR]]], iterator_types = ["parallel"]} outs(%[[NEW]] : memref<?xf64>)
// CHECK-NEXT: ^bb0(%{{.*}}: f64):
// CHECK-NEXT: %[[I:.*]] = linalg.index 0 : index
// CHECK-NEXT: %[[I64:.*]] = arith.index_cast %[[I]] : index to i64
// CHECK-NEXT: %[[IF:.*]] = arith.sitofp %[[I64]] : i64 to f64
// CHECK-NEXT: %[[STEPS:.*]] = arith.mulf %[[IF]], %arg1 : f64
// CHECK-NEXT: %[[VALUE:.*]] = arith.addf %arg0, %[[STEPS]] : f64
// CHECK-NEXT: linalg.yield %[[VALUE]] : f64
func.func @arange(%start: f64, %step: f64, %n: si64) -> !py.array<f64, 1, C> {
  %r = py.arange %start, %step, %n : f64 -> !py.array<f64, 1, C>
  return %r : !py.array<f64, 1, C>
}

// CHECK-LABEL: func.func @transpose_reshape
// CHECK: memref.transpose %arg0 (d0, d1) -> (d1, d0) : memref<?x?xf32, strided<[?, 1], offset: ?>> to memref<?x?xf32, strided<[1, ?], offset: ?>>
// CHECK: %[[N:.*]] = arith.index_cast %arg1 : i64 to index
// CHECK: %{{.*}}, %[[OFFSET:.*]], %{{.*}}:2, %{{.*}}:2 = memref.extract_strided_metadata %arg0
// CHECK: memref.reinterpret_cast %arg0 to offset: [%[[OFFSET]]], sizes: [%[[N]]], strides: [1]
func.func @transpose_reshape(%a: !py.array<f32, 2, C>, %n: si64) -> (!py.array<f32, 2, F>, !py.array<f32, 1, C>) {
  %t = py.transpose %a : !py.array<f32, 2, C> -> !py.array<f32, 2, F>
  %r = py.reshape %a(%n) : !py.array<f32, 2, C> -> !py.array<f32, 1, C>
  return %t, %r : !py.array<f32, 2, F>, !py.array<f32, 1, C>
}
