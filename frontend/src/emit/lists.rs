//! Lists: displays, indexing, slicing, methods, `+`, `*` and `in`, as calls of the runtime's list
//! functions (`runtime/src/lists.rs`) on the list's `si64` handle. An element is stored as words
//! (`Type::list_width`): integers and bools sign-extended to `si64`, floats as `f64`, complex
//! numbers as their two parts, tuples item by item, lists and strings as their handles, arrays as their
//! descriptors (`py.array_to_words`, which holds the memory for the list). Indices are checked
//! here, with Python's `IndexError`s; the methods that compare elements are the prelude's.

use super::{
    dicts::{DICT_GET, DICT_GET_F64, DICT_SET, DICT_SET_F64},
    *,
};
use super::arrays::array_text;
use crate::lists::{prelude_helper, sort_kinds, BOUNDED_INDEX, DELETE_SLICE, LIST_LESS};
use ruff_python_ast::ExprList;

pub(super) const LIST_NEW: RuntimeFunction = ("rumba_list_new", "() -> si64");
const LIST_LEN: RuntimeFunction = ("rumba_list_len", "(si64, si64) -> si64");
const LIST_GET: RuntimeFunction = ("rumba_list_get", "(si64, si64) -> si64");
const LIST_GET_F64: RuntimeFunction = ("rumba_list_get_f64", "(si64, si64) -> f64");
const LIST_LOAD: RuntimeFunction = ("rumba_list_load", "(si64, si64) -> si64");
const LIST_LOAD_F64: RuntimeFunction = ("rumba_list_load_f64", "(si64, si64) -> f64");
const LIST_SET: RuntimeFunction = ("rumba_list_set", "(si64, si64, si64) -> ()");
const LIST_SET_F64: RuntimeFunction = ("rumba_list_set_f64", "(si64, si64, f64) -> ()");
pub(super) const LIST_PUSH: RuntimeFunction = ("rumba_list_push", "(si64, si64) -> ()");
const LIST_PUSH_F64: RuntimeFunction = ("rumba_list_push_f64", "(si64, f64) -> ()");
const LIST_INSERT: RuntimeFunction = ("rumba_list_insert", "(si64, si64, si64) -> si64");
const LIST_DELETE: RuntimeFunction = ("rumba_list_delete", "(si64, si64, si64) -> ()");
const LIST_CLEAR: RuntimeFunction = ("rumba_list_clear", "(si64) -> ()");
const LIST_REVERSE: RuntimeFunction = ("rumba_list_reverse", "(si64, si64) -> ()");
const LIST_EXTEND: RuntimeFunction = ("rumba_list_extend", "(si64, si64) -> ()");
const LIST_COPY: RuntimeFunction = ("rumba_list_copy", "(si64) -> si64");
const LIST_REPEAT: RuntimeFunction = ("rumba_list_repeat", "(si64, si64) -> si64");
const LIST_SLICE: RuntimeFunction = ("rumba_list_slice", "(si64, si64, si64, si64, si64, si64) -> si64");
const LIST_ASSIGN_SLICE: RuntimeFunction = ("rumba_list_assign_slice", "(si64, si64, si64, si64, si64, si64, si64) -> si64");
const LIST_SORT: RuntimeFunction = ("rumba_list_sort", "(si64, si64, si64) -> ()");

/// One word of an element: its value and whether it is a float (`f64`) rather than an `si64`.
pub(super) type Word = (String, bool);

/// Where the words of an element lie: in a list from word `first` on (`InBounds` where the code
/// reads it only when the index was found inside the list), or in the value of a dict's entry.
pub(super) enum Place<'p> {
    List { list: &'p str, first: &'p str },
    InBounds { list: &'p str, first: &'p str },
    Dict { dict: &'p str, entry: &'p str },
}

