// lower-py on a py.print of a list's handle: its format, "\01" and the list's type, names the type
// for the runtime, which writes Python's repr of the contents (rumba_format_container).
// RUN: %rumba-opt %s --pass-pipeline='builtin.module(lower-py)' | %FileCheck %s

// CHECK-DAG: llvm.mlir.global internal constant @[[TYPE:__rumba_text_[0-9a-f]+_11]]("list(int64)")
// CHECK-DAG: func.func private @rumba_format_container(i64, !llvm.ptr, i64)
// CHECK-LABEL: func.func @show
// CHECK: %[[ADDRESS:.*]] = llvm.mlir.addressof @[[TYPE]] : !llvm.ptr
// CHECK: %[[LENGTH:.*]] = arith.constant 11 : i64
// CHECK: call @rumba_format_container(%arg0, %[[ADDRESS]], %[[LENGTH]]) : (i64, !llvm.ptr, i64) -> ()
// CHECK: call @rumba_print_flush()
func.func @show(%list: si64) {
  py.print ["", "\0A"](%list : si64) formats ["\01list(int64)"]
  return
}
