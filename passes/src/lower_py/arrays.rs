//! `lower-py` for arrays: `py.map` and `py.reduce` as `linalg.generic`, views as memref views,
//! `py.dot` as linalg's named products, `py.arange`, allocation, and the runtime calls they need.

use super::*;

fn iterator_types(b: &Builder, ndim: usize, kind: &str) -> MlirAttribute {
    b.parse_attribute(&format!("[{}]", vec![format!("#linalg.iterator_type<{kind}>"); ndim].join(", ")))
}

/// A rank-0 stack slot for one `element`, allocated once at the entry of the function (or of the
/// parallel loop body) around the operation.
fn stack_slot(b: &Builder, element: MlirType) -> MlirValue {
    let slot = ir::parse_type(b.context, &format!("memref<{}>", ir::print_type(element)));
    Builder::at_slot_scope_entry(b.anchor()).value("memref.alloca", &[], slot, &[("operandSegmentSizes", b.parse_attribute("array<i32: 0, 0>"))])
}

/// A new 64-byte aligned, C-ordered array with the given extents (`index` values), as the array type
/// `converted`.
pub(super) fn allocate(b: &Builder, extents: &[MlirValue], element: &str, converted: MlirType) -> (MlirValue, MlirValue) {
    let ndim = extents.len();
    let contiguous = ir::parse_type(b.context, &format!("memref<{}{element}>", "?x".repeat(ndim)));
    let segments = b.parse_attribute(&format!("array<i32: {ndim}, 0>"));
    let alignment = b.parse_attribute("64 : i64");
    let allocated = b.value("memref.alloc", extents, contiguous, &[("operandSegmentSizes", segments), ("alignment", alignment)]);
    (allocated, b.value("memref.cast", &[allocated], converted, &[]))
}

fn extents_of(b: &Builder, array: MlirValue, ndim: usize) -> Vec<MlirValue> {
    let index = b.index_type();
    (0..ndim).map(|dim| b.value("memref.dim", &[array, b.integer(index, dim as i64)], index, &[])).collect()
}

/// The broadcast extents of arrays of the given ranks in a result of rank `ndim`: per dimension, the
/// extent that is not 1. Shapes that do not broadcast were raised on by the frontend; for them the
/// smallest extent is taken, so that the loop the result drives reads no operand out of bounds.
fn broadcast_extents(b: &Builder, arrays: &[(MlirValue, usize)], ndim: usize) -> Vec<MlirValue> {
    let one = b.integer(b.index_type(), 1);
    (0..ndim)
        .map(|dim| {
            let mut broadcast: Option<MlirValue> = None;
            for &(array, rank) in arrays {
                let Some(own_dim) = (dim + rank).checked_sub(ndim) else { continue };
                let extent = b.value("memref.dim", &[array, b.integer(b.index_type(), own_dim as i64)], b.index_type(), &[]);
                broadcast = Some(match broadcast {
                    None => extent,
                    Some(current) => {
                        let smaller = b.binary("arith.minui", current, extent);
                        let unless_extent_one = b.select(b.compare(false, "eq", extent, one), current, smaller);
                        b.select(b.compare(false, "eq", current, one), extent, unless_extent_one)
                    }
                });
            }
            broadcast.expect("the result's rank is some array operand's")
        })
        .collect()
}

/// `array` (of rank `rank`) as a view over the last dimensions of `extents`: a dimension of extent 1
/// gets stride 0, so reading it at any index reads its one element.
fn broadcast_view(b: &Builder, array: MlirValue, rank: usize, extents: &[MlirValue], element: MlirType) -> MlirValue {
    let index = b.index_type();
    let (zero, one) = (b.integer(index, 0), b.integer(index, 1));
    let own_extents = extents_of(b, array, rank);
    let own_strides = strides_of(b, array, rank, element);
    let strides: Vec<MlirValue> = own_strides.iter().zip(&own_extents).map(|(&stride, &extent)| b.select(b.compare(false, "eq", extent, one), zero, stride)).collect();
    strided_view(b, array, rank, &extents[extents.len() - rank..], &strides, element)
}

fn strided_metadata(b: &Builder, array: MlirValue, rank: usize, element: MlirType) -> Vec<MlirValue> {
    let index = b.index_type();
    let base_type = ir::parse_type(b.context, &format!("memref<{}>", ir::print_type(element)));
    let mut result_types = vec![base_type, index];
    result_types.extend(vec![index; 2 * rank]);
    ir::results(b.create("memref.extract_strided_metadata", &[array], &result_types, &[]))
}

pub(super) fn strides_of(b: &Builder, array: MlirValue, rank: usize, element: MlirType) -> Vec<MlirValue> {
    strided_metadata(b, array, rank, element)[2 + rank..].to_vec()
}

