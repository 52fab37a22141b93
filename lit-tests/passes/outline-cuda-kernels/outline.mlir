// outline-cuda-kernels makes a module of a CUDA kernel and what it calls a gpu.module: geometry reads
// become gpu ops cast to i64, the runtime barrier gpu.barrier, shared arrays' globals move to memory
// space 3 (read back through a cast to the generic space), and the kernel gets a gpu.func wrapper
// that calls it and drops its status. A function named after its module (`mod.helper`) takes a
// name PTX can spell (`mod$helper`).
// RUN: %rumba-opt %s --pass-pipeline='builtin.module(outline-cuda-kernels)' | %FileCheck %s

// CHECK: module attributes {gpu.container_module}
// CHECK-NEXT: gpu.module @rumba_kernels {
// CHECK: memref.global "private" @__rumba_shared_k_10 : memref<4xf64, 3>
// CHECK: func.func private @mod$helper
// CHECK: gpu.func @k_kernel(%[[ARG:.*]]: memref<?xf64>) kernel {
// CHECK-NEXT: %{{.*}} = func.call @k(%[[ARG]]) : (memref<?xf64>) -> i32
// CHECK-NEXT: gpu.return
// CHECK: func.func @k(%{{.*}}: memref<?xf64>) -> i32 attributes {rumba.kernel}
// CHECK-DAG: %[[TID:.*]] = gpu.thread_id x
// CHECK-DAG: %[[BDIM:.*]] = gpu.block_dim z
// CHECK-DAG: arith.index_cast %[[TID]] : index to i64
// CHECK-DAG: arith.index_cast %[[BDIM]] : index to i64
// CHECK: call @mod$helper(
// CHECK: %[[SHARED:.*]] = memref.get_global @__rumba_shared_k_10 : memref<4xf64, 3>
// CHECK-NEXT: memref.memory_space_cast %[[SHARED]] : memref<4xf64, 3> to memref<4xf64>
// CHECK: gpu.barrier
// CHECK-NOT: rumba_cuda
// CHECK-NOT: func.func private @rumba
module {
  memref.global "private" @__rumba_shared_k_10 : memref<4xf64> = uninitialized
  func.func private @rumba_cuda_geometry(i32) -> i64
  func.func private @rumba_cuda_syncthreads()
  func.func private @"mod.helper"(%x: i64) -> i64 {
    return %x : i64
  }
  func.func @k(%a: memref<?xf64>) -> i32 attributes {rumba.kernel} {
    %c0 = arith.constant 0 : i32
    %c8 = arith.constant 8 : i32
    %thread = func.call @rumba_cuda_geometry(%c0) : (i32) -> i64
    %block_dim_z = func.call @rumba_cuda_geometry(%c8) : (i32) -> i64
    %sum = arith.addi %thread, %block_dim_z : i64
    %index = func.call @"mod.helper"(%sum) : (i64) -> i64
    %i = arith.index_cast %index : i64 to index
    %tile = memref.get_global @__rumba_shared_k_10 : memref<4xf64>
    %value = memref.load %tile[%i] : memref<4xf64>
    func.call @rumba_cuda_syncthreads() : () -> ()
    memref.store %value, %a[%i] : memref<?xf64>
    return %c0 : i32
  }
}
