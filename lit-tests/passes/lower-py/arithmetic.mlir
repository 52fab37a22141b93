// lower-py on scalar arithmetic: + - * / ** neg ~ not, bitwise ops, shifts (with out-of-range selects), min/max, per signedness.
// RUN: %rumba-opt %s --pass-pipeline='builtin.module(lower-py)' | %FileCheck %s
// RUN: %rumba-opt %s --pass-pipeline='builtin.module(lower-py)' | %FileCheck %s --check-prefix=NOPY
// Nothing of the py dialect is left, in ops or in types.
// NOPY-NOT: {{[^a-z]py\.}}

// CHECK-LABEL: func.func @add_sub_mul_signed(
// CHECK-SAME: %[[A:[a-z0-9]+]]: i64, %[[B:[a-z0-9]+]]: i64) -> (i64, i64, i64)
// CHECK-NEXT: %[[ADD:.*]] = arith.addi %[[A]], %[[B]] : i64
// CHECK-NEXT: %[[SUB:.*]] = arith.subi %[[A]], %[[B]] : i64
// CHECK-NEXT: %[[MUL:.*]] = arith.muli %[[A]], %[[B]] : i64
// CHECK-NEXT: return %[[ADD]], %[[SUB]], %[[MUL]] : i64, i64, i64
func.func @add_sub_mul_signed(%a: si64, %b: si64) -> (si64, si64, si64) {
  %0 = py.add %a, %b : si64
  %1 = py.sub %a, %b : si64
  %2 = py.mul %a, %b : si64
  return %0, %1, %2 : si64, si64, si64
}

// CHECK-LABEL: func.func @add_sub_mul_unsigned(
// CHECK-SAME: %[[A:[a-z0-9]+]]: i32, %[[B:[a-z0-9]+]]: i32) -> (i32, i32, i32)
// CHECK-NEXT: %[[ADD:.*]] = arith.addi %[[A]], %[[B]] : i32
// CHECK-NEXT: %[[SUB:.*]] = arith.subi %[[A]], %[[B]] : i32
// CHECK-NEXT: %[[MUL:.*]] = arith.muli %[[A]], %[[B]] : i32
// CHECK-NEXT: return %[[ADD]], %[[SUB]], %[[MUL]] : i32, i32, i32
func.func @add_sub_mul_unsigned(%a: ui32, %b: ui32) -> (ui32, ui32, ui32) {
  %0 = py.add %a, %b : ui32
  %1 = py.sub %a, %b : ui32
  %2 = py.mul %a, %b : ui32
  return %0, %1, %2 : ui32, ui32, ui32
}

// CHECK-LABEL: func.func @add_sub_mul_float(
// CHECK-SAME: %[[X:[a-z0-9]+]]: f64, %[[Y:[a-z0-9]+]]: f64) -> (f64, f64, f64)
// CHECK-NEXT: %[[ADD:.*]] = arith.addf %[[X]], %[[Y]] : f64
// CHECK-NEXT: %[[SUB:.*]] = arith.subf %[[X]], %[[Y]] : f64
// CHECK-NEXT: %[[MUL:.*]] = arith.mulf %[[X]], %[[Y]] : f64
// CHECK-NEXT: return %[[ADD]], %[[SUB]], %[[MUL]] : f64, f64, f64
func.func @add_sub_mul_float(%x: f64, %y: f64) -> (f64, f64, f64) {
  %0 = py.add %x, %y : f64
  %1 = py.sub %x, %y : f64
  %2 = py.mul %x, %y : f64
  return %0, %1, %2 : f64, f64, f64
}

// CHECK-LABEL: func.func @truediv(
// CHECK-SAME: %[[X:[a-z0-9]+]]: f64, %[[Y:[a-z0-9]+]]: f64, %[[F:[a-z0-9]+]]: f32, %[[G:[a-z0-9]+]]: f32)
// CHECK-NEXT: %[[D64:.*]] = arith.divf %[[X]], %[[Y]] : f64
// CHECK-NEXT: %[[D32:.*]] = arith.divf %[[F]], %[[G]] : f32
// CHECK-NEXT: return %[[D64]], %[[D32]]
func.func @truediv(%x: f64, %y: f64, %f: f32, %g: f32) -> (f64, f32) {
  %0 = py.truediv %x, %y : f64
  %1 = py.truediv %f, %g : f32
  return %0, %1 : f64, f32
}

