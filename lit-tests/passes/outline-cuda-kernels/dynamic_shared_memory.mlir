// outline-cuda-kernels on the launch's dynamic shared memory: the runtime call becomes
// gpu.dynamic_shared_memory, viewed as all the bytes the launch gave (%dynamic_smem_size) and cast
// to the generic memory space its users expect; the declaration goes.
// RUN: %rumba-opt %s --pass-pipeline='builtin.module(outline-cuda-kernels)' | %FileCheck %s

// CHECK: gpu.module @rumba_kernels {
// CHECK: func.func @k(
// CHECK: %[[SHARED:.*]] = gpu.dynamic_shared_memory : memref<?xi8, #gpu.address_space<workgroup>>
// CHECK-NEXT: %[[SIZE:.*]] = nvvm.read.ptx.sreg.dynamic.smem.size : i32
// CHECK-NEXT: %[[BYTES:.*]] = arith.index_castui %[[SIZE]] : i32 to index
// CHECK-NEXT: %[[ZERO:.*]] = arith.constant 0 : index
// CHECK-NEXT: %[[SIZED:.*]] = memref.view %[[SHARED]][%[[ZERO]]][%[[BYTES]]] : memref<?xi8, #gpu.address_space<workgroup>> to memref<?xi8, #gpu.address_space<workgroup>>
// CHECK-NEXT: %[[GENERIC:.*]] = memref.memory_space_cast %[[SIZED]] : memref<?xi8, #gpu.address_space<workgroup>> to memref<?xi8>
// CHECK: memref.dim %[[GENERIC]]
// CHECK-NOT: rumba_cuda_dynamic_shared_memory
module {
  func.func private @rumba_cuda_dynamic_shared_memory() -> memref<?xi8> attributes {llvm.emit_c_interface}
  func.func @k() -> i32 attributes {rumba.kernel} {
    %memory = func.call @rumba_cuda_dynamic_shared_memory() : () -> memref<?xi8>
    %c0 = arith.constant 0 : index
    %bytes = memref.dim %memory, %c0 : memref<?xi8>
    %status = arith.constant 0 : i32
    return %status : i32
  }
}
