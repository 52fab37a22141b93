//! `outline-cuda-kernels`: the GPU target's module. Runs after `lower-py`, on a module whose
//! functions are one CUDA kernel (marked `rumba.kernel`) and the functions it calls.
//!
//! - `func.call @rumba_cuda_geometry(code)` (the frontend's reads of `cuda.threadIdx.x`, ...)
//!   becomes `gpu.thread_id`, `gpu.block_id`, `gpu.block_dim` or `gpu.grid_dim` along the axis the
//!   constant code names, cast to `i64`; `func.call @rumba_cuda_syncthreads()` becomes
//!   `gpu.barrier`, `@rumba_cuda_syncthreads_reduce` an `nvvm.barrier` with its reduction, and
//!   `@rumba_cuda_shuffle_*` a `gpu.shuffle` over the 32 lanes (two for 64-bit values, one per
//!   half); their declarations go.
//! - The globals of `cuda.shared.array`s move to shared memory (memory space 3, which NVVM lowers
//!   to `.shared`); their users read them through a `memref.memory_space_cast` to the generic space.
//!   `func.call @rumba_cuda_dynamic_shared_memory()` (`cuda.shared.array(0, dtype)`) becomes
//!   `gpu.dynamic_shared_memory`, as many bytes as the launch gave (`%dynamic_smem_size`), cast
//!   to the generic space the same way.
//! - Every global and function moves into `gpu.module @rumba_kernels`, and each kernel gets a
//!   `gpu.func @<name>_kernel` with the `kernel` attribute that calls it and drops its status (a
//!   kernel returns nothing; Numba ignores exceptions raised on the device too). The module becomes a
//!   `gpu.container_module`.
//!
//! PTX names hold letters, digits, `_` and `$` only: a function named after its module
//! (`helpers.norm__f64`) is renamed with `$` for each other character, its calls with it.
//!
//! A call of any other function without a body (a runtime function: array allocation checks,
//! formatted messages, random numbers) has no GPU implementation: an error at the call's location.

use crate::ir::{self, Builder};
use mlir_sys::*;
use rumba_dialects::cuda::{DYNAMIC_SHARED_MEMORY, GEOMETRY, SHARED_PREFIX, SHUFFLE_PREFIX, SYNCTHREADS, SYNCTHREADS_REDUCE};

/// The name of the `gpu.module` that holds the kernels.
pub const GPU_MODULE: &str = "rumba_kernels";
/// NVVM's address space of a block's shared memory.
const SHARED_MEMORY_SPACE: i64 = 3;
/// The unit attribute that marks a function as a kernel.
pub const KERNEL_ATTRIBUTE: &str = "rumba.kernel";
/// The suffix of a kernel's `gpu.func` (the symbol launches name).
pub const KERNEL_SUFFIX: &str = "_kernel";

const GEOMETRY_OPS: [&str; 4] = ["gpu.thread_id", "gpu.block_id", "gpu.block_dim", "gpu.grid_dim"];
const AXES: [&str; 3] = ["x", "y", "z"];

fn callee(call: MlirOperation) -> String {
    unsafe { ir::to_string(mlirFlatSymbolRefAttrGetValue(ir::attribute(call, "callee"))) }
}

fn symbol(function: MlirOperation) -> String {
    ir::string_attribute(function, "sym_name")
}

fn has_body(function: MlirOperation) -> bool {
    unsafe { !mlirRegionGetFirstBlock(mlirOperationGetRegion(function, 0)).ptr.is_null() }
}

/// A geometry read as the `gpu` op it is, cast to `i64`; false where the code is not a constant.
fn lower_geometry(call: MlirOperation) -> bool {
    let b = Builder::before(call);
    let Some(code) = constant_operand(call, 0).and_then(|code| usize::try_from(code).ok()).filter(|code| *code < 12) else {
        b.emit_error("a CUDA geometry read with a code not known when compiling");
        return false;
    };
    let dimension = b.parse_attribute(&format!("#gpu<dim {}>", AXES[code % 3]));
    let index = b.value(GEOMETRY_OPS[code / 3], &[], b.index_type(), &[("dimension", dimension)]);
    let value = b.value("arith.index_cast", &[index], b.integer_type(64), &[]);
    ir::replace_operation(call, &[value]);
    true
}

