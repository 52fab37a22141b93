//===- PyOps.td - operations of the py dialect -------------------------------===//

#ifndef PY_OPS_TD
#define PY_OPS_TD

include "PyDialect.td"
include "mlir/IR/BuiltinAttributeInterfaces.td"
include "mlir/IR/SymbolInterfaces.td"
include "mlir/Interfaces/InferTypeOpInterface.td"
include "mlir/Interfaces/SideEffectInterfaces.td"

class Py_Op<string mnemonic, list<Trait> traits = []> : Op<Py_Dialect, mnemonic, traits>;

//===----------------------------------------------------------------------===//
// Scalars
//===----------------------------------------------------------------------===//

def Py_ConstantOp : Py_Op<"constant",
    [ConstantLike, Pure, AllTypesMatch<["value", "result"]>]> {
  let summary = "a Python literal of a scalar type";
  let arguments = (ins TypedAttrInterface:$value);
  let results = (outs Py_Scalar:$result);
  let assemblyFormat = "attr-dict $value";
  let hasFolder = 1;
  let hasVerifier = 1;
}

class Py_BinaryOp<string mnemonic, Type operandType, string doc>
    : Py_Op<mnemonic, [Pure, SameOperandsAndResultType]> {
  let summary = doc;
  let arguments = (ins operandType:$lhs, operandType:$rhs);
  let results = (outs operandType:$result);
  let assemblyFormat = "$lhs `,` $rhs attr-dict `:` type($result)";
}

def Py_AddOp : Py_BinaryOp<"add", Py_Scalar, "`a + b`, wrapping on integers">;
def Py_SubOp : Py_BinaryOp<"sub", Py_Scalar, "`a - b`, wrapping on integers">;
def Py_MulOp : Py_BinaryOp<"mul", Py_Scalar, "`a * b`, wrapping on integers">;
def Py_TrueDivOp : Py_BinaryOp<"truediv", AnyFloat,
    "`a / b` on floats (the frontend casts integer operands); the divisor is non-zero">;
def Py_FloorDivOp : Py_BinaryOp<"floordiv", Py_Scalar,
    "`a // b`, rounding toward negative infinity as Python does; the divisor is non-zero">;
def Py_ModOp : Py_BinaryOp<"mod", Py_Scalar,
    "`a % b`, the result takes the divisor's sign as in Python; the divisor is non-zero">;
def Py_PowOp : Py_BinaryOp<"pow", Py_Scalar,
    "`a ** b`; on integers the exponent is non-negative (the frontend guards it)">;
def Py_BitAndOp : Py_BinaryOp<"bitand", Py_Integer, "`a & b`">;
def Py_BitOrOp : Py_BinaryOp<"bitor", Py_Integer, "`a | b`">;
def Py_BitXorOp : Py_BinaryOp<"bitxor", Py_Integer, "`a ^ b`">;
def Py_LShiftOp : Py_BinaryOp<"lshift", Py_Index, "`a << b`">;
def Py_RShiftOp : Py_BinaryOp<"rshift", Py_Index, "`a >> b`, arithmetic on signed types">;
def Py_MinOp : Py_BinaryOp<"min", Py_Scalar, "`min(a, b)`: `b if b < a else a` (NaN as Python)">;
def Py_MaxOp : Py_BinaryOp<"max", Py_Scalar, "`max(a, b)`: `b if b > a else a` (NaN as Python)">;

class Py_UnaryOp<string mnemonic, Type operandType, string doc>
    : Py_Op<mnemonic, [Pure, SameOperandsAndResultType]> {
  let summary = doc;
  let arguments = (ins operandType:$operand);
  let results = (outs operandType:$result);
  let assemblyFormat = "$operand attr-dict `:` type($result)";
}

def Py_NegOp : Py_UnaryOp<"neg", Py_Scalar, "`-a`">;
def Py_InvertOp : Py_UnaryOp<"invert", Py_Index, "`~a` on integers">;
def Py_NotOp : Py_UnaryOp<"not", I1, "`not a` on a truth value">;

