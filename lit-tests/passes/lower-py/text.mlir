// lower-py on py.print and a formatted py.raise: each text piece is a constant global passed by
// address and length to rumba_text, each value goes to the rumba_format_* of its kind (small
// integers widened with their sign, booleans as i32, complex numbers as their two parts, arrays as
// unranked memrefs) with its spec, then the line is flushed, or made the raise site's message before
// the code is stored.
// RUN: %rumba-opt %s --pass-pipeline='builtin.module(lower-py)' | %FileCheck %s

// CHECK-DAG: llvm.mlir.global internal constant @[[EQ:__rumba_text_[0-9a-f]+_4]]("x = ")
// CHECK-DAG: llvm.mlir.global internal constant @[[SPEC:__rumba_text_[0-9a-f]+_3]](".3f")
// CHECK-DAG: llvm.mlir.global internal constant @[[NEWLINE:__rumba_text_[0-9a-f]+_1]]("\0A")
// CHECK-DAG: func.func private @rumba_text(!llvm.ptr, i64)
// CHECK-DAG: func.func private @rumba_format_f64(f64, !llvm.ptr, i64)
// CHECK-DAG: func.func private @rumba_format_int(i64, !llvm.ptr, i64)
// CHECK-DAG: func.func private @rumba_format_uint(i64, !llvm.ptr, i64)
// CHECK-DAG: func.func private @rumba_format_bool(i32, !llvm.ptr, i64)
// CHECK-DAG: func.func private @rumba_format_complex(f64, f64, !llvm.ptr, i64)
// CHECK-DAG: func.func private @rumba_format_array_f32(memref<*xf32>)
// CHECK-DAG: func.func private @rumba_print_flush()
// CHECK-DAG: func.func private @rumba_raise_message(i32)

// CHECK-LABEL: func.func @printing
// CHECK-SAME: (%[[X:[a-z0-9]+]]: f64, %[[N:[a-z0-9]+]]: i8, %[[U:[a-z0-9]+]]: i16, %[[B:[a-z0-9]+]]: i1, %[[Z:[a-z0-9]+]]: complex<f64>, %[[A:[a-z0-9]+]]: memref<?xf32, strided<[1], offset: ?>>)
// CHECK: %[[EQ_ADDRESS:.*]] = llvm.mlir.addressof @[[EQ]] : !llvm.ptr
// CHECK: %[[FOUR:.*]] = arith.constant 4 : i64
// CHECK: call @rumba_text(%[[EQ_ADDRESS]], %[[FOUR]])
// CHECK: %[[SPEC_ADDRESS:.*]] = llvm.mlir.addressof @[[SPEC]] : !llvm.ptr
// CHECK: call @rumba_format_f64(%[[X]], %[[SPEC_ADDRESS]], %{{.*}})
// CHECK: %[[WIDE:.*]] = arith.extsi %[[N]] : i8 to i64
// CHECK: call @rumba_format_int(%[[WIDE]],
// CHECK: %[[WIDE_U:.*]] = arith.extui %[[U]] : i16 to i64
// CHECK: call @rumba_format_uint(%[[WIDE_U]],
// CHECK: %[[FLAG:.*]] = arith.extui %[[B]] : i1 to i32
// CHECK: call @rumba_format_bool(%[[FLAG]],
// CHECK: %[[RE:.*]] = complex.re %[[Z]] : complex<f64>
// CHECK: %[[IM:.*]] = complex.im %[[Z]] : complex<f64>
// CHECK: call @rumba_format_complex(%[[RE]], %[[IM]],
// CHECK: %[[UNRANKED:.*]] = memref.cast %[[A]] : memref<?xf32, strided<[1], offset: ?>> to memref<*xf32>
// CHECK: call @rumba_format_array_f32(%[[UNRANKED]])
// CHECK: llvm.mlir.addressof @[[NEWLINE]]
// CHECK: call @rumba_text
// CHECK: call @rumba_print_flush() : () -> ()
func.func @printing(%x: f64, %n: si8, %u: ui16, %b: i1, %z: complex<f64>, %a: !py.array<f32, 1, C>) {
  py.print ["x = ", " ", " ", " ", " ", " ", "\0A"](%x, %n, %u, %b, %z, %a : f64, si8, ui16, i1, complex<f64>, !py.array<f32, 1, C>) formats [".3f", "", "", "", "", ""]
  return
}

// CHECK-LABEL: func.func @raising
// CHECK-SAME: (%[[STATUS:[a-z0-9]+]]: memref<i32>, %[[X:[a-z0-9]+]]: f64)
// CHECK: %[[CODE:.*]] = arith.constant 2 : i32
// CHECK: call @rumba_text
// CHECK: call @rumba_format_f64(%[[X]],
// CHECK: call @rumba_raise_message(%[[CODE]]) : (i32) -> ()
// CHECK: memref.store %[[CODE]], %[[STATUS]][] : memref<i32>
// CHECK-NOT: rumba_print_flush
func.func @raising(%status: memref<i32>, %x: f64) {
  py.raise "ValueError", "bad {}" formatted ["bad ", ""](%x : f64) formats [""] code 2 into %status : memref<i32>
  return
}
