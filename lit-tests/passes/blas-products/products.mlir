// blas-products makes linalg's named products of f32/f64/complex<f32>/complex<f64> memrefs that a zero fill of their output
// comes right before into calls of rumba's runtime (BLAS), on operands cast to fully dynamic
// strided memrefs; the fill goes. Integer products, products into an output that is not freshly
// zeroed (linalg accumulates, BLAS overwrites), products inside scf.parallel and those of simulated
// CUDA kernels stay linalg.
// RUN: %rumba-opt %s --pass-pipeline='builtin.module(blas-products)' | %FileCheck %s

// CHECK-DAG: func.func private @rumba_blas_matmul_f64(memref<?x?xf64, strided<[?, ?], offset: ?>>, memref<?x?xf64, strided<[?, ?], offset: ?>>, memref<?x?xf64, strided<[?, ?], offset: ?>>) attributes {llvm.emit_c_interface}
// CHECK-DAG: func.func private @rumba_blas_matvec_f32(memref<?x?xf32, strided<[?, ?], offset: ?>>, memref<?xf32, strided<[?], offset: ?>>, memref<?xf32, strided<[?], offset: ?>>) attributes {llvm.emit_c_interface}
// CHECK-DAG: func.func private @rumba_blas_vecmat_f64(
// CHECK-DAG: func.func private @rumba_blas_dot_f64(memref<?xf64, strided<[?], offset: ?>>, memref<?xf64, strided<[?], offset: ?>>) -> f64 attributes {llvm.emit_c_interface}

// CHECK-LABEL: func.func @matmul
// CHECK-NOT: linalg.fill
// CHECK: %[[A:.*]] = memref.cast %arg0 : memref<?x?xf64, strided<[?, 1], offset: ?>> to memref<?x?xf64, strided<[?, ?], offset: ?>>
// CHECK: %[[B:.*]] = memref.cast %arg1 : memref<?x?xf64, strided<[1, ?], offset: ?>> to memref<?x?xf64, strided<[?, ?], offset: ?>>
// CHECK: %[[C:.*]] = memref.cast %{{.*}} : memref<?x?xf64> to memref<?x?xf64, strided<[?, ?], offset: ?>>
// CHECK: call @rumba_blas_matmul_f64(%[[A]], %[[B]], %[[C]])
// CHECK-NOT: linalg.matmul
func.func @matmul(%a: memref<?x?xf64, strided<[?, 1], offset: ?>>, %b: memref<?x?xf64, strided<[1, ?], offset: ?>>, %m: index, %n: index) -> memref<?x?xf64> {
  %zero = arith.constant 0.0 : f64
  %c = memref.alloc(%m, %n) : memref<?x?xf64>
  linalg.fill ins(%zero : f64) outs(%c : memref<?x?xf64>)
  linalg.matmul ins(%a, %b : memref<?x?xf64, strided<[?, 1], offset: ?>>, memref<?x?xf64, strided<[1, ?], offset: ?>>) outs(%c : memref<?x?xf64>)
  return %c : memref<?x?xf64>
}

// A complex product: its zero is a complex.constant.
// CHECK-LABEL: func.func @matmul_complex
// CHECK-NOT: linalg.fill
// CHECK: call @rumba_blas_matmul_c128(%{{.*}}, %{{.*}}, %{{.*}}) : (memref<?x?xcomplex<f64>, strided<[?, ?], offset: ?>>, memref<?x?xcomplex<f64>, strided<[?, ?], offset: ?>>, memref<?x?xcomplex<f64>, strided<[?, ?], offset: ?>>) -> ()
// CHECK-NOT: linalg.matmul
func.func @matmul_complex(%a: memref<?x?xcomplex<f64>>, %b: memref<?x?xcomplex<f64>>, %m: index, %n: index) -> memref<?x?xcomplex<f64>> {
  %zero = complex.constant [0.0 : f64, 0.0 : f64] : complex<f64>
  %c = memref.alloc(%m, %n) : memref<?x?xcomplex<f64>>
  linalg.fill ins(%zero : complex<f64>) outs(%c : memref<?x?xcomplex<f64>>)
  linalg.matmul ins(%a, %b : memref<?x?xcomplex<f64>>, memref<?x?xcomplex<f64>>) outs(%c : memref<?x?xcomplex<f64>>)
  return %c : memref<?x?xcomplex<f64>>
}