// Integer powers use math.ipowi (the frontend guarantees a non-negative exponent), float ones math.powf.
// CHECK-LABEL: func.func @pow(
// CHECK-SAME: %[[A:[a-z0-9]+]]: i64, %[[B:[a-z0-9]+]]: i64, %[[X:[a-z0-9]+]]: f64, %[[Y:[a-z0-9]+]]: f64)
// CHECK-NEXT: %[[IPOW:.*]] = math.ipowi %[[A]], %[[B]] : i64
// CHECK-NEXT: %[[FPOW:.*]] = math.powf %[[X]], %[[Y]] : f64
// CHECK-NEXT: return %[[IPOW]], %[[FPOW]]
func.func @pow(%a: si64, %b: si64, %x: f64, %y: f64) -> (si64, f64) {
  %0 = py.pow %a, %b : si64
  %1 = py.pow %x, %y : f64
  return %0, %1 : si64, f64
}

// Integer negation is 0 - a (wrapping); float negation is arith.negf.
// CHECK-LABEL: func.func @neg(
// CHECK-SAME: %[[A:[a-z0-9]+]]: i8, %[[U:[a-z0-9]+]]: i16, %[[X:[a-z0-9]+]]: f32)
// CHECK-DAG: %[[N8:.*]] = arith.subi %[[Z8:[^ ,]+]], %[[A]] : i8
// CHECK-DAG: %[[Z8]] = arith.constant 0 : i8
// CHECK-DAG: %[[N16:.*]] = arith.subi %[[Z16:[^ ,]+]], %[[U]] : i16
// CHECK-DAG: %[[Z16]] = arith.constant 0 : i16
// CHECK-DAG: %[[NF:.*]] = arith.negf %[[X]] : f32
// CHECK: return %[[N8]], %[[N16]], %[[NF]] : i8, i16, f32
func.func @neg(%a: si8, %u: ui16, %x: f32) -> (si8, ui16, f32) {
  %0 = py.neg %a : si8
  %1 = py.neg %u : ui16
  %2 = py.neg %x : f32
  return %0, %1, %2 : si8, ui16, f32
}

// `~a` and `not p` are both an xor with all ones.
// CHECK-LABEL: func.func @invert_not(
// CHECK-SAME: %[[A:[a-z0-9]+]]: i64, %[[U:[a-z0-9]+]]: i8, %[[P:[a-z0-9]+]]: i1)
// CHECK-DAG: %[[INV64:.*]] = arith.xori %[[A]], %[[ONES64:[^ ,]+]] : i64
// CHECK-DAG: %[[ONES64]] = arith.constant -1 : i64
// CHECK-DAG: %[[INV8:.*]] = arith.xori %[[U]], %[[ONES8:[^ ,]+]] : i8
// CHECK-DAG: %[[ONES8]] = arith.constant -1 : i8
// CHECK-DAG: %[[NOT:.*]] = arith.xori %[[P]], %[[TRUE:[^ ,]+]] : i1
// CHECK-DAG: %[[TRUE]] = arith.constant true
// CHECK: return %[[INV64]], %[[INV8]], %[[NOT]] : i64, i8, i1
func.func @invert_not(%a: si64, %u: ui8, %p: i1) -> (si64, ui8, i1) {
  %0 = py.invert %a : si64
  %1 = py.invert %u : ui8
  %2 = py.not %p : i1
  return %0, %1, %2 : si64, ui8, i1
}

// CHECK-LABEL: func.func @bitwise(
// CHECK-SAME: %[[A:[a-z0-9]+]]: i64, %[[B:[a-z0-9]+]]: i64, %[[U:[a-z0-9]+]]: i32, %[[V:[a-z0-9]+]]: i32, %[[P:[a-z0-9]+]]: i1, %[[Q:[a-z0-9]+]]: i1)
// CHECK-NEXT: %[[AND:.*]] = arith.andi %[[A]], %[[B]] : i64
// CHECK-NEXT: %[[OR:.*]] = arith.ori %[[U]], %[[V]] : i32
// CHECK-NEXT: %[[XOR:.*]] = arith.xori %[[P]], %[[Q]] : i1
// CHECK-NEXT: return %[[AND]], %[[OR]], %[[XOR]] : i64, i32, i1
func.func @bitwise(%a: si64, %b: si64, %u: ui32, %v: ui32, %p: i1, %q: i1) -> (si64, ui32, i1) {
  %0 = py.bitand %a, %b : si64
  %1 = py.bitor %u, %v : ui32
  %2 = py.bitxor %p, %q : i1
  return %0, %1, %2 : si64, ui32, i1
}

