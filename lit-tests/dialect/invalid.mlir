// Verifier, type-verifier and ODS type-constraint errors of the py dialect, one split-input case each.
// RUN: %rumba-opt %s --split-input-file --verify-diagnostics

// expected-error @+1 {{array layout must be C, F or A, got 'X'}}
func.func @bad_layout(%a: !py.array<f64, 2, X>)

// -----

// expected-error @+1 {{array element type must be a Python scalar type, complex<f32> or complex<f64>, got 'i64'}}
func.func @signless_element(%a: !py.array<i64, 1, C>)

// -----

// expected-error @+1 {{array element type must be a Python scalar type, complex<f32> or complex<f64>, got 'memref<f64>'}}
func.func @memref_element(%a: !py.array<memref<f64>, 1, C>)

// -----

func.func @cmp_unknown_predicate(%a: si64, %b: si64) -> i1 {
  // expected-error @+1 {{'py.cmp' op unknown predicate 'lte'}}
  %0 = py.cmp "lte", %a, %b : si64
  return %0 : i1
}

// -----

func.func @math_unknown_callee(%x: f64) -> f64 {
  // expected-error @+1 {{'py.math' op unknown math function 'erfinv'}}
  %0 = py.math "erfinv"(%x) : (f64) -> f64
  return %0 : f64
}

// -----

func.func @math_wrong_arity(%x: f64) -> f64 {
  // expected-error @+1 {{'py.math' op 'pow' takes 2 operand(s), got 1}}
  %0 = py.math "pow"(%x) : (f64) -> f64
  return %0 : f64
}

// -----

func.func @math_unary_wrong_arity(%x: f64) -> f64 {
  // expected-error @+1 {{'py.math' op 'sqrt' takes 1 operand(s), got 2}}
  %0 = py.math "sqrt"(%x, %x) : (f64, f64) -> f64
  return %0 : f64
}

// -----

func.func @math_operand_type_mismatch(%x: f32) -> f64 {
  // expected-error @+1 {{'py.math' op operand type 'f32' differs from result type 'f64'}}
  %0 = py.math "exp"(%x) : (f32) -> f64
  return %0 : f64
}

// -----

func.func @math_sqrt_of_int(%a: si64) -> si64 {
  // expected-error @+1 {{'py.math' op 'sqrt' works on floats, got 'si64'}}
  %0 = py.math "sqrt"(%a) : (si64) -> si64
  return %0 : si64
}

// -----

func.func @getitem_index_count(%a: !py.array<f64, 2, C>, %i: si64) -> f64 {
  // expected-error @+1 {{'py.getitem' op indexes a 2-d array with 1 index(es)}}
  %0 = py.getitem %a[%i] : !py.array<f64, 2, C>, si64 -> f64
  return %0 : f64
}

// -----

func.func @getitem_result_type(%a: !py.array<f64, 1, C>, %i: si64) -> f32 {
  // expected-error @+1 {{'py.getitem' op result type 'f32' differs from element type 'f64'}}
  %0 = py.getitem %a[%i] : !py.array<f64, 1, C>, si64 -> f32
  return %0 : f32
}

// -----

func.func @getitem_float_index(%a: !py.array<f64, 1, C>, %i: f64) -> f64 {
  // expected-error @+1 {{'py.getitem' op operand #1 must be variadic of Python integer index, but got 'f64'}}
  %0 = py.getitem %a[%i] : !py.array<f64, 1, C>, f64 -> f64
  return %0 : f64
}

// -----

func.func @setitem_value_type(%a: !py.array<si32, 1, C>, %i: si64, %v: si64) {
  // expected-error @+1 {{'py.setitem' op value type 'si64' differs from element type 'si32'}}
  py.setitem %v, %a[%i] : si64, !py.array<si32, 1, C>, si64
  return
}

// -----

func.func @setitem_index_count(%a: !py.array<f64, 1, C>, %i: si64, %v: f64) {
  // expected-error @+1 {{'py.setitem' op indexes a 1-d array with 2 index(es)}}
  py.setitem %v, %a[%i, %i] : f64, !py.array<f64, 1, C>, si64, si64
  return
}

// -----

func.func @dim_out_of_range(%a: !py.array<f64, 2, C>) -> si64 {
  // expected-error @+1 {{'py.dim' op dimension 2 is out of range for a 2-d array}}
  %0 = py.dim %a, 2 : !py.array<f64, 2, C>
  return %0 : si64
}

// -----

