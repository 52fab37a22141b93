# Every scalar a prange body updates is a reduction or gets its last iteration's value. `/=` reduces
# through `*` (each thread's partial starts from 1, the initial value is multiplied in), `|=`, `&=`
# and `^=` through their operators (identities 0, all ones, 0). A variable assigned in the body and
# read after the loop is copied out by the last iteration. One read before the iteration assigns it
# would depend on the order iterations run in: a located error.
# RUN: %rumba emit %s --call "halve(10)" --parallel --stage py | %FileCheck %s --check-prefix=DIV
# RUN: %rumba emit %s --call "flags(10)" --parallel --stage py | %FileCheck %s --check-prefix=BITS
# RUN: %rumba emit %s --call "last(3, 10)" --parallel --stage py | %FileCheck %s --check-prefix=LAST
# RUN: %not %rumba emit %s --call "carried(10)" --parallel --stage py 2>&1 | %FileCheck %s --check-prefix=CARRIED
from rumba import prange

# DIV-LABEL: func.func @halve__si64
# DIV: scf.parallel {{.*}} init (%{{.*}}) -> f64 {
# DIV: %[[ONE:.*]] = py.constant 1.000000e+00 : f64
# DIV: py.truediv
# DIV: scf.reduce(%{{.*}} : f64) {
# DIV: arith.mulf %{{.*}}, %{{.*}} fastmath<reassoc> : f64
def halve(n):
    s = 10.0
    for i in prange(n):
        s /= 2
    return s


# BITS-LABEL: func.func @flags__si64
# BITS: scf.parallel {{.*}} init (%{{.*}}, %{{.*}}, %{{.*}}) -> (si64, si64, si64) {
# BITS-DAG: py.constant -1 : si64
# BITS: scf.reduce
# BITS: py.bitor %{{.*}}, %{{.*}} : si64
# BITS: py.bitand %{{.*}}, %{{.*}} : si64
# BITS: py.bitxor %{{.*}}, %{{.*}} : si64
def flags(n):
    a, b, c = 0, -1, 0
    for i in prange(n):
        a |= i
        b &= ~i
        c ^= i
    return a, b, c


# LAST-LABEL: func.func @last__si64__si64
# LAST: %[[LASTINDEX:.*]] = arith.subi %{{.*}}, %{{.*}} : index
# LAST: scf.parallel (%[[I:.*]]) =
# LAST: %[[IS_LAST:.*]] = arith.cmpi eq, %[[I]], %[[LASTINDEX]] : index
# LAST: scf.if %[[IS_LAST]] {
# LAST-NEXT: %[[PRIVATE:.*]] = memref.load %{{.*}}[] : memref<si64>
# LAST-NEXT: memref.store %[[PRIVATE]], %{{.*}}[] : memref<si64>
def last(x, y):
    k = 0
    for j in prange(y):
        k = x + j
    return k


def carried(n):
    t = 1.0
    for i in prange(n):
        # CARRIED: prange_updates.py:[[@LINE+1]]:13: error: 't' is read in this prange loop before the iteration assigns it
        t = t * 2.0 + i
    return t
