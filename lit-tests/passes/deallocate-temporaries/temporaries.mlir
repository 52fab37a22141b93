// deallocate-temporaries frees each allocation that no return, call, yield or branch hands on: right
// after the last operation of its block that touches it when nothing outside the block (and no
// call) does; otherwise in a loop body before the body's terminator, at the top level before each return of a
// block the allocation dominates. Returned allocations, and views of them, stay the caller's.
// RUN: %rumba-opt %s --pass-pipeline='builtin.module(deallocate-temporaries)' | %FileCheck %s

// The returned allocation is freed only if, at run time, the returned view is other memory.
// CHECK-LABEL: func.func @top_level
// CHECK: %[[T:.*]] = memref.alloc
// CHECK-NEXT: memref.load %[[T]]
// CHECK-NEXT: memref.dealloc %[[T]]
// CHECK: %[[R:.*]] = memref.alloc
// CHECK: %[[VIEW:.*]] = memref.subview %[[R]]
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
// on both returns, one made after the first branch on the return it dominates and on a block of
// its own placed on its branch to the exit (taken when an exception is raised).
// CHECK-LABEL: func.func @chain
// CHECK: %[[FIRST:.*]] = memref.alloc
// CHECK: cf.cond_br %{{.*}}, ^[[NEXT:.*]], ^[[EXIT:.*]]
// CHECK: ^[[NEXT]]:
// CHECK: %[[SECOND:.*]] = memref.alloc
// CHECK: cf.cond_br %{{.*}}, ^[[LAST:.*]], ^[[EDGE:.*]]
// CHECK: ^[[EDGE]]:
// CHECK-NEXT: memref.dealloc %[[SECOND]]
// CHECK-NEXT: cf.br ^[[EXIT]]
// CHECK: ^[[LAST]]:
// CHECK-DAG: memref.dealloc %[[FIRST]]
// CHECK-DAG: memref.dealloc %[[SECOND]]
// CHECK: return
// CHECK: ^[[EXIT]]:
// CHECK-NEXT: memref.dealloc %[[FIRST]]
// CHECK-NEXT: return
func.func @chain(%n: index, %a: i1, %b: i1) {
  %c0 = arith.constant 0 : index
  %first = memref.alloc(%n) : memref<?xf64>
  cf.cond_br %a, ^next, ^exit
^next:
  %second = memref.alloc(%n) : memref<?xf64>
  cf.cond_br %b, ^last, ^exit
^last:
  %x = memref.load %first[%c0] : memref<?xf64>
  memref.store %x, %second[%c0] : memref<?xf64>
  return
^exit:
  return
}

// Passed to a call: a compiled callee keeps none of its arguments, so the array is freed after it.
// CHECK-LABEL: func.func @passed_on
// CHECK: call @use
// CHECK-NEXT: memref.dealloc
func.func private @use(memref<?xf64>) -> i32
func.func @passed_on(%n: index) {
  %t = memref.alloc(%n) : memref<?xf64>
  %status = func.call @use(%t) : (memref<?xf64>) -> i32
  return
}

// An array a call returns is freed by the caller when the call succeeded and it is not the argument
// handed back; the argument itself is freed unconditionally (the result is used only locally).
// CHECK-LABEL: func.func @returned_by_call
// CHECK: %[[T:.*]] = memref.alloc
// CHECK: %[[R:.*]]:2 = call @make(%[[T]])
// CHECK: memref.load %[[R]]#1
// CHECK: memref.dealloc %[[T]]
// CHECK: %[[OK:.*]] = arith.cmpi eq, %[[R]]#0, %{{.*}} : i32
// CHECK: %[[OWN:.*]] = memref.extract_aligned_pointer_as_index %[[R]]#1
// CHECK: %[[ARG:.*]] = memref.extract_aligned_pointer_as_index %[[T]]
// CHECK: %[[OTHER:.*]] = arith.cmpi ne, %[[OWN]], %[[ARG]] : index
// CHECK: %[[DISTINCT:.*]] = arith.andi %{{.*}}, %[[OTHER]] : i1
// CHECK: %[[OWNED:.*]] = arith.andi %[[OK]], %[[DISTINCT]] : i1
// CHECK: scf.if %[[OWNED]] {
// CHECK-NEXT: memref.dealloc %[[R]]#1
// CHECK: return
func.func private @make(memref<?xf64>) -> (i32, memref<?xf64>)
func.func @returned_by_call(%n: index) -> f64 {
  %c0 = arith.constant 0 : index
  %t = memref.alloc(%n) : memref<?xf64>
  %r:2 = func.call @make(%t) : (memref<?xf64>) -> (i32, memref<?xf64>)
  %x = memref.load %r#1[%c0] : memref<?xf64>
  return %x : f64
}

