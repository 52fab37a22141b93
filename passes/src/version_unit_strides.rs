//! `version-unit-strides`: a function that loops over arrays of any layout gets a second body for
//! arrays whose innermost stride is 1, picked by a check when it is called.
//!
//! An array argument of layout A (`f4[:]` in a signature, a strided view) is a memref with a
//! run-time innermost stride, so `a[i]` is at `base + i * stride`. LLVM then cannot tell that the
//! `a[i + 1]` one iteration stores is the `a[i]` the next one loads (its address translation
//! through the loop's phi does not look through a multiplication), so it reloads what it just
//! stored, and it vectorises such loops only where it speculates the stride itself. Most arrays
//! passed are contiguous. For every function with such an argument and a loop, this pass makes two
//! private functions: `<name>__unit_stride`, a copy where each load, store and `memref.dim` of
//! those arguments reads them through a `memref.reinterpret_cast` whose innermost stride is the
//! constant 1, and `<name>__any_stride`, the function itself renamed. A new `<name>` checks the
//! innermost strides and calls one of them; each has one call, which LLVM inlines.

use crate::ir::{self, Builder};
use mlir_sys::*;

const UNIT_SUFFIX: &str = "__unit_stride";
const ANY_SUFFIX: &str = "__any_stride";

/// The rank of `r#type` if it is a memref whose innermost stride is only known at run time.
fn dynamic_innermost_stride(r#type: MlirType) -> Option<usize> {
    unsafe {
        if !mlirTypeIsAMemRef(r#type) {
            return None;
        }
        let rank = usize::try_from(mlirShapedTypeGetRank(r#type)).ok().filter(|&rank| rank > 0)?;
        let mut strides = vec![0i64; rank];
        let mut offset = 0i64;
        if mlirMemRefTypeGetStridesAndOffset(r#type, strides.as_mut_ptr(), &mut offset).value == 0 {
            return None;
        }
        (strides[rank - 1] == mlirShapedTypeGetDynamicStrideOrOffset()).then_some(rank)
    }
}

fn entry_block(function: MlirOperation) -> MlirBlock {
    unsafe { mlirRegionGetFirstBlock(mlirOperationGetRegion(function, 0)) }
}

fn symbol_name(function: MlirOperation) -> String {
    unsafe { ir::to_string(mlirStringAttrGetValue(ir::attribute(function, "sym_name"))) }
}

/// Positions and ranks of the arguments to version, if `function` has any and a loop.
fn versioned_arguments(function: MlirOperation) -> Vec<(isize, usize)> {
    let entry = entry_block(function);
    let name = symbol_name(function);
    if entry.ptr.is_null() || name.ends_with(UNIT_SUFFIX) || name.ends_with(ANY_SUFFIX) {
        return Vec::new();
    }
    let loops = ir::collect_operations(function, |operation| matches!(ir::op_name(operation).as_str(), "scf.for" | "scf.while" | "scf.parallel"));
    if loops.is_empty() {
        return Vec::new();
    }
    (0..unsafe { mlirBlockGetNumArguments(entry) })
        .filter_map(|position| dynamic_innermost_stride(ir::value_type(unsafe { mlirBlockGetArgument(entry, position) })).map(|rank| (position, rank)))
        .collect()
}


/// A copy of `function` named `name`, private, right after it.
fn private_copy(function: MlirOperation, name: &str) -> MlirOperation {
    unsafe {
        let copy = mlirOperationClone(function);
        mlirBlockInsertOwnedOperationAfter(mlirOperationGetBlock(function), function, copy);
        make_private(copy, name);
        copy
    }
}

/// Makes every load, store and dim of argument `position` of `function` read it through a view
/// with innermost stride 1.
fn assume_unit_stride(function: MlirOperation, position: isize, rank: usize) {
    let entry = entry_block(function);
    let argument = unsafe { mlirBlockGetArgument(entry, position) };
    let builder = Builder::before(unsafe { mlirBlockGetFirstOperation(entry) });
    let metadata = ir::strided_metadata(&builder, argument, rank);
    let (offset, sizes, strides) = (metadata[1], &metadata[2..2 + rank], &metadata[2 + rank..2 + 2 * rank - 1]);
    let dynamic = unsafe { mlirShapedTypeGetDynamicStrideOrOffset() };
    let mut static_strides = vec![dynamic; rank];
    static_strides[rank - 1] = 1;
    let shape = vec![unsafe { mlirShapedTypeGetDynamicSize() }; rank];
    let layout = unsafe { mlirStridedLayoutAttrGet(builder.context, dynamic, rank as isize, static_strides.as_ptr()) };
    let element = unsafe { mlirShapedTypeGetElementType(ir::value_type(argument)) };
    let unit_type = unsafe { mlirMemRefTypeGet(element, rank as isize, shape.as_ptr(), layout, mlirAttributeGetNull()) };
    let array = |values: &[i64]| builder.parse_attribute(&format!("array<i64: {}>", values.iter().map(i64::to_string).collect::<Vec<_>>().join(", ")));
    let mut operands = vec![argument, offset];
    operands.extend_from_slice(sizes);
    operands.extend_from_slice(strides);
    let segments = builder.parse_attribute(&format!("array<i32: 1, 1, {rank}, {}>", rank - 1));
    let unit = builder.value(
        "memref.reinterpret_cast",
        &operands,
        unit_type,
        &[
            ("static_offsets", array(&[dynamic])),
            ("static_sizes", array(&shape)),
            ("static_strides", array(&static_strides)),
            ("operandSegmentSizes", segments),
        ],
    );
    for (user, operand) in ir::uses(argument) {
        let reads_elements = match ir::op_name(user).as_str() {
            "memref.load" | "memref.dim" => operand == 0,
            "memref.store" => operand == 1,
            _ => false,
        };
        if reads_elements {
            unsafe { mlirOperationSetOperand(user, operand as isize, unit) };
        }
    }
}

/// A function named like `function`, with its attributes, in front of it, whose body checks the
/// innermost strides of the `versioned` arguments, calls `unit` if all are 1 and `any` otherwise,
/// and returns what it returned.
fn dispatcher(function: MlirOperation, versioned: &[(isize, usize)], unit: &str, any: &str) {
    unsafe {
        let entry = entry_block(function);
        let location = mlirOperationGetLocation(function);
        let argument_types: Vec<MlirType> = (0..mlirBlockGetNumArguments(entry)).map(|position| ir::value_type(mlirBlockGetArgument(entry, position))).collect();
        let attributes: Vec<(String, MlirAttribute)> = (0..mlirOperationGetNumAttributes(function))
            .map(|position| {
                let named = mlirOperationGetAttribute(function, position);
                (ir::to_string(mlirIdentifierStr(named.name)), named.attribute)
            })
            .collect();
        let attributes: Vec<(&str, MlirAttribute)> = attributes.iter().map(|(name, value)| (name.as_str(), *value)).collect();
        let dispatcher = Builder::before(function).create_with_regions("func.func", &[], &[], &attributes, 1);
        let locations = vec![location; argument_types.len()];
        let body = mlirBlockCreate(argument_types.len() as isize, argument_types.as_ptr(), locations.as_ptr());
        mlirRegionAppendOwnedBlock(mlirOperationGetRegion(dispatcher, 0), body);
        let mut state = mlirOperationStateGet(ir::string_ref("func.return"), location);
        let terminator = mlirOperationCreate(&mut state);
        mlirBlockAppendOwnedOperation(body, terminator);

        let builder = Builder::before(terminator);
        let arguments: Vec<MlirValue> = (0..argument_types.len() as isize).map(|position| mlirBlockGetArgument(body, position)).collect();
        let one = builder.integer(builder.index_type(), 1);
        let mut all_unit = builder.integer(builder.integer_type(1), 1);
        for &(position, rank) in versioned {
            let metadata = ir::strided_metadata(&builder, arguments[position as usize], rank);
            let unit_stride = builder.compare(false, "eq", metadata[1 + 2 * rank], one);
            all_unit = builder.binary("arith.andi", all_unit, unit_stride);
        }
        let function_type = mlirTypeAttrGetValue(ir::attribute(function, "function_type"));
        let result_types: Vec<MlirType> = (0..mlirFunctionTypeGetNumResults(function_type)).map(|index| mlirFunctionTypeGetResult(function_type, index)).collect();
        let branches = builder.create_with_regions("scf.if", &[all_unit], &result_types, &[], 2);
        for (region_index, callee) in [unit, any].into_iter().enumerate() {
            let (_, yield_operation) = ir::append_terminated_block(branches, region_index as isize, &[], "scf.yield");
            let call = Builder::before(yield_operation).create("func.call", &arguments, &result_types, &[("callee", builder.parse_attribute(&format!("@{callee}")))]);
            let results = ir::results(call);
            mlirOperationSetOperands(yield_operation, results.len() as isize, results.as_ptr());
        }
        let results = ir::results(branches);
        mlirOperationSetOperands(terminator, results.len() as isize, results.as_ptr());
    }
}

/// Names `function` `name` and makes it private.
fn make_private(function: MlirOperation, name: &str) {
    unsafe {
        let context = mlirOperationGetContext(function);
        mlirOperationSetAttributeByName(function, ir::string_ref("sym_name"), mlirStringAttrGet(context, ir::string_ref(name)));
        mlirOperationSetAttributeByName(function, ir::string_ref("sym_visibility"), mlirStringAttrGet(context, ir::string_ref("private")));
        mlirOperationRemoveAttributeByName(function, ir::string_ref("llvm.emit_c_interface"));
    }
}

/// Runs the pass on a module.
pub fn version_unit_strides(module: MlirOperation) {
    let body = unsafe { mlirRegionGetFirstBlock(mlirOperationGetRegion(module, 0)) };
    let mut functions = Vec::new();
    let mut operation = unsafe { mlirBlockGetFirstOperation(body) };
    while !operation.ptr.is_null() {
        if ir::op_name(operation) == "func.func" {
            functions.push(operation);
        }
        operation = unsafe { mlirOperationGetNextInBlock(operation) };
    }
    for function in functions {
        let versioned = versioned_arguments(function);
        if versioned.is_empty() {
            continue;
        }
        let name = symbol_name(function);
        let (unit, any) = (format!("{name}{UNIT_SUFFIX}"), format!("{name}{ANY_SUFFIX}"));
        let unit_copy = private_copy(function, &unit);
        for &(position, rank) in &versioned {
            assume_unit_stride(unit_copy, position, rank);
        }
        dispatcher(function, &versioned, &unit, &any);
        make_private(function, &any);
    }
}
