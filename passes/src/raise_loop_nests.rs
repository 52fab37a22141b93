//! `raise-loop-nests`: a perfect nest of `scf.for` loops that accumulates into an array becomes one
//! `linalg.generic`, so that `vectorize-loop-nests` can tile and vectorise it.
//!
//! Python users write matrix products and their kin as loops (`C[i, j] += A[i, k] * B[k, j]` in
//! three nested `range` loops). Lowered as written, each element costs a load and a store of `C` per
//! step of `k`, and nothing is vectorised. This pass matches a nest of loops from 0 with step 1 and
//! bounds defined outside the nest, whose bodies hold nothing but the next loop and index casts, and
//! whose innermost body loads array elements, computes with `arith`/`math` ops and stores one element.
//! Every index must be an induction variable, each at most once per access. The dimensions the store
//! indexes are parallel, in the store's index order; the other loops are reductions, in nest order,
//! so each element still accumulates in the order the loops wrote (bit-for-bit the same result). The
//! stored value must be the element read, combined with a value computed without it by one op that
//! linalg's vectoriser knows as a reduction (`+=`, `*=`, bitwise and integer min/max; Python's
//! `max()` on floats is a compare and a select, which it does not know). No other access may reach
//! the stored-to array through another view of it, and loads from it must read the element being
//! stored: then no iteration sees another's writes and the nest's order over parallel dimensions is
//! free. An array the function did not allocate (an argument: `C[i, j] += ...` into `out`) may
//! still share memory with an input, so its nest is raised under `scf.if` on the bytes they span
//! being apart, with the nest as written in the else branch. A sum kept in a stack slot
//! (`s = 0.0; for k: s += A[i, k] * B[k, j]; C[i, j] = s`, the other way users write products)
//! is the same nest: the slot's starting value fills the result first (`linalg.fill`), and the
//! element accumulates in place, where nothing reads the slot after the nest. Each operand is a
//! subview of the loop bounds, so the generic runs exactly the loops' iterations. Nests with fewer than two
//! parallel dimensions or no reduction are left alone: their loops vectorise in LLVM as they are;
//! but in the body of a parallel loop (a `prange`), a nest whose accesses take the parallel loop's
//! variable as an index works on a slice of the arrays (row `i` of a product) and is raised with a
//! single parallel dimension, each such access a subview fixed at that index.
//! An input that the nest reads more than once per element and whose vectorised dimension (the
//! innermost parallel one) has a stride known not to be 1 (an F-ordered `B`) is read from a
//! contiguous copy made before the nest, with that dimension last (`linalg.transpose`), freed
//! after it: the tiles then load whole vectors of it.
//! The reductions come first among the generic's dimensions, so the vectors `vectorize-loop-nests`
//! makes have their unit reduction dimension in front (LLVM lowering unrolls n-D vectors along their
//! leading dimensions: a trailing unit dimension would leave one-element vectors). The generic carries
//! `rumba.tile_sizes`, one tile of 8×8 elements over the two innermost parallel dimensions (32
//! elements of a single one) and a step of 1 in every other one, and `rumba.tile_interchange`,
//! which orders the tile loops parallel dimensions first and reductions innermost.

use crate::ir::{self, Builder};
use mlir_sys::*;

/// Tile sizes of the two innermost parallel dimensions: 8 rows of 8 elements of the result.
const TILE: [i64; 2] = [8, 8];

/// The tile of a nest with one parallel dimension: 32 elements of a row, whose sums run side by
/// side (8 and 64 measured slower on a 512×512 product: too few sums to hide the additions'
/// latency, and too many registers).
const ROW_TILE: i64 = 32;

/// What one index of an access is: a loop of the nest, or the variable of a parallel loop around
/// the nest (a `prange` body's nest works on a slice of the array).
#[derive(Clone, Copy)]
enum Index {
    Loop(usize),
    Fixed(MlirValue),
}