/// `name` as PTX can spell it (letters, digits, `_`, `$`): each other character a `$`, which no
/// Python name holds; `None` where it needs no change.
pub fn ptx_name(name: &str) -> Option<String> {
    let valid = |character: char| character.is_ascii_alphanumeric() || character == '_' || character == '$';
    (!name.chars().all(valid)).then(|| name.chars().map(|character| if valid(character) { character } else { '$' }).collect())
}

/// The constant an operand holds, if it is an `arith.constant`.
fn constant_operand(operation: MlirOperation, position: usize) -> Option<i64> {
    let operand = *ir::operands(operation).get(position)?;
    ir::defining_operation(operand).filter(|op| ir::op_name(*op) == "arith.constant").map(|constant| ir::integer_attribute(constant, "value"))
}

/// `rumba_cuda_syncthreads_reduce(reduction, predicate)` as an `nvvm.barrier` with the reduction.
fn lower_barrier_reduction(call: MlirOperation) -> bool {
    let b = Builder::before(call);
    let Some(reduction) = constant_operand(call, 0).and_then(|reduction| ["popc", "and", "or"].get(usize::try_from(reduction).ok()?).copied()) else {
        b.emit_error("a CUDA barrier reduction not known when compiling");
        return false;
    };
    let predicate = ir::operands(call)[1];
    let attributes = [("reductionOp", b.parse_attribute(&format!("#nvvm.reduction<{reduction}>"))), ("operandSegmentSizes", b.parse_attribute("array<i32: 0, 0, 1>"))];
    let reduced = b.value("nvvm.barrier", &[predicate], b.integer_type(32), &attributes);
    ir::replace_operation(call, &[reduced]);
    true
}

/// `rumba_cuda_shuffle_<T>(mode, value, lane)` as `gpu.shuffle`s over the warp's 32 lanes: one for a
/// 32-bit value, one per half of a 64-bit one.
fn lower_shuffle(call: MlirOperation) -> bool {
    let b = Builder::before(call);
    let Some(mode) = constant_operand(call, 0).and_then(|mode| ["xor", "down", "up", "idx"].get(usize::try_from(mode).ok()?).copied()) else {
        b.emit_error("a CUDA shuffle whose mode is not known when compiling");
        return false;
    };
    let (value, lane) = (ir::operands(call)[1], ir::operands(call)[2]);
    let (i32_type, i64_type) = (b.integer_type(32), b.integer_type(64));
    let lane = b.value("arith.trunci", &[lane], i32_type, &[]);
    let width = b.integer(i32_type, 32);
    let mode = b.parse_attribute(&format!("#gpu<shuffle_mode {mode}>"));
    let shuffle = |value: MlirValue| ir::results(b.create("gpu.shuffle", &[value, lane, width], &[ir::value_type(value), b.integer_type(1)], &[("mode", mode)]))[0];
    let value_type = ir::value_type(value);
    let float64 = ir::print_type(value_type) == "f64";
    let shuffled = if float64 || unsafe { mlirTypeIsAInteger(value_type) && mlirIntegerTypeGetWidth(value_type) == 64 } {
        let bits = if float64 { b.value("arith.bitcast", &[value], i64_type, &[]) } else { value };
        let thirty_two = b.integer(i64_type, 32);
        let low = shuffle(b.value("arith.trunci", &[bits], i32_type, &[]));
        let high = shuffle(b.value("arith.trunci", &[b.binary("arith.shrui", bits, thirty_two)], i32_type, &[]));
        let joined = b.binary("arith.ori", b.value("arith.extui", &[low], i64_type, &[]), b.binary("arith.shli", b.value("arith.extui", &[high], i64_type, &[]), thirty_two));
        if float64 { b.value("arith.bitcast", &[joined], value_type, &[]) } else { joined }
    } else {
        shuffle(value)
    };
    ir::replace_operation(call, &[shuffled]);
    true
}

/// `rumba_cuda_dynamic_shared_memory()` as the launch's dynamic shared memory, all of its bytes, in
/// the generic memory space.
fn lower_dynamic_shared_memory(call: MlirOperation) {
    let b = Builder::before(call);
    let shared_type = ir::parse_type(b.context, "memref<?xi8, #gpu.address_space<workgroup>>");
    let memory = b.value("gpu.dynamic_shared_memory", &[], shared_type, &[]);
    let size = b.value("nvvm.read.ptx.sreg.dynamic.smem.size", &[], b.integer_type(32), &[]);
    let bytes = b.value("arith.index_castui", &[size], b.index_type(), &[]);
    let sized = b.value("memref.view", &[memory, b.integer(b.index_type(), 0), bytes], shared_type, &[]);
    let generic = b.value("memref.memory_space_cast", &[sized], ir::value_type(ir::results(call)[0]), &[]);
    ir::replace_operation(call, &[generic]);
}

