// Round-trip (parse, print, re-parse, print) of every py op and of !py.array with C, F and A layouts.
// RUN: %rumba-opt %s | %rumba-opt | %FileCheck %s

// CHECK-LABEL: func.func @array_types(
// CHECK-SAME: %{{.*}}: !py.array<f64, 2, C>
// CHECK-SAME: %{{.*}}: !py.array<f32, 3, F>
// CHECK-SAME: %{{.*}}: !py.array<si64, 1, A>
// CHECK-SAME: %{{.*}}: !py.array<ui8, 2, A>
// CHECK-SAME: %{{.*}}: !py.array<i1, 1, C>
// CHECK-SAME: -> !py.array<f32, 3, F>
func.func @array_types(%c: !py.array<f64, 2, C>, %f: !py.array<f32, 3, F>, %a: !py.array<si64, 1, A>,
                       %u: !py.array<ui8, 2, A>, %b: !py.array<i1, 1, C>) -> !py.array<f32, 3, F> {
  return %f : !py.array<f32, 3, F>
}

// CHECK-LABEL: func.func @constants(
// CHECK: py.constant 7 : si64
// CHECK: py.constant -3 : si8
// CHECK: py.constant 255 : ui8
// CHECK: py.constant true
// CHECK: py.constant 2.500000e+00 : f64
// CHECK: py.constant 1.250000e-01 : f32
func.func @constants() -> (si64, si8, ui8, i1, f64, f32) {
  %0 = py.constant 7 : si64
  %1 = py.constant -3 : si8
  %2 = py.constant 255 : ui8
  %3 = py.constant true
  %4 = py.constant 2.5 : f64
  %5 = py.constant 0.125 : f32
  return %0, %1, %2, %3, %4, %5 : si64, si8, ui8, i1, f64, f32
}

// CHECK-LABEL: func.func @binary(
// CHECK-SAME: %[[A:[a-z0-9]+]]: si64, %[[B:[a-z0-9]+]]: si64, %[[X:[a-z0-9]+]]: f64, %[[Y:[a-z0-9]+]]: f64, %[[U:[a-z0-9]+]]: ui32, %[[V:[a-z0-9]+]]: ui32, %[[P:[a-z0-9]+]]: i1, %[[Q:[a-z0-9]+]]: i1)
// CHECK: py.add %[[A]], %[[B]] : si64
// CHECK: py.sub %[[X]], %[[Y]] : f64
// CHECK: py.mul %[[U]], %[[V]] : ui32
// CHECK: py.truediv %[[X]], %[[Y]] : f64
// CHECK: py.floordiv %[[A]], %[[B]] : si64
// CHECK: py.mod %[[X]], %[[Y]] : f64
// CHECK: py.pow %[[A]], %[[B]] : si64
// CHECK: py.bitand %[[A]], %[[B]] : si64
// CHECK: py.bitor %[[U]], %[[V]] : ui32
// CHECK: py.bitxor %[[P]], %[[Q]] : i1
// CHECK: py.lshift %[[A]], %[[B]] : si64
// CHECK: py.rshift %[[U]], %[[V]] : ui32
// CHECK: py.min %[[X]], %[[Y]] : f64
// CHECK: py.max %[[A]], %[[B]] : si64
func.func @binary(%a: si64, %b: si64, %x: f64, %y: f64, %u: ui32, %v: ui32, %p: i1, %q: i1)
    -> (si64, f64, ui32, f64, si64, f64, si64, si64, ui32, i1, si64, ui32, f64, si64) {
  %0 = py.add %a, %b : si64
  %1 = py.sub %x, %y : f64
  %2 = py.mul %u, %v : ui32
  %3 = py.truediv %x, %y : f64
  %4 = py.floordiv %a, %b : si64
  %5 = py.mod %x, %y : f64
  %6 = py.pow %a, %b : si64
  %7 = py.bitand %a, %b : si64
  %8 = py.bitor %u, %v : ui32
  %9 = py.bitxor %p, %q : i1
  %10 = py.lshift %a, %b : si64
  %11 = py.rshift %u, %v : ui32
  %12 = py.min %x, %y : f64
  %13 = py.max %a, %b : si64
  return %0, %1, %2, %3, %4, %5, %6, %7, %8, %9, %10, %11, %12, %13
      : si64, f64, ui32, f64, si64, f64, si64, si64, ui32, i1, si64, ui32, f64, si64
}

