# Array indexing, stores, len and allocation emit py.getitem / py.setitem / py.dim / py.empty + py.fill.
# RUN: %rumba emit %s --function swap_first --signature "void(f4[:])" --stage py | %FileCheck %s --check-prefix=SWAP
# RUN: %rumba emit %s --function grid --signature "(i8, i8)" --stage py | %FileCheck %s --check-prefix=GRID
import numpy as np

# SWAP-LABEL: func.func @swap_first__f32x1A(%arg0: !py.array<f32, 1, A>) -> i32
# SWAP: py.dim %arg0, 0 : !py.array<f32, 1, A>
# SWAP: py.getitem %arg0[%{{.*}}] : !py.array<f32, 1, A>, si64 -> f32
# SWAP: py.setitem %{{.*}}, %arg0[%{{.*}}] : f32, !py.array<f32, 1, A>, si64
def swap_first(X):
    n = len(X)
    tmp = X[0]
    X[0] = X[n - 1]
    X[-1] = tmp

# GRID-LABEL: func.func @grid__si64__si64(%arg0: si64, %arg1: si64) -> (i32, !py.array<f32, 2, C>)
# GRID: %[[A:.*]] = py.empty(%{{.*}}, %{{.*}}) : !py.array<f32, 2, C>
# GRID: py.fill %[[A]], %{{.*}} : !py.array<f32, 2, C>, f32
def grid(m, n):
    return np.ones((m, n), dtype=np.float32)
