// raise-loop-nests turns a perfect scf.for nest that accumulates into an array into one
// linalg.generic, guarded by a check that the array shares no memory with the inputs when the
// function did not allocate it: the stored-to indices are parallel dimensions in the store's order,
// the other loops reductions in nest order (in front of the parallel ones, with the tile loops
// interchanged back), and every operand is a subview of the loops' trip counts. An input the nest
// reads again and again whose vectorised (innermost parallel) dimension has a stride known not to
// be 1 is read from a contiguous copy made before the nest, with that dimension last, and freed
// after it.
// RUN: %rumba-opt %s --pass-pipeline='builtin.module(raise-loop-nests)' | %FileCheck %s

// The seed's i-k-j matrix product, indices through index casts as the frontend writes them.
// CHECK: #[[A:.*]] = affine_map<(d0, d1, d2) -> (d1, d0)>
// CHECK: #[[B:.*]] = affine_map<(d0, d1, d2) -> (d0, d2)>
// CHECK: #[[C:.*]] = affine_map<(d0, d1, d2) -> (d1, d2)>
// CHECK-DAG: #[[ROW:.*]] = affine_map<(d0, d1) -> (d0)>
// CHECK-DAG: #[[MATRIX:.*]] = affine_map<(d0, d1) -> (d0, d1)>
// CHECK-DAG: #[[RESULT_ROW:.*]] = affine_map<(d0, d1) -> (d1)>
// CHECK-LABEL: func.func @matmul
// CHECK-SAME: (%[[AA:.*]]: memref<?x?xf64, strided<[?, ?], offset: ?>>, %[[BB:.*]]: memref<?x?xf64, strided<[1, ?], offset: ?>>, %[[M:.*]]: index, %[[N:.*]]: index, %[[P:.*]]: index)
// CHECK: %[[OUT:.*]] = memref.alloc
// CHECK-DAG: %[[TM:.*]] = arith.maxsi %[[M]], %[[ZERO:.*]] : index
// CHECK-DAG: %[[TN:.*]] = arith.maxsi %[[N]], %[[ZERO]] : index
// CHECK-DAG: %[[TP:.*]] = arith.maxsi %[[P]], %[[ZERO]] : index
// CHECK: %[[SA:.*]] = memref.subview %[[AA]][0, 0] [%[[TM]], %[[TN]]] [1, 1] : memref<?x?xf64, strided<[?, ?], offset: ?>> to memref<?x?xf64, strided<[?, ?], offset: ?>>
// CHECK: %[[SB:.*]] = memref.subview %[[BB]][0, 0] [%[[TN]], %[[TP]]] [1, 1] : memref<?x?xf64, strided<[1, ?], offset: ?>> to memref<?x?xf64, strided<[1, ?], offset: ?>>
// B is F-ordered: the tiles walk its columns' index j, whose stride is not 1, so it is copied.
// CHECK: %[[ROWS:.*]] = memref.dim %[[SB]], %{{.*}} : memref<?x?xf64, strided<[1, ?], offset: ?>>
// CHECK: %[[COLUMNS:.*]] = memref.dim %[[SB]], %{{.*}} : memref<?x?xf64, strided<[1, ?], offset: ?>>
// CHECK: %[[PB:.*]] = memref.alloc(%[[ROWS]], %[[COLUMNS]]) {alignment = 64 : i64} : memref<?x?xf64>
// CHECK: linalg.transpose ins(%[[SB]] : memref<?x?xf64, strided<[1, ?], offset: ?>>) outs(%[[PB]] : memref<?x?xf64>) permutation = [0, 1]
// CHECK: %[[SC:.*]] = memref.subview %[[OUT]][0, 0] [%[[TM]], %[[TP]]] [1, 1] : memref<?x?xf64> to memref<?x?xf64, strided<[?, 1]>>
// CHECK: linalg.generic {indexing_maps = [#[[A]], #[[B]], #[[C]]], iterator_types = ["reduction", "parallel", "parallel"]}
// CHECK-SAME: ins(%[[SA]], %[[PB]] : {{.*}}) outs(%[[SC]] : {{.*}}) attrs = {rumba.tile_interchange = array<i64: 1, 2, 0>, rumba.tile_sizes = array<i64: 1, 8, 8>}
// CHECK-NEXT: ^bb0(%[[X:.*]]: f64, %[[Y:.*]]: f64, %[[ACC:.*]]: f64):
// CHECK-NEXT: %[[PRODUCT:.*]] = arith.mulf %[[X]], %[[Y]] : f64
// CHECK-NEXT: %[[SUM:.*]] = arith.addf %[[ACC]], %[[PRODUCT]] : f64
// CHECK-NEXT: linalg.yield %[[SUM]] : f64
// CHECK: memref.dealloc %[[PB]] : memref<?x?xf64>
// CHECK-NOT: scf.for
// CHECK: return %[[OUT]]
func.func @matmul(%a: memref<?x?xf64, strided<[?, ?], offset: ?>>, %b: memref<?x?xf64, strided<[1, ?], offset: ?>>, %m: index, %n: index, %p: index) -> memref<?x?xf64> {
  %zero = arith.constant 0 : index
  %one = arith.constant 1 : index
  %c = memref.alloc(%m, %p) : memref<?x?xf64>
  scf.for %i = %zero to %m step %one {
    %i64 = arith.index_cast %i : index to i64
    scf.for %k = %zero to %n step %one {
      scf.for %j = %zero to %p step %one {
        %ii = arith.index_castui %i64 : i64 to index
        %old = memref.load %c[%ii, %j] : memref<?x?xf64>
        %x = memref.load %a[%ii, %k] : memref<?x?xf64, strided<[?, ?], offset: ?>>
        %y = memref.load %b[%k, %j] : memref<?x?xf64, strided<[1, ?], offset: ?>>
        %product = arith.mulf %x, %y : f64
        %sum = arith.addf %old, %product : f64
        memref.store %sum, %c[%ii, %j] : memref<?x?xf64>
      }
    }
  }
  return %c : memref<?x?xf64>
}

