//! Text made of values, as `print` writes it and as exception messages carry it: string literals,
//! f-strings (`{x}`, `{x!r}`, `{x:.3f}`, `{x=}`), `str(x)`, `repr(x)`, `format(x, spec)`, `+` of
//! these and `%` formatting of a literal, broken into literal pieces and values with format specs.
//! The type walker checks them (a spec Python would refuse for the value's type is a located
//! error); the emitter writes them as `py.print` and `py.raise ... formatted`.

use crate::{
    diagnostics::Diagnostic,
    format_spec::{FormatSpec, NumberKind},
    infer::{Callee, TypeWalker},
    strings::StringForm,
    types::{Scalar, TupleKind, Type},
};
use ruff_python_ast::{ConversionFlag, Expr, ExprCall, FStringPart, InterpolatedStringElement, Operator};

/// A piece of text: literal, or a value formatted with a spec (`repr` when it is written as
/// `repr` writes it: strings quoted).
pub enum Piece<'e> {
    Text(String),
    Value { expr: &'e Expr, spec: String, repr: bool },
}

/// The pieces of `print(*args, sep=' ', end='\n')`.
pub fn print_pieces<'e>(walker: &mut TypeWalker, call: &'e ExprCall) -> Result<Vec<Piece<'e>>, Diagnostic> {
    let module = walker.module;
    let (mut separator, mut end) = (" ".to_string(), "\n".to_string());
    for keyword in &call.arguments.keywords {
        let name = keyword.arg.as_ref().map(|name| name.as_str()).unwrap_or("**");
        match name {
            "sep" | "end" => {
                let text = match walker.expr_type(&keyword.value)? {
                    Type::Str(text) => text,
                    Type::None if name == "sep" => " ".into(),
                    Type::None => "\n".into(),
                    other => return Err(module.typing(&keyword.value, format!("{name} must be None or a string, not {other}"))),
                };
                if name == "sep" { separator = text } else { end = text }
            }
            "flush" => {}
            "file" => return Err(module.unsupported(keyword, "print(file=...) is not supported in compiled code; it writes to sys.stdout")),
            _ => return Err(module.typing(keyword, format!("'{name}' is an invalid keyword argument for print()"))),
        }
    }
    let mut pieces = Vec::new();
    for (position, argument) in call.arguments.args.iter().enumerate() {
        if position > 0 {
            pieces.push(Piece::Text(separator.clone()));
        }
        text_pieces(walker, argument, false, &mut pieces)?;
    }
    pieces.push(Piece::Text(end));
    Ok(merged(pieces))
}

/// The pieces of the message of an exception constructed with `arguments`: none without
/// arguments, the `str` of one, the `repr` of the tuple of several (as `str(ValueError(a, b))`).
pub fn message_pieces<'e>(walker: &mut TypeWalker, arguments: &'e [Expr]) -> Result<Option<Vec<Piece<'e>>>, Diagnostic> {
    let mut pieces = Vec::new();
    match arguments {
        [] => return Ok(None),
        [argument] => text_pieces(walker, argument, false, &mut pieces)?,
        several => {
            pieces.push(Piece::Text("(".into()));
            for (position, argument) in several.iter().enumerate() {
                if position > 0 {
                    pieces.push(Piece::Text(", ".into()));
                }
                text_pieces(walker, argument, true, &mut pieces)?;
            }
            pieces.push(Piece::Text(")".into()));
        }
    }
    Ok(Some(merged(pieces)))
}

/// The pieces of a string made of values (`crate::strings::StringForm::Text`): an f-string,
/// `str(x)`, `repr(x)`, `format(x, spec)`, `+` of strings, `"template" % values`.
pub fn string_pieces<'e>(walker: &mut TypeWalker, expr: &'e Expr) -> Result<Vec<Piece<'e>>, Diagnostic> {
    let mut pieces = Vec::new();
    text_pieces(walker, expr, false, &mut pieces)?;
    Ok(merged(pieces))
}