def Py_CmpOp : Py_Op<"cmp", [Pure, SameTypeOperands]> {
  let summary = "a Python comparison: lt, le, gt, ge, eq, ne";
  let description = [{
    Signed, unsigned or float comparison chosen by the operand type. Floats compare as Python does:
    every comparison with NaN is false except `ne`, which is true.
  }];
  let arguments = (ins StrAttr:$predicate, Py_Scalar:$lhs, Py_Scalar:$rhs);
  let results = (outs I1:$result);
  let assemblyFormat = "$predicate `,` $lhs `,` $rhs attr-dict `:` type($lhs)";
  let hasVerifier = 1;
}

def Py_CastOp : Py_Op<"cast", [Pure]> {
  let summary = "a numeric conversion as NumPy's astype does (float to int truncates toward zero)";
  let arguments = (ins AnyTypeOf<[Py_Scalar, Index]>:$operand);
  let results = (outs AnyTypeOf<[Py_Scalar, Index]>:$result);
  let assemblyFormat = "$operand attr-dict `:` type($operand) `to` type($result)";
  let hasFolder = 1;
  let hasVerifier = 1;
}

def Py_TruthOp : Py_Op<"truth", [Pure]> {
  let summary = "`bool(a)`: non-zero (NaN included) is true";
  let arguments = (ins Py_Scalar:$operand);
  let results = (outs I1:$result);
  let assemblyFormat = "$operand attr-dict `:` type($operand)";
}

def Py_MathOp : Py_Op<"math", [Pure]> {
  let summary = "a call to a `math` function or scalar builtin by name";
  let description = [{
    `%y = py.math "sqrt"(%x) : (f64) -> f64`. The names, their operand counts and whether they take
    floats only are listed in `MathFunctions.def` (NumPy's spelling: `arcsin`, `rint`; `minimum` and
    `maximum` propagate NaN, `fmin` and `fmax` ignore it). Floor and ceil return their float operand
    type; the frontend casts to int where Python's `math.floor` returns an int.
  }];
  let arguments = (ins StrAttr:$callee, Variadic<Py_Scalar>:$operands);
  let results = (outs Py_Scalar:$result);
  let assemblyFormat = "$callee `(` $operands `)` attr-dict `:` functional-type($operands, $result)";
  let hasVerifier = 1;
}

//===----------------------------------------------------------------------===//
// Arrays
//===----------------------------------------------------------------------===//

def Py_GetItemOp : Py_Op<"getitem", [DeclareOpInterfaceMethods<MemoryEffectsOpInterface>]> {
  let summary = "`a[i, j]`: read one element; negative indices count from the end";
  let arguments = (ins Py_Array:$array, Variadic<Py_Index>:$indices);
  let results = (outs Py_Element:$result);
  let assemblyFormat = "$array `[` $indices `]` attr-dict `:` qualified(type($array)) (`,` type($indices)^)? `->` type($result)";
  let hasVerifier = 1;
}

def Py_SetItemOp : Py_Op<"setitem", [DeclareOpInterfaceMethods<MemoryEffectsOpInterface>]> {
  let summary = "`a[i, j] = v`: write one element; negative indices count from the end";
  let arguments = (ins Py_Element:$value, Py_Array:$array, Variadic<Py_Index>:$indices);
  let assemblyFormat = "$value `,` $array `[` $indices `]` attr-dict `:` type($value) `,` qualified(type($array)) (`,` type($indices)^)?";
  let hasVerifier = 1;
}