impl PartialEq for Index {
    fn eq(&self, other: &Self) -> bool {
        match (self, other) {
            (Index::Loop(left), Index::Loop(right)) => left == right,
            (Index::Fixed(left), Index::Fixed(right)) => unsafe { mlirValueEqual(*left, *right) },
            _ => false,
        }
    }
}

/// An element access in the innermost body: the array and what each index is.
struct Access {
    operation: MlirOperation,
    memref: MlirValue,
    indices: Vec<Index>,
}

impl Access {
    /// The loops the access's indices take, in index order.
    fn loops(&self) -> Vec<usize> {
        self.indices.iter().filter_map(|index| if let Index::Loop(position) = index { Some(*position) } else { None }).collect()
    }

    fn is_sliced(&self) -> bool {
        self.indices.iter().any(|index| matches!(index, Index::Fixed(_)))
    }
}

fn body(for_op: MlirOperation) -> MlirBlock {
    unsafe { mlirRegionGetFirstBlock(mlirOperationGetRegion(for_op, 0)) }
}

fn block_operations(block: MlirBlock) -> Vec<MlirOperation> {
    let mut operations = Vec::new();
    let terminator = unsafe { mlirBlockGetTerminator(block) };
    let mut operation = unsafe { mlirBlockGetFirstOperation(block) };
    while !operation.ptr.is_null() && !unsafe { mlirOperationEqual(operation, terminator) } {
        operations.push(operation);
        operation = unsafe { mlirOperationGetNextInBlock(operation) };
    }
    operations
}

fn is_inside(value: MlirValue, operation: MlirOperation) -> bool {
    let owner = unsafe {
        if mlirValueIsABlockArgument(value) {
            mlirBlockGetParentOperation(mlirBlockArgumentGetOwner(value))
        } else {
            mlirOpResultGetOwner(value)
        }
    };
    ir::is_ancestor(operation, owner)
}

fn constant_index(value: MlirValue) -> Option<i64> {
    let operation = ir::defining_operation(value)?;
    (ir::op_name(operation) == "arith.constant").then(|| ir::integer_attribute(operation, "value"))
}

fn is_index_cast(operation: MlirOperation) -> bool {
    matches!(ir::op_name(operation).as_str(), "arith.index_cast" | "arith.index_castui")
}

/// The loop of the nest whose induction variable `value` is, looking through index casts.
fn loop_of(mut value: MlirValue, induction_variables: &[MlirValue]) -> Option<usize> {
    while let Some(cast) = ir::defining_operation(value).filter(|operation| is_index_cast(*operation)) {
        value = unsafe { mlirOperationGetOperand(cast, 0) };
    }
    induction_variables.iter().position(|variable| unsafe { mlirValueEqual(*variable, value) })
}

/// What `value`, an index of an access in the nest rooted at `outer`, is: a loop of the nest, or
/// the variable of a parallel loop around it (through index casts).
fn index_of(value: MlirValue, induction_variables: &[MlirValue], outer: MlirOperation) -> Option<Index> {
    if let Some(position) = loop_of(value, induction_variables) {
        return Some(Index::Loop(position));
    }
    let mut value = value;
    while let Some(cast) = ir::defining_operation(value).filter(|operation| is_index_cast(*operation)) {
        value = unsafe { mlirOperationGetOperand(cast, 0) };
    }
    if !unsafe { mlirValueIsABlockArgument(value) } {
        return None;
    }
    let owner = unsafe { mlirBlockGetParentOperation(mlirBlockArgumentGetOwner(value)) };
    (ir::op_name(owner) == "scf.parallel" && ir::is_ancestor(owner, outer)).then_some(Index::Fixed(value))
}