// Returned from the function: neither the argument nor the call's result is freed when it is the
// array returned, which only run time can tell.
// CHECK-LABEL: func.func @passed_through
// CHECK: %[[T:.*]] = memref.alloc
// CHECK: %[[R:.*]]:2 = call @make(%[[T]])
// CHECK: scf.if
// CHECK-NEXT: memref.dealloc %[[T]]
// CHECK: scf.if
// CHECK-NEXT: memref.dealloc %[[R]]#1
// CHECK: return %{{.*}}, %[[R]]#1
func.func @passed_through(%n: index) -> (i32, memref<?xf64>) {
  %t = memref.alloc(%n) : memref<?xf64>
  %r:2 = func.call @make(%t) : (memref<?xf64>) -> (i32, memref<?xf64>)
  return %r#0, %r#1 : i32, memref<?xf64>
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

// The exit block an exception takes returns the empty descriptor (a null pointer, as lower-py makes
// ub.poison arrays): the allocation is freed there, as it is not that memory.
// CHECK-LABEL: func.func @raising
// CHECK: %[[A:.*]] = memref.alloc
// CHECK: %[[EMPTY:.*]] = builtin.unrealized_conversion_cast
// CHECK: scf.if
// CHECK-NEXT: memref.dealloc %[[A]]
// CHECK: return %{{.*}}, %[[EMPTY]]
func.func @raising(%n: index, %ok: i1) -> (i32, memref<?xf64>) {
  %zero = arith.constant 0 : i32
  %a = memref.alloc(%n) : memref<?xf64>
  cf.cond_br %ok, ^done, ^exit
^done:
  return %zero, %a : i32, memref<?xf64>
^exit:
  %null = llvm.mlir.zero : !llvm.struct<(ptr, ptr, i64, array<1 x i64>, array<1 x i64>)>
  %empty = builtin.unrealized_conversion_cast %null : !llvm.struct<(ptr, ptr, i64, array<1 x i64>, array<1 x i64>)> to memref<?xf64>
  return %zero, %empty : i32, memref<?xf64>
}

// Memory a runtime function gives (its first result: no status before it) is the runtime's.
// CHECK-LABEL: func.func @runtime_memory
// CHECK-NOT: memref.dealloc
// CHECK: return
func.func private @rumba_cuda_dynamic_shared_memory() -> memref<?xi8>
func.func @runtime_memory() -> index {
  %c0 = arith.constant 0 : index
  %memory = func.call @rumba_cuda_dynamic_shared_memory() : () -> memref<?xi8>
  %bytes = memref.dim %memory, %c0 : memref<?xi8>
  return %bytes : index
}

// An array read through a view and inside a branch is freed right after the branch, its last use,
// before the next allocation: two temporaries are never alive at once.
// CHECK-LABEL: func.func @freed_after_last_use
// CHECK: %[[T:.*]] = memref.alloc
// CHECK: %[[VIEW:.*]] = memref.subview %[[T]]
// CHECK: scf.if
// CHECK-NEXT: memref.load %[[VIEW]]
// CHECK: }
// CHECK-NEXT: memref.dealloc %[[T]]
// CHECK-NEXT: %[[U:.*]] = memref.alloc
// CHECK-NEXT: memref.dealloc %[[U]]
// CHECK-NEXT: return
func.func @freed_after_last_use(%n: index, %flag: i1) {
  %c0 = arith.constant 0 : index
  %t = memref.alloc(%n) : memref<?xf64>
  %view = memref.subview %t[%c0] [%n] [1] : memref<?xf64> to memref<?xf64, strided<[1], offset: ?>>
  scf.if %flag {
    %x = memref.load %view[%c0] : memref<?xf64, strided<[1], offset: ?>>
  }
  %u = memref.alloc(%n) : memref<?xf64>
  return
}

// An array made from a container's words is a new reference, freed as an allocation is; an array
// whose words were taken is used by what uses the words (the hold, a call), so it is freed where
// its block ends, not after the cast.
// CHECK-LABEL: func.func @container_words
// CHECK: %[[NEW:.*]] = memref.alloc
// CHECK-NOT: memref.dealloc
// CHECK: call @rumba_array_hold
// CHECK: %[[READ:.*]] = builtin.unrealized_conversion_cast %{{.*}} {rumba.new_reference}
// CHECK-NEXT: memref.load %[[READ]]
// CHECK-NEXT: memref.dealloc %[[READ]]
// CHECK-NEXT: memref.dealloc %[[NEW]]
// CHECK-NEXT: return
func.func private @rumba_array_hold(i64)
func.func @container_words(%n: index, %words: !llvm.struct<(ptr, ptr, i64, array<1 x i64>, array<1 x i64>)>) -> f64 {
  %c0 = arith.constant 0 : index
  %new = memref.alloc(%n) : memref<?xf64>
  %descriptor = builtin.unrealized_conversion_cast %new : memref<?xf64> to !llvm.struct<(ptr, ptr, i64, array<1 x i64>, array<1 x i64>)>
  %pointer = llvm.extractvalue %descriptor[0] : !llvm.struct<(ptr, ptr, i64, array<1 x i64>, array<1 x i64>)>
  %allocated = llvm.ptrtoint %pointer : !llvm.ptr to i64
  call @rumba_array_hold(%allocated) : (i64) -> ()
  %read = builtin.unrealized_conversion_cast %words : !llvm.struct<(ptr, ptr, i64, array<1 x i64>, array<1 x i64>)> to memref<?xf64> {rumba.new_reference}
  %x = memref.load %read[%c0] : memref<?xf64>
  return %x : f64
}