// An argument may share memory with an input: the generic runs only where the bytes the output
// spans (its aligned pointer plus offset plus the negative and positive reaches (size - 1) * stride
// of its dimensions, in 8-byte elements) and the input's do not meet; elsewhere the nest runs as
// written.
// CHECK-LABEL: func.func @into_argument
// CHECK-SAME: (%[[ARG_A:.*]]: memref<?x?xf64>, %[[ARG_C:.*]]: memref<?x?xf64>, %[[N:.*]]: index)
// CHECK: %[[CBASE:.*]], %[[COFFSET:.*]], %[[CSIZES:.*]]:2, %[[CSTRIDES:.*]]:2 = memref.extract_strided_metadata %[[ARG_C]]
// CHECK: %[[CROWS:.*]] = arith.subi %[[CSIZES]]#0, %[[ONE:.*]] : index
// CHECK: %[[CREACH:.*]] = arith.muli %[[CROWS]], %[[CSTRIDES]]#0 : index
// CHECK: arith.minsi %[[CREACH]]
// CHECK: arith.maxsi %[[CREACH]]
// CHECK: %[[CPOINTER:.*]] = memref.extract_aligned_pointer_as_index %[[ARG_C]]
// CHECK: %[[CFIRST:.*]] = arith.addi %[[CPOINTER]], %{{.*}} : index
// CHECK: %[[CEND:.*]] = arith.addi %[[CPOINTER]], %{{.*}} : index
// CHECK: memref.extract_strided_metadata %[[ARG_A]]
// CHECK: %[[APOINTER:.*]] = memref.extract_aligned_pointer_as_index %[[ARG_A]]
// CHECK: %[[AFIRST:.*]] = arith.addi %[[APOINTER]], %{{.*}} : index
// CHECK: %[[AEND:.*]] = arith.addi %[[APOINTER]], %{{.*}} : index
// CHECK: %[[BEFORE:.*]] = arith.cmpi ule, %[[CEND]], %[[AFIRST]] : index
// CHECK: %[[AFTER:.*]] = arith.cmpi ule, %[[AEND]], %[[CFIRST]] : index
// CHECK: %[[APART:.*]] = arith.ori %[[BEFORE]], %[[AFTER]] : i1
// CHECK: %[[DISJOINT:.*]] = arith.andi %{{.*}}, %[[APART]] : i1
// CHECK: scf.if %[[DISJOINT]] {
// CHECK-NOT: scf.for
// CHECK: linalg.generic
// CHECK-SAME: ins(%{{.*}} : memref<?x?xf64, strided<[?, 1]>>) outs(%{{.*}} : memref<?x?xf64, strided<[?, 1]>>)
// CHECK: } else {
// CHECK-NEXT: scf.for
// CHECK-NEXT: scf.for
// CHECK-NEXT: scf.for
// CHECK-NEXT: memref.load %[[ARG_C]]
// CHECK-NEXT: memref.load %[[ARG_A]]
// CHECK-NEXT: arith.addf
// CHECK-NEXT: memref.store %{{.*}}, %[[ARG_C]]
func.func @into_argument(%a: memref<?x?xf64>, %c: memref<?x?xf64>, %n: index) {
  %zero = arith.constant 0 : index
  %one = arith.constant 1 : index
  scf.for %i = %zero to %n step %one {
    scf.for %j = %zero to %n step %one {
      scf.for %k = %zero to %n step %one {
        %old = memref.load %c[%i, %j] : memref<?x?xf64>
        %x = memref.load %a[%i, %k] : memref<?x?xf64>
        %sum = arith.addf %old, %x : f64
        memref.store %sum, %c[%i, %j] : memref<?x?xf64>
      }
    }
  }
  return
}

