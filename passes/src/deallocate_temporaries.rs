//! `deallocate-temporaries`: frees the arrays a function allocates and does not hand on.
//!
//! `lower-py` allocates every new array with `memref.alloc`; the caller frees those a function
//! returns. Memory is owned by one value at a time, its *owner*: a `memref.alloc`, an array a
//! compiled callee returns, an array read from a list or dict (a new reference, which the runtime
//! counts and its free drops: `lower_py/descriptors.rs`), or a value that a branch or loop carries (an `scf.if`, `scf.for` or
//! `scf.while` result, or a loop body's block argument) and that may hold memory allocated inside
//! it. An owner owns memory only at run time: a carried value owns what it holds unless that is one
//! of the arrays from outside the branch or loop (its initial values, the arrays its body reads),
//! which their own owners free, told apart by address (views share their base's address).
//!
//! This pass follows each owner through the values derived from it (casts, views, strided metadata,
//! loops and branches that carry it, calls that may return it) and decides where it is freed:
//! - handed on by its own block's `scf.yield` (itself or a view): nowhere, the receiver owns it;
//! - possibly handed on (a branch result, loop result or callee's result that may be it is
//!   yielded): before that yield, unless the address is one yielded;
//! - possibly returned: before every `func.return` of a block it dominates, unless returned;
//! - otherwise right after the last operation of its block that touches its memory, when nothing
//!   outside the block does and no call is given or returns it, else where the block ends (before
//!   its terminator, or at the top level before every return it dominates).
//!
//! The top level is a chain of blocks, each entered from the one before, and a shared exit block
//! taken when an exception is raised or a loop or branch returned (it receives the arrays returned
//! and returns them). An allocation made after the entry block does not dominate the exit block: it
//! is freed on a block of its own placed on each branch from the blocks it dominates to the exit.

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

/// Ops through which a memref leaves the control of this pass.
const ESCAPES: [&str; 2] = ["memref.store", "memref.dealloc"];

/// Ops that carry memrefs out of their regions as results.
const CARRIERS: [&str; 3] = ["scf.if", "scf.for", "scf.while"];

/// Loops, which also carry memrefs from one iteration to the next as block arguments.
const LOOPS: [&str; 2] = ["scf.for", "scf.while"];

/// What becomes of an owner's memory, from the least to the most that it constrains.
#[derive(Clone, Copy, PartialEq, PartialOrd)]
enum Fate {
    /// Used only inside its block: free it after its last use there.
    Local,
    /// Its block's yield hands on a value that may be it: free it before the yield unless yielded.
    MaybeYielded,
    /// Possibly returned to the caller: free it before a return that does not hand it back.
    Returned,
    /// Its block's yield hands it on: the receiver owns it.
    Yielded,
    /// Passed on where this pass cannot follow: leave it.
    Escapes,
}

fn worst(fates: impl Iterator<Item = Fate>) -> Fate {
    fates.fold(Fate::Local, |worst, fate| if fate > worst { fate } else { worst })
}

fn is_memref(value: MlirValue) -> bool {
    unsafe { mlirTypeIsAMemRef(ir::value_type(value)) }
}

/// The block that defines `value`.
fn defining_block(value: MlirValue) -> MlirBlock {
    unsafe {
        if mlirValueIsABlockArgument(value) {
            mlirBlockArgumentGetOwner(value)
        } else {
            mlirOperationGetBlock(mlirOpResultGetOwner(value))
        }
    }
}

/// Whether `value` is defined inside one of `operation`'s regions.
fn defined_inside(value: MlirValue, operation: MlirOperation) -> bool {
    let holder = unsafe { mlirBlockGetParentOperation(defining_block(value)) };
    !holder.ptr.is_null() && ir::is_ancestor(operation, holder)
}

/// The values a carrier's yields (or a `while`'s condition) hand on from `user` and the memref
/// values on the other side: the carrier's results and, for a loop, its block arguments.
fn carried_on(carrier: MlirOperation) -> Vec<MlirValue> {
    let mut values = memref_results(carrier);
    if LOOPS.contains(&ir::op_name(carrier).as_str()) {
        values.extend(ir::block_arguments(carrier).into_iter().filter(|value| is_memref(*value)));
    }
    values
}