// CHECK-LABEL: func.func @unary(
// CHECK-SAME: %[[A:[a-z0-9]+]]: si64, %[[X:[a-z0-9]+]]: f32, %[[U:[a-z0-9]+]]: ui16, %[[P:[a-z0-9]+]]: i1)
// CHECK: py.neg %[[A]] : si64
// CHECK: py.neg %[[X]] : f32
// CHECK: py.invert %[[U]] : ui16
// CHECK: py.not %[[P]] : i1
func.func @unary(%a: si64, %x: f32, %u: ui16, %p: i1) -> (si64, f32, ui16, i1) {
  %0 = py.neg %a : si64
  %1 = py.neg %x : f32
  %2 = py.invert %u : ui16
  %3 = py.not %p : i1
  return %0, %1, %2, %3 : si64, f32, ui16, i1
}

// CHECK-LABEL: func.func @compare(
// CHECK-SAME: %[[A:[a-z0-9]+]]: si64, %[[B:[a-z0-9]+]]: si64, %[[X:[a-z0-9]+]]: f64, %[[Y:[a-z0-9]+]]: f64)
// CHECK: py.cmp "lt", %[[A]], %[[B]] : si64
// CHECK: py.cmp "le", %[[A]], %[[B]] : si64
// CHECK: py.cmp "gt", %[[X]], %[[Y]] : f64
// CHECK: py.cmp "ge", %[[X]], %[[Y]] : f64
// CHECK: py.cmp "eq", %[[A]], %[[B]] : si64
// CHECK: py.cmp "ne", %[[X]], %[[Y]] : f64
func.func @compare(%a: si64, %b: si64, %x: f64, %y: f64) -> (i1, i1, i1, i1, i1, i1) {
  %0 = py.cmp "lt", %a, %b : si64
  %1 = py.cmp "le", %a, %b : si64
  %2 = py.cmp "gt", %x, %y : f64
  %3 = py.cmp "ge", %x, %y : f64
  %4 = py.cmp "eq", %a, %b : si64
  %5 = py.cmp "ne", %x, %y : f64
  return %0, %1, %2, %3, %4, %5 : i1, i1, i1, i1, i1, i1
}

// CHECK-LABEL: func.func @cast_truth(
// CHECK-SAME: %[[A:[a-z0-9]+]]: si64, %[[X:[a-z0-9]+]]: f64, %[[I:[a-z0-9]+]]: index)
// CHECK: py.cast %[[A]] : si64 to f64
// CHECK: py.cast %[[X]] : f64 to si32
// CHECK: py.cast %[[I]] : index to si64
// CHECK: py.cast %[[A]] : si64 to index
// CHECK: py.truth %[[X]] : f64
// CHECK: py.truth %[[A]] : si64
func.func @cast_truth(%a: si64, %x: f64, %i: index) -> (f64, si32, si64, index, i1, i1) {
  %0 = py.cast %a : si64 to f64
  %1 = py.cast %x : f64 to si32
  %2 = py.cast %i : index to si64
  %3 = py.cast %a : si64 to index
  %4 = py.truth %x : f64
  %5 = py.truth %a : si64
  return %0, %1, %2, %3, %4, %5 : f64, si32, si64, index, i1, i1
}

