// version-unit-strides gives a function that loops over an array with a run-time innermost stride a
// copy that reads the array through a view whose innermost stride is 1, and a new function of the
// same name that checks that stride and calls the copy or the original body (renamed). A function
// without a loop, or whose arrays have a constant innermost stride, is left as it is.
// RUN: %rumba-opt %s --pass-pipeline='builtin.module(version-unit-strides)' | %FileCheck %s

// CHECK-LABEL: func.func @scale(%arg0: memref<?x?xf64, strided<[?, ?], offset: ?>>, %arg1: f64) -> i32 attributes {llvm.emit_c_interface, py.name = "scale"}
// CHECK: %[[ONE:.*]] = arith.constant 1 : index
// CHECK: %{{.*}}, %{{.*}}, %{{.*}}:2, %[[STRIDES:.*]]:2 = memref.extract_strided_metadata %arg0
// CHECK: %[[UNIT:.*]] = arith.cmpi eq, %[[STRIDES]]#1, %[[ONE]] : index
// CHECK: %[[ALL:.*]] = arith.andi %{{.*}}, %[[UNIT]] : i1
// CHECK: %[[STATUS:.*]] = scf.if %[[ALL]] -> (i32) {
// CHECK-NEXT: %[[FAST:.*]] = func.call @scale__unit_stride(%arg0, %arg1)
// CHECK-NEXT: scf.yield %[[FAST]] : i32
// CHECK-NEXT: } else {
// CHECK-NEXT: %[[SLOW:.*]] = func.call @scale__any_stride(%arg0, %arg1)
// CHECK-NEXT: scf.yield %[[SLOW]] : i32
// CHECK: return %[[STATUS]] : i32

// The original body, private and renamed.
// CHECK-LABEL: func.func private @scale__any_stride(%arg0: memref<?x?xf64, strided<[?, ?], offset: ?>>, %arg1: f64) -> i32 attributes {py.name = "scale"}
// CHECK-NOT: reinterpret_cast
// CHECK: memref.load %arg0[%{{.*}}, %{{.*}}] : memref<?x?xf64, strided<[?, ?], offset: ?>>

// The copy for unit strides: loads, stores and dims read the reinterpreted view.
// CHECK-LABEL: func.func private @scale__unit_stride(%arg0: memref<?x?xf64, strided<[?, ?], offset: ?>>, %arg1: f64) -> i32 attributes {py.name = "scale"}
// CHECK: %{{.*}}, %[[OFFSET:.*]], %[[SIZES:.*]]:2, %[[STRIDES:.*]]:2 = memref.extract_strided_metadata %arg0
// CHECK: %[[VIEW:.*]] = memref.reinterpret_cast %arg0 to offset: [%[[OFFSET]]], sizes: [%[[SIZES]]#0, %[[SIZES]]#1], strides: [%[[STRIDES]]#0, 1] : memref<?x?xf64, strided<[?, ?], offset: ?>> to memref<?x?xf64, strided<[?, 1], offset: ?>>
// CHECK: memref.dim %[[VIEW]], %{{.*}} : memref<?x?xf64, strided<[?, 1], offset: ?>>
// CHECK: memref.load %[[VIEW]][%{{.*}}, %{{.*}}] : memref<?x?xf64, strided<[?, 1], offset: ?>>
// CHECK: memref.store %{{.*}}, %[[VIEW]][%{{.*}}, %{{.*}}] : memref<?x?xf64, strided<[?, 1], offset: ?>>
func.func @scale(%a: memref<?x?xf64, strided<[?, ?], offset: ?>>, %factor: f64) -> i32 attributes {llvm.emit_c_interface, py.name = "scale"} {
  %zero = arith.constant 0 : index
  %one = arith.constant 1 : index
  %status = arith.constant 0 : i32
  %rows = memref.dim %a, %zero : memref<?x?xf64, strided<[?, ?], offset: ?>>
  %columns = memref.dim %a, %one : memref<?x?xf64, strided<[?, ?], offset: ?>>
  scf.for %i = %zero to %rows step %one {
    scf.for %j = %zero to %columns step %one {
      %x = memref.load %a[%i, %j] : memref<?x?xf64, strided<[?, ?], offset: ?>>
      %y = arith.mulf %x, %factor : f64
      memref.store %y, %a[%i, %j] : memref<?x?xf64, strided<[?, ?], offset: ?>>
    }
  }
  return %status : i32
}

// CHECK-LABEL: func.func @no_loop
// CHECK-NOT: __unit_stride
func.func @no_loop(%a: memref<?xf64, strided<[?], offset: ?>>) -> f64 {
  %zero = arith.constant 0 : index
  %x = memref.load %a[%zero] : memref<?xf64, strided<[?], offset: ?>>
  return %x : f64
}

// CHECK-LABEL: func.func @contiguous
// CHECK-NOT: __unit_stride
func.func @contiguous(%a: memref<?xf64>, %n: index) {
  %zero = arith.constant 0 : index
  %one = arith.constant 1 : index
  %x = arith.constant 1.0 : f64
  scf.for %i = %zero to %n step %one {
    memref.store %x, %a[%i] : memref<?xf64>
  }
  return
}
