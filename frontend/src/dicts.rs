//! Python's dicts in compiled code: what dict displays, lookups, methods and `in` give, and what a
//! dict may hold. The dict object is the runtime's (`runtime/src/dicts.rs`), emission is
//! `emit/dicts.rs`.
//!
//! A dict maps keys of one type (numbers, strings, tuples of these) to values of one type (what a list
//! holds, or dicts). `d = {}` starts with unknown types, which the first `d[k] = v` or
//! `d.setdefault(k, v)` on the name decides. `keys()`, `values()` and `items()` are new lists, and a
//! loop over a dict loops over a list of its keys.

use crate::{
    diagnostics::Diagnostic,
    infer::TypeWalker,
    lists::storable,
    resolve::{Global, SourceModule},
    types::{unify, TupleClass, Type},
};
use ruff_python_ast::{Expr, ExprCall, ExprDict, ExprList, ExprTuple};
use ruff_text_size::Ranged;

/// The methods of dicts compiled code calls.
pub const METHODS: &[&str] = &["get", "setdefault", "pop", "keys", "values", "items", "clear", "copy", "update"];

/// The prelude's function that raises `KeyError(key)`.
pub const KEY_ERROR: &str = "_key_error";

impl TypeWalker<'_, '_> {
    /// `{k: v, ...}`: a dict of the keys' and the values' joined types; with constant string keys
    /// and values that do not join, Numba's literal dict, a tuple of the values (each key's
    /// last, in the order the keys first appear) read by its constant keys.
    pub(crate) fn dict_display_type(&mut self, dict: &ExprDict) -> Result<Type, Diagnostic> {
        let (mut key, mut value) = (Type::Unknown, Type::Unknown);
        let mut literal: Option<Vec<(String, Type)>> = Some(Vec::new());
        let mut mismatch = None;
        for item in &dict.items {
            let Some(item_key) = &item.key else {
                return Err(self.module.unsupported(&item.value, "'**' in a dict display is not supported"));
            };
            let given_key = self.expr_type(item_key)?;
            let (key_type, value_type) = (given_key.clone().runtime(), self.expr_type(&item.value)?.runtime());
            self.check_dict_parts(&key_type, &value_type, item_key, &item.value)?;
            key = unify(&key, &key_type).ok_or_else(|| self.module.typing(item_key, format!("a dict's keys are of one type: this key is {key_type}, an earlier one {key}")))?;
            match (given_key, &mut literal) {
                (Type::Str(text), Some(entries)) => match entries.iter_mut().find(|(known, _)| *known == text) {
                    Some(entry) => entry.1 = value_type.clone(),
                    None => entries.push((text, value_type.clone())),
                },
                _ => literal = None,
            }
            match unify(&value, &value_type) {
                Some(joined) => value = joined,
                None => mismatch = mismatch.or(Some((&item.value, format!("a dict's values are of one type unless its keys are constant strings: this value is {value_type}, an earlier one {value}")))),
            }
        }
        match (mismatch, literal) {
            (None, _) => Ok(Type::Dict(Box::new(key), Box::new(value))),
            (Some(_), Some(entries)) => {
                let (keys, values) = entries.into_iter().unzip();
                Ok(Type::Tuple(values, Some(TupleClass::literal_dict(keys))))
            }
            (Some((node, message)), None) => Err(self.module.typing(node, message)),
        }
    }

    fn check_dict_parts(&self, key: &Type, value: &Type, key_node: &Expr, value_node: &Expr) -> Result<(), Diagnostic> {
        if !key.is_dict_key() {
            return Err(self.module.unsupported(key_node, format!("dict keys of type {key} are not supported yet (keys are numbers, strings or tuples of these)")));
        }
        if !value.is_list_element() {
            return Err(self.module.unsupported(value_node, format!("a dict's values cannot be {value}")));
        }
        Ok(())
    }

