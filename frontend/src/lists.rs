//! Python's lists in compiled code: what list displays, indexing, methods and operators give, and
//! what a list may hold. The list object is the runtime's (`runtime/src/lists.rs`), emission is
//! `emit/lists.rs`, and the methods that compare elements are the prelude's (`_list_index`, ...).
//!
//! A list holds elements of one type: numbers, arrays, tuples of these, or lists. `l = []` starts with
//! an unknown element type, which the first `append`, `insert` or `extend` on the name decides, as
//! Numba's typing of reflected lists does.

use crate::{
    array_calls::{array_call, join_plan, ArrayCall},
    diagnostics::Diagnostic,
    infer::TypeWalker,
    types::{unify, Scalar, TupleClass, Type},
};
use ruff_python_ast::{
    visitor::{self, Visitor},
    CmpOp, Expr, ExprCall, ExprList, ExprSlice, Stmt,
};
use rumba_dialects::Layout;

/// The methods of lists compiled code calls.
/// Where `sorted(..., key=)` and `list.sort(key=)` are rewritten into a sort by keys (`desugar.rs`).
pub const KEYED_SORT_PLACES: &str = "a sort with key= is supported in an assignment, an expression statement, a return or a loop's iterable";

pub const METHODS: &[&str] = &["append", "extend", "pop", "insert", "remove", "index", "count", "reverse", "sort", "copy", "clear"];

/// The prelude's functions behind the methods and operators that compare elements.
pub fn prelude_helper(method: &str) -> Option<&'static str> {
    Some(match method {
        "index" => "_list_index",
        "count" => "_list_count",
        "remove" => "_list_remove",
        "in" => "_list_contains",
        "==" => "_list_equal",
        _ => return None,
    })
}

/// The prelude's function behind `<` and `<=` of lists (`>` and `>=` swap them).
pub const LIST_LESS: &str = "_list_less";

/// The prelude's function behind `del items[start:stop:step]`.
pub const DELETE_SLICE: &str = "_list_delete_slice";

/// The prelude's function behind `items.index(value, start[, end])`.
pub const BOUNDED_INDEX: &str = "_list_index_between";

/// Whether a value of type `value` may be stored where a list holds `element`: numbers of the
/// element's kind or a lower one (bool, int, float, complex), arrays whose layout the element's
/// admits, tuples item by item, lists and dicts of the same types.
pub fn storable(value: &Type, element: &Type) -> bool {
    let kind = |scalar: &Scalar| match scalar {
        Scalar::Bool => 0,
        Scalar::Int { .. } => 1,
        Scalar::Float { .. } => 2,
        Scalar::Complex { .. } => 3,
    };
    match (value, element) {
        (Type::Unknown, _) | (_, Type::Unknown) => true,
        (Type::Scalar(from), Type::Scalar(to)) => kind(from) <= kind(to),
        (Type::Tuple(values, value_class), Type::Tuple(elements, element_class)) => {
            value_class == element_class && values.len() == elements.len() && values.iter().zip(elements).all(|(value, element)| storable(value, element))
        }
        (Type::Str(_) | Type::Unicode, Type::Unicode) => true,
        (Type::List(_), Type::List(_)) | (Type::Dict(..), Type::Dict(..)) => unify(value, element).is_some(),
        (Type::Instance(value), Type::Instance(element)) => value == element,
        (Type::None, Type::None) => true,
        // An array of the element's dtype and rank whose layout the element's admits, and not a
        // read-only one where the element may be written through.
        (Type::Array(from), Type::Array(to)) => (from.dtype, from.ndim) == (to.dtype, to.ndim) && (to.layout == Layout::A || from.layout == to.layout) && (to.readonly || !from.readonly),
        _ => false,
    }
}

/// The types two compared lists are compared as: one type where they meet (so that `[] == l`
/// compares with `l`'s elements), else their own.
pub fn compared_lists(left: &Type, right: &Type) -> [Type; 2] {
    match unify(left, right) {
        Some(joined) => [joined.clone(), joined],
        None => [left.clone(), right.clone()],
    }
}

