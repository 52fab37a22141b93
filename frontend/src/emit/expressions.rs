//! Emission of expressions: names, constants, arithmetic and comparisons on numbers (Python's
//! semantics, NumPy's for NumPy scalars), boolean operators, calls to compiled functions, builtins
//! and `math`, and the dispatch of everything else to the other families.

use super::*;

const HASH_INT: RuntimeFunction = ("rumba_hash_int", "(si64, si64) -> si64");
const HASH_FLOAT: RuntimeFunction = ("rumba_hash_float", "(f64) -> si64");

impl<'m> FunctionEmitter<'_, '_, 'm> {
    /// The value of `expr`, an optional number read as its number (None raises TypeError).
    pub(super) fn emit_expr(&mut self, expr: &Expr) -> Result<Value, Diagnostic> {
        let value = self.emit_expr_optional(expr)?;
        self.unwrap_optional(value, expr)
    }

    /// The value of `expr` with an optional number kept as one: what assignments, returns,
    /// `is None`, tuples, conditions and calls of the module's functions take.
    pub(super) fn emit_expr_optional(&mut self, expr: &Expr) -> Result<Value, Diagnostic> {
        let module = self.module;
        let loc = location(module, expr);
        if self.is_elementwise(expr)? {
            let Type::Array(array_type) = self.expr_type(expr)? else { unreachable!("elementwise expressions are arrays") };
            return self.emit_map(expr, array_type);
        }
        if let Some(form) = self.walker().string_form(expr)? {
            return self.emit_string_form(form, expr);
        }
        match expr {
            Expr::NumberLiteral(_) | Expr::BooleanLiteral(_) => {
                if let Some(value) = crate::resolve::unsigned_literal(expr) {
                    let unsigned = Scalar::Int { bits: 64, signed: false };
                    return Ok(Value::Scalar(self.scalar_constant(unsigned, Constant::Int(value as i64), &loc), unsigned));
                }
                let constant = literal_constant(expr).ok_or_else(|| module.unsupported(expr, "this number literal is not supported"))?;
                Ok(self.constant_value(constant, &loc))
            }
            Expr::NoneLiteral(_) => Ok(Value::None),
            Expr::StringLiteral(literal) => Ok(Value::CompileTime(Type::Str(literal.value.to_str().to_string()))),
            Expr::Name(name) => self.load_name(name.id.as_str(), expr, &loc),
            Expr::Tuple(tuple) => Ok(Value::Tuple(tuple.elts.iter().map(|element| self.emit_expr_optional(element)).collect::<Result<_, _>>()?, None)),
            Expr::BinOp(binary) => {
                let left = self.emit_operand(&binary.left)?;
                let right = self.emit_operand(&binary.right)?;
                if let Some(operator) = self.walker().instance_binary(binary.op, (&left.value_type(), &right.value_type()), false, expr)? {
                    return self.emit_instance_operator(operator, vec![left, right], expr);
                }
                if let (Operator::MatMult, Value::Array(left, left_type), Value::Array(right, right_type)) = (binary.op, &left, &right) {
                    if crate::array_calls::stacked_product(module, expr, *left_type, *right_type)? {
                        let operands = vec![Value::Array(left.clone(), *left_type), Value::Array(right.clone(), *right_type)];
                        return self.emit_compiled_call(crate::array_calls::STACKED_PRODUCT, operands, expr);
                    }
                    let result_type = self.expr_type(expr)?;
                    return self.emit_dot((left.clone(), *left_type), (right.clone(), *right_type), &result_type, expr, &loc);
                }
                if matches!((&left, &right), (Value::List(..), _) | (_, Value::List(..))) {
                    return self.list_binary(binary.op, left, right, false, expr);
                }
                if let (Value::Set(..), Value::Set(..)) = (&left, &right) {
                    return self.set_binary(binary.op, left, right, expr);
                }
                self.binary(binary.op, (left, &binary.left), (right, &binary.right), expr)
            }
            Expr::UnaryOp(unary) => {
                let operand = match unary.op {
                    UnaryOp::Not if matches!(&*unary.operand, Expr::BoolOp(chain) if self.walker().is_truth_chain(chain)?) => {
                        Value::Scalar(self.emit_condition(&unary.operand)?, Scalar::Bool)
                    }
                    UnaryOp::Not => self.emit_expr_optional(&unary.operand)?,
                    _ => self.emit_operand(&unary.operand)?,
                };
                if let Value::Instance(_, class) = &operand {
                    let operator = self.walker().instance_unary(unary.op, class, expr)?;
                    return self.emit_instance_operator(operator, vec![operand], expr);
                }
                let operand = match operand {
                    truthy @ (Value::List(..) | Value::Dict(..) | Value::Set(..) | Value::Unicode(_) | Value::CompileTime(Type::Str(_)) | Value::Optional(..) | Value::Tuple(_, None)) => {
                        Value::Scalar(self.truth(truthy, &*unary.operand)?, Scalar::Bool)
                    }
                    operand => operand,
                };
                let Some((name, scalar)) = operand.scalar() else {
                    return Err(module.typing(expr, format!("bad operand type for unary {}: {}", unary.op.as_str(), operand.value_type())));
                };
                let name = name.to_string();
                Ok(match unary.op {
                    UnaryOp::Not => {
                        let truth = self.cast(&name, scalar, Scalar::Bool, &loc);
                        Value::Scalar(self.op(format!("py.not {truth} : i1 {loc}")), Scalar::Bool)
                    }
                    UnaryOp::UAdd => Value::Scalar(self.cast(&name, scalar, scalar.widened(), &loc), scalar.widened()),
                    UnaryOp::Invert if scalar == Scalar::Bool && self.expr_type(expr)? == Type::Scalar(Scalar::Bool) => {
                        // A NumPy boolean (inference says which): `~` is logical not.
                        Value::Scalar(self.op(format!("py.not {name} : i1 {loc}")), Scalar::Bool)
                    }
                    UnaryOp::USub | UnaryOp::Invert => {
                        if unary.op == UnaryOp::Invert && scalar.is_float() {
                            return Err(module.typing(expr, "bad operand type for unary ~: float"));
                        }
                        if scalar.is_complex() {
                            if unary.op == UnaryOp::Invert {
                                return Err(module.typing(expr, "bad operand type for unary ~: complex"));
                            }
                            return Ok(Value::Scalar(self.op(format!("complex.neg {name} : complex<f64> {loc}")), scalar));
                        }
                        let widened = if unary.op == UnaryOp::Invert { scalar.inverted() } else { scalar.widened() };
                        let operand = self.cast(&name, scalar, widened, &loc);
                        let mnemonic = if unary.op == UnaryOp::USub { "neg" } else { "invert" };
                        Value::Scalar(self.op(format!("py.{mnemonic} {operand} : {} {loc}", widened.mlir())), widened)
                    }
                })
            }
            Expr::Compare(compare) if compare.ops.len() == 1 && matches!(compare.ops[0], CmpOp::Eq | CmpOp::NotEq) && matches!(self.expr_type(&compare.left)?, Type::List(_)) => {
                self.emit_list_equal(&compare.left, &compare.comparators[0], compare.ops[0] == CmpOp::NotEq, expr)
            }
            Expr::Compare(compare) if compare.ops.len() == 1 && matches!(compare.ops[0], CmpOp::Lt | CmpOp::LtE | CmpOp::Gt | CmpOp::GtE) && matches!(self.expr_type(&compare.left)?, Type::List(_)) => {
                self.emit_list_order(&compare.left, compare.ops[0], &compare.comparators[0], expr)
            }
            Expr::Compare(compare) if compare.ops.len() == 1 && self.walker().instance_comparison(compare)?.is_some() => {
                let operator = self.walker().instance_comparison(compare)?.expect("checked by the guard");
                let operands = vec![self.emit_expr(&compare.left)?, self.emit_expr(&compare.comparators[0])?];
                self.emit_instance_operator(operator, operands, expr)
            }
            Expr::Compare(compare) if compare.ops.len() == 1 && matches!(compare.ops[0], CmpOp::In | CmpOp::NotIn) => {
                let negated = compare.ops[0] == CmpOp::NotIn;
                if matches!(self.expr_type(&compare.comparators[0])?, Type::Dict(..) | Type::Set(_)) {
                    let key = self.emit_expr(&compare.left)?;
                    let dict = self.emit_expr(&compare.comparators[0])?;
                    return self.emit_dict_contains(key, dict, negated, expr);
                }
                if let Type::Tuple(_, Some(class)) = self.expr_type(&compare.comparators[0])? {
                    if class.kind == TupleKind::LiteralDict {
                        let found = self.walker().literal_key(&class, &compare.left)?.is_some();
                        return Ok(self.constant_value(Constant::Bool(found != negated), &location(module, expr)));
                    }
                }
                if let Type::Tuple(..) = self.expr_type(&compare.comparators[0])? {
                    return self.emit_tuple_contains(&compare.left, &compare.comparators[0], negated, expr);
                }
                if let Type::Array(_) = self.expr_type(&compare.comparators[0])? {
                    let contains = module.prelude_function(crate::infer::ARRAY_CONTAINS).expect("the prelude defines the membership of arrays");
                    let arguments = vec![self.emit_expr(&compare.comparators[0])?, self.emit_expr(&compare.left)?];
                    let found = self.emit_compiled_call(&contains, arguments, expr)?;
                    let found = self.to_scalar(found, Scalar::Bool, expr)?;
                    let loc = location(module, expr);
                    let result = if negated { self.op(format!("py.not {found} : i1 {loc}")) } else { found };
                    return Ok(Value::Scalar(result, Scalar::Bool));
                }
                self.emit_list_contains(&compare.left, &compare.comparators[0], negated, expr)
            }
            Expr::List(list) => self.emit_list_display(list, expr),
            Expr::Dict(dict) => self.emit_dict_display(dict, expr),
            Expr::Set(set) => self.emit_set_display(&set.elts, expr),
            Expr::Compare(compare) if self.walker().optional_against_none(compare)? => {
                self.emit_is_none(&compare.left, &compare.comparators[0], matches!(compare.ops[0], CmpOp::IsNot | CmpOp::NotEq))
            }
            Expr::Compare(compare) => self.emit_compare(&compare.left, &compare.ops, &compare.comparators, expr),
            Expr::BoolOp(boolean) => self.emit_bool_op(boolean.op, &boolean.values, expr),
            Expr::If(conditional) => {
                match self.walker().static_truth(&conditional.test)? {
                    Some(true) => return self.emit_expr_optional(&conditional.body),
                    Some(false) => return self.emit_expr_optional(&conditional.orelse),
                    None => {}
                }
                let condition = self.emit_condition(&conditional.test)?;
                // Both branches are typed first so that each can convert to the joined type.
                let body_type = self.walker().expr_type_optional(&conditional.body)?;
                let orelse_type = self.walker().expr_type_optional(&conditional.orelse)?;
                let joined = crate::types::unify(&body_type, &orelse_type)
                    .ok_or_else(|| module.typing(expr, format!("the branches give {body_type} and {orelse_type}")))?;
                self.emit_if_value(
                    &condition,
                    &joined,
                    |this| {
                        let value = this.emit_expr_optional(&conditional.body)?;
                        this.convert(value, &joined, expr)
                    },
                    |this| {
                        let value = this.emit_expr_optional(&conditional.orelse)?;
                        this.convert(value, &joined, expr)
                    },
                )
            }
            // `type(x)`: known when compiling.
            Expr::Call(call) if matches!(&*call.func, Expr::Name(name) if name.id.as_str() == "type") && matches!(self.expr_type(expr)?, Type::DType(_)) => {
                Ok(Value::CompileTime(self.expr_type(expr)?))
            }
            Expr::Call(call) => {
                let bindings = &self.bindings;
                let out = crate::infer::ufunc_out(module, call, &|name| bindings.contains_key(name));
                match out {
                    // `out=None`: a new result, as without it.
                    Some((target, computed)) if self.expr_type(&target)? == Type::None => self.emit_expr(&Expr::Call(computed)),
                    Some((target, computed)) => self.emit_into_out(&target, &Expr::Call(computed), &loc),
                    None => self.emit_call(call),
                }
            }
            Expr::Attribute(attribute) => {
                if let Some(cached) = self.cached_field(attribute) {
                    return Ok(cached);
                }
                let bindings = &self.bindings;
                if let Some((kind, axis)) = crate::cuda::geometry_attribute(module, attribute, &|name| bindings.contains_key(name)) {
                    return Ok(self.geometry(kind, axis, &loc));
                }
                if let Some(constant) = crate::cuda::constant_attribute(module, attribute, &|name| bindings.contains_key(name)) {
                    return Ok(self.constant_value(constant, &loc));
                }
                if crate::cuda::is_lane_id(module, attribute, &|name| bindings.contains_key(name)) {
                    return Ok(self.lane_id(&loc));
                }
                if let Some((scalar, limit)) = crate::array_calls::machine_limit(module, attribute, &mut |expr| self.expr_type(expr))? {
                    return Ok(Value::Scalar(self.scalar_constant(scalar, limit, &loc), scalar));
                }
                // `np.float32`, `a.dtype`, `a.dtype.kind`: known when compiling.
                match self.expr_type(expr)? {
                    known @ (Type::DType(_) | Type::Str(_)) => return Ok(Value::CompileTime(known)),
                    _ => {}
                }
                if attribute.attr.as_str() == "itemsize" {
                    if let Type::DType(scalar) = self.expr_type(&attribute.value)? {
                        return Ok(self.constant_value(Constant::Int(scalar.size_in_bytes() as i64), &loc));
                    }
                }
                if let Expr::Name(base) = &*attribute.value {
                    if !self.bindings.contains_key(base.id.as_str()) && matches!(module.global(base.id.as_str()), Some(Global::Module(_))) {
                        let value = math_constant(attribute.attr.as_str())
                            .ok_or_else(|| module.unsupported(expr, format!("'{}.{}' is not supported as a value", base.id, attribute.attr)))?;
                        return Ok(self.constant_value(Constant::Float(value), &loc));
                    }
                }
                if let Some((array_expr, function)) = crate::infer::prelude_attribute(attribute) {
                    if let Type::Array(_) = self.expr_type(array_expr)? {
                        let function = module.prelude_function(function).expect("the prelude defines its attributes' functions");
                        let array = self.emit_expr(array_expr)?;
                        return self.emit_compiled_call(&function, vec![array], expr);
                    }
                }
                let base = self.emit_expr(&attribute.value)?;
                if let Value::Instance(handle, class) = &base {
                    return self.instance_attribute(handle, class, attribute);
                }
                if let (Value::Scalar(number, complex @ Scalar::Complex { .. }), part @ ("real" | "imag")) = (&base, attribute.attr.as_str()) {
                    let mnemonic = if part == "real" { "re" } else { "im" };
                    return Ok(Value::Scalar(self.op(format!("complex.{mnemonic} {number} : {} {loc}", complex.mlir())), complex.part()));
                }
                match (&base, attribute.attr.as_str()) {
                    (Value::Scalar(_, scalar), "real") if *scalar != Scalar::Bool => return Ok(base),
                    (Value::Scalar(_, scalar), "imag") if *scalar != Scalar::Bool => {
                        let scalar = *scalar;
                        return Ok(Value::Scalar(self.scalar_constant(scalar, Constant::Int(0), &loc), scalar));
                    }
                    _ => {}
                }
                if let Value::Tuple(elements, Some(class)) = &base {
                    if attribute.attr.as_str() == "_fields" {
                        return Ok(Value::Tuple(class.fields.iter().map(|field| Value::CompileTime(Type::Str(field.clone()))).collect(), None));
                    }
                    return Ok(elements[crate::infer::field_position(module, &class, attribute)?].clone());
                }
                let Value::Array(array, array_type) = base else {
                    return Err(module.unsupported(expr, format!("attribute '{}' of {} is not supported", attribute.attr, base.value_type())));
                };
                match attribute.attr.as_str() {
                    "shape" => Ok(Value::Tuple((0..array_type.ndim).map(|dim| self.dim(&array, array_type, dim, &loc)).collect(), None)),
                    "ndim" => Ok(self.constant_value(Constant::Int(array_type.ndim as i64), &loc)),
                    "T" => Ok(self.transpose(array, array_type, &loc)),
                    "size" => Ok(Value::Scalar(self.size(&array, array_type, &loc), INT64)),
                    "itemsize" => Ok(self.constant_value(Constant::Int(array_type.dtype.size_in_bytes() as i64), &loc)),
                    "strides" => {
                        let itemsize = self.scalar_constant(INT64, Constant::Int(array_type.dtype.size_in_bytes() as i64), &loc);
                        let element_type = Type::Array(array_type).flat_mlir()[0].clone();
                        let strides = (0..array_type.ndim)
                            .map(|dim| {
                                let stride = self.op(format!("py.stride {array}, {dim} : {element_type} {loc}"));
                                Value::Scalar(self.op(format!("py.mul {stride}, {itemsize} : si64 {loc}")), INT64)
                            })
                            .collect();
                        Ok(Value::Tuple(strides, None))
                    }
                    other => Err(module.unsupported(expr, format!("array attribute '{other}' is not supported yet"))),
                }
            }
            Expr::Subscript(subscript) if self.relative_array(&subscript.value) => self.emit_relative_getitem(subscript, &loc),
            Expr::Subscript(subscript) if self.walker().vector_tuple_index(subscript)?.is_some() => {
                let (array, vectors) = self.walker().vector_tuple_index(subscript)?.expect("checked by the guard");
                let helper = crate::infer::vector_tuple_helper(module, array, &vectors, false, subscript)?;
                let arguments = self.emit_vector_tuple_index(subscript)?;
                self.emit_compiled_call(helper, arguments, subscript)
            }
            Expr::Subscript(subscript) if self.walker().mixed_index(subscript)?.is_some() => {
                let (_, parts) = self.walker().mixed_index(subscript)?.expect("checked by the guard");
                let arguments = [vec![self.emit_expr(&subscript.value)?], self.emit_mixed_index(parts)?].concat();
                self.emit_compiled_call(crate::infer::MIXED_INDEX, arguments, subscript)
            }
            Expr::Subscript(subscript) if self.walker().array_index(subscript)?.is_some() => {
                let (array, index) = self.walker().array_index(subscript)?.expect("checked by the guard");
                let helper = crate::infer::array_index_helper(module, array, index, false, subscript)?;
                let arguments = vec![self.emit_expr(&subscript.value)?, self.emit_expr(&subscript.slice)?];
                self.emit_compiled_call(helper, arguments, subscript)
            }
            Expr::Subscript(subscript) => {
                let base = self.emit_expr(&subscript.value)?;
                match base {
                    Value::Array(array, array_type) => {
                        if let Type::Array(view_type) = self.expr_type(expr)? {
                            return self.emit_view(&array, array_type, view_type, &subscript.slice, &loc);
                        }
                        let indices = self.emit_indices(&subscript.slice)?;
                        self.checked_getitem(&array, array_type, &indices, subscript, &loc)
                    }
                    Value::Instance(handle, class) => {
                        let getitem = crate::infer::class_dunder(module, &class, "__getitem__", subscript)?;
                        let index = self.emit_expr(&subscript.slice)?;
                        self.emit_compiled_call(getitem, vec![Value::Instance(handle, class), index], subscript)
                    }
                    Value::List(list, element) => self.emit_list_subscript(&list, &element, &subscript.slice, expr),
                    Value::Dict(dict, key, value) => self.emit_dict_subscript(&dict, (&key, &value), &subscript.slice, expr),
                    Value::Tuple(elements, Some(class)) if class.kind == TupleKind::LiteralDict => Ok(elements[self.walker().literal_subscript(&class, &subscript.slice)?].clone()),
                    Value::Tuple(elements, _) => match crate::infer::tuple_index(module, &subscript.slice, elements.len())? {
                        crate::infer::TupleIndex::Element(position) => Ok(elements[position].clone()),
                        crate::infer::TupleIndex::Slice(positions) => Ok(Value::Tuple(positions.into_iter().map(|position| elements[position].clone()).collect(), None)),
                        crate::infer::TupleIndex::Runtime => self.select_element(elements, &subscript.slice, &loc),
                    },
                    other => Err(module.typing(&*subscript.value, format!("{} is not subscriptable", other.value_type()))),
                }
            }
            Expr::Yield(yielded) => self.emit_yield(yielded),
            other => {
                // Typing reports every other construct with its own message.
                self.expr_type(other)?;
                Err(module.unsupported(other, "unsupported expression"))
            }
        }
    }

