//! `serialize-nested-parallel`: an `scf.parallel` inside another becomes a nest of `scf.for` loops.
//!
//! Under `parallel=True` the parallel dimensions of every linalg op become `scf.parallel` loops,
//! including those of array expressions inside a `prange` body. OpenMP would start a team of threads
//! for each of them in each iteration of the outer loop, and run it on one thread anyway (nested
//! parallelism is off): all cost, no gain. This pass matches every `scf.parallel` without reductions
//! nested in another `scf.parallel` and rewrites it as `scf.for` loops over the same bounds, its body
//! moved into the innermost one. Only the outermost loops run on threads.

use crate::ir::{self, Builder};
use mlir_sys::*;

/// `scf.for %iv = lower to upper step step` with an empty body (just its `scf.yield`), in front of
/// `anchor`; returns the loop's body block.
fn empty_for(anchor: MlirOperation, lower: MlirValue, upper: MlirValue, step: MlirValue) -> MlirBlock {
    let b = Builder::before(anchor);
    let for_op = b.create_with_regions("scf.for", &[lower, upper, step], &[], &[], 1);
    ir::append_terminated_block(for_op, 0, &[b.index_type()], "scf.yield").0
}

fn serialize(parallel: MlirOperation) {
    let operands = ir::operands(parallel);
    unsafe {
        let body = mlirRegionGetFirstBlock(mlirOperationGetRegion(parallel, 0));
        let dims = mlirBlockGetNumArguments(body) as usize;
        let (lower, upper, step) = (&operands[..dims], &operands[dims..2 * dims], &operands[2 * dims..3 * dims]);
        let mut anchor = parallel;
        let mut innermost = mlirOperationGetBlock(parallel);
        for dim in 0..dims {
            let block = empty_for(anchor, lower[dim], upper[dim], step[dim]);
            mlirValueReplaceAllUsesOfWith(mlirBlockGetArgument(body, dim as isize), mlirBlockGetArgument(block, 0));
            anchor = mlirBlockGetTerminator(block);
            innermost = block;
        }
        let terminator = mlirBlockGetTerminator(innermost);
        let mut operation = mlirBlockGetFirstOperation(body);
        while !operation.ptr.is_null() {
            let next = mlirOperationGetNextInBlock(operation);
            if ir::op_name(operation) != "scf.reduce" {
                mlirOperationMoveBefore(operation, terminator);
            }
            operation = next;
        }
        mlirOperationDestroy(parallel);
    }
}

/// Runs the pass on a module.
pub fn serialize_nested_parallel(module: MlirOperation) {
    let nested = ir::collect_operations(module, |operation| {
        ir::op_name(operation) == "scf.parallel" && unsafe { mlirOperationGetNumResults(operation) } == 0 && ir::has_ancestor(operation, "scf.parallel")
    });
    for parallel in nested {
        serialize(parallel);
    }
}
