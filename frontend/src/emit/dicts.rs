//! Dicts: displays, lookups, stores, `del`, methods and `in`, as calls of the runtime's dict
//! functions (`runtime/src/dicts.rs`) on the dict's `si64` handle. A key is written word by word
//! into the dict's scratch key, then found or inserted, which gives its entry (a one-word key is
//! passed to the finding or inserting call itself); a value is read and
//! written at its entry as a list element is at its index (`Place::Dict`). A missing key raises
//! `KeyError(key)` through the prelude's `_key_error`.

use super::{
    lists::{Place, Word},
    *,
};
use crate::dicts::KEY_ERROR;
use ruff_python_ast::ExprDict;

const DICT_NEW: RuntimeFunction = ("rumba_dict_new", "() -> si64");
const DICT_LEN: RuntimeFunction = ("rumba_dict_len", "(si64) -> si64");
const DICT_KEY: RuntimeFunction = ("rumba_dict_key", "(si64, si64) -> ()");
const DICT_KEY_F64: RuntimeFunction = ("rumba_dict_key_f64", "(si64, f64) -> ()");
const DICT_FIND: RuntimeFunction = ("rumba_dict_find", "(si64) -> si64");
const DICT_INSERT: RuntimeFunction = ("rumba_dict_insert", "(si64, si64) -> si64");
const DICT_FIND_WORD: RuntimeFunction = ("rumba_dict_find_word", "(si64, si64) -> si64");
const DICT_FIND_WORD_F64: RuntimeFunction = ("rumba_dict_find_word_f64", "(si64, f64) -> si64");
const DICT_INSERT_WORD: RuntimeFunction = ("rumba_dict_insert_word", "(si64, si64, si64) -> si64");
const DICT_INSERT_WORD_F64: RuntimeFunction = ("rumba_dict_insert_word_f64", "(si64, f64, si64) -> si64");
pub(super) const DICT_GET: RuntimeFunction = ("rumba_dict_get", "(si64, si64, si64) -> si64");
pub(super) const DICT_GET_F64: RuntimeFunction = ("rumba_dict_get_f64", "(si64, si64, si64) -> f64");
pub(super) const DICT_SET: RuntimeFunction = ("rumba_dict_set", "(si64, si64, si64, si64) -> ()");
pub(super) const DICT_SET_F64: RuntimeFunction = ("rumba_dict_set_f64", "(si64, si64, si64, f64) -> ()");
const DICT_DELETE: RuntimeFunction = ("rumba_dict_delete", "(si64, si64) -> ()");
const DICT_CLEAR: RuntimeFunction = ("rumba_dict_clear", "(si64) -> ()");
const DICT_COPY: RuntimeFunction = ("rumba_dict_copy", "(si64) -> si64");
const DICT_UPDATE: RuntimeFunction = ("rumba_dict_update", "(si64, si64) -> ()");
const DICT_VIEW: RuntimeFunction = ("rumba_dict_view", "(si64, si64) -> si64");
const DICT_FIRST: RuntimeFunction = ("rumba_dict_first", "(si64) -> si64");
const SET_COMBINE: RuntimeFunction = ("rumba_set_combine", "(si64, si64, si64) -> si64");

/// `rumba_set_combine`'s operations.
const SET_UNION: i64 = 0;
const SET_INTERSECTION: i64 = 1;
const SET_DIFFERENCE: i64 = 2;
const SET_SYMMETRIC_DIFFERENCE: i64 = 3;

/// `rumba_dict_view`'s parts: keys, values, or both.
const VIEW_KEYS: i64 = 0;
const VIEW_VALUES: i64 = 1;
const VIEW_ITEMS: i64 = 2;

