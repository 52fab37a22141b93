// lower-py in a function marked py.boundscheck (the CUDA simulator's kernels): each index of an
// element access is compared with its extent (unsigned, after negative indices wrap); one outside
// is reported to rumba_cuda_out_of_bounds with the access's file:line:col and replaced by 0, and a
// store happens only when every index is inside. Without the mark, nothing is checked.
// RUN: %rumba-opt %s --pass-pipeline='builtin.module(lower-py)' | %FileCheck %s

// CHECK: llvm.mlir.global internal constant @__rumba_text_{{.*}}("{{.*}}boundscheck.mlir:{{[0-9]+}}:{{[0-9]+}}")
// CHECK-LABEL: func.func @checked
// CHECK: llvm.mlir.addressof @__rumba_text_
// CHECK: %[[EXTENT:.*]] = memref.dim %{{.*}}, %{{.*}} : memref<?xf64, strided<[?], offset: ?>>
// CHECK-NEXT: %[[INSIDE:.*]] = arith.cmpi ult, %[[INDEX:.*]], %[[EXTENT]] : index
// CHECK: %[[OUTSIDE:.*]] = arith.xori %[[INSIDE]], %{{.*}} : i1
// CHECK: scf.if %[[OUTSIDE]] {
// CHECK: func.call @rumba_cuda_out_of_bounds
// CHECK: %[[SAFE:.*]] = arith.select %[[INSIDE]], %[[INDEX]], %{{.*}} : index
// CHECK: memref.load %{{.*}}[%[[SAFE]]]
// CHECK: func.call @rumba_cuda_out_of_bounds
// CHECK: scf.if %{{.*}} {
// CHECK-NEXT: memref.store
// CHECK-LABEL: func.func @unchecked
// CHECK-NOT: rumba_cuda_out_of_bounds
// CHECK: memref.load
func.func @checked(%a: !py.array<f64, 1, A>, %i: si64) attributes {py.boundscheck} {
  %x = py.getitem %a[%i] : !py.array<f64, 1, A>, si64 -> f64
  py.setitem %x, %a[%i] : f64, !py.array<f64, 1, A>, si64
  return
}

func.func @unchecked(%a: !py.array<f64, 1, A>, %i: si64) -> f64 {
  %x = py.getitem %a[%i] : !py.array<f64, 1, A>, si64 -> f64
  return %x : f64
}