// A sum kept in a stack slot and stored after its loop (`s = 0.0; for k: s += ...; C[i, j] = s`) is
// the same product: each element starts from the sum's starting value (linalg.fill) and
// accumulates in place, in the loops' order.
// CHECK-LABEL: func.func @dot_products
// CHECK-SAME: (%[[DA:[^:]*]]: memref<?x?xf64>, %[[DB:[^:]*]]: memref<?x?xf64>, %{{.*}}: index, %{{.*}}: index, %{{.*}}: index)
// CHECK: %[[START:.*]] = arith.constant 0.0{{.*}} : f64
// CHECK: %[[DC:.*]] = memref.alloc(
// CHECK: %[[DSA:.*]] = memref.subview %[[DA]]
// CHECK: %[[DSB:.*]] = memref.subview %[[DB]]
// CHECK: %[[DSC:.*]] = memref.subview %[[DC]]
// CHECK: linalg.fill ins(%[[START]] : f64) outs(%[[DSC]] : memref<?x?xf64, strided<[?, 1]>>)
// CHECK: linalg.generic {indexing_maps = [#[[A]], #[[B]], #[[C]]], iterator_types = ["reduction", "parallel", "parallel"]}
// CHECK-SAME: ins(%[[DSA]], %[[DSB]] : {{.*}}) outs(%[[DSC]] : {{.*}})
// CHECK-NEXT: ^bb0(%[[DX:.*]]: f64, %[[DY:.*]]: f64, %[[DACC:.*]]: f64):
// CHECK-NEXT: %[[DPRODUCT:.*]] = arith.mulf %[[DX]], %[[DY]] : f64
// CHECK-NEXT: %[[DSUM:.*]] = arith.addf %[[DPRODUCT]], %[[DACC]] : f64
// CHECK-NEXT: linalg.yield %[[DSUM]] : f64
// CHECK-NOT: scf.for
// CHECK: return %[[DC]]
func.func @dot_products(%a: memref<?x?xf64>, %b: memref<?x?xf64>, %m: index, %n: index, %p: index) -> memref<?x?xf64> {
  %zero = arith.constant 0 : index
  %one = arith.constant 1 : index
  %start = arith.constant 0.0 : f64
  %sum = memref.alloca() : memref<f64>
  %c = memref.alloc(%m, %p) : memref<?x?xf64>
  scf.for %i = %zero to %m step %one {
    scf.for %j = %zero to %p step %one {
      memref.store %start, %sum[] : memref<f64>
      scf.for %k = %zero to %n step %one {
        %old = memref.load %sum[] : memref<f64>
        %x = memref.load %a[%i, %k] : memref<?x?xf64>
        %y = memref.load %b[%k, %j] : memref<?x?xf64>
        %product = arith.mulf %x, %y : f64
        %new = arith.addf %product, %old : f64
        memref.store %new, %sum[] : memref<f64>
      }
      %total = memref.load %sum[] : memref<f64>
      memref.store %total, %c[%i, %j] : memref<?x?xf64>
    }
  }
  return %c : memref<?x?xf64>
}

