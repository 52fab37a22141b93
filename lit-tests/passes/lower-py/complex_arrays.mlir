// lower-py on complex128 arrays: elements are complex<f64> in the memref; a whole-array sum calls
// the runtime's pairwise complex sum (NumPy's order), a product folds with the schoolbook product
// on the parts (NumPy's scalar loop, not complex.mul with its infinity recovery), and a sum along
// an axis folds with complex.add into a new array holding the identity.
// RUN: %rumba-opt %s --pass-pipeline='builtin.module(lower-py)' | %FileCheck %s

// CHECK-LABEL: func.func @reductions
// CHECK-SAME: (%[[A:.*]]: memref<?x?xcomplex<f64>, strided<[?, 1], offset: ?>>)
// CHECK: %[[UNRANKED:.*]] = memref.cast %[[A]] : {{.*}} to memref<*xcomplex<f64>>
// CHECK: call @rumba_pairwise_sum_c128(%[[UNRANKED]]) : (memref<*xcomplex<f64>>) -> complex<f64>
// CHECK: %[[ONE:.*]] = complex.constant [1.000000e+00, 0.000000e+00] : complex<f64>
// CHECK: linalg.fill ins(%[[ONE]] : complex<f64>)
// CHECK: linalg.generic
// CHECK: ^bb0(%[[X:.*]]: complex<f64>, %[[P:.*]]: complex<f64>):
// CHECK: %[[PA:.*]] = complex.re %[[P]]
// CHECK: %[[PB:.*]] = complex.im %[[P]]
// CHECK: %[[XC:.*]] = complex.re %[[X]]
// CHECK: %[[XD:.*]] = complex.im %[[X]]
// CHECK: %[[AC:.*]] = arith.mulf %[[PA]], %[[XC]] : f64
// CHECK: %[[BD:.*]] = arith.mulf %[[PB]], %[[XD]] : f64
// CHECK: %[[RE:.*]] = arith.subf %[[AC]], %[[BD]] : f64
// CHECK: %[[AD:.*]] = arith.mulf %[[PA]], %[[XD]] : f64
// CHECK: %[[BC:.*]] = arith.mulf %[[PB]], %[[XC]] : f64
// CHECK: %[[IM:.*]] = arith.addf %[[AD]], %[[BC]] : f64
// CHECK: %[[PRODUCT:.*]] = complex.create %[[RE]], %[[IM]] : complex<f64>
// CHECK: linalg.yield %[[PRODUCT]] : complex<f64>
// CHECK: %[[ROWS:.*]] = memref.alloc
// CHECK: %[[ZERO:.*]] = complex.constant [0.000000e+00, 0.000000e+00] : complex<f64>
// CHECK: linalg.fill ins(%[[ZERO]] : complex<f64>) outs(%[[ROWS]] : memref<?xcomplex<f64>>)
// CHECK: linalg.generic {{.*}} iterator_types = ["reduction", "parallel"]
// CHECK: ^bb0(%[[Y:.*]]: complex<f64>, %[[Q:.*]]: complex<f64>):
// CHECK: %[[ADDED:.*]] = complex.add %[[Q]], %[[Y]] : complex<f64>
// CHECK: linalg.yield %[[ADDED]] : complex<f64>
func.func @reductions(%a: !py.array<complex<f64>, 2, C>) -> (complex<f64>, complex<f64>, !py.array<complex<f64>, 1, C>) {
  %s = py.reduce "sum"(%a) : !py.array<complex<f64>, 2, C> -> complex<f64>
  %p = py.reduce "prod"(%a) : !py.array<complex<f64>, 2, C> -> complex<f64>
  %c = py.reduce "sum"(%a) {axis = 0 : i64} : !py.array<complex<f64>, 2, C> -> !py.array<complex<f64>, 1, C>
  return %s, %p, %c : complex<f64>, complex<f64>, !py.array<complex<f64>, 1, C>
}

// CHECK-LABEL: func.func @elements
// CHECK: %[[Z:.*]] = memref.load %{{.*}}[%{{.*}}] : memref<?xcomplex<f64>, strided<[1], offset: ?>>
// CHECK: memref.store %[[Z]], %{{.*}}[%{{.*}}] : memref<?xcomplex<f64>, strided<[1], offset: ?>>
func.func @elements(%a: !py.array<complex<f64>, 1, C>, %i: si64) -> complex<f64> {
  %z = py.getitem %a[%i] : !py.array<complex<f64>, 1, C>, si64 -> complex<f64>
  py.setitem %z, %a[%i] : complex<f64>, !py.array<complex<f64>, 1, C>, si64
  return %z : complex<f64>
}

// complex64: the whole-array sum calls the runtime's float32 pairwise sum, which returns it as a
// complex<f64> (the C ABI returns a struct of two floats otherwise than LLVM does), narrowed part
// by part; the product's identity and schoolbook parts are f32.
// CHECK-LABEL: func.func @reductions64
// CHECK: %[[SUM:.*]] = call @rumba_pairwise_sum_c64(%{{.*}}) : (memref<*xcomplex<f32>>) -> complex<f64>
// CHECK: %[[RE:.*]] = complex.re %[[SUM]] : complex<f64>
// CHECK: %[[NRE:.*]] = arith.truncf %[[RE]] : f64 to f32
// CHECK: %[[IM:.*]] = complex.im %[[SUM]] : complex<f64>
// CHECK: %[[NIM:.*]] = arith.truncf %[[IM]] : f64 to f32
// CHECK: complex.create %[[NRE]], %[[NIM]] : complex<f32>
// CHECK: complex.constant [1.000000e+00 : f32, 0.000000e+00 : f32] : complex<f32>
// CHECK: linalg.generic
// CHECK: arith.mulf %{{.*}}, %{{.*}} : f32
func.func @reductions64(%a: !py.array<complex<f32>, 1, C>) -> (complex<f32>, complex<f32>) {
  %s = py.reduce "sum"(%a) : !py.array<complex<f32>, 1, C> -> complex<f32>
  %p = py.reduce "prod"(%a) : !py.array<complex<f32>, 1, C> -> complex<f32>
  return %s, %p : complex<f32>, complex<f32>
}
