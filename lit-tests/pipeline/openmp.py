# The openmp stage turns scf.parallel into an OpenMP worksharing loop with a declared reduction and
# no per-iteration alloca scope; LLVM IR forks through libomp.
# RUN: %rumba emit %s --call "total(10)" --parallel --stage openmp | %FileCheck %s --check-prefix=OMP
# RUN: %rumba emit %s --call "total(10)" --parallel --stage llvm | %FileCheck %s --check-prefix=LLVMIR
# RUN: %rumba run %s --call "total(1000)" --parallel | %FileCheck %s --check-prefix=RESULT
from rumba import prange

# OMP: omp.declare_reduction @[[RED:.*]] : i64 init {
# OMP: omp.parallel {
# OMP: omp.wsloop reduction(@[[RED]]
# OMP-NOT: memref.alloca_scope
# OMP: omp.loop_nest
# LLVMIR: call void {{.*}}@__kmpc_fork_call
# 0 + 3 + ... + 999 = 3 * (0 + ... + 333) = 166833
# RESULT: {{^}}166833{{$}}
def total(n):
    s = 0
    for i in prange(n):
        if i % 3 == 0:
            s += i
    return s
