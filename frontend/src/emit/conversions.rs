//! Conversions between numbers: casts, Python's implicit conversions and NumPy's `same_kind` rule
//! for stores, float-to-integer conversions that raise as Python's do, and indices.

use super::*;

impl FunctionEmitter<'_, '_, '_> {
    pub(super) fn cast(&mut self, name: &str, from: Scalar, to: Scalar, loc: &str) -> String {
        if from == to {
            name.to_string()
        } else if from.is_complex() && to.is_complex() {
            let (from_type, part) = (from.mlir(), from.part());
            let real = self.op(format!("complex.re {name} : {from_type} {loc}"));
            let imag = self.op(format!("complex.im {name} : {from_type} {loc}"));
            let (real, imag) = (self.cast(&real, part, to.part(), loc), self.cast(&imag, part, to.part(), loc));
            self.op(format!("complex.create {real}, {imag} : {} {loc}", to.mlir()))
        } else if to.is_complex() {
            let real = self.cast(name, from, to.part(), loc);
            let zero = self.scalar_constant(to.part(), Constant::Float(0.0), loc);
            self.op(format!("complex.create {real}, {zero} : {} {loc}", to.mlir()))
        } else if from.is_complex() && to == Scalar::Bool {
            let zero = self.scalar_constant(from, Constant::Int(0), loc);
            self.op(format!("complex.neq {name}, {zero} : {} {loc}", from.mlir()))
        } else if from.is_complex() {
            let real = self.op(format!("complex.re {name} : {} {loc}", from.mlir()));
            self.cast(&real, from.part(), to, loc)
        } else if to == Scalar::Bool {
            self.op(format!("py.truth {name} : {} {loc}", from.mlir()))
        } else {
            self.op(format!("py.cast {name} : {} to {} {loc}", from.mlir(), to.mlir()))
        }
    }

    pub(super) fn convert_loc(&mut self, value: Value, target: &Type, loc: &str) -> Result<Value, Diagnostic> {
        Ok(match (value, target) {
            (Value::Scalar(name, from), Type::Scalar(to)) => Value::Scalar(self.cast(&name, from, *to, loc), *to),
            (Value::Tuple(elements, _), Type::Tuple(targets, class)) if elements.len() == targets.len() => Value::Tuple(
                elements.into_iter().zip(targets).map(|(element, target)| self.convert_loc(element, target, loc)).collect::<Result<_, _>>()?,
                class.clone(),
            ),
            (Value::List(name, from), Type::List(to)) if crate::types::unify(&Type::List(Box::new(from.clone())), target).is_some() => {
                if to.has_unknown() {
                    let (line, column) = loc_position(loc);
                    return Err(self.located(line, column, DiagnosticKind::Typing, "the type of this list's elements is unknown: nothing is added to it (Numba cannot type it either); append to it, or build it with items or a comprehension".into()));
                }
                Value::List(name, (**to).clone())
            }
            (Value::Dict(name, from_key, from_value), Type::Dict(key, value)) if crate::types::unify(&Type::Dict(Box::new(from_key.clone()), Box::new(from_value.clone())), target).is_some() => {
                if target.has_unknown() {
                    let (line, column) = loc_position(loc);
                    return Err(self.located(line, column, DiagnosticKind::Typing, "the types of this dict's keys and values are unknown: nothing is stored into it (Numba cannot type it either); store into it, or build it with items or a comprehension".into()));
                }
                Value::Dict(name, (**key).clone(), (**value).clone())
            }
            (Value::Set(name, from), Type::Set(to)) if crate::types::unify(&Type::Set(Box::new(from.clone())), target).is_some() => {
                if to.has_unknown() {
                    let (line, column) = loc_position(loc);
                    return Err(self.located(line, column, DiagnosticKind::Typing, "the type of this set's items is unknown: nothing is added to it (Numba cannot type it either); add to it, or build it with items or a comprehension".into()));
                }
                Value::Set(name, (**to).clone())
            }
            (value, target) if &value.value_type() == target => value,
            (literal @ Value::CompileTime(Type::Str(_)), Type::Unicode) => Value::Unicode(self.string_handle(literal, loc)),
            // An optional number holds zero where it holds None, so that its truth needs no flag.
            (Value::None, Type::Optional(held)) => self.zero_of(&Type::Optional(held.clone()), loc),
            (Value::Optional(flag, held), Type::Optional(target)) => Value::Optional(flag, Box::new(self.convert_loc(*held, target, loc)?)),
            (held @ (Value::Scalar(..) | Value::Tuple(..) | Value::Unicode(_) | Value::Array(..) | Value::List(..) | Value::Dict(..) | Value::Set(..) | Value::CompileTime(Type::Str(_))), Type::Optional(target)) => {
                let flag = self.scalar_constant(Scalar::Bool, Constant::Bool(true), loc);
                Value::Optional(Box::new(Value::Scalar(flag, Scalar::Bool)), Box::new(self.convert_loc(held, target, loc)?))
            }
            (Value::Array(name, from), Type::Array(to)) if (from.dtype, from.ndim) == (to.dtype, to.ndim) && (from.layout == to.layout || to.layout == rumba_dialects::Layout::A) => {
                Value::Array(self.relayout(&name, from, *to, loc), *to)
            }
            (Value::None, Type::Unknown) => Value::None,
            (value, target) => {
                let (line, column) = loc_position(loc);
                return Err(self.located(line, column, DiagnosticKind::Typing, format!("cannot convert {} to {target}", value.value_type())));
            }
        })
    }

    fn located(&self, line: usize, column: usize, kind: DiagnosticKind, message: String) -> Diagnostic {
        Diagnostic { kind, location: SourceLocation { file: self.module.file.name.clone(), line, column }, message, source_line: self.module.file.line_text(line.max(1)).to_string(), notes: Vec::new(), missing_implementation: None }
    }

    /// `array` seen as an array of type `to` (the same memory, in a layout as general as its own or
    /// more: C and F become A where a variable holds both), as a view with a full slice per dimension.
    fn relayout(&mut self, array: &str, from: ArrayType, to: ArrayType, loc: &str) -> String {
        if from.layout == to.layout {
            return array.to_string();
        }
        let dims = vec!["0"; from.ndim].join(", ");
        let (from_text, to_text) = (Type::Array(from).flat_mlir().remove(0), Type::Array(to).flat_mlir().remove(0));
        self.op(format!("py.view {array}[] {{dims = array<i64: {dims}>}} : {from_text} -> {to_text} {loc}"))
    }

    pub(super) fn convert(&mut self, value: Value, target: &Type, node: &dyn Ranged) -> Result<Value, Diagnostic> {
        let loc = location(self.module, node);
        self.convert_loc(value, target, &loc)
    }

    /// `int(x)` of a float as Python computes it: NaN raises `ValueError`, and a value outside the
    /// integer type's range (infinities included) raises `OverflowError` instead of wrapping. One
    /// ordered comparison per bound tests both (a NaN fails them), so the common path is one branch.
    pub(super) fn float_to_integer(&mut self, name: &str, from: Scalar, to: Scalar, node: &dyn Ranged) -> Result<String, Diagnostic> {
        let loc = location(self.module, node);
        let Scalar::Int { bits, signed } = to else { unreachable!("float_to_integer converts to integers") };
        let (least, bound) = if signed { (-(2f64.powi(i32::from(bits) - 1)), 2f64.powi(i32::from(bits) - 1)) } else { (0.0, 2f64.powi(i32::from(bits))) };
        let value = self.cast(name, from, FLOAT64, &loc);
        // trunc(x) >= least is x > least - 1, except for int64, whose least - 1 is no double (and no
        // double lies between it and least).
        let (predicate, lower) = if bits == 64 && signed { ("ge", least) } else { ("gt", least - 1.0) };
        let lower = self.scalar_constant(FLOAT64, Constant::Float(lower), &loc);
        let bound = self.scalar_constant(FLOAT64, Constant::Float(bound), &loc);
        let above_least = self.op(format!("py.cmp \"{predicate}\", {value}, {lower} : f64 {loc}"));
        let below_bound = self.op(format!("py.cmp \"lt\", {value}, {bound} : f64 {loc}"));
        let in_range = self.op(format!("arith.andi {above_least}, {below_bound} : i1"));
        let invalid = self.op(format!("py.not {in_range} : i1 {loc}"));
        let invalid = if self.statement_may_have_raised {
            let running = self.running();
            self.op(format!("arith.andi {running}, {invalid} : i1"))
        } else {
            invalid
        };
        let overflow = format!("float too large to convert to {}", to.numba_name());
        let (lines, ()) = self.region(|this| {
            let is_nan = this.op(format!("py.cmp \"ne\", {value}, {value} : f64 {loc}"));
            let (nan, ()) = this.region(|inner| {
                inner.raise("ValueError", Some("cannot convert float NaN to integer"), node);
                inner.line("scf.yield");
                Ok(())
            })?;
            let (too_large, ()) = this.region(|inner| {
                inner.raise("OverflowError", Some(&overflow), node);
                inner.line("scf.yield");
                Ok(())
            })?;
            this.emit_if(&is_nan, nan, Some(too_large));
            this.line("scf.yield");
            Ok(())
        })?;
        self.emit_if(&invalid, lines, None);
        self.statement_may_have_raised = true;
        self.raise_points += 1;
        Ok(self.cast(name, from, to, &loc))
    }

    /// A number stored into an array element of type `element`: a float stored into an integer
    /// array converts as NumPy converts it, raising for NaN and for values out of the type's range.
    /// `value` converted for a store into an array of `element`s, as NumPy's setitem converts: a
    /// float into a signed integer array as Python's `int()` (ValueError for NaN, OverflowError out
    /// of range), and into an unsigned one the same from a Python float but with NumPy's unchecked
    /// cast from a NumPy scalar (`a_u8[i] = a_f8.min()`).
    pub(super) fn element_to_store(&mut self, value: Value, element: Scalar, node: &dyn Ranged) -> Result<String, Diagnostic> {
        let unchecked = self.storing_numpy_scalar && matches!(element, Scalar::Int { signed: false, .. });
        match value {
            Value::Scalar(name, from) if from.is_float() && element.is_integer() && !unchecked => self.float_to_integer(&name, from, element, node),
            other => self.to_scalar(other, element, node),
        }
    }

    pub(super) fn to_scalar(&mut self, value: Value, target: Scalar, node: &dyn Ranged) -> Result<String, Diagnostic> {
        let loc = location(self.module, node);
        match value {
            Value::Scalar(name, from) => Ok(self.cast(&name, from, target, &loc)),
            // A list, a dict or a string is true when it is not empty.
            container @ (Value::List(..) | Value::Dict(..) | Value::Set(..) | Value::Unicode(_)) if target == Scalar::Bool => {
                let length = match container {
                    Value::List(list, element) => self.list_length(&list, &element, &loc),
                    Value::Dict(dict, ..) | Value::Set(dict, _) => self.dict_length(&dict, &loc),
                    Value::Unicode(string) => self.string_length(&string, &loc),
                    _ => unreachable!("matched a container"),
                };
                let zero = self.scalar_constant(INT64, Constant::Int(0), &loc);
                Ok(self.op(format!("py.cmp \"ne\", {length}, {zero} : si64 {loc}")))
            }
            Value::CompileTime(Type::Str(text)) if target == Scalar::Bool => Ok(self.scalar_constant(Scalar::Bool, Constant::Bool(!text.is_empty()), &loc)),
            other => Err(self.module.typing(node, format!("expected a number, got {}", other.value_type()))),
        }
    }

    pub(super) fn emit_condition(&mut self, test: &Expr) -> Result<String, Diagnostic> {
        if let Expr::BoolOp(boolean) = test {
            if self.walker().is_truth_chain(boolean)? {
                return self.truth_chain(boolean.op, &boolean.values);
            }
        }
        let value = self.emit_expr_optional(test)?;
        self.truth(value, test)
    }

    /// The truth of the condition `values[0] op values[1] ...`, each operand's truth evaluated only
    /// where the ones before it do not decide.
    fn truth_chain(&mut self, op: BoolOp, values: &[Expr]) -> Result<String, Diagnostic> {
        let first = self.emit_condition(&values[0])?;
        if values.len() == 1 {
            return Ok(first);
        }
        let loc = location(self.module, &values[0]);
        let decided = |this: &mut Self| Ok(this.constant_value(Constant::Bool(op == BoolOp::Or), &loc));
        let rest = |this: &mut Self| Ok(Value::Scalar(this.truth_chain(op, &values[1..])?, Scalar::Bool));
        let truth = match op {
            BoolOp::And => self.emit_if_value(&first, &Type::Scalar(Scalar::Bool), rest, decided)?,
            BoolOp::Or => self.emit_if_value(&first, &Type::Scalar(Scalar::Bool), decided, rest)?,
        };
        Ok(truth.scalar().expect("a truth is a bool").0.to_string())
    }

    /// The truth of `value` as `bool(value)` gives it: an optional number is false where it is None
    /// (its number is zero there), an optional tuple where it is None.
    pub(super) fn truth(&mut self, value: Value, node: &dyn Ranged) -> Result<String, Diagnostic> {
        match value {
            Value::Optional(_, held) if matches!(*held, Value::Scalar(..)) => self.to_scalar(*held, Scalar::Bool, node),
            Value::Optional(flag, _) => Ok(flag.scalar().expect("an optional's flag is a bool").0.to_string()),
            Value::Tuple(items, None) => {
                let loc = location(self.module, node);
                Ok(self.scalar_constant(Scalar::Bool, Constant::Bool(!items.is_empty()), &loc))
            }
            array @ Value::Array(..) => {
                let truth = self.module.prelude_function(crate::infer::ARRAY_TRUTH).expect("the prelude defines the truth of arrays");
                let truth = self.emit_compiled_call(&truth, vec![array], node)?;
                self.to_scalar(truth, Scalar::Bool, node)
            }
            value => self.to_scalar(value, Scalar::Bool, node),
        }
    }

    /// The number an optional value holds, read where a number is needed: None raises TypeError,
    /// as Numba's cast from an optional type does. Any other value is returned as it is.
    pub(super) fn unwrap_optional(&mut self, value: Value, node: &dyn Ranged) -> Result<Value, Diagnostic> {
        let Value::Optional(flag, held) = value else { return Ok(value) };
        let loc = location(self.module, node);
        let (flag, _) = flag.scalar().expect("an optional's flag is a bool");
        let missing = self.op(format!("py.not {flag} : i1 {loc}"));
        self.raise_if(&missing, "TypeError", &format!("expected {}, got None", held.value_type()), node)?;
        Ok(*held)
    }

    /// The indices of `a[i, j]`; one that cannot be negative (`i + 1` for a loop variable counting up
    /// from 0) is passed unsigned, so that no wraparound from the end is computed for it.
    pub(super) fn emit_indices(&mut self, slice: &Expr) -> Result<Vec<(String, Scalar)>, Diagnostic> {
        let indices: Vec<&Expr> = match slice {
            Expr::Tuple(tuple) => tuple.elts.iter().collect(),
            single => vec![single],
        };
        let mut names = Vec::new();
        for index in indices.into_iter().filter(|index| !matches!(index, Expr::EllipsisLiteral(_))) {
            let value = match self.emit_expr(index)? {
                // An index tuple held in a variable gives one index per element.
                Value::Tuple(elements, _) => {
                    for element in elements {
                        names.push((self.to_scalar(element, INT64, index)?, INT64));
                    }
                    continue;
                }
                value => value,
            };
            let name = self.to_scalar(value, INT64, index)?;
            if self.floor_of(index).is_some_and(|floor| floor >= 0) {
                let unsigned = Scalar::Int { bits: 64, signed: false };
                names.push((self.cast(&name, INT64, unsigned, &location(self.module, index)), unsigned));
            } else {
                names.push((name, INT64));
            }
        }
        Ok(names)
    }

    /// Under `boundscheck`, raises IndexError where an element index lies outside its dimension
    /// (after Python's wrapping of negative indices), as Numba's `boundscheck` does; gives the
    /// condition, which the access must not run under.
    pub(super) fn check_bounds(&mut self, array: &str, array_type: ArrayType, indices: &[(String, Scalar)], node: &dyn Ranged) -> Result<Option<String>, Diagnostic> {
        if !self.module_emitter.boundscheck {
            return Ok(None);
        }
        let loc = location(self.module, node);
        let array_text = Type::Array(array_type).flat_mlir().remove(0);
        let mut outside: Option<String> = None;
        for (dim, (index, scalar)) in indices.iter().enumerate() {
            let extent = self.op(format!("py.dim {array}, {dim} : {array_text} {loc}"));
            let index = if *scalar == INT64 { index.clone() } else { self.cast(index, *scalar, INT64, &loc) };
            let too_high = self.op(format!("py.cmp \"ge\", {index}, {extent} : si64 {loc}"));
            let lowest = self.op(format!("py.neg {extent} : si64 {loc}"));
            let too_low = self.op(format!("py.cmp \"lt\", {index}, {lowest} : si64 {loc}"));
            let either = self.op(format!("arith.ori {too_high}, {too_low} : i1"));
            outside = Some(match outside {
                Some(before) => self.op(format!("arith.ori {before}, {either} : i1")),
                None => either,
            });
        }
        if let Some(outside) = &outside {
            self.raise_if(outside, "IndexError", "index is out of bounds", node)?;
        }
        Ok(outside)
    }

    /// `getitem`, checked under `boundscheck`: outside the array, the access does not run and
    /// the value is 0 (the IndexError raised is what the caller sees).
    pub(super) fn checked_getitem(&mut self, array: &str, array_type: ArrayType, indices: &[(String, Scalar)], node: &dyn Ranged, loc: &str) -> Result<Value, Diagnostic> {
        let Some(outside) = self.check_bounds(array, array_type, indices, node)? else {
            return Ok(self.getitem(array, array_type, indices, loc));
        };
        let dtype = array_type.dtype;
        self.emit_if_value(
            &outside,
            &Type::Scalar(dtype),
            |this| Ok(Value::Scalar(this.scalar_constant(dtype, Constant::Int(0), loc), dtype)),
            |this| Ok(this.getitem(array, array_type, indices, loc)),
        )
    }

    /// An operand of an operator or of an elementwise function (`TypeWalker::operand_type`): a 0-d
    /// array read as its one element.
    pub(super) fn emit_operand(&mut self, expr: &Expr) -> Result<Value, Diagnostic> {
        Ok(match self.emit_expr(expr)? {
            Value::Array(array, array_type) if array_type.ndim == 0 => self.getitem(&array, array_type, &[], &location(self.module, expr)),
            other => other,
        })
    }

    /// `py.setitem`: `element` (of the array's dtype) written into `array` at `indices`.
    pub(super) fn setitem(&self, element: &str, array: &str, array_type: ArrayType, indices: &[(String, Scalar)], loc: &str) -> String {
        let names: Vec<&str> = indices.iter().map(|(name, _)| name.as_str()).collect();
        format!("py.setitem {element}, {array}[{}] : {}, {}{} {loc}", names.join(", "), array_type.dtype.mlir(), Type::Array(array_type).flat_mlir()[0], index_type_list(indices))
    }

    /// `py.getitem`: the element of `array` at `indices`.
    pub(super) fn getitem(&mut self, array: &str, array_type: ArrayType, indices: &[(String, Scalar)], loc: &str) -> Value {
        let names: Vec<&str> = indices.iter().map(|(name, _)| name.as_str()).collect();
        let element = self.op(format!(
            "py.getitem {array}[{}] : {}{} -> {} {loc}",
            names.join(", "),
            Type::Array(array_type).flat_mlir()[0],
            index_type_list(indices),
            array_type.dtype.mlir()
        ));
        Value::Scalar(element, array_type.dtype)
    }

    /// A least value an integer expression takes, from the literals and loop variables in it.
    pub(super) fn floor_of(&self, expr: &Expr) -> Option<i64> {
        match expr {
            Expr::Name(name) => self.index_floors.get(name.id.as_str()).copied(),
            Expr::BinOp(binary) => {
                let (left, right) = (self.floor_of(&binary.left), self.floor_of(&binary.right));
                match binary.op {
                    Operator::Add => left?.checked_add(right?),
                    Operator::Sub => match literal_constant(&binary.right) {
                        Some(Constant::Int(subtrahend)) => left?.checked_sub(subtrahend),
                        _ => None,
                    },
                    Operator::Mult if left? >= 0 && right? >= 0 => left?.checked_mul(right?),
                    _ => None,
                }
            }
            literal => match literal_constant(literal) {
                Some(Constant::Int(value)) => Some(value),
                _ => None,
            },
        }
    }

}

/// Line and column back out of a `loc("file":line:col)` string.
fn loc_position(loc: &str) -> (usize, usize) {
    let mut numbers = loc.trim_end_matches(')').rsplit(':').filter_map(|part| part.parse::<usize>().ok());
    let column = numbers.next().unwrap_or(1);
    let line = numbers.next().unwrap_or(1);
    (line, column)
}

/// The types of an element access's indices, each after a comma: none for a 0-d array.
fn index_type_list(indices: &[(String, Scalar)]) -> String {
    indices.iter().map(|(_, scalar)| format!(", {}", scalar.mlir())).collect()
}
