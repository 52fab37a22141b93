// lower-py on arrays and types: getitem/setitem (negative-index wrap), dim, empty, fill, raise, and py types in signatures, block arguments and slots.
// RUN: %rumba-opt %s --pass-pipeline='builtin.module(lower-py)' | %FileCheck %s
// RUN: %rumba-opt %s --pass-pipeline='builtin.module(lower-py)' | %FileCheck %s --check-prefix=NOPY
// Nothing of the py dialect is left, in ops or in types.
// NOPY-NOT: {{[^a-z]py\.}}

// Arrays become strided memrefs keeping the unit stride the layout promises: C the last dimension,
// F the first, A none; element types become signless.
// CHECK-LABEL: func.func @signature(
// CHECK-SAME: %{{[a-z0-9]+}}: memref<?x?xf64, strided<[?, 1], offset: ?>>
// CHECK-SAME: %{{[a-z0-9]+}}: memref<?x?xf64, strided<[1, ?], offset: ?>>
// CHECK-SAME: %{{[a-z0-9]+}}: memref<?x?xf64, strided<[?, ?], offset: ?>>
// CHECK-SAME: %[[V:[a-z0-9]+]]: memref<?xi32, strided<[1], offset: ?>>
// CHECK-SAME: %{{[a-z0-9]+}}: memref<?x?x?xi8, strided<[1, ?, ?], offset: ?>>
// CHECK-SAME: %{{[a-z0-9]+}}: memref<?xi1, strided<[?], offset: ?>>
// CHECK-SAME: %{{[a-z0-9]+}}: i64
// CHECK-SAME: -> memref<?xi32, strided<[1], offset: ?>>
// CHECK-NEXT: return %[[V]] : memref<?xi32, strided<[1], offset: ?>>
func.func @signature(%c: !py.array<f64, 2, C>, %f: !py.array<f64, 2, F>, %a: !py.array<f64, 2, A>,
                     %v: !py.array<si32, 1, C>, %w: !py.array<ui8, 3, F>, %b: !py.array<i1, 1, A>,
                     %n: si64) -> !py.array<si32, 1, C> {
  return %v : !py.array<si32, 1, C>
}

// A 0-d array is a rank-0 memref, its element loaded and stored with no indices.
// CHECK-LABEL: func.func @zero_dimensional(
// CHECK-SAME: %[[Z:[a-z0-9]+]]: memref<f64, strided<[], offset: ?>>, %[[V:[a-z0-9]+]]: f64) -> f64
// CHECK: %[[E:.*]] = memref.load %[[Z]][] : memref<f64, strided<[], offset: ?>>
// CHECK: memref.store %[[V]], %[[Z]][] : memref<f64, strided<[], offset: ?>>
// CHECK: return %[[E]] : f64
func.func @zero_dimensional(%z: !py.array<f64, 0, C>, %v: f64) -> f64 {
  %0 = py.getitem %z[] : !py.array<f64, 0, C> -> f64
  py.setitem %v, %z[] : f64, !py.array<f64, 0, C>
  return %0 : f64
}

// Declarations convert too.
// CHECK-LABEL: func.func private @declaration(memref<?x?xi64, strided<[?, ?], offset: ?>>, i64) -> i8
func.func private @declaration(!py.array<si64, 2, A>, si64) -> ui8

// Scalar locals live in memref<T> slots: memref<si64> becomes memref<i64>.
// CHECK-LABEL: func.func @slot(
// CHECK-SAME: %[[N:[a-z0-9]+]]: i64) -> i64
// CHECK-NEXT: %[[SLOT:.*]] = memref.alloca() : memref<i64>
// CHECK-NEXT: memref.store %[[N]], %[[SLOT]][] : memref<i64>
// CHECK-NEXT: %[[LOADED:.*]] = memref.load %[[SLOT]][] : memref<i64>
// CHECK-NEXT: return %[[LOADED]] : i64
func.func @slot(%n: si64) -> si64 {
  %slot = memref.alloca() : memref<si64>
  memref.store %n, %slot[] : memref<si64>
  %0 = memref.load %slot[] : memref<si64>
  return %0 : si64
}