/// `gpu.func @<name>_kernel(...) kernel` in front of `function`, calling it with its arguments.
fn add_kernel_wrapper(function: MlirOperation) {
    let function_type = unsafe { mlirTypeAttrGetValue(ir::attribute(function, "function_type")) };
    let inputs: Vec<MlirType> = (0..unsafe { mlirFunctionTypeGetNumInputs(function_type) }).map(|position| unsafe { mlirFunctionTypeGetInput(function_type, position) }).collect();
    let results: Vec<MlirType> = (0..unsafe { mlirFunctionTypeGetNumResults(function_type) }).map(|position| unsafe { mlirFunctionTypeGetResult(function_type, position) }).collect();
    let b = Builder::before(function);
    let name = symbol(function);
    let kernel_type = unsafe { mlirTypeAttrGet(mlirFunctionTypeGet(b.context, inputs.len() as isize, inputs.as_ptr(), 0, std::ptr::null())) };
    let kernel_name = unsafe { mlirStringAttrGet(b.context, ir::string_ref(&format!("{name}{KERNEL_SUFFIX}"))) };
    let unit = unsafe { mlirUnitAttrGet(b.context) };
    let wrapper = b.create_with_regions("gpu.func", &[], &[], &[("function_type", kernel_type), ("sym_name", kernel_name), ("gpu.kernel", unit)], 1);
    let (block, terminator) = ir::append_terminated_block(wrapper, 0, &inputs, "gpu.return");
    let arguments: Vec<MlirValue> = (0..inputs.len()).map(|position| unsafe { mlirBlockGetArgument(block, position as isize) }).collect();
    let callee = unsafe { mlirFlatSymbolRefAttrGet(b.context, ir::string_ref(&name)) };
    Builder::before(terminator).create("func.call", &arguments, &results, &[("callee", callee)]);
}

/// Makes a shared array's `memref.global` one of the block's shared memory, and its readers cast it
/// back to the generic memory space their users expect.
fn move_to_shared_memory(global: MlirOperation, module: MlirOperation) {
    let symbol = symbol(global);
    let generic_type = unsafe { mlirTypeAttrGetValue(ir::attribute(global, "type")) };
    let shared_type = unsafe {
        let rank = mlirShapedTypeGetRank(generic_type) as isize;
        let shape: Vec<i64> = (0..rank).map(|dim| mlirShapedTypeGetDimSize(generic_type, dim)).collect();
        let space = mlirIntegerAttrGet(mlirIntegerTypeGet(mlirOperationGetContext(global), 64), SHARED_MEMORY_SPACE);
        mlirMemRefTypeGet(mlirShapedTypeGetElementType(generic_type), rank, shape.as_ptr(), mlirMemRefTypeGetLayout(generic_type), space)
    };
    unsafe { mlirOperationSetAttributeByName(global, ir::string_ref("type"), mlirTypeAttrGet(shared_type)) };
    let readers = ir::collect_operations(module, |operation| {
        ir::op_name(operation) == "memref.get_global" && unsafe { ir::to_string(mlirFlatSymbolRefAttrGetValue(ir::attribute(operation, "name"))) } == symbol
    });
    for reader in readers {
        let b = Builder::before(reader);
        let shared = b.value("memref.get_global", &[], shared_type, &[("name", ir::attribute(reader, "name"))]);
        let generic = b.value("memref.memory_space_cast", &[shared], generic_type, &[]);
        ir::replace_operation(reader, &[generic]);
    }
}

/// The first block of `operation`'s first region, made if the region has none.
fn body_block(operation: MlirOperation) -> MlirBlock {
    unsafe {
        let region = mlirOperationGetRegion(operation, 0);
        let block = mlirRegionGetFirstBlock(region);
        if !block.ptr.is_null() {
            return block;
        }
        let block = mlirBlockCreate(0, std::ptr::null(), std::ptr::null());
        mlirRegionAppendOwnedBlock(region, block);
        block
    }
}