/// Adjacent literal pieces as one.
fn merged(pieces: Vec<Piece>) -> Vec<Piece> {
    let mut merged: Vec<Piece> = Vec::with_capacity(pieces.len());
    for piece in pieces {
        match (merged.last_mut(), piece) {
            (Some(Piece::Text(last)), Piece::Text(text)) => last.push_str(&text),
            (_, piece) => merged.push(piece),
        }
    }
    merged
}

/// Appends the pieces of `str(expr)` (`repr(expr)` when `repr`).
fn text_pieces<'e>(walker: &mut TypeWalker, expr: &'e Expr, repr: bool, pieces: &mut Vec<Piece<'e>>) -> Result<(), Diagnostic> {
    let module = walker.module;
    match expr {
        Expr::FString(f_string) => {
            let mut text = Vec::new();
            for part in f_string.value.as_slice() {
                match part {
                    FStringPart::Literal(literal) => text.push(Piece::Text(literal.value.to_string())),
                    FStringPart::FString(f_string) => {
                        for element in f_string.elements.iter() {
                            match element {
                                InterpolatedStringElement::Literal(literal) => text.push(Piece::Text(literal.value.to_string())),
                                InterpolatedStringElement::Interpolation(interpolation) => {
                                    let spec = match &interpolation.format_spec {
                                        None => String::new(),
                                        Some(spec) => {
                                            let mut literal = String::new();
                                            for element in spec.elements.iter() {
                                                match element {
                                                    InterpolatedStringElement::Literal(part) => literal.push_str(&part.value),
                                                    InterpolatedStringElement::Interpolation(nested) => {
                                                        return Err(module.unsupported(nested, "a format spec computed at run time is not supported; write the spec out"))
                                                    }
                                                }
                                            }
                                            literal
                                        }
                                    };
                                    let mut conversion_repr = interpolation.conversion == ConversionFlag::Repr || interpolation.conversion == ConversionFlag::Ascii;
                                    if let Some(debug) = &interpolation.debug_text {
                                        text.push(Piece::Text(debug.as_str().to_string()));
                                        conversion_repr |= spec.is_empty() && interpolation.conversion == ConversionFlag::None;
                                    }
                                    text.push(value_piece(walker, &interpolation.expression, spec, conversion_repr)?);
                                }
                            }
                        }
                    }
                }
            }
            if repr {
                return Err(module.unsupported(expr, "the repr of a formatted string is not supported"));
            }
            pieces.extend(text);
            Ok(())
        }
        Expr::BinOp(binary) if binary.op == Operator::Add && !repr && is_text(walker, &binary.left)? => {
            text_pieces(walker, &binary.left, false, pieces)?;
            text_pieces(walker, &binary.right, false, pieces)
        }
        Expr::BinOp(binary) if binary.op == Operator::Mod && !repr && matches!(&*binary.left, Expr::StringLiteral(_)) => {
            let Expr::StringLiteral(template) = &*binary.left else { unreachable!("matched above") };
            percent_pieces(walker, template.value.to_str(), &binary.right, pieces)
        }
        Expr::Call(call) if !repr && is_format_call(walker, expr)? => {
            let Expr::Attribute(method) = &*call.func else { unreachable!("matched above") };
            let Type::Str(template) = walker.expr_type(&method.value)? else { unreachable!("crate::strings takes a literal template") };
            format_pieces(walker, &template, call, pieces)
        }
        Expr::Call(call) if !repr && is_empty_str(walker, call) => {
            pieces.push(Piece::Text(String::new()));
            Ok(())
        }
        Expr::Call(call) if !repr => match converted(walker, call)? {
            Some((argument, spec, as_repr)) => {
                if spec.is_empty() {
                    text_pieces(walker, argument, as_repr, pieces)
                } else {
                    pieces.push(value_piece(walker, argument, spec, as_repr)?);
                    Ok(())
                }
            }
            None => {
                pieces.push(value_piece(walker, expr, String::new(), false)?);
                Ok(())
            }
        },
        _ => {
            pieces.push(value_piece(walker, expr, String::new(), repr)?);
            Ok(())
        }
    }
}

