// forward-scalar-stores replaces a load from a rank-0 alloca by the value stored last on every path
// to it: through the load's block, out of scf.if and out of loops that do not store to the slot,
// into a sole predecessor block. Slots left with stores only are erased.
// RUN: %rumba-opt %s --pass-pipeline='builtin.module(forward-scalar-stores)' | %FileCheck %s

// The loop variable `i` is stored in the outer body and read in the inner one: the load is %i's cast.
// CHECK-LABEL: func.func @loop_variable
// CHECK-NOT: memref.alloca
// CHECK: scf.for %[[I:.*]] = %{{.*}} to %{{.*}} step %{{.*}} {
// CHECK-NEXT: %[[CAST:.*]] = arith.index_cast %[[I]] : index to i64
// CHECK-NEXT: scf.for
// CHECK-NEXT: memref.store %[[CAST]], %{{.*}}[%{{.*}}] : memref<?xi64>
func.func @loop_variable(%out: memref<?xi64>, %n: index) {
  %zero = arith.constant 0 : index
  %one = arith.constant 1 : index
  %slot = memref.alloca() : memref<i64>
  scf.for %i = %zero to %n step %one {
    %cast = arith.index_cast %i : index to i64
    memref.store %cast, %slot[] : memref<i64>
    scf.for %j = %zero to %n step %one {
      %value = memref.load %slot[] : memref<i64>
      memref.store %value, %out[%j] : memref<?xi64>
    }
  }
  return
}

// A loop that stores to the slot may hand the load an earlier iteration's value: the load stays.
// CHECK-LABEL: func.func @stored_in_loop
// CHECK: memref.alloca
// CHECK: scf.for
// CHECK-NEXT: %[[OLD:.*]] = memref.load
// CHECK-NEXT: %[[NEW:.*]] = arith.addi %[[OLD]]
// CHECK-NEXT: memref.store %[[NEW]]
// CHECK: %[[LAST:.*]] = memref.load
// CHECK: return %[[LAST]]
func.func @stored_in_loop(%n: index) -> i64 {
  %zero = arith.constant 0 : index
  %one = arith.constant 1 : index
  %c0 = arith.constant 0 : i64
  %c1 = arith.constant 1 : i64
  %slot = memref.alloca() : memref<i64>
  memref.store %c0, %slot[] : memref<i64>
  scf.for %i = %zero to %n step %one {
    %old = memref.load %slot[] : memref<i64>
    %new = arith.addi %old, %c1 : i64
    memref.store %new, %slot[] : memref<i64>
  }
  %last = memref.load %slot[] : memref<i64>
  return %last : i64
}

// Out of an scf.if and into the sole predecessor block; a store in a branch stops the walk.
// CHECK-LABEL: func.func @branches
// CHECK-SAME: (%[[X:.*]]: i64, %[[Y:.*]]: i64, %[[C:.*]]: i1)
// CHECK: scf.if %[[C]] {
// CHECK-NEXT: call @use(%[[X]])
// CHECK: ^bb1:
// CHECK-NEXT: call @use(%[[X]])
// CHECK: scf.if
// CHECK-NEXT: memref.store %[[Y]]
// CHECK: %[[AFTER:.*]] = memref.load
// CHECK-NEXT: call @use(%[[AFTER]])
func.func private @use(i64)
func.func @branches(%x: i64, %y: i64, %c: i1) {
  %slot = memref.alloca() : memref<i64>
  memref.store %x, %slot[] : memref<i64>
  scf.if %c {
    %inside = memref.load %slot[] : memref<i64>
    func.call @use(%inside) : (i64) -> ()
  }
  cf.br ^bb1
^bb1:
  %next = memref.load %slot[] : memref<i64>
  func.call @use(%next) : (i64) -> ()
  scf.if %c {
    memref.store %y, %slot[] : memref<i64>
  }
  %after = memref.load %slot[] : memref<i64>
  func.call @use(%after) : (i64) -> ()
  return
}

// A slot passed to a call is not a slot this pass owns.
// CHECK-LABEL: func.func @escapes
// CHECK: memref.load
func.func private @take(memref<i64>)
func.func @escapes(%x: i64) -> i64 {
  %slot = memref.alloca() : memref<i64>
  memref.store %x, %slot[] : memref<i64>
  func.call @take(%slot) : (memref<i64>) -> ()
  %value = memref.load %slot[] : memref<i64>
  return %value : i64
}