// `C[i, j] += A[i, k] * B[j, k]` on C-ordered arrays: the tiles walk B's rows (j), whose stride is
// not 1 where its columns' is, so B is copied transposed, and the copy is read as (k, j).
// CHECK-LABEL: func.func @transposed_operand
// CHECK-SAME: (%[[TA:[^:]*]]: memref<?x?xf64>, %[[TB:[^:]*]]: memref<?x?xf64>, %{{.*}}: index, %{{.*}}: index, %{{.*}}: index)
// CHECK: %[[TSA:.*]] = memref.subview %[[TA]]
// CHECK: %[[TSB:.*]] = memref.subview %[[TB]][0, 0] [%[[TP:.*]], %[[TN:.*]]] [1, 1] : memref<?x?xf64> to memref<?x?xf64, strided<[?, 1]>>
// CHECK: %[[TROWS:.*]] = memref.dim %[[TSB]], %[[ONE:.*]] : memref<?x?xf64, strided<[?, 1]>>
// CHECK: %[[TCOLUMNS:.*]] = memref.dim %[[TSB]], %[[ZERO:.*]] : memref<?x?xf64, strided<[?, 1]>>
// CHECK: %[[TPB:.*]] = memref.alloc(%[[TROWS]], %[[TCOLUMNS]]) {alignment = 64 : i64} : memref<?x?xf64>
// CHECK: linalg.transpose ins(%[[TSB]] : memref<?x?xf64, strided<[?, 1]>>) outs(%[[TPB]] : memref<?x?xf64>) permutation = [1, 0]
// CHECK: linalg.generic {indexing_maps = [#[[A]], #[[B]], #[[C]]], iterator_types = ["reduction", "parallel", "parallel"]}
// CHECK-SAME: ins(%[[TSA]], %[[TPB]] : {{.*}})
// CHECK: memref.dealloc %[[TPB]] : memref<?x?xf64>
func.func @transposed_operand(%a: memref<?x?xf64>, %b: memref<?x?xf64>, %m: index, %n: index, %p: index) -> memref<?x?xf64> {
  %zero = arith.constant 0 : index
  %one = arith.constant 1 : index
  %c = memref.alloc(%m, %p) : memref<?x?xf64>
  scf.for %i = %zero to %m step %one {
    scf.for %k = %zero to %n step %one {
      scf.for %j = %zero to %p step %one {
        %old = memref.load %c[%i, %j] : memref<?x?xf64>
        %x = memref.load %a[%i, %k] : memref<?x?xf64>
        %y = memref.load %b[%j, %k] : memref<?x?xf64>
        %product = arith.mulf %x, %y : f64
        %sum = arith.addf %old, %product : f64
        memref.store %sum, %c[%i, %j] : memref<?x?xf64>
      }
    }
  }
  return %c : memref<?x?xf64>
}