    /// The receiver of `receiver.method(...)` when it is a dict, with its key and value types.
    pub(crate) fn dict_receiver<'c>(&mut self, call: &'c ExprCall) -> Result<Option<(&'c Expr, Type, Type, &'c str)>, Diagnostic> {
        Ok(match self.method_call(call, METHODS)? {
            Some((receiver, Type::Dict(key, value), method)) => Some((receiver, *key, *value, method)),
            _ => None,
        })
    }

    /// The type of a dict method's call, or `None` when `call` is no call of one.
    pub(crate) fn dict_method_type(&mut self, call: &ExprCall) -> Result<Option<Type>, Diagnostic> {
        let Some((receiver, key, value, method)) = self.dict_receiver(call)? else { return Ok(None) };
        let module = self.module;
        let arguments = &call.arguments.args;
        if let Some(keyword) = call.arguments.keywords.first() {
            return Err(module.typing(keyword, format!("dict.{method}() takes no keyword arguments here")));
        }
        let expected = match method {
            "get" | "pop" => 1..=2,
            "setdefault" => 2..=2,
            "update" => 1..=1,
            _ => 0..=0,
        };
        if method == "get" && arguments.len() == 1 && !(value.may_be_optional() || matches!(value, Type::Unknown)) {
            return Err(module.unsupported(call, format!("dict.get(key) without a default gives None or a value, which rumba has for numbers, strings, arrays and containers only, not for {value}; pass a default")));
        }
        if !expected.contains(&arguments.len()) {
            return Err(module.typing(call, format!("dict.{method}() takes {} argument(s) ({} given)", expected.end(), arguments.len())));
        }
        let mut types = Vec::new();
        for argument in arguments.iter() {
            types.push(self.expr_type(argument)?);
        }
        if matches!(method, "get" | "pop" | "setdefault") {
            self.check_key(&key, &types[0], &arguments[0])?;
        }
        let dict_type = Type::Dict(Box::new(key.clone()), Box::new(value.clone()));
        Ok(Some(match method {
            "get" | "pop" => {
                if method == "get" && types.get(1) == Some(&Type::None) && value != Type::Unknown {
                    // `d.get(k, None)` is `d.get(k)`.
                    return Ok(Some(Type::Optional(Box::new(value))));
                }
                if let Some(default) = types.get(1) {
                    // `d.get(k, 0) + 1` into a new dict: the default tells the values' type.
                    if dict_type.has_unknown() {
                        self.store_into_dict(receiver, (&key, &value), (&types[0], default), (&arguments[0], &arguments[1]))?;
                        return Ok(Some(unify(&value, default).unwrap_or(value)));
                    }
                    if !storable(default, &value) {
                        return Err(module.typing(&arguments[1], format!("the default {default} is not a value of this dict ({value})")));
                    }
                }
                match (method, types.len()) {
                    ("pop", _) => self.specialise_key_error(&key, call)?,
                    // None where the key is missing.
                    (_, 1) if value != Type::Unknown => return Ok(Some(Type::Optional(Box::new(value)))),
                    _ => {}
                }
                value
            }
            "setdefault" => {
                self.store_into_dict(receiver, (&key, &value), (&types[0], &types[1]), (&arguments[0], &arguments[1]))?;
                unify(&value, &types[1]).unwrap_or(value)
            }
            "update" => {
                let Type::Dict(other_key, other_value) = &types[0] else {
                    return Err(module.unsupported(&arguments[0], format!("dict.update() takes a dict here, got {}", types[0])));
                };
                self.store_into_dict(receiver, (&key, &value), (other_key, other_value), (&arguments[0], &arguments[0]))?;
                Type::None
            }
            "keys" => Type::List(Box::new(key)),
            "values" => Type::List(Box::new(value)),
            "items" => Type::List(Box::new(Type::tuple(vec![key, value]))),
            "copy" => dict_type,
            _ => Type::None,
        }))
    }

    fn check_key(&self, key: &Type, given: &Type, node: &Expr) -> Result<(), Diagnostic> {
        match storable(given, key) && given.is_dict_key() {
            true => Ok(()),
            false => Err(self.module.typing(node, format!("{given} is not a key of this dict ({key})"))),
        }
    }

    /// `KeyError(key)`, for the lookups that raise it.
    pub(crate) fn specialise_key_error(&mut self, key: &Type, node: &dyn ruff_text_size::Ranged) -> Result<(), Diagnostic> {
        // A dict whose key type a later statement decides (`d = {}` read in one branch, stored
        // into in the other) is typed again once it is known.
        if key.has_unknown() {
            return Ok(());
        }
        let name = self.module.prelude_function(KEY_ERROR).expect("the prelude defines _key_error");
        self.specialisations.specialise(&name, &[key.clone()], node).map(|_| ())
    }

    /// Checks that `(key, value)` may go into a dict of `types` held by `receiver`, and where those
    /// types are not known yet and `receiver` is a name, decides them.
    pub(crate) fn store_into_dict(&mut self, receiver: &Expr, types: (&Type, &Type), given: (&Type, &Type), nodes: (&Expr, &Expr)) -> Result<(), Diagnostic> {
        self.check_dict_parts(given.0, given.1, nodes.0, nodes.1)?;
        let current = Type::Dict(Box::new(types.0.clone()), Box::new(types.1.clone()));
        if current.has_unknown() {
            let decided = unify(types.0, &given.0.clone().runtime()).zip(unify(types.1, &given.1.clone().runtime()));
            if let (Expr::Name(_), Some((key, value))) = (receiver, decided) {
                return self.assign(receiver, Type::Dict(Box::new(key), Box::new(value)));
            }
        }
        self.check_key(types.0, given.0, nodes.0)?;
        if !storable(given.1, types.1) {
            return Err(self.module.typing(nodes.1, format!("cannot store {} into a dict of {} values", given.1, types.1)));
        }
        Ok(())
    }

    /// `key in d` on a dict: bool.
    pub(crate) fn dict_contains_type(&mut self, key: &Type, given: &Type, node: &Expr) -> Result<Type, Diagnostic> {
        self.check_key(key, given, node)?;
        Ok(Type::Scalar(crate::types::Scalar::Bool))
    }

    /// `d[key]`: the value, or `KeyError`.
    pub(crate) fn dict_subscript_type(&mut self, key: &Type, value: &Type, index: &Expr) -> Result<Type, Diagnostic> {
        let given = self.expr_type(index)?;
        self.check_key(key, &given, index)?;
        self.specialise_key_error(key, index)?;
        Ok(value.clone())
    }
}

