// lower-py on py.local_array: a memref.alloca of the static shape at the function's entry (not in
// the loop that makes the array), cast to the strided memref type of its array type.
// RUN: %rumba-opt %s --pass-pipeline='builtin.module(lower-py)' | %FileCheck %s

// CHECK-LABEL: func.func @scratch
// CHECK-NEXT: %[[MEMORY:.*]] = memref.alloca() : memref<4x2xf32>
// CHECK: scf.for
// CHECK: memref.cast %[[MEMORY]] : memref<4x2xf32> to memref<?x?xf32, strided<[?, 1], offset: ?>>
func.func @scratch(%n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  scf.for %i = %c0 to %n step %c1 {
    %a = py.local_array [4, 2] : !py.array<f32, 2, C>
  }
  return
}