// Block arguments and results of region ops convert as well.
// CHECK-LABEL: func.func @regions(
// CHECK-SAME: %[[LO:[a-z0-9]+]]: index, %[[HI:[a-z0-9]+]]: index, %[[INIT:[a-z0-9]+]]: i64, %[[P:[a-z0-9]+]]: i1)
// CHECK: %[[SUM:.*]] = scf.for %[[IV:[a-z0-9]+]] = %[[LO]] to %[[HI]] step %{{.*}} iter_args(%[[ACC:[a-z0-9]+]] = %[[INIT]]) -> (i64) {
// CHECK-NEXT: %[[K:.*]] = arith.index_cast %[[IV]] : index to i64
// CHECK-NEXT: %[[NEXT:.*]] = arith.addi %[[ACC]], %[[K]] : i64
// CHECK-NEXT: scf.yield %[[NEXT]] : i64
// CHECK: %[[WHILE:.*]] = scf.while (%[[W:[a-z0-9]+]] = %[[SUM]]) : (i64) -> i64 {
// CHECK: scf.condition(%[[P]]) %[[W]] : i64
// CHECK: ^bb0(%[[BODY:[a-z0-9]+]]: i64):
// CHECK: scf.yield %[[BODY]] : i64
// CHECK: %[[IF:.*]] = scf.if %[[P]] -> (i64) {
// CHECK-NEXT: scf.yield %[[WHILE]] : i64
// CHECK-NEXT: } else {
// CHECK-NEXT: scf.yield %[[INIT]] : i64
// CHECK: return %[[IF]] : i64
// CHECK-NOT: si64
func.func @regions(%lo: index, %hi: index, %init: si64, %p: i1) -> si64 {
  %one = arith.constant 1 : index
  %sum = scf.for %i = %lo to %hi step %one iter_args(%acc = %init) -> (si64) {
    %k = py.cast %i : index to si64
    %next = py.add %acc, %k : si64
    scf.yield %next : si64
  }
  %while = scf.while (%w = %sum) : (si64) -> si64 {
    scf.condition(%p) %w : si64
  } do {
  ^bb0(%body: si64):
    scf.yield %body : si64
  }
  %if = scf.if %p -> (si64) {
    scf.yield %while : si64
  } else {
    scf.yield %init : si64
  }
  return %if : si64
}

// a[i, j] with signed indices: each index is cast to index and, when negative, has its dimension's
// extent added.
// CHECK-LABEL: func.func @getitem_signed(
// CHECK-SAME: %[[A:[a-z0-9]+]]: memref<?x?xf64, strided<[?, 1], offset: ?>>, %[[I:[a-z0-9]+]]: i64, %[[J:[a-z0-9]+]]: i32) -> f64
// CHECK-DAG: %[[I_INDEX:.*]] = arith.index_cast %[[I]] : i64 to index
// CHECK-DAG: %[[EXTENT0:.*]] = memref.dim %[[A]], %[[DIM0:[^ ,]+]] : memref<?x?xf64, strided<[?, 1], offset: ?>>
// CHECK-DAG: %[[DIM0]] = arith.constant 0 : index
// CHECK-DAG: %[[I_NEG:.*]] = arith.cmpi slt, %[[I_INDEX]], %[[ZERO:[^ ,]+]] : index
// CHECK-DAG: %[[ZERO]] = arith.constant 0 : index
// CHECK-DAG: %[[I_WRAPPED:.*]] = arith.addi %[[I_INDEX]], %[[EXTENT0]] : index
// CHECK-DAG: %[[ROW:.*]] = arith.select %[[I_NEG]], %[[I_WRAPPED]], %[[I_INDEX]] : index
// CHECK-DAG: %[[J_INDEX:.*]] = arith.index_cast %[[J]] : i32 to index
// CHECK-DAG: %[[EXTENT1:.*]] = memref.dim %[[A]], %[[DIM1:[^ ,]+]] : memref<?x?xf64, strided<[?, 1], offset: ?>>
// CHECK-DAG: %[[DIM1]] = arith.constant 1 : index
// CHECK-DAG: %[[J_NEG:.*]] = arith.cmpi slt, %[[J_INDEX]], %[[ZERO]] : index
// CHECK-DAG: %[[J_WRAPPED:.*]] = arith.addi %[[J_INDEX]], %[[EXTENT1]] : index
// CHECK-DAG: %[[COLUMN:.*]] = arith.select %[[J_NEG]], %[[J_WRAPPED]], %[[J_INDEX]] : index
// CHECK: %[[ELEMENT:.*]] = memref.load %[[A]][%[[ROW]], %[[COLUMN]]] : memref<?x?xf64, strided<[?, 1], offset: ?>>
// CHECK: return %[[ELEMENT]] : f64
func.func @getitem_signed(%a: !py.array<f64, 2, C>, %i: si64, %j: si32) -> f64 {
  %0 = py.getitem %a[%i, %j] : !py.array<f64, 2, C>, si64, si32 -> f64
  return %0 : f64
}

