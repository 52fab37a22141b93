//! `extern-dynamic-shared-memory`: makes the global that `convert-gpu-to-nvvm` gives the dynamic
//! shared memory (`gpu.dynamic_shared_memory`, a zero-length `i8` array in memory space 3) external.
//!
//! The upstream lowering makes it `internal`, which NVPTX declares as a shared variable of its own
//! (`.shared .b8 __dynamic_shmem__0;`, one byte, placed among the kernel's static shared arrays):
//! writes through it then land on those arrays. Declared `.extern .shared ... []`, it is the start of
//! the memory the launch adds after every static shared array, as CUDA's `extern __shared__` is.

use crate::ir;
use mlir_sys::*;

/// NVVM's address space of a block's shared memory.
const SHARED_MEMORY_SPACE: i64 = 3;

pub fn extern_dynamic_shared_memory(module: MlirOperation) {
    let globals = ir::collect_operations(module, |operation| {
        ir::op_name(operation) == "llvm.mlir.global"
            && !ir::attribute(operation, "addr_space").ptr.is_null()
            && ir::integer_attribute(operation, "addr_space") == SHARED_MEMORY_SPACE
            && ir::print_type(unsafe { mlirTypeAttrGetValue(ir::attribute(operation, "global_type")) }) == "!llvm.array<0 x i8>"
    });
    for global in globals {
        let context = unsafe { mlirOperationGetContext(global) };
        let external = unsafe { mlirAttributeParseGet(context, ir::string_ref("#llvm.linkage<external>")) };
        unsafe { mlirOperationSetAttributeByName(global, ir::string_ref("linkage"), external) };
    }
}
