// deallocate-temporaries frees each allocation that no return, call, yield or branch hands on: in a
// loop body before the body's terminator, at the top level before each return of a block the
// allocation dominates. Returned allocations, and views of them, stay the caller's.
// RUN: %rumba-opt %s --pass-pipeline='builtin.module(deallocate-temporaries)' | %FileCheck %s

// The returned allocation is freed only if, at run time, the returned view is other memory.
// CHECK-LABEL: func.func @top_level
// CHECK: %[[T:.*]] = memref.alloc
// CHECK: %[[R:.*]] = memref.alloc
// CHECK: %[[VIEW:.*]] = memref.subview %[[R]]
// CHECK: memref.dealloc %[[T]]
// CHECK: %[[OWN:.*]] = memref.extract_aligned_pointer_as_index %[[R]]
// CHECK: %[[RETURNED:.*]] = memref.extract_aligned_pointer_as_index %[[VIEW]]
// CHECK: %[[OTHER:.*]] = arith.cmpi ne, %[[OWN]], %[[RETURNED]] : index
// CHECK: %[[FREE:.*]] = arith.andi %{{.*}}, %[[OTHER]] : i1
// CHECK: scf.if %[[FREE]] {
// CHECK-NEXT: memref.dealloc %[[R]]
// CHECK-NEXT: }
// CHECK-NEXT: return %[[VIEW]]
func.func @top_level(%n: index) -> memref<?xf64, strided<[1], offset: ?>> {
  %c0 = arith.constant 0 : index
  %t = memref.alloc(%n) : memref<?xf64>
  %x = memref.load %t[%c0] : memref<?xf64>
  %r = memref.alloc(%n) : memref<?xf64>
  memref.store %x, %r[%c0] : memref<?xf64>
  %view = memref.subview %r[%c0] [%n] [1] : memref<?xf64> to memref<?xf64, strided<[1], offset: ?>>
  return %view : memref<?xf64, strided<[1], offset: ?>>
}

// CHECK-LABEL: func.func @in_a_loop
// CHECK: scf.for
// CHECK-NEXT: %[[T:.*]] = memref.alloc
// CHECK-NEXT: memref.dealloc %[[T]]
// CHECK-NEXT: }
func.func @in_a_loop(%n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  scf.for %i = %c0 to %n step %c1 {
    %t = memref.alloc(%n) : memref<?xf64>
  }
  return
}

// The top level is a chain of blocks with a shared exit: an allocation in the entry block is freed
// on both returns, one made after the first branch only on the return it dominates.
// CHECK-LABEL: func.func @chain
// CHECK: %[[FIRST:.*]] = memref.alloc
// CHECK: cf.cond_br %{{.*}}, ^[[NEXT:.*]], ^[[EXIT:.*]]
// CHECK: ^[[NEXT]]:
// CHECK: %[[SECOND:.*]] = memref.alloc
// CHECK: cf.cond_br %{{.*}}, ^[[LAST:.*]], ^[[EXIT]]
// CHECK: ^[[LAST]]:
// CHECK-DAG: memref.dealloc %[[FIRST]]
// CHECK-DAG: memref.dealloc %[[SECOND]]
// CHECK: return
// CHECK: ^[[EXIT]]:
// CHECK-NEXT: memref.dealloc %[[FIRST]]
// CHECK-NEXT: return
func.func @chain(%n: index, %a: i1, %b: i1) {
  %first = memref.alloc(%n) : memref<?xf64>
  cf.cond_br %a, ^next, ^exit
^next:
  %second = memref.alloc(%n) : memref<?xf64>
  cf.cond_br %b, ^last, ^exit
^last:
  return
^exit:
  return
}

// Passed to a call: the callee may keep it.
// CHECK-LABEL: func.func @passed_on
// CHECK-NOT: memref.dealloc
func.func private @keep(memref<?xf64>)
func.func @passed_on(%n: index) {
  %t = memref.alloc(%n) : memref<?xf64>
  func.call @keep(%t) : (memref<?xf64>) -> ()
  return
}

// A loop that swaps two allocations returns one of them: each is freed unless it is the one returned.
// CHECK-LABEL: func.func @swapped
// CHECK: %[[A:.*]] = memref.alloc
// CHECK: %[[B:.*]] = memref.alloc
// CHECK: %[[LOOP:.*]]:2 = scf.for
// CHECK: scf.if %{{.*}} {
// CHECK-NEXT: memref.dealloc %[[A]]
// CHECK: scf.if %{{.*}} {
// CHECK-NEXT: memref.dealloc %[[B]]
// CHECK: return %[[LOOP]]#0
func.func @swapped(%n: index) -> memref<?xf64> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %a = memref.alloc(%n) : memref<?xf64>
  %b = memref.alloc(%n) : memref<?xf64>
  %r:2 = scf.for %i = %c0 to %n step %c1 iter_args(%x = %a, %y = %b) -> (memref<?xf64>, memref<?xf64>) {
    scf.yield %y, %x : memref<?xf64>, memref<?xf64>
  }
  return %r#0 : memref<?xf64>
}

// The exit block an exception takes returns ub.poison for the array: the allocation is freed there
// without comparing pointers with it.
// CHECK-LABEL: func.func @raising
// CHECK: %[[A:.*]] = memref.alloc
// CHECK: %[[POISON:.*]] = ub.poison
// CHECK-NEXT: memref.dealloc %[[A]]
// CHECK-NEXT: return %{{.*}}, %[[POISON]]
func.func @raising(%n: index, %ok: i1) -> (i32, memref<?xf64>) {
  %zero = arith.constant 0 : i32
  %a = memref.alloc(%n) : memref<?xf64>
  cf.cond_br %ok, ^done, ^exit
^done:
  return %zero, %a : i32, memref<?xf64>
^exit:
  %poison = ub.poison : memref<?xf64>
  return %zero, %poison : i32, memref<?xf64>
}
