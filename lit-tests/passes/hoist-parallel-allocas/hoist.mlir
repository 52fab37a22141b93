// hoist-parallel-allocas moves the static allocas of an alloca scope inside omp.parallel to the start
// of the parallel region and inlines the scope; scopes outside omp.parallel stay.
// RUN: %rumba-opt %s --pass-pipeline='builtin.module(hoist-parallel-allocas)' | %FileCheck %s

// CHECK-LABEL: func.func @inside_parallel
// CHECK: omp.parallel {
// CHECK-NEXT: %[[SLOT:.*]] = memref.alloca() : memref<i64>
// CHECK-NEXT: omp.wsloop {
// CHECK-NEXT: omp.loop_nest (%[[I:.*]]) : index
// CHECK-NOT: memref.alloca_scope
// CHECK: %[[V:.*]] = arith.index_cast %[[I]] : index to i64
// CHECK-NEXT: memref.store %[[V]], %[[SLOT]][] : memref<i64>
// CHECK-NEXT: omp.yield
func.func @inside_parallel(%n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  omp.parallel {
    omp.wsloop {
      omp.loop_nest (%i) : index = (%c0) to (%n) step (%c1) {
        memref.alloca_scope {
          %slot = memref.alloca() : memref<i64>
          %v = arith.index_cast %i : index to i64
          memref.store %v, %slot[] : memref<i64>
        }
        omp.yield
      }
    }
    omp.terminator
  }
  return
}

// CHECK-LABEL: func.func @outside_parallel
// CHECK: memref.alloca_scope
func.func @outside_parallel() {
  memref.alloca_scope {
    %slot = memref.alloca() : memref<i64>
  }
  return
}
