//! Emission of CUDA intrinsics (`crate::cuda`): geometry reads and the block barrier as calls of
//! the runtime functions each target lowers its own way; fences as `llvm.fence`; shared and local
//! arrays and atomics as the `py` ops for them.

use super::{construction::global_element, location, FunctionEmitter, RuntimeFunction, Value};
use crate::{
    cuda::{geometry_code, grid_dimensions, BLOCK_DIM, BLOCK_INDEX, GRID_DIM, THREAD_INDEX},
    diagnostics::Diagnostic,
    resolve::Constant,
    types::{ArrayType, Scalar, Type, FLOAT64, INT64},
};
use ruff_python_ast::ExprCall;
use ruff_text_size::Ranged;
use rumba_dialects::{cuda, Layout};

/// The thread's geometry: `rumba_cuda_geometry(kind * 3 + axis)`.
const GEOMETRY: RuntimeFunction = (cuda::GEOMETRY, "(i32) -> si64");
/// The barrier of the thread's block.
const SYNCTHREADS: RuntimeFunction = (cuda::SYNCTHREADS, "() -> ()");
/// The barrier with a reduction of the threads' predicates.
const SYNCTHREADS_REDUCE: RuntimeFunction = (cuda::SYNCTHREADS_REDUCE, "(i32, si32) -> si32");
/// Warp shuffles, by the type shuffled (narrower ints and bools go as si32, unsigned ints as the
/// signed of their width).
const SHUFFLES: [(Scalar, RuntimeFunction); 4] = [
    (INT32, ("rumba_cuda_shuffle_i32", "(i32, si32, si64) -> si32")),
    (INT64, ("rumba_cuda_shuffle_i64", "(i32, si64, si64) -> si64")),
    (Scalar::Float { bits: 32 }, ("rumba_cuda_shuffle_f32", "(i32, f32, si64) -> f32")),
    (FLOAT64, ("rumba_cuda_shuffle_f64", "(i32, f64, si64) -> f64")),
];
const INT32: Scalar = Scalar::Int { bits: 32, signed: true };

