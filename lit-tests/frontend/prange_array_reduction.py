# An array a prange body updates only by += or -= (*= or /=) is a reduction, as in Numba: before the
# loop one copy per thread filled with 0 (1) (`rumba_parallel_slots` of them, in one array), in the
# loop the body updates the calling thread's copy (`rumba_parallel_slot`, a view), after the loop
# each copy is added (multiplied) into the array in place.
# RUN: %rumba emit %s --signature "(float64[:, ::1],)" --function column_sums --parallel --stage py | %FileCheck %s
# RUN: %rumba emit %s --signature "(float64[:, ::1],)" --function column_products --parallel --stage py | %FileCheck %s --check-prefix=PRODUCT
import numpy as np
from rumba import prange

# CHECK-LABEL: func.func @column_sums
# CHECK: %[[TOTALS:.*]] = py.empty(%{{.*}}) : !py.array<f64, 1, C>
# CHECK: call @rumba_parallel_slots() : () -> si64
# CHECK: %[[PARTS:.*]] = py.empty(%{{.*}}, %{{.*}}) : !py.array<f64, 2, C>
# CHECK: py.fill %[[PARTS]]
# CHECK: scf.parallel
# CHECK: %[[SLOT:.*]] = {{.*}}call @rumba_parallel_slot() : () -> si64
# CHECK: %[[MINE:.*]] = py.view %[[PARTS]][%[[SLOT]]] {dims = array<i64: -1, 0>} : !py.array<f64, 2, C> -> !py.array<f64, 1, A>
# CHECK: py.copy %{{.*}}, %[[MINE]] :
# CHECK: scf.for
# CHECK: %[[COPY:.*]] = py.view %[[PARTS]]
# CHECK: %[[SUM:.*]] = py.map %[[TOTALS]], %[[COPY]]
# CHECK: py.copy %[[SUM]], %[[TOTALS]]
def column_sums(a):
    totals = np.zeros(a.shape[1])
    for i in prange(a.shape[0]):
        totals += a[i]
    return totals


# PRODUCT-LABEL: func.func @column_products
# PRODUCT: call @rumba_parallel_slots() : () -> si64
# PRODUCT: %[[ONE:.*]] = py.constant 1.000000e+00 : f64
# PRODUCT: %[[PARTS:.*]] = py.empty(%{{.*}}, %{{.*}}) : !py.array<f64, 2, C>
# PRODUCT: py.fill %[[PARTS]], %[[ONE]]
# PRODUCT: scf.parallel
# PRODUCT: py.mul
# PRODUCT: scf.for
# PRODUCT: py.map
# PRODUCT: py.mul
# PRODUCT: py.yield
def column_products(a):
    totals = np.ones(a.shape[1])
    for i in prange(a.shape[0]):
        totals *= a[i]
    return totals
