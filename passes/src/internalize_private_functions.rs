//! `internalize-private-functions`: gives every private `llvm.func` with a body internal linkage,
//! and those called from one place `alwaysinline`.
//!
//! `convert-func-to-llvm` makes every defined function external, so LLVM must keep and compile each
//! callee of a module (the prelude's functions, a user's helpers, a function's unit-stride copy) as
//! an exported symbol, after optimising it on its own. Private functions are never looked up from
//! outside the module: internal, LLVM may drop a body nothing calls any more. A function with one
//! call site is inlined before optimisation starts, so that its body is optimised once, in its
//! caller; this is most of what a prelude function adds to a first call.

use crate::ir;
use mlir_sys::*;
use std::collections::HashMap;

pub fn internalize_private_functions(module: MlirOperation) {
    let mut call_sites: HashMap<String, usize> = HashMap::new();
    for call in ir::collect_operations(module, |operation| ir::op_name(operation) == "llvm.call") {
        let callee = ir::attribute(call, "callee");
        if !callee.ptr.is_null() {
            *call_sites.entry(ir::to_string(unsafe { mlirFlatSymbolRefAttrGetValue(callee) })).or_default() += 1;
        }
    }
    let functions = ir::collect_operations(module, |operation| {
        ir::op_name(operation) == "llvm.func"
            && !ir::attribute(operation, "sym_visibility").ptr.is_null()
            && ir::string_attribute(operation, "sym_visibility") == "private"
            && unsafe { !mlirRegionGetFirstBlock(mlirOperationGetRegion(operation, 0)).ptr.is_null() }
    });
    for function in functions {
        let context = unsafe { mlirOperationGetContext(function) };
        let set = |name: &str, attribute: &str| unsafe { mlirOperationSetAttributeByName(function, ir::string_ref(name), mlirAttributeParseGet(context, ir::string_ref(attribute))) };
        set("linkage", "#llvm.linkage<internal>");
        if call_sites.get(&ir::string_attribute(function, "sym_name")) == Some(&1) {
            set("passthrough", "[\"alwaysinline\"]");
        }
    }
}
