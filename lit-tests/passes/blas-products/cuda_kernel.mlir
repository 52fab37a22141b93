// blas-products leaves the GPU target's module as it is: where a function is a CUDA kernel
// (`rumba.kernel`), every product of the module stays linalg, to become loops on the device.
// RUN: %rumba-opt %s --pass-pipeline='builtin.module(blas-products)' | %FileCheck %s

// CHECK-NOT: rumba_blas
// CHECK-LABEL: func.func @device_dot
// CHECK: linalg.fill
// CHECK: linalg.dot
func.func @device_dot(%x: memref<?xf64>, %y: memref<?xf64>) -> f64 {
  %zero = arith.constant 0.0 : f64
  %slot = memref.alloca() : memref<f64>
  linalg.fill ins(%zero : f64) outs(%slot : memref<f64>)
  linalg.dot ins(%x, %y : memref<?xf64>, memref<?xf64>) outs(%slot : memref<f64>)
  %sum = memref.load %slot[] : memref<f64>
  return %sum : f64
}

// CHECK-LABEL: func.func @kernel
func.func @kernel(%x: memref<?xf64>) attributes {rumba.kernel} {
  return
}
