//! `lower-py`: the `py` dialect to `arith`, `math`, `memref` and `linalg`.
//!
//! Matches every `py` op in a module and rewrites it in place with Python's semantics spelled out:
//! floor division and modulo take the divisor's sign, shifts past the width give what Python's
//! unbounded integers would after wrapping, `min`/`max` keep the first operand on ties and NaN,
//! negative indices count from the end. Then converts the types everywhere, block arguments and
//! function signatures included: `si`/`ui` integers become signless, `!py.array<T, n, L>` becomes a
//! strided `memref` whose layout keeps the unit stride `L` promises (C: last dimension, F: first).
//! New arrays are `memref.alloc`ed (64-byte aligned) and handed to the caller, who frees them.
//! Array operations become linalg: `py.map` one `linalg.generic` (twice under `scf.if` when its
//! operands may broadcast at run time), `py.reduce` a reduction `linalg.generic` (a whole-array
//! float sum a call to the runtime's pairwise sum, NumPy's order), `py.dot` linalg's named
//! products, `py.arange` a generic over `linalg.index`; views are memref views (`subview`,
//! `transpose`, `reinterpret_cast`). `py.math` lowers as `dialects/py/MathFunctions.def` says: one
//! op, a libm call, or `math_by_hand`. `py.constant_array` is a `memref.get_global` of its
//! global; `py.atomic` a `memref.atomic_rmw` (`inc`/`dec` and `py.atomic_cas` a
//! `memref.generic_atomic_rmw`); `py.local_array` a `memref.alloca` at the function's entry;
//! `py.shared_array` and the CUDA simulator's shared arrays views of memory the runtime gives
//! (`lower_py/shared_memory.rs`);
//! in a function marked `py.boundscheck` every element access is checked (`checked_indices`); `py.print`, `py.format` and a formatted `py.raise` are calls into the runtime's text buffer
//! (`lower_py/text.rs`); `py.array_to_words`/`py.array_from_words` an array's descriptor as a
//! container's words and back (`lower_py/descriptors.rs`).
//! Floating-point ops created in a function with a `py.fastmath` attribute (an
//! `#arith.fastmath<...>`, set for `fastmath=True`) carry those flags, which LLVM then sees.
//! This file dispatches on the op and converts the types; the array lowerings are in
//! `lower_py/arrays.rs`, the numbers' in `lower_py/scalars.rs`.

use crate::ir::{self, scalar_kind, Builder, ScalarKind};
use melior::ir::r#type::TypeLike;
use mlir_sys::*;
use rumba_dialects::{array_type_parts, Layout, MathLowering};
use std::collections::HashMap;

mod arrays;
mod descriptors;
mod scalars;
mod shared_memory;
mod text;

use arrays::*;
use descriptors::*;
pub use descriptors::NEW_REFERENCE_ATTRIBUTE;
use scalars::*;
pub use shared_memory::SIMULATED_ATTRIBUTE;
use shared_memory::*;
use text::*;

/// Runs the lowering on a module operation; `Err` carries a message already emitted at its location.
pub fn lower_py(module: MlirOperation) -> Result<(), String> {
    // A py.map's yield stays until the map itself is lowered, which reads the yielded value.
    let py_ops = ir::collect_operations(module, |operation| {
        let name = ir::op_name(operation);
        name.starts_with("py.") && name != "py.yield"
    });
    let original_operand_types: HashMap<*const std::ffi::c_void, Vec<MlirType>> = py_ops
        .iter()
        .map(|operation| (operation.ptr as *const _, ir::operands(*operation).into_iter().map(ir::value_type).collect()))
        .collect();
    // linalg's named ops take their region's block argument types from the operands, so fills,
    // copies and products are built once arrays have their memref types.
    let (fills, py_ops): (Vec<_>, Vec<_>) = py_ops.into_iter().partition(|operation| matches!(ir::op_name(*operation).as_str(), "py.fill" | "py.copy" | "py.dot"));
    for operation in py_ops {
        let builder = Builder::before(operation);
        let operand_types = &original_operand_types[&(operation.ptr as *const _)];
        match lower_operation(&builder, operation, operand_types) {
            Ok(replacements) => ir::replace_operation(operation, &replacements),
            Err(message) => {
                builder.emit_error(&message);
                return Err(message);
            }
        }
    }
    convert_types(module);
    replace_poison_arrays(module);
    for fill in fills {
        let builder = Builder::before(fill);
        if ir::op_name(fill) == "py.dot" {
            let product = lower_dot(&builder, fill);
            ir::replace_operation(fill, &[product]);
            continue;
        }
        let operands = ir::operands(fill);
        if ir::op_name(fill) == "py.copy" && unsafe { mlirValueEqual(operands[0], operands[1]) } {
            ir::replace_operation(fill, &[]);
            continue;
        }
        let segments = builder.parse_attribute("array<i32: 1, 1>");
        // py.fill %array, %value and py.copy %source, %target: linalg takes (input, output).
        let (name, inputs) = if ir::op_name(fill) == "py.fill" { ("linalg.fill", [operands[1], operands[0]]) } else { ("linalg.copy", [operands[0], operands[1]]) };
        let lowered = builder.create_with_regions(name, &inputs, &[], &[("operandSegmentSizes", segments)], 1);
        unsafe { mlirLinalgFillBuiltinNamedOpRegion(lowered) };
        ir::replace_operation(fill, &[]);
    }
    Ok(())
}