def Py_AtomicOp : Py_Op<"atomic", [MemoryEffects<[MemRead, MemWrite]>]> {
  let summary = "`cuda.atomic.add(a, (i, j), v)`: update one element atomically, giving its old value";
  let description = [{
    `kind` is `add`, `sub`, `max`, `min`, `exch` (store `v`), `inc` (`0 if old >= v else old + 1`)
    or `dec` (`v if old == 0 or old > v else old - 1`, both unsigned, as CUDA's `atomicInc` and
    `atomicDec`); the result is the element before the update. Negative indices count from the
    end, as for `py.getitem`.
  }];
  let arguments = (ins StrAttr:$kind, Py_Scalar:$value, Py_Array:$array, Variadic<Py_Index>:$indices);
  let results = (outs Py_Scalar:$result);
  let assemblyFormat = "$kind $value `,` $array `[` $indices `]` attr-dict `:` type($value) `,` qualified(type($array)) `,` type($indices) `->` type($result)";
}

def Py_AtomicCasOp : Py_Op<"atomic_cas", [MemoryEffects<[MemRead, MemWrite]>, AllTypesMatch<["expected", "value", "result"]>]> {
  let summary = "`cuda.atomic.cas(a, i, old, v)`: store `v` where the element holds `old`, atomically, giving the element's old value";
  let arguments = (ins Py_Integer:$expected, Py_Integer:$value, Py_Array:$array, Variadic<Py_Index>:$indices);
  let results = (outs Py_Integer:$result);
  let assemblyFormat = "$expected `,` $value `,` $array `[` $indices `]` attr-dict `:` type($value) `,` qualified(type($array)) `,` type($indices)";
}

def Py_LocalArrayOp : Py_Op<"local_array", [MemoryEffects<[MemAlloc<AutomaticAllocationScopeResource>]>]> {
  let summary = "`cuda.local.array(shape, dtype)`: an uninitialized array of the calling thread, on its stack";
  let description = [{
    `%a = py.local_array [4, 4] : !py.array<f32, 2, C>` is an array of a shape known when
    compiling that lives as long as the function that makes it (its stack frame), as a CUDA
    kernel's local arrays do; one allocation serves every time the op runs in that call.
  }];
  let arguments = (ins DenseI64ArrayAttr:$shape);
  let results = (outs Py_Array:$result);
  let assemblyFormat = "$shape attr-dict `:` qualified(type($result))";
}

def Py_SharedArrayOp : Py_Op<"shared_array", [Pure]> {
  let summary = "`cuda.shared.array(0, dtype)`: the block's dynamic shared memory, as a 1-D array";
  let description = [{
    `%a = py.shared_array : !py.array<f32, 1, C>` is the shared memory a CUDA kernel's launch asked
    for (`kernel[blocks, threads, stream, nbytes]`), as an array of as many elements as fit in it.
    Every such array of a kernel starts at the same address, as in CUDA and Numba.
  }];
  let results = (outs Py_Array:$result);
  let assemblyFormat = "attr-dict `:` qualified(type($result))";
  let hasVerifier = 1;
}

def Py_DimOp : Py_Op<"dim", [Pure]> {
  let summary = "`a.shape[k]` for a constant dimension k";
  let arguments = (ins Py_Array:$array, I64Attr:$dim);
  let results = (outs SI64:$result);
  let assemblyFormat = "$array `,` $dim attr-dict `:` qualified(type($array))";
  let hasVerifier = 1;
}

def Py_EmptyOp : Py_Op<"empty", [MemoryEffects<[MemAlloc]>]> {
  let summary = "`np.empty(shape, dtype)`: a new C-ordered array, owned by whoever receives it";
  let arguments = (ins Variadic<SI64>:$shape);
  let results = (outs Py_Array:$result);
  let assemblyFormat = "`(` $shape `)` attr-dict `:` qualified(type($result))";
  let hasVerifier = 1;
}