    /// The array and the index vectors of a `vector_tuple_index`, as its helper takes them.
    pub(super) fn emit_vector_tuple_index(&mut self, subscript: &ruff_python_ast::ExprSubscript) -> Result<Vec<Value>, Diagnostic> {
        let array = self.emit_expr(&subscript.value)?;
        let Value::Tuple(vectors, _) = self.emit_expr(&subscript.slice)? else { unreachable!("a vector_tuple_index is indexed by a tuple") };
        Ok([vec![array], vectors].concat())
    }

    /// The indices of a `mixed_index` as `_mixed_index` takes them (`:` as None).
    pub(super) fn emit_mixed_index(&mut self, parts: [Option<&Expr>; 2]) -> Result<Vec<Value>, Diagnostic> {
        parts.iter().map(|part| part.map_or(Ok(Value::None), |index| self.emit_expr(index))).collect()
    }

    /// The type of an expression, by the same rules inference used.
    pub(super) fn expr_type(&mut self, expr: &Expr) -> Result<Type, Diagnostic> {
        self.walker().expr_type(expr)
    }

    /// Inference over the specialisation being emitted, for the types of its expressions.
    pub(super) fn walker(&mut self) -> TypeWalker<'_, 'm> {
        let index = self.module_emitter.specialisations.find(&self.types.name, self.types.kind, &self.types.arguments).expect("being emitted");
        let function = self.module.function(&self.types.name).expect("exists");
        TypeWalker::settled(self.module_emitter.specialisations, function, index, &mut self.settled_types)
    }

