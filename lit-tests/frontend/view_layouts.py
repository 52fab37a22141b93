# Views keep their array's contiguity where Numba's typing does: a C array stays C under leading
# integers and at most a last slice without a step; an F array mirrors that from the right when
# every index is given. The rest is A. Contiguous views are cast from the subview's strides.
# RUN: %rumba emit %s --function views --signature "(float64[:, ::1], float64[::1, :], int64)" --stage py | %FileCheck %s
# RUN: %rumba emit %s --function views --signature "(float64[:, ::1], float64[::1, :], int64)" --stage std | %FileCheck %s --check-prefix=STD

# CHECK-LABEL: func.func @views
# CHECK-SAME: -> (i32, !py.array<f64, 1, C>, !py.array<f64, 2, C>, !py.array<f64, 1, C>, !py.array<f64, 1, A>, !py.array<f64, 2, A>, !py.array<f64, 1, C>, !py.array<f64, 2, A>, !py.array<f64, 1, A>)
# After canonicalisation the row `c[n]` is a subview with a unit inner stride, the column `c[:, 0]` not.
# STD: memref.subview %arg0[{{.*}}] [1, %{{.*}}] [1, 1] : memref<?x?xf64, strided<[?, 1], offset: ?>> to memref<?xf64, strided<[1], offset: ?>>
# STD: memref.subview %arg0[0, 0] [%{{.*}}, 1] [1, 1] : memref<?x?xf64, strided<[?, 1], offset: ?>> to memref<?xf64, strided<[?], offset: ?>>
def views(c, f, n):
    return c[n], c[:n], c[1, 2:], c[:, 0], c[::2], f[:, n], f[1:], c[..., 0]
