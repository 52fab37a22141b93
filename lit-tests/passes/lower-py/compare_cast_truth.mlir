// lower-py on py.cmp (predicates per signedness, float ne as une), py.cast (ext/trunc, int<->float, float<->float, index, to bool), and py.truth.
// RUN: %rumba-opt %s --pass-pipeline='builtin.module(lower-py)' | %FileCheck %s
// RUN: %rumba-opt %s --pass-pipeline='builtin.module(lower-py)' | %FileCheck %s --check-prefix=NOPY
// Nothing of the py dialect is left, in ops or in types.
// NOPY-NOT: {{[^a-z]py\.}}

// CHECK-LABEL: func.func @cmp_signed(
// CHECK-SAME: %[[A:[a-z0-9]+]]: i64, %[[B:[a-z0-9]+]]: i64)
// CHECK-NEXT: %[[LT:.*]] = arith.cmpi slt, %[[A]], %[[B]] : i64
// CHECK-NEXT: %[[LE:.*]] = arith.cmpi sle, %[[A]], %[[B]] : i64
// CHECK-NEXT: %[[GT:.*]] = arith.cmpi sgt, %[[A]], %[[B]] : i64
// CHECK-NEXT: %[[GE:.*]] = arith.cmpi sge, %[[A]], %[[B]] : i64
// CHECK-NEXT: %[[EQ:.*]] = arith.cmpi eq, %[[A]], %[[B]] : i64
// CHECK-NEXT: %[[NE:.*]] = arith.cmpi ne, %[[A]], %[[B]] : i64
// CHECK-NEXT: return %[[LT]], %[[LE]], %[[GT]], %[[GE]], %[[EQ]], %[[NE]]
func.func @cmp_signed(%a: si64, %b: si64) -> (i1, i1, i1, i1, i1, i1) {
  %0 = py.cmp "lt", %a, %b : si64
  %1 = py.cmp "le", %a, %b : si64
  %2 = py.cmp "gt", %a, %b : si64
  %3 = py.cmp "ge", %a, %b : si64
  %4 = py.cmp "eq", %a, %b : si64
  %5 = py.cmp "ne", %a, %b : si64
  return %0, %1, %2, %3, %4, %5 : i1, i1, i1, i1, i1, i1
}

// CHECK-LABEL: func.func @cmp_unsigned(
// CHECK-SAME: %[[A:[a-z0-9]+]]: i16, %[[B:[a-z0-9]+]]: i16)
// CHECK-NEXT: %[[LT:.*]] = arith.cmpi ult, %[[A]], %[[B]] : i16
// CHECK-NEXT: %[[LE:.*]] = arith.cmpi ule, %[[A]], %[[B]] : i16
// CHECK-NEXT: %[[GT:.*]] = arith.cmpi ugt, %[[A]], %[[B]] : i16
// CHECK-NEXT: %[[GE:.*]] = arith.cmpi uge, %[[A]], %[[B]] : i16
// CHECK-NEXT: %[[EQ:.*]] = arith.cmpi eq, %[[A]], %[[B]] : i16
// CHECK-NEXT: %[[NE:.*]] = arith.cmpi ne, %[[A]], %[[B]] : i16
// CHECK-NEXT: return %[[LT]], %[[LE]], %[[GT]], %[[GE]], %[[EQ]], %[[NE]]
func.func @cmp_unsigned(%a: ui16, %b: ui16) -> (i1, i1, i1, i1, i1, i1) {
  %0 = py.cmp "lt", %a, %b : ui16
  %1 = py.cmp "le", %a, %b : ui16
  %2 = py.cmp "gt", %a, %b : ui16
  %3 = py.cmp "ge", %a, %b : ui16
  %4 = py.cmp "eq", %a, %b : ui16
  %5 = py.cmp "ne", %a, %b : ui16
  return %0, %1, %2, %3, %4, %5 : i1, i1, i1, i1, i1, i1
}

