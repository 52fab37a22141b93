//! `internalize-functions`: gives internal linkage to every function with a body that is
//! not looked up from outside the module, and `alwaysinline` to those called from one place.
//!
//! `convert-func-to-llvm` makes every defined function external, so LLVM must keep and compile each
//! one as an exported symbol, after optimising it on its own: a callee (the prelude's functions, a
//! user's helpers, a function's unit-stride copy), and a compiled function itself next to its C
//! interface (`_mlir_ciface_f`, which calls it and into which LLVM inlines it: two copies of every
//! body). The runtime looks up C interfaces only, so everything else may be internal: LLVM drops a
//! body nothing calls any more. A function with one call site is inlined before optimisation
//! starts, so that its body is optimised once, in its caller.

use crate::ir;
use mlir_sys::*;
use std::collections::HashMap;

/// The prefix of the C interface `convert-func-to-llvm` makes for a function with
/// `llvm.emit_c_interface`, which the runtime looks up.
const C_INTERFACE_PREFIX: &str = "_mlir_ciface_";

pub fn internalize_functions(module: MlirOperation) {
    let mut call_sites: HashMap<String, usize> = HashMap::new();
    for call in ir::collect_operations(module, |operation| ir::op_name(operation) == "llvm.call") {
        let callee = ir::attribute(call, "callee");
        if !callee.ptr.is_null() {
            *call_sites.entry(ir::to_string(unsafe { mlirFlatSymbolRefAttrGetValue(callee) })).or_default() += 1;
        }
    }
    let functions = ir::collect_operations(module, |operation| {
        let private = !ir::attribute(operation, "sym_visibility").ptr.is_null() && ir::string_attribute(operation, "sym_visibility") == "private";
        let behind_interface = !ir::attribute(operation, "llvm.emit_c_interface").ptr.is_null() && !ir::string_attribute(operation, "sym_name").starts_with(C_INTERFACE_PREFIX);
        ir::op_name(operation) == "llvm.func" && (private || behind_interface) && unsafe { !mlirRegionGetFirstBlock(mlirOperationGetRegion(operation, 0)).ptr.is_null() }
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
