# CUDA intrinsics in py IR: geometry reads are calls of the runtime's rumba_cuda_geometry(kind * 3 +
# axis) (threadIdx 0, blockIdx 1, blockDim 2, gridDim 3), cuda.grid(1) is threadIdx.x + blockIdx.x *
# blockDim.x, cuda.syncthreads() a call of rumba_cuda_syncthreads, a shared array a py.constant_array
# of an uninitialized global (the launch's dynamic one a py.shared_array), an atomic a py.atomic.
# Each target lowers them its own way.
# RUN: %rumba emit %s --function kernel --signature "void(f8[:], i4[:])" --stage py | %FileCheck %s
# RUN: %rumba emit %s --function kernel --signature "void(f8[:], i4[:])" --target cuda --stage gpu | %FileCheck %s --check-prefix=GPU
# RUN: %rumba emit %s --function kernel --signature "void(f8[:], i4[:])" --target cuda --stage nvvm | %FileCheck %s --check-prefix=NVVM
# RUN: %rumba emit %s --function kernel --signature "void(f8[:], i4[:])" --target cuda --chip sm_90 | %FileCheck %s --check-prefix=PTX

# CHECK-LABEL: func.func @kernel__f64x1A__si32x1A
# CHECK: %[[C7:.*]] = arith.constant 7 : i32
# CHECK-NEXT: call @rumba_cuda_geometry(%[[C7]]) : (i32) -> si64
# CHECK: %[[C6:.*]] = arith.constant 6 : i32
# CHECK-NEXT: %[[BDIM:.*]] = call @rumba_cuda_geometry(%[[C6]]) : (i32) -> si64
# CHECK: %[[C0:.*]] = arith.constant 0 : i32
# CHECK-NEXT: %[[TID:.*]] = call @rumba_cuda_geometry(%[[C0]]) : (i32) -> si64
# CHECK: %[[C3:.*]] = arith.constant 3 : i32
# CHECK-NEXT: %[[BID:.*]] = call @rumba_cuda_geometry(%[[C3]]) : (i32) -> si64
# CHECK-NEXT: %[[OFFSET:.*]] = py.mul %[[BID]], %[[BDIM]] : si64
# CHECK-NEXT: py.add %[[TID]], %[[OFFSET]] : si64
# CHECK: py.constant_array @[[SHARED:__rumba_shared_kernel__f64x1A__si32x1A_[0-9]+]] : !py.array<f64, 1, C>
# CHECK: call @rumba_cuda_syncthreads() : () -> ()
# CHECK: py.shared_array : !py.array<si32, 1, C>
# CHECK: py.atomic "add" %{{.*}}, %{{.*}}[%{{.*}}] : si32, !py.array<si32, 1, A>, si64 -> si32
# CHECK: func.func private @rumba_cuda_geometry(i32) -> si64
# CHECK: func.func private @rumba_cuda_syncthreads()
# CHECK: memref.global "private" @[[SHARED]] : memref<32xf64> = uninitialized

# GPU: gpu.module @rumba_kernels
# GPU-DAG: memref.global "private" @__rumba_shared_{{.*}} : memref<32xf64, 3>
# GPU: gpu.func @kernel__f64x1A__si32x1A_kernel
# GPU: gpu.block_dim  y
# GPU: gpu.barrier
# GPU: memref.atomic_rmw addi

# NVVM: gpu.module @rumba_kernels [#nvvm.target<O = 3, chip = "sm_80">]
# NVVM: llvm.mlir.global private @__rumba_shared_{{.*}}() {addr_space = 3 : i32
# NVVM: llvm.func @kernel__f64x1A__si32x1A_kernel({{.*}} attributes {gpu.kernel, nvvm.kernel}
# NVVM: nvvm.read.ptx.sreg.ntid.y
# NVVM: nvvm.barrier0
# NVVM: nvvm.read.ptx.sreg.dynamic.smem.size

# PTX: .target sm_90
# PTX-DAG: .extern .shared .align 16 .b8 __dynamic_shmem__0[];
# PTX-DAG: .shared .align 16 .b8 __rumba_shared_{{.*}}[256];
# PTX: .visible .entry kernel__f64x1A__si32x1A_kernel(
# PTX: mov.u32 %r{{[0-9]+}}, %ntid.y;
# PTX: bar.sync 0;
# PTX: mov.u32 %r{{[0-9]+}}, %dynamic_smem_size;
# PTX: atom.global.add.u32
from numba import cuda
import numpy as np


@cuda.jit
def kernel(a, counts):
    stride = cuda.blockDim.y
    i = cuda.grid(1)
    tile = cuda.shared.array(32, dtype=float64)
    tile[cuda.threadIdx.x] = a[i]
    cuda.syncthreads()
    a[i] = tile[31 - cuda.threadIdx.x] + stride
    launched = cuda.shared.array(0, dtype=np.int32)
    launched[0] = launched.shape[0]
    cuda.atomic.add(counts, i % 4, 1)


from numba import float64
