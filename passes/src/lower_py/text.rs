//! `py.print`, `py.format` and the formatted message of `py.raise`: calls into the runtime's text
//! buffer (`runtime/src/text.rs`), one per text piece and value, then one that writes the line
//! out, makes it a string or makes it the message. Text pieces and specs become constant globals passed by address.

use super::*;

/// Appends `operation`'s text pieces and formatted values to the runtime's buffer.
pub(super) fn append_formatted(b: &Builder, operation: MlirOperation, values: &[MlirValue], value_types: &[MlirType]) -> Result<(), String> {
    let text = string_array(operation, "text");
    let formats = string_array(operation, "formats");
    for (index, piece) in text.iter().enumerate() {
        if !piece.is_empty() {
            let (address, length) = text_constant(b, piece)?;
            call_runtime(b, "rumba_text", &[address, length], None)?;
        }
        if let (Some(value), Some(value_type), Some(spec)) = (values.get(index), value_types.get(index), formats.get(index)) {
            append_value(b, *value, *value_type, spec)?;
        }
    }
    Ok(())
}

fn append_value(b: &Builder, value: MlirValue, value_type: MlirType, spec: &str) -> Result<(), String> {
    if let Some(parts) = unsafe { array_type_parts(melior::ir::Type::from_raw(value_type)) } {
        let element = match ir::print_type(parts.dtype.to_raw()).as_str() {
            "complex<f32>" => "c64".to_string(),
            "complex<f64>" => "c128".to_string(),
            element => element.to_string(),
        };
        let unranked = b.value("memref.cast", &[value], ir::parse_type(b.context, &format!("memref<*x{}>", ir::print_type(convert_type(b.context, parts.dtype.to_raw())))), &[]);
        call_runtime(b, &format!("rumba_format_array_{element}"), &[unranked], None)?;
        return Ok(());
    }
    if let Some(container) = spec.strip_prefix(rumba_dialects::CONTAINER_FORMAT_PREFIX) {
        let (address, length) = text_constant(b, container)?;
        call_runtime(b, "rumba_format_container", &[value, address, length], None)?;
        return Ok(());
    }
    if let Some(string_spec) = spec.strip_prefix(rumba_dialects::TEXT_FORMAT_PREFIX) {
        let (address, length) = text_constant(b, string_spec)?;
        call_runtime(b, "rumba_format_str", &[value, address, length], None)?;
        return Ok(());
    }
    let (address, length) = text_constant(b, spec)?;
    let i64_type = b.integer_type(64);
    let f64_type = ir::parse_type(b.context, "f64");
    let (function, mut operands) = if unsafe { mlirTypeIsAComplex(value_type) } {
        // complex64's parts widened: its `str` is a Python complex number's, as Numba prints it.
        let part_type = unsafe { mlirComplexTypeGetElementType(value_type) };
        let part = |mnemonic: &str| match unsafe { mlirTypeIsAF32(part_type) } {
            true => b.value("arith.extf", &[b.value(mnemonic, &[value], part_type, &[])], f64_type, &[]),
            false => b.value(mnemonic, &[value], f64_type, &[]),
        };
        ("rumba_format_complex", vec![part("complex.re"), part("complex.im")])
    } else {
        match kind_of(value_type)? {
            ScalarKind::Bool => ("rumba_format_bool", vec![b.value("arith.extui", &[value], b.integer_type(32), &[])]),
            ScalarKind::Signed(64) | ScalarKind::Index => ("rumba_format_int", vec![value]),
            ScalarKind::Signed(_) => ("rumba_format_int", vec![b.value("arith.extsi", &[value], i64_type, &[])]),
            ScalarKind::Unsigned(64) => ("rumba_format_uint", vec![value]),
            ScalarKind::Unsigned(_) => ("rumba_format_uint", vec![b.value("arith.extui", &[value], i64_type, &[])]),
            ScalarKind::Float(32) => ("rumba_format_f32", vec![value]),
            ScalarKind::Float(_) => ("rumba_format_f64", vec![value]),
        }
    };
    operands.extend([address, length]);
    call_runtime(b, function, &operands, None)?;
    Ok(())
}

fn string_array(operation: MlirOperation, name: &str) -> Vec<String> {
    let array = ir::attribute(operation, name);
    if array.ptr.is_null() {
        return Vec::new();
    }
    (0..unsafe { mlirArrayAttrGetNumElements(array) }).map(|index| ir::to_string(unsafe { mlirStringAttrGetValue(mlirArrayAttrGetElement(array, index)) })).collect()
}

/// The address and byte length of a constant global holding `text` (one global per distinct text).
pub(super) fn text_constant(b: &Builder, text: &str) -> Result<(MlirValue, MlirValue), String> {
    let module = ir::enclosing_module(b.anchor()).ok_or("text: not inside a module")?;
    let mut hash: u64 = 0xcbf2_9ce4_8422_2325;
    for byte in text.bytes() {
        hash = (hash ^ u64::from(byte)).wrapping_mul(0x0100_0000_01b3);
    }
    let name = format!("__rumba_text_{hash:016x}_{}", text.len());
    let defined = !ir::collect_operations(module, |operation| ir::op_name(operation) == "llvm.mlir.global" && ir::string_attribute(operation, "sym_name") == name).is_empty();
    if !defined {
        let escaped: String = text.bytes().map(|byte| if byte.is_ascii_alphanumeric() || byte == b' ' { char::from(byte).to_string() } else { format!("\\{byte:02X}") }).collect();
        let source = format!("llvm.mlir.global internal constant @{name}(\"{escaped}\") {{addr_space = 0 : i32}}");
        let global = unsafe { ir::parse_operation(b.context, &source) }.ok_or_else(|| format!("text: could not build the global {source}"))?;
        unsafe {
            let body = mlirRegionGetFirstBlock(mlirOperationGetRegion(module, 0));
            mlirBlockInsertOwnedOperationBefore(body, mlirBlockGetFirstOperation(body), global);
        }
    }
    let pointer = ir::parse_type(b.context, "!llvm.ptr");
    let address = b.value("llvm.mlir.addressof", &[], pointer, &[("global_name", b.parse_attribute(&format!("@{name}")))]);
    let length = b.integer(b.integer_type(64), text.len() as i64);
    Ok((address, length))
}
