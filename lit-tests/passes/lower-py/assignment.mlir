// lower-py on `target[...] = expression`: a py.map whose only use is a py.copy into the target, and
// which reads only the target itself or new arrays, writes into the target directly (no temporary,
// no copy). One that reads another view of the same memory keeps its temporary, so that the
// right-hand side is evaluated before the assignment, as NumPy does.
// RUN: %rumba-opt %s --pass-pipeline='builtin.module(lower-py)' | %FileCheck %s

// CHECK-LABEL: func.func @in_place
// CHECK-SAME: (%[[ROW:.*]]: memref<?xf32, strided<[?], offset: ?>>, %[[M:.*]]: f32)
// CHECK-NOT: memref.alloc
// CHECK: linalg.generic {{.*}} ins(%[[ROW]] : {{.*}}) outs(%[[ROW]] : {{.*}})
// CHECK-NEXT: ^bb0(%[[X:.*]]: f32, %{{.*}}: f32):
// CHECK-NEXT: arith.divf %[[X]], %[[M]] : f32
// CHECK-NOT: linalg.copy
// CHECK: return
func.func @in_place(%row: !py.array<f32, 1, A>, %m: f32) {
  %q = py.map %row, %m : (!py.array<f32, 1, A>, f32) -> !py.array<f32, 1, C> {
  ^bb0(%x: f32, %y: f32):
    %d = py.truediv %x, %y : f32
    py.yield %d : f32
  }
  py.copy %q, %row : !py.array<f32, 1, C>, !py.array<f32, 1, A>
  return
}

// CHECK-LABEL: func.func @other_view
// CHECK: %[[NEW:.*]] = memref.alloc
// CHECK: linalg.generic {{.*}} outs(%[[NEW]] : {{.*}})
// CHECK: linalg.copy ins(%{{.*}} : {{.*}}) outs(%arg1 : {{.*}})
func.func @other_view(%source: !py.array<f64, 1, A>, %target: !py.array<f64, 1, A>) {
  %q = py.map %source : (!py.array<f64, 1, A>) -> !py.array<f64, 1, C> {
  ^bb0(%x: f64):
    %d = py.add %x, %x : f64
    py.yield %d : f64
  }
  py.copy %q, %target : !py.array<f64, 1, C>, !py.array<f64, 1, A>
  return
}