/// The loops of the perfect nest rooted at `outer` (outermost first), down to a scalar accumulation's
/// loop body if there is one.
fn perfect_nest(outer: MlirOperation) -> Option<Vec<MlirOperation>> {
    let mut loops = vec![outer];
    loop {
        let operations = block_operations(body(*loops.last()?));
        let inner: Vec<_> = operations.iter().copied().filter(|operation| ir::op_name(*operation) == "scf.for").collect();
        match inner.as_slice() {
            [] => return Some(loops),
            [inner] if operations.iter().all(|operation| unsafe { mlirOperationEqual(*operation, *inner) } || is_index_cast(*operation)) => {
                loops.push(*inner)
            }
            // The loop over the reduction of a scalar accumulation: `raise` takes it from here.
            [_] if scalar_accumulation(*loops.last()?).is_some() => return Some(loops),
            _ => return None,
        }
    }
}

/// A loop body that sums into a scalar and stores the sum: `s = init; for k: s = s + ...;
/// C[i, j] = s`, with `s` a stack slot that nothing else reads.
struct ScalarAccumulation {
    /// The loop over `k`, the nest's innermost.
    reduction: MlirOperation,
    /// The slot's starting value.
    initial: MlirValue,
    /// The store of the sum into the array.
    result_store: MlirOperation,
    /// The slot.
    slot: MlirValue,
}

/// The body of `for_op` as a scalar accumulation, if it is one.
fn scalar_accumulation(for_op: MlirOperation) -> Option<ScalarAccumulation> {
    let operations: Vec<MlirOperation> = block_operations(body(for_op)).into_iter().filter(|operation| !is_index_cast(*operation)).collect();
    let [initialize, reduction, read_sum, result_store] = operations[..] else { return None };
    let names = [initialize, reduction, read_sum, result_store].map(ir::op_name);
    if names != ["memref.store", "scf.for", "memref.load", "memref.store"] || unsafe { mlirOperationGetNumResults(reduction) } != 0 {
        return None;
    }
    let (initial, slot) = (ir::operands(initialize)[0], ir::operands(initialize)[1]);
    let sum = ir::results(read_sum)[0];
    let slot_read = ir::operands(read_sum).len() == 1 && unsafe { mlirValueEqual(ir::operands(read_sum)[0], slot) };
    let sum_stored = unsafe { mlirValueEqual(ir::operands(result_store)[0], sum) } && ir::uses(sum).len() == 1;
    let is_scalar_slot = unsafe { mlirShapedTypeGetRank(ir::value_type(slot)) } == 0 && ir::defining_operation(slot).is_some_and(|operation| ir::op_name(operation) == "memref.alloca");
    // Nothing else reads the slot: the sum it holds after the nest is never looked at.
    let read_elsewhere = ir::uses(slot).into_iter().any(|(user, _)| {
        ir::op_name(user) == "memref.load" && !unsafe { mlirOperationEqual(user, read_sum) } && !ir::is_ancestor(reduction, user)
            || !matches!(ir::op_name(user).as_str(), "memref.load" | "memref.store")
    });
    (slot_read && sum_stored && is_scalar_slot && !read_elsewhere).then_some(ScalarAccumulation { reduction, initial, result_store, slot })
}

/// The loads, the store and the computing ops of the innermost body, if it is one this pass raises.
fn innermost_accesses(block: MlirBlock, induction_variables: &[MlirValue], outer: MlirOperation) -> Option<(Vec<Access>, Access, Vec<MlirOperation>)> {
    let mut loads = Vec::new();
    let mut stores = Vec::new();
    let mut computations = Vec::new();
    for operation in block_operations(block) {
        let name = ir::op_name(operation);
        let operands = ir::operands(operation);
        let (memref, indices) = match name.as_str() {
            "memref.load" => (operands[0], &operands[1..]),
            "memref.store" => (operands[1], &operands[2..]),
            _ if is_index_cast(operation) && loop_of(ir::results(operation)[0], induction_variables).is_some() => continue,
            _ if (name.starts_with("arith.") || name.starts_with("math.")) && unsafe { mlirOperationGetNumRegions(operation) } == 0 => {
                computations.push(operation);
                continue;
            }
            _ => return None,
        };
        let indices: Vec<Index> = indices.iter().map(|index| index_of(*index, induction_variables, outer)).collect::<Option<_>>()?;
        let access = Access { operation, memref, indices };
        let loops = access.loops();
        if is_inside(memref, outer) || (1..loops.len()).any(|position| loops[..position].contains(&loops[position])) {
            return None;
        }
        if name == "memref.load" { loads.push(access) } else { stores.push(access) }
    }
    let store = stores.pop().filter(|_| stores.is_empty())?;
    Some((loads, store, computations))
}