    /// `t[i]` with `i` known only at run time, for a tuple of numbers of one type: a select chain,
    /// after Python's IndexError for a position outside the tuple.
    fn select_element(&mut self, elements: Vec<Value>, index: &Expr, loc: &str) -> Result<Value, Diagnostic> {
        let position = self.emit_expr(index)?;
        let length = self.scalar_constant(INT64, Constant::Int(elements.len() as i64), loc);
        let position = self.checked_index(position, &length, index, "tuple index out of range")?;
        let element_types: Vec<Type> = elements.iter().map(Value::value_type).collect();
        let element_type = crate::infer::uniform_element(&element_types).expect("typing admits tuples of one element type");
        let mut elements = elements.into_iter().enumerate().rev();
        let (_, last) = elements.next().expect("typing rejects indexing an empty tuple at run time");
        let mut chosen = self.convert(last, &element_type, index)?;
        for (candidate, element) in elements {
            let at = self.scalar_constant(INT64, Constant::Int(candidate as i64), loc);
            let matches = self.op(format!("py.cmp \"eq\", {position}, {at} : si64 {loc}"));
            chosen = match (element, chosen) {
                (Value::Scalar(element, scalar), Value::Scalar(chosen, _)) => {
                    Value::Scalar(self.op(format!("arith.select {matches}, {element}, {chosen} : {}", scalar.mlir())), scalar)
                }
                (element, chosen) => self.emit_if_value(&matches, &element_type, |this| this.convert(element, &element_type, index), |_| Ok(chosen))?,
            };
        }
        Ok(chosen)
    }

    pub(super) fn constant_value(&mut self, constant: Constant, loc: &str) -> Value {
        let scalar = match constant {
            Constant::Int(_) => INT64,
            Constant::Float(_) => FLOAT64,
            Constant::Bool(_) => Scalar::Bool,
            Constant::Complex(..) => COMPLEX128,
        };
        Value::Scalar(self.scalar_constant(scalar, constant, loc), scalar)
    }

    pub(super) fn dim(&mut self, array: &str, array_type: ArrayType, dim: usize, loc: &str) -> Value {
        let name = self.op(format!("py.dim {array}, {dim} : {} {loc}", Type::Array(array_type).flat_mlir()[0]));
        Value::Scalar(name, INT64)
    }

    /// Raises `UnboundLocalError` at a read of `name` that may run before it is assigned.
    fn check_bound(&mut self, name: &str, expr: &Expr, loc: &str) -> Result<(), Diagnostic> {
        if let (true, Some(flag)) = (self.maybe_unbound.contains_key(&expr.range()), self.bound_flags.get(name).cloned()) {
            let bound = self.load(&flag, "i1");
            let unbound = self.op(format!("py.not {bound} : i1 {loc}"));
            let message = format!("cannot access local variable '{}' where it is not associated with a value", crate::versions::source_name(name));
            self.raise_if(&unbound, "UnboundLocalError", &message, expr)?;
        }
        Ok(())
    }

    /// The value of a constant bound by value: a number, a string, `None` or a tuple of these.
    fn global_constant(&mut self, constant: &Global, loc: &str) -> Value {
        match constant {
            Global::Constant(constant) => self.constant_value(*constant, loc),
            Global::Scalar(scalar, constant) => Value::Scalar(self.scalar_constant(*scalar, *constant, loc), *scalar),
            Global::Known(Type::None) => Value::None,
            Global::Known(known) => Value::CompileTime(known.clone()),
            Global::Tuple(elements, class) => Value::Tuple(elements.iter().map(|element| self.global_constant(element, loc)).collect(), class.clone()),
            _ => unreachable!("a constant is a number, a string, None or a tuple of these"),
        }
    }

    fn load_name(&mut self, name: &str, expr: &Expr, loc: &str) -> Result<Value, Diagnostic> {
        let module = self.module;
        match self.bindings.get(name).cloned() {
            Some(Binding::Slots(slots, local_type)) => {
                self.check_bound(name, expr, loc)?;
                let mut names = Vec::new();
                for (slot, scalar) in &slots {
                    names.push(self.load(slot, &scalar.mlir()));
                }
                Ok(unflatten(&local_type, &mut names.into_iter()))
            }
            Some(Binding::Ssa(Some(value))) => {
                self.check_bound(name, expr, loc)?;
                Ok(value)
            }
            Some(Binding::Ssa(None)) => Err(module.unsupported(expr, format!("'{name}' is used before it is assigned, or assigned only inside a branch"))),
            None => match module.global(name) {
                Some(constant @ (Global::Constant(_) | Global::Scalar(..) | Global::Known(_) | Global::Tuple(..))) => Ok(self.global_constant(constant, loc)),
                Some(Global::Array(array)) => Ok(self.constant_array(name, array, loc)),
                Some(Global::ModuleMember("math" | "numpy", member)) if math_constant(member).is_some() => {
                    Ok(self.constant_value(Constant::Float(math_constant(member).unwrap_or_default()), loc))
                }
                _ => match self.expr_type(expr)? {
                    known @ (Type::DType(_) | Type::Function(_)) => Ok(Value::CompileTime(known)),
                    _ => Err(module.typing(expr, format!("name '{name}' is not defined"))),
                },
            },
        }
    }

