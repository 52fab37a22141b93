//! `deallocate-temporaries`: frees the arrays a function allocates and does not hand on.
//!
//! `lower-py` allocates every new array with `memref.alloc`; the caller frees those a function
//! returns, and nothing freed the others (`t = a * 2.0; return t.sum()` leaked `t`). In the code the
//! frontend emits, an array lives in the block it is made in, or is carried by loops that swap it
//! with another. This pass matches every `memref.alloc` and follows the values derived from it
//! (casts, views, strided metadata, and the results and block arguments of loops that carry it).
//! If none reaches a call, a foreign yield or a branch, it inserts `memref.dealloc` after the last
//! operation of the allocation's block that touches the memory, when nothing outside that block
//! does (every path through a block runs it to its end, so that frees it on every path) and no
//! call gives or returns it; otherwise where the allocation goes out of scope: before the
//! terminator of its block inside a loop or branch body (each iteration frees its own), and at
//! the function's top level before every `func.return` of a block the allocation dominates. The
//! top level is a chain of blocks, each entered from the one
//! before, and a shared exit block taken when an exception is raised, which an allocation made after
//! the entry block does not dominate: it leaks when that exception is raised. An allocation that may
//! be returned (itself, a view of it, or whichever array a swapping loop ends with) is freed before a
//! return only when, at run time, it is not the memory returned; the caller frees that one.

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
const ESCAPES: [&str; 7] = ["scf.yield", "scf.condition", "cf.br", "cf.cond_br", "memref.store", "memref.dealloc", "func.return"];

/// Loops that carry memrefs from one iteration to the next (`u, new = new, u`).
const LOOPS: [&str; 2] = ["scf.for", "scf.while"];

/// What becomes of an allocation's memory.
#[derive(Clone, Copy, PartialEq, PartialOrd)]
enum Fate {
    /// Used only inside its block: free it where the block ends.
    Local,
    /// Possibly returned to the caller (directly, as a view, or as a loop's result): free it before
    /// a return that does not hand it back.
    Returned,
    /// Passed on where this pass cannot follow: leave it.
    Escapes,
}

/// The fate of `value`'s memory through every value derived from it. `carrying` is the loop whose
/// block arguments are being followed: its own yields and conditions only carry them on.
fn fate(value: MlirValue, carrying: Option<MlirOperation>) -> Fate {
    let worst = |fates: &mut dyn Iterator<Item = Fate>| fates.fold(Fate::Local, |worst, fate| if fate > worst { fate } else { worst });
    worst(&mut ir::uses(value).into_iter().map(|(user, position)| {
        let name = ir::op_name(user);
        let parent = unsafe { mlirOperationGetParentOperation(user) };
        match name.as_str() {
            "func.return" => Fate::Returned,
            "scf.yield" | "scf.condition" if carrying.is_some_and(|op| unsafe { mlirOperationEqual(op, parent) }) => Fate::Local,
            // Storing into an array is no escape for the array stored into.
            "memref.store" if position == 1 => Fate::Local,
            escape if ESCAPES.contains(&escape) => Fate::Escapes,
            // A compiled callee keeps none of its arguments, but may return any of them (or a view).
            view if VIEWS.contains(&view) || view == "func.call" => worst(&mut ir::results(user).into_iter().map(|result| fate(result, carrying))),
            // A loop may hand back any value it carries, as any of its results.
            looping if LOOPS.contains(&looping) => worst(
                &mut ir::results(user).into_iter().map(|result| fate(result, carrying)).chain(ir::block_arguments(user).into_iter().map(|argument| fate(argument, Some(user)))),
            ),
            _ => Fate::Local,
        }
    }))
}

/// Whether `memref` is none of `others` (by address), built before `b`'s anchor.
fn distinct_from(b: &Builder, memref: MlirValue, others: &[MlirValue]) -> MlirValue {
    let index = b.index_type();
    let pointer = |memref: MlirValue| b.value("memref.extract_aligned_pointer_as_index", &[memref], index, &[]);
    let own = pointer(memref);
    let mut distinct = b.integer(b.integer_type(1), 1);
    for other in others {
        distinct = b.binary("arith.andi", distinct, b.compare(false, "ne", own, pointer(*other)));
    }
    distinct
}

/// The memrefs among `operation`'s operands.
fn memref_operands(operation: MlirOperation) -> Vec<MlirValue> {
    ir::operands(operation).into_iter().filter(|operand| unsafe { mlirTypeIsAMemRef(ir::value_type(*operand)) }).collect()
}

