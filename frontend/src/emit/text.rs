//! `print(...)` and `raise E(<message with values>)`: the pieces `crate::text` finds, emitted as
//! `py.print` and as `py.raise ... formatted`. Tuples, `None` and strings known when compiling
//! become text here; numbers and arrays are the ops' operands.

use super::*;
use crate::text::{message_pieces, print_pieces, python_repr, Piece};
use crate::types::TupleClass;

/// A piece of text whose value is evaluated.
#[derive(Clone)]
enum FormattedPiece {
    Text(String),
    /// A value, its format spec and whether it is written as `repr` writes it.
    Value(Value, String, bool),
}

/// Text pieces around values, in the syntax `py.print` and `py.raise` share.
#[derive(Default)]
struct Formatted {
    /// One more than there are values: the text before each value and after the last.
    text: Vec<String>,
    /// Each value's SSA name, type and format spec.
    values: Vec<(String, String, String)>,
    /// The text with `{}` for each value: the message of the raise site where no formatted one
    /// arrives.
    template: String,
}

impl Formatted {
    fn push_text(&mut self, text: &str) {
        if self.text.is_empty() {
            self.text.push(String::new());
        }
        self.text.last_mut().expect("pushed above").push_str(text);
        self.template.push_str(text);
    }

    fn push_value(&mut self, name: String, value_type: String, spec: &str) {
        self.push_text("");
        self.values.push((name, value_type, spec.to_string()));
        self.text.push(String::new());
        self.template.push_str("{}");
    }

    /// `["x = ", "\0A"](%v1 : f64) formats [""]`
    fn syntax(&self) -> String {
        let list = |items: &mut dyn Iterator<Item = &String>| items.map(|item| mlir_string(item)).collect::<Vec<_>>().join(", ");
        let mut text = self.text.clone();
        if text.is_empty() {
            text.push(String::new());
        }
        let names: Vec<&str> = self.values.iter().map(|(name, _, _)| name.as_str()).collect();
        let types: Vec<&str> = self.values.iter().map(|(_, value_type, _)| value_type.as_str()).collect();
        let operands = if names.is_empty() { String::new() } else { format!("{} : {}", names.join(", "), types.join(", ")) };
        format!("[{}]({operands}) formats [{}]", list(&mut text.iter()), list(&mut self.values.iter().map(|(_, _, spec)| spec)))
    }
}

/// `text` as an MLIR string literal: quotes, backslashes and bytes outside printable ASCII escaped.
pub(crate) fn mlir_string(text: &str) -> String {
    let mut literal = String::with_capacity(text.len() + 2);
    literal.push('"');
    for byte in text.bytes() {
        match byte {
            b'"' | b'\\' => write!(literal, "\\{byte:02X}").expect("writing to a String"),
            0x20..=0x7e => literal.push(char::from(byte)),
            _ => write!(literal, "\\{byte:02X}").expect("writing to a String"),
        }
    }
    literal.push('"');
    literal
}

