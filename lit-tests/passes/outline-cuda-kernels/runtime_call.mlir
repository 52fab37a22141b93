// A kernel that calls a runtime function other than the CUDA intrinsics (an allocation check, a
// formatted message) cannot run on the GPU: an error at the call.
// RUN: %rumba-opt %s --pass-pipeline='builtin.module(outline-cuda-kernels)' -verify-diagnostics
module {
  func.func private @rumba_can_allocate(f64) -> i1
  func.func @k(%bytes: f64) -> i32 attributes {rumba.kernel} {
    %c0 = arith.constant 0 : i32
    // expected-error @+1 {{this is not supported in a CUDA kernel on the GPU: it needs the runtime function 'rumba_can_allocate'}}
    %ok = func.call @rumba_can_allocate(%bytes) : (f64) -> i1
    return %c0 : i32
  }
}
