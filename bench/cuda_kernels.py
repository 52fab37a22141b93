"""The kernels bench/run_cuda.py runs, written as Numba's users write them: `cuda` is a global of
this module, Numba's or rumba's as `BENCH_CUDA` says when it is loaded (`numba` or `rumba`)."""
import math
import os

import numpy as np
from numpy import float32

if os.environ.get("BENCH_CUDA") == "numba":
    from numba import cuda
else:
    from rumba import cuda

TILE = 16


@cuda.jit
def add(x, y, out):
    start = cuda.grid(1)
    stride = cuda.gridsize(1)
    for i in range(start, x.shape[0], stride):
        out[i] = x[i] + y[i]


@cuda.jit
def tiled_matmul(A, B, C):
    sA = cuda.shared.array(shape=(TILE, TILE), dtype=float32)
    sB = cuda.shared.array(shape=(TILE, TILE), dtype=float32)
    x, y = cuda.grid(2)
    tx = cuda.threadIdx.x
    ty = cuda.threadIdx.y
    bpg = cuda.gridDim.x
    tmp = float32(0.)
    for i in range(bpg):
        sA[ty, tx] = 0
        sB[ty, tx] = 0
        if y < A.shape[0] and (tx + i * TILE) < A.shape[1]:
            sA[ty, tx] = A[y, tx + i * TILE]
        if x < B.shape[1] and (ty + i * TILE) < B.shape[0]:
            sB[ty, tx] = B[ty + i * TILE, x]
        cuda.syncthreads()
        for j in range(TILE):
            tmp += sA[ty, j] * sB[j, tx]
        cuda.syncthreads()
    if y < C.shape[0] and x < C.shape[1]:
        C[y, x] = tmp


@cuda.jit
def block_sums(values, sums):
    partial = cuda.shared.array(256, float32)
    t = cuda.threadIdx.x
    i = cuda.grid(1)
    partial[t] = values[i] if i < values.shape[0] else 0.0
    cuda.syncthreads()
    step = 128
    while step > 0:
        if t < step:
            partial[t] += partial[t + step]
        cuda.syncthreads()
        step //= 2
    if t == 0:
        sums[cuda.blockIdx.x] = partial[0]


@cuda.jit
def double_2d(a):
    row, col = cuda.grid(2)
    if row < a.shape[0] and col < a.shape[1]:
        a[row, col] *= 2.0


@cuda.jit(device=True)
def exp_twice(a, b):
    for _ in range(2):
        a = math.exp(a * b)
    return a


@cuda.jit
def device_function(a, b, out):
    i = cuda.grid(1)
    if i < a.shape[0]:
        out[i] = exp_twice(a[i], b[i])


@cuda.jit
def histogram(values, counts):
    start = cuda.grid(1)
    stride = cuda.gridsize(1)
    for i in range(start, values.shape[0], stride):
        cuda.atomic.add(counts, values[i] % counts.shape[0], 1)