    pub(super) fn binary(&mut self, op: Operator, (left, left_expr): (Value, &Expr), (right, right_expr): (Value, &Expr), expr: &dyn Ranged) -> Result<Value, Diagnostic> {
        let module = self.module;
        let loc = location(module, expr);
        let (left, right) = match (op, left, right) {
            (Operator::Add, Value::Tuple(mut left, _), Value::Tuple(right, _)) => {
                left.extend(right);
                return Ok(Value::Tuple(left, None));
            }
            (Operator::Mult, Value::Tuple(elements, _), Value::Scalar(..)) => {
                let times = self.walker().tuple_repeats(right_expr)?;
                return Ok(Value::Tuple((0..times).flat_map(|_| elements.iter().cloned()).collect(), None));
            }
            (_, left, right) => (left, right),
        };
        let (Some((left_name, left_type)), Some((right_name, right_type))) = (left.scalar(), right.scalar()) else {
            return Err(module.error(
                expr.range(),
                DiagnosticKind::Typing,
                format!("unsupported operand types for {}: {} and {}", op.as_str(), left.value_type(), right.value_type()),
            ));
        };
        let operand_types = (Type::Scalar(left_type), Type::Scalar(right_type));
        let result = match self.walker().numpy_scalar_binary(op, (left_expr, &operand_types.0), (right_expr, &operand_types.1), expr)? {
            Some(numpy_float) => numpy_float,
            None => crate::infer::binary_result(module, op, left_type, right_type, right_expr, expr)?,
        };
        let lhs = self.cast(left_name, left_type, result, &loc);
        let rhs = self.cast(right_name, right_type, result, &loc);
        if result.is_complex() {
            // complex64 is computed as complex128 and rounded.
            let (lhs, rhs) = (self.cast(&lhs, result, COMPLEX128, &loc), self.cast(&rhs, result, COMPLEX128, &loc));
            let Value::Scalar(computed, _) = self.complex_binary(op, &lhs, &rhs, may_be_zero(right_expr), expr)? else { unreachable!("a complex number") };
            return Ok(Value::Scalar(self.cast(&computed, COMPLEX128, result, &loc), result));
        }
        let ty = result.mlir();
        let divisor_may_be_zero = may_be_zero(right_expr);
        let Some(mnemonic) = binary_mnemonic(op) else {
            return Err(module.error(expr.range(), DiagnosticKind::Unsupported, "'@' on scalars is not supported"));
        };
        if matches!(op, Operator::Div | Operator::FloorDiv | Operator::Mod) && divisor_may_be_zero {
            let float_operands = left_type.is_float() || right_type.is_float();
            let message = match (op, float_operands) {
                (Operator::Div, false) => "division by zero",
                (Operator::Div, true) => "float division by zero",
                (Operator::FloorDiv, false) => "integer division or modulo by zero",
                (Operator::FloorDiv, true) => "float floor division by zero",
                (_, false) => "integer modulo by zero",
                (_, true) => "float modulo",
            };
            let zero = self.scalar_constant(result, Constant::Int(0), &loc);
            let is_zero = self.op(format!("py.cmp \"eq\", {rhs}, {zero} : {ty} {loc}"));
            self.raise_if(&is_zero, "ZeroDivisionError", message, expr)?;
            if !result.is_float() {
                // The division still executes on the raising path: keep it away from a zero divisor.
                let one = self.scalar_constant(result, Constant::Int(1), &loc);
                let safe = self.op(format!("arith.select {is_zero}, {one}, {rhs} : {ty}"));
                let value = self.op(format!("py.{mnemonic} {lhs}, {safe} : {ty} {loc}"));
                return Ok(Value::Scalar(value, result));
            }
        }
        if op == Operator::Pow && !result.is_float() && !matches!(literal_constant(right_expr), Some(Constant::Int(exponent)) if exponent >= 0) {
            // An integer to a negative integer power is an integer, as in Numba: 1 and -1 give
            // themselves (by the exponent's parity), 0 raises ZeroDivisionError, others give 0.
            let constant = |this: &mut Self, value: i64| this.scalar_constant(result, Constant::Int(value), &loc);
            let (zero, one, two, minus_one) = (constant(self, 0), constant(self, 1), constant(self, 2), constant(self, -1));
            let negative = self.op(format!("py.cmp \"lt\", {rhs}, {zero} : {ty} {loc}"));
            let base_is_zero = self.op(format!("py.cmp \"eq\", {lhs}, {zero} : {ty} {loc}"));
            let undefined = self.op(format!("arith.andi {negative}, {base_is_zero} : i1"));
            self.raise_if(&undefined, "ZeroDivisionError", "0 cannot be raised to a negative power", expr)?;
            let safe = self.op(format!("arith.select {negative}, {zero}, {rhs} : {ty}"));
            let power = self.op(format!("py.pow {lhs}, {safe} : {ty} {loc}"));
            let parity = self.op(format!("py.mod {rhs}, {two} : {ty} {loc}"));
            let odd = self.op(format!("py.cmp \"ne\", {parity}, {zero} : {ty} {loc}"));
            let signed_one = self.op(format!("arith.select {odd}, {minus_one}, {one} : {ty}"));
            let base_is_one = self.op(format!("py.cmp \"eq\", {lhs}, {one} : {ty} {loc}"));
            let base_is_minus_one = self.op(format!("py.cmp \"eq\", {lhs}, {minus_one} : {ty} {loc}"));
            let otherwise = self.op(format!("arith.select {base_is_minus_one}, {signed_one}, {zero} : {ty}"));
            let reciprocal = self.op(format!("arith.select {base_is_one}, {one}, {otherwise} : {ty}"));
            return Ok(Value::Scalar(self.op(format!("arith.select {negative}, {reciprocal}, {power} : {ty}")), result));
        }
        let exponent_is_non_negative = match literal_constant(right_expr) {
            Some(Constant::Int(exponent)) => exponent >= 0,
            Some(Constant::Float(exponent)) => exponent >= 0.0,
            Some(Constant::Bool(_)) => true,
            _ => false,
        };
        if op == Operator::Pow && result.is_float() && !exponent_is_non_negative {
            let zero = self.scalar_constant(result, Constant::Int(0), &loc);
            let zero_base = self.op(format!("py.cmp \"eq\", {lhs}, {zero} : {ty} {loc}"));
            let negative = self.op(format!("py.cmp \"lt\", {rhs}, {zero} : {ty} {loc}"));
            let both = self.op(format!("arith.andi {zero_base}, {negative} : i1"));
            self.raise_if(&both, "ZeroDivisionError", "0.0 cannot be raised to a negative power", expr)?;
        }
        if op == Operator::Div && left_type == INT64 && right_type == INT64 {
            return self.int_true_divide((left_name, right_name), (&lhs, &rhs), &loc);
        }
        if let (Operator::Pow, true, Some(power)) = (op, result.is_float(), small_power(literal_constant(right_expr))) {
            return Ok(Value::Scalar(self.power_by_multiplication(&lhs, power, result, &loc), result));
        }
        Ok(Value::Scalar(self.op(format!("py.{mnemonic} {lhs}, {rhs} : {ty} {loc}")), result))
    }

    /// `base ** power` by repeated squaring, as Numba computes a power by a literal integer: a few
    /// multiplications instead of a call to `pow` (of floats within an ulp or two of it, of
    /// integers exact, wrapping as NumPy's do; much faster in loops).
    pub(super) fn power_by_multiplication(&mut self, base: &str, power: u32, scalar: Scalar, loc: &str) -> String {
        let ty = scalar.mlir();
        let mut result: Option<String> = None;
        let mut square = base.to_string();
        let mut remaining = power;
        while remaining != 0 {
            if remaining & 1 == 1 {
                result = Some(match result {
                    Some(product) => self.op(format!("py.mul {product}, {square} : {ty} {loc}")),
                    None => square.clone(),
                });
            }
            remaining >>= 1;
            if remaining != 0 {
                square = self.op(format!("py.mul {square}, {square} : {ty} {loc}"));
            }
        }
        result.unwrap_or_else(|| self.scalar_constant(scalar, if scalar.is_float() { Constant::Float(1.0) } else { Constant::Int(1) }, loc))
    }

    /// Whether int64 `value` lies beyond ±2**53, where converting it to float may round.
    fn beyond_exact_float(&mut self, value: &str, loc: &str) -> String {
        let upper = self.scalar_constant(INT64, Constant::Int(EXACT_FLOAT_INTS), loc);
        let lower = self.scalar_constant(INT64, Constant::Int(-EXACT_FLOAT_INTS), loc);
        let above = self.op(format!("py.cmp \"gt\", {value}, {upper} : si64 {loc}"));
        let below = self.op(format!("py.cmp \"lt\", {value}, {lower} : si64 {loc}"));
        self.op(format!("arith.ori {above}, {below} : i1"))
    }

    /// `numerator / denominator` of two int64s rounded once, as CPython divides ints: the quotient of
    /// the converted operands while both convert exactly, the runtime's exact division beyond.
    fn int_true_divide(&mut self, (numerator, denominator): (&str, &str), (converted_numerator, converted_denominator): (&str, &str), loc: &str) -> Result<Value, Diagnostic> {
        let numerator_beyond = self.beyond_exact_float(numerator, loc);
        let denominator_beyond = self.beyond_exact_float(denominator, loc);
        let either_beyond = self.op(format!("arith.ori {numerator_beyond}, {denominator_beyond} : i1"));
        self.emit_if_value(
            &either_beyond,
            &Type::Scalar(FLOAT64),
            |this| Ok(Value::Scalar(this.call_runtime(INT_TRUE_DIVIDE, &[numerator.to_string(), denominator.to_string()], loc), FLOAT64)),
            |this| Ok(Value::Scalar(this.op(format!("py.truediv {converted_numerator}, {converted_denominator} : f64 {loc}")), FLOAT64)),
        )
    }