def Py_ArrayToWordsOp : Py_Op<"array_to_words", [MemoryEffects<[MemWrite]>]> {
  let summary = "the words of an array's descriptor, which a list or dict stores, and a hold on its memory";
  let description = [{
    `%w:5 = py.array_to_words %a : !py.array<f64, 1, C> -> si64, si64, si64, si64, si64` gives the words of `%a`'s memref
    descriptor, in its order (allocated and aligned addresses, offset, sizes, strides: 3 + 2n words
    for an n-d array), and keeps the memory alive until the outermost call from Python or Rust
    returns: a container that stores the words may outlive every array value of the function.
  }];
  let arguments = (ins Py_Array:$array);
  let results = (outs Variadic<SI64>:$words);
  let assemblyFormat = "$array attr-dict `:` qualified(type($array)) `->` type($words)";
  let hasVerifier = 1;
}

def Py_ArrayFromWordsOp : Py_Op<"array_from_words", [MemoryEffects<[MemAlloc, MemWrite]>]> {
  let summary = "an array from the words `py.array_to_words` gave, as a new reference to its memory";
  let description = [{
    `%a = py.array_from_words %w0, %w1, %w2, %w3, %w4 : !py.array<f64, 1, C>` is the array whose
    descriptor the words are. It owns a reference to the memory, as a new array owns its memory:
    whoever holds it last frees it (the memory stays while the container's hold does).
  }];
  let arguments = (ins Variadic<SI64>:$words);
  let results = (outs Py_Array:$result);
  let assemblyFormat = "$words attr-dict `:` qualified(type($result))";
  let hasVerifier = 1;
}

def Py_ConstantArrayOp : Py_Op<"constant_array", [Pure, DeclareOpInterfaceMethods<SymbolUserOpInterface>]> {
  let summary = "an array whose elements are a `memref.global`: a global array, frozen, or a CUDA shared array";
  let description = [{
    `%a = py.constant_array @table : !py.array<f64, 1, C>` is the array of the
    `memref.global @table : memref<10xf64>` of the same module: an array bound by value where the
    function was compiled, as Numba freezes global arrays (a constant global, which compiled code
    does not write into), or a CUDA kernel's `cuda.shared.array` (an uninitialized global, which
    the GPU target places in shared memory). Compiled code does not free it; a caller handed one
    back does not free it either.
  }];
  let arguments = (ins FlatSymbolRefAttr:$global);
  let results = (outs Py_Array:$result);
  let assemblyFormat = "$global attr-dict `:` qualified(type($result))";
}

def Py_ViewOp : Py_Op<"view", [Pure]> {
  let summary = "`a[i, 1:-1, ::2]`: a view of some of an array's elements, aliasing it";
  let description = [{
    `dims` has one entry per dimension of the array, and -2 for each new axis of extent 1 (`None`,
    `np.newaxis`; no bound, no dimension of the array): -1 for an integer index (one bound: the index,
    negative counts from the end; the dimension is dropped), otherwise a slice whose entry says which
    of start (1), stop (2) and step (4) are given, in that order, among the bounds. Bounds follow
    Python's slice rules: negative ones count from the end, out-of-range ones are clamped, a negative
    step walks backwards. The step is non-zero (the frontend raises ValueError first).
  }];
  let arguments = (ins Py_Array:$array, Variadic<SI64>:$bounds, DenseI64ArrayAttr:$dims);
  let results = (outs Py_Array:$result);
  let assemblyFormat = "$array `[` $bounds `]` attr-dict `:` qualified(type($array)) `->` qualified(type($result))";
  let hasVerifier = 1;
}

def Py_CopyOp : Py_Op<"copy", [MemoryEffects<[MemRead, MemWrite]>]> {
  let summary = "`dst[...] = src`: copy every element of an array of the same shape";
  let arguments = (ins Py_Array:$source, Py_Array:$target);
  let assemblyFormat = "$source `,` $target attr-dict `:` qualified(type($source)) `,` qualified(type($target))";
  let hasVerifier = 1;
}

def Py_FillOp : Py_Op<"fill", [MemoryEffects<[MemWrite]>]> {
  let summary = "`a[...] = v`: write one value to every element";
  let arguments = (ins Py_Array:$array, Py_Element:$value);
  let assemblyFormat = "$array `,` $value attr-dict `:` qualified(type($array)) `,` type($value)";
  let hasVerifier = 1;
}

