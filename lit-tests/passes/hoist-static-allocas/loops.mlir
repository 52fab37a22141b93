// hoist-static-allocas moves an llvm.alloca of a constant count out of a loop's blocks to the start
// of the function's entry block (with a copy of its count); a slot with a run-time count, one
// already in the entry block and one inside an OpenMP region stay where they are.
// RUN: %rumba-opt %s --pass-pipeline='builtin.module(hoist-static-allocas)' | %FileCheck %s

// CHECK-LABEL: llvm.func @in_a_loop
// CHECK-NEXT: %[[ONE:.*]] = llvm.mlir.constant(1 : i64) : i64
// CHECK-NEXT: %[[SLOT:.*]] = llvm.alloca %[[ONE]] x !llvm.struct<(ptr, ptr, i64)> : (i64) -> !llvm.ptr
// CHECK: ^bb1(%{{.*}}: i64):
// CHECK: ^bb2:
// CHECK-NOT: llvm.alloca
// CHECK: llvm.call @use(%[[SLOT]])
llvm.func @use(!llvm.ptr)
llvm.func @in_a_loop(%n: i64) {
  %zero = llvm.mlir.constant(0 : i64) : i64
  %one = llvm.mlir.constant(1 : i64) : i64
  llvm.br ^bb1(%zero : i64)
^bb1(%i: i64):
  %more = llvm.icmp "slt" %i, %n : i64
  llvm.cond_br %more, ^bb2, ^bb3
^bb2:
  %slot = llvm.alloca %one x !llvm.struct<(ptr, ptr, i64)> : (i64) -> !llvm.ptr
  llvm.call @use(%slot) : (!llvm.ptr) -> ()
  %next = llvm.add %i, %one : i64
  llvm.br ^bb1(%next : i64)
^bb3:
  llvm.return
}

// CHECK-LABEL: llvm.func @stays
// CHECK-NEXT: llvm.alloca %arg0 x f64
// CHECK: ^bb1:
// CHECK-NEXT: llvm.alloca %arg0 x f64
// CHECK: omp.parallel {
// CHECK-NEXT: llvm.mlir.constant
// CHECK-NEXT: llvm.alloca %{{.*}} x f64
llvm.func @stays(%n: i64, %go: i1) {
  %entry = llvm.alloca %n x f64 : (i64) -> !llvm.ptr
  llvm.cond_br %go, ^bb1, ^bb2
^bb1:
  %dynamic = llvm.alloca %n x f64 : (i64) -> !llvm.ptr
  llvm.br ^bb2
^bb2:
  omp.parallel {
    %one = llvm.mlir.constant(1 : i64) : i64
    %private = llvm.alloca %one x f64 : (i64) -> !llvm.ptr
    omp.terminator
  }
  llvm.return
}