// The sum's slot read after the nest holds the last element's sum: the nest stays.
// CHECK-LABEL: func.func @sum_read_after
// CHECK-NOT: linalg.generic
// CHECK: scf.for
func.func @sum_read_after(%a: memref<?x?xf64>, %b: memref<?x?xf64>, %m: index, %n: index, %p: index) -> f64 {
  %zero = arith.constant 0 : index
  %one = arith.constant 1 : index
  %start = arith.constant 0.0 : f64
  %sum = memref.alloca() : memref<f64>
  %c = memref.alloc(%m, %p) : memref<?x?xf64>
  scf.for %i = %zero to %m step %one {
    scf.for %j = %zero to %p step %one {
      memref.store %start, %sum[] : memref<f64>
      scf.for %k = %zero to %n step %one {
        %old = memref.load %sum[] : memref<f64>
        %x = memref.load %a[%i, %k] : memref<?x?xf64>
        %y = memref.load %b[%k, %j] : memref<?x?xf64>
        %product = arith.mulf %x, %y : f64
        %new = arith.addf %product, %old : f64
        memref.store %new, %sum[] : memref<f64>
      }
      %total = memref.load %sum[] : memref<f64>
      memref.store %total, %c[%i, %j] : memref<?x?xf64>
    }
  }
  %last = memref.load %sum[] : memref<f64>
  return %last : f64
}

// In a parallel loop's body, a nest that works on row %i of its arrays is raised with one parallel
// dimension: the row is a subview fixed at %i (its dimension dropped), and the tile is 32 elements.
// CHECK-LABEL: func.func @rows_in_parallel
// CHECK-SAME: (%[[PA:[^:]*]]: memref<?x?xf64>, %[[PB:[^:]*]]: memref<?x?xf64>,
// CHECK: %[[PC:.*]] = memref.alloc(
// CHECK: scf.parallel (%[[I:.*]]) =
// CHECK: %[[ROW_A:.*]] = memref.subview %[[PA]][%[[I]], 0] [1, %{{.*}}] [1, 1] : memref<?x?xf64> to memref<?xf64, strided<[1], offset: ?>>
// CHECK: %[[ALL_B:.*]] = memref.subview %[[PB]][0, 0] [%{{.*}}, %{{.*}}] [1, 1] : memref<?x?xf64> to memref<?x?xf64, strided<[?, 1]>>
// CHECK: %[[ROW_C:.*]] = memref.subview %[[PC]][%[[I]], 0] [1, %{{.*}}] [1, 1] : memref<?x?xf64> to memref<?xf64, strided<[1], offset: ?>>
// CHECK: linalg.generic {indexing_maps = [#[[ROW]], #[[MATRIX]], #[[RESULT_ROW]]], iterator_types = ["reduction", "parallel"]}
// CHECK-SAME: ins(%[[ROW_A]], %[[ALL_B]] : {{.*}}) outs(%[[ROW_C]] : {{.*}}) attrs = {rumba.tile_interchange = array<i64: 1, 0>, rumba.tile_sizes = array<i64: 1, 32>}
// CHECK-NOT: scf.for
// CHECK: scf.reduce
func.func @rows_in_parallel(%a: memref<?x?xf64>, %b: memref<?x?xf64>, %m: index, %n: index, %p: index) -> memref<?x?xf64> {
  %zero = arith.constant 0 : index
  %one = arith.constant 1 : index
  %c = memref.alloc(%m, %p) : memref<?x?xf64>
  scf.parallel (%i) = (%zero) to (%m) step (%one) {
    scf.for %k = %zero to %n step %one {
      scf.for %j = %zero to %p step %one {
        %old = memref.load %c[%i, %j] : memref<?x?xf64>
        %x = memref.load %a[%i, %k] : memref<?x?xf64>
        %y = memref.load %b[%k, %j] : memref<?x?xf64>
        %product = arith.mulf %x, %y : f64
        %sum = arith.addf %old, %product : f64
        memref.store %sum, %c[%i, %j] : memref<?x?xf64>
      }
    }
    scf.reduce
  }
  return %c : memref<?x?xf64>
}

