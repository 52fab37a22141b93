//! The intrinsics of CUDA kernels (`rumba.cuda`, also imported as `numba.cuda`): which expressions
//! name one and their types.
//!
//! Compiled code reads the thread's place in the launch through the runtime function
//! `rumba_cuda_geometry(code)`, waits for other threads through `rumba_cuda_syncthreads()`, its
//! reductions and the warp shuffles (names in `rumba_dialects::cuda`). Each target lowers those
//! calls its own way: for the GPU, the pass `outline-cuda-kernels` makes them `gpu` and `nvvm`
//! ops; the simulator links the runtime's functions, which read the context of the simulated
//! thread. Shared and local arrays and atomics are `py` ops of their own.

use crate::{
    diagnostics::Diagnostic,
    resolve::{literal_constant, Constant, Global, SourceModule},
    types::{ArrayType, Scalar, Type, INT64},
};
use ruff_python_ast::{Expr, ExprAttribute, ExprCall};
use rumba_dialects::Layout;

/// What a geometry read names: `cuda.threadIdx`, `cuda.blockIdx`, `cuda.blockDim`, `cuda.gridDim`,
/// in the order of the runtime's codes.
const GEOMETRY: [&str; 4] = ["threadIdx", "blockIdx", "blockDim", "gridDim"];
const AXES: [&str; 3] = ["x", "y", "z"];

/// Geometry kinds, as `rumba_cuda_geometry` numbers them.
pub const THREAD_INDEX: u8 = 0;
pub const BLOCK_INDEX: u8 = 1;
pub const BLOCK_DIM: u8 = 2;
pub const GRID_DIM: u8 = 3;

/// The code `rumba_cuda_geometry` takes for `kind` along `axis`.
pub fn geometry_code(kind: u8, axis: usize) -> i32 {
    i32::from(kind) * 3 + axis as i32
}

/// Whether `name`, a global of the module not shadowed by a local, is the `cuda` module.
fn is_cuda(module: &SourceModule, expr: &Expr, is_local: &dyn Fn(&str) -> bool) -> bool {
    matches!(expr, Expr::Name(name) if !is_local(name.id.as_str()) && module.global(name.id.as_str()) == Some(&Global::Module("cuda")))
}

/// `cuda.threadIdx.x` and its kin: the geometry kind and the axis, if `attribute` is one.
pub fn geometry_attribute(module: &SourceModule, attribute: &ExprAttribute, is_local: &dyn Fn(&str) -> bool) -> Option<(u8, usize)> {
    let Expr::Attribute(object) = &*attribute.value else { return None };
    if !is_cuda(module, &object.value, is_local) {
        return None;
    }
    let kind = GEOMETRY.iter().position(|name| *name == object.attr.as_str())?;
    let axis = AXES.iter().position(|name| *name == attribute.attr.as_str())?;
    Some((kind as u8, axis))
}

/// `cuda.name` read as a value: `cuda.warpsize` is a constant (32 on every NVIDIA GPU).
pub fn constant_attribute(module: &SourceModule, attribute: &ExprAttribute, is_local: &dyn Fn(&str) -> bool) -> Option<Constant> {
    (is_cuda(module, &attribute.value, is_local) && attribute.attr.as_str() == "warpsize").then_some(Constant::Int(32))
}

/// The kinds of `cuda.atomic.<kind>` (`py.atomic`'s).
const ATOMIC_KINDS: [&str; 9] = ["add", "sub", "max", "min", "exch", "inc", "dec", "cas", "compare_and_swap"];

/// The functions of the `cuda` module that compiled code implements here, with what each does; the
/// others it knows are the prelude's (`crate::cuda::prelude_name`).
pub const INTRINSICS: [(&str, &str); 18] = [
    ("grid(ndim)", "the thread's absolute position: an int, or a tuple of 2 or 3"),
    ("gridsize(ndim)", "the number of threads of the grid along each axis"),
    ("syncthreads()", "the block's barrier"),
    ("syncthreads_count(predicate)", "the block's barrier, giving how many threads' predicates are true"),
    ("syncthreads_and(predicate)", "the block's barrier, giving 1 if every thread's predicate is true, else 0"),
    ("syncthreads_or(predicate)", "the block's barrier, giving 1 if any thread's predicate is true, else 0"),
    ("shfl_sync(mask, value, src_lane)", "the value of lane `src_lane` of the warp (the mask is taken as every lane)"),
    ("shfl_up_sync(mask, value, delta)", "the value of the lane `delta` below, or the thread's own"),
    ("shfl_down_sync(mask, value, delta)", "the value of the lane `delta` above, or the thread's own"),
    ("shfl_xor_sync(mask, value, lane_mask)", "the value of the lane `lane ^ lane_mask`"),
    ("fma(a, b, c)", "`a * b + c` rounded once (float32 where all three are, else float64)"),
    ("threadfence()", "orders the thread's memory accesses for every thread (a sequentially consistent fence)"),
    ("threadfence_block()", "the same (a stronger fence than the block needs)"),
    ("threadfence_system()", "the same"),
    ("shared.array(shape, dtype)", "an array shared by the block's threads (shape known when compiling; 0 for the launch's dynamic shared memory)"),
    ("local.array(shape, dtype)", "an array of the thread's own (shape known when compiling)"),
    ("atomic.add/sub/max/min/exch/inc/dec(array, index, value)", "an atomic update of one element, giving its old value (`inc` and `dec` wrap as CUDA's `atomicInc`/`atomicDec`)"),
    ("atomic.cas(array, index, old, value)", "stores `value` where the element is `old`, atomically, giving the element's old value; `atomic.compare_and_swap(array, old, value)` on element 0"),
];