/// Whether the raised body can use `value`: a load's or a computing op's result, or a value from
/// outside the nest (not an induction variable or anything else that only exists in the loops).
fn available_in_body(value: MlirValue, loads: &[Access], computations: &[MlirOperation], outer: MlirOperation) -> bool {
    let produced_inside = ir::defining_operation(value).is_some_and(|producer| {
        loads.iter().any(|load| unsafe { mlirOperationEqual(load.operation, producer) })
            || computations.iter().any(|computation| unsafe { mlirOperationEqual(*computation, producer) })
    });
    produced_inside || !is_inside(value, outer)
}

/// Ops that combine an accumulator with one more value the way linalg's vectoriser recognises a
/// reduction.
const COMBINERS: [&str; 15] = [
    "arith.addf", "arith.addi", "arith.mulf", "arith.muli", "arith.andi", "arith.ori", "arith.xori", "arith.maxsi", "arith.minsi",
    "arith.maxui", "arith.minui", "arith.maximumf", "arith.minimumf", "arith.maxnumf", "arith.minnumf",
];

/// Whether the stored value is one combiner applied to the element read (the accumulator, read
/// once) and a value computed without it: `C[i, j] += ...`, not `C[i, j] = max(C[i, j], ...)`
/// written as a compare and a select.
fn accumulates(accumulators: &[&Access], store: MlirOperation) -> bool {
    let [accumulator] = accumulators else { return false };
    let stored = unsafe { mlirOperationGetOperand(store, 0) };
    match ir::uses(ir::results(accumulator.operation)[0]).as_slice() {
        [(combiner, _)] => {
            COMBINERS.contains(&ir::op_name(*combiner).as_str()) && unsafe { mlirValueEqual(ir::results(*combiner)[0], stored) }
        }
        _ => false,
    }
}

/// `memref.subview`: the part of `memref` the loops visit, `trip_counts` elements from 0 along
/// each dimension a loop indexes; a dimension a parallel loop's variable indexes is fixed there
/// and dropped.
fn subview(b: &Builder, memref: MlirValue, indices: &[Index], trip_counts: &[MlirValue]) -> MlirValue {
    let source = ir::value_type(memref);
    let rank = indices.len();
    let mut strides = vec![0i64; rank];
    let mut offset = 0i64;
    unsafe { mlirMemRefTypeGetStridesAndOffset(source, strides.as_mut_ptr(), &mut offset) };
    let dynamic = |value: i64| if value == i64::MIN { "?".to_string() } else { value.to_string() };
    let element = ir::print_type(unsafe { mlirShapedTypeGetElementType(source) });
    let kept: Vec<String> = indices.iter().zip(&strides).filter(|(index, _)| matches!(index, Index::Loop(_))).map(|(_, stride)| dynamic(*stride)).collect();
    let sliced = indices.iter().any(|index| matches!(index, Index::Fixed(_)));
    let result = ir::parse_type(
        b.context,
        &format!("memref<{}{element}, strided<[{}], offset: {}>>", "?x".repeat(kept.len()), kept.join(", "), if sliced { "?".to_string() } else { dynamic(offset) }),
    );
    let (mut offsets, mut sizes, mut static_offsets, mut static_sizes) = (Vec::new(), Vec::new(), Vec::new(), Vec::new());
    for index in indices {
        match index {
            Index::Loop(position) => {
                static_offsets.push(0.to_string());
                sizes.push(trip_counts[*position]);
                static_sizes.push(i64::MIN.to_string());
            }
            Index::Fixed(value) => {
                offsets.push(*value);
                static_offsets.push(i64::MIN.to_string());
                static_sizes.push(1.to_string());
            }
        }
    }
    let mut operands = vec![memref];
    operands.extend_from_slice(&offsets);
    operands.extend_from_slice(&sizes);
    b.value(
        "memref.subview",
        &operands,
        result,
        &[
            ("operandSegmentSizes", b.parse_attribute(&format!("array<i32: 1, {}, {}, 0>", offsets.len(), sizes.len()))),
            ("static_offsets", b.parse_attribute(&format!("array<i64: {}>", static_offsets.join(", ")))),
            ("static_sizes", b.parse_attribute(&format!("array<i64: {}>", static_sizes.join(", ")))),
            ("static_strides", b.parse_attribute(&format!("array<i64: {}>", vec!["1"; rank].join(", ")))),
        ],
    )
}