func.func @dim_negative(%a: !py.array<f64, 2, C>) -> si64 {
  // expected-error @+1 {{'py.dim' op dimension -1 is out of range for a 2-d array}}
  %0 = py.dim %a, -1 : !py.array<f64, 2, C>
  return %0 : si64
}

// -----

func.func @empty_extent_count(%n: si64) -> !py.array<f64, 2, C> {
  // expected-error @+1 {{'py.empty' op a 2-d array needs 2 extent(s), got 1}}
  %0 = py.empty(%n) : !py.array<f64, 2, C>
  return %0 : !py.array<f64, 2, C>
}

// -----

func.func @empty_fortran_layout(%n: si64, %m: si64) -> !py.array<f64, 2, F> {
  // expected-error @+1 {{'py.empty' op new arrays are C-ordered, got layout F}}
  %0 = py.empty(%n, %m) : !py.array<f64, 2, F>
  return %0 : !py.array<f64, 2, F>
}

// -----

func.func @empty_any_layout(%n: si64) -> !py.array<f64, 1, A> {
  // expected-error @+1 {{'py.empty' op new arrays are C-ordered, got layout A}}
  %0 = py.empty(%n) : !py.array<f64, 1, A>
  return %0 : !py.array<f64, 1, A>
}

// -----

func.func @fill_value_type(%a: !py.array<f64, 1, C>, %v: f32) {
  // expected-error @+1 {{'py.fill' op value type 'f32' differs from element type 'f64'}}
  py.fill %a, %v : !py.array<f64, 1, C>, f32
  return
}

// -----

func.func @raise_code_zero(%status: memref<i32>) {
  // expected-error @+1 {{'py.raise' op exception codes are positive, got 0}}
  py.raise "ValueError", "bad value" code 0 into %status : memref<i32>
  return
}


// -----

func.func @constant_string() -> si64 {
  // expected-error @+1 {{'py.constant' op value must be an integer or float literal}}
  %0 = py.constant "seven" : si64
  return %0 : si64
}

// -----

func.func @constant_signless() -> i64 {
  // expected-error @+1 {{'py.constant' op result #0 must be Python scalar (si/ui integer, i1 bool, f32, f64), but got 'i64'}}
  %0 = py.constant 7 : i64
  return %0 : i64
}

// -----

func.func @truediv_integers(%a: si64, %b: si64) -> si64 {
  // expected-error @+1 {{'py.truediv' op operand #0 must be floating-point, but got 'si64'}}
  %0 = "py.truediv"(%a, %b) : (si64, si64) -> si64
  return %0 : si64
}

// -----

// The custom form parses its type as a float type, so integers are rejected by the parser already.
func.func @truediv_integers_custom_form(%a: si64, %b: si64) -> si64 {
  // expected-error @+1 {{invalid kind of type specified}}
  %0 = py.truediv %a, %b : si64
  return %0 : si64
}

// -----

func.func @bitand_floats(%x: f64, %y: f64) -> f64 {
  // expected-error @+1 {{'py.bitand' op operand #0 must be Python integer or bool, but got 'f64'}}
  %0 = py.bitand %x, %y : f64
  return %0 : f64
}

// -----

func.func @lshift_bool(%p: i1, %q: i1) -> i1 {
  // expected-error @+1 {{'py.lshift' op operand #0 must be Python integer index, but got 'i1'}}
  %0 = py.lshift %p, %q : i1
  return %0 : i1
}

// -----

func.func @not_integer(%a: si64) -> si64 {
  // expected-error @+1 {{'py.not' op operand #0 must be 1-bit signless integer, but got 'si64'}}
  %0 = py.not %a : si64
  return %0 : si64
}

// -----

func.func @invert_float(%x: f64) -> f64 {
  // expected-error @+1 {{'py.invert' op operand #0 must be Python integer index, but got 'f64'}}
  %0 = py.invert %x : f64
  return %0 : f64
}

// -----

func.func @cmp_mixed_types(%a: si64, %b: si32) -> i1 {
  // expected-error @+1 {{'py.cmp' op requires all operands to have the same type}}
  %0 = "py.cmp"(%a, %b) {predicate = "lt"} : (si64, si32) -> i1
  return %0 : i1
}

// -----

func.func @dim_result_type(%a: !py.array<f64, 1, C>) -> si32 {
  // expected-error @+1 {{'py.dim' op result #0 must be 64-bit signed integer, but got 'si32'}}
  %0 = "py.dim"(%a) {dim = 0 : i64} : (!py.array<f64, 1, C>) -> si32
  return %0 : si32
}

// -----

