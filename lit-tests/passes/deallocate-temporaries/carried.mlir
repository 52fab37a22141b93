// Owners carried by loops, branches and the exit block: what each iteration replaces is freed,
// results are freed unless they are memory from outside, and the exit block's array unless returned.
// RUN: %rumba-opt %s --pass-pipeline='builtin.module(deallocate-temporaries)' | %FileCheck %s

// A loop that gives its variable a new array each step: each iteration frees the array it
// replaces after its last read, unless that is the array the loop started with (by address), which
// its own owner frees; after the loop, its result is freed unless it is that array.
// CHECK-LABEL: func.func @replaced_each_step
// CHECK: %[[FIRST:.*]] = memref.alloc
// CHECK: %[[LAST:.*]] = scf.for {{.*}} iter_args(%[[U:.*]] = %[[FIRST]])
// CHECK: %[[NEXT:.*]] = memref.alloc
// CHECK: memref.load %[[U]]
// CHECK: %[[OWN:.*]] = memref.extract_aligned_pointer_as_index %[[U]]
// CHECK: %[[START:.*]] = memref.extract_aligned_pointer_as_index %[[FIRST]]
// CHECK: %[[NEW:.*]] = arith.cmpi ne, %[[OWN]], %[[START]]
// CHECK: %[[OWNED:.*]] = arith.andi %{{.*}}, %[[NEW]]
// CHECK: scf.if %[[OWNED]] {
// CHECK-NEXT: memref.dealloc %[[U]]
// CHECK: scf.yield %[[NEXT]]
// CHECK: memref.load %[[LAST]]
// CHECK: %[[RESULT:.*]] = memref.extract_aligned_pointer_as_index %[[LAST]]
// CHECK: %[[START_AGAIN:.*]] = memref.extract_aligned_pointer_as_index %[[FIRST]]
// CHECK: arith.cmpi ne, %[[RESULT]], %[[START_AGAIN]]
// CHECK: scf.if
// CHECK-NEXT: memref.dealloc %[[LAST]]
// CHECK: memref.dealloc %[[FIRST]]
// CHECK-NEXT: return
func.func @replaced_each_step(%n: index, %steps: index) -> f64 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %first = memref.alloc(%n) : memref<?xf64>
  %last = scf.for %i = %c0 to %steps step %c1 iter_args(%u = %first) -> (memref<?xf64>) {
    %next = memref.alloc(%n) : memref<?xf64>
    %x = memref.load %u[%c0] : memref<?xf64>
    memref.store %x, %next[%c0] : memref<?xf64>
    scf.yield %next : memref<?xf64>
  }
  %y = memref.load %last[%c0] : memref<?xf64>
  return %y : f64
}

// A branch that gives a new array on one side and the argument on the other: the result is freed
// after its last read when it is not the argument.
// CHECK-LABEL: func.func @either
// CHECK: %[[V:.*]] = scf.if
// CHECK: memref.alloc
// CHECK: memref.load %[[V]]
// CHECK: %[[OWN:.*]] = memref.extract_aligned_pointer_as_index %[[V]]
// CHECK: %[[ARG:.*]] = memref.extract_aligned_pointer_as_index %arg0
// CHECK: arith.cmpi ne, %[[OWN]], %[[ARG]]
// CHECK: scf.if
// CHECK-NEXT: memref.dealloc %[[V]]
// CHECK: return
func.func @either(%a: memref<?xf64>, %flag: i1, %n: index) -> f64 {
  %c0 = arith.constant 0 : index
  %v = scf.if %flag -> (memref<?xf64>) {
    %fresh = memref.alloc(%n) : memref<?xf64>
    scf.yield %fresh : memref<?xf64>
  } else {
    scf.yield %a : memref<?xf64>
  }
  %y = memref.load %v[%c0] : memref<?xf64>
  return %y : f64
}

// A loop that only swaps the arrays it starts with owns nothing: their owners free them after it.
// CHECK-LABEL: func.func @swapped_only
// CHECK: %[[A:.*]] = memref.alloc
// CHECK: %[[B:.*]] = memref.alloc
// CHECK: scf.for
// CHECK-NOT: memref.dealloc
// CHECK: scf.yield
// CHECK-NOT: extract_aligned_pointer
// CHECK-DAG: memref.dealloc %[[A]] :
// CHECK-DAG: memref.dealloc %[[B]] :
// CHECK: return
func.func @swapped_only(%n: index, %steps: index) -> f64 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %a = memref.alloc(%n) : memref<?xf64>
  %b = memref.alloc(%n) : memref<?xf64>
  %r:2 = scf.for %i = %c0 to %steps step %c1 iter_args(%x = %a, %y = %b) -> (memref<?xf64>, memref<?xf64>) {
    scf.yield %y, %x : memref<?xf64>, memref<?xf64>
  }
  %z = memref.load %r#0[%c0] : memref<?xf64>
  return %z : f64
}

// An array passed to the exit block, which returns it, is freed on the other path unless that
// returns it too, and in the exit block unless it is the one returned there.
// CHECK-LABEL: func.func @returned_through_exit
// CHECK: %[[MADE:.*]] = memref.alloc
// CHECK: cf.cond_br %{{.*}}, ^[[NEXT:.*]], ^[[EXIT:.*]](%[[MADE]] : memref<?xf64>)
// CHECK: ^[[NEXT]]:
// CHECK: scf.if
// CHECK-NEXT: memref.dealloc %[[MADE]]
// CHECK: ^[[EXIT]](%[[RETURNED:.*]]: memref<?xf64>):
// CHECK: %[[OWN:.*]] = memref.extract_aligned_pointer_as_index %[[MADE]]
// CHECK: %[[GIVEN:.*]] = memref.extract_aligned_pointer_as_index %[[RETURNED]]
// CHECK: arith.cmpi ne, %[[OWN]], %[[GIVEN]]
// CHECK: scf.if
// CHECK-NEXT: memref.dealloc %[[MADE]]
// CHECK: return %{{.*}}, %[[RETURNED]]
func.func @returned_through_exit(%n: index, %go: i1) -> (i32, memref<?xf64>) {
  %c0_i32 = arith.constant 0 : i32
  %made = memref.alloc(%n) : memref<?xf64>
  cf.cond_br %go, ^next, ^exit(%made : memref<?xf64>)
^next:
  %other = memref.alloc(%n) : memref<?xf64>
  return %c0_i32, %other : i32, memref<?xf64>
^exit(%returned: memref<?xf64>):
  return %c0_i32, %returned : i32, memref<?xf64>
}