impl FunctionEmitter<'_, '_, '_> {
    /// The words of `key`, as a key of type `key_type`.
    fn key_words(&mut self, key: Value, key_type: &Type, node: &dyn Ranged) -> Result<Vec<Word>, Diagnostic> {
        let loc = location(self.module, node);
        let key = self.convert(key, key_type, node)?;
        let mut words = Vec::new();
        self.element_words(key, &mut words, &loc);
        Ok(words)
    }

    /// Writes `words`, a key's, into the scratch key of `dict`.
    fn write_key(&mut self, dict: &str, words: Vec<Word>, loc: &str) {
        for (word, float) in words {
            self.call_runtime(if float { DICT_KEY_F64 } else { DICT_KEY }, &[dict.to_string(), word], loc);
        }
    }

    /// The entry of `key` in `dict`, or -1.
    fn find_entry(&mut self, dict: &str, key: Value, key_type: &Type, node: &dyn Ranged) -> Result<String, Diagnostic> {
        let loc = location(self.module, node);
        let mut words = self.key_words(key, key_type, node)?;
        if let [(word, float)] = &mut words[..] {
            return Ok(self.call_runtime(if *float { DICT_FIND_WORD_F64 } else { DICT_FIND_WORD }, &[dict.to_string(), std::mem::take(word)], &loc));
        }
        self.write_key(dict, words, &loc);
        Ok(self.call_runtime(DICT_FIND, &[dict.to_string()], &loc))
    }

    /// The entry of `key` in `dict`, raising `KeyError(key)` where there is none.
    fn existing_entry(&mut self, dict: &str, key: Value, key_type: &Type, node: &dyn Ranged) -> Result<String, Diagnostic> {
        let loc = location(self.module, node);
        let entry = self.find_entry(dict, key.clone(), key_type, node)?;
        let zero = self.si64(0, &loc);
        let missing = self.op(format!("py.cmp \"lt\", {entry}, {zero} : si64 {loc}"));
        let helper = self.module.prelude_function(KEY_ERROR).expect("the prelude defines _key_error");
        let key = self.convert(key, key_type, node)?;
        let (lines, _) = self.region(|this| {
            this.emit_compiled_call(&helper, vec![key], node)?;
            this.line("scf.yield");
            Ok(())
        })?;
        self.emit_if(&missing, lines, None);
        self.statement_may_have_raised = true;
        Ok(entry)
    }

    /// The entry of `key` in `dict`, made with a zeroed value if it is not there.
    fn inserted_entry(&mut self, dict: &str, key: Value, key_type: &Type, value_type: &Type, node: &dyn Ranged) -> Result<String, Diagnostic> {
        let loc = location(self.module, node);
        let mut words = self.key_words(key, key_type, node)?;
        let width = self.si64(value_type.list_width() as i64, &loc);
        if let [(word, float)] = &mut words[..] {
            return Ok(self.call_runtime(if *float { DICT_INSERT_WORD_F64 } else { DICT_INSERT_WORD }, &[dict.to_string(), std::mem::take(word), width], &loc));
        }
        self.write_key(dict, words, &loc);
        Ok(self.call_runtime(DICT_INSERT, &[dict.to_string(), width], &loc))
    }

    pub(super) fn dict_length(&mut self, dict: &str, loc: &str) -> String {
        self.call_runtime(DICT_LEN, &[dict.to_string()], loc)
    }

    /// A new list of the keys, values or items of `dict`.
    fn dict_view(&mut self, dict: &str, parts: i64, element: Type, loc: &str) -> Value {
        let parts = self.si64(parts, loc);
        Value::List(self.call_runtime(DICT_VIEW, &[dict.to_string(), parts], loc), element)
    }

    /// The list of `dict`'s keys, which a loop over the dict walks.
    pub(super) fn dict_keys(&mut self, dict: &str, key: &Type, loc: &str) -> Value {
        self.dict_view(dict, VIEW_KEYS, key.clone(), loc)
    }

    /// `typed.Dict.empty(key_type, value_type)`.
    pub(super) fn emit_empty_dict(&mut self, call: &ExprCall, key: Type, value: Type) -> Result<Value, Diagnostic> {
        let loc = location(self.module, call);
        self.note_arena_object();
        Ok(Value::Dict(self.call_runtime(DICT_NEW, &[], &loc), key, value))
    }

    /// `{k: v, ...}`.
    pub(super) fn emit_dict_display(&mut self, dict: &ExprDict, expr: &Expr) -> Result<Value, Diagnostic> {
        let loc = location(self.module, expr);
        self.note_arena_object();
        let (key_type, value_type) = match self.expr_type(expr)? {
            Type::Dict(key_type, value_type) => (key_type, value_type),
            literal @ Type::Tuple(..) => return self.emit_literal_dict(dict, literal, expr),
            _ => unreachable!("a dict display is a dict or a literal dict"),
        };
        let handle = self.call_runtime(DICT_NEW, &[], &loc);
        for item in &dict.items {
            let key = item.key.as_ref().expect("typing refuses '**'");
            let key_value = self.emit_expr(key)?;
            let value = self.emit_expr(&item.value)?;
            let entry = self.inserted_entry(&handle, key_value, &key_type, &value_type, key)?;
            self.write_element(&Place::Dict { dict: &handle, entry: &entry }, value, &value_type, &item.value)?;
        }
        Ok(Value::Dict(handle, *key_type, *value_type))
    }

    /// `{"a": x, "b": y}` of values of different types: a tuple of the values, in the order their
    /// keys first appear, each key's last value, as Python's dict display keeps them.
    fn emit_literal_dict(&mut self, dict: &ExprDict, literal: Type, expr: &Expr) -> Result<Value, Diagnostic> {
        let Type::Tuple(_, Some(class)) = &literal else { unreachable!("a literal dict is a tuple with its keys") };
        let mut values: Vec<Option<Value>> = vec![None; class.fields.len()];
        for item in &dict.items {
            let Type::Str(key) = self.expr_type(item.key.as_ref().expect("typing refuses '**'"))? else { unreachable!("a literal dict's keys are constant strings") };
            let position = class.fields.iter().position(|field| *field == key).expect("typing lists each key");
            values[position] = Some(self.emit_expr(&item.value)?);
        }
        self.convert(Value::Tuple(values.into_iter().map(|value| value.expect("each key has a value")).collect(), None), &literal, expr)
    }

    /// `d[key]`.
    pub(super) fn emit_dict_subscript(&mut self, dict: &str, (key_type, value_type): (&Type, &Type), key: &Expr, node: &dyn Ranged) -> Result<Value, Diagnostic> {
        let loc = location(self.module, node);
        self.known_element(&Type::Dict(Box::new(key_type.clone()), Box::new(value_type.clone())), node)?;
        let key = self.emit_expr(key)?;
        let entry = self.existing_entry(dict, key, key_type, node)?;
        Ok(self.read_element(&Place::Dict { dict, entry: &entry }, value_type, &mut 0, &loc))
    }

    /// `d[key] = value`.
    pub(super) fn assign_dict_entry(&mut self, dict: Value, key: &Expr, value: Value, node: &dyn Ranged) -> Result<(), Diagnostic> {
        let Value::Dict(dict, key_type, value_type) = dict else { unreachable!("assigned through a dict") };
        self.known_element(&Type::Dict(Box::new(key_type.clone()), Box::new(value_type.clone())), node)?;
        self.note_arena_object();
        let key = self.emit_expr(key)?;
        let entry = self.inserted_entry(&dict, key, &key_type, &value_type, node)?;
        self.write_element(&Place::Dict { dict: &dict, entry: &entry }, value, &value_type, node)
    }

    /// `del container[index]` of a dict or a list.
    pub(super) fn emit_delete(&mut self, target: &Expr) -> Result<(), Diagnostic> {
        let loc = location(self.module, target);
        let Expr::Subscript(subscript) = target else { unreachable!("typing deletes items only") };
        self.note_arena_object();
        match self.emit_expr(&subscript.value)? {
            Value::Dict(dict, key_type, _) => {
                let key = self.emit_expr(&subscript.slice)?;
                let entry = self.existing_entry(&dict, key, &key_type, target)?;
                self.mutate_container(DICT_DELETE, &[dict, entry], &loc);
            }
            list @ Value::List(..) => self.delete_list_element(list, &subscript.slice, target)?,
            other => unreachable!("typing deletes items of lists and dicts, not of {}", other.value_type()),
        }
        Ok(())
    }

    /// `key in d` (`not in` when `negated`).
    pub(super) fn emit_dict_contains(&mut self, key: Value, dict: Value, negated: bool, node: &dyn Ranged) -> Result<Value, Diagnostic> {
        let loc = location(self.module, node);
        let (Value::Dict(dict, key_type, _) | Value::Set(dict, key_type)) = dict else { unreachable!("checked by the caller") };
        let entry = self.find_entry(&dict, key, &key_type, node)?;
        let zero = self.si64(0, &loc);
        let predicate = if negated { "lt" } else { "ge" };
        Ok(Value::Scalar(self.op(format!("py.cmp \"{predicate}\", {entry}, {zero} : si64 {loc}")), Scalar::Bool))
    }

    /// `receiver.method(...)` on a dict.
    pub(super) fn emit_dict_method(&mut self, call: &ExprCall, receiver: &Expr, method: &str) -> Result<Value, Diagnostic> {
        let loc = location(self.module, call);
        let Value::Dict(dict, key_type, value_type) = self.emit_expr(receiver)? else { unreachable!("typing found a dict") };
        let mut arguments = Vec::new();
        for argument in call.arguments.args.iter() {
            arguments.push(self.emit_expr(argument)?);
        }
        // The receiver's types once the method has decided them (`d = {}; d.setdefault(1, 2.0)`).
        let (key_type, value_type) = match self.expr_type(receiver)? {
            Type::Dict(key, value) if key_type.has_unknown() || value_type.has_unknown() => (*key, *value),
            _ => (key_type, value_type),
        };
        let dict_type = Type::Dict(Box::new(key_type.clone()), Box::new(value_type.clone()));
        self.known_element(&dict_type, call)?;
        if !matches!(method, "get" | "keys" | "values" | "items" | "copy") {
            self.note_arena_object();
        }
        let mut arguments = arguments.into_iter();
        let mut key = || arguments.next().expect("checked by typing");
        match method {
            "get" | "pop" if call.arguments.args.len() == 2 || method == "get" => {
                let entry = self.find_entry(&dict, key(), &key_type, call)?;
                // `d.get(key)` gives None where the key is missing: an optional number.
                let (default, result_type) = match call.arguments.args.len() {
                    2 => match key() {
                        Value::None => (Value::None, Type::Optional(Box::new(value_type.clone()))),
                        default => (default, value_type.clone()),
                    },
                    _ => (Value::None, Type::Optional(Box::new(value_type.clone()))),
                };
                let zero = self.si64(0, &loc);
                let found = self.op(format!("py.cmp \"ge\", {entry}, {zero} : si64 {loc}"));
                let value = self.emit_if_value(
                    &found,
                    &result_type,
                    |this| {
                        let stored = this.read_element(&Place::Dict { dict: &dict, entry: &entry }, &value_type, &mut 0, &loc);
                        this.convert(stored, &result_type, call)
                    },
                    |this| this.convert(default, &result_type, call),
                )?;
                if method == "pop" {
                    self.mutate_container(DICT_DELETE, &[dict, entry], &loc);
                }
                Ok(value)
            }
            "pop" => {
                let entry = self.existing_entry(&dict, key(), &key_type, call)?;
                let value = self.read_element(&Place::Dict { dict: &dict, entry: &entry }, &value_type, &mut 0, &loc);
                self.mutate_container(DICT_DELETE, &[dict, entry], &loc);
                Ok(value)
            }
            "setdefault" => {
                let before = self.dict_length(&dict, &loc);
                let entry = self.inserted_entry(&dict, key(), &key_type, &value_type, call)?;
                let after = self.dict_length(&dict, &loc);
                let added = self.op(format!("py.cmp \"ne\", {before}, {after} : si64 {loc}"));
                let default = key();
                let (lines, ()) = self.region(|this| {
                    this.write_element(&Place::Dict { dict: &dict, entry: &entry }, default, &value_type, call)?;
                    this.line("scf.yield");
                    Ok(())
                })?;
                self.emit_if(&added, lines, None);
                Ok(self.read_element(&Place::Dict { dict: &dict, entry: &entry }, &value_type, &mut 0, &loc))
            }
            "update" => {
                let Value::Dict(other, ..) = key() else { unreachable!("typing takes a dict") };
                self.mutate_container(DICT_UPDATE, &[dict, other], &loc);
                Ok(Value::None)
            }
            "keys" => Ok(self.dict_keys(&dict, &key_type, &loc)),
            "values" => Ok(self.dict_view(&dict, VIEW_VALUES, value_type, &loc)),
            "items" => Ok(self.dict_view(&dict, VIEW_ITEMS, Type::tuple(vec![key_type, value_type]), &loc)),
            "copy" => Ok(Value::Dict(self.call_runtime(DICT_COPY, &[dict], &loc), key_type, value_type)),
            "clear" => {
                self.mutate_container(DICT_CLEAR, &[dict], &loc);
                Ok(Value::None)
            }
            other => unreachable!("dict method '{other}' is not in dicts::METHODS"),
        }
    }
}