func.func @cast_float_to_index(%x: f64) -> index {
  // expected-error @+1 {{casts between index and float go through an integer type}}
  %0 = py.cast %x : f64 to index
  return %0 : index
}

// -----

func.func @raise_negative_code(%status: memref<i32>) {
  // expected-error @+1 {{exception codes are positive}}
  py.raise "ValueError", "bad" code -4 into %status : memref<i32>
  return
}

// -----

func.func @map_yields_wrong_type(%a: !py.array<f64, 1, C>) {
  // expected-error @+1 {{kernel yields 'f32' for elements of type 'f64'}}
  %m = py.map %a : (!py.array<f64, 1, C>) -> !py.array<f64, 1, C> {
  ^bb0(%x: f64):
    %y = py.cast %x : f64 to f32
    py.yield %y : f32
  }
  return
}

// -----

func.func @map_dimension_mismatch(%a: !py.array<f64, 2, C>) {
  // expected-error @+1 {{array operands have at most the result's 1 dimension(s)}}
  %m = py.map %a : (!py.array<f64, 2, C>) -> !py.array<f64, 1, C> {
  ^bb0(%x: f64):
    py.yield %x : f64
  }
  return
}

// -----

func.func @reduce_int_sum_widens(%a: !py.array<si32, 1, C>) {
  // expected-error @+1 {{result type 'si32' differs from 'si64'}}
  %s = py.reduce "sum"(%a) : !py.array<si32, 1, C> -> si32
  return
}

// -----

func.func @view_bound_count(%a: !py.array<f64, 2, C>, %i: si64) {
  // expected-error @+1 {{expects 3 bound(s), got 1}}
  %v = py.view %a[%i] {dims = array<i64: -1, 3>} : !py.array<f64, 2, C> -> !py.array<f64, 1, A>
  return
}

// -----

func.func @reduce_axis_result(%a: !py.array<f64, 2, C>) {
  // expected-error @+1 {{result type 'f64' is not a C-ordered 1-d array of 'f64'}}
  %r = py.reduce "sum"(%a) {axis = 1 : i64} : !py.array<f64, 2, C> -> f64
  return
}

// -----

func.func @reduce_axis_out_of_range(%a: !py.array<f64, 2, C>) {
  // expected-error @+1 {{axis 2 is out of range for a 2-d array}}
  %r = py.reduce "sum"(%a) {axis = 2 : i64} : !py.array<f64, 2, C> -> !py.array<f64, 1, C>
  return
}

// -----

func.func @argmax_result(%a: !py.array<f64, 1, C>) {
  // expected-error @+1 {{result type 'f64' differs from 'si64'}}
  %r = py.reduce "argmax"(%a) : !py.array<f64, 1, C> -> f64
  return
}

// -----

func.func @dot_element_types(%a: !py.array<f64, 2, C>, %b: !py.array<f32, 1, C>) {
  // expected-error @+1 {{operands have element types 'f64' and 'f32'}}
  %r = py.dot %a, %b : !py.array<f64, 2, C>, !py.array<f32, 1, C> -> !py.array<f64, 1, C>
  return
}

// -----

func.func @dot_rank(%a: !py.array<f64, 2, C>, %b: !py.array<f64, 2, C>) {
  // expected-error @+1 {{is not a C-ordered 2-d array of 'f64'}}
  %r = py.dot %a, %b : !py.array<f64, 2, C>, !py.array<f64, 2, C> -> !py.array<f64, 1, C>
  return
}

// -----

func.func @arange_result(%start: si64, %count: si64) {
  // expected-error @+1 {{is not a C-ordered 1-d array of 'si64'}}
  %r = py.arange %start, %start, %count : si64 -> !py.array<f64, 1, C>
  return
}

// -----

func.func @transpose_dims(%a: !py.array<f64, 2, C>) {
  // expected-error @+1 {{has not the array's element type and dimensions}}
  %r = py.transpose %a : !py.array<f64, 2, C> -> !py.array<f64, 1, A>
  return
}

// -----

func.func @reshape_layout(%a: !py.array<f64, 2, A>, %n: si64) {
  // expected-error @+1 {{reshapes C-contiguous arrays, got layout A}}
  %r = py.reshape %a(%n) : !py.array<f64, 2, A> -> !py.array<f64, 1, C>
  return
}

// -----

func.func @view_new_axes_leave_the_dimension_count(%a: !py.array<f64, 2, C>) {
  // expected-error @+1 {{describes 1 dimension(s) of a 2-d array}}
  %v = py.view %a[] {dims = array<i64: 0, -2>} : !py.array<f64, 2, C> -> !py.array<f64, 2, A>
  return
}

