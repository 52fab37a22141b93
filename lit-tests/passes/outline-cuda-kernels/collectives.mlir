// outline-cuda-kernels on the barrier's reductions and warp shuffles: a reduction is an
// nvvm.barrier with it, a 32-bit shuffle one gpu.shuffle over the 32 lanes (the lane operand
// truncated to i32), a 64-bit one a gpu.shuffle per half, joined again.
// RUN: %rumba-opt %s --pass-pipeline='builtin.module(outline-cuda-kernels)' | %FileCheck %s

// CHECK-LABEL: func.func @k
// CHECK: %{{.*}} = nvvm.barrier #nvvm.reduction<popc> %{{.*}} -> i32
// CHECK: nvvm.barrier #nvvm.reduction<or>
// CHECK: %[[LANE:.*]] = arith.trunci %{{.*}} : i64 to i32
// CHECK: %[[WIDTH:.*]] = arith.constant 32 : i32
// CHECK: gpu.shuffle  down %{{.*}}, %[[LANE]], %[[WIDTH]] : f32
// CHECK: arith.bitcast %{{.*}} : f64 to i64
// CHECK: %[[LOW:.*]], %{{.*}} = gpu.shuffle  idx %{{.*}}, %{{.*}}, %{{.*}} : i32
// CHECK: %[[HIGH:.*]], %{{.*}} = gpu.shuffle  idx %{{.*}}, %{{.*}}, %{{.*}} : i32
// CHECK: arith.ori
// CHECK: arith.bitcast %{{.*}} : i64 to f64
// CHECK-NOT: rumba_cuda
module {
  func.func private @rumba_cuda_syncthreads_reduce(i32, i32) -> i32
  func.func private @rumba_cuda_shuffle_f32(i32, f32, i64) -> f32
  func.func private @rumba_cuda_shuffle_f64(i32, f64, i64) -> f64
  func.func @k(%p: i32, %x: f32, %y: f64, %lane: i64) -> i32 attributes {rumba.kernel} {
    %count = arith.constant 0 : i32
    %or = arith.constant 2 : i32
    %down = arith.constant 1 : i32
    %idx = arith.constant 3 : i32
    %0 = func.call @rumba_cuda_syncthreads_reduce(%count, %p) : (i32, i32) -> i32
    %1 = func.call @rumba_cuda_syncthreads_reduce(%or, %p) : (i32, i32) -> i32
    %2 = func.call @rumba_cuda_shuffle_f32(%down, %x, %lane) : (i32, f32, i64) -> f32
    %3 = func.call @rumba_cuda_shuffle_f64(%idx, %y, %lane) : (i32, f64, i64) -> f64
    return %0 : i32
  }
}