    /// `lhs op rhs` on complex numbers, computed as CPython computes it: the schoolbook product, and
    /// the quotient by the larger of the divisor's parts (`_Py_c_quot`), raising ZeroDivisionError
    /// for a zero divisor.
    fn complex_binary(&mut self, op: Operator, lhs: &str, rhs: &str, divisor_may_be_zero: bool, expr: &dyn Ranged) -> Result<Value, Diagnostic> {
        let loc = location(self.module, expr);
        let parts = |this: &mut Self, value: &str| {
            (this.op(format!("complex.re {value} : complex<f64> {loc}")), this.op(format!("complex.im {value} : complex<f64> {loc}")))
        };
        let ((a, b), (c, d)) = (parts(self, lhs), parts(self, rhs));
        let float = |this: &mut Self, mnemonic: &str, x: &str, y: &str| this.op(format!("arith.{mnemonic} {x}, {y} : f64 {loc}"));
        if op == Operator::Pow {
            // CPython's complex.__pow__ (the runtime's), whose zero base takes no negative or
            // complex exponent.
            let zero = self.scalar_constant(FLOAT64, Constant::Float(0.0), &loc);
            let complex_zero = self.scalar_constant(COMPLEX128, Constant::Int(0), &loc);
            let base_zero = self.op(format!("complex.eq {lhs}, {complex_zero} : complex<f64> {loc}"));
            let negative = self.op(format!("arith.cmpf olt, {c}, {zero} : f64 {loc}"));
            let complex = self.op(format!("arith.cmpf une, {d}, {zero} : f64 {loc}"));
            let refused = self.op(format!("arith.ori {negative}, {complex} : i1"));
            let raises = self.op(format!("arith.andi {base_zero}, {refused} : i1"));
            self.raise_if(&raises, "ZeroDivisionError", "0.0 to a negative or complex power", expr)?;
            return Ok(Value::Scalar(self.call_runtime(COMPLEX_POWER_PYTHON, &[lhs.to_string(), rhs.to_string()], &loc), COMPLEX128));
        }
        let (real, imag) = match op {
            Operator::Add => (float(self, "addf", &a, &c), float(self, "addf", &b, &d)),
            Operator::Sub => (float(self, "subf", &a, &c), float(self, "subf", &b, &d)),
            Operator::Mult => {
                let (ac, bd, ad, bc) = (float(self, "mulf", &a, &c), float(self, "mulf", &b, &d), float(self, "mulf", &a, &d), float(self, "mulf", &b, &c));
                (float(self, "subf", &ac, &bd), float(self, "addf", &ad, &bc))
            }
            Operator::Div => {
                if divisor_may_be_zero {
                    let zero = self.scalar_constant(COMPLEX128, Constant::Int(0), &loc);
                    let is_zero = self.op(format!("complex.eq {rhs}, {zero} : complex<f64> {loc}"));
                    self.raise_if(&is_zero, "ZeroDivisionError", "complex division by zero", expr)?;
                }
                let abs_c = self.op(format!("math.absf {c} : f64 {loc}"));
                let abs_d = self.op(format!("math.absf {d} : f64 {loc}"));
                // |c| >= |d|: divide through by c.
                let ratio = float(self, "divf", &d, &c);
                let scaled = float(self, "mulf", &d, &ratio);
                let denominator = float(self, "addf", &c, &scaled);
                let (b_ratio, a_ratio) = (float(self, "mulf", &b, &ratio), float(self, "mulf", &a, &ratio));
                let (real_numerator, imag_numerator) = (float(self, "addf", &a, &b_ratio), float(self, "subf", &b, &a_ratio));
                let by_real = (float(self, "divf", &real_numerator, &denominator), float(self, "divf", &imag_numerator, &denominator));
                // |d| > |c|: divide through by d.
                let ratio = float(self, "divf", &c, &d);
                let scaled = float(self, "mulf", &c, &ratio);
                let denominator = float(self, "addf", &scaled, &d);
                let (a_ratio, b_ratio) = (float(self, "mulf", &a, &ratio), float(self, "mulf", &b, &ratio));
                let (real_numerator, imag_numerator) = (float(self, "addf", &a_ratio, &b), float(self, "subf", &b_ratio, &a));
                let by_imag = (float(self, "divf", &real_numerator, &denominator), float(self, "divf", &imag_numerator, &denominator));
                // Neither (a NaN part): NaN.
                let nan = self.scalar_constant(FLOAT64, Constant::Float(f64::NAN), &loc);
                let real_larger = self.op(format!("arith.cmpf oge, {abs_c}, {abs_d} : f64 {loc}"));
                let imag_larger = self.op(format!("arith.cmpf oge, {abs_d}, {abs_c} : f64 {loc}"));
                let pick = |this: &mut Self, first: &str, second: &str| {
                    let second_or_nan = this.op(format!("arith.select {imag_larger}, {second}, {nan} : f64 {loc}"));
                    this.op(format!("arith.select {real_larger}, {first}, {second_or_nan} : f64 {loc}"))
                };
                (pick(self, &by_real.0, &by_imag.0), pick(self, &by_real.1, &by_imag.1))
            }
            _ => unreachable!("binary_result admits + - * / on complex numbers"),
        };
        Ok(Value::Scalar(self.op(format!("complex.create {real}, {imag} : complex<f64> {loc}")), COMPLEX128))
    }

    pub(super) fn compare(&mut self, op: CmpOp, (left, left_expr): (&Value, &Expr), (right, right_expr): (&Value, &Expr), expr: &dyn Ranged) -> Result<String, Diagnostic> {
        let module = self.module;
        let loc = location(module, expr);
        if let (Value::Tuple(left_elements, _), Value::Tuple(right_elements, _), CmpOp::Eq | CmpOp::NotEq) = (left, right, op) {
            // Equal lengths (others are decided by types): equal when every pair is.
            let mut equal = self.op(format!("arith.constant true {loc}"));
            for (left_element, right_element) in left_elements.iter().zip(right_elements) {
                let pair_equal = self.compare(CmpOp::Eq, (left_element, left_expr), (right_element, right_expr), expr)?;
                equal = self.op(format!("arith.andi {equal}, {pair_equal} : i1 {loc}"));
            }
            if op == CmpOp::NotEq {
                let one = self.op(format!("arith.constant true {loc}"));
                equal = self.op(format!("arith.xori {equal}, {one} : i1 {loc}"));
            }
            return Ok(equal);
        }
        if let (Value::Tuple(left_elements, _), Value::Tuple(right_elements, _)) = (left, right) {
            // The first pair that differs decides, else the lengths: from the last pair back, each
            // equal pair passes on what follows it.
            let lengths = match op {
                CmpOp::Lt => left_elements.len() < right_elements.len(),
                CmpOp::LtE => left_elements.len() <= right_elements.len(),
                CmpOp::Gt => left_elements.len() > right_elements.len(),
                _ => left_elements.len() >= right_elements.len(),
            };
            let mut ordered = self.op(format!("arith.constant {lengths} {loc}"));
            for (left_element, right_element) in left_elements.iter().zip(right_elements).rev() {
                let pair_equal = self.compare(CmpOp::Eq, (left_element, left_expr), (right_element, right_expr), expr)?;
                let pair_ordered = self.compare(op, (left_element, left_expr), (right_element, right_expr), expr)?;
                ordered = self.op(format!("arith.select {pair_equal}, {ordered}, {pair_ordered} : i1 {loc}"));
            }
            return Ok(ordered);
        }
        let is_string = |value: &Value| matches!(value, Value::Unicode(_) | Value::CompileTime(Type::Str(_)));
        match (is_string(left), is_string(right)) {
            (true, true) => return Ok(self.compare_strings(op, left.clone(), right.clone(), &loc)),
            // A string equals no value of another kind.
            (true, false) | (false, true) if matches!(op, CmpOp::Eq | CmpOp::NotEq) => return Ok(self.op(format!("arith.constant {} {loc}", op == CmpOp::NotEq))),
            _ => {}
        }
        let (Some((left_name, left_type)), Some((right_name, right_type))) = (left.scalar(), right.scalar()) else {
            return Err(module.error(expr.range(), DiagnosticKind::Typing, format!("cannot compare {} with {}", left.value_type(), right.value_type())));
        };
        let common = match promote(left_type, right_type) {
            Scalar::Bool => INT64,
            other => other,
        };
        let lhs = self.cast(left_name, left_type, common, &loc);
        let rhs = self.cast(right_name, right_type, common, &loc);
        if common.is_complex() {
            let mnemonic = match op {
                CmpOp::Eq => "eq",
                CmpOp::NotEq => "neq",
                _ => return Err(module.typing(expr, format!("'{}' is not supported between complex numbers", op.as_str()))),
            };
            return Ok(self.op(format!("complex.{mnemonic} {lhs}, {rhs} : {} {loc}", common.mlir())));
        }
        let Some(predicate) = comparison_predicate(op) else {
            return Err(module.error(expr.range(), DiagnosticKind::Unsupported, format!("the '{}' comparison is not supported", op.as_str())));
        };
        let compared = self.op(format!("py.cmp {predicate:?}, {lhs}, {rhs} : {} {loc}", common.mlir()));
        let exactly_converted = |value_type: Scalar, operand: &Expr| {
            value_type != INT64 || literal_constant(operand).is_some_and(|constant| matches!(constant, Constant::Int(value) if value.unsigned_abs() <= EXACT_FLOAT_INTS as u64))
        };
        match (common == FLOAT64, exactly_converted(left_type, left_expr), exactly_converted(right_type, right_expr)) {
            (true, false, true) => Ok(self.int_float_compare(predicate, (left_name, &lhs), &rhs, true, &compared, &loc)),
            (true, true, false) => Ok(self.int_float_compare(predicate, (right_name, &rhs), &lhs, false, &compared, &loc)),
            _ => Ok(compared),
        }
    }

    /// An int64 compared with a float exactly, as CPython compares them: `compared` (the converted
    /// int against the float) decides unless the two are equal as floats. Then the float is an
    /// integer no larger than 2**63 in magnitude, and the comparison is of ints; a float of 2**63
    /// exceeds every int64.
    fn int_float_compare(&mut self, predicate: &str, (int, converted_int): (&str, &str), float: &str, int_on_left: bool, compared: &str, loc: &str) -> String {
        let tie = self.op(format!("arith.cmpf oeq, {converted_int}, {float} : f64"));
        let two_to_63 = self.op(format!("arith.constant {:e} : f64", 2f64.powi(63)));
        let below_two_to_63 = self.op(format!("arith.cmpf olt, {float}, {two_to_63} : f64"));
        let convertible = self.op(format!("arith.andi {tie}, {below_two_to_63} : i1"));
        let zero = self.op("arith.constant 0.0 : f64".to_string());
        let safe = self.op(format!("arith.select {convertible}, {float}, {zero} : f64"));
        let float_as_int = self.op(format!("py.cast {safe} : f64 to si64 {loc}"));
        let (lhs, rhs) = if int_on_left { (int, float_as_int.as_str()) } else { (float_as_int.as_str(), int) };
        let ints_compared = self.op(format!("py.cmp {predicate:?}, {lhs}, {rhs} : si64 {loc}"));
        let int_is_smaller = match predicate {
            "ne" => true,
            "eq" => false,
            "lt" | "le" => int_on_left,
            _ => !int_on_left,
        };
        let when_float_is_two_to_63 = self.op(format!("arith.constant {int_is_smaller}"));
        let exact = self.op(format!("arith.select {below_two_to_63}, {ints_compared}, {when_float_is_two_to_63} : i1"));
        self.op(format!("arith.select {tie}, {exact}, {compared} : i1"))
    }

    /// `a < b < c`: each comparison after the first runs only if the ones before held.
    fn emit_compare(&mut self, left: &Expr, ops: &[CmpOp], comparators: &[Expr], expr: &Expr) -> Result<Value, Diagnostic> {
        if let Some(truth) = self.walker().static_truth(expr)? {
            self.emit_expr(left)?;
            self.emit_expr(&comparators[0])?;
            return Ok(self.constant_value(Constant::Bool(truth), &location(self.module, expr)));
        }
        let left_value = self.emit_operand(left)?;
        if let [op @ (CmpOp::Is | CmpOp::IsNot)] = ops {
            return self.emit_identity((left_value, left), &comparators[0], *op == CmpOp::IsNot, expr);
        }
        self.compare_chain((left_value, left), ops, comparators, expr)
    }

