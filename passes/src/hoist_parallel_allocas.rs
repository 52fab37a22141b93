//! `hoist-parallel-allocas`: private scalars of a parallel loop, from per-iteration stack scopes to
//! per-thread stack slots.
//!
//! `convert-scf-to-openmp` wraps the body of each `omp.loop_nest` that allocates in a
//! `memref.alloca_scope`, whose region must keep a single block; lowering the `scf.if`s inside it to
//! branches breaks that. This pass matches every `memref.alloca_scope` nested in an `omp.parallel`,
//! moves its static `memref.alloca`s to the start of the `omp.parallel` region (each thread's own
//! frame, reused across the thread's iterations) and inlines the scope. That is sound for the code the
//! frontend emits: a parallel loop body stores every private slot before reading it, in each iteration.

use crate::ir;
use mlir_sys::*;

fn enclosing(operation: MlirOperation, name: &str) -> Option<MlirOperation> {
    let mut current = unsafe { mlirOperationGetParentOperation(operation) };
    while !current.ptr.is_null() {
        if ir::op_name(current) == name {
            return Some(current);
        }
        current = unsafe { mlirOperationGetParentOperation(current) };
    }
    None
}

/// Runs the pass on a module.
pub fn hoist_parallel_allocas(module: MlirOperation) {
    let scopes = ir::collect_operations(module, |operation| ir::op_name(operation) == "memref.alloca_scope");
    for scope in scopes {
        let Some(parallel) = enclosing(scope, "omp.parallel") else { continue };
        unsafe {
            let thread_entry = mlirRegionGetFirstBlock(mlirOperationGetRegion(parallel, 0));
            let first = mlirBlockGetFirstOperation(thread_entry);
            let body = mlirRegionGetFirstBlock(mlirOperationGetRegion(scope, 0));
            let mut operation = mlirBlockGetFirstOperation(body);
            let mut terminator = MlirOperation { ptr: std::ptr::null_mut() };
            while !operation.ptr.is_null() {
                let next = mlirOperationGetNextInBlock(operation);
                let name = ir::op_name(operation);
                if name == "memref.alloca" && mlirOperationGetNumOperands(operation) == 0 {
                    mlirOperationMoveBefore(operation, first);
                } else if name == "memref.alloca_scope.return" {
                    terminator = operation;
                } else {
                    mlirOperationMoveBefore(operation, scope);
                }
                operation = next;
            }
            let returned = if terminator.ptr.is_null() { Vec::new() } else { ir::operands(terminator) };
            ir::replace_operation(scope, &returned);
        }
    }
}