impl FunctionEmitter<'_, '_, '_> {
    /// `set()`.
    pub(super) fn emit_empty_set(&mut self, call: &ExprCall) -> Result<Value, Diagnostic> {
        let loc = location(self.module, call);
        self.note_arena_object();
        Ok(Value::Set(self.call_runtime(DICT_NEW, &[], &loc), Type::Unknown))
    }

    /// Adds `member` to `set` (a dict whose values have no words).
    fn add_member(&mut self, set: &str, member: Value, element: &Type, node: &dyn Ranged) -> Result<(), Diagnostic> {
        self.inserted_entry(set, member, element, &Type::tuple(Vec::new()), node).map(|_| ())
    }

    /// `{a, b, ...}`.
    pub(super) fn emit_set_display(&mut self, items: &[Expr], expr: &Expr) -> Result<Value, Diagnostic> {
        let loc = location(self.module, expr);
        self.note_arena_object();
        let Type::Set(element) = self.expr_type(expr)? else { unreachable!("a set display is a set") };
        let handle = self.call_runtime(DICT_NEW, &[], &loc);
        for item in items {
            let member = self.emit_expr(item)?;
            self.add_member(&handle, member, &element, item)?;
        }
        Ok(Value::Set(handle, *element))
    }

    fn combine(&mut self, left: &str, right: &str, operation: i64, loc: &str) -> String {
        let operation = self.si64(operation, loc);
        self.call_runtime(SET_COMBINE, &[left.to_string(), right.to_string(), operation], loc)
    }

    /// `left | right`, `&`, `-` and `^` of sets.
    pub(super) fn set_binary(&mut self, op: Operator, left: Value, right: Value, node: &dyn Ranged) -> Result<Value, Diagnostic> {
        let loc = location(self.module, node);
        self.note_arena_object();
        let (Value::Set(left, element), Value::Set(right, _)) = (left, right) else { unreachable!("checked by the caller") };
        let operation = match op {
            Operator::BitOr => SET_UNION,
            Operator::BitAnd => SET_INTERSECTION,
            Operator::Sub => SET_DIFFERENCE,
            Operator::BitXor => SET_SYMMETRIC_DIFFERENCE,
            other => return Err(self.module.typing(node, format!("unsupported operand types for {}: sets", other.as_str()))),
        };
        Ok(Value::Set(self.combine(&left, &right, operation, &loc), element))
    }

    /// The set `set` given the items of `set op other`, in place.
    fn replace_set(&mut self, set: &str, other: &str, operation: i64, loc: &str) {
        let combined = self.combine(set, other, operation, loc);
        self.mutate_container(DICT_CLEAR, &[set.to_string()], loc);
        self.mutate_container(DICT_UPDATE, &[set.to_string(), combined], loc);
    }

    /// `set op= other` of two sets: `set` updated in place, as every name for it sees.
    pub(super) fn set_update(&mut self, op: Operator, set: Value, other: Value, node: &dyn Ranged) -> Result<(), Diagnostic> {
        let loc = location(self.module, node);
        let (Value::Set(set, _), Value::Set(other, _)) = (set, other) else { unreachable!("checked by the caller") };
        match op {
            Operator::BitOr => self.mutate_container(DICT_UPDATE, &[set, other], &loc),
            Operator::BitAnd => self.replace_set(&set, &other, SET_INTERSECTION, &loc),
            Operator::Sub => self.replace_set(&set, &other, SET_DIFFERENCE, &loc),
            Operator::BitXor => self.replace_set(&set, &other, SET_SYMMETRIC_DIFFERENCE, &loc),
            other => return Err(self.module.typing(node, format!("unsupported operand types for {}=: sets", other.as_str()))),
        }
        Ok(())
    }

    /// Whether the set `left op right` is empty.
    fn combination_is_empty(&mut self, left: &str, right: &str, operation: i64, loc: &str) -> Value {
        let combined = self.combine(left, right, operation, loc);
        let length = self.dict_length(&combined, loc);
        let zero = self.si64(0, loc);
        Value::Scalar(self.op(format!("py.cmp \"eq\", {length}, {zero} : si64 {loc}")), Scalar::Bool)
    }

    /// `receiver.method(...)` on a set.
    pub(super) fn emit_set_method(&mut self, call: &ExprCall, receiver: &Expr, method: &str) -> Result<Value, Diagnostic> {
        let loc = location(self.module, call);
        let Value::Set(set, element) = self.emit_expr(receiver)? else { unreachable!("typing found a set") };
        let argument = match call.arguments.args.first() {
            Some(argument) => self.emit_expr(argument)?,
            None => Value::None,
        };
        // The receiver's type once the method has decided it (`s = set(); s.add(1)`).
        let element = match self.expr_type(receiver)? {
            Type::Set(decided) if element.has_unknown() => *decided,
            _ => element,
        };
        self.known_element(&Type::Set(Box::new(element.clone())), call)?;
        if !matches!(method, "copy" | "union" | "intersection" | "difference" | "symmetric_difference" | "issubset" | "issuperset" | "isdisjoint") {
            self.note_arena_object();
        }
        let other = |argument: &Value| match argument {
            Value::Set(other, _) => other.clone(),
            _ => unreachable!("typing takes a set"),
        };
        match method {
            "add" => self.add_member(&set, argument, &element, call).map(|()| Value::None),
            "discard" => {
                let entry = self.find_entry(&set, argument, &element, call)?;
                self.mutate_container(DICT_DELETE, &[set, entry], &loc);
                Ok(Value::None)
            }
            "remove" => {
                let entry = self.existing_entry(&set, argument, &element, call)?;
                self.mutate_container(DICT_DELETE, &[set, entry], &loc);
                Ok(Value::None)
            }
            "pop" => {
                let length = self.dict_length(&set, &loc);
                let zero = self.si64(0, &loc);
                let empty = self.op(format!("py.cmp \"eq\", {length}, {zero} : si64 {loc}"));
                self.raise_if(&empty, "KeyError", "pop from an empty set", call)?;
                let entry = self.call_runtime(DICT_FIRST, &[set.clone()], &loc);
                let Value::List(members, _) = self.dict_keys(&set, &element, &loc) else { unreachable!("keys are a list") };
                let first = self.si64(0, &loc);
                let popped = self.read_element(&Place::List { list: &members, first: &first }, &element, &mut 0, &loc);
                self.mutate_container(DICT_DELETE, &[set, entry], &loc);
                Ok(popped)
            }
            "clear" => {
                self.mutate_container(DICT_CLEAR, &[set], &loc);
                Ok(Value::None)
            }
            "copy" => Ok(Value::Set(self.call_runtime(DICT_COPY, &[set], &loc), element)),
            "update" => {
                self.mutate_container(DICT_UPDATE, &[set, other(&argument)], &loc);
                Ok(Value::None)
            }
            "union" => Ok(Value::Set(self.combine(&set, &other(&argument), SET_UNION, &loc), element)),
            "intersection" => Ok(Value::Set(self.combine(&set, &other(&argument), SET_INTERSECTION, &loc), element)),
            "difference" => Ok(Value::Set(self.combine(&set, &other(&argument), SET_DIFFERENCE, &loc), element)),
            "symmetric_difference" => Ok(Value::Set(self.combine(&set, &other(&argument), SET_SYMMETRIC_DIFFERENCE, &loc), element)),
            "intersection_update" | "difference_update" | "symmetric_difference_update" => {
                let operation = match method {
                    "intersection_update" => SET_INTERSECTION,
                    "difference_update" => SET_DIFFERENCE,
                    _ => SET_SYMMETRIC_DIFFERENCE,
                };
                self.replace_set(&set, &other(&argument), operation, &loc);
                Ok(Value::None)
            }
            "issubset" => Ok(self.combination_is_empty(&set, &other(&argument), SET_DIFFERENCE, &loc)),
            "issuperset" => Ok(self.combination_is_empty(&other(&argument), &set, SET_DIFFERENCE, &loc)),
            "isdisjoint" => Ok(self.combination_is_empty(&set, &other(&argument), SET_INTERSECTION, &loc)),
            other => unreachable!("set method '{other}' is not in dicts::SET_METHODS"),
        }
    }
}