/// A copy of `view` (of an input the nest reads again and again) made before the nest, its
/// dimensions ordered so that `vectorised`, the one the vector tiles walk, comes last and
/// contiguous, where the view walks it with a stride known not to be 1 (an F-ordered `B` in
/// `C[i, j] += A[i, k] * B[k, j]`): each tile then reads whole vectors, where the view gives one
/// element at a time. Gives the copy and the order of `view`'s dimensions it holds. The copy
/// changes which memory is read, not what is computed, so results stay bit-for-bit the loops'.
fn packed(b: &Builder, view: MlirValue, walked: &[usize], vectorised: usize) -> Option<(MlirValue, Vec<usize>)> {
    let position = walked.iter().position(|looped| *looped == vectorised)?;
    let view_type = ir::value_type(view);
    let mut strides = vec![0i64; walked.len()];
    let mut offset = 0i64;
    unsafe { mlirMemRefTypeGetStridesAndOffset(view_type, strides.as_mut_ptr(), &mut offset) };
    // A stride known only when running is not 1 where another dimension's is known to be.
    let contiguous_elsewhere = strides.iter().enumerate().any(|(dimension, stride)| dimension != position && *stride == 1);
    if strides[position] == 1 || (strides[position] == i64::MIN && !contiguous_elsewhere) {
        return None;
    }
    let order: Vec<usize> = (0..walked.len()).filter(|dimension| *dimension != position).chain([position]).collect();
    let index = b.index_type();
    let sizes: Vec<MlirValue> = order.iter().map(|dimension| b.value("memref.dim", &[view, b.integer(index, *dimension as i64)], index, &[])).collect();
    let element = ir::print_type(element_type(view));
    let buffer_type = ir::parse_type(b.context, &format!("memref<{}{element}>", "?x".repeat(walked.len())));
    let buffer = b.value("memref.alloc", &sizes, buffer_type, &[("operandSegmentSizes", b.parse_attribute(&format!("array<i32: {}, 0>", sizes.len()))), ("alignment", b.parse_attribute("64 : i64"))]);
    let permutation = order.iter().map(|dimension| *dimension as i64).collect::<Vec<_>>();
    let transpose = b.create_with_regions("linalg.transpose", &[view, buffer], &[], &[("permutation", b.i64_array(&permutation))], 1);
    let (block, terminator) = ir::append_terminated_block(transpose, 0, &[element_type(view), element_type(view)], "linalg.yield");
    unsafe { mlirOperationSetOperands(terminator, 1, &mlirBlockGetArgument(block, 0)) };
    Some((buffer, order))
}

fn element_type(memref: MlirValue) -> MlirType {
    unsafe { mlirShapedTypeGetElementType(ir::value_type(memref)) }
}

