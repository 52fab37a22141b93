//! CUDA shared memory. `py.shared_array` (the launch's dynamic shared memory) is a view of the bytes
//! `rumba_cuda_dynamic_shared_memory()` gives: the simulator's runtime gives the block's, and
//! `outline-cuda-kernels` makes the call the GPU's dynamic shared memory. In a simulated kernel
//! (`SIMULATED_ATTRIBUTE`), a `py.constant_array` of a `cuda.shared.array` global is a view of the
//! bytes `rumba_cuda_static_shared_memory(total)` gives, so that each block has arrays of its own and
//! blocks can run at once; every shared global of the module has its place there, in module order.

use super::call_runtime;
use crate::ir::{self, Builder};
use mlir_sys::*;
use rumba_dialects::cuda::{DYNAMIC_SHARED_MEMORY, SHARED_PREFIX, STATIC_SHARED_MEMORY};

/// Marks a CUDA kernel compiled for the simulator (`rumba_runtime::cuda::simulator`).
pub const SIMULATED_ATTRIBUTE: &str = "py.cuda_simulated";

/// Where each shared array starts in the block's memory: a multiple of this.
const ALIGNMENT: i64 = 16;

fn byte_memory(b: &Builder) -> MlirType {
    ir::parse_type(b.context, "memref<?xi8>")
}

/// The bytes an element of `element` (a scalar type) takes in memory.
fn element_bytes(element: MlirType) -> i64 {
    let bits = unsafe {
        if mlirTypeIsAInteger(element) {
            mlirIntegerTypeGetWidth(element)
        } else if mlirTypeIsAF32(element) {
            32
        } else {
            64
        }
    };
    i64::from(bits.div_ceil(8))
}

/// `cuda.shared.array(0, dtype)`: the dynamic shared memory as `result_type`, a 1-d memref of
/// `element`s, as many as fit.
pub(super) fn dynamic_shared_array(b: &Builder, element: MlirType, result_type: MlirType) -> Result<MlirValue, String> {
    let memory = call_runtime(b, DYNAMIC_SHARED_MEMORY, &[], Some(byte_memory(b)))?.expect("the call has a result");
    let zero = b.integer(b.index_type(), 0);
    let bytes = b.value("memref.dim", &[memory, zero], b.index_type(), &[]);
    let length = b.binary("arith.divui", bytes, b.integer(b.index_type(), element_bytes(element)));
    let elements = unsafe { mlirMemRefTypeGet(element, 1, [mlirShapedTypeGetDynamicSize()].as_ptr(), mlirAttributeGetNull(), mlirAttributeGetNull()) };
    let view = b.value("memref.view", &[memory, zero, length], elements, &[]);
    Ok(b.value("memref.cast", &[view], result_type, &[]))
}

/// The shared array of global `symbol` (of `global_type`) in a simulated kernel: its place in the
/// block's memory.
pub(super) fn simulated_shared_array(b: &Builder, module: MlirOperation, symbol: &str, global_type: MlirType) -> Result<MlirValue, String> {
    let globals = ir::collect_operations(module, |operation| ir::op_name(operation) == "memref.global" && ir::string_attribute(operation, "sym_name").starts_with(SHARED_PREFIX));
    let (mut total, mut start) = (0, None);
    for global in globals {
        let memory_type = unsafe { mlirTypeAttrGetValue(ir::attribute(global, "type")) };
        let elements: i64 = unsafe { (0..mlirShapedTypeGetRank(memory_type)).map(|dim| mlirShapedTypeGetDimSize(memory_type, dim as isize)).product() };
        total = (total + ALIGNMENT - 1) / ALIGNMENT * ALIGNMENT;
        if ir::string_attribute(global, "sym_name") == symbol {
            start = Some(total);
        }
        total += elements * element_bytes(unsafe { mlirShapedTypeGetElementType(memory_type) });
    }
    let start = start.ok_or_else(|| format!("py.constant_array: no shared memref.global named '{symbol}'"))?;
    let memory = call_runtime(b, STATIC_SHARED_MEMORY, &[b.integer(b.integer_type(64), total)], Some(byte_memory(b)))?.expect("the call has a result");
    Ok(b.value("memref.view", &[memory, b.integer(b.index_type(), start)], global_type, &[]))
}