// a << b: counts at or past the width give 0 (what wrapping Python's unbounded result gives).
// CHECK-LABEL: func.func @lshift_signed(
// CHECK-SAME: %[[A:[a-z0-9]+]]: i64, %[[B:[a-z0-9]+]]: i64) -> i64
// CHECK-DAG: %[[IN_RANGE:.*]] = arith.cmpi ult, %[[B]], %[[WIDTH:[^ ,]+]] : i64
// CHECK-DAG: %[[WIDTH]] = arith.constant 64 : i64
// CHECK-DAG: %[[SHIFTED:.*]] = arith.shli %[[A]], %[[B]] : i64
// CHECK-DAG: %[[RESULT:.*]] = arith.select %[[IN_RANGE]], %[[SHIFTED]], %[[ZERO:[^ ,]+]] : i64
// CHECK-DAG: %[[ZERO]] = arith.constant 0 : i64
// CHECK: return %[[RESULT]] : i64
func.func @lshift_signed(%a: si64, %b: si64) -> si64 {
  %0 = py.lshift %a, %b : si64
  return %0 : si64
}

// CHECK-LABEL: func.func @lshift_unsigned(
// CHECK-SAME: %[[A:[a-z0-9]+]]: i8, %[[B:[a-z0-9]+]]: i8) -> i8
// CHECK-DAG: %[[IN_RANGE:.*]] = arith.cmpi ult, %[[B]], %[[WIDTH:[^ ,]+]] : i8
// CHECK-DAG: %[[WIDTH]] = arith.constant 8 : i8
// CHECK-DAG: %[[SHIFTED:.*]] = arith.shli %[[A]], %[[B]] : i8
// CHECK-DAG: %[[RESULT:.*]] = arith.select %[[IN_RANGE]], %[[SHIFTED]], %[[ZERO:[^ ,]+]] : i8
// CHECK-DAG: %[[ZERO]] = arith.constant 0 : i8
// CHECK: return %[[RESULT]] : i8
func.func @lshift_unsigned(%a: ui8, %b: ui8) -> ui8 {
  %0 = py.lshift %a, %b : ui8
  return %0 : ui8
}

// Signed a >> b is arithmetic; counts at or past the width are clamped to width - 1 (giving the sign).
// CHECK-LABEL: func.func @rshift_signed(
// CHECK-SAME: %[[A:[a-z0-9]+]]: i32, %[[B:[a-z0-9]+]]: i32) -> i32
// CHECK-DAG: %[[IN_RANGE:.*]] = arith.cmpi ult, %[[B]], %[[WIDTH:[^ ,]+]] : i32
// CHECK-DAG: %[[WIDTH]] = arith.constant 32 : i32
// CHECK-DAG: %[[COUNT:.*]] = arith.select %[[IN_RANGE]], %[[B]], %[[LAST:[^ ,]+]] : i32
// CHECK-DAG: %[[LAST]] = arith.constant 31 : i32
// CHECK-DAG: %[[RESULT:.*]] = arith.shrsi %[[A]], %[[COUNT]] : i32
// CHECK: return %[[RESULT]] : i32
func.func @rshift_signed(%a: si32, %b: si32) -> si32 {
  %0 = py.rshift %a, %b : si32
  return %0 : si32
}

// Unsigned a >> b is logical; counts at or past the width give 0.
// CHECK-LABEL: func.func @rshift_unsigned(
// CHECK-SAME: %[[A:[a-z0-9]+]]: i16, %[[B:[a-z0-9]+]]: i16) -> i16
// CHECK-DAG: %[[IN_RANGE:.*]] = arith.cmpi ult, %[[B]], %[[WIDTH:[^ ,]+]] : i16
// CHECK-DAG: %[[WIDTH]] = arith.constant 16 : i16
// CHECK-DAG: %[[SHIFTED:.*]] = arith.shrui %[[A]], %[[B]] : i16
// CHECK-DAG: %[[RESULT:.*]] = arith.select %[[IN_RANGE]], %[[SHIFTED]], %[[ZERO:[^ ,]+]] : i16
// CHECK-DAG: %[[ZERO]] = arith.constant 0 : i16
// CHECK: return %[[RESULT]] : i16
func.func @rshift_unsigned(%a: ui16, %b: ui16) -> ui16 {
  %0 = py.rshift %a, %b : ui16
  return %0 : ui16
}

