//! `deallocate-temporaries`: frees the arrays a function allocates and does not hand on.
//!
//! `lower-py` allocates every new array with `memref.alloc`; the caller frees those a function
//! returns, and nothing freed the others (`t = a * 2.0; return t.sum()` leaked `t`). In the code the
//! frontend emits an array variable is never reassigned inside a loop or branch, so an allocation's
//! lifetime is the block it is made in. This pass matches every `memref.alloc` in a function and
//! follows the values derived from it (casts, views, strided metadata); if none reaches a
//! `func.return`, a call, a yield, a loop's initial values or a branch, it inserts `memref.dealloc` where the allocation goes
//! out of scope: before the terminator of its block inside a loop or branch body (each iteration
//! frees its own), and at the function's top level before every `func.return` of a block the
//! allocation dominates (the top level is a chain of blocks, each entered from the one before, and a
//! shared exit block taken when an exception is raised: an allocation made after the entry block
//! does not dominate it, and leaks when that exception is raised).
//! Allocations that escape are the caller's to free, as before.

use crate::ir::{self, Builder};
use mlir_sys::*;

/// Ops whose memref result is a view of (or metadata over) their first operand's memory.
const VIEWS: [&str; 7] = [
    "memref.cast",
    "memref.subview",
    "memref.transpose",
    "memref.reinterpret_cast",
    "memref.expand_shape",
    "memref.collapse_shape",
    "memref.extract_strided_metadata",
];

/// Ops through which a memref leaves the block's control: it may outlive the block.
/// (A loop's initial values are among them: its results may be any of the values it carries.)
const ESCAPES: [&str; 10] = ["func.return", "func.call", "scf.yield", "scf.condition", "scf.for", "scf.while", "cf.br", "cf.cond_br", "memref.store", "memref.dealloc"];

fn uses(value: MlirValue) -> Vec<(MlirOperation, u32)> {
    let mut found = Vec::new();
    unsafe {
        let mut operand = mlirValueGetFirstUse(value);
        while !operand.ptr.is_null() {
            found.push((mlirOpOperandGetOwner(operand), mlirOpOperandGetOperandNumber(operand)));
            operand = mlirOpOperandGetNextUse(operand);
        }
    }
    found
}

/// Whether the memory of `value` may outlive its block through some value derived from it.
fn escapes(value: MlirValue) -> bool {
    uses(value).into_iter().any(|(user, position)| {
        let name = ir::op_name(user);
        if ESCAPES.contains(&name.as_str()) {
            // Storing into an array is no escape for the array stored into.
            return !(name == "memref.store" && position == 1);
        }
        if VIEWS.contains(&name.as_str()) {
            return ir::results(user).into_iter().any(escapes);
        }
        false
    })
}

fn is_top_level(block: MlirBlock) -> bool {
    unsafe { ir::op_name(mlirBlockGetParentOperation(block)) == "func.func" }
}

/// The blocks `start` dominates in a function body shaped as the frontend emits it: every block for
/// the entry block, else `start` and, recursively, its successors that have no other predecessor.
fn dominated_blocks(start: MlirBlock) -> Vec<MlirBlock> {
    let entry = unsafe { mlirRegionGetFirstBlock(mlirBlockGetParentRegion(start)) };
    if unsafe { mlirBlockEqual(entry, start) } {
        let mut blocks = Vec::new();
        let mut block = entry;
        while !block.ptr.is_null() {
            blocks.push(block);
            block = unsafe { mlirBlockGetNextInRegion(block) };
        }
        return blocks;
    }
    let mut blocks = vec![start];
    let mut next = 0;
    while next < blocks.len() {
        let block = blocks[next];
        next += 1;
        unsafe {
            let terminator = mlirBlockGetTerminator(block);
            for position in 0..mlirOperationGetNumSuccessors(terminator) {
                let successor = mlirOperationGetSuccessor(terminator, position);
                if mlirBlockGetNumPredecessors(successor) == 1 && !blocks.iter().any(|known| mlirBlockEqual(*known, successor)) {
                    blocks.push(successor);
                }
            }
        }
    }
    blocks
}

fn deallocate_before(anchor: MlirOperation, allocation: MlirValue) {
    Builder::before(anchor).create("memref.dealloc", &[allocation], &[], &[]);
}

/// Runs the pass on a module.
pub fn deallocate_temporaries(module: MlirOperation) {
    let allocations = ir::collect_operations(module, |operation| ir::op_name(operation) == "memref.alloc");
    for allocation in allocations {
        let value = ir::results(allocation)[0];
        if escapes(value) {
            continue;
        }
        let block = unsafe { mlirOperationGetBlock(allocation) };
        if !is_top_level(block) {
            deallocate_before(unsafe { mlirBlockGetTerminator(block) }, value);
            continue;
        }
        for dominated in dominated_blocks(block) {
            let terminator = unsafe { mlirBlockGetTerminator(dominated) };
            if ir::op_name(terminator) == "func.return" {
                deallocate_before(terminator, value);
            }
        }
    }
}
