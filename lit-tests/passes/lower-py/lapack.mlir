// lower-py on py.lapack: a call of the runtime's rumba_lapack_<s|d|z><routine> through its C
// interface, the arrays cast to fully dynamic strided memrefs (one declaration serves every
// layout), options passed as they are, LAPACK's info the result. The matrices' element type picks
// the letter (a complex routine's real vectors are f64).
// RUN: %rumba-opt %s --pass-pipeline='builtin.module(lower-py)' | %FileCheck %s

// CHECK-DAG: func.func private @rumba_lapack_dgetrf(memref<?x?xf64, strided<[?, ?], offset: ?>>, memref<?xi32, strided<[?], offset: ?>>) -> i64 attributes {llvm.emit_c_interface}
// CHECK-DAG: func.func private @rumba_lapack_ssyevd(memref<?x?xf32, strided<[?, ?], offset: ?>>, memref<?xf32, strided<[?], offset: ?>>, i64) -> i64 attributes {llvm.emit_c_interface}
// CHECK-DAG: func.func private @rumba_lapack_dgelsd(memref<?x?xf64, strided<[?, ?], offset: ?>>, memref<?x?xf64, strided<[?, ?], offset: ?>>, memref<?xf64, strided<[?], offset: ?>>, f64, memref<?xi32, strided<[?], offset: ?>>) -> i64 attributes {llvm.emit_c_interface}

// CHECK-LABEL: func.func @factor
// CHECK: %[[A:.*]] = memref.cast %arg0 : memref<?x?xf64, strided<[1, ?], offset: ?>> to memref<?x?xf64, strided<[?, ?], offset: ?>>
// CHECK: %[[P:.*]] = memref.cast %arg1 : memref<?xi32, strided<[1], offset: ?>> to memref<?xi32, strided<[?], offset: ?>>
// CHECK: %[[INFO:.*]] = call @rumba_lapack_dgetrf(%[[A]], %[[P]])
// CHECK: return %[[INFO]] : i64
func.func @factor(%a: !py.array<f64, 2, F>, %pivots: !py.array<si32, 1, C>) -> si64 {
  %info = py.lapack "getrf"(%a, %pivots) : (!py.array<f64, 2, F>, !py.array<si32, 1, C>) -> si64
  return %info : si64
}

// CHECK-LABEL: func.func @complex_inverse
// CHECK: call @rumba_lapack_zgetri(%{{.*}}, %{{.*}}) : (memref<?x?xcomplex<f64>, strided<[?, ?], offset: ?>>, memref<?xi32, strided<[?], offset: ?>>) -> i64
func.func @complex_inverse(%a: !py.array<complex<f64>, 2, F>, %pivots: !py.array<si32, 1, C>) -> si64 {
  %info = py.lapack "getri"(%a, %pivots) : (!py.array<complex<f64>, 2, F>, !py.array<si32, 1, C>) -> si64
  return %info : si64
}

// CHECK-LABEL: func.func @hermitian
// CHECK: call @rumba_lapack_zsyevd(%{{.*}}, %{{.*}}, %arg2) : (memref<?x?xcomplex<f64>, strided<[?, ?], offset: ?>>, memref<?xf64, strided<[?], offset: ?>>, i64) -> i64
func.func @hermitian(%a: !py.array<complex<f64>, 2, F>, %w: !py.array<f64, 1, C>, %vectors: si64) -> si64 {
  %info = py.lapack "syevd"(%a, %w, %vectors) : (!py.array<complex<f64>, 2, F>, !py.array<f64, 1, C>, si64) -> si64
  return %info : si64
}

// CHECK-LABEL: func.func @symmetric
// CHECK: call @rumba_lapack_ssyevd(%{{.*}}, %{{.*}}, %arg2)
func.func @symmetric(%a: !py.array<f32, 2, F>, %w: !py.array<f32, 1, C>, %vectors: si64) -> si64 {
  %info = py.lapack "syevd"(%a, %w, %vectors) : (!py.array<f32, 2, F>, !py.array<f32, 1, C>, si64) -> si64
  return %info : si64
}

// CHECK-LABEL: func.func @least_squares
// CHECK: call @rumba_lapack_dgelsd(%{{.*}}, %{{.*}}, %{{.*}}, %arg3, %{{.*}})
func.func @least_squares(%a: !py.array<f64, 2, F>, %b: !py.array<f64, 2, F>, %s: !py.array<f64, 1, C>, %rcond: f64, %rank: !py.array<si32, 1, C>) -> si64 {
  %info = py.lapack "gelsd"(%a, %b, %s, %rcond, %rank) : (!py.array<f64, 2, F>, !py.array<f64, 2, F>, !py.array<f64, 1, C>, f64, !py.array<si32, 1, C>) -> si64
  return %info : si64
}