// complex64 products call the runtime's c64 routines (cgemm).
// CHECK-LABEL: func.func @matmul_complex64
// CHECK-NOT: linalg.fill
// CHECK: call @rumba_blas_matmul_c64(%{{.*}}, %{{.*}}, %{{.*}}) : (memref<?x?xcomplex<f32>, strided<[?, ?], offset: ?>>, memref<?x?xcomplex<f32>, strided<[?, ?], offset: ?>>, memref<?x?xcomplex<f32>, strided<[?, ?], offset: ?>>) -> ()
// CHECK-NOT: linalg.matmul
func.func @matmul_complex64(%a: memref<?x?xcomplex<f32>>, %b: memref<?x?xcomplex<f32>>, %m: index, %n: index) -> memref<?x?xcomplex<f32>> {
  %zero = complex.constant [0.0 : f32, 0.0 : f32] : complex<f32>
  %c = memref.alloc(%m, %n) : memref<?x?xcomplex<f32>>
  linalg.fill ins(%zero : complex<f32>) outs(%c : memref<?x?xcomplex<f32>>)
  linalg.matmul ins(%a, %b : memref<?x?xcomplex<f32>>, memref<?x?xcomplex<f32>>) outs(%c : memref<?x?xcomplex<f32>>)
  return %c : memref<?x?xcomplex<f32>>
}

// A complex fill that is not zero: the product accumulates onto it, and stays linalg.
// CHECK-LABEL: func.func @matmul_complex_onto_ones
// CHECK: linalg.fill
// CHECK: linalg.matmul
func.func @matmul_complex_onto_ones(%a: memref<?x?xcomplex<f64>>, %b: memref<?x?xcomplex<f64>>, %m: index, %n: index) -> memref<?x?xcomplex<f64>> {
  %one = complex.constant [1.0 : f64, 0.0 : f64] : complex<f64>
  %c = memref.alloc(%m, %n) : memref<?x?xcomplex<f64>>
  linalg.fill ins(%one : complex<f64>) outs(%c : memref<?x?xcomplex<f64>>)
  linalg.matmul ins(%a, %b : memref<?x?xcomplex<f64>>, memref<?x?xcomplex<f64>>) outs(%c : memref<?x?xcomplex<f64>>)
  return %c : memref<?x?xcomplex<f64>>
}

// CHECK-LABEL: func.func @matvec_f32
// CHECK: call @rumba_blas_matvec_f32(
func.func @matvec_f32(%a: memref<?x?xf32>, %x: memref<?xf32>, %m: index) -> memref<?xf32> {
  %zero = arith.constant 0.0 : f32
  %y = memref.alloc(%m) : memref<?xf32>
  linalg.fill ins(%zero : f32) outs(%y : memref<?xf32>)
  linalg.matvec ins(%a, %x : memref<?x?xf32>, memref<?xf32>) outs(%y : memref<?xf32>)
  return %y : memref<?xf32>
}

// CHECK-LABEL: func.func @vecmat
// CHECK: call @rumba_blas_vecmat_f64(
func.func @vecmat(%x: memref<?xf64>, %a: memref<?x?xf64>, %n: index) -> memref<?xf64> {
  %zero = arith.constant 0.0 : f64
  %y = memref.alloc(%n) : memref<?xf64>
  linalg.fill ins(%zero : f64) outs(%y : memref<?xf64>)
  linalg.vecmat ins(%x, %a : memref<?xf64>, memref<?x?xf64>) outs(%y : memref<?xf64>)
  return %y : memref<?xf64>
}