/// The methods of sets compiled code calls.
pub const SET_METHODS: &[&str] = &[
    "add",
    "discard",
    "remove",
    "pop",
    "clear",
    "copy",
    "update",
    "union",
    "intersection",
    "difference",
    "symmetric_difference",
    "intersection_update",
    "difference_update",
    "symmetric_difference_update",
    "issubset",
    "issuperset",
    "isdisjoint",
];

impl TypeWalker<'_, '_> {
    /// `{a, b, ...}`: a set of the items' joined type.
    pub(crate) fn set_display_type(&mut self, items: &[Expr]) -> Result<Type, Diagnostic> {
        let mut element = Type::Unknown;
        for item in items {
            let item_type = self.expr_type(item)?.runtime();
            self.check_set_element(&item_type, item)?;
            element = unify(&element, &item_type).ok_or_else(|| self.module.typing(item, format!("a set holds items of one type: this item is {item_type}, an earlier one {element}")))?;
        }
        Ok(Type::Set(Box::new(element)))
    }

    fn check_set_element(&self, element: &Type, node: &Expr) -> Result<(), Diagnostic> {
        match element.is_dict_key() {
            true => Ok(()),
            false => Err(self.module.unsupported(node, format!("sets of {element} are not supported yet (sets hold numbers, strings or tuples of these)"))),
        }
    }

    /// The receiver of `receiver.method(...)` when it is a set, with its element type.
    pub(crate) fn set_receiver<'c>(&mut self, call: &'c ExprCall) -> Result<Option<(&'c Expr, Type, &'c str)>, Diagnostic> {
        Ok(match self.method_call(call, SET_METHODS)? {
            Some((receiver, Type::Set(element), method)) => Some((receiver, *element, method)),
            _ => None,
        })
    }

    /// The type of a set method's call, or `None` when `call` is no call of one.
    pub(crate) fn set_method_type(&mut self, call: &ExprCall) -> Result<Option<Type>, Diagnostic> {
        let Some((receiver, element, method)) = self.set_receiver(call)? else { return Ok(None) };
        let module = self.module;
        let arguments = &call.arguments.args;
        if let Some(keyword) = call.arguments.keywords.first() {
            return Err(module.typing(keyword, format!("set.{method}() takes no keyword arguments")));
        }
        let expected = match method {
            "pop" | "clear" | "copy" => 0,
            _ => 1,
        };
        if arguments.len() != expected {
            return Err(module.typing(call, format!("set.{method}() takes {expected} argument(s) ({} given)", arguments.len())));
        }
        let set_type = Type::Set(Box::new(element.clone()));
        let argument = match arguments.first() {
            Some(argument) => self.expr_type(argument)?,
            None => Type::None,
        };
        Ok(Some(match method {
            "add" | "discard" | "remove" => {
                let item = arguments.first().expect("checked count");
                self.check_set_element(&argument, item)?;
                if method == "add" && element.has_unknown() {
                    if let (Expr::Name(_), Some(decided)) = (receiver, unify(&element, &argument.clone().runtime())) {
                        self.assign(receiver, Type::Set(Box::new(decided)))?;
                        return Ok(Some(Type::None));
                    }
                }
                self.check_key(&element, &argument, item)?;
                if method == "remove" {
                    self.specialise_key_error(&element, call)?;
                }
                Type::None
            }
            "pop" => element,
            "copy" => set_type,
            "clear" => Type::None,
            _ => {
                let other = arguments.first().expect("checked count");
                let Type::Set(other_element) = &argument else {
                    return Err(module.unsupported(other, format!("set.{method}() takes a set here, got {argument}")));
                };
                if method == "update" && element.has_unknown() {
                    if let (Expr::Name(_), Some(decided)) = (receiver, unify(&element, other_element)) {
                        self.assign(receiver, Type::Set(Box::new(decided)))?;
                        return Ok(Some(Type::None));
                    }
                }
                let joined = unify(&set_type, &argument).ok_or_else(|| module.typing(other, format!("sets of {element} and of {other_element} do not combine")))?;
                match method {
                    "update" | "intersection_update" | "difference_update" | "symmetric_difference_update" => Type::None,
                    "issubset" | "issuperset" | "isdisjoint" => Type::Scalar(crate::types::Scalar::Bool),
                    _ => joined,
                }
            }
        }))
    }
}