/// A view of `array`'s memory (of rank `rank`) from its offset, with the given extents and strides.
pub(super) fn strided_view(b: &Builder, array: MlirValue, rank: usize, sizes: &[MlirValue], strides: &[MlirValue], element: MlirType) -> MlirValue {
    let metadata = strided_metadata(b, array, rank, element);
    let view_rank = sizes.len();
    let mut operands = vec![metadata[0], metadata[1]];
    operands.extend(sizes);
    operands.extend(strides);
    let dynamic = vec![i64::MIN; view_rank];
    let view_type = ir::parse_type(
        b.context,
        &format!("memref<{}{}, strided<[{}], offset: ?>>", "?x".repeat(view_rank), ir::print_type(element), vec!["?"; view_rank].join(", ")),
    );
    let attributes = [
        ("static_offsets", b.i64_array(&[i64::MIN])),
        ("static_sizes", b.i64_array(&dynamic)),
        ("static_strides", b.i64_array(&dynamic)),
        ("operandSegmentSizes", b.parse_attribute(&format!("array<i32: 1, 1, {view_rank}, {view_rank}>"))),
    ];
    b.value("memref.reinterpret_cast", &operands, view_type, &attributes)
}

/// `py.map` as one `linalg.generic` over the array operands into a new array: the kernel's ops (already
/// lowered) move into the generic's region, scalar operands are used as they are. An operand of lower
/// rank is read through an indexing map that drops the leading dimensions. With two or more array
/// operands, whether an extent of 1 must broadcast is known only at run time: the generic runs on the
/// operands themselves when every extent equals the result's (keeping their unit strides for the
/// vectoriser), and otherwise a copy of it runs on zero-stride views of them.
pub(super) fn lower_map(b: &Builder, map: MlirOperation, operand_types: &[MlirType]) -> Result<MlirValue, String> {
    let operands = ir::operands(map);
    let result = ir::results(map)[0];
    let parts = unsafe { array_type_parts(melior::ir::Type::from_raw(ir::value_type(result))) }.ok_or("py.map makes an array")?;
    let element = convert_type(b.context, parts.dtype.to_raw());
    let ndim = parts.ndim;
    let arrays: Vec<(usize, usize)> = (0..operands.len())
        .filter_map(|index| unsafe { array_type_parts(melior::ir::Type::from_raw(operand_types[index])) }.map(|operand| (index, operand.ndim)))
        .collect();
    if arrays.is_empty() {
        return Err("py.map needs an array operand".into());
    }
    let array_values: Vec<(MlirValue, usize)> = arrays.iter().map(|&(index, rank)| (operands[index], rank)).collect();
    let extents = if let [(only, rank)] = array_values[..] { extents_of(b, only, rank) } else { broadcast_extents(b, &array_values, ndim) };
    let (allocated, converted) = match assignment_target(map, &array_values) {
        Some((target, copy)) => {
            // The copy becomes a copy of the target onto itself, which the deferred lowering drops.
            unsafe { mlirOperationSetOperand(copy, 0, target) };
            (target, target)
        }
        None => allocate(b, &extents, &ir::print_type(element), convert_type(b.context, ir::value_type(result))),
    };
    let mut generic_operands: Vec<MlirValue> = array_values.iter().map(|&(value, _)| value).collect();
    generic_operands.push(allocated);
    let segments = b.parse_attribute(&format!("array<i32: {}, 1>", arrays.len()));
    let mut ranks: Vec<usize> = arrays.iter().map(|&(_, rank)| rank).collect();
    ranks.push(ndim);
    let maps = projection_maps(b, ndim, &ranks);
    let iterators = iterator_types(b, ndim, "parallel");
    let generic = b.create_with_regions("linalg.generic", &generic_operands, &[], &[("indexing_maps", maps), ("iterator_types", iterators), ("operandSegmentSizes", segments)], 1);
    // The kernel's ops move into the generic's block; its array arguments become the block's, its
    // scalar arguments the scalar operands themselves.
    let kernel = unsafe { mlirRegionGetFirstBlock(mlirOperationGetRegion(map, 0)) };
    let mut argument_types: Vec<MlirType> = arrays.iter().map(|&(index, _)| convert_type(b.context, ir::value_type(unsafe { mlirBlockGetArgument(kernel, index as isize) }))).collect();
    argument_types.push(element);
    let (block, terminator) = ir::append_terminated_block(generic, 0, &argument_types, "linalg.yield");
    unsafe {
        let mut next_array = 0;
        for (index, operand) in operands.iter().enumerate() {
            let argument = mlirBlockGetArgument(kernel, index as isize);
            let replacement = if arrays.iter().any(|&(array, _)| array == index) {
                next_array += 1;
                mlirBlockGetArgument(block, next_array as isize - 1)
            } else {
                *operand
            };
            mlirValueReplaceAllUsesOfWith(argument, replacement);
        }
        let yielded = ir::move_body_before(kernel, terminator);
        mlirOperationSetOperands(terminator, 1, yielded.as_ptr());
    }
    if arrays.len() > 1 {
        let operands: Vec<(MlirValue, usize, MlirType)> = arrays
            .iter()
            .map(|&(index, rank)| {
                let dtype = unsafe { array_type_parts(melior::ir::Type::from_raw(operand_types[index])) }.expect("an array operand").dtype;
                (operands[index], rank, convert_type(b.context, dtype.to_raw()))
            })
            .collect();
        branch_on_broadcast(b, generic, &operands, &extents);
    }
    Ok(converted)
}