// CHECK-LABEL: func.func @dot
// CHECK: %[[SUM:.*]] = call @rumba_blas_dot_f64(%{{.*}}, %{{.*}}) : (memref<?xf64, strided<[?], offset: ?>>, memref<?xf64, strided<[?], offset: ?>>) -> f64
// CHECK: memref.store %[[SUM]], %[[SLOT:.*]][] : memref<f64>
// CHECK: memref.load %[[SLOT]][]
func.func @dot(%x: memref<?xf64, strided<[?], offset: ?>>, %y: memref<?xf64>) -> f64 {
  %zero = arith.constant 0.0 : f64
  %slot = memref.alloca() : memref<f64>
  linalg.fill ins(%zero : f64) outs(%slot : memref<f64>)
  linalg.dot ins(%x, %y : memref<?xf64, strided<[?], offset: ?>>, memref<?xf64>) outs(%slot : memref<f64>)
  %sum = memref.load %slot[] : memref<f64>
  return %sum : f64
}

// CHECK-LABEL: func.func @integers
// CHECK: linalg.fill
// CHECK: linalg.matmul
func.func @integers(%a: memref<?x?xi64>, %b: memref<?x?xi64>, %m: index, %n: index) -> memref<?x?xi64> {
  %zero = arith.constant 0 : i64
  %c = memref.alloc(%m, %n) : memref<?x?xi64>
  linalg.fill ins(%zero : i64) outs(%c : memref<?x?xi64>)
  linalg.matmul ins(%a, %b : memref<?x?xi64>, memref<?x?xi64>) outs(%c : memref<?x?xi64>)
  return %c : memref<?x?xi64>
}

// CHECK-LABEL: func.func @accumulating
// CHECK: linalg.fill
// CHECK: linalg.matmul
// CHECK: linalg.matmul
func.func @accumulating(%a: memref<?x?xf64>, %b: memref<?x?xf64>, %m: index, %n: index) -> memref<?x?xf64> {
  %one = arith.constant 1.0 : f64
  %c = memref.alloc(%m, %n) : memref<?x?xf64>
  linalg.fill ins(%one : f64) outs(%c : memref<?x?xf64>)
  linalg.matmul ins(%a, %b : memref<?x?xf64>, memref<?x?xf64>) outs(%c : memref<?x?xf64>)
  linalg.matmul ins(%a, %b : memref<?x?xf64>, memref<?x?xf64>) outs(%c : memref<?x?xf64>)
  return %c : memref<?x?xf64>
}

// CHECK-LABEL: func.func @in_parallel_loop
// CHECK: scf.parallel
// CHECK: linalg.fill
// CHECK: linalg.matmul
func.func @in_parallel_loop(%a: memref<?x?xf64>, %b: memref<?x?xf64>, %c: memref<?x?xf64>, %count: index) {
  %zero = arith.constant 0.0 : f64
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  scf.parallel (%i) = (%c0) to (%count) step (%c1) {
    linalg.fill ins(%zero : f64) outs(%c : memref<?x?xf64>)
    linalg.matmul ins(%a, %b : memref<?x?xf64>, memref<?x?xf64>) outs(%c : memref<?x?xf64>)
    scf.reduce
  }
  return
}

// CHECK-LABEL: func.func @simulated_kernel
// CHECK: linalg.fill
// CHECK: linalg.matmul
func.func @simulated_kernel(%a: memref<?x?xf64>, %b: memref<?x?xf64>, %c: memref<?x?xf64>) attributes {py.cuda_simulated} {
  %zero = arith.constant 0.0 : f64
  linalg.fill ins(%zero : f64) outs(%c : memref<?x?xf64>)
  linalg.matmul ins(%a, %b : memref<?x?xf64>, memref<?x?xf64>) outs(%c : memref<?x?xf64>)
  return
}