/// Whether `expr` is `template.format(...)` of a template known when compiling.
fn is_format_call(walker: &mut TypeWalker, expr: &Expr) -> Result<bool, Diagnostic> {
    let Expr::Call(call) = expr else { return Ok(false) };
    Ok(matches!(&*call.func, Expr::Attribute(method) if method.attr.as_str() == "format") && matches!(walker.string_form(expr)?, Some(StringForm::Text(_))))
}

/// `template.format(*args, **kwargs)`: each replacement field (`{}`, `{0}`, `{name}`, with a
/// conversion `!r`, `!s` or `!a` and a format spec) as the argument it names, with its spec.
/// Fields that name the arguments out of order or more than once would evaluate them so: such
/// calls take names and literals only.
fn format_pieces<'e>(walker: &mut TypeWalker, template: &str, call: &'e ExprCall, pieces: &mut Vec<Piece<'e>>) -> Result<(), Diagnostic> {
    let module = walker.module;
    let arguments = &call.arguments;
    if arguments.args.iter().any(Expr::is_starred_expr) || arguments.keywords.iter().any(|keyword| keyword.arg.is_none()) {
        return Err(module.unsupported(call, "str.format() with *args or **kwargs is not supported"));
    }
    let mut used: Vec<&Expr> = Vec::new();
    let (mut automatic, mut next) = (None, 0);
    let mut literal = String::new();
    let mut characters = template.chars().peekable();
    while let Some(character) = characters.next() {
        match character {
            '{' | '}' if characters.peek() == Some(&character) => {
                characters.next();
                literal.push(character);
            }
            '}' => return Err(module.typing(call, "Single '}' encountered in format string")),
            '{' => {
                let mut field = String::new();
                loop {
                    match characters.next() {
                        None => return Err(module.typing(call, "expected '}' before end of string")),
                        Some('}') => break,
                        Some('{') => return Err(module.unsupported(call, "a replacement field inside a format spec is not supported; write the spec out")),
                        Some(character) => field.push(character),
                    }
                }
                let (name, rest) = field.split_at(field.find(['!', ':']).unwrap_or(field.len()));
                let (conversion, spec) = match rest.strip_prefix('!') {
                    Some(rest) => {
                        let mut conversion = rest.chars();
                        let letter = conversion.next();
                        match (letter, conversion.as_str()) {
                            (Some('r' | 's' | 'a'), after) if after.is_empty() || after.starts_with(':') => (letter, after.get(1..).unwrap_or("")),
                            (Some('r' | 's' | 'a'), _) => return Err(module.typing(call, "expected ':' after conversion specifier")),
                            (Some(other), _) => return Err(module.typing(call, format!("Unknown conversion specifier {other}"))),
                            (None, _) => return Err(module.typing(call, "end of string while looking for conversion specifier")),
                        }
                    }
                    None => (None, rest.get(1..).unwrap_or("")),
                };
                let argument = if name.is_empty() || name.bytes().all(|byte| byte.is_ascii_digit()) {
                    let index = match name.parse::<usize>() {
                        Ok(index) if automatic != Some(true) => index,
                        Err(_) if automatic != Some(false) => {
                            next += 1;
                            next - 1
                        }
                        Ok(_) => return Err(module.typing(call, "cannot switch from automatic field numbering to manual field specification")),
                        Err(_) => return Err(module.typing(call, "cannot switch from manual field specification to automatic field numbering")),
                    };
                    automatic = Some(name.is_empty());
                    arguments.args.get(index).ok_or_else(|| module.typing(call, format!("Replacement index {index} out of range for positional args tuple")))?
                } else if name.chars().all(|character| character.is_alphanumeric() || character == '_') {
                    &arguments.find_keyword(name).ok_or_else(|| module.typing(call, format!("str.format() has no keyword argument '{name}' (KeyError)")))?.value
                } else {
                    return Err(module.unsupported(call, format!("the replacement field '{{{field}}}' is not supported: attributes and indices of arguments are not")));
                };
                pieces.push(Piece::Text(std::mem::take(&mut literal)));
                let repr = matches!(conversion, Some('r' | 'a'));
                match spec {
                    "" => text_pieces(walker, argument, repr, pieces)?,
                    _ if conversion.is_some() && !walker.expr_type(argument)?.is_string() => {
                        return Err(module.unsupported(argument, "a format spec after a conversion of a value that is not a string is not supported"));
                    }
                    _ => pieces.push(value_piece(walker, argument, spec.to_string(), repr)?),
                }
                used.push(argument);
            }
            character => literal.push(character),
        }
    }
    pieces.push(Piece::Text(literal));
    let given: Vec<&Expr> = arguments.args.iter().chain(arguments.keywords.iter().map(|keyword| &keyword.value)).collect();
    if used.len() != given.len() || used.iter().zip(&given).any(|(used, given)| !std::ptr::eq(*used, *given)) {
        let simple = |argument: &&Expr| matches!(argument, Expr::Name(_) | Expr::NumberLiteral(_) | Expr::StringLiteral(_) | Expr::BooleanLiteral(_) | Expr::NoneLiteral(_));
        if let Some(argument) = given.into_iter().find(|argument| !simple(argument)) {
            return Err(module.unsupported(argument, "str.format() whose fields do not use each argument once, in order, takes names and literals as arguments; assign this one to a variable first"));
        }
    }
    Ok(())
}

