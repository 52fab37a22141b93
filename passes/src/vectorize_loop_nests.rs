//! `vectorize-loop-nests`: tiles and vectorises the `linalg.generic`s that `raise-loop-nests` made,
//! with the transform dialect's tiling, peeling, vectorisation and hoisting.
//!
//! Each generic carries `rumba.tile_sizes` (a tile of 8×8 result elements over its two innermost
//! parallel dimensions, or 32 of its one, a step of 1 in every other one) and
//! `rumba.tile_interchange` (the tile loops parallel dimensions first, reductions innermost). The
//! transform below tiles with those, peels the row and column loops (the column loop alone where
//! there is one parallel dimension) so that every tile but those at the edges has static shape, and
//! vectorises each tile (the edge ones under masks). A reduction dimension stays one step at a time, so each
//! element sums in the order the loops wrote. Folding the subviews into the vector transfers lets the
//! hoisting move the result tile's read and write out of the reduction loop: the tile stays in
//! registers while the reduction runs. Transfers with permutation maps become minor-identity reads
//! and broadcasts, which lower to broadcast loads rather than element-by-element shuffles. One
//! transform module is built per generic, from the text below, and applied to the module with that
//! generic marked (its loop handles must each hold one loop).
//!
//! MLIR 22's hoisting refuses a memref that any view-like op uses, anywhere in the function, and
//! every array a function returns has one: the `memref.cast` to the returned layout (an argument
//! has the nest as written, beside the raised one, and often the subviews of other code). The raised nest
//! touches its result array only through the tile transfers (`raise-loop-nests` checks that no other
//! access reaches it), so the hoisting runs as a second transform, while the array's other users
//! read it through a placeholder `builtin.unrealized_conversion_cast` (which the first transform's
//! canonicalization would fold away), removed again afterwards.

use crate::ir::{self, Builder};
use mlir_sys::*;

/// The transform script for the one generic marked `rumba.vectorizing`; `SIZES`, `INTERCHANGE`,
/// `LOOPS`, `PEELING` (with `ROWS` and `REDUCTIONS`) are filled in from its tiling.
const SCRIPT: &str = r#"
module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %nests = transform.structured.match ops{["linalg.generic"]} attributes {rumba.vectorizing} in %root : (!transform.any_op) -> !transform.any_op
    %tiled, %loops:LOOPS = transform.structured.tile_using_for %nests tile_sizes [SIZES] interchange = [INTERCHANGE] : (!transform.any_op) -> (!transform.any_op, LOOP_TYPES)
PEELING
    %functions = transform.structured.match ops{["func.func"]} in %root : (!transform.any_op) -> !transform.any_op
    transform.apply_patterns to %functions {
      transform.apply_patterns.canonicalization
    } : !transform.any_op
    %tiles = transform.structured.match ops{["linalg.generic"]} attributes {rumba.vectorizing} in %root : (!transform.any_op) -> !transform.any_op
    transform.structured.vectorize %tiles vector_sizes [SIZES] : !transform.any_op
    transform.apply_patterns to %functions {
      transform.apply_patterns.vector.lower_multi_reduction lowering_strategy = "innerparallel"
      transform.apply_patterns.memref.fold_memref_alias_ops
      transform.apply_patterns.canonicalization
    } : !transform.any_op
    transform.apply_patterns to %functions {
      transform.apply_patterns.vector.transfer_permutation_patterns
    } : !transform.any_op
    transform.yield
  }
}
"#;

/// `SCRIPT`'s peeling of the row loop (the tile loop of the second innermost parallel dimension)
/// and, in the rows it leaves full, of the column loop.
const PEEL_ROWS_THEN_COLUMNS: &str = r#"
    %rows = transform.cast %loops#ROWS : !transform.any_op to !transform.op<"scf.for">
    %full_rows, %partial_rows = transform.loop.peel %rows : (!transform.op<"scf.for">) -> (!transform.any_op, !transform.any_op)
    %in_full_rows = transform.structured.match ops{["linalg.generic"]} in %full_rows : (!transform.any_op) -> !transform.any_op
    %columns = transform.get_parent_op %in_full_rows {op_name = "scf.for", nth_parent = REDUCTIONS} : (!transform.any_op) -> !transform.op<"scf.for">
    %full_columns, %partial_columns = transform.loop.peel %columns : (!transform.op<"scf.for">) -> (!transform.any_op, !transform.any_op)"#;

/// `SCRIPT`'s peeling where the generic has one parallel dimension: of its tile loop, the first.
const PEEL_COLUMNS: &str = r#"
    %columns = transform.cast %loops#0 : !transform.any_op to !transform.op<"scf.for">
    %full_columns, %partial_columns = transform.loop.peel %columns : (!transform.op<"scf.for">) -> (!transform.any_op, !transform.any_op)"#;

/// Moves the result tiles' reads and writes out of the reduction loops (after `SCRIPT`).
const HOIST: &str = r#"
module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %functions = transform.structured.match ops{["func.func"]} in %root : (!transform.any_op) -> !transform.any_op
    %hoisted = transform.structured.hoist_redundant_vector_transfers %functions : (!transform.any_op) -> !transform.any_op
    transform.yield
  }
}
"#;

