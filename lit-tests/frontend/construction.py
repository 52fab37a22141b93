# np.array of a literal allocates its shape and stores each element; a join copies each array
# into a view of the result along the axis.
# RUN: %rumba emit %s --call "literal(2.5)" --stage py | %FileCheck %s --check-prefix=LITERAL
# RUN: %rumba emit %s --call "joined(3)" --stage py | %FileCheck %s --check-prefix=JOINED

# The int 1 is converted to the float64 element type; elements go in row by row.
# LITERAL-LABEL: func.func @literal__f64
# LITERAL: %[[ARRAY:.*]] = py.empty(%{{.*}}, %{{.*}}) : !py.array<f64, 2, C>
# LITERAL: %[[ONE:.*]] = py.cast %{{.*}} : si64 to f64
# LITERAL: py.setitem %[[ONE]], %[[ARRAY]][%{{.*}}, %{{.*}}] : f64, !py.array<f64, 2, C>, si64, si64
# LITERAL: py.setitem %arg0, %[[ARRAY]]
# LITERAL-NOT: py.setitem
# LITERAL: return
def literal(x):
    return np.array([[1], [x]])


# JOINED-LABEL: func.func @joined__si64
# JOINED: %[[RESULT:.*]] = py.empty(%{{.*}}) : !py.array<si64, 1, C>
# JOINED: %[[FIRST:.*]] = py.view %[[RESULT]][%{{.*}}, %{{.*}}] {dims = array<i64: 3>}
# JOINED: py.copy %{{.*}}, %[[FIRST]]
# JOINED: %[[SECOND:.*]] = py.view %[[RESULT]][%{{.*}}, %{{.*}}] {dims = array<i64: 3>}
# JOINED: py.copy %{{.*}}, %[[SECOND]]
def joined(n):
    return np.concatenate((np.arange(n), np.arange(n)))


import numpy as np