def Py_MapOp : Py_Op<"map", [MemoryEffects<[MemAlloc, MemRead]>, SingleBlock]> {
  let summary = "an elementwise array expression: a scalar kernel applied at every index";
  let description = [{
    `%r = py.map %a, %b, %s : (!py.array<f64, 2, C>, !py.array<f64, 2, A>, f64) -> !py.array<f64, 2, C> {
    ^bb0(%x: f64, %y: f64, %z: f64): ... py.yield %v : f64 }` makes a new C-ordered array of the
    operands' broadcast shape whose elements
    are the kernel applied to the operands' elements at the same index; scalar operands are the same
    at every index. Array operands broadcast as NumPy's: aligned on their last dimensions, an operand
    with fewer dimensions or an extent of 1 repeats along the result's (the frontend checks that the
    shapes broadcast and raises otherwise). One `py.map` is one fused loop, however large the
    expression it came from.
  }];
  let arguments = (ins Variadic<AnyType>:$operands);
  let results = (outs Py_Array:$result);
  let regions = (region SizedRegion<1>:$body);
  let assemblyFormat = "$operands attr-dict `:` functional-type($operands, $result) $body";
  let hasVerifier = 1;
}

def Py_YieldOp : Py_Op<"yield", [Pure, Terminator, HasParent<"MapOp">]> {
  let summary = "the element a `py.map` kernel computes";
  let arguments = (ins Py_Element:$value);
  let assemblyFormat = "$value attr-dict `:` type($value)";
}