/// The bytes `memref` spans, from its lowest element's first to one past its highest element's
/// last, whatever the signs of its strides.
fn byte_span(b: &Builder, memref: MlirValue) -> (MlirValue, MlirValue) {
    let rank = unsafe { mlirShapedTypeGetRank(ir::value_type(memref)) } as usize;
    let metadata = ir::strided_metadata(b, memref, rank);
    let index = b.index_type();
    let (zero, one) = (b.integer(index, 0), b.integer(index, 1));
    let element = element_type(memref);
    let bits = unsafe { if mlirTypeIsAInteger(element) { mlirIntegerTypeGetWidth(element) } else { mlirFloatTypeGetWidth(element) } };
    let element_bytes = b.integer(index, i64::from(bits.div_ceil(8)));
    let (mut lowest, mut highest) = (metadata[1], metadata[1]);
    for dimension in 0..rank {
        let (size, stride) = (metadata[2 + dimension], metadata[2 + rank + dimension]);
        let reach = b.binary("arith.muli", b.binary("arith.subi", size, one), stride);
        lowest = b.binary("arith.addi", lowest, b.binary("arith.minsi", reach, zero));
        highest = b.binary("arith.addi", highest, b.binary("arith.maxsi", reach, zero));
    }
    let pointer = b.value("memref.extract_aligned_pointer_as_index", &[memref], index, &[]);
    let first = b.binary("arith.addi", pointer, b.binary("arith.muli", lowest, element_bytes));
    let end = b.binary("arith.addi", pointer, b.binary("arith.muli", b.binary("arith.addi", highest, one), element_bytes));
    (first, end)
}

/// Puts the nest rooted at `outer` under `scf.if` on `output` sharing no byte with any input, with
/// a copy of the nest as it was in the else branch: an array the function did not allocate may be
/// a view of an input's memory, where each step must see the writes of the steps before it.
fn guard_by_disjointness(outer: MlirOperation, output: MlirValue, inputs: &[&Access]) {
    let b = Builder::before(outer);
    let (output_first, output_end) = byte_span(&b, output);
    let mut disjoint = b.integer(b.integer_type(1), 1);
    for input in inputs {
        let (input_first, input_end) = byte_span(&b, input.memref);
        let apart = b.binary("arith.ori", b.compare(false, "ule", output_end, input_first), b.compare(false, "ule", input_end, output_first));
        disjoint = b.binary("arith.andi", disjoint, apart);
    }
    let branches = b.create_with_regions("scf.if", &[disjoint], &[], &[], 2);
    let (_, raised_end) = ir::append_terminated_block(branches, 0, &[], "scf.yield");
    let (as_written, as_written_end) = ir::append_terminated_block(branches, 1, &[], "scf.yield");
    unsafe {
        mlirBlockInsertOwnedOperationBefore(as_written, as_written_end, mlirOperationClone(outer));
        mlirOperationMoveBefore(outer, raised_end);
    }
}