/// Ops whose array result is new memory no other value aliases.
const FRESH_ARRAYS: [&str; 5] = ["py.map", "py.empty", "py.arange", "py.dot", "py.reduce"];

/// The view a `py.map` is assigned to (`target[...] = expression`: its only use is `py.copy` into the
/// target) when it may write there directly: every array it reads is the target itself (read at the
/// index it writes) or new memory. Returns the target and the copy.
fn assignment_target(map: MlirOperation, arrays: &[(MlirValue, usize)]) -> Option<(MlirValue, MlirOperation)> {
    let result = ir::results(map)[0];
    let (copy, target) = unsafe {
        let only = mlirValueGetFirstUse(result);
        if only.ptr.is_null() || !mlirOpOperandGetNextUse(only).ptr.is_null() || mlirOpOperandGetOperandNumber(only) != 0 {
            return None;
        }
        let copy = mlirOpOperandGetOwner(only);
        if ir::op_name(copy) != "py.copy" {
            return None;
        }
        (copy, ir::operands(copy)[1])
    };
    let safe = |value: MlirValue| unsafe {
        mlirValueEqual(value, target) || (mlirValueIsAOpResult(value) && FRESH_ARRAYS.contains(&ir::op_name(mlirOpResultGetOwner(value)).as_str()))
    };
    arrays.iter().all(|&(array, _)| safe(array)).then_some((target, copy))
}

/// Puts `generic` under `scf.if (every operand extent equals the result's)`, with a copy of it on
/// zero-stride broadcast views of its inputs in the else branch.
fn branch_on_broadcast(b: &Builder, generic: MlirOperation, arrays: &[(MlirValue, usize, MlirType)], extents: &[MlirValue]) {
    let ndim = extents.len();
    let mut same = b.integer(b.integer_type(1), 1);
    for &(array, rank, _) in arrays {
        for (own_dim, extent) in extents_of(b, array, rank).into_iter().enumerate() {
            same = b.binary("arith.andi", same, b.compare(false, "eq", extent, extents[ndim - rank + own_dim]));
        }
    }
    let branch = b.create_with_regions("scf.if", &[same], &[], &[], 2);
    let (_, then_yield) = ir::append_terminated_block(branch, 0, &[], "scf.yield");
    let (_, else_yield) = ir::append_terminated_block(branch, 1, &[], "scf.yield");
    unsafe {
        let broadcasting = mlirOperationClone(generic);
        mlirOperationMoveBefore(generic, then_yield);
        let else_builder = Builder::before(else_yield);
        for (position, &(array, rank, element)) in arrays.iter().enumerate() {
            let view = broadcast_view(&else_builder, array, rank, extents, element);
            mlirOperationSetOperand(broadcasting, position as isize, view);
        }
        mlirBlockInsertOwnedOperationBefore(mlirOperationGetBlock(else_yield), else_yield, broadcasting);
    }
}

/// Indexing maps from the `ndim` loop dimensions to operands of the given ranks (their last dimensions).
fn projection_maps(b: &Builder, ndim: usize, ranks: &[usize]) -> MlirAttribute {
    let dims: Vec<String> = (0..ndim).map(|dim| format!("d{dim}")).collect();
    let maps: Vec<String> = ranks.iter().map(|&rank| format!("affine_map<({}) -> ({})>", dims.join(", "), dims[ndim - rank..].join(", "))).collect();
    b.parse_attribute(&format!("[{}]", maps.join(", ")))
}