/// Whether `call` is `str()`, the empty string.
fn is_empty_str(walker: &TypeWalker, call: &ExprCall) -> bool {
    call.arguments.is_empty() && matches!(walker.callee(call), Ok(Callee::Builtin("str")))
}

/// `str(x)`, `repr(x)` and `format(x, spec)` of Python's builtins: the argument, the spec, and
/// whether it is `repr`.
fn converted<'e>(walker: &mut TypeWalker, call: &'e ExprCall) -> Result<Option<(&'e Expr, String, bool)>, Diagnostic> {
    let module = walker.module;
    let Ok(Callee::Builtin(name @ ("str" | "repr" | "format"))) = walker.callee(call) else { return Ok(None) };
    if !call.arguments.keywords.is_empty() {
        return Err(module.unsupported(call, format!("{name}() with keyword arguments is not supported")));
    }
    match (name, &call.arguments.args[..]) {
        ("str", [argument]) => Ok(Some((argument, String::new(), false))),
        ("repr", [argument]) => Ok(Some((argument, String::new(), true))),
        ("format", [argument]) => Ok(Some((argument, String::new(), false))),
        ("format", [argument, spec]) => match walker.expr_type(spec)? {
            Type::Str(spec) => Ok(Some((argument, spec, false))),
            _ => Err(module.unsupported(spec, "format() takes a spec known when compiling (a string literal)")),
        },
        _ => Err(module.typing(call, format!("{name}() takes {} here", if name == "format" { "a value and a spec" } else { "one value" }))),
    }
}

/// Whether `expr` is text: a string, an f-string, `str(...)`, `repr(...)`, `format(...)`, or `+`
/// or `%` of these.
fn is_text(walker: &mut TypeWalker, expr: &Expr) -> Result<bool, Diagnostic> {
    Ok(match expr {
        Expr::FString(_) | Expr::StringLiteral(_) => true,
        Expr::BinOp(binary) if matches!(binary.op, Operator::Add | Operator::Mod) => is_text(walker, &binary.left)?,
        Expr::Call(call) if is_empty_str(walker, call) || converted(walker, call)?.is_some() => true,
        _ => walker.expr_type(expr)?.is_string(),
    })
}