/// Raises the nest rooted at `outer` if it has the shape the module doc describes.
fn raise(outer: MlirOperation) -> bool {
    let Some(mut loops) = perfect_nest(outer) else { return false };
    let scalar = scalar_accumulation(*loops.last().expect("a nest has a loop"));
    if let Some(accumulation) = &scalar {
        loops.push(accumulation.reduction);
    }
    let induction_variables: Vec<MlirValue> = loops.iter().map(|for_op| unsafe { mlirBlockGetArgument(body(*for_op), 0) }).collect();
    let bounds_ok = loops.iter().all(|for_op| {
        let operands = ir::operands(*for_op);
        (unsafe { mlirOperationGetNumResults(*for_op) }) == 0
            && constant_index(operands[0]) == Some(0)
            && constant_index(operands[2]) == Some(1)
            && !is_inside(operands[1], outer)
    });
    if !bounds_ok {
        return false;
    }
    let Some((loads, store, computations)) = innermost_accesses(body(*loops.last().unwrap()), &induction_variables, outer) else { return false };
    // The array element the nest accumulates into: the innermost store's, or where a scalar
    // accumulation stores its sum.
    let output = match &scalar {
        None => Some(Access { operation: store.operation, memref: store.memref, indices: store.indices.clone() }),
        Some(accumulation) if unsafe { mlirValueEqual(store.memref, accumulation.slot) } => {
            let operands = ir::operands(accumulation.result_store);
            let indices = operands[2..].iter().map(|index| index_of(*index, &induction_variables, outer)).collect::<Option<Vec<Index>>>();
            indices.map(|indices| Access { operation: accumulation.result_store, memref: operands[1], indices })
        }
        Some(_) => None,
    };
    let Some(output) = output else { return false };
    let output_root = ir::root_memref(output.memref);
    let output_is_fresh = ir::defining_operation(output_root).is_some_and(|operation| ir::op_name(operation) == "memref.alloc");
    let (accumulators, inputs): (Vec<&Access>, Vec<&Access>) = loads.iter().partition(|load| unsafe { mlirValueEqual(load.memref, store.memref) });
    let parallel = &output.loops();
    let reductions: Vec<usize> = (0..loops.len()).filter(|position| !parallel.contains(position)).collect();
    let every_loop_indexes = (0..loops.len()).all(|position| loads.iter().chain([&output]).any(|access| access.loops().contains(&position)));
    // A nest in a parallel loop's body that works on a slice of its arrays is raised with one
    // parallel dimension too: its loops are the rows of a product.
    let sliced = loads.iter().chain([&output]).any(Access::is_sliced);
    let initial_outside = scalar.as_ref().is_none_or(|accumulation| !is_inside(accumulation.initial, outer));
    if !accumulates(&accumulators, store.operation)
        || !initial_outside
        || accumulators.iter().any(|load| load.indices != store.indices)
        || (1..parallel.len()).any(|position| parallel[..position].contains(&parallel[position]))
        || inputs.iter().any(|load| unsafe { mlirValueEqual(ir::root_memref(load.memref), output_root) })
        || parallel.len() < if sliced { 1 } else { 2 }
        || reductions.is_empty()
        || !every_loop_indexes
        || !computations.iter().flat_map(|computation| ir::operands(*computation)).chain([ir::operands(store.operation)[0]]).all(|value| available_in_body(value, &loads, &computations, outer))
    {
        return false;
    }

    if !output_is_fresh {
        guard_by_disjointness(outer, output.memref, &inputs);
    }
    let b = Builder::before(outer);
    let zero = b.integer(b.index_type(), 0);
    let trip_counts: Vec<MlirValue> = loops.iter().map(|for_op| b.binary("arith.maxsi", ir::operands(*for_op)[1], zero)).collect();
    let dimension_order: Vec<usize> = reductions.iter().chain(parallel).copied().collect();
    let dimension_of = |position: usize| dimension_order.iter().position(|looped| *looped == position).expect("every loop is a dimension");
    let dimensions: Vec<String> = (0..loops.len()).map(|dimension| format!("d{dimension}")).collect();
    let indexing_map = |walked: &[usize]| {
        let results: Vec<String> = walked.iter().map(|position| format!("d{}", dimension_of(*position))).collect();
        b.parse_attribute(&format!("affine_map<({}) -> ({})>", dimensions.join(", "), results.join(", ")))
    };
    let view = |access: &Access| subview(&b, access.memref, &access.indices, &trip_counts);

    // Inputs a vectorised tile would read one element at a time are read from packed copies,
    // where the nest reads each element more than once (some loop does not index it) and is
    // not one slice of a parallel loop's (whose every iteration would copy the whole input).
    let vectorised = *parallel.last().expect("checked: a parallel dimension");
    let mut buffers = Vec::new();
    let (mut operands, mut maps) = (Vec::new(), Vec::new());
    for load in &inputs {
        let (walked, input_view) = (load.loops(), view(load));
        let reused = walked.len() < loops.len() && !sliced;
        match reused.then(|| packed(&b, input_view, &walked, vectorised)).flatten() {
            Some((buffer, order)) => {
                buffers.push(buffer);
                operands.push(buffer);
                maps.push(indexing_map(&order.iter().map(|dimension| walked[*dimension]).collect::<Vec<_>>()));
            }
            None => {
                operands.push(input_view);
                maps.push(indexing_map(&walked));
            }
        }
    }
    let output_view = view(&output);
    if let Some(accumulation) = &scalar {
        // Each element starts from the sum's starting value, as `s` did.
        let fill = b.create_with_regions("linalg.fill", &[accumulation.initial, output_view], &[], &[("operandSegmentSizes", b.parse_attribute("array<i32: 1, 1>"))], 1);
        let element = element_type(output_view);
        let (block, terminator) = ir::append_terminated_block(fill, 0, &[element, element], "linalg.yield");
        unsafe { mlirOperationSetOperands(terminator, 1, &mlirBlockGetArgument(block, 0)) };
    }
    operands.push(output_view);
    maps.push(indexing_map(&output.loops()));
    let iterators: Vec<&str> = dimension_order.iter().map(|position| if parallel.contains(position) { "parallel" } else { "reduction" }).collect();
    let mut tile_sizes = vec![1i64; loops.len()];
    if parallel.len() == 1 {
        tile_sizes[loops.len() - 1] = ROW_TILE;
    } else {
        tile_sizes[loops.len() - 2..].copy_from_slice(&TILE);
    }
    let tile_loop_order: Vec<usize> = (reductions.len()..loops.len()).chain(0..reductions.len()).collect();
    let list = |values: Vec<String>| format!("array<i64: {}>", values.join(", "));
    let generic = b.create_with_regions(
        "linalg.generic",
        &operands,
        &[],
        &[
            ("indexing_maps", unsafe { mlirArrayAttrGet(b.context, maps.len() as isize, maps.as_ptr()) }),
            ("iterator_types", b.parse_attribute(&format!("[{}]", iterators.iter().map(|kind| format!("#linalg.iterator_type<{kind}>")).collect::<Vec<_>>().join(", ")))),
            ("operandSegmentSizes", b.parse_attribute(&format!("array<i32: {}, 1>", inputs.len()))),
            ("rumba.tile_sizes", b.parse_attribute(&list(tile_sizes.iter().map(|size| size.to_string()).collect()))),
            ("rumba.tile_interchange", b.parse_attribute(&list(tile_loop_order.iter().map(|dimension| dimension.to_string()).collect()))),
        ],
        1,
    );
    let argument_types: Vec<MlirType> = operands.iter().map(|memref| element_type(*memref)).collect();
    let (block, terminator) = ir::append_terminated_block(generic, 0, &argument_types, "linalg.yield");
    unsafe {
        for (position, load) in inputs.iter().enumerate() {
            mlirValueReplaceAllUsesOfWith(ir::results(load.operation)[0], mlirBlockGetArgument(block, position as isize));
        }
        for load in &accumulators {
            mlirValueReplaceAllUsesOfWith(ir::results(load.operation)[0], mlirBlockGetArgument(block, inputs.len() as isize));
        }
        for computation in &computations {
            mlirOperationMoveBefore(*computation, terminator);
        }
        let stored = mlirOperationGetOperand(store.operation, 0);
        mlirOperationSetOperands(terminator, 1, &stored);
    }
    for buffer in buffers {
        b.create("memref.dealloc", &[buffer], &[], &[]);
    }
    unsafe { mlirOperationDestroy(outer) };
    true
}

fn raise_in(block: MlirBlock) {
    let mut operation = unsafe { mlirBlockGetFirstOperation(block) };
    while !operation.ptr.is_null() {
        let next = unsafe { mlirOperationGetNextInBlock(operation) };
        if !(ir::op_name(operation) == "scf.for" && raise(operation)) {
            raise_in_regions(operation);
        }
        operation = next;
    }
}

fn raise_in_regions(operation: MlirOperation) {
    for region_index in 0..unsafe { mlirOperationGetNumRegions(operation) } {
        let mut block = unsafe { mlirRegionGetFirstBlock(mlirOperationGetRegion(operation, region_index)) };
        while !block.ptr.is_null() {
            raise_in(block);
            block = unsafe { mlirBlockGetNextInRegion(block) };
        }
    }
}

/// Runs the pass on a module.
pub fn raise_loop_nests(module: MlirOperation) {
    raise_in_regions(module);
}