/// Which of Numba's typed containers `call` makes empty: `"Dict"` for `typed.Dict.empty(key_type,
/// value_type)` (or `types.DictType.empty`), `"List"` for `typed.List.empty_list(item_type)` (also through `from numba.typed
/// import Dict` and as `numba.typed.List`).
fn typed_empty_container(module: &SourceModule, call: &ExprCall, is_local: &dyn Fn(&str) -> bool) -> Option<&'static str> {
    let Expr::Attribute(method) = &*call.func else { return None };
    let container = match method.attr.as_str() {
        "empty" => "Dict",
        "empty_list" => "List",
        _ => return None,
    };
    let named = match &*method.value {
        Expr::Name(name) if !is_local(name.id.as_str()) => matches!(module.global(name.id.as_str()), Some(Global::ModuleMember("typed", member)) if member == container),
        Expr::Attribute(class) if class.attr.as_str() == container => match &*class.value {
            Expr::Name(base) => !is_local(base.id.as_str()) && module.global(base.id.as_str()) == Some(&Global::Module("typed")),
            // `numba.typed.List`.
            Expr::Attribute(typed) => typed.attr.as_str() == "typed" && matches!(&*typed.value, Expr::Name(base) if !is_local(base.id.as_str()) && module.global(base.id.as_str()) == Some(&Global::Module("rumba"))),
            _ => false,
        },
        _ => false,
    };
    // `types.DictType.empty(key_type, value_type)`, which Numba takes as `typed.Dict.empty`.
    let named = named || (container == "Dict" && types_member(module, &method.value, is_local).as_deref() == Some("DictType"));
    named.then_some(container)
}

/// The member of `numba.types` that `callee` names (`types.UniTuple`, or `UniTuple` imported from it).
fn types_member(module: &SourceModule, callee: &Expr, is_local: &dyn Fn(&str) -> bool) -> Option<String> {
    match callee {
        Expr::Attribute(attribute) if matches!(&*attribute.value, Expr::Name(base) if !is_local(base.id.as_str()) && module.global(base.id.as_str()) == Some(&Global::Module("types"))) => Some(attribute.attr.to_string()),
        Expr::Name(name) if !is_local(name.id.as_str()) => match module.global(name.id.as_str()) {
            Some(Global::ModuleMember("types", member)) => Some(member.clone()),
            _ => None,
        },
        _ => None,
    }
}

impl TypeWalker<'_, '_> {
    /// `typed.Dict.empty(key_type, value_type)` and `typed.List.empty_list(item_type)`: a new dict
    /// or list of those types (numbers, strings), or `None` when `call` is neither.
    pub(crate) fn typed_empty_container_type(&mut self, call: &ExprCall) -> Result<Option<Type>, Diagnostic> {
        let assigned = self.assigned.clone();
        let Some(container) = typed_empty_container(self.module, call, &|name| assigned.contains(name)) else {
            return Ok(None);
        };
        let (method, keywords) = match container {
            "Dict" => ("Dict.empty()", &["key_type", "value_type"][..]),
            _ => ("List.empty_list()", &["item_type"][..]),
        };
        let mut parts = Vec::new();
        for (position, keyword) in keywords.iter().enumerate() {
            let given = call.arguments.args.get(position).or_else(|| call.arguments.find_keyword(keyword).map(|found| &found.value));
            let Some(given) = given else {
                return Err(self.module.typing(call, format!("{method} needs {keyword}")));
            };
            parts.push(self.type_expression(given, method)?);
        }
        let made = if container == "List" {
            Type::List(Box::new(parts.remove(0)))
        } else {
            let value = parts.pop().expect("two parts");
            let key = parts.pop().expect("two parts");
            Type::Dict(Box::new(key), Box::new(value))
        };
        let holdable = match &made {
            Type::List(item) => item.is_list_element(),
            Type::Dict(key, value) => key.is_dict_key() && value.is_list_element(),
            _ => unreachable!("made a list or a dict"),
        };
        if !holdable {
            return Err(self.module.unsupported(call, format!("{method} makes {made}, which compiled code cannot hold (lists and dict values hold numbers, arrays, strings, tuples of these and containers; dict keys are numbers, strings or tuples of these)")));
        }
        Ok(Some(made))
    }