// CHECK-LABEL: func.func @math(
// CHECK-SAME: %[[X:[a-z0-9]+]]: f64, %[[Y:[a-z0-9]+]]: f64, %[[F:[a-z0-9]+]]: f32, %[[A:[a-z0-9]+]]: si64)
// CHECK: py.math "sqrt"(%[[X]]) : (f64) -> f64
// CHECK: py.math "pow"(%[[X]], %[[Y]]) : (f64, f64) -> f64
// CHECK: py.math "floor"(%[[F]]) : (f32) -> f32
// CHECK: py.math "abs"(%[[A]]) : (si64) -> si64
// CHECK: py.math "exp"(%[[X]]) : (f64) -> f64
// CHECK: py.math "log"(%[[X]]) : (f64) -> f64
// CHECK: py.math "sin"(%[[X]]) : (f64) -> f64
// CHECK: py.math "cos"(%[[X]]) : (f64) -> f64
// CHECK: py.math "tan"(%[[X]]) : (f64) -> f64
// CHECK: py.math "tanh"(%[[X]]) : (f64) -> f64
// CHECK: py.math "ceil"(%[[F]]) : (f32) -> f32
// CHECK: py.math "fabs"(%[[X]]) : (f64) -> f64
// CHECK: py.math "abs"(%[[X]]) : (f64) -> f64
func.func @math(%x: f64, %y: f64, %f: f32, %a: si64)
    -> (f64, f64, f32, si64, f64, f64, f64, f64, f64, f64, f32, f64, f64) {
  %0 = py.math "sqrt"(%x) : (f64) -> f64
  %1 = py.math "pow"(%x, %y) : (f64, f64) -> f64
  %2 = py.math "floor"(%f) : (f32) -> f32
  %3 = py.math "abs"(%a) : (si64) -> si64
  %4 = py.math "exp"(%x) : (f64) -> f64
  %5 = py.math "log"(%x) : (f64) -> f64
  %6 = py.math "sin"(%x) : (f64) -> f64
  %7 = py.math "cos"(%x) : (f64) -> f64
  %8 = py.math "tan"(%x) : (f64) -> f64
  %9 = py.math "tanh"(%x) : (f64) -> f64
  %10 = py.math "ceil"(%f) : (f32) -> f32
  %11 = py.math "fabs"(%x) : (f64) -> f64
  %12 = py.math "abs"(%x) : (f64) -> f64
  return %0, %1, %2, %3, %4, %5, %6, %7, %8, %9, %10, %11, %12
      : f64, f64, f32, si64, f64, f64, f64, f64, f64, f64, f32, f64, f64
}

// CHECK-LABEL: func.func @arrays(
// CHECK-SAME: %[[C:[a-z0-9]+]]: !py.array<f64, 2, C>, %[[F:[a-z0-9]+]]: !py.array<si32, 1, F>, %[[I:[a-z0-9]+]]: si64, %[[J:[a-z0-9]+]]: ui64, %[[V:[a-z0-9]+]]: f64, %[[W:[a-z0-9]+]]: si32)
// CHECK: %[[E:.*]] = py.getitem %[[C]][%[[I]], %[[J]]] : !py.array<f64, 2, C>, si64, ui64 -> f64
// CHECK: py.setitem %[[E]], %[[C]][%[[J]], %[[I]]] : f64, !py.array<f64, 2, C>, ui64, si64
// CHECK: py.setitem %[[W]], %[[F]][%[[I]]] : si32, !py.array<si32, 1, F>, si64
// CHECK: %[[D0:.*]] = py.dim %[[C]], 0 : !py.array<f64, 2, C>
// CHECK: %[[D1:.*]] = py.dim %[[C]], 1 : !py.array<f64, 2, C>
// CHECK: %[[N:.*]] = py.empty(%[[D0]], %[[D1]]) : !py.array<f64, 2, C>
// CHECK: py.fill %[[N]], %[[V]] : !py.array<f64, 2, C>, f64
// CHECK: return %[[N]] : !py.array<f64, 2, C>
func.func @arrays(%c: !py.array<f64, 2, C>, %f: !py.array<si32, 1, F>, %i: si64, %j: ui64, %v: f64, %w: si32)
    -> !py.array<f64, 2, C> {
  %0 = py.getitem %c[%i, %j] : !py.array<f64, 2, C>, si64, ui64 -> f64
  py.setitem %0, %c[%j, %i] : f64, !py.array<f64, 2, C>, ui64, si64
  py.setitem %w, %f[%i] : si32, !py.array<si32, 1, F>, si64
  %1 = py.dim %c, 0 : !py.array<f64, 2, C>
  %2 = py.dim %c, 1 : !py.array<f64, 2, C>
  %3 = py.empty(%1, %2) : !py.array<f64, 2, C>
  py.fill %3, %v : !py.array<f64, 2, C>, f64
  return %3 : !py.array<f64, 2, C>
}

