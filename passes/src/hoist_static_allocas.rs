//! `hoist-static-allocas`: stack slots of a constant size that a loop makes on every iteration, moved
//! to the entry block of their function.
//!
//! Lowering a memref handed to a runtime function (an unranked memref, a C-interface descriptor)
//! allocates the descriptor with `llvm.alloca` where the call is. In a block other than the entry
//! block, LLVM grows the stack by one slot each time the block runs and gives none back until the
//! function returns, so a loop over a million rows calling the runtime (seed 002's
//! `x[i, :].mean()`) overflowed the stack. Such a slot is used only until the call returns, so one
//! slot made on entry serves every iteration. The pass matches every `llvm.alloca` with a constant
//! count in a non-entry block directly in an `llvm.func` (not inside an OpenMP region, whose slots
//! are each thread's) and moves it, with a copy of its count, to the start of the entry block.

use crate::ir;
use mlir_sys::*;

/// Runs the pass on a module.
pub fn hoist_static_allocas(module: MlirOperation) {
    let allocas = ir::collect_operations(module, |operation| ir::op_name(operation) == "llvm.alloca");
    for alloca in allocas {
        unsafe {
            let function = mlirOperationGetParentOperation(alloca);
            if ir::op_name(function) != "llvm.func" {
                continue;
            }
            let entry = mlirRegionGetFirstBlock(mlirOperationGetRegion(function, 0));
            if mlirBlockEqual(mlirOperationGetBlock(alloca), entry) {
                continue;
            }
            let Some(count) = ir::defining_operation(mlirOperationGetOperand(alloca, 0)).filter(|count| ir::op_name(*count) == "llvm.mlir.constant") else {
                continue;
            };
            let first = mlirBlockGetFirstOperation(entry);
            let count = mlirOperationClone(count);
            mlirBlockInsertOwnedOperationBefore(entry, first, count);
            mlirOperationMoveAfter(alloca, count);
            mlirOperationSetOperand(alloca, 0, mlirOperationGetResult(count, 0));
        }
    }
}