/// How `list.sort` compares the words of an element of type `element` (real numbers, strings, or
/// tuples of them of at most 32 words, compared as Python compares tuples): 2 bits a word, word 0
/// lowest, each `SORT_SIGNED`, `SORT_UNSIGNED`, `SORT_FLOAT` or `SORT_TEXT`. `None` for elements
/// that do not sort.
pub fn sort_kinds(element: &Type) -> Option<u64> {
    fn push(element: &Type, kinds: &mut Vec<u64>) -> Option<()> {
        match element {
            Type::Scalar(Scalar::Complex { .. }) => None,
            Type::Scalar(scalar) if scalar.is_float() => Some(kinds.push(SORT_FLOAT)),
            Type::Scalar(Scalar::Int { signed: false, bits: 64 }) => Some(kinds.push(SORT_UNSIGNED)),
            Type::Scalar(_) => Some(kinds.push(SORT_SIGNED)),
            Type::Unicode => Some(kinds.push(SORT_TEXT)),
            Type::Tuple(elements, _) => elements.iter().try_for_each(|element| push(element, kinds)),
            _ => None,
        }
    }
    let mut kinds = Vec::new();
    push(element, &mut kinds)?;
    (!kinds.is_empty() && kinds.len() <= 32).then(|| kinds.iter().enumerate().map(|(word, kind)| kind << (2 * word)).sum())
}

/// `list.sort`'s kinds of words (`sort_kinds`).
pub const SORT_SIGNED: u64 = 0;
pub const SORT_UNSIGNED: u64 = 1;
pub const SORT_FLOAT: u64 = 2;
/// A string's handle, compared by its text.
pub const SORT_TEXT: u64 = 3;

/// `element` with the layout of each array in it joined with that of the array `value` has in
/// the same place (C and F meet as A), where `value` is otherwise storable as `element`: an
/// array's words are its descriptor whatever its layout.
fn with_layouts_of(element: &Type, value: &Type) -> Option<Type> {
    match (element, value) {
        (Type::Array(held), Type::Array(given)) if (held.dtype, held.ndim) == (given.dtype, given.ndim) => unify(element, value),
        (Type::Tuple(held, class), Type::Tuple(given, _)) if held.len() == given.len() => {
            held.iter().zip(given).map(|(held, given)| with_layouts_of(held, given)).collect::<Option<Vec<_>>>().map(|elements| Type::Tuple(elements, class.clone()))
        }
        (held, given) => storable(given, held).then(|| held.clone()),
    }
}

impl TypeWalker<'_, '_> {
    /// `[a, b, ...]`: a list of the items' joined type; of items that do not join, Numba's literal
    /// list, a tuple of them that reads as a list and cannot change.
    pub(crate) fn list_display_type(&mut self, list: &ExprList) -> Result<Type, Diagnostic> {
        let mut items = Vec::new();
        for item in &list.elts {
            let item_type = self.expr_type(item)?.runtime();
            self.check_list_element(&item_type, item)?;
            items.push(item_type);
        }
        Ok(match items.iter().try_fold(Type::Unknown, |element, item| unify(&element, item)) {
            Some(element) => Type::List(Box::new(element)),
            None => Type::Tuple(items, Some(TupleClass::literal_list())),
        })
    }

    fn check_list_element(&self, element: &Type, node: &Expr) -> Result<(), Diagnostic> {
        if element.is_list_element() {
            return Ok(());
        }
        Err(self.module.unsupported(node, format!("a list cannot hold {element} (lists hold numbers, arrays, tuples of these and containers)")))
    }