// A 0-d array's element is read and written with no indices, and no index types.
// CHECK-LABEL: func.func @zero_dimensional(
// CHECK-SAME: %[[Z:[a-z0-9]+]]: !py.array<f64, 0, C>, %[[V:[a-z0-9]+]]: f64)
// CHECK: %[[E:.*]] = py.getitem %[[Z]][] : !py.array<f64, 0, C> -> f64
// CHECK: py.setitem %[[V]], %[[Z]][] : f64, !py.array<f64, 0, C>{{$}}
// CHECK: return %[[E]] : f64
func.func @zero_dimensional(%z: !py.array<f64, 0, C>, %v: f64) -> f64 {
  %0 = py.getitem %z[] : !py.array<f64, 0, C> -> f64
  py.setitem %v, %z[] : f64, !py.array<f64, 0, C>
  return %0 : f64
}

// CHECK-LABEL: func.func @raise(
// CHECK-SAME: %[[S:[a-z0-9]+]]: memref<i32>)
// CHECK: py.raise "IndexError", "index out of range" code 2 into %[[S]] : memref<i32>
func.func @raise(%status: memref<i32>) {
  py.raise "IndexError", "index out of range" code 2 into %status : memref<i32>
  return
}

// A message formatted with run-time values, and print: text pieces around formatted values.
// CHECK-LABEL: func.func @formatted(
// CHECK-SAME: %[[S:[a-z0-9]+]]: memref<i32>, %[[X:[a-z0-9]+]]: f64, %[[N:[a-z0-9]+]]: si64, %[[A:[a-z0-9]+]]: !py.array<f32, 1, C>)
// CHECK: py.print ["x = ", ", n = ", ", a = ", "\0A"](%[[X]], %[[N]], %[[A]] : f64, si64, !py.array<f32, 1, C>) formats [".3f", "5d", ""]
// CHECK: py.print [""]() formats []
// CHECK: py.raise "ValueError", "bad {}" formatted ["bad ", ""](%[[X]] : f64) formats [""] code 3 into %[[S]] : memref<i32>
// CHECK: %[[LITERAL:.*]] = py.format ["abc"]() formats [] : si64
// CHECK: py.format ["n=", ", s=", ""](%[[N]], %[[LITERAL]] : si64, si64) formats ["", "\02>5"] : si64
func.func @formatted(%status: memref<i32>, %x: f64, %n: si64, %a: !py.array<f32, 1, C>) {
  py.print ["x = ", ", n = ", ", a = ", "\0A"](%x, %n, %a : f64, si64, !py.array<f32, 1, C>) formats [".3f", "5d", ""]
  py.print [""]() formats []
  py.raise "ValueError", "bad {}" formatted ["bad ", ""](%x : f64) formats [""] code 3 into %status : memref<i32>
  %literal = py.format ["abc"]() formats [] : si64
  %text = py.format ["n=", ", s=", ""](%n, %literal : si64, si64) formats ["", "\02>5"] : si64
  return
}

// py.map applies its kernel at every index; py.reduce folds a whole array.
// CHECK-LABEL: func.func @map_and_reduce
// CHECK: %[[MAP:.*]] = py.map %arg0, %arg1 : (!py.array<f64, 2, C>, f64) -> !py.array<f64, 2, C> {
// CHECK-NEXT: ^bb0(%[[X:.*]]: f64, %[[S:.*]]: f64):
// CHECK-NEXT: %[[Y:.*]] = py.mul %[[X]], %[[S]] : f64
// CHECK-NEXT: py.yield %[[Y]] : f64
// CHECK: py.reduce "sum"(%[[MAP]]) : !py.array<f64, 2, C> -> f64
func.func @map_and_reduce(%a: !py.array<f64, 2, C>, %s: f64) -> f64 {
  %m = py.map %a, %s : (!py.array<f64, 2, C>, f64) -> !py.array<f64, 2, C> {
  ^bb0(%x: f64, %y: f64):
    %p = py.mul %x, %y : f64
    py.yield %p : f64
  }
  %t = py.reduce "sum"(%m) : !py.array<f64, 2, C> -> f64
  return %t : f64
}