/// The fate of `value`'s memory through every value derived from it, for an owner defined in
/// `block`. `direct` is whether `value` is the owner or a view of it (not a value that may be it).
fn fate(value: MlirValue, block: MlirBlock, direct: bool, visited: &mut Vec<MlirValue>) -> Fate {
    if visited.iter().any(|seen| unsafe { mlirValueEqual(*seen, value) }) {
        return Fate::Local;
    }
    visited.push(value);
    worst(ir::uses(value).into_iter().map(|(user, position)| {
        let name = ir::op_name(user);
        match name.as_str() {
            "func.return" => Fate::Returned,
            "scf.yield" | "scf.condition" if unsafe { mlirBlockEqual(mlirOperationGetBlock(user), block) } => {
                if direct {
                    Fate::Yielded
                } else {
                    Fate::MaybeYielded
                }
            }
            // Handed out of a nested branch or loop: what that carries may be this memory.
            "scf.yield" | "scf.condition" => {
                let carrier = unsafe { mlirOperationGetParentOperation(user) };
                worst(carried_on(carrier).into_iter().map(|carried| fate(carried, block, false, visited)))
            }
            // Passed to a block (the exit block, which returns it): what becomes of the block's arguments.
            "cf.br" | "cf.cond_br" => worst(successor_arguments(user).into_iter().map(|argument| fate(argument, block, false, visited))),
            // Storing into an array is no escape for the array stored into.
            "memref.store" if position == 1 => Fate::Local,
            escape if ESCAPES.contains(&escape) => Fate::Escapes,
            view if VIEWS.contains(&view) => worst(memref_results(user).into_iter().map(|result| fate(result, block, direct, visited))),
            // A compiled callee keeps none of its arguments, but may return any of them (or a view).
            "func.call" => worst(memref_results(user).into_iter().map(|result| fate(result, block, false, visited))),
            looping if LOOPS.contains(&looping) => worst(carried_on(user).into_iter().map(|carried| fate(carried, block, false, visited))),
            _ => Fate::Local,
        }
    }))
}