// min(a, b) is `b if b < a else a`, max(a, b) is `b if b > a else a`: ties and NaN keep the first operand.
// CHECK-LABEL: func.func @min_max_signed(
// CHECK-SAME: %[[A:[a-z0-9]+]]: i64, %[[B:[a-z0-9]+]]: i64)
// CHECK-NEXT: %[[LT:.*]] = arith.cmpi slt, %[[B]], %[[A]] : i64
// CHECK-NEXT: %[[MIN:.*]] = arith.select %[[LT]], %[[B]], %[[A]] : i64
// CHECK-NEXT: %[[GT:.*]] = arith.cmpi sgt, %[[B]], %[[A]] : i64
// CHECK-NEXT: %[[MAX:.*]] = arith.select %[[GT]], %[[B]], %[[A]] : i64
// CHECK-NEXT: return %[[MIN]], %[[MAX]]
func.func @min_max_signed(%a: si64, %b: si64) -> (si64, si64) {
  %0 = py.min %a, %b : si64
  %1 = py.max %a, %b : si64
  return %0, %1 : si64, si64
}

// CHECK-LABEL: func.func @min_max_unsigned(
// CHECK-SAME: %[[A:[a-z0-9]+]]: i8, %[[B:[a-z0-9]+]]: i8)
// CHECK-NEXT: %[[LT:.*]] = arith.cmpi ult, %[[B]], %[[A]] : i8
// CHECK-NEXT: %[[MIN:.*]] = arith.select %[[LT]], %[[B]], %[[A]] : i8
// CHECK-NEXT: %[[GT:.*]] = arith.cmpi ugt, %[[B]], %[[A]] : i8
// CHECK-NEXT: %[[MAX:.*]] = arith.select %[[GT]], %[[B]], %[[A]] : i8
// CHECK-NEXT: return %[[MIN]], %[[MAX]]
func.func @min_max_unsigned(%a: ui8, %b: ui8) -> (ui8, ui8) {
  %0 = py.min %a, %b : ui8
  %1 = py.max %a, %b : ui8
  return %0, %1 : ui8, ui8
}

// CHECK-LABEL: func.func @min_max_float(
// CHECK-SAME: %[[X:[a-z0-9]+]]: f64, %[[Y:[a-z0-9]+]]: f64)
// CHECK-NEXT: %[[LT:.*]] = arith.cmpf olt, %[[Y]], %[[X]] : f64
// CHECK-NEXT: %[[MIN:.*]] = arith.select %[[LT]], %[[Y]], %[[X]] : f64
// CHECK-NEXT: %[[GT:.*]] = arith.cmpf ogt, %[[Y]], %[[X]] : f64
// CHECK-NEXT: %[[MAX:.*]] = arith.select %[[GT]], %[[Y]], %[[X]] : f64
// CHECK-NEXT: return %[[MIN]], %[[MAX]]
func.func @min_max_float(%x: f64, %y: f64) -> (f64, f64) {
  %0 = py.min %x, %y : f64
  %1 = py.max %x, %y : f64
  return %0, %1 : f64, f64
}

// Constants become arith.constant of the signless type with the same bits.
// CHECK-LABEL: func.func @constants()
// CHECK-NEXT: arith.constant 7 : i64
// CHECK-NEXT: arith.constant -1 : i8
// CHECK-NEXT: arith.constant true
// CHECK-NEXT: arith.constant 2.500000e+00 : f32
// CHECK-NOT: py.
func.func @constants() -> (si64, ui8, i1, f32) {
  %0 = py.constant 7 : si64
  %1 = py.constant 255 : ui8
  %2 = py.constant true
  %3 = py.constant 2.5 : f32
  return %0, %1, %2, %3 : si64, ui8, i1, f32
}