    /// `a is b` where typing could not decide: the same array (descriptor words: address, shape
    /// and strides) or container (handle); numbers, strings and tuples, which have no identity in
    /// compiled code, are the same when equal, as Numba's `is` falls back to `==`.
    fn emit_identity(&mut self, (left, left_expr): (Value, &Expr), right_expr: &Expr, negated: bool, expr: &Expr) -> Result<Value, Diagnostic> {
        let right = self.emit_expr(right_expr)?;
        if !matches!(left, Value::Array(..) | Value::List(..) | Value::Dict(..) | Value::Set(..)) {
            let op = if negated { CmpOp::NotEq } else { CmpOp::Eq };
            return Ok(Value::Scalar(self.compare(op, (&left, left_expr), (&right, right_expr), expr)?, Scalar::Bool));
        }
        let loc = location(self.module, expr);
        let (mut left_words, mut right_words) = (Vec::new(), Vec::new());
        self.element_words(left, &mut left_words, &loc);
        self.element_words(right, &mut right_words, &loc);
        let mut same = self.op(format!("arith.constant true {loc}"));
        for ((left_word, _), (right_word, _)) in left_words.iter().zip(&right_words) {
            let equal = self.op(format!("py.cmp \"eq\", {left_word}, {right_word} : si64 {loc}"));
            same = self.op(format!("arith.andi {same}, {equal} : i1 {loc}"));
        }
        Ok(Value::Scalar(if negated { self.op(format!("py.not {same} : i1 {loc}")) } else { same }, Scalar::Bool))
    }

    fn compare_chain(&mut self, (left, left_expr): (Value, &Expr), ops: &[CmpOp], comparators: &[Expr], expr: &Expr) -> Result<Value, Diagnostic> {
        let right = self.emit_operand(&comparators[0])?;
        let result = self.compare(ops[0], (&left, left_expr), (&right, &comparators[0]), expr)?;
        if ops.len() == 1 {
            return Ok(Value::Scalar(result, Scalar::Bool));
        }
        let loc = location(self.module, expr);
        self.emit_if_value(
            &result,
            &Type::Scalar(Scalar::Bool),
            |this| this.compare_chain((right.clone(), &comparators[0]), &ops[1..], &comparators[1..], expr),
            |this| Ok(this.constant_value(Constant::Bool(false), &loc)),
        )
    }

    /// `x in (a, b, ...)`: whether `x` equals an item (`not in`: none).
    fn emit_tuple_contains(&mut self, needle: &Expr, items: &Expr, negated: bool, expr: &Expr) -> Result<Value, Diagnostic> {
        let loc = location(self.module, expr);
        let needle_value = self.emit_expr(needle)?;
        let Value::Tuple(elements, _) = self.emit_expr(items)? else { unreachable!("typing found a tuple") };
        let mut found = self.op(format!("arith.constant false {loc}"));
        for element in &elements {
            let equal = self.compare(CmpOp::Eq, (&needle_value, needle), (element, items), expr)?;
            found = self.op(format!("arith.ori {found}, {equal} : i1 {loc}"));
        }
        if negated {
            found = self.op(format!("py.not {found} : i1 {loc}"));
        }
        Ok(Value::Scalar(found, Scalar::Bool))
    }

    /// `x is None` / `x is not None` (or `==`/`!=` None) on an optional number: its flag.
    fn emit_is_none(&mut self, left: &Expr, right: &Expr, negated: bool) -> Result<Value, Diagnostic> {
        let (left, right) = (self.emit_expr_optional(left)?, self.emit_expr_optional(right)?);
        let ((Value::Optional(flag, _), _) | (_, Value::Optional(flag, _))) = (left, right) else {
            unreachable!("inference leaves run-time 'is' to optional numbers and None")
        };
        let (flag, _) = flag.scalar().expect("an optional's flag is a bool");
        Ok(Value::Scalar(if negated { flag.to_string() } else { self.op(format!("py.not {flag} : i1")) }, Scalar::Bool))
    }

    /// `a and b` / `a or b`: Python's short-circuit, giving back an operand converted to the joined type.
    fn emit_bool_op(&mut self, op: BoolOp, values: &[Expr], expr: &Expr) -> Result<Value, Diagnostic> {
        let mut joined = Type::Unknown;
        for value in values {
            let value_type = self.walker().expr_type_optional(value)?;
            joined = crate::types::unify(&joined, &value_type).ok_or_else(|| self.module.typing(expr, "operands do not unify"))?;
        }
        self.bool_chain(op, values, &joined, expr)
    }

    fn bool_chain(&mut self, op: BoolOp, values: &[Expr], joined: &Type, expr: &Expr) -> Result<Value, Diagnostic> {
        let first = self.emit_expr_optional(&values[0])?;
        let first = self.convert(first, joined, &values[0])?;
        if values.len() == 1 {
            return Ok(first);
        }
        if !matches!(first, Value::Scalar(..) | Value::Optional(..)) {
            return Err(self.module.typing(expr, format!("'{}' works on scalars", op.as_str())));
        }
        let truth = self.truth(first.clone(), &values[0])?;
        let rest = |this: &mut Self| this.bool_chain(op, &values[1..], joined, expr);
        let keep = |_: &mut Self| Ok(first.clone());
        match op {
            BoolOp::And => self.emit_if_value(&truth, joined, rest, keep),
            BoolOp::Or => self.emit_if_value(&truth, joined, keep, rest),
        }
    }

    fn emit_call(&mut self, call: &ExprCall) -> Result<Value, Diagnostic> {
        let module = self.module;
        let loc = location(module, call);

        if let Some(truth) = self.walker().call_truth(call)? {
            return Ok(self.constant_value(Constant::Bool(truth), &loc));
        }
        if let Some(method) = self.walker().instance_method(call)? {
            return self.emit_callee_call(call, method);
        }
        if let Some(replace) = self.walker().namedtuple_replace(call)? {
            let Value::Tuple(mut elements, _) = self.emit_expr(replace.receiver)? else { unreachable!("a namedtuple is a tuple") };
            for (position, value) in replace.replaced {
                elements[position] = self.emit_expr(value)?;
            }
            return Ok(Value::Tuple(elements, Some(replace.class)));
        }
        if let Some((receiver, read)) = self.walker().literal_container_method(call)? {
            return self.emit_literal_read(call, receiver, read);
        }
        let bindings = &self.bindings;
        if let Some(name) = crate::cuda::intrinsic_name(module, call, &|name| bindings.contains_key(name)) {
            return self.emit_cuda_intrinsic(call, &name);
        }
        if let Some((receiver, _, method)) = self.walker().list_receiver(call)? {
            return self.emit_list_method(call, receiver, method);
        }
        if let Some((receiver, _, _, method)) = self.walker().dict_receiver(call)? {
            return self.emit_dict_method(call, receiver, method);
        }
        if let Some((receiver, _, method)) = self.walker().set_receiver(call)? {
            return self.emit_set_method(call, receiver, method);
        }
        match self.walker().typed_empty_container_type(call)? {
            Some(Type::Dict(key, value)) => return self.emit_empty_dict(call, *key, *value),
            Some(Type::List(element)) => return self.emit_empty_list(call, *element),
            _ => {}
        }
        if let Some((helper, arrays, axis)) = self.walker().list_join(call)? {
            let arguments = vec![self.emit_expr(arrays)?, self.constant_value(Constant::Int(axis as i64), &loc)];
            return self.emit_compiled_call(&helper, arguments, call);
        }
        let bindings = &self.bindings;
        if let Some(array_call) = crate::array_calls::array_call(module, call, &|name| bindings.contains_key(name))? {
            return self.emit_array_call(call, array_call);
        }
        let callee = match &*call.func {
            Expr::Name(name) if self.bindings.contains_key(name.id.as_str()) => match self.expr_type(&call.func)? {
                Type::Function(global) => crate::infer::function_value_callee(module, &global),
                Type::DType(scalar) => crate::infer::dtype_callee(module, scalar, call)?,
                _ => crate::infer::resolve_callee(module, call, &|_| true)?,
            },
            Expr::Call(_) if self.walker().called_dtype(call)?.is_some() => {
                let scalar = self.walker().called_dtype(call)?.expect("checked by the guard");
                crate::infer::dtype_callee(module, scalar, call)?
            }
            _ => {
                let bindings = &self.bindings;
                crate::infer::resolve_callee(module, call, &|name| bindings.contains_key(name))?
            }
        };
        if let Callee::Builtin("print") = callee {
            return self.emit_print(call);
        }
        if let (Callee::Builtin("set"), true) = (&callee, call.arguments.is_empty()) {
            return self.emit_empty_set(call);
        }
        if let Some(dunder) = self.walker().instance_dunder(&callee, call)? {
            return self.emit_callee_call(call, dunder);
        }
        self.emit_callee_call(call, callee)
    }

