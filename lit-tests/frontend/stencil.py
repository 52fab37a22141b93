# A @stencil specialises into a kernel, which takes the centre indices after its arguments and reads
# a[-1, 0] at (i - 1, j) as an unsigned index (inside the neighbourhood it cannot leave the array),
# and a stencil function: the output filled with cval, then loops over the centres whose
# neighbourhood fits, rows 1 .. n0 - 1 and columns 2 .. n1 here, storing the kernel's value.
# Under parallel=True the outer loop is scf.parallel and a raise is published atomically. An index
# that is not a literal is checked against the neighbourhood (IndexError outside it), then read
# unsigned too. Centres run where the neighbourhood and the centre itself fit: a neighbourhood of
# (5, 10) loops from 0, not from -5. A literal index outside neighborhood= is a compile-time error.
# RUN: %rumba emit %s --function laplacian --signature "float64[:,::1](float64[:,::1])" --stage py | %FileCheck %s
# RUN: %rumba emit %s --function laplacian --signature "float64[:,::1](float64[:,::1])" --stage py --parallel | %FileCheck %s --check-prefix=PAR
# RUN: %rumba emit %s --function window --signature "float64[::1](float64[::1])" --stage py | %FileCheck %s --check-prefix=LOOP
# RUN: %rumba emit %s --function apply_ahead --signature "float64[::1](float64[::1])" --stage py | %FileCheck %s --check-prefix=AHEAD
# RUN: %not %rumba emit %s --function apply_too_far --signature "float64[::1](float64[::1])" --stage py 2>&1 | %FileCheck %s --check-prefix=FAR
# RUN: %not %rumba emit %s --function bad --signature "float64[::1](float64[::1], int64)" --stage py 2>&1 | %FileCheck %s --check-prefix=BAD
from numba import njit, stencil


@stencil(cval=1.0)
def five_point(a):
    return a[-1, 0] + a[1, 0] + a[0, -2] - 4.0 * a[0, 0]


@njit
def laplacian(a):
    return five_point(a)


# CHECK-LABEL: func.func @laplacian__f64x2C
# CHECK: call @five_point__f64x2C(%arg0) : (!py.array<f64, 2, C>) -> (i32, !py.array<f64, 2, C>)

# CHECK-LABEL: func.func private @five_point__kernel__f64x2C(%arg0: !py.array<f64, 2, C>, %arg1: si64, %arg2: si64) -> (i32, f64)
# CHECK: %[[ONE:.*]] = py.constant 1 : si64
# CHECK: %[[MINUS_ONE:.*]] = py.neg %[[ONE]] : si64
# CHECK: %[[ROW:.*]] = py.add %arg1, %[[MINUS_ONE]] : si64
# CHECK: %[[UROW:.*]] = py.cast %[[ROW]] : si64 to ui64
# CHECK: %[[ZERO:.*]] = py.constant 0 : si64
# CHECK: %[[COLUMN:.*]] = py.add %arg2, %[[ZERO]] : si64
# CHECK: %[[UCOLUMN:.*]] = py.cast %[[COLUMN]] : si64 to ui64
# CHECK: py.getitem %arg0[%[[UROW]], %[[UCOLUMN]]] : !py.array<f64, 2, C>, ui64, ui64 -> f64

