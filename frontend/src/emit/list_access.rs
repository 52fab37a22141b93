//! The module's own definitions of the list accesses loops make most: reading and writing a word,
//! and appending one. The runtime lays a list out as
//! `{ u64 *data; i64 length; i64 capacity; }` (`runtime/src/lists.rs`), so these are a few loads
//! and stores that LLVM inlines and hoists, where a call into the runtime per element cost as much
//! again as the work. A read the caller made only where the index is inside the list
//! (`rumba_list_load`) checks nothing itself, so that its loads are not conditional in a loop that
//! LLVM proves stays inside the list. Only an append that needs room calls the runtime (`rumba_list_grow`). As the
//! runtime's functions did, the zero handle (a list never made) reads as empty and takes no writes,
//! and a word outside the list (an index whose IndexError is already in flight) reads zero and is
//! not written.

use super::RuntimeFunction;

/// The runtime function an append calls for room.
const LIST_GROW: RuntimeFunction = ("rumba_list_grow", "(i64) -> ()");

/// The MLIR definition of the list access `name` (a `rumba_list_*` function the frontend calls),
/// with the declarations it needs; `None` for the functions the runtime defines.
pub(super) fn definition(name: &str) -> Option<String> {
    let body = match name {
        "rumba_list_get" => read("si64", "i64", "%zero"),
        "rumba_list_get_f64" => read("f64", "f64", "%zero_f64"),
        "rumba_list_load" => load("si64", "i64"),
        "rumba_list_load_f64" => load("f64", "f64"),
        "rumba_list_set" => write("si64", "i64"),
        "rumba_list_set_f64" => write("f64", "f64"),
        "rumba_list_push" => append("si64", "i64"),
        "rumba_list_push_f64" => append("f64", "f64"),
        _ => return None,
    };
    Some(body.replace("@NAME", &format!("@{name}")))
}

/// The runtime functions the definitions call, declared once.
pub(super) fn callees(name: &str) -> Option<RuntimeFunction> {
    matches!(name, "rumba_list_push" | "rumba_list_push_f64").then_some(LIST_GROW)
}

/// The prologue every access shares: the list's header, and whether word `%index` lies inside it.
const HEADER: &str = "    %handle = builtin.unrealized_conversion_cast %list : si64 to i64
    %index = builtin.unrealized_conversion_cast %word : si64 to i64
    %zero = arith.constant 0 : i64
    %made = arith.cmpi ne, %handle, %zero : i64
    %header = llvm.inttoptr %handle : i64 to !llvm.ptr
    %length_field = llvm.getelementptr %header[1] : (!llvm.ptr) -> !llvm.ptr, i64
";

/// `list` word `word`, as `value_type` (`si64` or `f64`, stored as `stored`).
fn read(value_type: &str, stored: &str, zero: &str) -> String {
    let converted = if value_type == stored { "%value".to_string() } else { "%converted".to_string() };
    let conversion = if value_type == stored { String::new() } else { format!("    %converted = builtin.unrealized_conversion_cast %value : {stored} to {value_type}\n") };
    format!(
        "  func.func private @NAME(%list: si64, %word: si64) -> {value_type} {{
{HEADER}    %zero_f64 = arith.constant 0.0 : f64
    %value = scf.if %made -> ({stored}) {{
      %length = llvm.load %length_field : !llvm.ptr -> i64
      %inside = arith.cmpi ult, %index, %length : i64
      %read = scf.if %inside -> ({stored}) {{
        %data = llvm.load %header : !llvm.ptr -> !llvm.ptr
        %at = llvm.getelementptr %data[%index] : (!llvm.ptr, i64) -> !llvm.ptr, i64
        %loaded = llvm.load %at : !llvm.ptr -> {stored}
        scf.yield %loaded : {stored}
      }} else {{
        scf.yield {zero} : {stored}
      }}
      scf.yield %read : {stored}
    }} else {{
      scf.yield {zero} : {stored}
    }}
{conversion}    return {converted} : {value_type}
  }}