    /// `call` of `callee`: its arguments, then the call.
    fn emit_callee_call(&mut self, call: &ExprCall, callee: Callee) -> Result<Value, Diagnostic> {
        let module = self.module;
        let loc = location(module, call);
        let argument_exprs = crate::infer::call_arguments(module, call, &callee)?;
        if let Some(starred) = argument_exprs.iter().find(|argument| matches!(argument, Expr::Starred(_))) {
            return Err(module.unsupported(*starred, "star-arguments are not supported"));
        }
        // Evaluated in the order they are written (keywords too); defaults, literals, last.
        let mut order: Vec<usize> = (0..argument_exprs.len()).collect();
        order.sort_by_key(|&position| (!call.range().contains_range(argument_exprs[position].range()), argument_exprs[position].range().start()));
        let mut evaluated = vec![Value::None; argument_exprs.len()];
        let keeps_optional = crate::infer::keeps_optional_arguments(&callee);
        for position in order {
            let argument = argument_exprs[position];
            if let (Callee::Class(class), 0) = (&callee, position) {
                evaluated[0] = self.new_instance(class, call)?;
                continue;
            }
            evaluated[position] = match (crate::infer::listed_tuple(&callee, argument), crate::infer::listed_array(&callee, argument)) {
                (Some(items), _) => Value::Tuple(items.iter().map(|item| self.emit_expr(item)).collect::<Result<_, _>>()?, None),
                (_, Some(array)) => {
                    let array_type = crate::array_calls::array_call_type(module, call, &array, &mut |expr| self.expr_type(expr))?;
                    self.emit_from_values(call, argument, true, &array_type)?
                }
                (None, None) if keeps_optional => self.emit_expr_optional(argument)?,
                (None, None) if crate::infer::reads_elements(&callee) => self.emit_operand(argument)?,
                (None, None) => self.emit_expr(argument)?,
            };
        }
        let arguments = evaluated;
        let argument_types: Vec<Type> = arguments.iter().map(Value::value_type).collect();
        match callee {
            Callee::Function(name) | Callee::Method(name) => self.emit_compiled_call(&name, arguments, call),
            Callee::Overload(key) | Callee::OverloadMethod(key) => {
                let name = crate::infer::overload_implementation(module, call, &key, &argument_types)?;
                let mut arguments = arguments;
                for default in crate::infer::omitted_defaults(module, &name, argument_types.len()) {
                    arguments.push(self.emit_expr(default)?);
                }
                self.emit_compiled_call(&name, arguments, call)
            }
            Callee::TupleClass(class) => Ok(Value::Tuple(arguments, Some(class))),
            Callee::Class(class) => {
                let instance = arguments[0].clone();
                if let Some(init) = module.class_member(&class, "__init__", crate::resolve::MemberKind::Method) {
                    self.emit_compiled_call(init, arguments, call)?;
                }
                Ok(instance)
            }
            Callee::Math(name) => self.emit_scalar_function(call, "math", &name, arguments, &loc),
            Callee::Random(name) => {
                crate::infer::random_type(module, call, &name, &argument_types)?;
                match name.as_str() {
                    "seed" => {
                        let seed = self.to_scalar(arguments[0].clone(), INT64, call)?;
                        self.line(format!("py.seed {seed} : si64 {loc}"));
                        Ok(Value::None)
                    }
                    "uniform" => {
                        let low = self.to_scalar(arguments[0].clone(), FLOAT64, call)?;
                        let high = self.to_scalar(arguments[1].clone(), FLOAT64, call)?;
                        let draw = self.op(format!("py.random : f64 {loc}"));
                        let span = self.op(format!("py.sub {high}, {low} : f64 {loc}"));
                        let scaled = self.op(format!("py.mul {span}, {draw} : f64 {loc}"));
                        Ok(Value::Scalar(self.op(format!("py.add {low}, {scaled} : f64 {loc}")), FLOAT64))
                    }
                    "getrandbits" => {
                        let bits = self.to_scalar(arguments[0].clone(), INT64, call)?;
                        let (zero, most) = (self.si64(0, &loc), self.si64(64, &loc));
                        let negative = self.op(format!("py.cmp \"lt\", {bits}, {zero} : si64 {loc}"));
                        self.raise_if(&negative, "ValueError", "number of bits must be non-negative", call)?;
                        let wide = self.op(format!("py.cmp \"gt\", {bits}, {most} : si64 {loc}"));
                        self.raise_if(&wide, "OverflowError", "compiled code draws at most 64 random bits at a time", call)?;
                        let drawn = self.call_runtime(RANDOM_BITS, &[bits], &loc);
                        let unsigned = Scalar::Int { bits: 64, signed: false };
                        Ok(Value::Scalar(self.cast(&drawn, INT64, unsigned, &loc), unsigned))
                    }
                    "randint" | "randrange" => {
                        let mut bounds = Vec::new();
                        for argument in &arguments {
                            bounds.push(self.to_scalar(argument.clone(), INT64, call)?);
                        }
                        let one = self.si64(1, &loc);
                        let zero = self.si64(0, &loc);
                        // randint(a, b) is randrange(a, b + 1); randrange(stop) starts at 0.
                        let (start, stop, step) = match (name.as_str(), &bounds[..]) {
                            ("randint", [low, high]) => (low.clone(), self.op(format!("py.add {high}, {one} : si64 {loc}")), None),
                            (_, [stop]) => (zero.clone(), stop.clone(), None),
                            (_, [start, stop]) => (start.clone(), stop.clone(), None),
                            (_, [start, stop, step]) => (start.clone(), stop.clone(), Some(step.clone())),
                            _ => unreachable!("typing counted the bounds"),
                        };
                        let width = self.op(format!("py.sub {stop}, {start} : si64 {loc}"));
                        // How many values the range holds: CPython's `(width + step - 1) // step`
                        // (`+ 1` for a negative step).
                        let count = match &step {
                            None => width,
                            Some(step) => {
                                let is_zero = self.op(format!("py.cmp \"eq\", {step}, {zero} : si64 {loc}"));
                                self.raise_if(&is_zero, "ValueError", "zero step for randrange()", call)?;
                                let safe_step = self.op(format!("arith.select {is_zero}, {one}, {step} : si64"));
                                let positive = self.op(format!("py.cmp \"gt\", {safe_step}, {zero} : si64 {loc}"));
                                let minus_one = self.si64(-1, &loc);
                                let adjust = self.op(format!("arith.select {positive}, {minus_one}, {one} : si64"));
                                let padded = self.op(format!("py.add {width}, {safe_step} : si64 {loc}"));
                                let padded = self.op(format!("py.add {padded}, {adjust} : si64 {loc}"));
                                self.op(format!("py.floordiv {padded}, {safe_step} : si64 {loc}"))
                            }
                        };
                        let empty = self.op(format!("py.cmp \"le\", {count}, {zero} : si64 {loc}"));
                        self.raise_if(&empty, "ValueError", "empty range for randrange()", call)?;
                        let safe_count = self.op(format!("arith.select {empty}, {one}, {count} : si64"));
                        let drawn = self.call_runtime(RANDOM_BELOW, &[safe_count], &loc);
                        let offset = match &step {
                            None => drawn,
                            Some(step) => self.op(format!("py.mul {drawn}, {step} : si64 {loc}")),
                        };
                        Ok(Value::Scalar(self.op(format!("py.add {start}, {offset} : si64 {loc}")), INT64))
                    }
                    _ => Ok(Value::Scalar(self.op(format!("py.random : f64 {loc}")), FLOAT64)),
                }
            }
            Callee::NumpyRandom(name) => {
                crate::infer::numpy_random_type(module, call, &name, &argument_types)?;
                let (function, result) = match name.as_str() {
                    "_double" => (NUMPY_RANDOM, Some(FLOAT64)),
                    "_gauss" => (NUMPY_GAUSS, Some(FLOAT64)),
                    "_bounded" => (NUMPY_BOUNDED, Some(INT64)),
                    _ => (NUMPY_SEED, None),
                };
                let operands = match arguments.first() {
                    Some(argument) => vec![self.to_scalar(argument.clone(), INT64, call)?],
                    None => Vec::new(),
                };
                let drawn = self.call_runtime(function, &operands, &loc);
                Ok(result.map_or(Value::None, |scalar| Value::Scalar(drawn, scalar)))
            }
            Callee::Threads(name) => {
                crate::infer::threads_type(module, call, name, &argument_types)?;
                match arguments.first() {
                    Some(count) => {
                        let count = self.to_scalar(count.clone(), INT64, call)?;
                        let refused = self.call_runtime(SET_NUM_THREADS, &[count], &loc);
                        self.raise_if(&refused, "ValueError", "the number of threads must be between 1 and RUMBA_NUM_THREADS (or the number of processors)", call)?;
                        Ok(Value::None)
                    }
                    None => {
                        let function = if name == "get_num_threads" { GET_NUM_THREADS } else { GET_THREAD_ID };
                        Ok(Value::Scalar(self.call_runtime(function, &[], &loc), INT64))
                    }
                }
            }
            Callee::Lapack(routine) => {
                crate::infer::lapack_type(module, call, routine, &argument_types)?;
                let (mut operands, mut operand_types) = (Vec::new(), Vec::new());
                for (letter, argument) in routine.operands.chars().zip(arguments) {
                    let (operand, operand_type) = match letter {
                        'n' => (self.to_scalar(argument, INT64, call)?, INT64.mlir()),
                        'x' => (self.to_scalar(argument, FLOAT64, call)?, FLOAT64.mlir()),
                        _ => (argument.flat_names().remove(0), argument.value_type().flat_mlir().remove(0)),
                    };
                    operands.push(operand);
                    operand_types.push(operand_type);
                }
                let info = self.op(format!("py.lapack {:?}({}) : ({}) -> si64 {loc}", routine.name, operands.join(", "), operand_types.join(", ")));
                Ok(Value::Scalar(info, INT64))
            }
            Callee::Numpy(name) => self.emit_scalar_function(call, "numpy", &name, arguments, &loc),
            Callee::Builtin(name) => self.emit_builtin(call, name, arguments, &argument_types, &loc),
        }
    }

    /// A call of the compiled function `name` (of the module or the prelude) on `arguments`: its
    /// status checked, an exception in it taking the raise path.
    pub(super) fn emit_compiled_call(&mut self, name: &str, arguments: Vec<Value>, node: &dyn Ranged) -> Result<Value, Diagnostic> {
        let argument_types: Vec<Type> = arguments.iter().map(Value::value_type).collect();
        let Some(declared) = crate::infer::declared_call(self.module, name, &argument_types, node)? else {
            return self.emit_specialised_call(name, arguments, node);
        };
        // Numbers converted to the declared signature's, and the result to its return type.
        let mut converted = Vec::with_capacity(arguments.len());
        for (argument, declared_type) in arguments.into_iter().zip(&declared.arguments) {
            converted.push(match declared_type {
                Type::Scalar(scalar) => Value::Scalar(self.to_scalar(argument, *scalar, node)?, *scalar),
                Type::Optional(_) => self.convert(argument, declared_type, node)?,
                _ => argument,
            });
        }
        let loc = location(self.module, node);
        match (self.emit_specialised_call(name, converted, node)?, declared.result) {
            (Value::Scalar(value, scalar), Some(result)) => Ok(Value::Scalar(self.cast(&value, scalar, result, &loc), result)),
            (value, _) => Ok(value),
        }
    }

