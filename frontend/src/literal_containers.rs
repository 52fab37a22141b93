//! Numba's literal containers in compiled code: a list display whose items are of different types
//! (`[1, "a"]`, Numba's `LiteralList`) and a dict display with constant string keys and values of
//! different types (`{"a": 1, "b": "x"}`, Numba's `LiteralStrKeyDict`). rumba keeps each as a tuple
//! of its items with a class that says which it is (`TupleKind`): `len`, indexing by a constant,
//! `literal_unroll` and unrolled loops come from tuples, and this file types what reads
//! differently: a dict's constant keys, its `keys()`/`values()`/`items()`/`get()`, `in` on its
//! keys, and the changes neither container allows (Numba's do not change either). Emission is
//! `emit/literals.rs`.

use crate::{
    diagnostics::Diagnostic,
    infer::TypeWalker,
    types::{TupleClass, TupleKind, Type},
};
use ruff_python_ast::{Expr, ExprCall};

/// What a method of a literal container gives.
#[derive(Clone, Copy, Debug)]
pub(crate) enum LiteralRead {
    /// The container itself (`copy()`: it cannot change, so a copy is the same value).
    Whole,
    /// A dict's keys, a tuple of constant strings.
    Keys,
    /// A dict's values, a tuple.
    Values,
    /// A dict's items, a tuple of `(key, value)` tuples.
    Items,
    /// The value at this position (`get` of a key it has).
    Value(usize),
    /// `get`'s default (`None` without one): the key is not in the dict.
    Default,
}

/// The methods of literal containers that read them.
const READING_METHODS: &[&str] = &["copy", "keys", "values", "items", "get"];

/// The methods of lists and dicts that change them.
const CHANGING_METHODS: &[&str] = &["append", "extend", "insert", "pop", "remove", "reverse", "sort", "clear", "setdefault", "update", "popitem"];

impl TypeWalker<'_, '_> {
    /// `receiver.method(...)` of a literal list or dict: the receiver and what the call gives, or
    /// `None` for other calls (`count` and `index` of a literal list are the prelude's tuple
    /// methods).
    pub(crate) fn literal_container_method<'c>(&mut self, call: &'c ExprCall) -> Result<Option<(&'c Expr, LiteralRead)>, Diagnostic> {
        let Expr::Attribute(attribute) = &*call.func else { return Ok(None) };
        let known = CHANGING_METHODS.contains(&attribute.attr.as_str()) || READING_METHODS.contains(&attribute.attr.as_str());
        if !known || matches!(&*attribute.value, Expr::Name(name) if !self.assigned.contains(name.id.as_str())) {
            return Ok(None);
        }
        let Type::Tuple(_, Some(class)) = self.expr_type(&attribute.value)? else { return Ok(None) };
        if class.kind == TupleKind::NamedTuple {
            return Ok(None);
        }
        let (receiver, method) = (&*attribute.value, attribute.attr.as_str());
        let module = self.module;
        if CHANGING_METHODS.contains(&method) {
            return Err(module.unsupported(call, format!("{method}() would change a {}, which cannot change (Numba's cannot either); build a list or dict of one item type to change it", class.literal_name())));
        }
        let arguments = &call.arguments.args;
        let read = match (class.kind, method, &arguments[..]) {
            (_, "copy", []) => LiteralRead::Whole,
            (TupleKind::LiteralDict, "keys", []) => LiteralRead::Keys,
            (TupleKind::LiteralDict, "values", []) => LiteralRead::Values,
            (TupleKind::LiteralDict, "items", []) => LiteralRead::Items,
            (TupleKind::LiteralDict, "get", [key] | [key, _]) => match self.literal_key(&class, key)? {
                Some(position) => LiteralRead::Value(position),
                None => LiteralRead::Default,
            },
            _ => return Err(module.unsupported(call, format!("{method}() of a {} with these arguments is not supported", class.literal_name()))),
        };
        if let Some(keyword) = call.arguments.keywords.first() {
            return Err(module.typing(keyword, format!("{method}() takes no keyword arguments")));
        }
        Ok(Some((receiver, read)))
    }

    /// The type of `read` of a literal container of type `container` (`get`'s default is the
    /// call's second argument).
    pub(crate) fn literal_read_type(&mut self, container: Type, read: LiteralRead, call: &ExprCall) -> Result<Type, Diagnostic> {
        let Type::Tuple(values, Some(class)) = container else { unreachable!("a literal container is a tuple with a class") };
        let keys = || class.fields.iter().map(|key| Type::Str(key.clone()));
        Ok(match read {
            LiteralRead::Whole => Type::Tuple(values, Some(class.clone())),
            LiteralRead::Keys => Type::tuple(keys().collect()),
            LiteralRead::Values => Type::tuple(values),
            LiteralRead::Items => Type::tuple(keys().zip(values).map(|(key, value)| Type::tuple(vec![key, value])).collect()),
            LiteralRead::Value(position) => values[position].clone(),
            LiteralRead::Default => match call.arguments.args.get(1) {
                Some(default) => self.expr_type(default)?,
                None => Type::None,
            },
        })
    }

    /// The position of `key` in the literal dict `class`, `None` where it has no such key; a key
    /// not known when compiling is refused.
    pub(crate) fn literal_key(&mut self, class: &TupleClass, key: &Expr) -> Result<Option<usize>, Diagnostic> {
        match self.expr_type(key)? {
            Type::Str(text) => Ok(class.fields.iter().position(|field| *field == text)),
            other => Err(self.module.unsupported(key, format!("a {} is read with constant string keys, not {other}", class.literal_name()))),
        }
    }

    /// `container[key]` of a literal dict: the position of the value.
    pub(crate) fn literal_subscript(&mut self, class: &TupleClass, key: &Expr) -> Result<usize, Diagnostic> {
        match self.literal_key(class, key)? {
            Some(position) => Ok(position),
            None => {
                let Type::Str(text) = self.expr_type(key)? else { unreachable!("literal_key refuses other keys") };
                Err(self.module.typing(key, format!("KeyError: {text:?} is not a key of this {}", class.literal_name())))
            }
        }
    }
}