/// A call's `cuda` function: `grid` or, for the functions of its namespaces, `atomic.add`,
/// `shared.array`; `None` for other calls.
pub fn called_name(module: &SourceModule, call: &ExprCall, is_local: &dyn Fn(&str) -> bool) -> Option<String> {
    let Expr::Attribute(function) = &*call.func else { return None };
    if is_cuda(module, &function.value, is_local) {
        return Some(function.attr.to_string());
    }
    match &*function.value {
        Expr::Attribute(namespace) if is_cuda(module, &namespace.value, is_local) => Some(format!("{}.{}", namespace.attr, function.attr)),
        _ => None,
    }
}

/// Whether `call` calls one of the `INTRINSICS`: its name.
pub fn intrinsic_name(module: &SourceModule, call: &ExprCall, is_local: &dyn Fn(&str) -> bool) -> Option<String> {
    called_name(module, call, is_local).filter(|name| INTRINSICS.iter().any(|(signature, _)| signature.split('(').next().is_some_and(|known| known == name || (known.starts_with("atomic.") && name.starts_with("atomic.")))))
}

/// The prelude's function for `cuda.name` (`_cuda_selp`, `_cuda_const__array_like`: a namespace's
/// dot is a double underscore).
pub fn prelude_name(name: &str) -> String {
    format!("_cuda_{}", name.replace('.', "__"))
}

/// `cuda.laneid`: the thread's place in its warp.
pub fn is_lane_id(module: &SourceModule, attribute: &ExprAttribute, is_local: &dyn Fn(&str) -> bool) -> bool {
    is_cuda(module, &attribute.value, is_local) && attribute.attr.as_str() == "laneid"
}

/// An argument of a call by position or keyword.
fn argument<'c>(call: &'c ExprCall, position: usize, keyword: &str) -> Option<&'c Expr> {
    call.arguments.args.get(position).or_else(|| call.arguments.keywords.iter().find(|given| given.arg.as_ref().is_some_and(|name| name.as_str() == keyword)).map(|given| &given.value))
}

/// An int known when compiling: a literal or a global constant.
fn constant_int(module: &SourceModule, expr: &Expr) -> Option<i64> {
    let constant = match expr {
        Expr::Name(name) => match module.global(name.id.as_str()) {
            Some(Global::Constant(constant)) => Some(*constant),
            _ => None,
        },
        _ => literal_constant(expr),
    };
    match constant {
        Some(Constant::Int(value)) => Some(value),
        _ => None,
    }
}

/// `cuda.shared.array(shape, dtype)` or `cuda.local.array(shape, dtype)` (`name`): the array's
/// extents (ints known when compiling) and dtype (`np.float32`, `numba.float32`, `float32`
/// imported from either).
pub fn array_shape_and_dtype(module: &SourceModule, call: &ExprCall, name: &str, expr_type: &mut dyn FnMut(&Expr) -> Result<Type, Diagnostic>) -> Result<(Vec<usize>, Scalar), Diagnostic> {
    let usage = || module.typing(call, format!("cuda.{name}(shape, dtype) takes a shape of ints known when compiling and a dtype"));
    let (Some(shape), Some(dtype)) = (argument(call, 0, "shape"), argument(call, 1, "dtype")) else { return Err(usage()) };
    let extents: Vec<&Expr> = match shape {
        Expr::Tuple(tuple) => tuple.elts.iter().collect(),
        single => vec![single],
    };
    let extents = extents
        .into_iter()
        .map(|extent| constant_int(module, extent).and_then(|value| usize::try_from(value).ok()).ok_or_else(|| module.typing(extent, format!("the shape of cuda.{name} is made of ints known when compiling"))))
        .collect::<Result<Vec<_>, _>>()?;
    if name == "shared.array" && extents.len() > 1 && extents.contains(&0) {
        return Err(module.typing(shape, "dynamic shared memory is a 1-d array: cuda.shared.array(0, dtype), sized by the launch"));
    }
    let named = match dtype {
        Expr::Name(name) => match module.global(name.id.as_str()) {
            Some(Global::ModuleMember(_, member)) => Scalar::from_name(member),
            _ => None,
        },
        Expr::Attribute(attribute) => matches!(&*attribute.value, Expr::Name(base) if module.global(base.id.as_str()) == Some(&Global::Module("rumba"))).then(|| Scalar::from_name(attribute.attr.as_str())).flatten(),
        _ => None,
    };
    let dtype = match named {
        Some(scalar) => scalar,
        None => match expr_type(dtype)? {
            Type::DType(scalar) => scalar,
            other => return Err(module.typing(dtype, format!("the dtype of cuda.{name} is a dtype such as np.float32, not {other}"))),
        },
    };
    if dtype.is_complex() {
        return Err(module.unsupported(dtype_expr(call).unwrap_or(&*call.func), format!("complex arrays in cuda.{name} are not supported yet")));
    }
    Ok((extents, dtype))
}

