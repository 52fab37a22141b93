// lower-py on py.atomic: a memref.atomic_rmw of the element (negative indices wrap as for
// py.getitem); the kind follows the element type (addf/addi, maxnumf/maxs/maxu, minnumf/mins/minu,
// assign for exch), and sub adds the negated value.
// RUN: %rumba-opt %s --pass-pipeline='builtin.module(lower-py)' | %FileCheck %s

// CHECK-LABEL: func.func @float_add
// CHECK: %[[WRAPPED:.*]] = arith.select
// CHECK: %[[OLD:.*]] = memref.atomic_rmw addf %{{.*}}, %{{.*}}[%[[WRAPPED]]] : (f64, memref<?xf64, strided<[?], offset: ?>>) -> f64
// CHECK: return %[[OLD]]
func.func @float_add(%a: !py.array<f64, 1, A>, %i: si64, %x: f64) -> f64 {
  %old = py.atomic "add" %x, %a[%i] : f64, !py.array<f64, 1, A>, si64 -> f64
  return %old : f64
}

// CHECK-LABEL: func.func @kinds
// CHECK: %[[NEGATED:.*]] = arith.subi %{{.*}}, %{{.*}} : i32
// CHECK: memref.atomic_rmw addi %[[NEGATED]]
// CHECK: memref.atomic_rmw maxs
// CHECK: memref.atomic_rmw minu
// CHECK: memref.atomic_rmw maxnumf
// CHECK: memref.atomic_rmw assign
func.func @kinds(%a: !py.array<si32, 1, C>, %b: !py.array<ui64, 1, C>, %c: !py.array<f32, 1, C>, %i: si64, %x: si32, %y: ui64, %z: f32) {
  %0 = py.atomic "sub" %x, %a[%i] : si32, !py.array<si32, 1, C>, si64 -> si32
  %1 = py.atomic "max" %x, %a[%i] : si32, !py.array<si32, 1, C>, si64 -> si32
  %2 = py.atomic "min" %y, %b[%i] : ui64, !py.array<ui64, 1, C>, si64 -> ui64
  %3 = py.atomic "max" %z, %c[%i] : f32, !py.array<f32, 1, C>, si64 -> f32
  %4 = py.atomic "exch" %z, %c[%i] : f32, !py.array<f32, 1, C>, si64 -> f32
  return
}