/// `ub.poison` arrays (what a function returns beside a raised exception, and what a skipped call
/// yields) become the all-zero memref descriptor: a null pointer with no elements. A caller that goes
/// on to reduce or map over such an array touches no memory, and freeing it frees nothing.
fn replace_poison_arrays(module: MlirOperation) {
    let poisons = ir::collect_operations(module, |operation| ir::op_name(operation) == "ub.poison" && unsafe { mlirTypeIsAMemRef(ir::value_type(ir::results(operation)[0])) });
    for poison in poisons {
        let memref = ir::value_type(ir::results(poison)[0]);
        let rank = unsafe { mlirShapedTypeGetRank(memref) };
        let b = Builder::before(poison);
        let zero = b.value("llvm.mlir.zero", &[], descriptor_type(b.context, rank as isize), &[]);
        let empty = b.value("builtin.unrealized_conversion_cast", &[zero], memref, &[]);
        ir::replace_operation(poison, &[empty]);
    }
}

/// The type a `py`-level type lowers to.
pub fn convert_type(context: MlirContext, r#type: MlirType) -> MlirType {
    unsafe {
        if mlirTypeIsAInteger(r#type) && !mlirIntegerTypeIsSignless(r#type) {
            return mlirIntegerTypeGet(context, mlirIntegerTypeGetWidth(r#type));
        }
        if let Some(parts) = array_type_parts(melior::ir::Type::from_raw(r#type)) {
            let element = ir::print_type(convert_type(context, parts.dtype.to_raw()));
            return ir::parse_type(context, &memref_type_text(&element, parts.ndim, parts.layout));
        }
        if mlirTypeIsAMemRef(r#type) && mlirShapedTypeGetRank(r#type) == 0 {
            let element = mlirShapedTypeGetElementType(r#type);
            let converted = convert_type(context, element);
            if converted.ptr != element.ptr {
                return ir::parse_type(context, &format!("memref<{}>", ir::print_type(converted)));
            }
        }
        r#type
    }
}

/// `memref<?x?xf64, strided<[?, 1], offset: ?>>` for a 2-d C array of f64.
pub fn memref_type_text(element: &str, ndim: usize, layout: Layout) -> String {
    let strides: Vec<&str> = (0..ndim)
        .map(|dim| match layout {
            Layout::C if dim + 1 == ndim => "1",
            Layout::F if dim == 0 => "1",
            _ => "?",
        })
        .collect();
    format!("memref<{}{element}, strided<[{}], offset: ?>>", "?x".repeat(ndim), strides.join(", "))
}

fn convert_types(module: MlirOperation) {
    let context = unsafe { mlirOperationGetContext(module) };
    for operation in ir::collect_operations(module, |_| true) {
        unsafe {
            for result in ir::results(operation) {
                mlirValueSetType(result, convert_type(context, ir::value_type(result)));
            }
            for argument in ir::block_arguments(operation) {
                mlirValueSetType(argument, convert_type(context, ir::value_type(argument)));
            }
            if ir::op_name(operation) == "func.func" {
                let function_type = mlirTypeAttrGetValue(ir::attribute(operation, "function_type"));
                let inputs: Vec<MlirType> = (0..mlirFunctionTypeGetNumInputs(function_type))
                    .map(|index| convert_type(context, mlirFunctionTypeGetInput(function_type, index)))
                    .collect();
                let outputs: Vec<MlirType> = (0..mlirFunctionTypeGetNumResults(function_type))
                    .map(|index| convert_type(context, mlirFunctionTypeGetResult(function_type, index)))
                    .collect();
                let converted = mlirFunctionTypeGet(context, inputs.len() as isize, inputs.as_ptr(), outputs.len() as isize, outputs.as_ptr());
                mlirOperationSetAttributeByName(operation, ir::string_ref("function_type"), mlirTypeAttrGet(converted));
            }
        }
    }
}

fn kind_of(r#type: MlirType) -> Result<ScalarKind, String> {
    scalar_kind(r#type).ok_or_else(|| format!("expected a scalar type, got {}", ir::print_type(r#type)))
}

fn width(kind: ScalarKind) -> u32 {
    match kind {
        ScalarKind::Signed(bits) | ScalarKind::Unsigned(bits) | ScalarKind::Float(bits) => bits,
        ScalarKind::Bool => 1,
        ScalarKind::Index => 64,
    }
}

fn lower_operation(b: &Builder, operation: MlirOperation, operand_types: &[MlirType]) -> Result<Vec<MlirValue>, String> {
    let name = ir::op_name(operation);
    let operands = ir::operands(operation);
    let result_type = ir::results(operation).first().map(|result| convert_type(b.context, ir::value_type(*result)));
    let result_kind = ir::results(operation).first().and_then(|result| scalar_kind(ir::value_type(*result)));
    let float = matches!(result_kind, Some(ScalarKind::Float(_)));
    let value = match name.as_str() {
        "py.constant" => {
            let literal = ir::attribute(operation, "value");
            let literal = unsafe {
                if mlirAttributeIsAInteger(literal) {
                    mlirIntegerAttrGet(result_type.expect("constants have a result"), mlirIntegerAttrGetValueInt(literal))
                } else {
                    literal
                }
            };
            b.value("arith.constant", &[], result_type.expect("constants have a result"), &[("value", literal)])
        }
        "py.add" | "py.sub" | "py.mul" => {
            let suffix = if float { "f" } else { "i" };
            b.binary(&format!("arith.{}{suffix}", &name[3..]), operands[0], operands[1])
        }
        "py.truediv" => b.binary("arith.divf", operands[0], operands[1]),
        "py.floordiv" => floor_divide(b, kind_of(operand_types[0])?, operands[0], operands[1]),
        "py.mod" => modulo(b, kind_of(operand_types[0])?, operands[0], operands[1]),
        "py.pow" if float => b.binary("math.powf", operands[0], operands[1]),
        "py.pow" => b.binary("math.ipowi", operands[0], operands[1]),
        "py.bitand" => b.binary("arith.andi", operands[0], operands[1]),
        "py.bitor" => b.binary("arith.ori", operands[0], operands[1]),
        "py.bitxor" => b.binary("arith.xori", operands[0], operands[1]),
        "py.lshift" | "py.rshift" => shift(b, &name, kind_of(operand_types[0])?, operands[0], operands[1]),
        "py.min" | "py.max" => {
            let kind = kind_of(operand_types[0])?;
            let predicate = match (kind, name.as_str()) {
                (ScalarKind::Float(_), "py.min") => "olt",
                (ScalarKind::Float(_), _) => "ogt",
                (ScalarKind::Signed(_), "py.min") => "slt",
                (ScalarKind::Signed(_), _) => "sgt",
                (_, "py.min") => "ult",
                _ => "ugt",
            };
            let pick_second = b.compare(matches!(kind, ScalarKind::Float(_)), predicate, operands[1], operands[0]);
            b.select(pick_second, operands[1], operands[0])
        }
        "py.neg" if float => b.unary("arith.negf", operands[0]),
        "py.neg" => {
            let zero = b.integer(ir::value_type(operands[0]), 0);
            b.binary("arith.subi", zero, operands[0])
        }
        "py.invert" | "py.not" => {
            let all_ones = b.integer(result_type.expect("has a result"), -1);
            b.binary("arith.xori", operands[0], all_ones)
        }
        "py.cmp" => {
            let kind = kind_of(operand_types[0])?;
            let predicate = ir::string_attribute(operation, "predicate");
            let spelled = match (kind, predicate.as_str()) {
                (ScalarKind::Float(_), "ne") => "une".to_string(),
                (ScalarKind::Float(_), other) => format!("o{other}"),
                (_, "eq" | "ne") => predicate.clone(),
                (ScalarKind::Signed(_) | ScalarKind::Index, other) => format!("s{other}"),
                (_, other) => format!("u{other}"),
            };
            b.compare(matches!(kind, ScalarKind::Float(_)), &spelled, operands[0], operands[1])
        }
        "py.cast" => cast(b, kind_of(operand_types[0])?, kind_of(ir::value_type(ir::results(operation)[0]))?, operands[0], result_type.expect("has a result")),
        "py.truth" => truth(b, kind_of(operand_types[0])?, operands[0]),
        "py.math" => {
            let callee = ir::string_attribute(operation, "callee");
            let function = rumba_dialects::math_function(&callee).ok_or_else(|| format!("py.math: unknown function '{callee}'"))?;
            let result_type = result_type.expect("py.math has a result");
            match function.lowering {
                MathLowering::Op(op) => b.value(op, &operands, result_type, &[]),
                MathLowering::Libm(name) => libm_call(b, name, &operands, result_type)?,
                MathLowering::LowerPy => math_by_hand(b, &callee, result_kind.ok_or("py.math returns a number")?, &operands, result_type)?,
            }
        }
        "py.getitem" => {
            let (indices, _) = checked_indices(b, operation, operands[0], element_indices(b, operands[0], &operands[1..], &operand_types[1..])?)?;
            let mut load_operands = vec![operands[0]];
            load_operands.extend(indices);
            b.value("memref.load", &load_operands, result_type.expect("has a result"), &[])
        }
        "py.setitem" => {
            let (indices, in_bounds) = checked_indices(b, operation, operands[1], element_indices(b, operands[1], &operands[2..], &operand_types[2..])?)?;
            let mut store_operands = vec![operands[0], operands[1]];
            store_operands.extend(indices);
            match in_bounds {
                Some(in_bounds) => Builder::before(ir::then_terminator(b, in_bounds)).create("memref.store", &store_operands, &[], &[]),
                None => b.create("memref.store", &store_operands, &[], &[]),
            };
            return Ok(Vec::new());
        }
        "py.atomic_cas" => {
            let (indices, _) = checked_indices(b, operation, operands[2], element_indices(b, operands[2], &operands[3..], &operand_types[3..])?)?;
            let (expected, value) = (operands[0], operands[1]);
            return Ok(vec![atomic_update(b, operands[2], &indices, result_type.expect("has a result"), |inner, current| {
                let equal = inner.compare(false, "eq", current, expected);
                inner.select(equal, value, current)
            })]);
        }
        "py.atomic" if matches!(ir::string_attribute(operation, "kind").as_str(), "inc" | "dec") => {
            let (indices, _) = checked_indices(b, operation, operands[1], element_indices(b, operands[1], &operands[2..], &operand_types[2..])?)?;
            let limit = operands[0];
            let increment = ir::string_attribute(operation, "kind") == "inc";
            return Ok(vec![atomic_update(b, operands[1], &indices, result_type.expect("has a result"), |inner, current| {
                let (zero, one) = (inner.integer(ir::value_type(current), 0), inner.integer(ir::value_type(current), 1));
                if increment {
                    let wraps = inner.compare(false, "uge", current, limit);
                    inner.select(wraps, zero, inner.binary("arith.addi", current, one))
                } else {
                    let wraps = inner.binary("arith.ori", inner.compare(false, "eq", current, zero), inner.compare(false, "ugt", current, limit));
                    inner.select(wraps, limit, inner.binary("arith.subi", current, one))
                }
            })]);
        }
        "py.atomic" => {
            let (indices, _) = checked_indices(b, operation, operands[1], element_indices(b, operands[1], &operands[2..], &operand_types[2..])?)?;
            let kind = atomic_kind(&ir::string_attribute(operation, "kind"), kind_of(operand_types[0])?)?;
            let value = if ir::string_attribute(operation, "kind") == "sub" {
                match kind_of(operand_types[0])? {
                    ScalarKind::Float(_) => b.unary("arith.negf", operands[0]),
                    _ => b.binary("arith.subi", b.integer(ir::value_type(operands[0]), 0), operands[0]),
                }
            } else {
                operands[0]
            };
            let mut rmw_operands = vec![value, operands[1]];
            rmw_operands.extend(indices);
            let kind = b.parse_attribute(&format!("{} : i64", ATOMIC_RMW_KINDS.iter().position(|name| *name == kind).expect("atomic_kind names a kind")));
            b.value("memref.atomic_rmw", &rmw_operands, result_type.expect("has a result"), &[("kind", kind)])
        }
        "py.lapack" => lower_lapack(b, operation, operand_types)?,
        "py.dim" => {
            let dim = ir::integer_attribute(operation, "dim");
            let index = b.integer(b.index_type(), dim);
            let extent = b.value("memref.dim", &[operands[0], index], b.index_type(), &[]);
            b.value("arith.index_cast", &[extent], b.integer_type(64), &[])
        }
        "py.empty" => {
            let result = ir::results(operation)[0];
            let parts = unsafe { array_type_parts(melior::ir::Type::from_raw(ir::value_type(result))) }.ok_or("py.empty makes arrays")?;
            let element = ir::print_type(convert_type(b.context, parts.dtype.to_raw()));
            let extents: Vec<MlirValue> = operands.iter().map(|extent| b.value("arith.index_cast", &[*extent], b.index_type(), &[])).collect();
            allocate(b, &extents, &element, result_type.expect("has a result")).1
        }
        "py.local_array" => {
            let result = ir::results(operation)[0];
            let parts = unsafe { array_type_parts(melior::ir::Type::from_raw(ir::value_type(result))) }.ok_or("py.local_array makes arrays")?;
            let element = ir::print_type(convert_type(b.context, parts.dtype.to_raw()));
            let shape: String = ir::dense_i64_attribute(operation, "shape").iter().map(|extent| format!("{extent}x")).collect();
            // At the function's entry, so that a loop does not grow the stack.
            let entry = Builder::at_slot_scope_entry(operation);
            let memory = entry.value("memref.alloca", &[], ir::parse_type(b.context, &format!("memref<{shape}{element}>")), &[("operandSegmentSizes", entry.parse_attribute("array<i32: 0, 0>"))]);
            b.value("memref.cast", &[memory], result_type.expect("has a result"), &[])
        }
        "py.shared_array" => {
            let parts = unsafe { array_type_parts(melior::ir::Type::from_raw(ir::value_type(ir::results(operation)[0]))) }.ok_or("py.shared_array makes arrays")?;
            dynamic_shared_array(b, convert_type(b.context, parts.dtype.to_raw()), result_type.expect("has a result"))?
        }
        "py.map" => return lower_map(b, operation, operand_types).map(|value| vec![value]),
        "py.array_to_words" => return lower_array_to_words(b, operands[0], operand_types[0]),
        "py.array_from_words" => lower_array_from_words(b, &operands, result_type.expect("has a result"), ir::value_type(ir::results(operation)[0]))?,
        "py.view" => lower_view(b, operation, result_type.expect("has a result"))?,
        "py.reduce" => lower_reduce(b, operation, operand_types[0])?,
        "py.arange" => lower_arange(b, operation, operand_types[0])?,
        "py.transpose" => {
            let ndim = unsafe { array_type_parts(melior::ir::Type::from_raw(operand_types[0])) }.ok_or("py.transpose takes an array")?.ndim;
            let reversed: Vec<String> = (0..ndim).rev().map(|dim| format!("d{dim}")).collect();
            let dims: Vec<String> = (0..ndim).map(|dim| format!("d{dim}")).collect();
            let permutation = b.parse_attribute(&format!("affine_map<({}) -> ({})>", dims.join(", "), reversed.join(", ")));
            b.value("memref.transpose", &operands, result_type.expect("has a result"), &[("permutation", permutation)])
        }
        "py.reshape" => {
            let parts = unsafe { array_type_parts(melior::ir::Type::from_raw(operand_types[0])) }.ok_or("py.reshape takes an array")?;
            let extents: Vec<MlirValue> = operands[1..].iter().map(|extent| b.value("arith.index_cast", &[*extent], b.index_type(), &[])).collect();
            let element = convert_type(b.context, parts.dtype.to_raw());
            let contiguous_strides = {
                let mut strides = vec![b.integer(b.index_type(), 1); extents.len()];
                for dim in (0..extents.len().saturating_sub(1)).rev() {
                    strides[dim] = b.binary("arith.muli", strides[dim + 1], extents[dim + 1]);
                }
                strides
            };
            let view = strided_view(b, operands[0], parts.ndim, &extents, &contiguous_strides, element);
            b.value("memref.cast", &[view], result_type.expect("has a result"), &[])
        }
        "py.constant_array" => {
            let global = ir::attribute(operation, "global");
            let symbol = ir::to_string(unsafe { mlirFlatSymbolRefAttrGetValue(global) });
            let module = ir::enclosing_module(operation).ok_or("py.constant_array: not inside a module")?;
            let [definition] = ir::collect_operations(module, |candidate| ir::op_name(candidate) == "memref.global" && ir::string_attribute(candidate, "sym_name") == symbol)[..] else {
                return Err(format!("py.constant_array: no memref.global named '{symbol}'"));
            };
            let global_type = unsafe { mlirTypeAttrGetValue(ir::attribute(definition, "type")) };
            let memory = if symbol.starts_with(rumba_dialects::cuda::SHARED_PREFIX) && ir::enclosing_function_has(operation, SIMULATED_ATTRIBUTE) {
                simulated_shared_array(b, module, &symbol, global_type)?
            } else {
                b.value("memref.get_global", &[], global_type, &[("name", global)])
            };
            b.value("memref.cast", &[memory], result_type.expect("has a result"), &[])
        }
        "py.stride" => {
            let parts = unsafe { array_type_parts(melior::ir::Type::from_raw(operand_types[0])) }.ok_or("py.stride takes an array")?;
            let strides = strides_of(b, operands[0], parts.ndim, convert_type(b.context, parts.dtype.to_raw()));
            let dim = usize::try_from(ir::integer_attribute(operation, "dim")).map_err(|_| "py.stride: a negative dimension")?;
            b.value("arith.index_cast", &[strides[dim]], b.integer_type(64), &[])
        }
        "py.as_strided" => {
            let parts = unsafe { array_type_parts(melior::ir::Type::from_raw(operand_types[0])) }.ok_or("py.as_strided takes an array")?;
            let rank = (operands.len() - 1) / 2;
            let indices: Vec<MlirValue> = operands[1..].iter().map(|value| b.value("arith.index_cast", &[*value], b.index_type(), &[])).collect();
            let view = strided_view(b, operands[0], parts.ndim, &indices[..rank], &indices[rank..], convert_type(b.context, parts.dtype.to_raw()));
            b.value("memref.cast", &[view], result_type.expect("has a result"), &[])
        }
        "py.random" => call_runtime(b, "rumba_random", &[], result_type)?.expect("rumba_random returns a float"),
        "py.seed" => {
            call_runtime(b, "rumba_seed", &operands, None)?;
            return Ok(Vec::new());
        }
        "py.raise" => {
            let code = b.integer(b.integer_type(32), ir::integer_attribute(operation, "code"));
            if operands.len() > 1 {
                append_formatted(b, operation, &operands[1..], &operand_types[1..])?;
                call_runtime(b, "rumba_raise_message", &[code], None)?;
            }
            b.create("memref.store", &[code, operands[0]], &[], &[]);
            return Ok(Vec::new());
        }
        "py.print" => {
            append_formatted(b, operation, &operands, operand_types)?;
            call_runtime(b, "rumba_print_flush", &[], None)?;
            return Ok(Vec::new());
        }
        "py.format" => {
            append_formatted(b, operation, &operands, operand_types)?;
            call_runtime(b, "rumba_str_take", &[], result_type)?.expect("rumba_str_take returns a handle")
        }
        other => return Err(format!("lower-py: no lowering for '{other}'")),
    };
    Ok(vec![value])
}

/// `arith::AtomicRMWKind`, whose number `memref.atomic_rmw`'s `kind` attribute holds.
const ATOMIC_RMW_KINDS: [&str; 16] =
    ["addf", "addi", "andi", "assign", "maximumf", "maxnumf", "maxs", "maxu", "minimumf", "minnumf", "mins", "minu", "mulf", "muli", "ori", "xori"];

/// The `memref.atomic_rmw` kind of `py.atomic`'s `kind` on elements of `element` (`sub` adds the
/// negated value).
fn atomic_kind(kind: &str, element: ScalarKind) -> Result<&'static str, String> {
    let float = matches!(element, ScalarKind::Float(_));
    let unsigned = matches!(element, ScalarKind::Unsigned(_) | ScalarKind::Bool);
    Ok(match (kind, float, unsigned) {
        ("add" | "sub", true, _) => "addf",
        ("add" | "sub", false, _) => "addi",
        ("max", true, _) => "maxnumf",
        ("max", false, false) => "maxs",
        ("max", false, true) => "maxu",
        ("min", true, _) => "minnumf",
        ("min", false, false) => "mins",
        ("min", false, true) => "minu",
        ("exch", ..) => "assign",
        _ => return Err(format!("py.atomic: unknown kind '{kind}'")),
    })
}

/// `memref.generic_atomic_rmw` of `memory[indices]`, elements of `element_type` (the converted
/// type: `memory` still has its array type while `lower-py` runs): `update` builds the new value
/// from the current one (inside the op's region); the element's old value.
fn atomic_update(b: &Builder, memory: MlirValue, indices: &[MlirValue], element_type: MlirType, update: impl FnOnce(&Builder, MlirValue) -> MlirValue) -> MlirValue {
    let mut operands = vec![memory];
    operands.extend_from_slice(indices);
    let rmw = b.create_with_regions("memref.generic_atomic_rmw", &operands, &[element_type], &[], 1);
    let (block, terminator) = ir::append_terminated_block(rmw, 0, &[element_type], "memref.atomic_yield");
    let updated = update(&Builder::before(terminator), unsafe { mlirBlockGetArgument(block, 0) });
    unsafe { mlirOperationSetOperands(terminator, 1, &updated) };
    ir::results(rmw)[0]
}

/// Marks a function whose element accesses are checked against the arrays' extents (the CUDA
/// simulator's kernels, which report what a GPU would fault on).
pub const BOUNDS_CHECK_ATTRIBUTE: &str = "py.boundscheck";

/// An element access's (wrapped) `indices` into `array`, checked where the function has
/// `py.boundscheck`: each index outside its extent is reported to the runtime
/// (`rumba_cuda_out_of_bounds`, with the access's location) and replaced by 0, so that the access
/// stays inside the array; also whether all were inside, for a store to skip the write.
fn checked_indices(b: &Builder, operation: MlirOperation, array: MlirValue, indices: Vec<MlirValue>) -> Result<(Vec<MlirValue>, Option<MlirValue>), String> {
    if !ir::enclosing_function_has(operation, BOUNDS_CHECK_ATTRIBUTE) {
        return Ok((indices, None));
    }
    let (i64_type, index_type) = (b.integer_type(64), b.index_type());
    let zero = b.integer(index_type, 0);
    let (location, length) = text::text_constant(b, &ir::location_text(b.location))?;
    let mut all_inside: Option<MlirValue> = None;
    let mut checked = Vec::new();
    for (dim, index) in indices.into_iter().enumerate() {
        let dim_index = b.integer(index_type, dim as i64);
        let extent = b.value("memref.dim", &[array, dim_index], index_type, &[]);
        // Unsigned: a negative index left after wrapping is outside too.
        let inside = b.compare(false, "ult", index, extent);
        let outside = b.binary("arith.xori", inside, b.integer(b.integer_type(1), 1));
        let report = Builder::before(ir::then_terminator(b, outside));
        let as_i64 = |value: MlirValue| report.value("arith.index_cast", &[value], i64_type, &[]);
        let report_operands = [location, length, report.integer(i64_type, dim as i64), as_i64(index), as_i64(extent)];
        call_runtime(&report, "rumba_cuda_out_of_bounds", &report_operands, None)?;
        checked.push(b.select(inside, index, zero));
        all_inside = Some(match all_inside {
            Some(before) => b.binary("arith.andi", before, inside),
            None => inside,
        });
    }
    Ok((checked, all_inside))
}
