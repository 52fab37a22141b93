//! Strings (`crate::strings`): text made of values as `py.format`, everything else as calls of the
//! runtime's string functions (`runtime/src/strings.rs`) on `si64` handles. A literal becomes a
//! string (`py.format` of its text alone) where it is used as one. Indices are checked here, with
//! Python's `IndexError`.

use super::*;
use crate::strings::{pad, search, Method, StringForm};

const STR_LEN: RuntimeFunction = ("rumba_str_len", "(si64) -> si64");
const STR_COMPARE: RuntimeFunction = ("rumba_str_compare", "(si64, si64) -> si64");
const STR_REPEAT: RuntimeFunction = ("rumba_str_repeat", "(si64, si64) -> si64");
const STR_CHAR: RuntimeFunction = ("rumba_str_char", "(si64, si64) -> si64");
const STR_SLICE: RuntimeFunction = ("rumba_str_slice", "(si64, si64, si64, si64, si64) -> si64");
const STR_ORD: RuntimeFunction = ("rumba_str_ord", "(si64) -> si64");
const STR_CHR: RuntimeFunction = ("rumba_str_chr", "(si64) -> si64");
const STR_SEARCH: RuntimeFunction = ("rumba_str_search", "(si64, si64, si64) -> si64");
const STR_TRANSFORM: RuntimeFunction = ("rumba_str_transform", "(si64, si64) -> si64");
const STR_TEST: RuntimeFunction = ("rumba_str_test", "(si64, si64) -> si64");
const STR_REPLACE: RuntimeFunction = ("rumba_str_replace", "(si64, si64, si64, si64) -> si64");
const STR_SPLIT: RuntimeFunction = ("rumba_str_split", "(si64, si64, si64, si64) -> si64");
const STR_STRIP: RuntimeFunction = ("rumba_str_strip", "(si64, si64, si64) -> si64");
const STR_PAD: RuntimeFunction = ("rumba_str_pad", "(si64, si64, si64, si64) -> si64");
const STR_PARTITION: RuntimeFunction = ("rumba_str_partition", "(si64, si64, si64, si64) -> si64");
const STR_JOIN: RuntimeFunction = ("rumba_str_join", "(si64, si64) -> si64");
const STR_TO_INT: RuntimeFunction = ("rumba_str_to_int", "(si64, si64) -> si64");
const STR_TO_FLOAT: RuntimeFunction = ("rumba_str_to_float", "(si64) -> f64");
const STR_INT_ERROR: RuntimeFunction = ("rumba_str_int_error", "(si64, si64) -> si64");
const STR_FLOAT_ERROR: RuntimeFunction = ("rumba_str_float_error", "(si64) -> si64");
const STR_HASH: RuntimeFunction = ("rumba_str_hash", "(si64) -> si64");