    /// The type a Numba type expression names: a number type (`types.int64`), `types.unicode_type`,
    /// an array type (`types.float64[:]`, `[:, ::1]`, `[::1, :]`), `types.UniTuple(t, n)`,
    /// `types.Tuple((t, ...))`, `types.ListType(t)`, `types.DictType(k, v)`, or an empty typed
    /// container's type.
    pub(crate) fn type_expression(&mut self, expr: &Expr, method: &str) -> Result<Type, Diagnostic> {
        let assigned = self.assigned.clone();
        let is_local = |name: &str| assigned.contains(name);
        if crate::strings::names_unicode_type(self.module, expr, &is_local) {
            return Ok(Type::Unicode);
        }
        let unsupported = |this: &Self, found: &dyn std::fmt::Display| {
            this.module.unsupported(expr, format!("{method} of {found} is not supported (the types are number types such as types.int64, types.unicode_type, array types such as types.float64[:, ::1], types.UniTuple, types.Tuple, types.ListType and types.DictType)"))
        };
        match expr {
            Expr::Name(name) if !is_local(name.id.as_str()) && matches!(self.module.global(name.id.as_str()), Some(Global::TypeValue(_))) => {
                let Some(Global::TypeValue(named)) = self.module.global(name.id.as_str()) else { unreachable!("checked by the guard") };
                Ok(named.clone())
            }
            Expr::Subscript(subscript) => {
                let Type::DType(scalar) = self.expr_type(&subscript.value)? else {
                    return Err(unsupported(self, &self.module.file.snippet(expr.range())));
                };
                let dims = self.module.file.snippet(subscript.slice.range());
                crate::types::parse_type(&format!("{}[{dims}]", scalar.numba_name())).map_err(|reason| self.module.typing(&*subscript.slice, reason))
            }
            // An empty typed container stands for its type, as Numba types a value given for one
            // (`value_type=DictType.empty(key_type=int64, value_type=float64)`, pandana2).
            Expr::Call(call) if typed_empty_container(self.module, call, &is_local).is_some() => Ok(self.typed_empty_container_type(call)?.expect("checked by the guard")),
            Expr::Call(call) => {
                let member = types_member(self.module, &call.func, &is_local);
                let arguments = &call.arguments.args;
                match (member.as_deref(), &arguments[..]) {
                    (Some("UniTuple"), [item, count]) => {
                        let item = self.type_expression(item, method)?;
                        let Some(crate::resolve::Constant::Int(count @ 0..)) = crate::resolve::literal_constant(count) else {
                            return Err(self.module.typing(count, "types.UniTuple takes the number of items as a non-negative integer literal"));
                        };
                        Ok(Type::tuple(vec![item; count as usize]))
                    }
                    (Some("Tuple"), [Expr::Tuple(ExprTuple { elts: items, .. }) | Expr::List(ExprList { elts: items, .. })]) => {
                        Ok(Type::tuple(items.iter().map(|item| self.type_expression(item, method)).collect::<Result<_, _>>()?))
                    }
                    (Some("ListType"), [item]) => Ok(Type::List(Box::new(self.type_expression(item, method)?))),
                    (Some("DictType"), [key, value]) => Ok(Type::Dict(Box::new(self.type_expression(key, method)?), Box::new(self.type_expression(value, method)?))),
                    _ => Err(unsupported(self, &self.module.file.snippet(expr.range()))),
                }
            }
            _ => match self.expr_type(expr)? {
                Type::DType(scalar) => Ok(Type::Scalar(scalar)),
                other => Err(unsupported(self, &other)),
            },
        }
    }
}