// -----

func.func @stride_of_a_missing_dimension(%a: !py.array<f64, 2, C>) {
  // expected-error @+1 {{dimension 2 is out of range for a 2-d array}}
  %s = py.stride %a, 2 : !py.array<f64, 2, C>
  return
}

// -----

func.func @as_strided_pairs_extents_and_strides(%a: !py.array<f64, 1, C>, %n: si64) {
  // expected-error @+1 {{takes as many strides as extents, got 1 and 2}}
  %v = py.as_strided %a(%n, %n)(%n) : !py.array<f64, 1, C> -> !py.array<f64, 2, A>
  return
}

// -----

func.func @as_strided_gives_its_extents_count(%a: !py.array<f64, 1, C>, %n: si64) {
  // expected-error @+1 {{a 2-d view needs 2 extent(s), got 1}}
  %v = py.as_strided %a(%n)(%n) : !py.array<f64, 1, C> -> !py.array<f64, 2, A>
  return
}

// -----

func.func @as_strided_keeps_the_dtype(%a: !py.array<f64, 1, C>, %n: si64) {
  // expected-error @+1 {{views elements of 'f64' as 'f32'}}
  %v = py.as_strided %a(%n)(%n) : !py.array<f64, 1, C> -> !py.array<f32, 1, A>
  return
}

// -----

func.func @print_pieces_mismatch(%x: f64) {
  // expected-error @+1 {{'py.print' op takes one more text piece than values, got 1 pieces for 1 values}}
  py.print ["x"](%x : f64) formats [""]
  return
}

// -----

func.func @format_pieces_mismatch(%x: f64) {
  // expected-error @+1 {{'py.format' op takes one more text piece than values, got 1 pieces for 1 values}}
  %text = py.format ["x"](%x : f64) formats [""] : si64
  return
}

// -----

func.func @print_specs_mismatch(%x: f64) {
  // expected-error @+1 {{'py.print' op takes one format spec per value, got 0 for 1 values}}
  py.print ["x", ""](%x : f64) formats []
  return
}

// -----

func.func @print_array_with_spec(%a: !py.array<f64, 1, C>) {
  // expected-error @+1 {{'py.print' op formats arrays with an empty spec only, got '.2f'}}
  py.print ["", ""](%a : !py.array<f64, 1, C>) formats [".2f"]
  return
}

// -----

func.func @print_memref(%m: memref<i32>) {
  // expected-error @+1 {{'py.print' op formats numbers and arrays, got 'memref<i32>'}}
  py.print ["", ""](%m : memref<i32>) formats [""]
  return
}

// -----

func.func @raise_values_without_specs(%status: memref<i32>, %x: f64) {
  // expected-error @+1 {{'py.raise' op takes one format spec per value, got 2 for 1 values}}
  py.raise "ValueError", "bad {}" formatted ["bad ", ""](%x : f64) formats ["", ""] code 1 into %status : memref<i32>
  return
}

// -----

func.func @constant_array_without_global() {
  // expected-error @+1 {{'py.constant_array' op refers to 'missing', which is neither a constant memref.global with elements nor an uninitialized one}}
  %a = py.constant_array @missing : !py.array<f64, 1, C>
  return
}

// -----

memref.global "private" @mutable : memref<2xf64> = dense<[1.0, 2.0]>
func.func @constant_array_of_a_mutable_global() {
  // expected-error @+1 {{which is neither a constant memref.global with elements nor an uninitialized one}}
  %a = py.constant_array @mutable : !py.array<f64, 1, C>
  return
}

// -----

memref.global "private" constant @matrix : memref<2x2xf64> = dense<1.0>
func.func @constant_array_of_another_rank() {
  // expected-error @+1 {{'py.constant_array' op has 1 dimensions, its global's type is 'memref<2x2xf64>'}}
  %a = py.constant_array @matrix : !py.array<f64, 1, C>
  return
}

// -----

memref.global "private" constant @integers : memref<2xi32> = dense<[1, 2]>
func.func @constant_array_of_another_dtype() {
  // expected-error @+1 {{'py.constant_array' op holds 'f32', its global holds 'i32'}}
  %a = py.constant_array @integers : !py.array<f32, 1, C>
  return
}

// -----

func.func @dynamic_shared_array_of_two_dimensions() {
  // expected-error @+1 {{'py.shared_array' op makes a 1-d array, not a 2-d one}}
  %a = py.shared_array : !py.array<f32, 2, C>
  return
}

