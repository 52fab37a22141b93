// lower-py on CUDA shared memory. py.shared_array (the launch's dynamic shared memory) is a view of
// the bytes rumba_cuda_dynamic_shared_memory() gives, declared with the C interface (a memref comes
// back through it), with as many f32s as fit (bytes / 4). In a kernel for the simulator
// (py.cuda_simulated), a shared array's global is a view of the block's memory from
// rumba_cuda_static_shared_memory(total): arrays in module order, each at a multiple of 16 bytes
// (3 x i8 at 0, 2 x f64 at 16: 32 bytes); without the mark it stays the global.
// RUN: %rumba-opt %s --pass-pipeline='builtin.module(lower-py)' | %FileCheck %s

// CHECK-DAG: func.func private @rumba_cuda_dynamic_shared_memory() -> memref<?xi8> attributes {llvm.emit_c_interface}
// CHECK-DAG: func.func private @rumba_cuda_static_shared_memory(i64) -> memref<?xi8> attributes {llvm.emit_c_interface}

// CHECK-LABEL: func.func @dynamic
// CHECK: %[[BYTES:.*]] = call @rumba_cuda_dynamic_shared_memory() : () -> memref<?xi8>
// CHECK: %[[ZERO:.*]] = arith.constant 0 : index
// CHECK: %[[SIZE:.*]] = memref.dim %[[BYTES]], %[[ZERO]] : memref<?xi8>
// CHECK: %[[FOUR:.*]] = arith.constant 4 : index
// CHECK: %[[LENGTH:.*]] = arith.divui %[[SIZE]], %[[FOUR]] : index
// CHECK: %[[VIEW:.*]] = memref.view %[[BYTES]][%[[ZERO]]][%[[LENGTH]]] : memref<?xi8> to memref<?xf32>
// CHECK: memref.cast %[[VIEW]] : memref<?xf32> to memref<?xf32, strided<[1], offset: ?>>
func.func @dynamic() -> !py.array<f32, 1, C> {
  %a = py.shared_array : !py.array<f32, 1, C>
  return %a : !py.array<f32, 1, C>
}

memref.global "private" @__rumba_shared_k_1 : memref<3xi8> = uninitialized
memref.global "private" @__rumba_shared_k_2 : memref<2xf64> = uninitialized

// CHECK-LABEL: func.func @simulated
// CHECK: %[[TOTAL:.*]] = arith.constant 32 : i64
// CHECK: %[[MEMORY:.*]] = call @rumba_cuda_static_shared_memory(%[[TOTAL]]) : (i64) -> memref<?xi8>
// CHECK: %[[START:.*]] = arith.constant 16 : index
// CHECK: memref.view %[[MEMORY]][%[[START]]][] : memref<?xi8> to memref<2xf64>
// CHECK-NOT: memref.get_global
func.func @simulated() -> !py.array<f64, 1, C> attributes {py.cuda_simulated} {
  %a = py.constant_array @__rumba_shared_k_2 : !py.array<f64, 1, C>
  return %a : !py.array<f64, 1, C>
}

// CHECK-LABEL: func.func @on_the_gpu
// CHECK: memref.get_global @__rumba_shared_k_2 : memref<2xf64>
func.func @on_the_gpu() -> !py.array<f64, 1, C> {
  %a = py.constant_array @__rumba_shared_k_2 : !py.array<f64, 1, C>
  return %a : !py.array<f64, 1, C>
}
