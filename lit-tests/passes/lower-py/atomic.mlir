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

// inc, dec and a compare-and-swap: a memref.generic_atomic_rmw whose region computes the new value
// from the current one (CUDA's atomicInc/atomicDec wrapping, unsigned).
// CHECK-LABEL: func.func @generic
// CHECK: memref.generic_atomic_rmw %{{.*}}[%{{.*}}] : memref<?xi32, strided<[1], offset: ?>> {
// CHECK-NEXT: ^bb0(%[[CURRENT:.*]]: i32):
// CHECK: %[[WRAPS:.*]] = arith.cmpi uge, %[[CURRENT]], %{{.*}} : i32
// CHECK-NEXT: %[[NEXT:.*]] = arith.addi %[[CURRENT]], %{{.*}} : i32
// CHECK-NEXT: %[[NEW:.*]] = arith.select %[[WRAPS]], %{{.*}}, %[[NEXT]] : i32
// CHECK-NEXT: memref.atomic_yield %[[NEW]] : i32
// CHECK: memref.generic_atomic_rmw
// CHECK: arith.cmpi eq
// CHECK: arith.cmpi ugt
// CHECK: arith.subi
// CHECK: memref.generic_atomic_rmw %{{.*}}[%{{.*}}] : memref<?xi64, strided<[1], offset: ?>> {
// CHECK-NEXT: ^bb0(%[[OLD:.*]]: i64):
// CHECK-NEXT: %[[EQUAL:.*]] = arith.cmpi eq, %[[OLD]], %{{.*}} : i64
// CHECK-NEXT: %[[SWAPPED:.*]] = arith.select %[[EQUAL]], %{{.*}}, %[[OLD]] : i64
// CHECK-NEXT: memref.atomic_yield %[[SWAPPED]] : i64
func.func @generic(%a: !py.array<ui32, 1, C>, %b: !py.array<si64, 1, C>, %i: si64, %limit: ui32, %old: si64, %new: si64) {
  %0 = py.atomic "inc" %limit, %a[%i] : ui32, !py.array<ui32, 1, C>, si64 -> ui32
  %1 = py.atomic "dec" %limit, %a[%i] : ui32, !py.array<ui32, 1, C>, si64 -> ui32
  %2 = py.atomic_cas %old, %new, %b[%i] : si64, !py.array<si64, 1, C>, si64
  return
}