    /// `name` called on `arguments`, compiled for their types.
    fn emit_specialised_call(&mut self, name: &str, arguments: Vec<Value>, node: &dyn Ranged) -> Result<Value, Diagnostic> {
        let loc = location(self.module, node);
        let argument_types: Vec<Type> = arguments.iter().map(Value::value_type).collect();
        self.module_emitter.straight_line = false;
        let index = self.module_emitter.specialisations.specialise(name, &argument_types, node)?;
        let callee_types = self.module_emitter.specialisations.functions[index].clone();
        if std::iter::once(&callee_types.return_type).chain(&callee_types.arguments).any(Type::holds_handle) {
            self.note_arena_object();
        }
        let guarded = self.statement_may_have_raised;
        // `return g(x)` at the top level: the callee's status and results are the function's own
        // (not a helper the call's own emission calls in a region, such as a `KeyError` path).
        let tail = !guarded && !self.lines_are_nested() && self.tail_call == Some(node.range()) && callee_types.return_type == self.types.return_type;
        let emit_call = |this: &mut Self| -> Result<Value, Diagnostic> {
            let mut names = Vec::new();
            for argument in &arguments {
                names.extend(argument.flat_names());
            }
            let parameter_types: Vec<String> = callee_types.arguments.iter().flat_map(Type::flat_mlir).collect();
            let mut result_types = vec!["i32".to_string()];
            result_types.extend(callee_types.return_type.flat_mlir());
            let results = this.fresh();
            this.line(format!(
                "{results}:{} = func.call @{}({}) : ({}) -> ({}) {loc}",
                result_types.len(),
                callee_types.symbol,
                names.join(", "),
                parameter_types.join(", "),
                result_types.join(", ")
            ));
            let mut values = (1..result_types.len()).map(|position| format!("{results}#{position}"));
            if tail {
                this.tail_results = Some((0..result_types.len()).map(|position| format!("{results}#{position}")).collect());
                return Ok(unflatten(&callee_types.return_type, &mut values));
            }
            let zero = this.i32_constant(0);
            let failed = this.op(format!("arith.cmpi ne, {results}#0, {zero} : i32"));
            let status = this.status_slot.clone();
            let (lines, ()) = this.region(|inner| {
                inner.store(&format!("{results}#0"), &status, "i32");
                inner.set_state(STATE_EXIT);
                inner.line("scf.yield");
                Ok(())
            })?;
            this.emit_if(&failed, lines, None);
            Ok(unflatten(&callee_types.return_type, &mut values))
        };
        let value = if guarded {
            let running = self.running();
            let return_type = callee_types.return_type.clone();
            self.emit_if_value(&running, &return_type, emit_call, |this| Ok(this.zero_of(&return_type, &loc)))?
        } else {
            emit_call(self)?
        };
        self.statement_may_have_raised = true;
        self.raise_points += 1;
        Ok(value)
    }

    /// `math.f(x)` (Python's semantics: floats in, `floor`/`ceil`/`trunc` give ints) or `np.f(x)` on
    /// numbers (the ufunc's kernel, NumPy's result type), and NumPy's scalar constructors.
    fn emit_scalar_function(&mut self, call: &ExprCall, namespace: &str, name: &str, arguments: Vec<Value>, loc: &str) -> Result<Value, Diagnostic> {
        let Type::Scalar(result) = self.expr_type(&Expr::Call(call.clone()))? else { unreachable!("scalar functions return scalars") };
        let values: Vec<(String, Scalar)> = arguments.iter().map(|argument| argument.scalar().map(|(value, scalar)| (value.to_string(), scalar)).expect("inference admits numbers only")).collect();
        if namespace == "numpy" {
            if Scalar::from_name(name).is_some() {
                return Ok(Value::Scalar(self.cast(&values[0].0, values[0].1, result, loc), result));
            }
            let op = crate::infer::ElementwiseOp::Numpy(name.to_string()).as_operator();
            return Ok(Value::Scalar(self.elementwise_kernel(&op, &values, result, None, call)?, result));
        }
        let kernel = crate::ufuncs::math_kernel(name).ok_or_else(|| self.module.unsupported(&*call.func, format!("math.{name} is not supported yet")))?;
        // Computed in the float type (float32 stays), then converted to Python's int or bool.
        let float_type = if result.is_float() { result } else { FLOAT64 };
        let values: Vec<(String, Scalar)> = values.into_iter().map(|(value, scalar)| (self.cast(&value, scalar, float_type, loc), float_type)).collect();
        let computed = if result == Scalar::Bool { Scalar::Bool } else { float_type };
        let value = self.ufunc_kernel(kernel, &values, computed, loc);
        if result.is_integer() {
            return Ok(Value::Scalar(self.float_to_integer(&value, float_type, result, call)?, result));
        }
        Ok(Value::Scalar(value, result))
    }

    fn emit_builtin(&mut self, call: &ExprCall, name: &str, arguments: Vec<Value>, argument_types: &[Type], loc: &str) -> Result<Value, Diagnostic> {
        let result = crate::infer::builtin_type(self.module, call, name, argument_types)?;
        let Type::Scalar(result) = result else { unreachable!("builtins return scalars") };
        match name {
            "len" => match &arguments[0] {
                Value::Array(array, array_type) => Ok(self.dim(array, *array_type, 0, loc)),
                Value::Tuple(elements, _) => Ok(self.constant_value(Constant::Int(elements.len() as i64), loc)),
                Value::List(list, element) => Ok(Value::Scalar(self.list_length(list, element, loc), INT64)),
                Value::Dict(dict, ..) | Value::Set(dict, _) => Ok(Value::Scalar(self.dict_length(dict, loc), INT64)),
                _ => unreachable!("builtin_type checks len's argument"),
            },
            "complex" if argument_types[0].scalar().is_some_and(Scalar::is_complex) => {
                let argument = arguments.into_iter().next().expect("complex() of one complex number");
                Ok(Value::Scalar(self.to_scalar(argument, COMPLEX128, call)?, COMPLEX128))
            }
            "complex" => {
                let parts: Vec<String> = arguments
                    .into_iter()
                    .zip(call.arguments.args.iter())
                    .map(|(argument, expr)| self.to_scalar(argument, FLOAT64, expr))
                    .collect::<Result<_, _>>()?;
                let imag = match parts.get(1) {
                    Some(imag) => imag.clone(),
                    None => self.scalar_constant(FLOAT64, Constant::Float(0.0), loc),
                };
                Ok(Value::Scalar(self.op(format!("complex.create {}, {imag} : complex<f64> {loc}", parts[0])), COMPLEX128))
            }
            "abs" if argument_types[0].scalar().is_some_and(Scalar::is_complex) => {
                let Value::Scalar(operand, complex) = &arguments[0] else { unreachable!("builtin_type checks abs's argument") };
                let operand = self.cast(operand, *complex, COMPLEX128, loc);
                let real = self.op(format!("complex.re {operand} : complex<f64> {loc}"));
                let imag = self.op(format!("complex.im {operand} : complex<f64> {loc}"));
                let magnitude = self.op(format!("py.math \"hypot\"({real}, {imag}) : (f64, f64) -> f64 {loc}"));
                Ok(Value::Scalar(self.cast(&magnitude, FLOAT64, complex.part(), loc), complex.part()))
            }
            "abs" => {
                let operand = self.to_scalar(arguments[0].clone(), result, &call.arguments.args[0])?;
                Ok(Value::Scalar(self.op(format!("py.math \"abs\"({operand}) : ({0}) -> {0} {loc}", result.mlir())), result))
            }
            "min" | "max" => {
                let mut operands = Vec::new();
                for (argument, expr) in arguments.into_iter().zip(call.arguments.args.iter()) {
                    operands.push(self.to_scalar(argument, result, expr)?);
                }
                let mut accumulated = operands[0].clone();
                for operand in &operands[1..] {
                    accumulated = self.op(format!("py.{name} {accumulated}, {operand} : {} {loc}", result.mlir()));
                }
                Ok(Value::Scalar(accumulated, result))
            }
            "bool" => match &arguments[0] {
                Value::Tuple(elements, _) => Ok(self.constant_value(Constant::Bool(!elements.is_empty()), loc)),
                other => Ok(Value::Scalar(self.to_scalar(other.clone(), result, &call.arguments.args[0])?, result)),
            },
            "hash" => {
                let Value::Scalar(operand, from) = &arguments[0] else { unreachable!("builtin_type takes the hash of numbers") };
                if from.is_float() {
                    let operand = self.cast(operand, *from, FLOAT64, loc);
                    return Ok(Value::Scalar(self.call_runtime(HASH_FLOAT, &[operand], loc), INT64));
                }
                let unsigned = self.si64(i64::from(*from == Scalar::Int { bits: 64, signed: false }), loc);
                let operand = self.cast(operand, *from, INT64, loc);
                Ok(Value::Scalar(self.call_runtime(HASH_INT, &[operand, unsigned], loc), INT64))
            }
            "int" => match &arguments[0] {
                Value::Scalar(operand, from) if from.is_float() => Ok(Value::Scalar(self.float_to_integer(operand, *from, result, call)?, result)),
                other => Ok(Value::Scalar(self.to_scalar(other.clone(), result, &call.arguments.args[0])?, result)),
            },
            _ => Ok(Value::Scalar(self.to_scalar(arguments[0].clone(), result, &call.arguments.args[0])?, result)),
        }
    }
}