    /// The receiver of `receiver.method(...)` when it is a list, with its element type.
    pub(crate) fn list_receiver<'c>(&mut self, call: &'c ExprCall) -> Result<Option<(&'c Expr, Type, &'c str)>, Diagnostic> {
        Ok(match self.method_call(call, METHODS)? {
            Some((receiver, Type::List(element), method)) => Some((receiver, *element, method)),
            _ => None,
        })
    }

    /// `receiver.method(...)` with `method` one of `methods`: the receiver, its type and the
    /// method. A module's function (`np.sort`) is no method.
    pub(crate) fn method_call<'c>(&mut self, call: &'c ExprCall, methods: &[&str]) -> Result<Option<(&'c Expr, Type, &'c str)>, Diagnostic> {
        let Expr::Attribute(attribute) = &*call.func else { return Ok(None) };
        let method = attribute.attr.as_str();
        if !methods.contains(&method) || matches!(&*attribute.value, Expr::Name(name) if !self.assigned.contains(name.id.as_str())) {
            return Ok(None);
        }
        Ok(Some((&*attribute.value, self.expr_type(&attribute.value)?, method)))
    }

    /// The type of a list method's call, or `None` when `call` is no call of one.
    pub(crate) fn list_method_type(&mut self, call: &ExprCall) -> Result<Option<Type>, Diagnostic> {
        let Some((receiver, element, method)) = self.list_receiver(call)? else { return Ok(None) };
        let module = self.module;
        let arguments = &call.arguments.args;
        let allowed_keywords: &[&str] = if method == "sort" { &["reverse"] } else { &[] };
        if let Some(keyword) = call.arguments.keywords.iter().find(|keyword| keyword.arg.as_ref().is_none_or(|name| !allowed_keywords.contains(&name.as_str()))) {
            if method == "sort" && keyword.arg.as_ref().is_some_and(|name| name.as_str() == "key") {
                return Err(module.unsupported(keyword, format!("{KEYED_SORT_PLACES}, of a list named by a variable")));
            }
            return Err(module.typing(keyword, format!("list.{method}() takes no such keyword argument")));
        }
        let expected = match method {
            "append" | "extend" | "remove" | "count" => 1..=1,
            "index" => 1..=3,
            "insert" => 2..=2,
            "pop" => 0..=1,
            _ => 0..=0,
        };
        if !expected.contains(&arguments.len()) {
            let count = match expected.start() == expected.end() {
                true => expected.end().to_string(),
                false => format!("{} to {}", expected.start(), expected.end()),
            };
            return Err(module.typing(call, format!("list.{method}() takes {count} argument(s) ({} given)", arguments.len())));
        }
        let mut types = Vec::new();
        for argument in arguments.iter() {
            types.push(self.expr_type(argument)?);
        }
        let list_type = Type::List(Box::new(element.clone()));
        let index_of = |this: &Self, position: usize| match &types[position] {
            Type::Scalar(Scalar::Int { .. } | Scalar::Bool) | Type::Unknown => Ok(()),
            other => Err(this.module.typing(&arguments[position], format!("list indices must be integers, not {other}"))),
        };
        Ok(Some(match method {
            "append" | "insert" => {
                let value = types.last().expect("checked count");
                if method == "insert" {
                    index_of(self, 0)?;
                }
                self.store_into_list(receiver, &element, value, arguments.last().expect("checked count"))?;
                Type::None
            }
            "extend" => {
                let items = match &types[0] {
                    Type::List(other) => (**other).clone(),
                    Type::Tuple(items, _) => items.iter().try_fold(Type::Unknown, |joined, item| unify(&joined, &item.clone().runtime())).ok_or_else(|| {
                        module.typing(&arguments[0], format!("a list holds items of one type: cannot extend a list of {element} by the items of {}", types[0]))
                    })?,
                    other => return Err(module.unsupported(&arguments[0], format!("list.extend() takes a list or a tuple here, got {other}"))),
                };
                if !items.has_unknown() {
                    self.store_into_list(receiver, &element, &items, &arguments[0])?;
                }
                Type::None
            }
            "pop" => {
                if !types.is_empty() {
                    index_of(self, 0)?;
                }
                element
            }
            "index" if arguments.len() > 1 => {
                index_of(self, 1)?;
                let end = match types.get(2) {
                    Some(_) => {
                        index_of(self, 2)?;
                        types[2].clone()
                    }
                    None => Type::None,
                };
                let name = module.prelude_function(BOUNDED_INDEX).expect("the prelude defines the list helpers");
                let index = self.specialisations.specialise(&name, &[list_type, types[0].clone(), types[1].clone(), end], call)?;
                self.specialisations.functions[index].return_type.clone()
            }
            "remove" | "index" | "count" => {
                let helper = prelude_helper(method).expect("a helper per comparing method");
                let name = module.prelude_function(helper).expect("the prelude defines the list helpers");
                let index = self.specialisations.specialise(&name, &[list_type, types[0].clone()], call)?;
                self.specialisations.functions[index].return_type.clone()
            }
            "sort" => {
                if sort_kinds(&element).is_none() && element != Type::Unknown {
                    return Err(module.unsupported(call, format!("sorting a list of {element} is not supported (only lists of real numbers, of strings and of tuples of them)")));
                }
                if let Some(keyword) = call.arguments.keywords.first() {
                    self.condition_type(&keyword.value)?;
                }
                Type::None
            }
            "copy" => list_type,
            _ => Type::None,
        }))
    }

    /// Lets the appends and inserts in `ruled_out`, a clause that types rule out when compiling,
    /// decide what a list holds where nothing else has: Numba prunes fewer branches and types
    /// them, so pandas' `na_pos.append(i)` under `values.dtype.kind == "i"` types `na_pos` for
    /// float values too, where it stays empty. An append there that cannot be typed decides nothing.
    pub(crate) fn type_lists_appended_in(&mut self, ruled_out: &[Stmt]) {
        #[derive(Default)]
        struct Additions<'c> {
            calls: Vec<&'c ExprCall>,
        }
        impl<'c> Visitor<'c> for Additions<'c> {
            fn visit_expr(&mut self, expr: &'c Expr) {
                if let Expr::Call(call) = expr {
                    if matches!(&*call.func, Expr::Attribute(method) if matches!(method.attr.as_str(), "append" | "insert") && matches!(&*method.value, Expr::Name(_))) {
                        self.calls.push(call);
                    }
                }
                visitor::walk_expr(self, expr);
            }
        }
        let mut additions = Additions::default();
        visitor::walk_body(&mut additions, ruled_out);
        for call in additions.calls {
            let Expr::Attribute(method) = &*call.func else { unreachable!("collected method calls") };
            let Expr::Name(receiver) = &*method.value else { unreachable!("collected calls on names") };
            if matches!(self.locals.get(receiver.id.as_str()), Some(Type::List(element)) if element.has_unknown()) {
                let _ = self.list_method_type(call);
            }
        }
    }

    /// Checks that `value` may go into a list of `element` held by `receiver`, and where that
    /// element type is not known yet and `receiver` is a name, decides it.
    fn store_into_list(&mut self, receiver: &Expr, element: &Type, value: &Type, node: &Expr) -> Result<(), Diagnostic> {
        let value = &value.clone().runtime();
        self.check_list_element(value, node)?;
        if element.has_unknown() {
            if let (Expr::Name(_), Some(decided)) = (receiver, unify(element, value)) {
                return self.assign(receiver, Type::List(Box::new(decided)));
            }
        }
        // A local list of arrays takes arrays of other layouts by becoming a list of A arrays (a
        // parameter's list is its caller's, which reads the elements with its own layout).
        if let (Expr::Name(name), Some(widened)) = (receiver, with_layouts_of(element, value)) {
            if widened != *element && !self.parameters.contains(name.id.as_str()) {
                return self.assign(receiver, Type::List(Box::new(widened)));
            }
        }
        if !storable(value, element) {
            return Err(self.module.typing(node, format!("cannot store {value} into a list of {element}")));
        }
        Ok(())
    }

    /// `np.concatenate(items, axis)` and the other joins (`stack`, `vstack`, `hstack`,
    /// `column_stack`) of a list of arrays that is no display, and `np.array(items)` and
    /// `np.asarray(items)` of one (a stack): the prelude's `_concatenate_list` or `_stack_list`,
    /// the list and the axis `join_plan` gives. `None` for other calls.
    pub(crate) fn list_join<'c>(&mut self, call: &'c ExprCall) -> Result<Option<(String, &'c Expr, usize)>, Diagnostic> {
        let assigned = self.assigned.clone();
        let (name, arrays, axis, of_values) = match array_call(self.module, call, &|name| assigned.contains(name))? {
            Some(ArrayCall::Join { name, arrays, axis }) => (name, arrays, axis, false),
            Some(ArrayCall::FromValues { values, dtype: None, .. }) => ("stack", values, None, true),
            _ => return Ok(None),
        };
        if matches!(arrays, Expr::List(_) | Expr::Tuple(_)) {
            return Ok(None);
        }
        let Type::List(element) = self.expr_type(arrays)? else { return Ok(None) };
        // `np.array` of a list of numbers is the prelude's `_list_to_array`.
        if of_values && !matches!(*element, Type::Array(_)) {
            return Ok(None);
        }
        let Type::Array(array) = *element else {
            return Err(self.module.typing(arrays, format!("np.{name} takes a list or tuple of arrays, got list({element})")));
        };
        let plan = join_plan(self.module, name, array.ndim, axis, call)?;
        let helper = if plan.stack { "_stack_list" } else { "_concatenate_list" };
        Ok(Some((self.module.prelude_function(helper).expect("the prelude defines the list joins"), arrays, plan.axis)))
    }

    /// `x in items` / `x not in items` on a list: bool, through the prelude's `_list_contains`.
    pub(crate) fn list_contains_type(&mut self, items: &Type, value: &Type, node: &Expr) -> Result<Type, Diagnostic> {
        // A list typed only by an append further on (`if s not in seen: seen.append(s)`) is
        // searched once that append has typed it.
        if !items.has_unknown() {
            let name = self.module.prelude_function("_list_contains").expect("the prelude defines the list helpers");
            self.specialisations.specialise(&name, &[items.clone(), value.clone()], node)?;
        }
        Ok(Type::Scalar(Scalar::Bool))
    }

    /// `left == right` (and `!=`) of lists: bool, through the prelude's `_list_equal`.
    pub(crate) fn list_equal_type(&mut self, left: &Type, right: &Type, node: &Expr) -> Result<Type, Diagnostic> {
        if !matches!(right, Type::List(_)) {
            return Err(self.module.typing(node, format!("cannot compare {left} with {right}")));
        }
        let name = self.module.prelude_function("_list_equal").expect("the prelude defines the list helpers");
        self.specialisations.specialise(&name, &compared_lists(left, right), node)?;
        Ok(Type::Scalar(Scalar::Bool))
    }

    /// `left < right` (and `<=`, `>`, `>=`) of lists: bool, through the prelude's `_list_less`
    /// (`>` as `<` of the lists swapped).
    pub(crate) fn list_order_type(&mut self, left: &Type, right: &Type, op: CmpOp, node: &Expr) -> Result<Type, Diagnostic> {
        if !matches!(right, Type::List(_)) {
            return Err(self.module.typing(node, format!("'{}' is not supported between {left} and {right}", op.as_str())));
        }
        let name = self.module.prelude_function(LIST_LESS).expect("the prelude defines the list helpers");
        let [left, right] = compared_lists(left, right);
        let operands = if matches!(op, CmpOp::Gt | CmpOp::GtE) { [right, left] } else { [left, right] };
        self.specialisations.specialise(&name, &[operands[0].clone(), operands[1].clone(), Type::Scalar(Scalar::Bool)], node)?;
        Ok(Type::Scalar(Scalar::Bool))
    }

    /// `del items[start:stop:step]` of a list of type `list`.
    pub(crate) fn list_slice_delete_type(&mut self, list: &Type, bounds: &ExprSlice, node: &Expr) -> Result<(), Diagnostic> {
        let mut arguments = vec![list.clone()];
        for bound in [&bounds.lower, &bounds.upper, &bounds.step] {
            arguments.push(match bound {
                Some(bound) => self.expr_type(bound)?,
                None => Type::None,
            });
        }
        let name = self.module.prelude_function(DELETE_SLICE).expect("the prelude defines the list helpers");
        self.specialisations.specialise(&name, &arguments, node)?;
        Ok(())
    }

    /// `items[index]` and `items[start:stop:step]` of a list.
    pub(crate) fn list_subscript_type(&mut self, element: &Type, slice: &Expr) -> Result<Type, Diagnostic> {
        let parts: Vec<&Expr> = match slice {
            Expr::Slice(slice) => [&slice.lower, &slice.upper, &slice.step].into_iter().filter_map(|part| part.as_deref()).collect(),
            index => vec![index],
        };
        for part in parts {
            match self.expr_type(part)? {
                Type::Scalar(Scalar::Int { .. } | Scalar::Bool) | Type::Unknown => {}
                // A slice's bound given as None is a bound left out.
                Type::None if matches!(slice, Expr::Slice(_)) => {}
                other => return Err(self.module.typing(part, format!("list indices must be integers or slices, not {other}"))),
            }
        }
        Ok(match slice {
            Expr::Slice(_) => Type::List(Box::new(element.clone())),
            _ => element.clone(),
        })
    }
}