/// Applies the transform module `script` to `module`; false if it failed.
fn apply(module: MlirOperation, script: &str) -> bool {
    unsafe {
        let transform = mlirModuleCreateParse(mlirOperationGetContext(module), ir::string_ref(script));
        let transform_module = mlirModuleGetOperation(transform);
        let symbols = mlirSymbolTableCreate(transform_module);
        let entry = mlirSymbolTableLookup(symbols, ir::string_ref("__transform_main"));
        mlirSymbolTableDestroy(symbols);
        let options = mlirTransformOptionsCreate();
        let applied = mlirTransformApplyNamedSequence(module, entry, transform_module, options);
        mlirTransformOptionsDestroy(options);
        mlirModuleDestroy(transform);
        applied.value != 0
    }
}

/// The transform module for generics tiled by `sizes` with their tile loops in `interchange` order:
/// the parallel dimensions, then the reductions (`raise-loop-nests` puts reductions first among the
/// generic's dimensions, so that vectors have their unit dimensions in front).
fn script(sizes: &[i64], interchange: &[i64]) -> String {
    let reductions = interchange[0] as usize;
    let text = |values: &[i64]| values.iter().map(|value| value.to_string()).collect::<Vec<_>>().join(", ");
    let peeling = if sizes.len() - reductions == 1 { PEEL_COLUMNS } else { PEEL_ROWS_THEN_COLUMNS };
    SCRIPT
        .replace("PEELING", peeling)
        .replace("LOOP_TYPES", &vec!["!transform.any_op"; sizes.len()].join(", "))
        .replace("LOOPS", &sizes.len().to_string())
        .replace("SIZES", &text(sizes))
        .replace("INTERCHANGE", &text(interchange))
        .replace("ROWS", &(sizes.len() - reductions).saturating_sub(2).to_string())
        .replace("REDUCTIONS", &(reductions + 1).to_string())
}

fn array_attribute(generic: MlirOperation, name: &str) -> Vec<i64> {
    let values = ir::attribute(generic, name);
    (0..unsafe { mlirDenseArrayGetNumElements(values) }).map(|index| unsafe { mlirDenseI64ArrayGetElement(values, index) }).collect()
}

/// Redirects every use of `array` but the vector transfers to a placeholder cast of it; returns the
/// placeholder.
fn shield(array: MlirValue) -> MlirOperation {
    let first_after_definition = unsafe {
        if mlirValueIsABlockArgument(array) {
            mlirBlockGetFirstOperation(mlirBlockArgumentGetOwner(array))
        } else {
            mlirOperationGetNextInBlock(mlirOpResultGetOwner(array))
        }
    };
    let placeholder = Builder::before(first_after_definition).create("builtin.unrealized_conversion_cast", &[array], &[ir::value_type(array)], &[]);
    for (user, position) in ir::uses(array) {
        let transfer = matches!(ir::op_name(user).as_str(), "vector.transfer_read" | "vector.transfer_write");
        if !transfer && !unsafe { mlirOperationEqual(user, placeholder) } {
            unsafe { mlirOperationSetOperand(user, position as isize, ir::results(placeholder)[0]) };
        }
    }
    placeholder
}

/// Runs the pass on a module; false if a transform failed.
pub fn vectorize_loop_nests(module: MlirOperation) -> bool {
    let raised = |operation: MlirOperation| ir::op_name(operation) == "linalg.generic" && !ir::attribute(operation, "rumba.tile_sizes").ptr.is_null();
    if ir::collect_operations(module, raised).is_empty() {
        return true;
    }
    // Each transform rewrites the functions around the generic it vectorises, so the next generic
    // is looked up again after it.
    while let Some(generic) = ir::collect_operations(module, raised).first().copied() {
        let (sizes, interchange) = (array_attribute(generic, "rumba.tile_sizes"), array_attribute(generic, "rumba.tile_interchange"));
        unsafe { mlirOperationSetAttributeByName(generic, ir::string_ref("rumba.vectorizing"), mlirUnitAttrGet(mlirOperationGetContext(generic))) };
        let left_unvectorized = |operation: MlirOperation| !ir::attribute(operation, "rumba.vectorizing").ptr.is_null();
        if !apply(module, &script(&sizes, &interchange)) || !ir::collect_operations(module, left_unvectorized).is_empty() {
            return false;
        }
    }
    let mut results: Vec<MlirValue> = Vec::new();
    for transfer in ir::collect_operations(module, |operation| ir::op_name(operation) == "vector.transfer_write") {
        let result = ir::root_memref(ir::operands(transfer)[1]);
        if !results.iter().any(|known| unsafe { mlirValueEqual(*known, result) }) {
            results.push(result);
        }
    }
    let placeholders: Vec<MlirOperation> = results.iter().map(|array| shield(*array)).collect();
    let hoisted = apply(module, HOIST);
    for placeholder in placeholders {
        ir::replace_operation(placeholder, &[unsafe { mlirOperationGetOperand(placeholder, 0) }]);
    }
    hoisted
}
