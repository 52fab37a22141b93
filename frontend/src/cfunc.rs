//! `@cfunc`: a function C can call, around a compiled specialisation that takes and returns
//! numbers. The wrapper takes the arguments as C passes them, calls the specialisation and returns
//! its value converted to the declared return type. A C caller cannot receive an exception: where
//! the specialisation raised, the wrapper prints which exception, where, and returns the value as
//! it stands (zero where none was computed).

use crate::{emit::mlir_string, EmittedModule, Type};

/// The symbol of the C-callable wrapper of the specialisation `entry`.
pub fn wrapper_symbol(entry: &str) -> String {
    format!("{entry}__cfunc")
}

/// `emitted`'s module text with the C-callable wrapper of its specialisation added, returning
/// `declared` (the signature's return type: a number, or `None` for `void`).
pub fn with_c_wrapper(emitted: &EmittedModule, name: &str, declared: &Type) -> Result<String, String> {
    let scalar = |value_type: &Type, what: &str| match value_type {
        Type::Scalar(scalar) if !scalar.is_complex() => Ok(*scalar),
        other => Err(format!("a cfunc takes and returns real numbers and bools here; {what} is {other}")),
    };
    let arguments = emitted.arguments.iter().map(|argument| scalar(argument, "an argument")).collect::<Result<Vec<_>, _>>()?;
    let inferred = match &emitted.return_type {
        Type::None => None,
        inferred => Some(scalar(inferred, "the result")?),
    };
    let returned = match (declared, inferred) {
        (Type::None, _) => None,
        (declared, Some(inferred)) => Some((inferred, scalar(declared, "the declared result")?)),
        (declared, None) => return Err(format!("the signature declares {declared}, but the function returns nothing")),
    };
    let parameters: Vec<String> = arguments.iter().enumerate().map(|(position, argument)| format!("%a{position}: {}", argument.mlir())).collect();
    let operands: Vec<String> = (0..arguments.len()).map(|position| format!("%a{position}")).collect();
    let operand_types: Vec<String> = arguments.iter().map(|argument| argument.mlir()).collect();
    let entry = &emitted.entry_symbol;
    let mut body = Vec::new();
    let status = match inferred {
        Some(inferred) => {
            body.push(format!("%r:2 = func.call @{entry}({}) : ({}) -> (i32, {})", operands.join(", "), operand_types.join(", "), inferred.mlir()));
            "%r#0"
        }
        None => {
            body.push(format!("%r = func.call @{entry}({}) : ({}) -> i32", operands.join(", "), operand_types.join(", ")));
            "%r"
        }
    };
    for (index, site) in emitted.raise_sites.iter().enumerate() {
        let location = &site.location;
        let message = match &site.message {
            Some(message) => format!("{}: {message}", site.exception),
            None => site.exception.clone(),
        };
        let line = format!("rumba: cfunc '{name}' raised {message} ({}:{}:{}), which a C caller cannot receive\n", location.file, location.line, location.column);
        body.push(format!("%code{index} = arith.constant {} : i32", index + 1));
        body.push(format!("%site{index} = arith.cmpi eq, {status}, %code{index} : i32"));
        body.push(format!("scf.if %site{index} {{\n    py.print [{}]() formats []\n  }}", mlir_string(&line)));
    }
    let (result_type, returned_value) = match returned {
        Some((inferred, declared)) if inferred == declared => (declared.mlir(), format!("%r#1 : {}", declared.mlir())),
        Some((inferred, declared)) => {
            body.push(format!("%converted = py.cast %r#1 : {} to {}", inferred.mlir(), declared.mlir()));
            (declared.mlir(), format!("%converted : {}", declared.mlir()))
        }
        None => ("()".to_string(), String::new()),
    };
    let wrapper = format!(
        "  func.func @{}({}) -> {result_type} attributes {{llvm.emit_c_interface}} {{\n  {}\n  return {returned_value}\n  }}\n",
        wrapper_symbol(entry),
        parameters.join(", "),
        body.join("\n  "),
    );
    let end = emitted.text.rfind('}').ok_or("the emitted module has no end")?;
    Ok(format!("{}{wrapper}{}", &emitted.text[..end], &emitted.text[end..]))
}