// A map broadcasts an operand of lower rank; reductions along an axis and the arg forms; products,
// ranges, transposes and reshapes.
// CHECK-LABEL: func.func @array_calls
// CHECK: py.map %arg0, %arg1 : (!py.array<f64, 2, C>, !py.array<f64, 1, A>) -> !py.array<f64, 2, C>
// CHECK: py.reduce "prod"(%arg0) {axis = 1 : i64} : !py.array<f64, 2, C> -> !py.array<f64, 1, C>
// CHECK: py.reduce "argmin"(%arg0) : !py.array<f64, 2, C> -> si64
// CHECK: py.reduce "argmax"(%arg0) {axis = 0 : i64} : !py.array<f64, 2, C> -> !py.array<si64, 1, C>
// CHECK: py.dot %arg0, %arg1 : !py.array<f64, 2, C>, !py.array<f64, 1, A> -> !py.array<f64, 1, C>
// CHECK: py.dot %arg1, %arg1 : !py.array<f64, 1, A>, !py.array<f64, 1, A> -> f64
// CHECK: py.arange %arg2, %arg2, %arg3 : si64 -> !py.array<si64, 1, C>
// CHECK: py.transpose %arg0 : !py.array<f64, 2, C> -> !py.array<f64, 2, F>
// CHECK: py.reshape %arg0(%arg3) : !py.array<f64, 2, C> -> !py.array<f64, 1, C>
// CHECK: py.stride %arg0, 1 : !py.array<f64, 2, C>
// CHECK: py.as_strided %arg1(%arg3, %arg2) (%arg2, %arg3) : !py.array<f64, 1, A> -> !py.array<f64, 2, A>
func.func @array_calls(%a: !py.array<f64, 2, C>, %v: !py.array<f64, 1, A>, %i: si64, %n: si64) {
  %m = py.map %a, %v : (!py.array<f64, 2, C>, !py.array<f64, 1, A>) -> !py.array<f64, 2, C> {
  ^bb0(%x: f64, %y: f64):
    %p = py.add %x, %y : f64
    py.yield %p : f64
  }
  %prod = py.reduce "prod"(%a) {axis = 1 : i64} : !py.array<f64, 2, C> -> !py.array<f64, 1, C>
  %argmin = py.reduce "argmin"(%a) : !py.array<f64, 2, C> -> si64
  %argmax = py.reduce "argmax"(%a) {axis = 0 : i64} : !py.array<f64, 2, C> -> !py.array<si64, 1, C>
  %matvec = py.dot %a, %v : !py.array<f64, 2, C>, !py.array<f64, 1, A> -> !py.array<f64, 1, C>
  %inner = py.dot %v, %v : !py.array<f64, 1, A>, !py.array<f64, 1, A> -> f64
  %range = py.arange %i, %i, %n : si64 -> !py.array<si64, 1, C>
  %t = py.transpose %a : !py.array<f64, 2, C> -> !py.array<f64, 2, F>
  %r = py.reshape %a(%n) : !py.array<f64, 2, C> -> !py.array<f64, 1, C>
  %stride = py.stride %a, 1 : !py.array<f64, 2, C>
  %windows = py.as_strided %v(%n, %i)(%i, %n) : !py.array<f64, 1, A> -> !py.array<f64, 2, A>
  return
}

// CHECK-LABEL: func.func @lapack
// CHECK: %{{.*}} = py.lapack "getrf"(%arg0, %arg1) : (!py.array<f64, 2, F>, !py.array<si32, 1, C>) -> si64
// CHECK: %{{.*}} = py.lapack "syevd"(%arg0, %arg2, %arg3) : (!py.array<f64, 2, F>, !py.array<f64, 1, C>, si64) -> si64
// CHECK: %{{.*}} = py.lapack "getrs"(%arg4, %arg1, %arg5) : (!py.array<complex<f64>, 2, F>, !py.array<si32, 1, C>, !py.array<complex<f64>, 2, F>) -> si64
// CHECK: %{{.*}} = py.lapack "syevd"(%arg4, %arg2, %arg3) : (!py.array<complex<f64>, 2, F>, !py.array<f64, 1, C>, si64) -> si64
func.func @lapack(%a: !py.array<f64, 2, F>, %pivots: !py.array<si32, 1, C>, %w: !py.array<f64, 1, C>, %vectors: si64, %z: !py.array<complex<f64>, 2, F>, %zb: !py.array<complex<f64>, 2, F>) {
  %info = py.lapack "getrf"(%a, %pivots) : (!py.array<f64, 2, F>, !py.array<si32, 1, C>) -> si64
  %eigen = py.lapack "syevd"(%a, %w, %vectors) : (!py.array<f64, 2, F>, !py.array<f64, 1, C>, si64) -> si64
  %solved = py.lapack "getrs"(%z, %pivots, %zb) : (!py.array<complex<f64>, 2, F>, !py.array<si32, 1, C>, !py.array<complex<f64>, 2, F>) -> si64
  %hermitian = py.lapack "syevd"(%z, %w, %vectors) : (!py.array<complex<f64>, 2, F>, !py.array<f64, 1, C>, si64) -> si64
  return
}