def Py_ReduceOp : Py_Op<"reduce", [DeclareOpInterfaceMethods<MemoryEffectsOpInterface>]> {
  let summary = "a reduction: sum, prod, min, max, argmin or argmax, of every element or along an axis";
  let description = [{
    `%s = py.reduce "sum"(%a) : !py.array<f64, 2, C> -> f64` reduces every element;
    `%s = py.reduce "sum"(%a) {axis = 0 : i64} : !py.array<f64, 2, C> -> !py.array<f64, 1, C>` reduces
    along one dimension into a new C-ordered array of the others. The element type is NumPy's: sum and
    prod of integers and bools give int64 (uint64 for unsigned; a sum may also accumulate them in f64,
    as NumPy's mean does), argmin and argmax give the int64
    position of the first extreme element (in C order over the whole array, or along the axis), a NaN
    counting as the extreme. min, max, argmin and argmax of an empty array are undefined here; the
    frontend raises ValueError first, as NumPy does.
  }];
  let arguments = (ins StrAttr:$kind, Py_Array:$array, OptionalAttr<I64Attr>:$axis);
  let results = (outs AnyType:$result);
  let assemblyFormat = "$kind `(` $array `)` attr-dict `:` qualified(type($array)) `->` qualified(type($result))";
  let hasVerifier = 1;
}

def Py_DotOp : Py_Op<"dot", [MemoryEffects<[MemRead, MemAlloc]>]> {
  let summary = "`np.dot(a, b)` and `a @ b` on 1-D and 2-D arrays of one element type";
  let description = [{
    Vector by vector gives a number; matrix by vector, vector by matrix and matrix by matrix give a new
    C-ordered array. The summed extents are equal (the frontend raises ValueError first).
  }];
  let arguments = (ins Py_Array:$lhs, Py_Array:$rhs);
  let results = (outs AnyType:$result);
  let assemblyFormat = "$lhs `,` $rhs attr-dict `:` qualified(type($lhs)) `,` qualified(type($rhs)) `->` qualified(type($result))";
  let hasVerifier = 1;
}

def Py_ArangeOp : Py_Op<"arange", [MemoryEffects<[MemAlloc, MemWrite]>, AllTypesMatch<["start", "step"]>]> {
  let summary = "`np.arange`: a new 1-D array of `count` elements `start + i * step`";
  let arguments = (ins Py_Scalar:$start, Py_Scalar:$step, SI64:$count);
  let results = (outs Py_Array:$result);
  let assemblyFormat = "$start `,` $step `,` $count attr-dict `:` type($start) `->` qualified(type($result))";
  let hasVerifier = 1;
}

def Py_TransposeOp : Py_Op<"transpose", [Pure]> {
  let summary = "`a.T`: a view of an array with its dimensions reversed, aliasing it";
  let arguments = (ins Py_Array:$array);
  let results = (outs Py_Array:$result);
  let assemblyFormat = "$array attr-dict `:` qualified(type($array)) `->` qualified(type($result))";
  let hasVerifier = 1;
}

def Py_ReshapeOp : Py_Op<"reshape", [Pure]> {
  let summary = "`a.reshape(shape)` of a C-contiguous array: a view with new extents, aliasing it";
  let description = [{
    The extents' product is the array's size (the frontend raises ValueError first); the view is
    C-contiguous.
  }];
  let arguments = (ins Py_Array:$array, Variadic<SI64>:$shape);
  let results = (outs Py_Array:$result);
  let assemblyFormat = "$array `(` $shape `)` attr-dict `:` qualified(type($array)) `->` qualified(type($result))";
  let hasVerifier = 1;
}

def Py_StrideOp : Py_Op<"stride", [Pure]> {
  let summary = "`a.strides[k] // a.itemsize`: how many elements apart neighbours along dimension k lie";
  let arguments = (ins Py_Array:$array, I64Attr:$dim);
  let results = (outs SI64:$result);
  let assemblyFormat = "$array `,` $dim attr-dict `:` qualified(type($array))";
  let hasVerifier = 1;
}

def Py_AsStridedOp : Py_Op<"as_strided", [Pure, AttrSizedOperandSegments]> {
  let summary = "a view of an array's memory from its first element with the given extents and element strides";
  let description = [{
    What `np.lib.stride_tricks.as_strided` makes, in elements rather than bytes; `expand_dims`,
    `broadcast_to`, `moveaxis` and the other views of the prelude are written with it. A stride may
    be zero or negative; that the view stays inside the array's memory is the caller's promise.
  }];
  let arguments = (ins Py_Array:$array, Variadic<SI64>:$shape, Variadic<SI64>:$strides);
  let results = (outs Py_Array:$result);
  let assemblyFormat = "$array `(` $shape `)` `(` $strides `)` attr-dict `:` qualified(type($array)) `->` qualified(type($result))";
  let hasVerifier = 1;
}

//===----------------------------------------------------------------------===//
// LAPACK
//===----------------------------------------------------------------------===//

def Py_LapackOp : Py_Op<"lapack", [MemoryEffects<[MemRead, MemWrite]>]> {
  let summary = "a LAPACK routine of rumba's runtime on F-ordered float arrays it overwrites";
  let description = [{
    `routine` names the routine without its type letter (`getrf`, `potrf`, ...); the first array
    operand's element type picks `s` (f32) or `d` (f64). The operands are the routine's arrays in
    LAPACK's order, then its integer or float options; the result is LAPACK's `info`. The prelude's
    `np.linalg` functions (`frontend/src/prelude/numpy.py`) call these on copies they made.
  }];
  let arguments = (ins StrAttr:$routine, Variadic<AnyType>:$operands);
  let results = (outs SI64:$info);
  let assemblyFormat = "$routine `(` $operands `)` attr-dict `:` functional-type($operands, $info)";
  let hasVerifier = 1;
}

//===----------------------------------------------------------------------===//
// Random numbers
//===----------------------------------------------------------------------===//

def Py_RandomOp : Py_Op<"random", [MemoryEffects<[MemRead, MemWrite]>]> {
  let summary = "`random.random()`: the next float in [0, 1) from the calling thread's generator";
  let results = (outs F64:$result);
  let assemblyFormat = "attr-dict `:` type($result)";
}

def Py_SeedOp : Py_Op<"seed", [MemoryEffects<[MemWrite]>]> {
  let summary = "`random.seed(n)`: restart the calling thread's generator from a seed";
  let arguments = (ins SI64:$seed);
  let assemblyFormat = "$seed attr-dict `:` type($seed)";
}

//===----------------------------------------------------------------------===//
// Exceptions
//===----------------------------------------------------------------------===//

def Py_RaiseOp : Py_Op<"raise", [MemoryEffects<[MemWrite]>]> {
  let summary = "record a raised exception in the function's status slot";
  let description = [{
    `py.raise "ValueError", "message" code 3 into %status : memref<i32>` stores the exception's code
    into the status slot. The frontend has already routed control flow: the statements that follow a
    raise are skipped and the function returns the status to its caller, whose runtime maps the code
    back to the exception type, message and source location.

    A message with run-time values (`raise ValueError(f"bad {x}")`) is formatted as `py.print`
    formats its line, and the static `message` stands for it where no formatted one arrives:
    `py.raise "ValueError", "bad {x}" formatted ["bad ", ""](%x : f64) formats [""] code 3 into %status
    : memref<i32>`.
  }];
  let arguments = (ins StrAttr:$exception, StrAttr:$message, I32Attr:$code,
                       MemRefRankOf<[I32], [0]>:$status, Variadic<AnyType>:$values,
                       OptionalAttr<StrArrayAttr>:$text, OptionalAttr<StrArrayAttr>:$formats);
  let assemblyFormat = [{
    $exception `,` $message (`formatted` $text^ `(` $values `:` type($values) `)` `formats` $formats)?
    `code` $code `into` $status attr-dict `:` type($status)
  }];
  let hasVerifier = 1;
}

//===----------------------------------------------------------------------===//
// Text
//===----------------------------------------------------------------------===//

def Py_PrintOp : Py_Op<"print", [MemoryEffects<[MemWrite]>]> {
  let summary = "write text and values to standard output, as Python's `print` does";
  let description = [{
    `py.print ["x = ", ", y = ", "\n"](%x, %y : si64, f64) formats ["", ".3f"]` writes the text
    pieces with the values between them: each value formatted by Python's format mini-language with
    its spec (an empty spec is `str`: CPython's shortest `repr` for floats, NumPy's `str` for
    float32 numbers and for arrays). Values are numbers, booleans and arrays (with an empty spec),
    the handles of lists, dicts and sets, whose format is "\01" and the container's type
    (`list(float64)`): Python's `repr` of its contents, and the handles of strings (see
    `py.format`).
    The line is written at once, so lines printed by parallel loop iterations do not interleave.
  }];
  let arguments = (ins Variadic<AnyType>:$values, StrArrayAttr:$text, StrArrayAttr:$formats);
  let assemblyFormat = "$text `(` ($values^ `:` type($values))? `)` `formats` $formats attr-dict";
  let hasVerifier = 1;
}

def Py_FormatOp : Py_Op<"format", [MemoryEffects<[MemAlloc, MemWrite]>]> {
  let summary = "make a string of text and values, as an f-string does";
  let description = [{
    `%s = py.format ["x = ", ""](%x : f64) formats [".3f"] : si64` makes a new string (Numba's
    `unicode_type`: the `si64` handle of a string of the runtime) of the text pieces with the values
    between them, each formatted as `py.print` formats it. A string value's format is "\02" and its
    spec (`str` of it); "\01unicode_type" writes its `repr`. A literal string is `py.format` of
    its text alone, and `+` of strings is `py.format` of both.
  }];
  let arguments = (ins Variadic<AnyType>:$values, StrArrayAttr:$text, StrArrayAttr:$formats);
  let results = (outs SI64:$result);
  let assemblyFormat = "$text `(` ($values^ `:` type($values))? `)` `formats` $formats attr-dict `:` type($result)";
  let hasVerifier = 1;
}

#endif // PY_OPS_TD
