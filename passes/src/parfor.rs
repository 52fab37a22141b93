//! `parfor`: fuses chains of elementwise array operations into one parallel loop.
//!
//! The frontend emits one `py.map` per NumPy operation, so `a * b + c` is a `py.map` for `a * b`
//! whose only use is the `py.map` that adds `c`. This pass matches every `py.map` operand produced
//! by another `py.map` in the same block with no other use, and inlines the producer's kernel into
//! the consumer's: the producer's operands become the consumer's, its kernel ops run first, and its
//! yielded element replaces the consumer's block argument. Repeated to a fixed point, each array
//! expression becomes one `py.map`: one loop, without temporaries, which `lower-py` turns into one
//! `linalg.generic`. A producer separated from its consumer by a write into an array (a
//! `py.setitem`, a copy, a call) stays a loop of its own: fused, it would read what the write left.
//! A value the fused map reads twice becomes one operand. Broadcasting composes (the broadcast of broadcasts is the broadcast of all the
//! operands), so fusing never changes a shape. A producer with another use (a name read twice, a
//! shape query) stays a loop of its own.

use crate::ir;
use mlir_sys::*;

/// The operation that defines `value`, if it is an operation's result.
fn producer(value: MlirValue) -> Option<MlirOperation> {
    unsafe { mlirValueIsAOpResult(value).then(|| mlirOpResultGetOwner(value)) }
}

fn has_one_use(value: MlirValue) -> bool {
    unsafe {
        let first = mlirValueGetFirstUse(value);
        !first.ptr.is_null() && mlirOpOperandGetNextUse(first).ptr.is_null()
    }
}

fn kernel(map: MlirOperation) -> MlirBlock {
    unsafe { mlirRegionGetFirstBlock(mlirOperationGetRegion(map, 0)) }
}

/// Whether an operation strictly between `producer` and `consumer` (in one block) may write into an array.
fn write_between(producer: MlirOperation, consumer: MlirOperation) -> bool {
    let mut operation = unsafe { mlirOperationGetNextInBlock(producer) };
    while !operation.ptr.is_null() && unsafe { !mlirOperationEqual(operation, consumer) } {
        if ir::writes_arrays(operation) {
            return true;
        }
        operation = unsafe { mlirOperationGetNextInBlock(operation) };
    }
    false
}

/// The position of an operand of `consumer` that a fusable `py.map` produces: one in the same block,
/// with no other use, and no write into an array between the two.
fn fusable_operand(consumer: MlirOperation) -> Option<(usize, MlirOperation)> {
    let block = unsafe { mlirOperationGetBlock(consumer) };
    ir::operands(consumer).into_iter().enumerate().find_map(|(position, operand)| {
        let producer = producer(operand)?;
        let fusable = ir::op_name(producer) == "py.map" && unsafe { mlirBlockEqual(mlirOperationGetBlock(producer), block) } && has_one_use(operand) && !write_between(producer, consumer);
        fusable.then_some((position, producer))
    })
}

/// Inlines `producer` (whose result is `consumer`'s operand `position`) into `consumer`, and erases it.
fn fuse(producer: MlirOperation, consumer: MlirOperation, position: usize) {
    unsafe {
        let (inner, outer) = (kernel(producer), kernel(consumer));
        let first = mlirBlockGetFirstOperation(outer);
        for argument in 0..mlirBlockGetNumArguments(inner) {
            let old = mlirBlockGetArgument(inner, argument);
            let new = mlirBlockAddArgument(outer, ir::value_type(old), mlirOperationGetLocation(producer));
            mlirValueReplaceAllUsesOfWith(old, new);
        }
        let yielded = ir::move_body_before(inner, first)[0];
        mlirValueReplaceAllUsesOfWith(mlirBlockGetArgument(outer, position as isize), yielded);
        mlirBlockEraseArgument(outer, position as u32);
        let mut operands = ir::operands(consumer);
        operands.remove(position);
        operands.extend(ir::operands(producer));
        mlirOperationSetOperands(consumer, operands.len() as isize, operands.as_ptr());
        mlirOperationDestroy(producer);
    }
}

/// Makes a value the map reads twice one operand: `x[i, :] / x[i, :].mean()` after CSE reads one view.
fn merge_duplicate_operands(map: MlirOperation) {
    let block = kernel(map);
    let mut operands = ir::operands(map);
    let mut position = 0;
    while position < operands.len() {
        match operands[..position].iter().position(|earlier| unsafe { mlirValueEqual(*earlier, operands[position]) }) {
            Some(first) => unsafe {
                mlirValueReplaceAllUsesOfWith(mlirBlockGetArgument(block, position as isize), mlirBlockGetArgument(block, first as isize));
                mlirBlockEraseArgument(block, position as u32);
                operands.remove(position);
            },
            None => position += 1,
        }
    }
    unsafe { mlirOperationSetOperands(map, operands.len() as isize, operands.as_ptr()) };
}

/// Runs the pass on a module.
pub fn parfor(module: MlirOperation) {
    for consumer in ir::collect_operations(module, |operation| ir::op_name(operation) == "py.map") {
        while let Some((position, producer)) = fusable_operand(consumer) {
            fuse(producer, consumer, position);
        }
        merge_duplicate_operands(consumer);
    }
}
