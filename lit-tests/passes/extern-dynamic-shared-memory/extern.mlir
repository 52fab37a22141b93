// extern-dynamic-shared-memory makes the zero-length shared (addr_space 3) i8 array that
// convert-gpu-to-nvvm gives the dynamic shared memory external, so that NVPTX declares it
// `.extern .shared` and it starts after the static shared arrays; other globals keep their linkage.
// RUN: %rumba-opt %s --pass-pipeline='builtin.module(extern-dynamic-shared-memory)' | %FileCheck %s

// CHECK: gpu.module @rumba_kernels
// CHECK-NEXT: llvm.mlir.global external @__dynamic_shmem__0() {addr_space = 3 : i32, alignment = 16 : i64} : !llvm.array<0 x i8>
// CHECK-NEXT: llvm.mlir.global internal @tile() {addr_space = 3 : i32, alignment = 16 : i64} : !llvm.array<4 x f32>
// CHECK-NEXT: llvm.mlir.global internal @empty() {addr_space = 0 : i32} : !llvm.array<0 x i8>
module attributes {gpu.container_module} {
  gpu.module @rumba_kernels {
    llvm.mlir.global internal @__dynamic_shmem__0() {addr_space = 3 : i32, alignment = 16 : i64} : !llvm.array<0 x i8>
    llvm.mlir.global internal @tile() {addr_space = 3 : i32, alignment = 16 : i64} : !llvm.array<4 x f32>
    llvm.mlir.global internal @empty() {addr_space = 0 : i32} : !llvm.array<0 x i8>
  }
}