impl FunctionEmitter<'_, '_, '_> {
    /// `print(*args, sep=..., end=...)`: one `py.print` of the whole line.
    pub(super) fn emit_print(&mut self, call: &ExprCall) -> Result<Value, Diagnostic> {
        let pieces = print_pieces(&mut self.walker(), call)?;
        let loc = location(self.module, call);
        self.emit_formatted(pieces, &mut |this, formatted| this.line_unless_raised(format!("py.print {} {loc}", formatted.syntax())))?;
        Ok(Value::None)
    }

    /// `raise E`, `raise E("message")`, `raise E(f"bad {x}")`, `raise E("a", x)`; a bare `raise`
    /// raises again what the enclosing `except` caught (its formatted message too, unless the
    /// handler formatted another meanwhile), and outside one is CPython's RuntimeError.
    pub(super) fn emit_raise_statement(&mut self, raise: &ruff_python_ast::StmtRaise) -> Result<(), Diagnostic> {
        if raise.exc.is_none() && raise.cause.is_none() {
            match self.caught_codes.last().cloned() {
                Some(caught) => {
                    let status = self.status_slot.clone();
                    self.store(&caught, &status, "i32");
                    self.set_state(STATE_EXIT);
                }
                None => self.raise("RuntimeError", Some("No active exception to reraise"), raise),
            }
            return Ok(());
        }
        let (exception, arguments) = exception_of(self.module, raise)?;
        let Some(pieces) = message_pieces(&mut self.walker(), arguments)? else {
            self.raise(&exception, None, raise);
            return Ok(());
        };
        self.emit_formatted(pieces, &mut |this, formatted| {
            if formatted.values.is_empty() {
                this.raise(&exception, Some(&formatted.template), raise);
            } else {
                this.raise_formatted(&exception, formatted, raise);
            }
        })
    }

    /// Raises `exception` where `condition` holds, with a message of `texts` around the `si64`
    /// `numbers` (one more text than numbers).
    pub(super) fn raise_with_numbers_if(&mut self, condition: &str, exception: &str, texts: &[&str], numbers: &[String], node: &dyn Ranged) -> Result<(), Diagnostic> {
        let mut formatted = Formatted::default();
        for (text, number) in texts.iter().zip(numbers) {
            formatted.push_text(text);
            formatted.push_value(number.clone(), INT64.mlir(), "");
        }
        formatted.push_text(texts.last().expect("one more text than numbers"));
        self.raise_where(condition, |this| this.raise_formatted(exception, formatted, node))
    }

    /// Raises `exception` where `condition` holds, with the string `message` (a handle) as its
    /// message.
    pub(super) fn raise_with_message_if(&mut self, condition: &str, exception: &str, message: &str, node: &dyn Ranged) -> Result<(), Diagnostic> {
        let mut formatted = Formatted::default();
        format_value(&mut formatted, Value::Unicode(message.to_string()), "", false);
        self.raise_where(condition, |this| this.raise_formatted(exception, formatted, node))
    }

    /// Records a raise site whose message compiled code formats, and raises there.
    fn raise_formatted(&mut self, exception: &str, formatted: Formatted, node: &dyn Ranged) {
        let site = self.module.file.locate(node.range().start().to_usize());
        let sites = &mut self.module_emitter.raise_sites;
        sites.push(RaiseSite { exception: exception.to_string(), message: Some(formatted.template.clone()), formatted: true, location: site });
        let code = sites.len();
        let loc = location(self.module, node);
        let status = self.status_slot.clone();
        // An exception raised while the message's values were computed (an index out of range)
        // is the one in flight.
        self.line_unless_raised(format!(
            "py.raise {}, {} formatted {} code {code} into {status} : memref<i32> {loc}",
            mlir_string(exception),
            mlir_string(&formatted.template),
            formatted.syntax()
        ));
        self.set_state(STATE_EXIT);
    }

    /// The handle of a new string of `pieces` (`py.format`).
    pub(super) fn emit_string_of(&mut self, pieces: Vec<Piece>, node: &dyn Ranged) -> Result<String, Diagnostic> {
        let loc = location(self.module, node);
        let mut evaluated = Vec::new();
        for piece in pieces {
            match piece {
                Piece::Text(text) => evaluated.push(FormattedPiece::Text(text)),
                Piece::Value { expr, spec, repr } => spread_tuples(self.emit_expr_optional(expr)?, spec, repr, &mut evaluated),
            }
        }
        let mut formatted = Formatted::default();
        for piece in evaluated {
            match piece {
                FormattedPiece::Text(text) => formatted.push_text(&text),
                FormattedPiece::Value(Value::Optional(..), ..) => return Err(self.module.unsupported(node, "a string made of a value that may be None is not supported yet")),
                FormattedPiece::Value(value, spec, repr) => format_value(&mut formatted, value, &spec, repr),
            }
        }
        Ok(self.op(format!("py.format {} : si64 {loc}", formatted.syntax())))
    }

    /// Evaluates the values of `pieces` in order and hands their text to `write`; an optional
    /// value is `None` or its number, so `write` is emitted once for each case, under its flags.
    fn emit_formatted(&mut self, pieces: Vec<Piece>, write: &mut dyn FnMut(&mut Self, Formatted)) -> Result<(), Diagnostic> {
        let mut evaluated = Vec::new();
        for piece in pieces {
            match piece {
                Piece::Text(text) => evaluated.push(FormattedPiece::Text(text)),
                Piece::Value { expr, spec, repr } => spread_tuples(self.emit_expr_optional(expr)?, spec, repr, &mut evaluated),
            }
        }
        self.emit_formatted_cases(evaluated, write)
    }

    fn emit_formatted_cases(&mut self, mut pieces: Vec<FormattedPiece>, write: &mut dyn FnMut(&mut Self, Formatted)) -> Result<(), Diagnostic> {
        let optional = pieces.iter().position(|piece| matches!(piece, FormattedPiece::Value(Value::Optional(..), ..)));
        let Some(position) = optional else {
            let mut formatted = Formatted::default();
            for piece in pieces {
                match piece {
                    FormattedPiece::Text(text) => formatted.push_text(&text),
                    FormattedPiece::Value(value, spec, repr) => format_value(&mut formatted, value, &spec, repr),
                }
            }
            write(self, formatted);
            return Ok(());
        };
        let FormattedPiece::Value(Value::Optional(flag, held), spec, repr) = pieces[position].clone() else { unreachable!("found above") };
        let (flag, _) = flag.scalar().expect("an optional's flag is a bool");
        let mut cases = Vec::new();
        for case in [FormattedPiece::Value(*held, spec, repr), FormattedPiece::Text("None".into())] {
            pieces[position] = case;
            let pieces = pieces.clone();
            let (lines, ()) = self.region(|this| {
                this.emit_formatted_cases(pieces, write)?;
                this.line("scf.yield");
                Ok(())
            })?;
            cases.push(lines);
        }
        let none = cases.pop();
        self.emit_if(flag, cases.pop().expect("two cases"), none);
        Ok(())
    }
}