/// A value formatted with `spec`, checked against its type; strings known when compiling are text.
fn value_piece<'e>(walker: &mut TypeWalker, expr: &'e Expr, spec: String, repr: bool) -> Result<Piece<'e>, Diagnostic> {
    let value_type = walker.expr_type_optional(expr)?;
    if let Type::Str(text) = &value_type {
        let text = if repr { python_repr(text) } else { text.clone() };
        let spec = FormatSpec::parse(&spec, NumberKind::Str).map_err(|message| walker.module.typing(expr, message))?;
        return Ok(Piece::Text(spec.format_str(&text)));
    }
    check_formattable(walker, &value_type, &spec, repr, expr)?;
    Ok(Piece::Value { expr, spec, repr })
}

/// Whether a value of `value_type` can be written with `spec`.
fn check_formattable(walker: &TypeWalker, value_type: &Type, spec: &str, repr: bool, node: &Expr) -> Result<(), Diagnostic> {
    let module = walker.module;
    let kind = match value_type {
        Type::Unknown => return Ok(()),
        Type::Scalar(Scalar::Bool | Scalar::Int { .. }) => NumberKind::Int,
        Type::Scalar(Scalar::Float { .. }) => NumberKind::Float,
        Type::Scalar(Scalar::Complex { .. }) => NumberKind::Complex,
        Type::Unicode if repr && !spec.is_empty() => return Err(module.unsupported(node, "a format spec on the repr of a string is not supported")),
        Type::Unicode => NumberKind::Str,
        Type::Array(_) if repr => return Err(module.unsupported(node, "the repr of an array is not supported in compiled code; print it with str")),
        Type::Array(_) | Type::None | Type::Tuple(..) | Type::Str(_) if !spec.is_empty() => {
            return Err(module.typing(node, format!("unsupported format string passed to {value_type}.__format__")));
        }
        Type::Array(_) | Type::None | Type::Str(_) => return Ok(()),
        Type::Tuple(_, Some(class)) if class.kind == TupleKind::Enum => {
            return Err(module.unsupported(node, format!("printing a member of the enum {} is not supported yet; print its .value", class.name)));
        }
        Type::Tuple(elements, _) => {
            return elements.iter().try_for_each(|element| match element {
                Type::Array(_) => Err(module.unsupported(node, "printing a tuple that holds arrays is not supported")),
                element => check_formattable(walker, element, "", true, node),
            });
        }
        // None or the value, as the code runs: no spec applies to both.
        Type::Optional(_) if !spec.is_empty() => return Err(module.unsupported(node, "a format spec on a value that may be None is not supported")),
        Type::Optional(held) => return check_formattable(walker, held, "", repr, node),
        Type::List(_) | Type::Dict(..) | Type::Set(_) if !spec.is_empty() => {
            return Err(module.typing(node, format!("unsupported format string passed to {value_type}.__format__")));
        }
        Type::List(_) | Type::Dict(..) | Type::Set(_) if value_type.holds_array() => {
            return Err(module.unsupported(node, format!("printing a {value_type} is not supported yet (a container that holds arrays)")));
        }
        Type::List(_) | Type::Dict(..) | Type::Set(_) if value_type.holds_instance() => {
            return Err(module.unsupported(node, format!("printing a {value_type} is not supported (a container that holds jitclass instances)")));
        }
        Type::List(_) | Type::Dict(..) | Type::Set(_) => return Ok(()),
        other => return Err(module.unsupported(node, format!("a value of type {other} cannot be formatted in compiled code"))),
    };
    FormatSpec::parse(spec, kind).map(|_| ()).map_err(|message| module.typing(node, message))
}