// CHECK-LABEL: func.func @random
// CHECK: py.seed %arg0 : si64
// CHECK: py.random : f64
func.func @random(%seed: si64) -> f64 {
  py.seed %seed : si64
  %x = py.random : f64
  return %x : f64
}

// A global array bound by value: the array of a constant memref.global.
// CHECK: memref.global "private" constant @table : memref<2x3xi64> = dense<{{.*}}>
// CHECK-LABEL: func.func @constant_array
// CHECK: py.constant_array @table : !py.array<si64, 2, C>
memref.global "private" constant @table : memref<2x3xi64> = dense<[[1, 2, 3], [4, 5, 6]]>
func.func @constant_array() -> !py.array<si64, 2, C> {
  %a = py.constant_array @table : !py.array<si64, 2, C>
  return %a : !py.array<si64, 2, C>
}

// A CUDA shared array: the array of an uninitialized memref.global.
// CHECK: memref.global "private" @tile : memref<32xf32> = uninitialized
// CHECK-LABEL: func.func @shared_array
// CHECK: py.constant_array @tile : !py.array<f32, 1, C>
memref.global "private" @tile : memref<32xf32> = uninitialized
func.func @shared_array() -> !py.array<f32, 1, C> {
  %a = py.constant_array @tile : !py.array<f32, 1, C>
  return %a : !py.array<f32, 1, C>
}

// CHECK-LABEL: func.func @atomic
// CHECK: py.atomic "add" %{{.*}}, %{{.*}}[%{{.*}}, %{{.*}}] : f64, !py.array<f64, 2, A>, si64, si64 -> f64
// CHECK: py.atomic "max" %{{.*}}, %{{.*}}[%{{.*}}] : ui32, !py.array<ui32, 1, C>, si64 -> ui32
// CHECK: py.atomic_cas %{{.*}}, %{{.*}}, %{{.*}}[%{{.*}}] : ui32, !py.array<ui32, 1, C>, si64
func.func @atomic(%a: !py.array<f64, 2, A>, %b: !py.array<ui32, 1, C>, %i: si64, %x: f64, %y: ui32) -> ui32 {
  %old = py.atomic "add" %x, %a[%i, %i] : f64, !py.array<f64, 2, A>, si64, si64 -> f64
  %older = py.atomic "max" %y, %b[%i] : ui32, !py.array<ui32, 1, C>, si64 -> ui32
  %swapped = py.atomic_cas %y, %older, %b[%i] : ui32, !py.array<ui32, 1, C>, si64
  return %older : ui32
}

// CHECK-LABEL: func.func @dynamic_shared_array
// CHECK: py.shared_array : !py.array<f64, 1, C>
func.func @dynamic_shared_array() -> !py.array<f64, 1, C> {
  %a = py.shared_array : !py.array<f64, 1, C>
  return %a : !py.array<f64, 1, C>
}

// CHECK-LABEL: func.func @local_array
// CHECK: py.local_array [4, 2] : !py.array<si32, 2, C>
func.func @local_array() -> !py.array<si32, 2, C> {
  %a = py.local_array [4, 2] : !py.array<si32, 2, C>
  return %a : !py.array<si32, 2, C>
}

// CHECK-LABEL: func.func @descriptor_words
// CHECK: %[[W:.*]]:7 = py.array_to_words %{{.*}} : !py.array<f64, 2, A> -> si64, si64, si64, si64, si64, si64, si64
// CHECK: py.array_from_words %[[W]]#0, %[[W]]#1, %[[W]]#2, %[[W]]#3, %[[W]]#4, %[[W]]#5, %[[W]]#6 : !py.array<f64, 2, A>
func.func @descriptor_words(%a: !py.array<f64, 2, A>) -> !py.array<f64, 2, A> {
  %w:7 = py.array_to_words %a : !py.array<f64, 2, A> -> si64, si64, si64, si64, si64, si64, si64
  %b = py.array_from_words %w#0, %w#1, %w#2, %w#3, %w#4, %w#5, %w#6 : !py.array<f64, 2, A>
  return %b : !py.array<f64, 2, A>
}