// Unsigned indices cannot be negative: zero-extended, no wrap.
// CHECK-LABEL: func.func @getitem_unsigned(
// CHECK-SAME: %[[A:[a-z0-9]+]]: memref<?x?xf32, strided<[1, ?], offset: ?>>, %[[I:[a-z0-9]+]]: i64, %[[J:[a-z0-9]+]]: i8) -> f32
// CHECK-NOT: memref.dim
// CHECK: %[[ROW:.*]] = arith.index_castui %[[I]] : i64 to index
// CHECK-NOT: memref.dim
// CHECK: %[[COLUMN:.*]] = arith.index_castui %[[J]] : i8 to index
// CHECK-NOT: memref.dim
// CHECK: %[[ELEMENT:.*]] = memref.load %[[A]][%[[ROW]], %[[COLUMN]]] : memref<?x?xf32, strided<[1, ?], offset: ?>>
// CHECK-NEXT: return %[[ELEMENT]] : f32
func.func @getitem_unsigned(%a: !py.array<f32, 2, F>, %i: ui64, %j: ui8) -> f32 {
  %0 = py.getitem %a[%i, %j] : !py.array<f32, 2, F>, ui64, ui8 -> f32
  return %0 : f32
}

// a[i] = v with a signed index wraps like getitem, then stores.
// CHECK-LABEL: func.func @setitem_signed(
// CHECK-SAME: %[[A:[a-z0-9]+]]: memref<?xi64, strided<[?], offset: ?>>, %[[I:[a-z0-9]+]]: i64, %[[V:[a-z0-9]+]]: i64)
// CHECK-DAG: %[[I_INDEX:.*]] = arith.index_cast %[[I]] : i64 to index
// CHECK-DAG: %[[EXTENT:.*]] = memref.dim %[[A]], %[[DIM0:[^ ,]+]] : memref<?xi64, strided<[?], offset: ?>>
// CHECK-DAG: %[[DIM0]] = arith.constant 0 : index
// CHECK-DAG: %[[NEG:.*]] = arith.cmpi slt, %[[I_INDEX]], %[[ZERO:[^ ,]+]] : index
// CHECK-DAG: %[[ZERO]] = arith.constant 0 : index
// CHECK-DAG: %[[WRAPPED:.*]] = arith.addi %[[I_INDEX]], %[[EXTENT]] : index
// CHECK-DAG: %[[POSITION:.*]] = arith.select %[[NEG]], %[[WRAPPED]], %[[I_INDEX]] : index
// CHECK: memref.store %[[V]], %[[A]][%[[POSITION]]] : memref<?xi64, strided<[?], offset: ?>>
// CHECK-NEXT: return
func.func @setitem_signed(%a: !py.array<si64, 1, A>, %i: si64, %v: si64) {
  py.setitem %v, %a[%i] : si64, !py.array<si64, 1, A>, si64
  return
}

// CHECK-LABEL: func.func @setitem_unsigned(
// CHECK-SAME: %[[A:[a-z0-9]+]]: memref<?xf64, strided<[1], offset: ?>>, %[[I:[a-z0-9]+]]: i32, %[[V:[a-z0-9]+]]: f64)
// CHECK-NOT: memref.dim
// CHECK: %[[POSITION:.*]] = arith.index_castui %[[I]] : i32 to index
// CHECK-NEXT: memref.store %[[V]], %[[A]][%[[POSITION]]] : memref<?xf64, strided<[1], offset: ?>>
func.func @setitem_unsigned(%a: !py.array<f64, 1, C>, %i: ui32, %v: f64) {
  py.setitem %v, %a[%i] : f64, !py.array<f64, 1, C>, ui32
  return
}

// a.shape[k] is memref.dim at constant k, cast to i64.
// CHECK-LABEL: func.func @dim(
// CHECK-SAME: %[[A:[a-z0-9]+]]: memref<?x?x?xf64, strided<[?, ?, ?], offset: ?>>) -> i64
// CHECK-DAG: %[[EXTENT:.*]] = memref.dim %[[A]], %[[K:[^ ,]+]] : memref<?x?x?xf64, strided<[?, ?, ?], offset: ?>>
// CHECK-DAG: %[[K]] = arith.constant 2 : index
// CHECK-DAG: %[[RESULT:.*]] = arith.index_cast %[[EXTENT]] : index to i64
// CHECK: return %[[RESULT]] : i64
func.func @dim(%a: !py.array<f64, 3, A>) -> si64 {
  %0 = py.dim %a, 2 : !py.array<f64, 3, A>
  return %0 : si64
}