/// Python's `repr` of a string.
pub fn python_repr(text: &str) -> String {
    let quote = if text.contains('\'') && !text.contains('"') { '"' } else { '\'' };
    let mut repr = String::with_capacity(text.len() + 2);
    repr.push(quote);
    for character in text.chars() {
        match character {
            '\\' => repr.push_str("\\\\"),
            '\n' => repr.push_str("\\n"),
            '\r' => repr.push_str("\\r"),
            '\t' => repr.push_str("\\t"),
            c if c == quote => {
                repr.push('\\');
                repr.push(c);
            }
            c if (c as u32) < 0x20 || c as u32 == 0x7f => repr.push_str(&format!("\\x{:02x}", c as u32)),
            c => repr.push(c),
        }
    }
    repr.push(quote);
    repr
}

/// `"template" % values`: each conversion (`%s %r %d %i %f %e %g %x %o %%` with flags, width and
/// precision) as the format spec that writes the same text.
fn percent_pieces<'e>(walker: &mut TypeWalker, template: &str, values: &'e Expr, pieces: &mut Vec<Piece<'e>>) -> Result<(), Diagnostic> {
    let module = walker.module;
    let arguments: Vec<&Expr> = match values {
        Expr::Tuple(tuple) => tuple.elts.iter().collect(),
        single => vec![single],
    };
    let mut arguments = arguments.into_iter();
    let mut characters = template.chars().peekable();
    let mut literal = String::new();
    while let Some(character) = characters.next() {
        if character != '%' {
            literal.push(character);
            continue;
        }
        let mut flags = String::new();
        while let Some(&flag @ ('-' | '+' | ' ' | '#' | '0')) = characters.peek() {
            flags.push(flag);
            characters.next();
        }
        let mut width = String::new();
        while let Some(&digit @ '0'..='9') = characters.peek() {
            width.push(digit);
            characters.next();
        }
        let mut precision = String::new();
        if characters.peek() == Some(&'.') {
            characters.next();
            precision.push('.');
            while let Some(&digit @ '0'..='9') = characters.peek() {
                precision.push(digit);
                characters.next();
            }
        }
        let conversion = characters.next().ok_or_else(|| module.typing(values, "incomplete format"))?;
        if conversion == '%' {
            literal.push('%');
            continue;
        }
        let argument = arguments.next().ok_or_else(|| module.typing(values, "not enough arguments for format string"))?;
        pieces.push(Piece::Text(std::mem::take(&mut literal)));
        let align = if flags.contains('-') { "<" } else { "" };
        let sign = if flags.contains('+') { "+" } else if flags.contains(' ') { " " } else { "" };
        let alternate = if flags.contains('#') { "#" } else { "" };
        let zero = if flags.contains('0') && !flags.contains('-') { "0" } else { "" };
        match conversion {
            's' | 'r' if flags.is_empty() && width.is_empty() && precision.is_empty() => text_pieces(walker, argument, conversion == 'r', pieces)?,
            'd' | 'i' | 'u' => {
                if !matches!(walker.expr_type(argument)?, Type::Scalar(Scalar::Bool | Scalar::Int { .. }) | Type::Unknown) {
                    return Err(module.unsupported(argument, "%d of a value that is not an integer is not supported; convert it with int() first"));
                }
                pieces.push(value_piece(walker, argument, format!("{align}{sign}{zero}{width}d"), false)?);
            }
            'f' | 'F' | 'e' | 'E' | 'g' | 'G' | 'x' | 'X' | 'o' => {
                let precision = if precision.is_empty() && matches!(conversion, 'f' | 'F' | 'e' | 'E' | 'g' | 'G') { ".6".to_string() } else { precision.clone() };
                pieces.push(value_piece(walker, argument, format!("{align}{sign}{alternate}{zero}{width}{precision}{conversion}"), false)?);
            }
            other => return Err(module.unsupported(argument, format!("the %-conversion '%{flags}{width}{precision}{other}' is not supported in compiled code"))),
        }
    }
    if arguments.next().is_some() {
        return Err(module.typing(values, "not all arguments converted during string formatting"));
    }
    pieces.push(Piece::Text(literal));
    Ok(())
}