impl FunctionEmitter<'_, '_, '_> {
    /// A runtime call that changes a list or a dict, skipped when an exception is already in
    /// flight in the statement.
    pub(super) fn mutate_container(&mut self, function: RuntimeFunction, operands: &[String], loc: &str) {
        self.module_emitter.runtime_calls.insert(function);
        let (name, function_type) = function;
        self.line_unless_raised(format!("func.call @{name}({}) : {function_type} {loc}", operands.join(", ")));
    }

    /// Notes that a list, dict, set or instance is made or changed, which a `prange` iteration
    /// frees when it ends (`emit/parallel.rs`).
    pub(super) fn note_arena_object(&mut self) {
        self.makes_arena_objects = true;
    }

    pub(super) fn si64(&mut self, value: i64, loc: &str) -> String {
        self.scalar_constant(INT64, Constant::Int(value), loc)
    }

    /// The types a list, dict or set holds, which must be known by now.
    pub(super) fn known_element(&self, held: &Type, node: &dyn Ranged) -> Result<(), Diagnostic> {
        if held.has_unknown() {
            return Err(self.module.typing(node, "the types this list, dict or set holds are unknown: nothing is added to it where it is made (Numba cannot type it either); add to it, or build it with items or a comprehension"));
        }
        Ok(())
    }

    /// The words of `value`, already of the element type.
    pub(super) fn element_words(&mut self, value: Value, words: &mut Vec<Word>, loc: &str) {
        match value {
            Value::Scalar(name, complex @ Scalar::Complex { .. }) => {
                let real = self.op(format!("complex.re {name} : {} {loc}", complex.mlir()));
                let imag = self.op(format!("complex.im {name} : {} {loc}", complex.mlir()));
                words.push((self.cast(&real, complex.part(), FLOAT64, loc), true));
                words.push((self.cast(&imag, complex.part(), FLOAT64, loc), true));
            }
            Value::Scalar(name, scalar) if scalar.is_float() => words.push((self.cast(&name, scalar, FLOAT64, loc), true)),
            Value::Scalar(name, scalar) => words.push((self.cast(&name, scalar, INT64, loc), false)),
            Value::List(handle, _) | Value::Dict(handle, ..) | Value::Set(handle, _) | Value::Unicode(handle) | Value::Instance(handle, _) => words.push((handle, false)),
            Value::Tuple(elements, _) => elements.into_iter().for_each(|element| self.element_words(element, words, loc)),
            Value::Array(name, array) => {
                let results = self.fresh();
                let count = array.ndim * 2 + 3;
                self.line(format!("{results}:{count} = py.array_to_words {name} : {} -> {} {loc}", array_text(array), vec!["si64"; count].join(", ")));
                words.extend((0..count).map(|position| (format!("{results}#{position}"), false)));
            }
            Value::None => words.push((self.si64(0, loc), false)),
            Value::Optional(flag, held) => {
                self.element_words(*flag, words, loc);
                self.element_words(*held, words, loc);
            }
            Value::CompileTime(_) => unreachable!("typing keeps these out of lists"),
        }
    }

    /// Word `offset` of the element at `place`.
    fn read_word(&mut self, place: &Place, offset: i64, float: bool, loc: &str) -> String {
        let at = self.si64(offset, loc);
        match place {
            Place::List { list, first } => {
                let index = self.op(format!("py.add {first}, {at} : si64 {loc}"));
                self.call_runtime(if float { LIST_GET_F64 } else { LIST_GET }, &[list.to_string(), index], loc)
            }
            Place::InBounds { list, first } => {
                let index = self.op(format!("py.add {first}, {at} : si64 {loc}"));
                self.call_runtime(if float { LIST_LOAD_F64 } else { LIST_LOAD }, &[list.to_string(), index], loc)
            }
            Place::Dict { dict, entry } => self.call_runtime(if float { DICT_GET_F64 } else { DICT_GET }, &[dict.to_string(), entry.to_string(), at], loc),
        }
    }

    /// Writes `value`, of type `element`, at `place`.
    pub(super) fn write_element(&mut self, place: &Place, value: Value, element: &Type, node: &dyn Ranged) -> Result<(), Diagnostic> {
        let loc = location(self.module, node);
        let value = self.convert(value, element, node)?;
        let mut words = Vec::new();
        self.element_words(value, &mut words, &loc);
        for (offset, (word, float)) in words.into_iter().enumerate() {
            let offset = self.si64(offset as i64, &loc);
            match place {
                Place::List { list, first } => {
                    let at = self.op(format!("py.add {first}, {offset} : si64 {loc}"));
                    self.mutate_container(if float { LIST_SET_F64 } else { LIST_SET }, &[list.to_string(), at, word], &loc);
                }
                Place::Dict { dict, entry } => self.mutate_container(if float { DICT_SET_F64 } else { DICT_SET }, &[dict.to_string(), entry.to_string(), offset, word], &loc),
                Place::InBounds { .. } => unreachable!("elements are written through checked places"),
            }
        }
        Ok(())
    }

    /// The element of type `element` at `place`, from word `offset` on.
    pub(super) fn read_element(&mut self, place: &Place, element: &Type, offset: &mut i64, loc: &str) -> Value {
        let word = |this: &mut Self, float: bool, offset: &mut i64| {
            *offset += 1;
            this.read_word(place, *offset - 1, float, loc)
        };
        match element {
            Type::Scalar(complex @ Scalar::Complex { .. }) => {
                let real = word(self, true, offset);
                let imag = word(self, true, offset);
                let (real, imag) = (self.cast(&real, FLOAT64, complex.part(), loc), self.cast(&imag, FLOAT64, complex.part(), loc));
                Value::Scalar(self.op(format!("complex.create {real}, {imag} : {} {loc}", complex.mlir())), *complex)
            }
            Type::Scalar(scalar) => {
                let float = scalar.is_float();
                let stored = word(self, float, offset);
                Value::Scalar(self.cast(&stored, if float { FLOAT64 } else { INT64 }, *scalar, loc), *scalar)
            }
            Type::List(inner) => Value::List(word(self, false, offset), (**inner).clone()),
            Type::Dict(key, value) => Value::Dict(word(self, false, offset), (**key).clone(), (**value).clone()),
            Type::Set(element) => Value::Set(word(self, false, offset), (**element).clone()),
            Type::Unicode => Value::Unicode(word(self, false, offset)),
            Type::None => {
                *offset += 1;
                Value::None
            }
            Type::Instance(class) => Value::Instance(word(self, false, offset), class.clone()),
            Type::Optional(held) => {
                let flag = self.read_element(place, &Type::Scalar(Scalar::Bool), offset, loc);
                Value::Optional(Box::new(flag), Box::new(self.read_element(place, held, offset, loc)))
            }
            Type::Tuple(elements, class) => Value::Tuple(elements.iter().map(|element| self.read_element(place, element, offset, loc)).collect(), class.clone()),
            Type::Array(array) => {
                let words: Vec<String> = (0..array.ndim * 2 + 3).map(|_| word(self, false, offset)).collect();
                Value::Array(self.op(format!("py.array_from_words {} : {} {loc}", words.join(", "), array_text(*array))), *array)
            }
            _ => unreachable!("typing keeps these out of lists"),
        }
    }

    /// The first word of element `index` (checked) of a list of `element`.
    fn first_word(&mut self, index: &str, element: &Type, loc: &str) -> String {
        let width = self.si64(element.list_width() as i64, loc);
        self.op(format!("py.mul {index}, {width} : si64 {loc}"))
    }

    pub(super) fn list_length(&mut self, list: &str, element: &Type, loc: &str) -> String {
        let width = self.si64(element.list_width() as i64, loc);
        self.call_runtime(LIST_LEN, &[list.to_string(), width], loc)
    }

    /// `index` as an index into the list (negative from the end), raising `IndexError(message)`
    /// outside it.
    fn list_index(&mut self, list: &str, element: &Type, index: Value, node: &dyn Ranged, message: &str) -> Result<String, Diagnostic> {
        let loc = location(self.module, node);
        let length = self.list_length(list, element, &loc);
        self.checked_index(index, &length, node, message)
    }

    /// `index` as an index into a sequence of `length` items (negative from the end), raising
    /// `IndexError(message)` outside it.
    pub(super) fn checked_index(&mut self, index: Value, length: &str, node: &dyn Ranged, message: &str) -> Result<String, Diagnostic> {
        self.checked_position(index, length, node, ("IndexError", message))
    }

    /// `index` counted from the end where negative, raising `exception` where it is outside
    /// `0..length` (an axis: ValueError).
    pub(super) fn checked_position(&mut self, index: Value, length: &str, node: &dyn Ranged, (exception, message): (&str, &str)) -> Result<String, Diagnostic> {
        let loc = location(self.module, node);
        let index = self.to_scalar(index, INT64, node)?;
        let zero = self.si64(0, &loc);
        let negative = self.op(format!("py.cmp \"lt\", {index}, {zero} : si64 {loc}"));
        let from_end = self.op(format!("py.add {index}, {length} : si64 {loc}"));
        let index = self.op(format!("arith.select {negative}, {from_end}, {index} : si64"));
        let below = self.op(format!("py.cmp \"lt\", {index}, {zero} : si64 {loc}"));
        let beyond = self.op(format!("py.cmp \"ge\", {index}, {length} : si64 {loc}"));
        let outside = self.op(format!("arith.ori {below}, {beyond} : i1"));
        self.raise_if(&outside, exception, message, node)?;
        Ok(index)
    }

    pub(super) fn push_element(&mut self, list: &str, value: Value, element: &Type, node: &dyn Ranged) -> Result<(), Diagnostic> {
        let loc = location(self.module, node);
        let value = self.convert(value, element, node)?;
        let mut words = Vec::new();
        self.element_words(value, &mut words, &loc);
        for (word, float) in words {
            self.mutate_container(if float { LIST_PUSH_F64 } else { LIST_PUSH }, &[list.to_string(), word], &loc);
        }
        Ok(())
    }

    fn write_list_element(&mut self, list: &str, index: &str, value: Value, element: &Type, node: &dyn Ranged) -> Result<(), Diagnostic> {
        let loc = location(self.module, node);
        let first = self.first_word(index, element, &loc);
        self.write_element(&Place::List { list, first: &first }, value, element, node)
    }

    /// `typed.List.empty_list(item_type)`.
    pub(super) fn emit_empty_list(&mut self, call: &ExprCall, element: Type) -> Result<Value, Diagnostic> {
        let loc = location(self.module, call);
        self.note_arena_object();
        Ok(Value::List(self.call_runtime(LIST_NEW, &[], &loc), element))
    }

    /// `[a, b, ...]`.
    pub(super) fn emit_list_display(&mut self, list: &ExprList, expr: &Expr) -> Result<Value, Diagnostic> {
        let loc = location(self.module, expr);
        self.note_arena_object();
        let element = match self.expr_type(expr)? {
            Type::List(element) => element,
            literal @ Type::Tuple(..) => {
                let items = list.elts.iter().map(|item| self.emit_expr(item)).collect::<Result<_, _>>()?;
                return self.convert(Value::Tuple(items, None), &literal, expr);
            }
            _ => unreachable!("a list display is a list or a literal list"),
        };
        let handle = self.call_runtime(LIST_NEW, &[], &loc);
        for item in &list.elts {
            let value = self.emit_expr(item)?;
            self.push_element(&handle, value, &element, item)?;
        }
        Ok(Value::List(handle, *element))
    }

    /// `items[index]` and `items[start:stop:step]`.
    pub(super) fn emit_list_subscript(&mut self, list: &str, element: &Type, slice: &Expr, node: &dyn Ranged) -> Result<Value, Diagnostic> {
        let loc = location(self.module, node);
        self.known_element(element, node)?;
        if let Expr::Slice(bounds) = slice {
            self.note_arena_object();
            let operands = self.list_slice_operands(list, element, bounds, &loc)?;
            return Ok(Value::List(self.call_runtime(LIST_SLICE, &operands, &loc), element.clone()));
        }
        let index = self.emit_expr(slice)?;
        let length = self.list_length(list, element, &loc);
        let index = self.checked_index(index, &length, slice, "list index out of range")?;
        if !matches!(element, Type::Scalar(_)) {
            let first = self.first_word(&index, element, &loc);
            return Ok(self.read_element(&Place::List { list, first: &first }, element, &mut 0, &loc));
        }
        // A number is read only where the index is inside the list, with no check of its own:
        // where the loop's bound is the list's length, LLVM drops this test and the loads of the
        // list's header leave the loop.
        let zero = self.si64(0, &loc);
        let not_negative = self.op(format!("py.cmp \"ge\", {index}, {zero} : si64 {loc}"));
        let below_length = self.op(format!("py.cmp \"lt\", {index}, {length} : si64 {loc}"));
        let inside = self.op(format!("arith.andi {not_negative}, {below_length} : i1"));
        self.emit_if_value(
            &inside,
            element,
            |this| {
                let first = this.first_word(&index, element, &loc);
                Ok(this.read_element(&Place::InBounds { list, first: &first }, element, &mut 0, &loc))
            },
            |this| Ok(this.zero_of(element, &loc)),
        )
    }

    /// The runtime's operands for `items[start:stop:step]`: the list, its element width, start,
    /// stop, step (a zero one raises ValueError) and which of start and stop were given (bits 0, 1).
    fn list_slice_operands(&mut self, list: &str, element: &Type, bounds: &ruff_python_ast::ExprSlice, loc: &str) -> Result<Vec<String>, Diagnostic> {
        let width = self.si64(element.list_width() as i64, loc);
        let mut operands = vec![list.to_string(), width];
        operands.extend(self.slice_operands(bounds, loc)?);
        Ok(operands)
    }

    /// The start, stop, step (a zero one raises ValueError) of `[start:stop:step]` and which of
    /// start and stop were given (bits 0, 1), as the runtime's slicing functions take them.
    pub(super) fn slice_operands(&mut self, bounds: &ruff_python_ast::ExprSlice, loc: &str) -> Result<Vec<String>, Diagnostic> {
        let mut given = 0;
        let mut parts = Vec::new();
        // A bound given as None is a bound left out.
        let given_as_none = |this: &mut Self, part: &Option<Box<Expr>>| -> Result<bool, Diagnostic> {
            Ok(match part {
                Some(part) => this.expr_type(part)? == Type::None,
                None => true,
            })
        };
        for (bit, part) in [&bounds.lower, &bounds.upper].into_iter().enumerate() {
            let part = if given_as_none(self, part)? { &None } else { part };
            parts.push(match part {
                Some(part) => {
                    given |= 1 << bit;
                    let value = self.emit_expr(part)?;
                    self.to_scalar(value, INT64, &**part)?
                }
                None => self.si64(0, loc),
            });
        }
        let step = if given_as_none(self, &bounds.step)? { &None } else { &bounds.step };
        let step = match step {
            Some(step) => {
                let value = self.emit_expr(step)?;
                let step_value = self.to_scalar(value, INT64, &**step)?;
                let zero = self.si64(0, loc);
                let is_zero = self.op(format!("py.cmp \"eq\", {step_value}, {zero} : si64 {loc}"));
                self.raise_if(&is_zero, "ValueError", "slice step cannot be zero", &**step)?;
                step_value
            }
            None => self.si64(1, loc),
        };
        let given = self.si64(given, loc);
        Ok(vec![parts[0].clone(), parts[1].clone(), step, given])
    }

    /// `items[start:stop:step] = other`: Python's `ValueError` where an extended slice selects
    /// another number of elements than `other` has.
    fn assign_list_slice(&mut self, list: &str, element: &Type, bounds: &ruff_python_ast::ExprSlice, other: Value, node: &dyn Ranged) -> Result<(), Diagnostic> {
        let loc = location(self.module, node);
        let Value::List(other, _) = other else { unreachable!("typing assigns lists to list slices") };
        let mut operands = self.list_slice_operands(list, element, bounds, &loc)?;
        operands.push(other.clone());
        // Nothing is written where the statement has raised already (a zero step).
        let assign = |this: &mut Self| Ok(Value::Scalar(this.call_runtime(LIST_ASSIGN_SLICE, &operands, &loc), INT64));
        let selected = match self.statement_may_have_raised {
            true => {
                let running = self.running();
                self.emit_if_value(&running, &Type::Scalar(INT64), assign, |this| Ok(Value::Scalar(this.si64(-1, &loc), INT64)))?
            }
            false => assign(self)?,
        };
        let (selected, _) = selected.scalar().expect("a count");
        let selected = selected.to_string();
        let zero = self.si64(0, &loc);
        let mismatched = self.op(format!("py.cmp \"ge\", {selected}, {zero} : si64 {loc}"));
        let given = self.list_length(&other, element, &loc);
        self.raise_with_numbers_if(&mismatched, "ValueError", &["attempt to assign sequence of size ", " to extended slice of size ", ""], &[given, selected], node)
    }

    /// `items[index] = value` and `items[start:stop:step] = other`.
    pub(super) fn assign_list_element(&mut self, list: Value, index: &Expr, value: Value, node: &dyn Ranged) -> Result<(), Diagnostic> {
        let Value::List(list, element) = list else { unreachable!("assigned through a list") };
        self.known_element(&element, node)?;
        self.note_arena_object();
        if let Expr::Slice(bounds) = index {
            return self.assign_list_slice(&list, &element, bounds, value, node);
        }
        let position = self.emit_expr(index)?;
        let position = self.list_index(&list, &element, position, index, "list assignment index out of range")?;
        self.write_list_element(&list, &position, value, &element, node)
    }

    /// `del items[index]`, and `del items[start:stop:step]` through the prelude's
    /// `_list_delete_slice` (a bound left out given as None).
    pub(super) fn delete_list_element(&mut self, list: Value, index: &Expr, node: &dyn Ranged) -> Result<(), Diagnostic> {
        let loc = location(self.module, node);
        if let Expr::Slice(bounds) = index {
            let mut operands = vec![list];
            for bound in [&bounds.lower, &bounds.upper, &bounds.step] {
                operands.push(match bound {
                    Some(bound) => self.emit_expr(bound)?,
                    None => Value::None,
                });
            }
            let helper = self.module.prelude_function(DELETE_SLICE).expect("the prelude defines the list helpers");
            self.emit_compiled_call(&helper, operands, node)?;
            return Ok(());
        }
        let Value::List(list, element) = list else { unreachable!("deleted from a list") };
        self.known_element(&element, node)?;
        let position = self.emit_expr(index)?;
        let position = self.list_index(&list, &element, position, index, "list assignment index out of range")?;
        let width = self.si64(element.list_width() as i64, &loc);
        self.mutate_container(LIST_DELETE, &[list, position, width], &loc);
        Ok(())
    }

    /// `receiver.method(...)` on a list.
    pub(super) fn emit_list_method(&mut self, call: &ExprCall, receiver: &Expr, method: &str) -> Result<Value, Diagnostic> {
        let module = self.module;
        let loc = location(module, call);
        let Value::List(list, element) = self.emit_expr(receiver)? else { unreachable!("typing found a list") };
        let mut arguments = Vec::new();
        for argument in call.arguments.args.iter() {
            arguments.push(self.emit_expr(argument)?);
        }
        // The receiver's type once the method has decided it (`l = []; l.append(1.5)`).
        let element = match self.expr_type(receiver)? {
            Type::List(decided) if element.has_unknown() => *decided,
            _ => element,
        };
        self.known_element(&element, call)?;
        if !matches!(method, "index" | "count") {
            self.note_arena_object();
        }
        let width = element.list_width() as i64;
        let mut arguments = arguments.into_iter();
        match method {
            "append" => {
                self.push_element(&list, arguments.next().expect("checked by typing"), &element, call)?;
                Ok(Value::None)
            }
            "insert" => {
                let index = self.to_scalar(arguments.next().expect("checked by typing"), INT64, call)?;
                let width = self.si64(width, &loc);
                let opened = self.call_runtime(LIST_INSERT, &[list.clone(), index, width], &loc);
                self.write_list_element(&list, &opened, arguments.next().expect("checked by typing"), &element, call)?;
                Ok(Value::None)
            }
            "extend" => {
                match arguments.next() {
                    Some(Value::List(other, _)) => self.mutate_container(LIST_EXTEND, &[list, other], &loc),
                    Some(Value::Tuple(items, _)) => {
                        for item in items {
                            self.push_element(&list, item, &element, call)?;
                        }
                    }
                    _ => unreachable!("typing takes lists and tuples"),
                }
                Ok(Value::None)
            }
            "pop" => {
                let index = match arguments.next() {
                    Some(index) => index,
                    None => Value::Scalar(self.si64(-1, &loc), INT64),
                };
                let length = self.list_length(&list, &element, &loc);
                let zero = self.si64(0, &loc);
                let empty = self.op(format!("py.cmp \"eq\", {length}, {zero} : si64 {loc}"));
                self.raise_if(&empty, "IndexError", "pop from empty list", call)?;
                let index = self.list_index(&list, &element, index, call, "pop index out of range")?;
                let first = self.first_word(&index, &element, &loc);
                let popped = self.read_element(&Place::List { list: &list, first: &first }, &element, &mut 0, &loc);
                let width = self.si64(width, &loc);
                self.mutate_container(LIST_DELETE, &[list, index, width], &loc);
                Ok(popped)
            }
            "remove" | "index" | "count" => {
                let bounded = method == "index" && call.arguments.args.len() > 1;
                let helper = if bounded { BOUNDED_INDEX } else { prelude_helper(method).expect("a helper per comparing method") };
                let helper = module.prelude_function(helper).expect("the prelude defines the list helpers");
                let mut operands = vec![Value::List(list, element)];
                operands.extend(arguments);
                if bounded && operands.len() == 3 {
                    operands.push(Value::None);
                }
                self.emit_compiled_call(&helper, operands, call)
            }
            "sort" => {
                let kinds = self.si64(sort_kinds(&element).expect("typing admits sortable elements") as i64, &loc);
                let words = self.si64(width, &loc);
                self.mutate_container(LIST_SORT, &[list.clone(), words, kinds], &loc);
                if let Some(reverse) = call.arguments.keywords.first() {
                    let descending = self.emit_condition(&reverse.value)?;
                    let width = self.si64(width, &loc);
                    let (lines, ()) = self.region(|this| {
                        this.mutate_container(LIST_REVERSE, &[list, width], &loc);
                        this.line("scf.yield");
                        Ok(())
                    })?;
                    self.emit_if(&descending, lines, None);
                }
                Ok(Value::None)
            }
            "reverse" => {
                let width = self.si64(width, &loc);
                self.mutate_container(LIST_REVERSE, &[list, width], &loc);
                Ok(Value::None)
            }
            "copy" => Ok(Value::List(self.call_runtime(LIST_COPY, &[list], &loc), element)),
            "clear" => {
                self.mutate_container(LIST_CLEAR, &[list], &loc);
                Ok(Value::None)
            }
            other => unreachable!("list method '{other}' is not in lists::METHODS"),
        }
    }

    /// `left + right` and `left * count` of lists, as new lists; `in place`: `+=` and `*=`, which
    /// change `left` itself.
    pub(super) fn list_binary(&mut self, op: Operator, left: Value, right: Value, in_place: bool, node: &dyn Ranged) -> Result<Value, Diagnostic> {
        let loc = location(self.module, node);
        self.note_arena_object();
        let (list, element) = match (&left, &right) {
            (Value::List(list, element), _) | (_, Value::List(list, element)) => (list.clone(), element.clone()),
            _ => unreachable!("one operand is a list"),
        };
        match (op, right) {
            (Operator::Add, Value::List(other, _)) if in_place => {
                self.mutate_container(LIST_EXTEND, &[list.clone(), other], &loc);
                Ok(Value::List(list, element))
            }
            (Operator::Add, Value::List(other, other_element)) if !in_place && matches!((&element, &other_element), (Type::Scalar(a), Type::Scalar(b)) if a != b) => {
                self.emit_compiled_call(crate::infer::LIST_CONCAT, vec![left, Value::List(other, other_element)], node)
            }
            (Operator::Add, Value::List(other, _)) => {
                let joined = self.call_runtime(LIST_COPY, &[list], &loc);
                self.mutate_container(LIST_EXTEND, &[joined.clone(), other], &loc);
                Ok(Value::List(joined, element))
            }
            (Operator::Mult, right) => {
                // `list * n` or `n * list`.
                let count = if matches!(left, Value::List(..)) { right } else { left };
                let count = self.to_scalar(count, INT64, node)?;
                let repeated = self.call_runtime(LIST_REPEAT, &[list.clone(), count], &loc);
                if !in_place {
                    return Ok(Value::List(repeated, element));
                }
                self.mutate_container(LIST_CLEAR, &[list.clone()], &loc);
                self.mutate_container(LIST_EXTEND, &[list.clone(), repeated], &loc);
                Ok(Value::List(list, element))
            }
            (op, right) => Err(self.module.typing(node, format!("unsupported operand types for {}: {} and {}", op.as_str(), left.value_type(), right.value_type()))),
        }
    }

    /// `value in items` (`not in` when `negated`).
    pub(super) fn emit_list_contains(&mut self, value: &Expr, items: &Expr, negated: bool, node: &Expr) -> Result<Value, Diagnostic> {
        let value = self.emit_expr(value)?;
        let items = self.emit_expr(items)?;
        self.prelude_truth("in", vec![items, value], negated, node)
    }

    /// `left == right` of lists (`!=` when `negated`).
    pub(super) fn emit_list_equal(&mut self, left: &Expr, right: &Expr, negated: bool, node: &Expr) -> Result<Value, Diagnostic> {
        let left = self.emit_expr(left)?;
        let right = self.emit_expr(right)?;
        let [left_type, right_type] = crate::lists::compared_lists(&left.value_type(), &right.value_type());
        let operands = vec![self.convert(left, &left_type, node)?, self.convert(right, &right_type, node)?];
        self.prelude_truth("==", operands, negated, node)
    }

    /// `left op right` of lists, `op` one of `<`, `<=`, `>`, `>=`.
    pub(super) fn emit_list_order(&mut self, left: &Expr, op: CmpOp, right: &Expr, node: &Expr) -> Result<Value, Diagnostic> {
        let loc = location(self.module, node);
        let left = self.emit_expr(left)?;
        let right = self.emit_expr(right)?;
        let [left_type, right_type] = crate::lists::compared_lists(&left.value_type(), &right.value_type());
        let (left, right) = (self.convert(left, &left_type, node)?, self.convert(right, &right_type, node)?);
        let mut operands = if matches!(op, CmpOp::Gt | CmpOp::GtE) { vec![right, left] } else { vec![left, right] };
        operands.push(self.constant_value(Constant::Bool(matches!(op, CmpOp::LtE | CmpOp::GtE)), &loc));
        let helper = self.module.prelude_function(LIST_LESS).expect("the prelude defines the list helpers");
        let truth = self.emit_compiled_call(&helper, operands, node)?;
        Ok(Value::Scalar(self.to_scalar(truth, Scalar::Bool, node)?, Scalar::Bool))
    }

    /// The prelude's list helper for `operator` on `operands`, negated when `negated`.
    fn prelude_truth(&mut self, operator: &str, operands: Vec<Value>, negated: bool, node: &Expr) -> Result<Value, Diagnostic> {
        let loc = location(self.module, node);
        let helper = self.module.prelude_function(prelude_helper(operator).expect("a helper per operator")).expect("the prelude defines the list helpers");
        let truth = self.emit_compiled_call(&helper, operands, node)?;
        let truth = self.to_scalar(truth, Scalar::Bool, node)?;
        Ok(Value::Scalar(if negated { self.op(format!("py.not {truth} : i1 {loc}")) } else { truth }, Scalar::Bool))
    }
}