// Outside a parallel loop, one parallel dimension is left to LLVM: the nest stays.
// CHECK-LABEL: func.func @row_alone
// CHECK-NOT: linalg.generic
// CHECK: scf.for
func.func @row_alone(%a: memref<?x?xf64>, %b: memref<?x?xf64>, %i: index, %n: index, %p: index) -> memref<?x?xf64> {
  %zero = arith.constant 0 : index
  %one = arith.constant 1 : index
  %c = memref.alloc(%n, %p) : memref<?x?xf64>
  scf.for %k = %zero to %n step %one {
    scf.for %j = %zero to %p step %one {
      %old = memref.load %c[%i, %j] : memref<?x?xf64>
      %x = memref.load %a[%i, %k] : memref<?x?xf64>
      %y = memref.load %b[%k, %j] : memref<?x?xf64>
      %product = arith.mulf %x, %y : f64
      %sum = arith.addf %old, %product : f64
      memref.store %sum, %c[%i, %j] : memref<?x?xf64>
    }
  }
  return %c : memref<?x?xf64>
}

// Reading another element of the result makes iterations depend on each other: the nest stays.
// CHECK-LABEL: func.func @reads_neighbour
// CHECK-NOT: linalg.generic
// CHECK: scf.for
func.func @reads_neighbour(%a: memref<?x?xf64>, %n: index) -> memref<?x?xf64> {
  %zero = arith.constant 0 : index
  %one = arith.constant 1 : index
  %c = memref.alloc(%n, %n) : memref<?x?xf64>
  scf.for %i = %zero to %n step %one {
    scf.for %j = %zero to %n step %one {
      scf.for %k = %zero to %n step %one {
        %old = memref.load %c[%j, %i] : memref<?x?xf64>
        %x = memref.load %a[%i, %k] : memref<?x?xf64>
        %sum = arith.addf %old, %x : f64
        memref.store %sum, %c[%i, %j] : memref<?x?xf64>
      }
    }
  }
  return %c : memref<?x?xf64>
}

// A loop that starts at 1, an induction variable used as a value, a nest without a reduction and
// one whose accumulation is a compare and a select (Python's max) stay.
// CHECK-LABEL: func.func @not_raised
// CHECK-NOT: linalg.generic
// CHECK: return
func.func @not_raised(%a: memref<?x?xf64>, %n: index) -> memref<?x?xf64> {
  %zero = arith.constant 0 : index
  %one = arith.constant 1 : index
  %c = memref.alloc(%n, %n) : memref<?x?xf64>
  scf.for %i = %one to %n step %one {
    scf.for %j = %zero to %n step %one {
      scf.for %k = %zero to %n step %one {
        %old = memref.load %c[%i, %j] : memref<?x?xf64>
        %x = memref.load %a[%i, %k] : memref<?x?xf64>
        %sum = arith.addf %old, %x : f64
        memref.store %sum, %c[%i, %j] : memref<?x?xf64>
      }
    }
  }
  scf.for %i = %zero to %n step %one {
    scf.for %j = %zero to %n step %one {
      scf.for %k = %zero to %n step %one {
        %old = memref.load %c[%i, %j] : memref<?x?xf64>
        %kk = arith.index_cast %k : index to i64
        %x = arith.sitofp %kk : i64 to f64
        %sum = arith.addf %old, %x : f64
        memref.store %sum, %c[%i, %j] : memref<?x?xf64>
      }
    }
  }
  scf.for %i = %zero to %n step %one {
    scf.for %j = %zero to %n step %one {
      %x = memref.load %a[%i, %j] : memref<?x?xf64>
      memref.store %x, %c[%i, %j] : memref<?x?xf64>
    }
  }
  scf.for %i = %zero to %n step %one {
    scf.for %j = %zero to %n step %one {
      scf.for %k = %zero to %n step %one {
        %old = memref.load %c[%i, %j] : memref<?x?xf64>
        %x = memref.load %a[%i, %k] : memref<?x?xf64>
        %greater = arith.cmpf ogt, %x, %old : f64
        %larger = arith.select %greater, %x, %old : f64
        memref.store %larger, %c[%i, %j] : memref<?x?xf64>
      }
    }
  }
  return %c : memref<?x?xf64>
}