/// The memref arguments of the blocks a branch goes to.
fn successor_arguments(branch: MlirOperation) -> Vec<MlirValue> {
    let mut arguments = Vec::new();
    for position in 0..unsafe { mlirOperationGetNumSuccessors(branch) } {
        let successor = unsafe { mlirOperationGetSuccessor(branch, position) };
        for index in 0..unsafe { mlirBlockGetNumArguments(successor) } {
            arguments.push(unsafe { mlirBlockGetArgument(successor, index) });
        }
    }
    arguments.into_iter().filter(|argument| is_memref(*argument)).collect()
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

/// The memrefs among `operation`'s results (what of its operand's memory it hands on).
fn memref_results(operation: MlirOperation) -> Vec<MlirValue> {
    ir::results(operation).into_iter().filter(|result| is_memref(*result)).collect()
}

/// The memrefs among `operation`'s operands.
fn memref_operands(operation: MlirOperation) -> Vec<MlirValue> {
    ir::operands(operation).into_iter().filter(|operand| is_memref(*operand)).collect()
}

/// Memory that a carrier may hold without owning it: the memrefs it is given and those from
/// outside it that its regions use.
fn outside_memory(carrier: MlirOperation) -> Vec<MlirValue> {
    let mut outside = memref_operands(carrier);
    let known = |values: &Vec<MlirValue>, value: MlirValue| values.iter().any(|known| unsafe { mlirValueEqual(*known, value) });
    for operation in ir::collect_operations(carrier, |operation| unsafe { !mlirOperationEqual(operation, carrier) }) {
        for operand in memref_operands(operation) {
            if !defined_inside(operand, carrier) && !known(&outside, operand) && !is_scalar_slot(operand) {
                outside.push(operand);
            }
        }
    }
    outside
}

/// A stack slot of one number (a variable's), which no array is.
fn is_scalar_slot(value: MlirValue) -> bool {
    ir::defining_operation(value).is_some_and(|operation| ir::op_name(operation) == "memref.alloca") && unsafe { mlirShapedTypeGetRank(ir::value_type(value)) == 0 }
}

/// An array read from a container, which holds a reference of its own.
fn is_new_reference(operation: MlirOperation) -> bool {
    !ir::attribute(operation, crate::lower_py::NEW_REFERENCE_ATTRIBUTE).ptr.is_null()
}

/// The null array `lower-py` makes of a `ub.poison` one.
fn is_null_array(cast: MlirOperation) -> bool {
    ir::operands(cast).first().and_then(|operand| ir::defining_operation(*operand)).is_some_and(|producer| ir::op_name(producer) == "llvm.mlir.zero")
}

/// A call of a compiled function, which returns its status first and owns the arrays it returns
/// (a runtime function that gives memory, such as a CUDA block's shared memory, returns it first,
/// and it is the runtime's).
fn is_compiled_call(operation: MlirOperation) -> bool {
    ir::op_name(operation) == "func.call" && ir::results(operation).first().is_some_and(|status| !is_memref(*status))
}

/// Whether a carrier's regions hand on memory allocated inside them, so that what it carries
/// may need freeing: some yield (or condition) hands on a memref made inside it by an allocation,
/// a compiled callee or another carrier. One that may hand on memory made inside it that is not
/// the heap's (a stack array, the runtime's memory) is left alone: it leaks rather than frees
/// what it does not own. Null arrays and constants are freed as nothing.
fn may_carry_new_memory(carrier: MlirOperation) -> bool {
    let terminators = ir::collect_operations(carrier, |operation| {
        matches!(ir::op_name(operation).as_str(), "scf.yield" | "scf.condition") && unsafe { mlirOperationEqual(mlirOperationGetParentOperation(operation), carrier) }
    });
    let mut new_memory = false;
    for root in terminators.into_iter().flat_map(memref_operands).map(ir::root_memref) {
        if !defined_inside(root, carrier) {
            continue;
        }
        match ir::defining_operation(root) {
            // A block argument: the carrier's own (what it already carries) or a nested loop's.
            None => new_memory |= unsafe { !mlirOperationEqual(mlirBlockGetParentOperation(mlirBlockArgumentGetOwner(root)), carrier) },
            Some(producer) => match ir::op_name(producer).as_str() {
                "memref.alloc" => new_memory = true,
                _ if is_new_reference(producer) => new_memory = true,
                name if CARRIERS.contains(&name) || is_compiled_call(producer) => new_memory = true,
                "memref.get_global" => {}
                "builtin.unrealized_conversion_cast" if is_null_array(producer) => {}
                _ => return false,
            },
        }
    }
    new_memory
}

/// An owner and what tells, at run time, whether it owns the memory it holds.
struct Owner {
    value: MlirValue,
    /// The block it is defined in.
    block: MlirBlock,
    ownership: Ownership,
    /// The other memrefs its op gives (or its block receives), which may be the same memory (a
    /// branch that yields one new array as two variables): the first of equal ones frees it.
    siblings: Vec<MlirValue>,
    /// How many of `siblings` come before it.
    earlier_siblings: usize,
}

enum Ownership {
    /// A `memref.alloc` or a new reference: always.
    Allocated,
    /// A compiled callee's result: when the call succeeded (a raising callee returns no memory)
    /// and it is none of the call's arguments (or a view of one) handed back.
    Returned(MlirOperation),
    /// A carried value: when it is none of the carrier's outside memory (`outside_memory`).
    Carried(Vec<MlirValue>),
}

impl Owner {
    /// The condition under which `self` owns its memory and is none of `kept`, built before `b`'s
    /// anchor; `None` where that is always true.
    fn frees(&self, b: &Builder, kept: &[MlirValue]) -> Option<MlirValue> {
        let mut others = kept.to_vec();
        others.extend(&self.siblings[..self.earlier_siblings]);
        let mut condition = None;
        match self.ownership {
            Ownership::Allocated => {}
            Ownership::Returned(call) => {
                let status = ir::results(call)[0];
                condition = Some(b.compare(false, "eq", status, b.integer(ir::value_type(status), 0)));
                others.extend(memref_operands(call));
            }
            Ownership::Carried(ref outside) => others.extend(outside),
        }
        if others.is_empty() {
            return condition;
        }
        let distinct = distinct_from(b, self.value, &others);
        Some(match condition {
            Some(condition) => b.binary("arith.andi", condition, distinct),
            None => distinct,
        })
    }

    /// Frees the memory in front of `anchor` if `self` owns it and it is none of `kept`.
    fn free_before(&self, anchor: MlirOperation, kept: &[MlirValue]) {
        let anchor = match self.frees(&Builder::before(anchor), kept) {
            Some(condition) => ir::then_terminator(&Builder::before(anchor), condition),
            None => anchor,
        };
        Builder::before(anchor).create("memref.dealloc", &[self.value], &[], &[]);
    }
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

/// The branches out of `blocks` to a block outside them (the shared exit block, taken when an
/// exception is raised): each terminator with the position of that successor.
fn exits(blocks: &[MlirBlock]) -> Vec<(MlirOperation, isize)> {
    let mut exits = Vec::new();
    for block in blocks {
        let terminator = unsafe { mlirBlockGetTerminator(*block) };
        for position in 0..unsafe { mlirOperationGetNumSuccessors(terminator) } {
            let successor = unsafe { mlirOperationGetSuccessor(terminator, position) };
            if !blocks.iter().any(|known| unsafe { mlirBlockEqual(*known, successor) }) {
                exits.push((terminator, position));
            }
        }
    }
    exits
}

/// The terminator of a block placed on the branch `exit` (one that only branches on to the
/// successor), made on first use and kept in `edge_blocks`: what runs only when that branch is
/// taken goes before it.
fn edge_block((terminator, position): (MlirOperation, isize), edge_blocks: &mut Vec<((MlirOperation, isize), MlirOperation)>) -> MlirOperation {
    if let Some((_, branch)) = edge_blocks.iter().find(|((known, known_position), _)| unsafe { mlirOperationEqual(*known, terminator) } && *known_position == position) {
        return *branch;
    }
    unsafe {
        // The new block takes what the branch passes and passes it on.
        let successor = mlirOperationGetSuccessor(terminator, position);
        let location = mlirOperationGetLocation(terminator);
        let types: Vec<MlirType> = (0..mlirBlockGetNumArguments(successor)).map(|index| ir::value_type(mlirBlockGetArgument(successor, index))).collect();
        let locations = vec![location; types.len()];
        let block = mlirBlockCreate(types.len() as isize, types.as_ptr(), locations.as_ptr());
        mlirRegionInsertOwnedBlockAfter(mlirBlockGetParentRegion(successor), mlirOperationGetBlock(terminator), block);
        let arguments: Vec<MlirValue> = (0..types.len() as isize).map(|index| mlirBlockGetArgument(block, index)).collect();
        let mut state = mlirOperationStateGet(ir::string_ref("cf.br"), location);
        mlirOperationStateAddOperands(&mut state, arguments.len() as isize, arguments.as_ptr());
        mlirOperationStateAddSuccessors(&mut state, 1, &successor);
        let branch = mlirOperationCreate(&mut state);
        mlirBlockAppendOwnedOperation(block, branch);
        mlirOperationSetSuccessor(terminator, position, block);
        edge_blocks.push(((terminator, position), branch));
        branch
    }
}

/// Every operation that touches `value`'s memory: its users and those of the views of it (and of
/// the words of its descriptor), of the values carriers hand on from it, and of the block arguments
/// of loops that carry it.
fn users_of_memory(value: MlirValue, users: &mut Vec<MlirOperation>, visited: &mut Vec<MlirValue>) {
    if visited.iter().any(|seen| unsafe { mlirValueEqual(*seen, value) }) {
        return;
    }
    visited.push(value);
    for (user, _) in ir::uses(value) {
        users.push(user);
        let name = ir::op_name(user);
        // The descriptor's words (`py.array_to_words`) reach the memory as the array does.
        let derived = if VIEWS.contains(&name.as_str()) || name == "builtin.unrealized_conversion_cast" || name.starts_with("llvm.") {
            ir::results(user)
        } else if LOOPS.contains(&name.as_str()) {
            carried_on(user)
        } else if matches!(name.as_str(), "scf.yield" | "scf.condition") {
            let carrier = unsafe { mlirOperationGetParentOperation(user) };
            if CARRIERS.contains(&ir::op_name(carrier).as_str()) { carried_on(carrier) } else { Vec::new() }
        } else {
            Vec::new()
        };
        for derived in derived {
            users_of_memory(derived, users, visited);
        }
    }
}

/// The operation right after the last one of `owner`'s block that touches its memory (itself or
/// through an operation it holds), when nothing outside that block does: the soonest a local array
/// can be freed, which keeps fewer large temporaries alive at once (NumPy frees each when its last
/// reference goes). `None` sends the array to the end of its scope.
fn after_last_use(owner: &Owner) -> Option<MlirOperation> {
    // Not memory a call returns or is given: a raising callee returns the empty descriptor, and the
    // frontend may still read from it later in the statement; with the dealloc at the block's end,
    // LLVM sinks such reads onto the path where the call succeeded, which one here would block.
    let mut users = Vec::new();
    for value in std::iter::once(&owner.value).chain(&owner.siblings) {
        users_of_memory(*value, &mut users, &mut Vec::new());
    }
    if matches!(owner.ownership, Ownership::Returned(_)) || users.iter().any(|user| ir::op_name(*user) == "func.call") {
        return None;
    }
    let mut last = ir::defining_operation(owner.value);
    for user in users {
        let mut holder = user;
        while unsafe { !mlirBlockEqual(mlirOperationGetBlock(holder), owner.block) } {
            holder = unsafe { mlirOperationGetParentOperation(holder) };
            if holder.ptr.is_null() || ir::op_name(holder) == "func.func" {
                return None;
            }
        }
        if last.is_none_or(|last| unsafe { mlirOperationIsBeforeInBlock(last, holder) }) {
            last = Some(holder);
        }
    }
    let next = match last {
        Some(last) => unsafe { mlirOperationGetNextInBlock(last) },
        None => unsafe { mlirBlockGetFirstOperation(owner.block) },
    };
    (!next.ptr.is_null()).then_some(next)
}

/// Every owner in `module`: allocations, new references, compiled callees' results, and the values of carriers
/// that may hand on memory allocated inside them.
fn owners(module: MlirOperation) -> Vec<Owner> {
    let mut owners = Vec::new();
    // Owners of the memrefs `values`, given together, each with the others as its siblings.
    let mut add = |values: Vec<MlirValue>, ownership: &dyn Fn() -> Ownership| {
        for (position, value) in values.iter().enumerate() {
            let siblings = values[..position].iter().chain(&values[position + 1..]).copied().collect();
            owners.push(Owner { value: *value, block: defining_block(*value), ownership: ownership(), siblings, earlier_siblings: position });
        }
    };
    for operation in ir::collect_operations(module, |_| true) {
        let name = ir::op_name(operation);
        let memrefs = memref_results(operation);
        if name == "memref.alloc" || is_new_reference(operation) {
            add(memrefs, &|| Ownership::Allocated);
        } else if is_compiled_call(operation) {
            add(memrefs, &|| Ownership::Returned(operation));
        } else if CARRIERS.contains(&name.as_str()) && may_carry_new_memory(operation) {
            let outside = outside_memory(operation);
            add(memrefs, &|| Ownership::Carried(outside.clone()));
            // A loop's body (a `while`'s after-region) receives what the previous iteration yielded.
            if LOOPS.contains(&name.as_str()) {
                let body = unsafe { mlirRegionGetFirstBlock(mlirOperationGetRegion(operation, if name == "scf.while" { 1 } else { 0 })) };
                let arguments = (0..unsafe { mlirBlockGetNumArguments(body) }).map(|index| unsafe { mlirBlockGetArgument(body, index) });
                add(arguments.filter(|argument| is_memref(*argument)).collect(), &|| Ownership::Carried(outside.clone()));
            }
        }
    }
    owners
}

/// Runs the pass on a module.
pub fn deallocate_temporaries(module: MlirOperation) {
    // Every fate is read before any dealloc is inserted: a dealloc is a use that would read as an escape.
    let fates: Vec<(Owner, Fate)> = owners(module)
        .into_iter()
        .map(|owner| {
            // What becomes of a sibling may become of this memory.
            let sibling_fates = owner.siblings.iter().map(|sibling| fate(*sibling, owner.block, false, &mut Vec::new()));
            let fate = worst(std::iter::once(fate(owner.value, owner.block, true, &mut Vec::new())).chain(sibling_fates));
            (owner, fate)
        })
        .collect();
    let mut edge_blocks = Vec::new();
    for (owner, fate) in fates {
        let terminator = unsafe { mlirBlockGetTerminator(owner.block) };
        match fate {
            Fate::Yielded | Fate::Escapes => {}
            Fate::MaybeYielded => owner.free_before(terminator, &memref_operands(terminator)),
            Fate::Local if after_last_use(&owner).is_some() => owner.free_before(after_last_use(&owner).expect("checked by the guard"), &[]),
            Fate::Local if !is_top_level(owner.block) => owner.free_before(terminator, &[]),
            Fate::Returned if !is_top_level(owner.block) => {}
            Fate::Local | Fate::Returned => {
                let dominated = dominated_blocks(owner.block);
                for block in &dominated {
                    let terminator = unsafe { mlirBlockGetTerminator(*block) };
                    if ir::op_name(terminator) == "func.return" {
                        let returned = if fate == Fate::Returned { memref_operands(terminator) } else { Vec::new() };
                        owner.free_before(terminator, &returned);
                    }
                }
                for exit in exits(&dominated) {
                    owner.free_before(edge_block(exit, &mut edge_blocks), &memref_operands(exit.0));
                }
            }
        }
    }
}