// Bools compare as the integers 0 and 1, so False < True: unsigned predicates.
// CHECK-LABEL: func.func @cmp_bool(
// CHECK-SAME: %[[P:[a-z0-9]+]]: i1, %[[Q:[a-z0-9]+]]: i1)
// CHECK-NEXT: %[[LT:.*]] = arith.cmpi ult, %[[P]], %[[Q]] : i1
// CHECK-NEXT: %[[GE:.*]] = arith.cmpi uge, %[[P]], %[[Q]] : i1
// CHECK-NEXT: %[[EQ:.*]] = arith.cmpi eq, %[[P]], %[[Q]] : i1
// CHECK-NEXT: return %[[LT]], %[[GE]], %[[EQ]]
func.func @cmp_bool(%p: i1, %q: i1) -> (i1, i1, i1) {
  %0 = py.cmp "lt", %p, %q : i1
  %1 = py.cmp "ge", %p, %q : i1
  %2 = py.cmp "eq", %p, %q : i1
  return %0, %1, %2 : i1, i1, i1
}

// Every float comparison with NaN is false (ordered predicates) except !=, which is true (une).
// CHECK-LABEL: func.func @cmp_float(
// CHECK-SAME: %[[X:[a-z0-9]+]]: f64, %[[Y:[a-z0-9]+]]: f64)
// CHECK-NEXT: %[[LT:.*]] = arith.cmpf olt, %[[X]], %[[Y]] : f64
// CHECK-NEXT: %[[LE:.*]] = arith.cmpf ole, %[[X]], %[[Y]] : f64
// CHECK-NEXT: %[[GT:.*]] = arith.cmpf ogt, %[[X]], %[[Y]] : f64
// CHECK-NEXT: %[[GE:.*]] = arith.cmpf oge, %[[X]], %[[Y]] : f64
// CHECK-NEXT: %[[EQ:.*]] = arith.cmpf oeq, %[[X]], %[[Y]] : f64
// CHECK-NEXT: %[[NE:.*]] = arith.cmpf une, %[[X]], %[[Y]] : f64
// CHECK-NEXT: return %[[LT]], %[[LE]], %[[GT]], %[[GE]], %[[EQ]], %[[NE]]
func.func @cmp_float(%x: f64, %y: f64) -> (i1, i1, i1, i1, i1, i1) {
  %0 = py.cmp "lt", %x, %y : f64
  %1 = py.cmp "le", %x, %y : f64
  %2 = py.cmp "gt", %x, %y : f64
  %3 = py.cmp "ge", %x, %y : f64
  %4 = py.cmp "eq", %x, %y : f64
  %5 = py.cmp "ne", %x, %y : f64
  return %0, %1, %2, %3, %4, %5 : i1, i1, i1, i1, i1, i1
}

// Integer to integer: widening follows the source's signedness, narrowing truncates.
// CHECK-LABEL: func.func @cast_integers(
// CHECK-SAME: %[[S8:[a-z0-9]+]]: i8, %[[U8:[a-z0-9]+]]: i8, %[[S64:[a-z0-9]+]]: i64, %[[U64:[a-z0-9]+]]: i64, %[[P:[a-z0-9]+]]: i1)
// CHECK-NEXT: %[[R0:.*]] = arith.extsi %[[S8]] : i8 to i64
// CHECK-NEXT: %[[R1:.*]] = arith.extsi %[[S8]] : i8 to i32
// CHECK-NEXT: %[[R2:.*]] = arith.extui %[[U8]] : i8 to i64
// CHECK-NEXT: %[[R3:.*]] = arith.extui %[[U8]] : i8 to i32
// CHECK-NEXT: %[[R4:.*]] = arith.trunci %[[S64]] : i64 to i16
// CHECK-NEXT: %[[R5:.*]] = arith.trunci %[[U64]] : i64 to i8
// CHECK-NEXT: %[[R6:.*]] = arith.extui %[[P]] : i1 to i32
// CHECK-NEXT: return %[[R0]], %[[R1]], %[[R2]], %[[R3]], %[[R4]], %[[R5]], %[[R6]], %[[S64]], %[[U64]] :
func.func @cast_integers(%s8: si8, %u8: ui8, %s64: si64, %u64: ui64, %p: i1)
    -> (si64, ui32, si64, ui32, si16, ui8, si32, ui64, si64) {
  %0 = py.cast %s8 : si8 to si64
  %1 = py.cast %s8 : si8 to ui32
  %2 = py.cast %u8 : ui8 to si64
  %3 = py.cast %u8 : ui8 to ui32
  %4 = py.cast %s64 : si64 to si16
  %5 = py.cast %u64 : ui64 to ui8
  %6 = py.cast %p : i1 to si32
  // Same width, other signedness: the bits are kept, no operation.
  %7 = py.cast %s64 : si64 to ui64
  %8 = py.cast %u64 : ui64 to si64
  return %0, %1, %2, %3, %4, %5, %6, %7, %8 : si64, ui32, si64, ui32, si16, ui8, si32, ui64, si64
}

