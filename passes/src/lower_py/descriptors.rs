//! `py.array_to_words` and `py.array_from_words`: an array's memref descriptor as the words a list
//! or dict stores, and an array made back from them. The descriptor is the struct
//! `finalize-memref-to-llvm` makes of a memref, reached through `builtin.unrealized_conversion_cast`s
//! that `reconcile-unrealized-casts` folds away once memrefs are that struct. The runtime keeps the
//! memory alive for the container (`rumba_array_hold`) and counts the new array's reference
//! (`rumba_array_retain`), so that whoever frees an array last frees its memory
//! (`runtime/src/memory.rs`).

use super::*;

/// Marks the cast that makes an array from words: a new reference, which `deallocate-temporaries`
/// frees as it frees an allocation.
pub const NEW_REFERENCE_ATTRIBUTE: &str = "rumba.new_reference";

/// The LLVM struct of a rank-`rank` memref descriptor.
pub(super) fn descriptor_type(context: MlirContext, rank: isize) -> MlirType {
    let text = if rank == 0 {
        "!llvm.struct<(ptr, ptr, i64)>".to_string()
    } else {
        format!("!llvm.struct<(ptr, ptr, i64, array<{rank} x i64>, array<{rank} x i64>)>")
    };
    ir::parse_type(context, &text)
}

/// The positions of a descriptor's words in its struct: the two addresses, the offset, then each
/// size and each stride.
fn word_positions(rank: isize) -> Vec<String> {
    let mut positions = vec!["0".to_string(), "1".to_string(), "2".to_string()];
    for field in [3, 4] {
        positions.extend((0..rank).map(|dim| format!("{field}, {dim}")));
    }
    positions
}

fn rank_of(array_type: MlirType) -> Result<isize, String> {
    let parts = unsafe { array_type_parts(melior::ir::Type::from_raw(array_type)) }.ok_or("expected an array")?;
    Ok(parts.ndim as isize)
}

/// The words of an array's descriptor, with a hold on its memory for the container.
pub(super) fn lower_array_to_words(b: &Builder, array: MlirValue, array_type: MlirType) -> Result<Vec<MlirValue>, String> {
    let rank = rank_of(array_type)?;
    let descriptor_type = descriptor_type(b.context, rank);
    let descriptor = b.value("builtin.unrealized_conversion_cast", &[array], descriptor_type, &[]);
    let word_type = b.integer_type(64);
    let pointer = ir::parse_type(b.context, "!llvm.ptr");
    let words: Vec<MlirValue> = word_positions(rank)
        .iter()
        .enumerate()
        .map(|(field, position)| {
            let position = ("position", b.parse_attribute(&format!("array<i64: {position}>")));
            match field {
                0 | 1 => b.value("llvm.ptrtoint", &[b.value("llvm.extractvalue", &[descriptor], pointer, &[position])], word_type, &[]),
                _ => b.value("llvm.extractvalue", &[descriptor], word_type, &[position]),
            }
        })
        .collect();
    call_runtime(b, "rumba_array_hold", &[words[0]], None)?;
    Ok(words)
}

/// The array whose descriptor `words` are, as a new reference to its memory.
pub(super) fn lower_array_from_words(b: &Builder, words: &[MlirValue], result_type: MlirType, array_type: MlirType) -> Result<MlirValue, String> {
    let rank = rank_of(array_type)?;
    let descriptor_type = descriptor_type(b.context, rank);
    let pointer = ir::parse_type(b.context, "!llvm.ptr");
    let mut descriptor = b.value("llvm.mlir.poison", &[], descriptor_type, &[]);
    for (field, (word, position)) in words.iter().zip(word_positions(rank)).enumerate() {
        let word = if field < 2 { b.value("llvm.inttoptr", &[*word], pointer, &[]) } else { *word };
        descriptor = b.value("llvm.insertvalue", &[descriptor, word], descriptor_type, &[("position", b.parse_attribute(&format!("array<i64: {position}>")))]);
    }
    call_runtime(b, "rumba_array_retain", &[words[0]], None)?;
    Ok(b.value("builtin.unrealized_conversion_cast", &[descriptor], result_type, &[(NEW_REFERENCE_ATTRIBUTE, unsafe { mlirUnitAttrGet(b.context) })]))
}