/// `py.view` as a rank-reducing `memref.subview`, after Python's slice rules (`slice.indices`):
/// negative bounds count from the end, bounds are clamped, absent ones default by the step's sign.
pub(super) fn lower_view(b: &Builder, view: MlirOperation, result: MlirType) -> Result<MlirValue, String> {
    let operands = ir::operands(view);
    let array = operands[0];
    let mut bounds = operands[1..].iter().copied();
    let dims = ir::dense_i64_attribute(view, "dims");
    let (i64_type, index_type) = (b.integer_type(64), b.index_type());
    let constant = |value: i64| b.integer(i64_type, value);
    let (zero, one) = (constant(0), constant(1));
    let (mut offsets, mut sizes, mut strides) = (Vec::new(), Vec::new(), Vec::new());
    let (mut static_sizes, mut static_strides) = (Vec::new(), Vec::new());
    let dynamic = i64::MIN;
    // The result's dimensions that are new axes (`-2`), and the array's dimension each other
    // entry reads.
    let mut new_axes = Vec::new();
    let mut kept = 0;
    let mut source_dims = 0..;
    for &dim in &dims {
        if dim == -2 {
            new_axes.push(kept);
            kept += 1;
            continue;
        }
        let position = source_dims.next().expect("an unbounded range");
        kept += usize::from(dim != -1);
        let extent = b.value("memref.dim", &[array, b.integer(index_type, position as i64)], index_type, &[]);
        let extent = b.value("arith.index_cast", &[extent], i64_type, &[]);
        let wrap = |value: MlirValue| b.select(b.compare(false, "slt", value, zero), b.binary("arith.addi", value, extent), value);
        let clamp = |value: MlirValue, low: MlirValue, high: MlirValue| {
            let raised = b.select(b.compare(false, "slt", value, low), low, value);
            b.select(b.compare(false, "sgt", raised, high), high, raised)
        };
        if dim == -1 {
            let index = wrap(bounds.next().ok_or("py.view: missing index")?);
            offsets.push(b.value("arith.index_cast", &[index], index_type, &[]));
            static_sizes.push(1);
            static_strides.push(1);
            continue;
        }
        let mut given = |bit: i64| (dim & bit != 0).then(|| bounds.next()).flatten();
        let (start, stop, step) = (given(1), given(2), given(4));
        let step = step.unwrap_or(one);
        let forward = b.compare(false, "sgt", step, zero);
        let minus_one = constant(-1);
        let last = b.binary("arith.subi", extent, one);
        // Forward: clamp to [0, n], defaults 0 and n. Backward: clamp to [-1, n - 1], defaults n - 1 and -1.
        let low = b.select(forward, zero, minus_one);
        let high = b.select(forward, extent, last);
        let start = match start {
            Some(start) => clamp(wrap(start), low, high),
            None => b.select(forward, zero, last),
        };
        let stop = match stop {
            Some(stop) => clamp(wrap(stop), low, high),
            None => b.select(forward, extent, minus_one),
        };
        // len = max(0, ceil((stop - start) / step)), with the rounding following the step's sign.
        let span = b.binary("arith.subi", stop, start);
        let toward = b.select(forward, b.binary("arith.subi", step, one), b.binary("arith.addi", step, one));
        let length = b.binary("arith.divsi", b.binary("arith.addi", span, toward), step);
        let length = b.select(b.compare(false, "slt", length, zero), zero, length);
        let start = b.select(b.compare(false, "eq", length, zero), zero, start);
        offsets.push(b.value("arith.index_cast", &[start], index_type, &[]));
        sizes.push(b.value("arith.index_cast", &[length], index_type, &[]));
        strides.push(b.value("arith.index_cast", &[step], index_type, &[]));
        static_sizes.push(dynamic);
        static_strides.push(dynamic);
    }
    let list = |values: &[i64]| values.iter().map(ToString::to_string).collect::<Vec<_>>().join(", ");
    let element = unsafe { mlirShapedTypeGetElementType(result) };
    let selected_rank = kept - new_axes.len();
    // Strides and offset as the subview computes them (dynamic); a view the frontend typed
    // contiguous (`a[:n]`, `a[i]` of a C array) is cast to its unit inner stride after.
    let selected_type = ir::parse_type(b.context, &format!("memref<{}{}, strided<[{}], offset: ?>>", "?x".repeat(selected_rank), ir::print_type(element), vec!["?"; selected_rank].join(", ")));
    let mut subview_operands = vec![array];
    subview_operands.extend(&offsets);
    subview_operands.extend(&sizes);
    subview_operands.extend(&strides);
    let attributes = [
        ("static_offsets", b.parse_attribute(&format!("array<i64: {}>", list(&vec![dynamic; offsets.len()])))),
        ("static_sizes", b.parse_attribute(&format!("array<i64: {}>", list(&static_sizes)))),
        ("static_strides", b.parse_attribute(&format!("array<i64: {}>", list(&static_strides)))),
        ("operandSegmentSizes", b.parse_attribute(&format!("array<i32: 1, {}, {}, {}>", offsets.len(), sizes.len(), strides.len()))),
    ];
    let selected = b.value("memref.subview", &subview_operands, selected_type, &attributes);
    if new_axes.is_empty() {
        return Ok(if unsafe { mlirTypeEqual(selected_type, result) } { selected } else { b.value("memref.cast", &[selected], result, &[]) });
    }
    // New axes: extent 1 and stride 0 (as NumPy gives them), inserted among the selected ones.
    let metadata = strided_metadata(b, selected, selected_rank, element);
    let (mut view_sizes, mut view_strides) = (metadata[2..2 + selected_rank].to_vec(), metadata[2 + selected_rank..].to_vec());
    for &axis in &new_axes {
        view_sizes.insert(axis, b.integer(index_type, 1));
        view_strides.insert(axis, b.integer(index_type, 0));
    }
    Ok(strided_view(b, selected, selected_rank, &view_sizes, &view_strides, element))
}

