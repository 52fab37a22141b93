//! Numba's literal lists and dicts, tuples of their items (`literal_containers.rs`): what their
//! methods give.

use super::*;
use crate::literal_containers::LiteralRead;

impl FunctionEmitter<'_, '_, '_> {
    /// `receiver.method(...)` of a literal container, which gives `read`.
    pub(super) fn emit_literal_read(&mut self, call: &ExprCall, receiver: &Expr, read: LiteralRead) -> Result<Value, Diagnostic> {
        let Value::Tuple(values, Some(class)) = self.emit_expr(receiver)? else { unreachable!("a literal container is a tuple with a class") };
        let keys = || class.fields.iter().map(|key| Value::CompileTime(Type::Str(key.clone())));
        Ok(match read {
            LiteralRead::Whole => Value::Tuple(values, Some(class.clone())),
            LiteralRead::Keys => Value::Tuple(keys().collect(), None),
            LiteralRead::Values => Value::Tuple(values, None),
            LiteralRead::Items => Value::Tuple(keys().zip(values).map(|(key, value)| Value::Tuple(vec![key, value], None)).collect(), None),
            LiteralRead::Value(position) => values[position].clone(),
            LiteralRead::Default => match call.arguments.args.get(1) {
                Some(default) => self.emit_expr(default)?,
                None => Value::None,
            },
        })
    }
}
