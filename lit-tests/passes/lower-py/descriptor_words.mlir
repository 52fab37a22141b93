// lower-py on py.array_to_words and py.array_from_words: the fields of the memref's LLVM descriptor
// struct (addresses as integers), reached through unrealized casts that the LLVM lowering folds; a
// hold on the memory for the container, and a new reference, marked for deallocate-temporaries,
// for the array read back.
// RUN: %rumba-opt %s --pass-pipeline='builtin.module(lower-py)' | %FileCheck %s

// CHECK-LABEL: func.func @round_trip
// CHECK: %[[D:.*]] = builtin.unrealized_conversion_cast %{{.*}} : memref<?xf64, strided<[1], offset: ?>> to !llvm.struct<(ptr, ptr, i64, array<1 x i64>, array<1 x i64>)>
// CHECK: %[[P:.*]] = llvm.extractvalue %[[D]][0]
// CHECK: %[[ALLOCATED:.*]] = llvm.ptrtoint %[[P]] : !llvm.ptr to i64
// CHECK: llvm.extractvalue %[[D]][1]
// CHECK: llvm.extractvalue %[[D]][2]
// CHECK: llvm.extractvalue %[[D]][3, 0]
// CHECK: llvm.extractvalue %[[D]][4, 0]
// CHECK: call @rumba_array_hold(%[[ALLOCATED]]) : (i64) -> ()
// CHECK: %[[POISON:.*]] = llvm.mlir.poison : !llvm.struct<(ptr, ptr, i64, array<1 x i64>, array<1 x i64>)>
// CHECK: %[[Q:.*]] = llvm.inttoptr %[[ALLOCATED]] : i64 to !llvm.ptr
// CHECK: llvm.insertvalue %[[Q]], %[[POISON]][0]
// CHECK: %[[FULL:.*]] = llvm.insertvalue %{{.*}}, %{{.*}}[4, 0]
// CHECK: call @rumba_array_retain(%[[ALLOCATED]]) : (i64) -> ()
// CHECK: builtin.unrealized_conversion_cast %[[FULL]] : !llvm.struct<(ptr, ptr, i64, array<1 x i64>, array<1 x i64>)> to memref<?xf64, strided<[1], offset: ?>> {rumba.new_reference}
func.func @round_trip(%a: !py.array<f64, 1, C>) -> !py.array<f64, 1, C> {
  %w:5 = py.array_to_words %a : !py.array<f64, 1, C> -> si64, si64, si64, si64, si64
  %b = py.array_from_words %w#0, %w#1, %w#2, %w#3, %w#4 : !py.array<f64, 1, C>
  return %b : !py.array<f64, 1, C>
}