/// `py.dot` (operands already memrefs) as `linalg.dot`, `matvec`, `vecmat` or `matmul` into a zeroed
/// accumulator: a stack slot for two vectors, else a new array.
pub(super) fn lower_dot(b: &Builder, dot: MlirOperation) -> MlirValue {
    let operands = ir::operands(dot);
    let (lhs, rhs) = (operands[0], operands[1]);
    let rank = |value: MlirValue| unsafe { mlirShapedTypeGetRank(ir::value_type(value)) } as usize;
    let element = unsafe { mlirShapedTypeGetElementType(ir::value_type(lhs)) };
    let result_type = ir::value_type(ir::results(dot)[0]);
    let extent = |array: MlirValue, dim: i64| b.value("memref.dim", &[array, b.integer(b.index_type(), dim)], b.index_type(), &[]);
    let (name, extents) = match (rank(lhs), rank(rhs)) {
        (1, 1) => ("linalg.dot", vec![]),
        (2, 1) => ("linalg.matvec", vec![extent(lhs, 0)]),
        (1, 2) => ("linalg.vecmat", vec![extent(rhs, 1)]),
        _ => ("linalg.matmul", vec![extent(lhs, 0), extent(rhs, 1)]),
    };
    let accumulator = if extents.is_empty() {
        stack_slot(b, element)
    } else {
        let contiguous = ir::parse_type(b.context, &format!("memref<{}{}>", "?x".repeat(extents.len()), ir::print_type(element)));
        allocate(b, &extents, &ir::print_type(element), contiguous).0
    };
    let zero = match unsafe { (mlirTypeIsAComplex(element), mlirTypeIsAFloat(element)) } {
        (true, _) => complex_constant(b, element, 0.0),
        (_, true) => b.float(element, 0.0),
        _ => b.integer(element, 0),
    };
    fill(b, zero, accumulator);
    let segments = b.parse_attribute("array<i32: 2, 1>");
    let product = b.create_with_regions(name, &[lhs, rhs, accumulator], &[], &[("operandSegmentSizes", segments)], 1);
    unsafe { mlirLinalgFillBuiltinNamedOpRegion(product) };
    if extents.is_empty() {
        b.value("memref.load", &[accumulator], result_type, &[])
    } else {
        b.value("memref.cast", &[accumulator], result_type, &[])
    }
}

/// `py.lapack` as a call to the runtime's `rumba_lapack_<s|d|z><routine>` (`runtime/src/lapack.rs`),
/// its arrays cast to fully dynamic strided memrefs; the call returns LAPACK's `info`.
pub(super) fn lower_lapack(b: &Builder, lapack: MlirOperation, operand_types: &[MlirType]) -> Result<MlirValue, String> {
    let routine = ir::string_attribute(lapack, "routine");
    let (mut operands, mut argument_types, mut letter) = (Vec::new(), Vec::new(), "d");
    for (operand, &operand_type) in ir::operands(lapack).into_iter().zip(operand_types) {
        let converted = convert_type(b.context, operand_type);
        if let Some(parts) = unsafe { array_type_parts(melior::ir::Type::from_raw(operand_type)) } {
            if unsafe { mlirTypeIsAF32(parts.dtype.to_raw()) } {
                letter = "s";
            } else if unsafe { mlirTypeIsAComplex(parts.dtype.to_raw()) } {
                letter = "z";
            }
            let dynamic = ir::fully_dynamic(b, operand, converted);
            operands.push(dynamic);
            argument_types.push(ir::value_type(dynamic));
        } else {
            operands.push(operand);
            argument_types.push(converted);
        }
    }
    let info = ir::call_external(b, &format!("rumba_lapack_{letter}{routine}"), &operands, &argument_types, Some(b.integer_type(64)))?;
    Ok(info.expect("the call has a result"))
}

/// A call to a function of rumba's runtime (`runtime/src/random.rs`, `reductions.rs`), declared in the module on first use.
pub(super) fn call_runtime(b: &Builder, name: &str, operands: &[MlirValue], result: Option<MlirType>) -> Result<Option<MlirValue>, String> {
    let argument_types: Vec<MlirType> = operands.iter().map(|operand| convert_type(b.context, ir::value_type(*operand))).collect();
    ir::call_external(b, name, operands, &argument_types, result)
}

/// `linalg.fill` of `value` into `target` (a memref).
pub(super) fn fill(b: &Builder, value: MlirValue, target: MlirValue) {
    let segments = b.parse_attribute("array<i32: 1, 1>");
    let filled = b.create_with_regions("linalg.fill", &[value, target], &[], &[("operandSegmentSizes", segments)], 1);
    unsafe { mlirLinalgFillBuiltinNamedOpRegion(filled) };
}