fn dtype_expr(call: &ExprCall) -> Option<&Expr> {
    argument(call, 1, "dtype")
}

/// A call of `cuda.atomic.kind`, checked: the array, its type, the index (`None` for
/// `compare_and_swap`, which updates element 0 of a 1-d array) and the values (`old, value` for a
/// compare-and-swap, else `value`).
pub struct Atomic<'c> {
    pub array: &'c Expr,
    pub array_type: ArrayType,
    pub index: Option<&'c Expr>,
    pub values: Vec<&'c Expr>,
}

/// `cuda.atomic.kind(...)`, checked against its array.
pub fn atomic<'c>(module: &SourceModule, call: &'c ExprCall, kind: &str, expr_type: &mut dyn FnMut(&Expr) -> Result<Type, Diagnostic>) -> Result<Atomic<'c>, Diagnostic> {
    if !ATOMIC_KINDS.contains(&kind) {
        return Err(module.unsupported(&*call.func, format!("cuda.atomic.{kind} is not supported yet (the atomics are {})", ATOMIC_KINDS.join(", "))));
    }
    let arguments = &call.arguments.args[..];
    let (expected, parts): (&str, Option<(&Expr, Option<&Expr>, Vec<&Expr>)>) = match (kind, arguments) {
        ("compare_and_swap", [array, old, value]) => ("(array, old, value)", Some((array, None, vec![old, value]))),
        ("cas", [array, index, old, value]) => ("(array, index, old, value)", Some((array, Some(index), vec![old, value]))),
        ("compare_and_swap", _) => ("(array, old, value)", None),
        ("cas", _) => ("(array, index, old, value)", None),
        (_, [array, index, value]) => ("(array, index, value)", Some((array, Some(index), vec![value]))),
        _ => ("(array, index, value)", None),
    };
    let Some((array, index, values)) = parts.filter(|_| call.arguments.keywords.is_empty()) else {
        return Err(module.typing(call, format!("cuda.atomic.{kind} takes {expected}")));
    };
    let Type::Array(array_type) = expr_type(array)? else {
        return Err(module.typing(array, format!("cuda.atomic.{kind} updates an element of an array")));
    };
    let atomic = Atomic { array, array_type, index, values };
    match atomic.index {
        Some(index) => {
            let indices = match expr_type(index)? {
                Type::Tuple(elements, _) => elements,
                single => vec![single],
            };
            if indices.len() != array_type.ndim || !indices.iter().all(|index| matches!(index, Type::Scalar(Scalar::Int { .. }))) {
                return Err(module.typing(index, format!("cuda.atomic.{kind} on a {}-dimensional array takes {} int index(es)", array_type.ndim, array_type.ndim)));
            }
        }
        None if array_type.ndim != 1 => return Err(module.typing(atomic.array, format!("cuda.atomic.{kind} updates the first element of a 1-dimensional array"))),
        None => {}
    }
    for value in &atomic.values {
        if !matches!(expr_type(value)?, Type::Scalar(scalar) if !scalar.is_complex()) {
            return Err(module.typing(*value, format!("cuda.atomic.{kind} takes a real number")));
        }
    }
    let integers_only = matches!(kind, "inc" | "dec" | "cas" | "compare_and_swap");
    if array_type.dtype.is_complex() || array_type.dtype == Scalar::Bool || (integers_only && array_type.dtype.is_float()) {
        let what = if integers_only { "ints" } else { "ints or floats" };
        return Err(module.typing(atomic.array, format!("cuda.atomic.{kind} updates arrays of {what}")));
    }
    if array_type.readonly {
        return Err(module.typing(atomic.array, format!("cuda.atomic.{kind} cannot update a read-only array")));
    }
    Ok(atomic)
}