impl FunctionEmitter<'_, '_, '_> {
    /// The handle of string `value`: a literal made a string here.
    pub(super) fn string_handle(&mut self, value: Value, loc: &str) -> String {
        match value {
            Value::Unicode(handle) => handle,
            Value::CompileTime(Type::Str(text)) => self.op(format!("py.format [{}]() formats [] : si64 {loc}", text::mlir_string(&text))),
            other => unreachable!("typing made {} a string", other.value_type()),
        }
    }

    pub(super) fn string_length(&mut self, string: &str, loc: &str) -> String {
        self.call_runtime(STR_LEN, &[string.to_string()], loc)
    }

    fn string_operand(&mut self, expr: &Expr) -> Result<String, Diagnostic> {
        let value = self.emit_expr(expr)?;
        Ok(self.string_handle(value, &location(self.module, expr)))
    }

    fn integer_operand(&mut self, expr: &Expr) -> Result<String, Diagnostic> {
        let value = self.emit_expr(expr)?;
        self.to_scalar(value, INT64, expr)
    }

    fn truth_of_word(&mut self, word: &str, negated: bool, loc: &str) -> Value {
        let zero = self.si64(0, loc);
        let predicate = if negated { "eq" } else { "ne" };
        Value::Scalar(self.op(format!("py.cmp \"{predicate}\", {word}, {zero} : si64 {loc}")), Scalar::Bool)
    }

    /// `left op right` of two strings, by their text: an `i1`.
    pub(super) fn compare_strings(&mut self, op: CmpOp, left: Value, right: Value, loc: &str) -> String {
        let (left, right) = (self.string_handle(left, loc), self.string_handle(right, loc));
        let order = self.call_runtime(STR_COMPARE, &[left, right], loc);
        let zero = self.si64(0, loc);
        let predicate = comparison_predicate(op).expect("typing compares strings with lt, le, gt, ge, eq and ne");
        self.op(format!("py.cmp \"{predicate}\", {order}, {zero} : si64 {loc}"))
    }

    /// Makes a new string in a `prange` body: refused but for literals, whose one string the
    /// worker's arena keeps.
    fn making_string(&self, node: &dyn Ranged) -> Result<(), Diagnostic> {
        match self.in_parallel_loop {
            true => Err(self.module.unsupported(node, "making a string inside a prange body is not supported yet (strings may be read and compared there)")),
            false => Ok(()),
        }
    }

    /// The value of string operation `form`, which `expr` is.
    pub(super) fn emit_string_form(&mut self, form: StringForm, expr: &Expr) -> Result<Value, Diagnostic> {
        let loc = location(self.module, expr);
        Ok(match form {
            StringForm::Text(text) => {
                self.making_string(expr)?;
                let pieces = crate::text::string_pieces(&mut self.walker(), text)?;
                Value::Unicode(self.emit_string_of(pieces, expr)?)
            }
            StringForm::Repeat { string, count } => {
                self.making_string(expr)?;
                let (string, count) = (self.string_operand(string)?, self.integer_operand(count)?);
                Value::Unicode(self.call_runtime(STR_REPEAT, &[string, count], &loc))
            }
            StringForm::Compare { left, op, right } => {
                let (left, right) = (self.emit_expr(left)?, self.emit_expr(right)?);
                Value::Scalar(self.compare_strings(op, left, right, &loc), Scalar::Bool)
            }
            StringForm::Contains { needle, haystack, negated } => {
                let (needle, haystack) = (self.string_operand(needle)?, self.string_operand(haystack)?);
                let what = self.si64(search::CONTAINS, &loc);
                let found = self.call_runtime(STR_SEARCH, &[haystack, needle, what], &loc);
                self.truth_of_word(&found, negated, &loc)
            }
            StringForm::Subscript { string, slice } => {
                self.making_string(expr)?;
                let string = self.string_operand(string)?;
                if let Expr::Slice(bounds) = slice {
                    let mut operands = self.slice_operands(bounds, &loc)?;
                    operands.insert(0, string);
                    return Ok(Value::Unicode(self.call_runtime(STR_SLICE, &operands, &loc)));
                }
                let index = self.emit_expr(slice)?;
                let length = self.call_runtime(STR_LEN, &[string.clone()], &loc);
                let index = self.checked_index(index, &length, slice, "string index out of range")?;
                Value::Unicode(self.call_runtime(STR_CHAR, &[string, index], &loc))
            }
            StringForm::Length(string) => {
                let string = self.string_operand(string)?;
                Value::Scalar(self.call_runtime(STR_LEN, &[string], &loc), INT64)
            }
            StringForm::Ord(string) => {
                let string = self.string_operand(string)?;
                let code = self.call_runtime(STR_ORD, &[string.clone()], &loc);
                let zero = self.si64(0, &loc);
                let not_one = self.op(format!("py.cmp \"lt\", {code}, {zero} : si64 {loc}"));
                let length = self.call_runtime(STR_LEN, &[string], &loc);
                self.raise_with_numbers_if(&not_one, "TypeError", &["ord() expected a character, but string of length ", " found"], &[length], expr)?;
                Value::Scalar(code, INT64)
            }
            StringForm::Chr(code) => {
                self.making_string(expr)?;
                let code = self.integer_operand(code)?;
                let string = self.call_runtime(STR_CHR, &[code], &loc);
                let zero = self.si64(0, &loc);
                let outside = self.op(format!("py.cmp \"eq\", {string}, {zero} : si64 {loc}"));
                self.raise_if(&outside, "ValueError", "chr() arg not in range(0x110000)", expr)?;
                Value::Unicode(string)
            }
            StringForm::Parse { string, base, float } => {
                let string = self.string_operand(string)?;
                let base = match base {
                    Some(base) => self.integer_operand(base)?,
                    None => self.si64(10, &loc),
                };
                // Zero, 1 for an int beyond int64, or the message of the ValueError.
                let error = match float {
                    true => self.call_runtime(STR_FLOAT_ERROR, &[string.clone()], &loc),
                    false => self.call_runtime(STR_INT_ERROR, &[string.clone(), base.clone()], &loc),
                };
                let one = self.si64(1, &loc);
                let invalid = self.op(format!("py.cmp \"gt\", {error}, {one} : si64 {loc}"));
                self.raise_with_message_if(&invalid, "ValueError", &error, expr)?;
                if float {
                    return Ok(Value::Scalar(self.call_runtime(STR_TO_FLOAT, &[string], &loc), FLOAT64));
                }
                let too_large = self.op(format!("py.cmp \"eq\", {error}, {one} : si64 {loc}"));
                self.raise_if(&too_large, "OverflowError", "int too large to convert to int64", expr)?;
                Value::Scalar(self.call_runtime(STR_TO_INT, &[string, base], &loc), INT64)
            }
            StringForm::Hash(string) => {
                let string = self.string_operand(string)?;
                Value::Scalar(self.call_runtime(STR_HASH, &[string], &loc), INT64)
            }
            StringForm::Method { receiver, method, call } => self.emit_string_method(receiver, method, call)?,
        })
    }

    fn emit_string_method(&mut self, receiver: &Expr, method: Method, call: &ExprCall) -> Result<Value, Diagnostic> {
        let loc = location(self.module, call);
        if let Method::Prelude(helper) = method {
            self.making_string(call)?;
            let name = self.module.prelude_function(helper).expect("the prelude defines the string methods it writes");
            let mut arguments = Vec::new();
            for argument in crate::infer::call_arguments(self.module, call, &Callee::Method(name.clone()))? {
                arguments.push(self.emit_expr(argument)?);
            }
            return self.emit_compiled_call(&name, arguments, call);
        }
        let receiver = self.string_operand(receiver)?;
        let arguments = &call.arguments.args;
        if !matches!(method, Method::Search(_) | Method::Test(_) | Method::Index(_)) {
            self.making_string(call)?;
        }
        Ok(match method {
            Method::Search(what) => {
                let needle = self.string_operand(&arguments[0])?;
                let code = self.si64(what, &loc);
                let found = self.call_runtime(STR_SEARCH, &[receiver, needle, code], &loc);
                match what {
                    search::STARTSWITH | search::ENDSWITH => self.truth_of_word(&found, false, &loc),
                    _ => Value::Scalar(found, INT64),
                }
            }
            Method::Transform(code) => {
                let characters = match arguments.first() {
                    Some(characters) if self.expr_type(characters)? != Type::None => Some(self.string_operand(characters)?),
                    _ => None,
                };
                let code = self.si64(code, &loc);
                match characters {
                    Some(characters) => Value::Unicode(self.call_runtime(STR_STRIP, &[receiver, characters, code], &loc)),
                    None => Value::Unicode(self.call_runtime(STR_TRANSFORM, &[receiver, code], &loc)),
                }
            }
            Method::Index(what) => {
                let needle = self.string_operand(&arguments[0])?;
                let code = self.si64(what, &loc);
                let found = self.call_runtime(STR_SEARCH, &[receiver, needle, code], &loc);
                let zero = self.si64(0, &loc);
                let missing = self.op(format!("py.cmp \"lt\", {found}, {zero} : si64 {loc}"));
                self.raise_if(&missing, "ValueError", "substring not found", call)?;
                Value::Scalar(found, INT64)
            }
            Method::Pad(how) => {
                let width = self.integer_operand(&arguments[0])?;
                let fill = match arguments.get(1) {
                    Some(fill) => self.string_operand(fill)?,
                    None => self.string_handle(Value::CompileTime(Type::Str(if how == pad::ZFILL { "0" } else { " " }.into())), &loc),
                };
                let code = self.si64(how, &loc);
                let padded = self.call_runtime(STR_PAD, &[receiver, width, fill, code], &loc);
                let zero = self.si64(0, &loc);
                let bad_fill = self.op(format!("py.cmp \"eq\", {padded}, {zero} : si64 {loc}"));
                self.raise_if(&bad_fill, "TypeError", "The fill character must be exactly one character long", call)?;
                Value::Unicode(padded)
            }
            Method::Partition(from_right) => {
                let separator = self.string_operand(&arguments[0])?;
                let side = self.si64(i64::from(from_right), &loc);
                let mut parts = Vec::new();
                for part in 0..3 {
                    let part = self.si64(part, &loc);
                    parts.push(Value::Unicode(self.call_runtime(STR_PARTITION, &[receiver.clone(), separator.clone(), side.clone(), part], &loc)));
                }
                let zero = self.si64(0, &loc);
                let Value::Unicode(first) = &parts[0] else { unreachable!("made above") };
                let empty_separator = self.op(format!("py.cmp \"eq\", {first}, {zero} : si64 {loc}"));
                self.raise_if(&empty_separator, "ValueError", "empty separator", call)?;
                Value::Tuple(parts, None)
            }
            Method::Test(code) => {
                let code = self.si64(code, &loc);
                let truth = self.call_runtime(STR_TEST, &[receiver, code], &loc);
                self.truth_of_word(&truth, false, &loc)
            }
            Method::Replace => {
                let (old, new) = (self.string_operand(&arguments[0])?, self.string_operand(&arguments[1])?);
                let count = match arguments.get(2) {
                    Some(count) => self.integer_operand(count)?,
                    None => self.si64(-1, &loc),
                };
                Value::Unicode(self.call_runtime(STR_REPLACE, &[receiver, old, new, count], &loc))
            }
            Method::Split(from_right) => {
                let separator = match arguments.first() {
                    Some(separator) if self.expr_type(separator)? != Type::None => Some(self.string_operand(separator)?),
                    _ => None,
                };
                let limit = match arguments.get(1) {
                    Some(limit) => self.integer_operand(limit)?,
                    None => self.si64(-1, &loc),
                };
                let whitespace = separator.is_none();
                let separator = separator.unwrap_or_else(|| self.si64(0, &loc));
                let side = self.si64(i64::from(from_right), &loc);
                let parts = self.call_runtime(STR_SPLIT, &[receiver, separator, limit, side], &loc);
                if !whitespace {
                    let zero = self.si64(0, &loc);
                    let empty_separator = self.op(format!("py.cmp \"eq\", {parts}, {zero} : si64 {loc}"));
                    self.raise_if(&empty_separator, "ValueError", "empty separator", &arguments[0])?;
                }
                Value::List(parts, Type::Unicode)
            }
            Method::Join => {
                let Value::List(list, _) = self.emit_expr(&arguments[0])? else { unreachable!("typing takes a list of strings") };
                Value::Unicode(self.call_runtime(STR_JOIN, &[receiver, list], &loc))
            }
            Method::Prelude(_) => unreachable!("called above"),
        })
    }
}
