//! The intrinsics of CUDA kernels (`rumba.cuda`, also imported as `numba.cuda`): which expressions
//! name one and their types.
//!
//! Compiled code reads the thread's place in the launch through the runtime function
//! `rumba_cuda_geometry(code)` and waits at the block's barrier through `rumba_cuda_syncthreads()`.
//! Each target lowers those calls its own way: for the GPU, the pass `lower-cuda-intrinsics` makes
//! them `gpu.thread_id`, `gpu.block_id`, `gpu.block_dim`, `gpu.grid_dim` and `gpu.barrier`; the
//! simulator links the runtime's functions, which read the context of the simulated thread.

use crate::{
    diagnostics::Diagnostic,
    resolve::{literal_constant, Constant, Global, SourceModule},
    types::{Type, INT64},
};
use ruff_python_ast::{Expr, ExprAttribute, ExprCall};

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

/// Whether `call` calls a function of the `cuda` module: its name.
pub fn intrinsic_name<'c>(module: &SourceModule, call: &'c ExprCall, is_local: &dyn Fn(&str) -> bool) -> Option<&'c str> {
    match &*call.func {
        Expr::Attribute(function) if is_cuda(module, &function.value, is_local) => Some(function.attr.as_str()),
        _ => None,
    }
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

/// The type of a call of `cuda.name`: an index, a tuple of them, or None.
pub fn intrinsic_type(module: &SourceModule, call: &ExprCall, name: &str) -> Result<Type, Diagnostic> {
    match name {
        "grid" | "gridsize" => Ok(match grid_dimensions(module, call, name)? {
            1 => Type::Scalar(INT64),
            dimensions => Type::Tuple(vec![Type::Scalar(INT64); dimensions]),
        }),
        "syncthreads" => {
            if !call.arguments.args.is_empty() || !call.arguments.keywords.is_empty() {
                return Err(module.typing(call, "cuda.syncthreads() takes no arguments"));
            }
            Ok(Type::None)
        }
        _ => Err(module.unsupported(&*call.func, format!("cuda.{name} is not supported in kernels yet"))),
    }
}