// np.empty: a 64-byte aligned contiguous allocation, cast to the C-layout strided type.
// CHECK-LABEL: func.func @empty(
// CHECK-SAME: %[[N:[a-z0-9]+]]: i64, %[[M:[a-z0-9]+]]: i64) -> memref<?x?xi32, strided<[?, 1], offset: ?>>
// CHECK-DAG: %[[ROWS:.*]] = arith.index_cast %[[N]] : i64 to index
// CHECK-DAG: %[[COLUMNS:.*]] = arith.index_cast %[[M]] : i64 to index
// CHECK: %[[ALLOC:.*]] = memref.alloc(%[[ROWS]], %[[COLUMNS]]) {alignment = 64 : i64} : memref<?x?xi32>
// CHECK-NEXT: %[[ARRAY:.*]] = memref.cast %[[ALLOC]] : memref<?x?xi32> to memref<?x?xi32, strided<[?, 1], offset: ?>>
// CHECK-NEXT: return %[[ARRAY]] : memref<?x?xi32, strided<[?, 1], offset: ?>>
func.func @empty(%n: si64, %m: si64) -> !py.array<si32, 2, C> {
  %0 = py.empty(%n, %m) : !py.array<si32, 2, C>
  return %0 : !py.array<si32, 2, C>
}

// a[...] = v is linalg.fill (here on new arrays; see the report for fills of argument arrays).
// CHECK-LABEL: func.func @fill(
// CHECK-SAME: %[[N:[a-z0-9]+]]: i64, %[[V:[a-z0-9]+]]: f64, %[[W:[a-z0-9]+]]: i64)
// CHECK: %[[A:.*]] = memref.cast %{{.*}} : memref<?xf64> to memref<?xf64, strided<[1], offset: ?>>
// CHECK-NEXT: linalg.fill ins(%[[V]] : f64) outs(%[[A]] : memref<?xf64, strided<[1], offset: ?>>)
// CHECK: %[[B:.*]] = memref.cast %{{.*}} : memref<?x?xi64> to memref<?x?xi64, strided<[?, 1], offset: ?>>
// CHECK-NEXT: linalg.fill ins(%[[W]] : i64) outs(%[[B]] : memref<?x?xi64, strided<[?, 1], offset: ?>>)
// CHECK-NEXT: return %[[A]], %[[B]]
func.func @fill(%n: si64, %v: f64, %w: si64) -> (!py.array<f64, 1, C>, !py.array<si64, 2, C>) {
  %a = py.empty(%n) : !py.array<f64, 1, C>
  py.fill %a, %v : !py.array<f64, 1, C>, f64
  %b = py.empty(%n, %n) : !py.array<si64, 2, C>
  py.fill %b, %w : !py.array<si64, 2, C>, si64
  return %a, %b : !py.array<f64, 1, C>, !py.array<si64, 2, C>
}

// raise stores the exception's code into the status slot.
// CHECK-LABEL: func.func @raise(
// CHECK-SAME: %[[STATUS:[a-z0-9]+]]: memref<i32>)
// CHECK-DAG: memref.store %[[CODE:[^ ,]+]], %[[STATUS]][] : memref<i32>
// CHECK-DAG: %[[CODE]] = arith.constant 7 : i32
// CHECK: return
func.func @raise(%status: memref<i32>) {
  py.raise "IndexError", "index out of range" code 7 into %status : memref<i32>
  return
}


// A fill of an array argument (not a fresh py.empty) gets a linalg.fill on the converted memref.
// CHECK-LABEL: func.func @fill_argument
// CHECK-SAME: (%[[A:.*]]: memref<?xf64, strided<[1], offset: ?>>, %[[V:.*]]: f64)
// CHECK: linalg.fill ins(%[[V]] : f64) outs(%[[A]] : memref<?xf64, strided<[1], offset: ?>>)
func.func @fill_argument(%a: !py.array<f64, 1, C>, %v: f64) {
  py.fill %a, %v : !py.array<f64, 1, C>, f64
  return
}
