# The seed's i-k-j matrix product: at `vector`, its loop nest is 8x8 tiles of vector code whose result
# tile stays in registers across k; `loops` lowers the transfers to 1-D ones, `llvm-dialect` to LLVM.
# RUN: %rumba emit %s --function matmul --signature "float64[:,:](float64[:,:], float64[::1,:])" --stage vector | %FileCheck %s --check-prefix=VECTOR
# RUN: %rumba emit %s --function matmul --signature "float64[:,:](float64[:,:], float64[::1,:])" --stage llvm-dialect | %FileCheck %s --check-prefix=LLVM
import numpy as np

# VECTOR-LABEL: func.func @matmul
# The result's allocation may raise (MemoryError, ValueError): the nest starts after that check.
# VECTOR: call @rumba_can_allocate
# VECTOR: cf.cond_br
# VECTOR-NOT: memref.load
# VECTOR: %[[TILE:.*]] = vector.transfer_read %[[C:.*]][%[[I:.*]], %[[J:.*]]], %{{.*}} {in_bounds = [true, true]} : memref<?x?xf64>, vector<8x8xf64>
# VECTOR-NEXT: %[[SUMS:.*]] = scf.for {{.*}} iter_args(%{{.*}} = %[[TILE]]) -> (vector<8x8xf64>)
# VECTOR: arith.mulf %{{.*}}, %{{.*}} : vector<1x8x8xf64>
# VECTOR: vector.transfer_write %[[SUMS]], %[[C]][%[[I]], %[[J]]]
# LLVM-LABEL: llvm.func internal @matmul
# LLVM: llvm.fmul %{{.*}}, %{{.*}} : vector<8xf64>
# LLVM-NOT: vector.
def matmul(A, B):
    m, n = A.shape
    n2, p = B.shape
    C = np.zeros((m, p))
    for i in range(m):
        for k in range(n):
            for j in range(p):
                C[i, j] += A[i, k] * B[k, j]
    return C