# CHECK-LABEL: func.func private @five_point__f64x2C(%arg0: !py.array<f64, 2, C>) -> (i32, !py.array<f64, 2, C>)
# CHECK: %[[N0:.*]] = py.dim %arg0, 0
# CHECK: %[[N1:.*]] = py.dim %arg0, 1
# CHECK: %[[CVAL:.*]] = py.constant 1.000000e+00 : f64
# The extents are checked as for any new array (zero after a failed check).
# CHECK: %[[E0:.*]] = arith.select %{{.*}}, %{{.*}}, %[[N0]] : si64
# CHECK: %[[E1:.*]] = arith.select %{{.*}}, %{{.*}}, %[[N1]] : si64
# CHECK: %[[OUT:.*]] = py.empty(%[[E0]], %[[E1]]) : !py.array<f64, 2, C>
# CHECK: py.fill %[[OUT]], %[[CVAL]]
# CHECK: %[[ROW_LOW:.*]] = py.constant 1 : si64
# CHECK: %[[ROW_MARGIN:.*]] = py.constant 1 : si64
# CHECK: %[[ROW_HIGH:.*]] = py.sub %[[N0]], %[[ROW_MARGIN]] : si64
# CHECK: scf.for %[[I:.*]] = %{{.*}} to %{{.*}} step
# CHECK: %[[CI:.*]] = py.cast %[[I]] : index to si64
# CHECK: %[[COLUMN_LOW:.*]] = py.constant 2 : si64
# CHECK: %[[COLUMN_MARGIN:.*]] = py.constant 0 : si64
# CHECK: py.sub %[[N1]], %[[COLUMN_MARGIN]] : si64
# CHECK: scf.for %[[J:.*]] = %{{.*}} to %{{.*}} step
# CHECK: %[[CJ:.*]] = py.cast %[[J]] : index to si64
# CHECK: %[[VALUE:.*]]:2 = func.call @five_point__kernel__f64x2C(%arg0, %[[CI]], %[[CJ]])
# CHECK: py.setitem %[[VALUE]]#1, %[[OUT]][%{{.*}}, %{{.*}}] : f64, !py.array<f64, 2, C>, ui64, ui64
# CHECK: return %{{.*}}, %[[OUT]] : i32, !py.array<f64, 2, C>

# PAR-LABEL: func.func private @five_point__f64x2C
# PAR: scf.parallel
# PAR: scf.for
# PAR: func.call @five_point__kernel__f64x2C
# PAR: memref.atomic_rmw assign
# PAR: py.setitem


@stencil(neighborhood=((-2, 0),))
def trailing(a):
    total = 0.0
    for offset in range(-2, 1):
        total += a[offset]
    return total


@njit
def window(a):
    return trailing(a)


# LOOP-LABEL: func.func private @trailing__kernel__f64x1C
# LOOP: %[[OFFSET:.*]] = memref.load %{{.*}}[] : memref<si64>
# LOOP: %[[LEAST:.*]] = py.constant -2 : si64
# LOOP: %[[GREATEST:.*]] = py.constant 0 : si64
# LOOP: %[[BELOW:.*]] = py.cmp "lt", %[[OFFSET]], %[[LEAST]] : si64
# LOOP: %[[ABOVE:.*]] = py.cmp "gt", %[[OFFSET]], %[[GREATEST]] : si64
# LOOP: %[[OUTSIDE:.*]] = arith.ori %[[BELOW]], %[[ABOVE]] : i1
# LOOP: scf.if %[[OUTSIDE]] {
# LOOP: py.raise "IndexError"
# LOOP: %[[AT:.*]] = py.add %arg1, %[[OFFSET]] : si64
# LOOP: %[[UAT:.*]] = py.cast %[[AT]] : si64 to ui64
# LOOP: py.getitem %arg0[%[[UAT]]] : !py.array<f64, 1, C>, ui64 -> f64
# LOOP-LABEL: func.func private @trailing__f64x1C
# LOOP: %[[LOW:.*]] = py.constant 2 : si64


@stencil(neighborhood=((5, 10),))
def ahead(a):
    return a[5] + a[10]


@njit
def apply_ahead(a):
    return ahead(a)


# AHEAD-LABEL: func.func private @ahead__f64x1C
# AHEAD: %[[N:.*]] = py.dim %arg0, 0
# AHEAD: %[[LOW:.*]] = py.constant 0 : si64
# AHEAD: %[[MARGIN:.*]] = py.constant 10 : si64
# AHEAD: py.sub %[[N]], %[[MARGIN]] : si64


@stencil(neighborhood=((-1, 1),))
def too_far(a):
    return a[-1] + a[2]


@njit
def apply_too_far(a):
    return too_far(a)

# FAR: stencil.py:[[# @LINE - 7]]:22: error: relative index 2 is outside the stencil's neighborhood (-1, 1)


@stencil
def moving(a, k):
    return a[k]


@njit
def bad(a, k):
    return moving(a, k)

# BAD: stencil.py:[[# @LINE - 7]]:14: error: stencil kernel index is not a constant integer