/// The complex number `real` (its imaginary part zero) of complex type `r#type`.
fn complex_constant(b: &Builder, r#type: MlirType, real: f64) -> MlirValue {
    let part = ir::print_type(unsafe { mlirComplexTypeGetElementType(r#type) });
    b.value("complex.constant", &[], r#type, &[("value", b.parse_attribute(&format!("[{real:?} : {part}, 0.0 : {part}]")))])
}

/// The first value a reduction's accumulator holds: its identity, or for min and max (and their
/// arg forms) the value every element replaces. `r#type` is the `py` type, whose signedness counts.
fn reduction_start(b: &Builder, kind: &str, r#type: MlirType) -> Result<MlirValue, String> {
    if unsafe { mlirTypeIsAComplex(r#type) } {
        return Ok(complex_constant(b, r#type, if kind == "sum" { 0.0 } else { 1.0 }));
    }
    Ok(match (kind, kind_of(r#type)?) {
        ("sum", ScalarKind::Float(_)) => b.float(r#type, 0.0),
        ("sum", _) => b.integer(r#type, 0),
        ("prod", ScalarKind::Float(_)) => b.float(r#type, 1.0),
        ("prod", _) => b.integer(r#type, 1),
        ("min" | "argmin", ScalarKind::Float(_)) => b.float(r#type, f64::INFINITY),
        ("max" | "argmax", ScalarKind::Float(_)) => b.float(r#type, f64::NEG_INFINITY),
        ("min" | "argmin", ScalarKind::Signed(bits)) => b.integer(r#type, i64::MAX >> (64 - bits)),
        ("max" | "argmax", ScalarKind::Signed(bits)) => b.integer(r#type, i64::MIN >> (64 - bits)),
        ("min" | "argmin", _) => b.integer(r#type, -1),
        ("max" | "argmax", _) => b.integer(r#type, 0),
        (other, _) => return Err(format!("py.reduce: no lowering for '{other}'")),
    })
}

/// `py.reduce` as one `linalg.generic` whose iterators reduce the whole array or one axis, into
/// accumulators filled with the start value: a rank-0 stack slot for a whole-array reduction, a new
/// array of the other dimensions for an axis. argmin and argmax carry a second accumulator, the
/// position, which a strictly better element (or the first NaN) replaces.
pub(super) fn lower_reduce(b: &Builder, reduce: MlirOperation, array_type: MlirType) -> Result<MlirValue, String> {
    let kind = ir::string_attribute(reduce, "kind");
    let array = ir::operands(reduce)[0];
    let parts = unsafe { array_type_parts(melior::ir::Type::from_raw(array_type)) }.ok_or("py.reduce takes an array")?;
    let ndim = parts.ndim;
    let axis_attribute = ir::attribute(reduce, "axis");
    let axis = (!axis_attribute.ptr.is_null()).then(|| unsafe { mlirIntegerAttrGetValueInt(axis_attribute) } as usize);
    let result = ir::results(reduce)[0];
    let element_py = parts.dtype.to_raw();
    if unsafe { mlirTypeIsAComplex(element_py) } {
        return lower_complex_reduce(b, &kind, array, ndim, axis, element_py, ir::value_type(result));
    }
    let element = kind_of(element_py)?;
    let element_type = convert_type(b.context, element_py);
    let arg = kind.starts_with("arg");
    // The value accumulated: the element type for min, max and the arg forms, the result's for sums.
    let result_element = unsafe { array_type_parts(melior::ir::Type::from_raw(ir::value_type(result))) }.map_or(ir::value_type(result), |parts| parts.dtype.to_raw());
    let value_py = if arg { element_py } else { result_element };
    let value_kind = kind_of(value_py)?;
    let value_type = convert_type(b.context, value_py);
    if let (None, "sum", ScalarKind::Float(bits @ (32 | 64))) = (axis, kind.as_str(), element) {
        if unsafe { mlirTypeEqual(value_py, element_py) } {
            // NumPy's order, pairwise (runtime/src/reductions.rs): its bits, and faster than a
            // chain of dependent additions.
            let unranked = b.value("memref.cast", &[array], ir::parse_type(b.context, &format!("memref<*x{}>", ir::print_type(element_type))), &[]);
            let summed = call_runtime(b, &format!("rumba_pairwise_sum_f{bits}"), &[unranked], Some(element_type))?;
            return Ok(summed.expect("the pairwise sum returns a float"));
        }
    }
    let i64_type = b.integer_type(64);
    let index = b.index_type();
    let extents = extents_of(b, array, ndim);
    let kept: Vec<usize> = (0..ndim).filter(|&dim| axis.is_some_and(|axis| axis != dim)).collect();
    let accumulator = |element: MlirType| -> MlirValue {
        match axis {
            None => stack_slot(b, element),
            Some(_) => {
                let kept_extents: Vec<MlirValue> = kept.iter().map(|&dim| extents[dim]).collect();
                allocate(b, &kept_extents, &ir::print_type(element), ir::parse_type(b.context, &format!("memref<{}{}>", "?x".repeat(kept.len()), ir::print_type(element)))).0
            }
        }
    };
    let values = accumulator(value_type);
    fill(b, reduction_start(b, &kind, value_py)?, values);
    let positions = arg.then(|| {
        let positions = accumulator(i64_type);
        fill(b, b.integer(i64_type, 0), positions);
        positions
    });
    let outputs: Vec<MlirValue> = std::iter::once(values).chain(positions).collect();
    let mut generic_operands = vec![array];
    generic_operands.extend(&outputs);
    let segments = b.parse_attribute(&format!("array<i32: 1, {}>", outputs.len()));
    let dims: Vec<String> = (0..ndim).map(|dim| format!("d{dim}")).collect();
    let kept_dims: Vec<String> = kept.iter().map(|&dim| format!("d{dim}")).collect();
    let input_map = format!("affine_map<({}) -> ({})>", dims.join(", "), dims.join(", "));
    let output_map = format!("affine_map<({}) -> ({})>", dims.join(", "), kept_dims.join(", "));
    let maps = b.parse_attribute(&format!("[{input_map}{}]", format!(", {output_map}").repeat(outputs.len())));
    let iterators: Vec<&str> = (0..ndim).map(|dim| if kept.contains(&dim) { "#linalg.iterator_type<parallel>" } else { "#linalg.iterator_type<reduction>" }).collect();
    let iterators = b.parse_attribute(&format!("[{}]", iterators.join(", ")));
    let generic = b.create_with_regions("linalg.generic", &generic_operands, &[], &[("indexing_maps", maps), ("iterator_types", iterators), ("operandSegmentSizes", segments)], 1);
    let mut types = vec![element_type, value_type];
    if arg {
        types.push(i64_type);
    }
    let (block, terminator) = ir::append_terminated_block(generic, 0, &types, "linalg.yield");
    let inner = Builder::before(terminator);
    let (item, partial) = unsafe { (mlirBlockGetArgument(block, 0), mlirBlockGetArgument(block, 1)) };
    let float = matches!(value_kind, ScalarKind::Float(_));
    let signed = matches!(value_kind, ScalarKind::Signed(_));
    let yielded = if arg {
        let position = match axis {
            Some(axis) => inner.value("linalg.index", &[], index, &[("dim", b.parse_attribute(&format!("{axis} : i64")))]),
            None => (0..ndim).fold(inner.integer(index, 0), |flat, dim| {
                let scaled = inner.binary("arith.muli", flat, extents[dim]);
                let at = inner.value("linalg.index", &[], index, &[("dim", b.parse_attribute(&format!("{dim} : i64")))]);
                inner.binary("arith.addi", scaled, at)
            }),
        };
        let position = inner.value("arith.index_cast", &[position], i64_type, &[]);
        let predicate = match (kind.as_str(), float, signed) {
            ("argmin", true, _) => "olt",
            ("argmax", true, _) => "ogt",
            ("argmin", _, true) => "slt",
            ("argmax", _, true) => "sgt",
            ("argmin", ..) => "ult",
            _ => "ugt",
        };
        let mut better = inner.compare(float, predicate, item, partial);
        if float {
            let first_nan = inner.binary("arith.andi", inner.compare(true, "uno", item, item), inner.compare(true, "ord", partial, partial));
            better = inner.binary("arith.ori", better, first_nan);
        }
        vec![inner.select(better, item, partial), inner.select(better, position, unsafe { mlirBlockGetArgument(block, 2) })]
    } else {
        let item = cast(&inner, element, value_kind, item, value_type);
        vec![match (kind.as_str(), float, signed) {
            ("sum", true, _) => inner.binary("arith.addf", partial, item),
            ("sum", ..) => inner.binary("arith.addi", partial, item),
            ("prod", true, _) => inner.binary("arith.mulf", partial, item),
            ("prod", ..) => inner.binary("arith.muli", partial, item),
            ("min", true, _) => inner.binary("arith.minimumf", partial, item),
            ("max", true, _) => inner.binary("arith.maximumf", partial, item),
            ("min", _, true) => inner.binary("arith.minsi", partial, item),
            ("max", _, true) => inner.binary("arith.maxsi", partial, item),
            ("min", ..) => inner.binary("arith.minui", partial, item),
            _ => inner.binary("arith.maxui", partial, item),
        }]
    };
    unsafe { mlirOperationSetOperands(terminator, yielded.len() as isize, yielded.as_ptr()) };
    let answer = *outputs.last().expect("a reduction has an accumulator");
    let result_type = convert_type(b.context, ir::value_type(result));
    Ok(match axis {
        None => b.value("memref.load", &[answer], result_type, &[]),
        Some(_) => b.value("memref.cast", &[answer], result_type, &[]),
    })
}

/// The sum or product of a complex array: the whole array's sum pairwise in NumPy's order (the
/// runtime's `rumba_pairwise_sum_c128`, or `_c64`, which sums in float32 and returns the sum as a
/// complex128 for the C ABI's sake), otherwise one `linalg.generic` of `complex.add` or
/// `complex.mul` into an accumulator holding the identity.
fn lower_complex_reduce(b: &Builder, kind: &str, array: MlirValue, ndim: usize, axis: Option<usize>, element: MlirType, result_type: MlirType) -> Result<MlirValue, String> {
    if (axis, kind) == (None, "sum") {
        let unranked = b.value("memref.cast", &[array], ir::parse_type(b.context, &format!("memref<*x{}>", ir::print_type(element))), &[]);
        let part = unsafe { mlirComplexTypeGetElementType(element) };
        if unsafe { mlirTypeIsAF64(part) } {
            let summed = call_runtime(b, "rumba_pairwise_sum_c128", &[unranked], Some(element))?;
            return Ok(summed.expect("the pairwise sum returns a complex number"));
        }
        let wide = ir::parse_type(b.context, "complex<f64>");
        let summed = call_runtime(b, "rumba_pairwise_sum_c64", &[unranked], Some(wide))?.expect("the pairwise sum returns a complex number");
        let f64_type = unsafe { mlirF64TypeGet(b.context) };
        let narrowed = |mnemonic: &str| b.value("arith.truncf", &[b.value(mnemonic, &[summed], f64_type, &[])], part, &[]);
        return Ok(b.value("complex.create", &[narrowed("complex.re"), narrowed("complex.im")], element, &[]));
    }
    let extents = extents_of(b, array, ndim);
    let kept: Vec<usize> = (0..ndim).filter(|&dim| axis.is_some_and(|axis| axis != dim)).collect();
    let accumulator = match axis {
        None => stack_slot(b, element),
        Some(_) => {
            let kept_extents: Vec<MlirValue> = kept.iter().map(|&dim| extents[dim]).collect();
            allocate(b, &kept_extents, &ir::print_type(element), ir::parse_type(b.context, &format!("memref<{}{}>", "?x".repeat(kept.len()), ir::print_type(element)))).0
        }
    };
    fill(b, reduction_start(b, kind, element)?, accumulator);
    let dims: Vec<String> = (0..ndim).map(|dim| format!("d{dim}")).collect();
    let kept_dims: Vec<String> = kept.iter().map(|&dim| format!("d{dim}")).collect();
    let maps = b.parse_attribute(&format!("[affine_map<({0}) -> ({0})>, affine_map<({0}) -> ({1})>]", dims.join(", "), kept_dims.join(", ")));
    let iterators: Vec<&str> = (0..ndim).map(|dim| if kept.contains(&dim) { "#linalg.iterator_type<parallel>" } else { "#linalg.iterator_type<reduction>" }).collect();
    let iterators = b.parse_attribute(&format!("[{}]", iterators.join(", ")));
    let segments = b.parse_attribute("array<i32: 1, 1>");
    let generic = b.create_with_regions("linalg.generic", &[array, accumulator], &[], &[("indexing_maps", maps), ("iterator_types", iterators), ("operandSegmentSizes", segments)], 1);
    let (block, terminator) = ir::append_terminated_block(generic, 0, &[element, element], "linalg.yield");
    let inner = Builder::before(terminator);
    let (item, partial) = unsafe { (mlirBlockGetArgument(block, 0), mlirBlockGetArgument(block, 1)) };
    let combined = if kind == "sum" { inner.binary("complex.add", partial, item) } else { schoolbook_product(&inner, partial, item) };
    unsafe { mlirOperationSetOperands(terminator, 1, &combined) };
    Ok(match axis {
        None => b.value("memref.load", &[accumulator], element, &[]),
        Some(_) => b.value("memref.cast", &[accumulator], convert_type(b.context, result_type), &[]),
    })
}

/// `a * b` of complex numbers as NumPy computes it, `(ac - bd) + (ad + bc)i`, without the
/// infinity recovery `complex.mul` adds.
fn schoolbook_product(b: &Builder, lhs: MlirValue, rhs: MlirValue) -> MlirValue {
    let part = unsafe { mlirComplexTypeGetElementType(ir::value_type(lhs)) };
    let parts = |value| (b.value("complex.re", &[value], part, &[]), b.value("complex.im", &[value], part, &[]));
    let ((a, bi), (c, d)) = (parts(lhs), parts(rhs));
    let real = b.binary("arith.subf", b.binary("arith.mulf", a, c), b.binary("arith.mulf", bi, d));
    let imag = b.binary("arith.addf", b.binary("arith.mulf", a, d), b.binary("arith.mulf", bi, c));
    b.value("complex.create", &[real, imag], ir::value_type(lhs), &[])
}

/// `py.arange` as a `linalg.generic` writing `start + i * step` at each index `i` of a new array.
pub(super) fn lower_arange(b: &Builder, arange: MlirOperation, start_type: MlirType) -> Result<MlirValue, String> {
    let operands = ir::operands(arange);
    let (start, step, count) = (operands[0], operands[1], operands[2]);
    let kind = kind_of(start_type)?;
    let element = convert_type(b.context, start_type);
    let count = b.value("arith.index_cast", &[count], b.index_type(), &[]);
    let result_type = convert_type(b.context, ir::value_type(ir::results(arange)[0]));
    let (allocated, converted) = allocate(b, &[count], &ir::print_type(element), result_type);
    let segments = b.parse_attribute("array<i32: 0, 1>");
    let maps = b.parse_attribute("[affine_map<(d0) -> (d0)>]");
    let iterators = iterator_types(b, 1, "parallel");
    let generic = b.create_with_regions("linalg.generic", &[allocated], &[], &[("indexing_maps", maps), ("iterator_types", iterators), ("operandSegmentSizes", segments)], 1);
    let (_, terminator) = ir::append_terminated_block(generic, 0, &[element], "linalg.yield");
    let inner = Builder::before(terminator);
    let position = inner.value("linalg.index", &[], b.index_type(), &[("dim", b.parse_attribute("0 : i64"))]);
    let position = inner.value("arith.index_cast", &[position], b.integer_type(64), &[]);
    let position = cast(&inner, ScalarKind::Signed(64), kind, position, element);
    let value = if matches!(kind, ScalarKind::Float(_)) {
        inner.binary("arith.addf", start, inner.binary("arith.mulf", position, step))
    } else {
        inner.binary("arith.addi", start, inner.binary("arith.muli", position, step))
    };
    unsafe { mlirOperationSetOperands(terminator, 1, &value) };
    Ok(converted)
}
