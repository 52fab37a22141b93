"""PolyBench's doitgen: a contraction over the last axis of a 3-D array, one matrix product per
slice, written back in place."""
import numba


@numba.njit
def doitgen(A, C4):
    for r in range(A.shape[0]):
        A[r, :, :] = A[r] @ C4