// -----

func.func @unknown_lapack_routine(%a: !py.array<f64, 2, F>) -> si64 {
  // expected-error @+1 {{unknown LAPACK routine 'gemm'}}
  %info = py.lapack "gemm"(%a) : (!py.array<f64, 2, F>) -> si64
  return %info : si64
}

// -----

func.func @lapack_operand_count(%a: !py.array<f64, 2, F>) -> si64 {
  // expected-error @+1 {{'getrf' takes 2 operand(s), got 1}}
  %info = py.lapack "getrf"(%a) : (!py.array<f64, 2, F>) -> si64
  return %info : si64
}

// -----

func.func @lapack_c_ordered_matrix(%a: !py.array<f64, 2, C>) -> si64 {
  // expected-error @+1 {{expects F-ordered matrices and contiguous vectors, got '!py.array<f64, 2, C>'}}
  %info = py.lapack "potrf"(%a) : (!py.array<f64, 2, C>) -> si64
  return %info : si64
}

// -----

func.func @lapack_mixed_floats(%a: !py.array<f64, 2, F>, %tau: !py.array<f32, 1, C>) -> si64 {
  // expected-error @+1 {{mixes element types 'f64' and 'f32'}}
  %info = py.lapack "geqrf"(%a, %tau) : (!py.array<f64, 2, F>, !py.array<f32, 1, C>) -> si64
  return %info : si64
}

// -----

func.func @lapack_integer_matrix(%a: !py.array<si64, 2, F>) -> si64 {
  // expected-error @+1 {{expects an f32, f64 or complex<f64> array, got '!py.array<si64, 2, F>'}}
  %info = py.lapack "potrf"(%a) : (!py.array<si64, 2, F>) -> si64
  return %info : si64
}

// -----

func.func @lapack_complex_eigenvalues(%a: !py.array<complex<f64>, 2, F>, %w: !py.array<complex<f64>, 1, C>, %vectors: si64) -> si64 {
  // expected-error @+1 {{expects an array of the matrices' real type 'f64', got '!py.array<complex<f64>, 1, C>'}}
  %info = py.lapack "syevd"(%a, %w, %vectors) : (!py.array<complex<f64>, 2, F>, !py.array<complex<f64>, 1, C>, si64) -> si64
  return %info : si64
}

// -----

func.func @lapack_real_values_of_another_precision(%a: !py.array<f32, 2, F>, %s: !py.array<f64, 1, C>, %u: !py.array<f32, 2, F>, %mode: si64) -> si64 {
  // expected-error @+1 {{expects an array of the matrices' real type 'f32', got '!py.array<f64, 1, C>'}}
  %info = py.lapack "gesdd"(%a, %s, %u, %u, %mode) : (!py.array<f32, 2, F>, !py.array<f64, 1, C>, !py.array<f32, 2, F>, !py.array<f32, 2, F>, si64) -> si64
  return %info : si64
}

// -----

func.func @lapack_pivots(%a: !py.array<f64, 2, F>, %pivots: !py.array<si64, 1, C>) -> si64 {
  // expected-error @+1 {{expects a contiguous si32 vector, got '!py.array<si64, 1, C>'}}
  %info = py.lapack "getrf"(%a, %pivots) : (!py.array<f64, 2, F>, !py.array<si64, 1, C>) -> si64
  return %info : si64
}

// -----

func.func @reduce_complex_max(%a: !py.array<complex<f64>, 1, C>) {
  // expected-error @+1 {{complex arrays reduce by sum and prod only, not max}}
  %m = py.reduce "max"(%a) : !py.array<complex<f64>, 1, C> -> complex<f64>
  return
}

// -----

// expected-error @+1 {{array element type must be a Python scalar type, complex<f32> or complex<f64>, got 'complex<f16>'}}
func.func @complex32_array(%a: !py.array<complex<f16>, 1, C>) {
  return
}

// -----

func.func @short_descriptor(%a: !py.array<f64, 1, C>) {
  // expected-error @+1 {{a 1-d array's descriptor is 5 words, not 3}}
  %w:3 = py.array_to_words %a : !py.array<f64, 1, C> -> si64, si64, si64
  return
}

// -----

func.func @long_descriptor(%w: si64) -> !py.array<f64, 2, C> {
  // expected-error @+1 {{a 2-d array's descriptor is 7 words, not 4}}
  %a = py.array_from_words %w, %w, %w, %w : !py.array<f64, 2, C>
  return %a : !py.array<f64, 2, C>
}