// Integer to float by the source's signedness (bool as unsigned); float to integer truncates toward
// zero, frozen (a float out of the target's range is some fixed value, not poison that a later
// branch would make undefined), unsigned types narrower than 64 bits through int64 as NumPy's x86
// casts (-8.0 is 248 in uint8); float to float extends or truncates.
// CHECK-LABEL: func.func @cast_floats(
// CHECK-SAME: %[[S:[a-z0-9]+]]: i64, %[[U:[a-z0-9]+]]: i32, %[[P:[a-z0-9]+]]: i1, %[[X:[a-z0-9]+]]: f64, %[[F:[a-z0-9]+]]: f32)
// CHECK-NEXT: %[[R0:.*]] = arith.sitofp %[[S]] : i64 to f64
// CHECK-NEXT: %[[R1:.*]] = arith.uitofp %[[U]] : i32 to f64
// CHECK-NEXT: %[[R2:.*]] = arith.uitofp %[[P]] : i1 to f32
// CHECK-NEXT: %[[C3:.*]] = arith.fptosi %[[X]] : f64 to i64
// CHECK-NEXT: %[[R3:.*]] = llvm.freeze %[[C3]] : i64
// CHECK-NEXT: %[[C4:.*]] = arith.fptosi %[[X]] : f64 to i64
// CHECK-NEXT: %[[F4:.*]] = llvm.freeze %[[C4]] : i64
// CHECK-NEXT: %[[R4:.*]] = arith.trunci %[[F4]] : i64 to i32
// CHECK-NEXT: %[[R5:.*]] = arith.extf %[[F]] : f32 to f64
// CHECK-NEXT: %[[R6:.*]] = arith.truncf %[[X]] : f64 to f32
// CHECK-NEXT: return %[[R0]], %[[R1]], %[[R2]], %[[R3]], %[[R4]], %[[R5]], %[[R6]] :
func.func @cast_floats(%s: si64, %u: ui32, %p: i1, %x: f64, %f: f32) -> (f64, f64, f32, si64, ui32, f64, f32) {
  %0 = py.cast %s : si64 to f64
  %1 = py.cast %u : ui32 to f64
  %2 = py.cast %p : i1 to f32
  %3 = py.cast %x : f64 to si64
  %4 = py.cast %x : f64 to ui32
  %5 = py.cast %f : f32 to f64
  %6 = py.cast %x : f64 to f32
  return %0, %1, %2, %3, %4, %5, %6 : f64, f64, f32, si64, ui32, f64, f32
}