impl FunctionEmitter<'_, '_, '_> {
    /// `kind` (`THREAD_INDEX`, ...) along `axis`, an int64.
    pub(super) fn geometry(&mut self, kind: u8, axis: usize, loc: &str) -> Value {
        let code = self.i32_constant(geometry_code(kind, axis));
        Value::Scalar(self.call_runtime(GEOMETRY, &[code], loc), INT64)
    }

    /// `cuda.laneid`: the thread's linear index in its block (x fastest) modulo the warp's 32.
    pub(super) fn lane_id(&mut self, loc: &str) -> Value {
        let scalar = |value: Value| value.flat_names().remove(0);
        let [x, y, z] = [0, 1, 2].map(|axis| scalar(self.geometry(THREAD_INDEX, axis, loc)));
        let [width, height] = [0, 1].map(|axis| scalar(self.geometry(BLOCK_DIM, axis, loc)));
        let plane = self.op(format!("py.mul {z}, {height} : si64 {loc}"));
        let row = self.op(format!("py.add {plane}, {y} : si64 {loc}"));
        let rows = self.op(format!("py.mul {row}, {width} : si64 {loc}"));
        let linear = self.op(format!("py.add {rows}, {x} : si64 {loc}"));
        let mask = self.op(format!("py.constant 31 : si64 {loc}"));
        Value::Scalar(self.op(format!("py.bitand {linear}, {mask} : si64 {loc}")), INT64)
    }

    /// A call of `cuda.name`, typed by `crate::cuda::intrinsic_type`.
    pub(super) fn emit_cuda_intrinsic(&mut self, call: &ExprCall, name: &str) -> Result<Value, Diagnostic> {
        let loc = location(self.module, call);
        crate::cuda::intrinsic_type(self.module, call, name, &mut |expr| self.expr_type(expr))?;
        if let Some(kind) = name.strip_prefix("atomic.") {
            return self.emit_atomic(call, kind, &loc);
        }
        if name == "shared.array" {
            return self.emit_shared_array(call, &loc);
        }
        if name == "local.array" {
            let (extents, dtype) = crate::cuda::array_shape_and_dtype(self.module, call, name, &mut |expr| self.expr_type(expr))?;
            let array_type = ArrayType { dtype, ndim: extents.len(), layout: Layout::C, readonly: false };
            let shape: Vec<String> = extents.iter().map(usize::to_string).collect();
            let array = self.op(format!("py.local_array [{}] : {} {loc}", shape.join(", "), Type::Array(array_type).flat_mlir()[0]));
            return Ok(Value::Array(array, array_type));
        }
        if name.starts_with("threadfence") {
            // The LLVM dialect's fence serves both targets: NVPTX makes it `fence.sc.sys`.
            self.line(format!("llvm.fence seq_cst {loc}"));
            return Ok(Value::None);
        }
        if let Some(reduction) = ["syncthreads_count", "syncthreads_and", "syncthreads_or"].iter().position(|known| *known == name) {
            let predicate = self.emit_expr(&call.arguments.args[0])?;
            let truth = self.to_scalar(predicate, Scalar::Bool, call)?;
            let predicate = self.cast(&truth, Scalar::Bool, INT32, &loc);
            let reduction = self.i32_constant(reduction as i32);
            let reduced = self.call_runtime(SYNCTHREADS_REDUCE, &[reduction, predicate], &loc);
            return Ok(Value::Scalar(self.cast(&reduced, INT32, INT64, &loc), INT64));
        }
        if let Some(mode) = ["shfl_xor_sync", "shfl_down_sync", "shfl_up_sync", "shfl_sync"].iter().position(|known| *known == name) {
            return self.emit_shuffle(call, mode as i32, &loc);
        }
        if name == "fma" {
            let float = crate::cuda::fma_type(self.module, call, &mut |expr| self.expr_type(expr))?;
            let mut operands = Vec::new();
            for operand in &call.arguments.args {
                let value = self.emit_expr(operand)?;
                operands.push(self.to_scalar(value, float, operand)?);
            }
            let ty = float.mlir();
            let fused = self.op(format!("py.math \"fma\"({}) : ({ty}, {ty}, {ty}) -> {ty} {loc}", operands.join(", ")));
            return Ok(Value::Scalar(fused, float));
        }
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
        Ok(if axes.len() == 1 { axes.remove(0) } else { Value::Tuple(axes, None) })
    }

    /// `cuda.shfl_*_sync(mask, value, lane)` in `mode` (`gpu.shuffle`'s number): a call of the
    /// runtime's shuffle of the value's width; the mask is not read (every lane takes part).
    fn emit_shuffle(&mut self, call: &ExprCall, mode: i32, loc: &str) -> Result<Value, Diagnostic> {
        let [mask, value, lane] = &call.arguments.args[..] else { unreachable!("crate::cuda::intrinsic_type checked the arguments") };
        let mask = self.emit_expr(mask)?;
        self.to_scalar(mask, INT64, call)?;
        let value = self.emit_expr(value)?;
        let Value::Scalar(value, scalar) = value else { unreachable!("crate::cuda::intrinsic_type checked the value") };
        let carrier = match scalar {
            Scalar::Float { .. } => scalar,
            Scalar::Int { bits: 64, .. } => INT64,
            _ => INT32,
        };
        let (_, function) = SHUFFLES.iter().find(|(shuffled, _)| *shuffled == carrier).expect("a shuffle per carrier type");
        let carried = self.cast(&value, scalar, carrier, loc);
        let lane = self.emit_expr(lane)?;
        let lane = self.to_scalar(lane, INT64, call)?;
        let mode = self.i32_constant(mode);
        let shuffled = self.call_runtime(*function, &[mode, carried, lane], loc);
        Ok(Value::Scalar(self.cast(&shuffled, carrier, scalar, loc), scalar))
    }

    /// `cuda.atomic.kind(...)`: a `py.atomic` (`py.atomic_cas` for a compare-and-swap), the
    /// element's old value.
    fn emit_atomic(&mut self, call: &ExprCall, kind: &str, loc: &str) -> Result<Value, Diagnostic> {
        let atomic = crate::cuda::atomic(self.module, call, kind, &mut |expr| self.expr_type(expr))?;
        let Value::Array(array, _) = self.emit_expr(atomic.array)? else { unreachable!("crate::cuda::atomic checked the array") };
        let indices = match atomic.index {
            Some(index) => {
                let indices = match self.emit_expr(index)? {
                    Value::Tuple(elements, _) => elements,
                    single => vec![single],
                };
                indices.into_iter().map(|index_value| self.to_scalar(index_value, INT64, index)).collect::<Result<Vec<_>, _>>()?
            }
            None => vec![self.scalar_constant(INT64, Constant::Int(0), loc)],
        };
        let mut values = Vec::new();
        for value in &atomic.values {
            let emitted = self.emit_expr(value)?;
            values.push(self.to_scalar(emitted, atomic.array_type.dtype, *value)?);
        }
        let element = Type::Scalar(atomic.array_type.dtype).flat_mlir().remove(0);
        let array_text = Type::Array(atomic.array_type).flat_mlir().remove(0);
        let index_types = vec!["si64"; indices.len()].join(", ");
        let indices = indices.join(", ");
        let old = match &values[..] {
            [old, value] => self.op(format!("py.atomic_cas {old}, {value}, {array}[{indices}] : {element}, {array_text}, {index_types} {loc}")),
            [value] => self.op(format!("py.atomic \"{kind}\" {value}, {array}[{indices}] : {element}, {array_text}, {index_types} -> {element} {loc}")),
            _ => unreachable!("crate::cuda::atomic gives one value, or two for a compare-and-swap"),
        };
        Ok(Value::Scalar(old, atomic.array_type.dtype))
    }

    /// `cuda.shared.array(shape, dtype)`: the array of an uninitialized `memref.global` of the
    /// module, one per call site, which the GPU target places in the block's shared memory and the
    /// simulator in memory of the block's; `cuda.shared.array(0, dtype)`, the launch's dynamic shared
    /// memory, a `py.shared_array`.
    fn emit_shared_array(&mut self, call: &ExprCall, loc: &str) -> Result<Value, Diagnostic> {
        let (extents, dtype) = crate::cuda::array_shape_and_dtype(self.module, call, "shared.array", &mut |expr| self.expr_type(expr))?;
        let array_type = ArrayType { dtype, ndim: extents.len(), layout: Layout::C, readonly: false };
        if extents == [0] {
            let name = self.op(format!("py.shared_array : {} {loc}", Type::Array(array_type).flat_mlir()[0]));
            return Ok(Value::Array(name, array_type));
        }
        let symbol = format!("{}{}_{}", cuda::SHARED_PREFIX, self.types.symbol, call.range().start().to_usize());
        let shape: String = extents.iter().map(|extent| format!("{extent}x")).collect();
        let global = format!("  memref.global \"private\" @{symbol} : memref<{shape}{}> = uninitialized {{alignment = 16 : i64}}\n", global_element(dtype));
        self.module_emitter.constant_arrays.insert(symbol.clone(), global);
        let name = self.op(format!("py.constant_array @{symbol} : {} {loc}", Type::Array(array_type).flat_mlir()[0]));
        Ok(Value::Array(name, array_type))
    }
}

