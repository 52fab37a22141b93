# Array variables given new arrays in branches come out of the `scf.if` as its results; a variable
# holding C and F arrays holds both as layout A (a full-slice `py.view`); an array returned from
# inside a loop is carried out of it and passed to the exit block, which returns it.
# RUN: %rumba emit %s --function pick --signature "(f8[::1], b1)" --stage py | %FileCheck %s --check-prefix=PICK
# RUN: %rumba emit %s --function either_layout --signature "(f8[:, ::1], b1)" --stage py | %FileCheck %s --check-prefix=LAYOUT
# RUN: %rumba emit %s --function first_large --signature "(f8[::1],)" --stage py | %FileCheck %s --check-prefix=EXIT
# RUN: %rumba run %s --call "check()" | %FileCheck %s --check-prefix=RESULT
import numpy as np

# PICK-LABEL: func.func @pick
# PICK: %[[V:.*]] = scf.if %{{.*}} -> (!py.array<f64, 1, C>) {
# PICK: %[[DOUBLED:.*]] = py.map
# PICK: scf.yield %[[DOUBLED]] : !py.array<f64, 1, C>
# PICK: } else {
# PICK: %[[PLUS:.*]] = py.map
# PICK: scf.yield %[[PLUS]] : !py.array<f64, 1, C>
# PICK: return %{{.*}}, %[[V]] : i32, !py.array<f64, 1, C>
def pick(u, flag):
    if flag:
        v = u * 2.0
    else:
        v = u + 1.0
    return v


# LAYOUT-LABEL: func.func @either_layout
# LAYOUT: %[[B:.*]] = scf.if %{{.*}} -> (!py.array<f64, 2, A>) {
# LAYOUT: %[[AS_A:.*]] = py.view %arg0[] {dims = array<i64: 0, 0>} : !py.array<f64, 2, C> -> !py.array<f64, 2, A>
# LAYOUT: scf.yield %[[AS_A]] : !py.array<f64, 2, A>
# LAYOUT: } else {
# LAYOUT: %[[T:.*]] = py.transpose %arg0
# LAYOUT: %[[T_AS_A:.*]] = py.view %[[T]][] {dims = array<i64: 0, 0>} : !py.array<f64, 2, F> -> !py.array<f64, 2, A>
# LAYOUT: scf.yield %[[T_AS_A]] : !py.array<f64, 2, A>
# LAYOUT: py.reduce "sum"(%[[B]])
def either_layout(a, flag):
    if flag:
        b = a
    else:
        b = a.T
    return b.sum()


# EXIT-LABEL: func.func @first_large
# EXIT: %[[NULL:.*]] = ub.poison : !py.array<f64, 1, C>
# EXIT: %[[LOOP:.*]]:2 = scf.while (%{{.*}} = %{{.*}}, %{{.*}} = %[[NULL]])
# EXIT: scf.if %{{.*}} -> (!py.array<f64, 1, C>) {
# EXIT: %[[SCALED:.*]] = py.map
# EXIT: scf.yield %[[SCALED]]
# EXIT: cf.cond_br %{{.*}}, ^{{.*}}, ^[[EXIT:.*]](%[[LOOP]]#1 : !py.array<f64, 1, C>)
# EXIT: ^[[EXIT]](%[[RETURNED:.*]]: !py.array<f64, 1, C>):
# EXIT: return %{{.*}}, %[[RETURNED]] : i32, !py.array<f64, 1, C>
def first_large(a):
    for i in range(a.shape[0]):
        if a[i] > 2.0:
            return a * a[i]
    return a + 0.0


# RESULT: {{^}}22.0{{$}}
def check():
    a = np.arange(6.0).reshape(2, 3)
    return pick(np.ones(2), True).sum() + either_layout(a, False) + first_large(np.arange(4.0))[1]