// Index casts: signed ones sign-extend (index_cast), unsigned ones zero-extend (index_castui).
// CHECK-LABEL: func.func @cast_index(
// CHECK-SAME: %[[S:[a-z0-9]+]]: i64, %[[U:[a-z0-9]+]]: i64, %[[S32:[a-z0-9]+]]: i32, %[[I:[a-z0-9]+]]: index)
// CHECK-NEXT: %[[R0:.*]] = arith.index_cast %[[S]] : i64 to index
// CHECK-NEXT: %[[R1:.*]] = arith.index_castui %[[U]] : i64 to index
// CHECK-NEXT: %[[R2:.*]] = arith.index_cast %[[S32]] : i32 to index
// CHECK-NEXT: %[[R3:.*]] = arith.index_cast %[[I]] : index to i64
// CHECK-NEXT: %[[R4:.*]] = arith.index_castui %[[I]] : index to i16
// CHECK-NEXT: return %[[R0]], %[[R1]], %[[R2]], %[[R3]], %[[R4]] :
func.func @cast_index(%s: si64, %u: ui64, %s32: si32, %i: index) -> (index, index, index, si64, ui16) {
  %0 = py.cast %s : si64 to index
  %1 = py.cast %u : ui64 to index
  %2 = py.cast %s32 : si32 to index
  %3 = py.cast %i : index to si64
  %4 = py.cast %i : index to ui16
  return %0, %1, %2, %3, %4 : index, index, index, si64, ui16
}

// A cast to bool is a truth test.
// CHECK-LABEL: func.func @cast_to_bool(
// CHECK-SAME: %[[S:[a-z0-9]+]]: i64, %[[X:[a-z0-9]+]]: f32)
// CHECK-DAG: %[[R0:.*]] = arith.cmpi ne, %[[S]], %[[ZERO:[^ ,]+]] : i64
// CHECK-DAG: %[[ZERO]] = arith.constant 0 : i64
// CHECK-DAG: %[[R1:.*]] = arith.cmpf une, %[[X]], %[[FZERO:[^ ,]+]] : f32
// CHECK-DAG: %[[FZERO]] = arith.constant 0.000000e+00 : f32
// CHECK: return %[[R0]], %[[R1]] : i1, i1
func.func @cast_to_bool(%s: si64, %x: f32) -> (i1, i1) {
  %0 = py.cast %s : si64 to i1
  %1 = py.cast %x : f32 to i1
  return %0, %1 : i1, i1
}

// bool(a): non-zero is true; for floats NaN too (une); a bool is its own truth value.
// CHECK-LABEL: func.func @truth(
// CHECK-SAME: %[[S:[a-z0-9]+]]: i32, %[[U:[a-z0-9]+]]: i8, %[[X:[a-z0-9]+]]: f64, %[[P:[a-z0-9]+]]: i1)
// CHECK-DAG: %[[T0:.*]] = arith.cmpi ne, %[[S]], %[[Z32:[^ ,]+]] : i32
// CHECK-DAG: %[[Z32]] = arith.constant 0 : i32
// CHECK-DAG: %[[T1:.*]] = arith.cmpi ne, %[[U]], %[[Z8:[^ ,]+]] : i8
// CHECK-DAG: %[[Z8]] = arith.constant 0 : i8
// CHECK-DAG: %[[T2:.*]] = arith.cmpf une, %[[X]], %[[ZF:[^ ,]+]] : f64
// CHECK-DAG: %[[ZF]] = arith.constant 0.000000e+00 : f64
// CHECK: return %[[T0]], %[[T1]], %[[T2]], %[[P]] : i1, i1, i1, i1
func.func @truth(%s: si32, %u: ui8, %x: f64, %p: i1) -> (i1, i1, i1, i1) {
  %0 = py.truth %s : si32
  %1 = py.truth %u : ui8
  %2 = py.truth %x : f64
  %3 = py.truth %p : i1
  return %0, %1, %2, %3 : i1, i1, i1, i1
}

// A bool becomes index 0 or 1 (zero-extended, not sign-extended to -1).
// CHECK-LABEL: func.func @bool_to_index
// CHECK: arith.index_castui %{{.*}} : i1 to index
func.func @bool_to_index(%b: i1) -> index {
  %0 = py.cast %b : i1 to index
  return %0 : index
}