/// Frees `allocation` in front of `ret` unless one of the memrefs it returns is the same memory.
fn deallocate_unless_returned(ret: MlirOperation, allocation: MlirValue) {
    let returned = memref_operands(ret);
    if returned.is_empty() {
        deallocate_before(ret, allocation);
        return;
    }
    let b = Builder::before(ret);
    let distinct = distinct_from(&b, allocation, &returned);
    deallocate_before(ir::then_terminator(&b, distinct), allocation);
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

/// Frees `allocation` in front of `anchor`. An array a call returned is the caller's to free only
/// when the call succeeded (a raising callee returns no memory) and it is not one of the call's
/// arguments (or a view of one) handed back. A constant array a call returns is freed as nothing
/// (`runtime/src/memory.rs`).
fn deallocate_before(anchor: MlirOperation, allocation: MlirValue) {
    let owner = unsafe { mlirOpResultGetOwner(allocation) };
    let anchor = if ir::op_name(owner) == "func.call" {
        let b = Builder::before(anchor);
        let status = ir::results(owner)[0];
        let succeeded = b.compare(false, "eq", status, b.integer(ir::value_type(status), 0));
        let owned = b.binary("arith.andi", succeeded, distinct_from(&b, allocation, &memref_operands(owner)));
        ir::then_terminator(&b, owned)
    } else {
        anchor
    };
    Builder::before(anchor).create("memref.dealloc", &[allocation], &[], &[]);
}

/// Every operation that touches `value`'s memory: its users and those of the views of it and of
/// the loops that carry it.
fn users_of_memory(value: MlirValue, users: &mut Vec<MlirOperation>) {
    for (user, _) in ir::uses(value) {
        users.push(user);
        let name = ir::op_name(user);
        if VIEWS.contains(&name.as_str()) || LOOPS.contains(&name.as_str()) {
            for result in ir::results(user) {
                users_of_memory(result, users);
            }
        }
        if LOOPS.contains(&name.as_str()) {
            for argument in ir::block_arguments(user) {
                users_of_memory(argument, users);
            }
        }
    }
}

/// The operation right after the last one of `block` that touches `value`'s memory (itself or
/// through an operation it holds), when nothing outside `block` touches it: the soonest a local
/// array can be freed, which keeps fewer large temporaries alive at once (NumPy frees each when its
/// last reference goes). `None` sends the array to the end of its scope.
fn after_last_use(value: MlirValue, block: MlirBlock) -> Option<MlirOperation> {
    // Not memory a call returns or is given: a raising callee returns the empty descriptor, and the
    // frontend may still read from it later in the statement; with the dealloc at the block's end,
    // LLVM sinks such reads onto the path where the call succeeded, which one here would block.
    let owner = unsafe { mlirOpResultGetOwner(value) };
    let mut users = Vec::new();
    users_of_memory(value, &mut users);
    if ir::op_name(owner) == "func.call" || users.iter().any(|user| ir::op_name(*user) == "func.call") {
        return None;
    }
    let mut last = owner;
    for user in users {
        let mut holder = user;
        while unsafe { !mlirBlockEqual(mlirOperationGetBlock(holder), block) } {
            holder = unsafe { mlirOperationGetParentOperation(holder) };
            if holder.ptr.is_null() || ir::op_name(holder) == "func.func" {
                return None;
            }
        }
        if unsafe { mlirOperationIsBeforeInBlock(last, holder) } {
            last = holder;
        }
    }
    let next = unsafe { mlirOperationGetNextInBlock(last) };
    (!next.ptr.is_null()).then_some(next)
}

/// Runs the pass on a module: on every `memref.alloc`, and on every array a compiled function's call
/// returns after its status (a runtime function that gives memory, such as a CUDA block's shared
/// memory, returns it first, and it is the runtime's).
pub fn deallocate_temporaries(module: MlirOperation) {
    let allocations = ir::collect_operations(module, |operation| match ir::op_name(operation).as_str() {
        "memref.alloc" => true,
        "func.call" => ir::results(operation).first().is_some_and(|status| unsafe { !mlirTypeIsAMemRef(ir::value_type(*status)) }),
        _ => false,
    });
    // Every fate is read before any dealloc is inserted: a dealloc is a use that would read as an escape.
    let fates: Vec<(MlirValue, Fate)> = allocations
        .into_iter()
        .flat_map(ir::results)
        .filter(|result| unsafe { mlirTypeIsAMemRef(ir::value_type(*result)) })
        .map(|value| (value, fate(value, None)))
        .collect();
    for (value, fate) in fates {
        let block = unsafe { mlirOperationGetBlock(mlirOpResultGetOwner(value)) };
        if let Some(anchor) = (fate == Fate::Local).then(|| after_last_use(value, block)).flatten() {
            deallocate_before(anchor, value);
            continue;
        }
        match (fate, is_top_level(block)) {
            (Fate::Local, false) => deallocate_before(unsafe { mlirBlockGetTerminator(block) }, value),
            (Fate::Escapes, _) | (Fate::Returned, false) => {}
            (fate, true) => {
                for dominated in dominated_blocks(block) {
                    let terminator = unsafe { mlirBlockGetTerminator(dominated) };
                    if ir::op_name(terminator) != "func.return" {
                        continue;
                    }
                    match fate {
                        Fate::Local => deallocate_before(terminator, value),
                        _ => deallocate_unless_returned(terminator, value),
                    }
                }
            }
        }
    }
}
