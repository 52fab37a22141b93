//! Emission of CUDA intrinsics (`crate::cuda`): geometry reads and the block barrier as calls of
//! the runtime functions each target lowers its own way.

use super::{location, FunctionEmitter, RuntimeFunction, Value};
use crate::{
    cuda::{geometry_code, grid_dimensions, BLOCK_DIM, BLOCK_INDEX, GRID_DIM, THREAD_INDEX},
    diagnostics::Diagnostic,
    types::INT64,
};
use ruff_python_ast::ExprCall;

/// The thread's geometry: `rumba_cuda_geometry(kind * 3 + axis)`.
pub(crate) const GEOMETRY: RuntimeFunction = ("rumba_cuda_geometry", "(i32) -> si64");
/// The barrier of the thread's block.
pub(crate) const SYNCTHREADS: RuntimeFunction = ("rumba_cuda_syncthreads", "() -> ()");

impl FunctionEmitter<'_, '_, '_> {
    /// `kind` (`THREAD_INDEX`, ...) along `axis`, an int64.
    pub(super) fn geometry(&mut self, kind: u8, axis: usize, loc: &str) -> Value {
        let code = self.i32_constant(geometry_code(kind, axis));
        Value::Scalar(self.call_runtime(GEOMETRY, &[code], loc), INT64)
    }

    /// A call of `cuda.name`, typed by `crate::cuda::intrinsic_type`.
    pub(super) fn emit_cuda_intrinsic(&mut self, call: &ExprCall, name: &str) -> Result<Value, Diagnostic> {
        let loc = location(self.module, call);
        crate::cuda::intrinsic_type(self.module, call, name)?;
        if name == "syncthreads" {
            self.call_runtime(SYNCTHREADS, &[], &loc);
            return Ok(Value::None);
        }
        let mut axes = Vec::new();
        for axis in 0..grid_dimensions(self.module, call, name)? {
            let scalar = |value: Value| value.flat_names().remove(0);
            let block_dim = scalar(self.geometry(BLOCK_DIM, axis, &loc));
            let value = if name == "grid" {
                // threadIdx + blockIdx * blockDim
                let thread = scalar(self.geometry(THREAD_INDEX, axis, &loc));
                let block = scalar(self.geometry(BLOCK_INDEX, axis, &loc));
                let offset = self.op(format!("py.mul {block}, {block_dim} : si64 {loc}"));
                self.op(format!("py.add {thread}, {offset} : si64 {loc}"))
            } else {
                // blockDim * gridDim
                let grid_dim = scalar(self.geometry(GRID_DIM, axis, &loc));
                self.op(format!("py.mul {block_dim}, {grid_dim} : si64 {loc}"))
            };
            axes.push(Value::Scalar(value, INT64));
        }
        Ok(if axes.len() == 1 { axes.remove(0) } else { Value::Tuple(axes) })
    }
}
