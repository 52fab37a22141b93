# Each named stage: no py ops after `std`, the LLVM dialect after `llvm-dialect`, optimised LLVM IR and host assembly after.
# RUN: %rumba emit %s --call "scale(2.5, 4)" --stage std | %FileCheck %s --check-prefix=STD
# RUN: %rumba emit %s --function filled --signature "(i8,)" --stage loops | %FileCheck %s --check-prefix=LOOPS
# RUN: %rumba emit %s --call "scale(2.5, 4)" --stage llvm-dialect | %FileCheck %s --check-prefix=LLVMDIALECT
# RUN: %rumba emit %s --call "scale(2.5, 4)" --stage llvm | %FileCheck %s --check-prefix=LLVMIR
# RUN: %rumba emit %s --call "scale(2.5, 4)" --stage asm | %FileCheck %s --check-prefix=ASM
# RUN: %rumba emit %s --function summed --signature "(i8,)" --stage llvm-dialect | %FileCheck %s --check-prefix=MEMORY

# STD-LABEL: func.func @scale__f64__si64(%arg0: f64, %arg1: i64) -> (i32, f64)
# STD: arith.sitofp %{{.*}} : i64 to f64
# STD: arith.mulf
# STD-NOT: py.
# The function is internal, inlined into its C interface (what the runtime calls) before optimisation.
# LLVMDIALECT: llvm.func internal @scale__f64__si64(%arg0: f64, %arg1: i64) -> !llvm.struct<(i32, f64)> attributes {{{.*}}passthrough = ["alwaysinline"]
# LLVMDIALECT: llvm.fmul
# LLVMDIALECT: llvm.func @_mlir_ciface_scale__f64__si64(%arg0: !llvm.ptr, %arg1: f64, %arg2: i64)
# LLVMIR-NOT: @scale__f64__si64(
# LLVMIR: define {{.*}}void @_mlir_ciface_scale__f64__si64(ptr {{.*}}, double {{.*}}, i64 {{.*}})
# LLVMIR: sitofp i64 %{{.*}} to double
# LLVMIR: fmul double
# ASM: scale__f64__si64:
# ASM: ret
import numpy as np


def scale(x, n):
    return x * n

# np.ones allocates 64-byte aligned memory; `loops` turns its linalg.fill into an scf.for storing 1.0.
# LOOPS-LABEL: func.func @filled__si64
# LOOPS: %[[ONE:.*]] = arith.constant 1.000000e+00 : f64
# LOOPS: %[[A:.*]] = memref.alloc(%{{.*}}) {alignment = 64 : i64} : memref<?xf64>
# LOOPS-NOT: linalg.fill
# LOOPS: scf.for %[[I:.*]] = %{{.*}} to %{{.*}} step %{{.*}} {
# LOOPS-NEXT: memref.store %[[ONE]], %{{.*}}[%[[I]]]
def filled(n):
    return np.ones(n)


# Arrays are allocated and freed through MLIR's generic functions, which the runtime defines (its
# free skips the constant arrays of globals bound by value).
# MEMORY-LABEL: llvm.func internal @summed__si64
# MEMORY: llvm.call @_mlir_memref_to_llvm_alloc
# MEMORY: llvm.call @_mlir_memref_to_llvm_free
# MEMORY-NOT: @malloc
# MEMORY-NOT: @free
def summed(n):
    return (np.ones(n) * 2.0).sum()