/// `value` as pieces: a tuple as its brackets and commas around its items' `repr`s (each an
/// optional value's cases apart), a namedtuple as `Point(x=1, y=2)`, a literal list as `[1, 'a']`,
/// a literal dict as `{'a': 1, 'b': 'x'}`, anything else as one value.
fn spread_tuples(value: Value, spec: String, repr: bool, pieces: &mut Vec<FormattedPiece>) {
    let Value::Tuple(elements, class) = value else {
        pieces.push(FormattedPiece::Value(value, spec, repr));
        return;
    };
    let count = elements.len();
    let (open, close) = match class.as_deref() {
        None => ("(".to_string(), if count == 1 { ",)" } else { ")" }),
        Some(TupleClass { kind: TupleKind::NamedTuple, .. }) => (format!("{}(", class.as_ref().expect("a class").short_name()), ")"),
        Some(TupleClass { kind: TupleKind::LiteralList, .. }) => ("[".to_string(), "]"),
        Some(TupleClass { kind: TupleKind::LiteralDict, .. }) => ("{".to_string(), "}"),
        Some(TupleClass { kind: TupleKind::Enum, .. }) => unreachable!("typing refuses to format enum members"),
    };
    pieces.push(FormattedPiece::Text(open));
    for (position, element) in elements.into_iter().enumerate() {
        if position > 0 {
            pieces.push(FormattedPiece::Text(", ".into()));
        }
        match class.as_deref() {
            Some(TupleClass { kind: TupleKind::NamedTuple, fields, .. }) => pieces.push(FormattedPiece::Text(format!("{}=", fields[position]))),
            Some(TupleClass { kind: TupleKind::LiteralDict, fields, .. }) => pieces.push(FormattedPiece::Text(format!("{}: ", python_repr(&fields[position])))),
            _ => {}
        }
        spread_tuples(element, String::new(), true, pieces);
    }
    pieces.push(FormattedPiece::Text(close.into()));
}

/// Appends `value` as `str` (`repr` when `repr`) writes it, with `spec` (checked by `crate::text`).
fn format_value(formatted: &mut Formatted, value: Value, spec: &str, repr: bool) {
    match value {
        Value::Scalar(name, scalar) => formatted.push_value(name, scalar.mlir(), spec),
        Value::Array(name, array) => formatted.push_value(name, Type::Array(array).flat_mlir().remove(0), ""),
        Value::Tuple(..) => unreachable!("spread_tuples writes a tuple's items apart"),
        Value::None => formatted.push_text("None"),
        // Nothing was ever added to a container whose types are unknown.
        Value::List(..) | Value::Dict(..) | Value::Set(..) if value.value_type().has_unknown() => {
            formatted.push_text(match value {
                Value::List(..) => "[]",
                Value::Dict(..) => "{}",
                _ => "set()",
            })
        }
        Value::List(ref handle, _) | Value::Dict(ref handle, ..) | Value::Set(ref handle, _) => {
            let spec = format!("{}{}", rumba_dialects::CONTAINER_FORMAT_PREFIX, value.value_type());
            formatted.push_value(handle.clone(), LIST_HANDLE.mlir(), &spec);
        }
        Value::Unicode(handle) if repr => formatted.push_value(handle, LIST_HANDLE.mlir(), &format!("{}{}", rumba_dialects::CONTAINER_FORMAT_PREFIX, Type::Unicode)),
        Value::Unicode(handle) => formatted.push_value(handle, LIST_HANDLE.mlir(), &format!("{}{spec}", rumba_dialects::TEXT_FORMAT_PREFIX)),
        Value::Optional(..) => unreachable!("emit_formatted_cases writes an optional value's cases apart"),
        Value::Instance(..) => unreachable!("typing refuses to format a jitclass instance"),
        Value::CompileTime(Type::Str(text)) => formatted.push_text(&if repr { python_repr(&text) } else { text }),
        Value::CompileTime(other) => formatted.push_text(&other.to_string()),
    }
}