/// The type `cuda.fma(a, b, c)` computes in: float32 where all three are, else float64.
pub fn fma_type(module: &SourceModule, call: &ExprCall, expr_type: &mut dyn FnMut(&Expr) -> Result<Type, Diagnostic>) -> Result<Scalar, Diagnostic> {
    let ([a, b, c], true) = (&call.arguments.args[..], call.arguments.keywords.is_empty()) else {
        return Err(module.typing(call, "cuda.fma(a, b, c) takes three numbers"));
    };
    let mut all_float32 = true;
    for operand in [a, b, c] {
        match expr_type(operand)? {
            Type::Scalar(Scalar::Complex { .. }) | Type::Array(_) | Type::Tuple(..) | Type::None => return Err(module.typing(operand, "cuda.fma takes real numbers")),
            Type::Scalar(scalar) => all_float32 &= scalar == Scalar::Float { bits: 32 },
            other => return Err(module.typing(operand, format!("cuda.fma takes real numbers, not {other}"))),
        }
    }
    Ok(if all_float32 { Scalar::Float { bits: 32 } } else { crate::types::FLOAT64 })
}

/// The number of dimensions `cuda.grid(n)` or `cuda.gridsize(n)` asks for: a literal 1, 2 or 3.
pub fn grid_dimensions(module: &SourceModule, call: &ExprCall, name: &str) -> Result<usize, Diagnostic> {
    let literal = match (&call.arguments.args[..], call.arguments.keywords.is_empty()) {
        ([argument], true) => literal_constant(argument),
        _ => return Err(module.typing(call, format!("cuda.{name}() takes exactly one argument, the number of dimensions (1, 2 or 3)"))),
    };
    match literal {
        Some(Constant::Int(dimensions @ 1..=3)) => Ok(dimensions as usize),
        _ => Err(module.typing(&call.arguments.args[0], format!("cuda.{name}(ndim) takes a literal 1, 2 or 3"))),
    }
}

/// The type of a call of `cuda.name`.
pub fn intrinsic_type(module: &SourceModule, call: &ExprCall, name: &str, expr_type: &mut dyn FnMut(&Expr) -> Result<Type, Diagnostic>) -> Result<Type, Diagnostic> {
    if let Some(kind) = name.strip_prefix("atomic.") {
        return Ok(Type::Scalar(atomic(module, call, kind, expr_type)?.array_type.dtype));
    }
    match name {
        "shared.array" | "local.array" => {
            let (extents, dtype) = array_shape_and_dtype(module, call, name, expr_type)?;
            Ok(Type::Array(ArrayType { dtype, ndim: extents.len(), layout: Layout::C, readonly: false }))
        }
        "grid" | "gridsize" => Ok(match grid_dimensions(module, call, name)? {
            1 => Type::Scalar(INT64),
            dimensions => Type::tuple(vec![Type::Scalar(INT64); dimensions]),
        }),
        "fma" => Ok(Type::Scalar(fma_type(module, call, expr_type)?)),
        "syncthreads_count" | "syncthreads_and" | "syncthreads_or" => {
            match (&call.arguments.args[..], call.arguments.keywords.is_empty()) {
                ([predicate], true) if matches!(expr_type(predicate)?, Type::Scalar(_)) => Ok(Type::Scalar(INT64)),
                _ => Err(module.typing(call, format!("cuda.{name}(predicate) takes one number or bool"))),
            }
        }
        "shfl_sync" | "shfl_up_sync" | "shfl_down_sync" | "shfl_xor_sync" => match (&call.arguments.args[..], call.arguments.keywords.is_empty()) {
            ([mask, value, lane], true) => {
                for operand in [mask, lane] {
                    if !matches!(expr_type(operand)?, Type::Scalar(Scalar::Int { .. })) {
                        return Err(module.typing(operand, format!("cuda.{name} takes an int here")));
                    }
                }
                match expr_type(value)? {
                    Type::Scalar(scalar @ (Scalar::Int { .. } | Scalar::Float { .. } | Scalar::Bool)) => Ok(Type::Scalar(scalar)),
                    other => Err(module.typing(value, format!("cuda.{name} shuffles an int, a float or a bool, not {other}"))),
                }
            }
            _ => Err(module.typing(call, format!("cuda.{name}(mask, value, lane) takes three arguments"))),
        },
        "syncthreads" | "threadfence" | "threadfence_block" | "threadfence_system" => {
            if !call.arguments.args.is_empty() || !call.arguments.keywords.is_empty() {
                return Err(module.typing(call, format!("cuda.{name}() takes no arguments")));
            }
            Ok(Type::None)
        }
        _ => Err(module.unsupported(&*call.func, format!("cuda.{name} is not supported in kernels yet"))),
    }
}
