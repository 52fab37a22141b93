// lower-py on py.format: the text and values go into the runtime's text buffer as for py.print, a
// string's handle with its "\02" format through rumba_format_str, and rumba_str_take makes the
// buffer a string, whose handle is the op's result.
// RUN: %rumba-opt %s --pass-pipeline='builtin.module(lower-py)' | %FileCheck %s

// CHECK-DAG: llvm.mlir.global internal constant @[[NAME:__rumba_text_[0-9a-f]+_5]]("name=")
// CHECK-DAG: llvm.mlir.global internal constant @[[SPEC:__rumba_text_[0-9a-f]+_2]](">8")
// CHECK-DAG: func.func private @rumba_format_str(i64, !llvm.ptr, i64)
// CHECK-DAG: func.func private @rumba_str_take() -> i64
// CHECK-LABEL: func.func @greeting
// CHECK: %[[TEXT:.*]] = llvm.mlir.addressof @[[NAME]] : !llvm.ptr
// CHECK: call @rumba_text(%[[TEXT]], %{{.*}}) : (!llvm.ptr, i64) -> ()
// CHECK: %[[ADDRESS:.*]] = llvm.mlir.addressof @[[SPEC]] : !llvm.ptr
// CHECK: %[[LENGTH:.*]] = arith.constant 2 : i64
// CHECK: call @rumba_format_str(%arg0, %[[ADDRESS]], %[[LENGTH]]) : (i64, !llvm.ptr, i64) -> ()
// CHECK: %[[MADE:.*]] = call @rumba_str_take() : () -> i64
// CHECK: return %[[MADE]] : i64
func.func @greeting(%name: si64) -> si64 {
  %text = py.format ["name=", ""](%name : si64) formats ["\02>8"] : si64
  return %text : si64
}