"
    )
}

/// `list` word `word`, as `value_type`, where the caller has found `word` inside the list.
fn load(value_type: &str, stored: &str) -> String {
    let converted = if value_type == stored { "%value".to_string() } else { "%converted".to_string() };
    let conversion = if value_type == stored { String::new() } else { format!("    %converted = builtin.unrealized_conversion_cast %value : {stored} to {value_type}\n") };
    format!(
        "  func.func private @NAME(%list: si64, %word: si64) -> {value_type} {{
    %handle = builtin.unrealized_conversion_cast %list : si64 to i64
    %index = builtin.unrealized_conversion_cast %word : si64 to i64
    %header = llvm.inttoptr %handle : i64 to !llvm.ptr
    %data = llvm.load %header : !llvm.ptr -> !llvm.ptr
    %at = llvm.getelementptr %data[%index] : (!llvm.ptr, i64) -> !llvm.ptr, i64
    %value = llvm.load %at : !llvm.ptr -> {stored}
{conversion}    return {converted} : {value_type}
  }}
"
    )
}

/// Writes `value` (`si64` or `f64`, stored as `stored`) into `list` word `word`.
fn write(value_type: &str, stored: &str) -> String {
    let value = if value_type == stored { "%value".to_string() } else { "%stored".to_string() };
    let conversion = if value_type == stored { String::new() } else { format!("    %stored = builtin.unrealized_conversion_cast %value : {value_type} to {stored}\n") };
    format!(
        "  func.func private @NAME(%list: si64, %word: si64, %value: {value_type}) {{
{HEADER}{conversion}    scf.if %made {{
      %length = llvm.load %length_field : !llvm.ptr -> i64
      %inside = arith.cmpi ult, %index, %length : i64
      scf.if %inside {{
        %data = llvm.load %header : !llvm.ptr -> !llvm.ptr
        %at = llvm.getelementptr %data[%index] : (!llvm.ptr, i64) -> !llvm.ptr, i64
        llvm.store {value}, %at : {stored}, !llvm.ptr
      }}
    }}
    return
  }}
"
    )
}

/// Appends `value` to `list`, asking the runtime for room when its buffer is full.
fn append(value_type: &str, stored: &str) -> String {
    let value = if value_type == stored { "%value".to_string() } else { "%stored".to_string() };
    let conversion = if value_type == stored { String::new() } else { format!("    %stored = builtin.unrealized_conversion_cast %value : {value_type} to {stored}\n") };
    format!(
        "  func.func private @NAME(%list: si64, %value: {value_type}) {{
    %handle = builtin.unrealized_conversion_cast %list : si64 to i64
    %zero = arith.constant 0 : i64
    %one = arith.constant 1 : i64
    %made = arith.cmpi ne, %handle, %zero : i64
{conversion}    scf.if %made {{
      %header = llvm.inttoptr %handle : i64 to !llvm.ptr
      %length_field = llvm.getelementptr %header[1] : (!llvm.ptr) -> !llvm.ptr, i64
      %capacity_field = llvm.getelementptr %header[2] : (!llvm.ptr) -> !llvm.ptr, i64
      %length = llvm.load %length_field : !llvm.ptr -> i64
      %capacity = llvm.load %capacity_field : !llvm.ptr -> i64
      %full = arith.cmpi eq, %length, %capacity : i64
      scf.if %full {{
        func.call @{grow}(%handle) : (i64) -> ()
      }}
      %data = llvm.load %header : !llvm.ptr -> !llvm.ptr
      %at = llvm.getelementptr %data[%length] : (!llvm.ptr, i64) -> !llvm.ptr, i64
      llvm.store {value}, %at : {stored}, !llvm.ptr
      %longer = arith.addi %length, %one : i64
      llvm.store %longer, %length_field : i64, !llvm.ptr
    }}
    return
  }}
",
        grow = LIST_GROW.0
    )
}
