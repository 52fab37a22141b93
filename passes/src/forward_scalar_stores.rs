//! `forward-scalar-stores`: a load from a scalar stack slot becomes the value last stored to it.
//!
//! The frontend keeps every Python variable in a rank-0 `memref.alloca`. Upstream `mem2reg` promotes
//! slots used within one region, but a loop variable is stored in a loop body and read in the loops
//! nested in it, and those slots stay in memory: to MLIR, the index of `C[i, j]` in the innermost
//! loop is a load, not the induction variable, so no loop transformation can see the nest. This pass
//! replaces a `memref.load` of a slot by the value of the `memref.store` that reaches it on every
//! path: it walks back through the load's block, out through enclosing `scf.if`s and through loops
//! that do not store to the slot (one that does may hand the load an earlier iteration's value), and
//! into a block's sole predecessor. A slot left with stores only is erased with them.

use crate::ir;
use mlir_sys::*;
use std::collections::HashSet;

/// Region-holding ops whose regions run at most once each time the op runs.
const BRANCHES: [&str; 4] = ["scf.if", "scf.execute_region", "scf.index_switch", "memref.alloca_scope"];
/// Region-holding ops that may run their regions many times.
const LOOPS: [&str; 4] = ["scf.for", "scf.while", "scf.parallel", "scf.forall"];

/// A rank-0 `memref.alloca` used only as the memref of loads and stores.
struct Slot {
    loads: Vec<MlirOperation>,
    stores: Vec<MlirOperation>,
    /// The stores, and every op that contains one, by address: whether an op writes the slot is one
    /// lookup (a function of many statements has many stores to its state slot, and a walk over all
    /// of them per op made the pass cubic in the function's length).
    store_set: HashSet<*mut std::ffi::c_void>,
    writers: HashSet<*mut std::ffi::c_void>,
}

impl Slot {
    fn is_store(&self, operation: MlirOperation) -> bool {
        self.store_set.contains(&operation.ptr)
    }

    /// Whether `operation` is a store to the slot or contains one.
    fn writes(&self, operation: MlirOperation) -> bool {
        self.writers.contains(&operation.ptr)
    }
}

fn slot(alloca: MlirOperation) -> Option<Slot> {
    let memref = unsafe { mlirOperationGetResult(alloca, 0) };
    if unsafe { mlirShapedTypeGetRank(ir::value_type(memref)) } != 0 {
        return None;
    }
    let mut slot = Slot { loads: Vec::new(), stores: Vec::new(), store_set: HashSet::new(), writers: HashSet::new() };
    for (user, position) in ir::uses(memref) {
        match (ir::op_name(user).as_str(), position) {
            ("memref.load", 0) => slot.loads.push(user),
            ("memref.store", 1) => slot.stores.push(user),
            _ => return None,
        }
    }
    for store in &slot.stores {
        slot.store_set.insert(store.ptr);
        let mut operation = *store;
        while !operation.ptr.is_null() && slot.writers.insert(operation.ptr) {
            operation = unsafe { mlirOperationGetParentOperation(operation) };
        }
    }
    Some(slot)
}

/// What the ops of `block` before `end` (all of them for a null `end`) leave in the slot.
enum Written {
    Value(MlirValue),
    Unknown,
    Nothing,
}

fn written_before(block: MlirBlock, end: MlirOperation, slot: &Slot) -> Written {
    let mut written = Written::Nothing;
    let mut operation = unsafe { mlirBlockGetFirstOperation(block) };
    while !operation.ptr.is_null() && (end.ptr.is_null() || !unsafe { mlirOperationEqual(operation, end) }) {
        if slot.is_store(operation) {
            written = Written::Value(unsafe { mlirOperationGetOperand(operation, 0) });
        } else if slot.writes(operation) {
            written = Written::Unknown;
        }
        operation = unsafe { mlirOperationGetNextInBlock(operation) };
    }
    written
}

/// The one block whose terminator branches to `block`, if there is exactly one such branch.
fn sole_predecessor(block: MlirBlock) -> Option<MlirBlock> {
    unsafe {
        let region = mlirBlockGetParentRegion(block);
        let mut predecessors = Vec::new();
        let mut candidate = mlirRegionGetFirstBlock(region);
        while !candidate.ptr.is_null() {
            let terminator = mlirBlockGetTerminator(candidate);
            for index in 0..mlirOperationGetNumSuccessors(terminator) {
                if mlirBlockEqual(mlirOperationGetSuccessor(terminator, index), block) {
                    predecessors.push(candidate);
                }
            }
            candidate = mlirBlockGetNextInRegion(candidate);
        }
        (predecessors.len() == 1).then(|| predecessors[0])
    }
}

/// The value stored to the slot that reaches `load` on every path, if one does.
fn reaching_value(load: MlirOperation, slot: &Slot) -> Option<MlirValue> {
    let mut end = load;
    let mut block = unsafe { mlirOperationGetBlock(load) };
    let mut visited = HashSet::new();
    loop {
        match written_before(block, end, slot) {
            Written::Value(value) => return Some(value),
            Written::Unknown => return None,
            Written::Nothing => {}
        }
        if !visited.insert(block.ptr) {
            return None;
        }
        if let Some(predecessor) = sole_predecessor(block) {
            block = predecessor;
            end = MlirOperation { ptr: std::ptr::null_mut() };
            continue;
        }
        let parent = unsafe { mlirBlockGetParentOperation(block) };
        let name = ir::op_name(parent);
        let leaves_loop = LOOPS.contains(&name.as_str()) && !slot.writes(parent);
        if !(BRANCHES.contains(&name.as_str()) || leaves_loop) {
            return None;
        }
        end = parent;
        block = unsafe { mlirOperationGetBlock(parent) };
    }
}

/// Runs the pass on a module.
pub fn forward_scalar_stores(module: MlirOperation) {
    for alloca in ir::collect_operations(module, |operation| ir::op_name(operation) == "memref.alloca") {
        let Some(slot) = slot(alloca) else { continue };
        let mut loads_left = slot.loads.len();
        for load in &slot.loads {
            if let Some(value) = reaching_value(*load, &slot) {
                ir::replace_operation(*load, &[value]);
                loads_left -= 1;
            }
        }
        if loads_left == 0 {
            for store in slot.stores {
                unsafe { mlirOperationDestroy(store) };
            }
            unsafe { mlirOperationDestroy(alloca) };
        }
    }
}