pub fn outline_cuda_kernels(module: MlirOperation) -> bool {
    let mut lowered = true;
    for call in ir::collect_operations(module, |operation| ir::op_name(operation) == "func.call") {
        match callee(call).as_str() {
            GEOMETRY => lowered &= lower_geometry(call),
            SYNCTHREADS_REDUCE => lowered &= lower_barrier_reduction(call),
            DYNAMIC_SHARED_MEMORY => lower_dynamic_shared_memory(call),
            name if name.starts_with(SHUFFLE_PREFIX) => lowered &= lower_shuffle(call),
            SYNCTHREADS => {
                Builder::before(call).create("gpu.barrier", &[], &[], &[]);
                unsafe { mlirOperationDestroy(call) };
            }
            _ => {}
        }
    }
    let module_block = body_block(module);
    let functions = ir::collect_operations(module, |operation| {
        ir::op_name(operation) == "func.func" && unsafe { mlirOperationEqual(mlirOperationGetParentOperation(operation), module) }
    });
    let declarations: Vec<String> = functions.iter().filter(|function| !has_body(**function)).map(|function| symbol(*function)).collect();
    for call in ir::collect_operations(module, |operation| ir::op_name(operation) == "func.call") {
        let name = callee(call);
        if declarations.contains(&name) {
            Builder::before(call).emit_error(&format!("this is not supported in a CUDA kernel on the GPU: it needs the runtime function '{name}'"));
            lowered = false;
        }
    }
    if !lowered {
        return false;
    }
    let context = unsafe { mlirOperationGetContext(module) };
    let Some(gpu_module) = (unsafe { ir::parse_operation(context, &format!("gpu.module @{GPU_MODULE} {{\n}}")) }) else {
        return false;
    };
    unsafe { mlirBlockAppendOwnedOperation(module_block, gpu_module) };
    let gpu_block = body_block(gpu_module);
    let globals = ir::collect_operations(module, |operation| {
        ir::op_name(operation) == "memref.global" && unsafe { mlirOperationEqual(mlirOperationGetParentOperation(operation), module) }
    });
    for global in globals {
        if symbol(global).starts_with(SHARED_PREFIX) {
            move_to_shared_memory(global, module);
        }
        unsafe {
            mlirOperationRemoveFromParent(global);
            mlirBlockAppendOwnedOperation(gpu_block, global);
        }
    }
    let mut moved = Vec::new();
    for function in functions {
        unsafe { mlirOperationRemoveFromParent(function) };
        if has_body(function) {
            unsafe { mlirBlockAppendOwnedOperation(gpu_block, function) };
            moved.push(function);
        } else {
            unsafe { mlirOperationDestroy(function) };
        }
    }
    for function in &moved {
        if let Some(renamed) = ptx_name(&symbol(*function)) {
            // Uses are renamed within the gpu.module, a symbol table of its own.
            let renamed_uses = unsafe { mlirSymbolTableReplaceAllSymbolUses(ir::string_ref(&symbol(*function)), ir::string_ref(&renamed), gpu_module) };
            if renamed_uses.value == 0 {
                return false;
            }
            unsafe { mlirOperationSetAttributeByName(*function, ir::string_ref("sym_name"), mlirStringAttrGet(context, ir::string_ref(&renamed))) };
        }
    }
    for function in moved {
        if !ir::attribute(function, KERNEL_ATTRIBUTE).ptr.is_null() {
            add_kernel_wrapper(function);
        }
    }
    unsafe { mlirOperationSetAttributeByName(module, ir::string_ref("gpu.container_module"), mlirUnitAttrGet(context)) };
    true
}

/// The PTX of the `gpu.binary` that `gpu-module-to-binary{format=isa}` made of the kernels' module.
pub fn ptx_of(module: MlirOperation) -> Option<String> {
    let binary = ir::collect_operations(module, |operation| ir::op_name(operation) == "gpu.binary").into_iter().next()?;
    let objects = ir::attribute(binary, "objects");
    if unsafe { objects.ptr.is_null() || mlirArrayAttrGetNumElements(objects) == 0 } {
        return None;
    }
    let object = unsafe { mlirArrayAttrGetElement(objects, 0) };
    Some(unsafe { ir::to_string(mlirGPUObjectAttrGetObject(object)) })
}
