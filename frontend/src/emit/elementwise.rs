//! Elementwise array expressions: a tree of operators and ufuncs on arrays fused into one `py.map`
//! whose region is the scalar kernel, with NumPy's broadcasting checks.

use super::*;

impl FunctionEmitter<'_, '_, '_> {
    /// Whether `expr` is an elementwise operation producing an array (fused into one `py.map`).
    pub(super) fn is_elementwise(&mut self, expr: &Expr) -> Result<bool, Diagnostic> {
        let candidate = match expr {
            Expr::BinOp(binary) => binary.op != Operator::MatMult,
            Expr::UnaryOp(_) => true,
            Expr::Compare(compare) => compare.ops.len() == 1,
            Expr::Call(call) => {
                let bindings = &self.bindings;
                let is_local = |name: &str| bindings.contains_key(name);
                crate::array_calls::array_call(self.module, call, &is_local)?.is_none()
                    && crate::infer::ufunc_out(self.module, call, &is_local).is_none()
                    && matches!(crate::infer::resolve_callee(self.module, call, &is_local), Ok(callee) if crate::infer::elementwise_callee(&callee).is_some() || self.vectorized_kernel(&callee).is_some())
            }
            _ => false,
        };
        Ok(candidate && matches!(self.expr_type(expr)?, Type::Array(_)))
    }

    fn elementwise_children(expr: &Expr) -> Vec<&Expr> {
        match expr {
            Expr::BinOp(binary) => vec![&binary.left, &binary.right],
            Expr::UnaryOp(unary) => vec![&unary.operand],
            Expr::Compare(compare) => vec![&compare.left, &compare.comparators[0]],
            Expr::Call(call) => call.arguments.args.iter().collect(),
            _ => Vec::new(),
        }
    }

    /// One elementwise operation as a `py.map` over its operands (evaluated first; an operand that
    /// is itself an array expression is a `py.map` of its own, which the `parfor` pass fuses into
    /// this one), after checking that the array operands' shapes broadcast (ValueError otherwise).
    pub(super) fn emit_map(&mut self, root: &Expr, array_type: ArrayType) -> Result<Value, Diagnostic> {
        let module = self.module;
        let loc = location(module, root);
        let children = Self::elementwise_children(root);
        let mut operands = Vec::new();
        for child in &children {
            operands.push(self.emit_operand(child)?);
        }
        let sources: Vec<(String, ArrayType)> = operands
            .iter()
            .filter_map(|operand| match operand {
                Value::Array(name, array) => Some(self.broadcast_sources.get(name).cloned().unwrap_or_else(|| vec![(name.clone(), *array)])),
                _ => None,
            })
            .flatten()
            .collect();
        if sources.is_empty() {
            return Err(module.typing(root, "an array expression needs an array"));
        }
        if operands.iter().filter(|operand| matches!(operand, Value::Array(..))).count() > 1 {
            self.broadcast_extents(&sources, array_type.ndim, Some(root), &loc)?;
        }
        let mut arguments = Vec::new();
        let mut operand_types = Vec::new();
        let mut elements = Vec::new();
        for (child, operand) in children.iter().zip(&operands) {
            let (element, operand_type) = match operand {
                Value::Array(_, array) => (array.dtype, Type::Array(*array).flat_mlir()[0].clone()),
                Value::Scalar(_, scalar) => (*scalar, scalar.mlir()),
                other => return Err(module.typing(*child, format!("array expressions take arrays and numbers, got {}", other.value_type()))),
            };
            let argument = self.fresh();
            arguments.push(format!("{argument}: {}", element.mlir()));
            operand_types.push(operand_type);
            elements.push((argument, element));
        }
        let (lines, ()) = self.region(|this| {
            let (value, scalar) = this.emit_kernel(root, &elements)?;
            let value = this.cast(&value, scalar, array_type.dtype, &loc);
            this.line(format!("py.yield {value} : {}", array_type.dtype.mlir()));
            Ok(())
        })?;
        let names: Vec<String> = operands.iter().flat_map(Value::flat_names).collect();
        let result = self.fresh();
        let header = format!(
            "{result} = py.map {} : ({}) -> {} {{",
            names.join(", "),
            operand_types.join(", "),
            Type::Array(array_type).flat_mlir()[0]
        );
        let mut body = vec![format!("^bb0({}):", arguments.join(", "))];
        body.extend(lines);
        self.push_region(header, vec![(String::new(), body)], format!("}} {loc}"));
        self.broadcast_sources.insert(result.clone(), sources);
        Ok(Value::Array(result, array_type))
    }

    /// The broadcast extents of arrays in a result of `ndim` dimensions (NumPy's rule: aligned on the
    /// last dimension, an extent of 1 gives way to the other). With a `check` node, raises ValueError
    /// there unless the extents are equal or 1.
    pub(super) fn broadcast_extents(&mut self, arrays: &[(String, ArrayType)], ndim: usize, check: Option<&dyn Ranged>, loc: &str) -> Result<Vec<String>, Diagnostic> {
        let one = self.scalar_constant(INT64, Constant::Int(1), loc);
        let mut extents = Vec::new();
        for dim in 0..ndim {
            let mut broadcast: Option<String> = None;
            for (array, array_type) in arrays {
                let Some(own_dim) = (dim + array_type.ndim).checked_sub(ndim) else { continue };
                let Value::Scalar(extent, _) = self.dim(array, *array_type, own_dim, loc) else { unreachable!("a dimension is a number") };
                let Some(current) = broadcast else {
                    broadcast = Some(extent);
                    continue;
                };
                let current_one = self.op(format!("py.cmp \"eq\", {current}, {one} : si64 {loc}"));
                if let Some(node) = check {
                    let differs = self.op(format!("py.cmp \"ne\", {extent}, {current} : si64 {loc}"));
                    let extent_one = self.op(format!("py.cmp \"eq\", {extent}, {one} : si64 {loc}"));
                    let either_one = self.op(format!("arith.ori {extent_one}, {current_one} : i1"));
                    let kept = self.op(format!("py.not {either_one} : i1 {loc}"));
                    let incompatible = self.op(format!("arith.andi {differs}, {kept} : i1"));
                    self.raise_if(&incompatible, "ValueError", "operands could not be broadcast together", node)?;
                }
                broadcast = Some(self.op(format!("arith.select {current_one}, {extent}, {current} : si64")));
            }
            extents.push(broadcast.expect("the result's rank is some array's"));
        }
        Ok(extents)
    }

    /// The kernel of a `@vectorize` ufunc a call calls, if it does.
    fn vectorized_kernel(&self, callee: &crate::infer::Callee) -> Option<String> {
        match callee {
            crate::infer::Callee::Function(name) if self.module.is_vectorized(name) => Some(name.clone()),
            _ => None,
        }
    }

    /// The scalar kernel of one elementwise operation on its operands' `elements`.
    fn emit_kernel(&mut self, expr: &Expr, elements: &[(String, Scalar)]) -> Result<(String, Scalar), Diagnostic> {
        let module = self.module;
        if let Expr::Call(call) = expr {
            let callee = crate::infer::resolve_callee(module, call, &|name| self.bindings.contains_key(name))?;
            if let Some(kernel) = self.vectorized_kernel(&callee) {
                // A `@vectorize` kernel: called on the elements, as its ufunc's loop calls it.
                let values = elements.iter().map(|(name, scalar)| Value::Scalar(name.clone(), *scalar)).collect();
                let result = self.emit_compiled_call(&kernel, values, expr)?;
                let Value::Scalar(result, scalar) = result else { unreachable!("typing checked that the kernel returns a number") };
                return Ok((result, scalar));
            }
        }
        let mut child_types = Vec::new();
        let children = Self::elementwise_children(expr);
        for child in &children {
            child_types.push(self.expr_type(child)?);
        }
        let child_types = self.walker().numpy_scalars_as_arrays(&children, child_types)?;
        let values = elements;
        let op = match expr {
            Expr::BinOp(binary) => crate::infer::ElementwiseOp::Binary(binary.op),
            Expr::UnaryOp(unary) => crate::infer::ElementwiseOp::Unary(unary.op),
            Expr::Compare(compare) => crate::infer::ElementwiseOp::Compare(compare.ops[0]),
            Expr::Call(call) => match crate::infer::elementwise_callee(&crate::infer::resolve_callee(module, call, &|name| self.bindings.contains_key(name))?) {
                Some(name) => crate::infer::ElementwiseOp::Numpy(name),
                None => return Err(module.unsupported(expr, "unsupported call in an array expression")),
            },
            other => return Err(module.unsupported(other, "unsupported array expression")),
        }
        .as_operator();
        let result = crate::infer::elementwise_scalar(module, &op, &child_types, expr)?;
        let exponent = children.get(1).and_then(|exponent| literal_constant(exponent));
        Ok((self.elementwise_kernel(&op, values, result, exponent, expr)?, result))
    }

    /// The scalar kernel of `op` on `values`, computing `result`, by NumPy's rules: no exceptions
    /// (float division by zero gives inf or nan, integer floor division and modulo by zero give 0).
    pub(super) fn elementwise_kernel(&mut self, op: &crate::infer::ElementwiseOp, values: &[(String, Scalar)], result: Scalar, exponent: Option<Constant>, expr: &dyn Ranged) -> Result<String, Diagnostic> {
        let module = self.module;
        let loc = location(module, expr);
        if values.iter().any(|(_, scalar)| scalar.is_complex()) {
            // complex64 is computed as complex128 and rounded to the result's type.
            let wide = match result {
                Scalar::Complex { .. } => COMPLEX128,
                Scalar::Float { .. } => FLOAT64,
                other => other,
            };
            let computed = self.complex_elementwise(op, values, exponent, &loc);
            return Ok(self.cast(&computed, wide, result, &loc));
        }
        Ok(match op {
            crate::infer::ElementwiseOp::Binary(operator) => {
                let operand_type = result;
                let lhs = self.cast(&values[0].0, values[0].1, operand_type, &loc);
                let rhs = self.cast(&values[1].0, values[1].1, operand_type, &loc);
                let ty = operand_type.mlir();
                let Some(mnemonic) = binary_mnemonic(*operator) else {
                    return Err(module.unsupported(expr, format!("'{}' on arrays is not supported yet", operator.as_str())));
                };
                if operand_type == Scalar::Bool && matches!(operator, Operator::Add | Operator::Mult) {
                    let mnemonic = if *operator == Operator::Add { "ori" } else { "andi" };
                    self.op(format!("arith.{mnemonic} {lhs}, {rhs} : i1"))
                } else if *operator == Operator::Pow && exponent == Some(Constant::Float(0.5)) {
                    // NumPy computes `a ** 0.5` as sqrt (so -0.0 stays -0.0 and -inf gives NaN).
                    self.op(format!("py.math \"sqrt\"({lhs}) : ({ty}) -> {ty} {loc}"))
                } else if let (Operator::Pow, Some(power)) = (*operator, small_power(exponent)) {
                    self.power_by_multiplication(&lhs, power, operand_type, &loc)
                } else if *operator == Operator::Pow && !operand_type.is_float() && !matches!(exponent, Some(Constant::Int(power)) if power >= 0) {
                    // NumPy raises for a negative exponent, which a kernel cannot.
                    return Err(module.unsupported(expr, "'**' on integer arrays is not supported yet but by a literal non-negative integer (NumPy raises for negative exponents); use a float base"));
                } else if matches!(operator, Operator::FloorDiv | Operator::Mod) && !operand_type.is_float() {
                    let zero = self.scalar_constant(operand_type, Constant::Int(0), &loc);
                    let one = self.scalar_constant(operand_type, Constant::Int(1), &loc);
                    let is_zero = self.op(format!("py.cmp \"eq\", {rhs}, {zero} : {ty} {loc}"));
                    let safe = self.op(format!("arith.select {is_zero}, {one}, {rhs} : {ty}"));
                    let value = self.op(format!("py.{mnemonic} {lhs}, {safe} : {ty} {loc}"));
                    self.op(format!("arith.select {is_zero}, {zero}, {value} : {ty}"))
                } else if *operator == Operator::FloorDiv && operand_type.is_float() {
                    // NumPy's floor division by zero is the true quotient: ±inf, or NaN for 0 // 0.
                    let zero = self.scalar_constant(operand_type, Constant::Float(0.0), &loc);
                    let is_zero = self.op(format!("py.cmp \"eq\", {rhs}, {zero} : {ty} {loc}"));
                    let quotient = self.op(format!("py.truediv {lhs}, {rhs} : {ty} {loc}"));
                    let floored = self.op(format!("py.floordiv {lhs}, {rhs} : {ty} {loc}"));
                    self.op(format!("arith.select {is_zero}, {quotient}, {floored} : {ty}"))
                } else {
                    self.op(format!("py.{mnemonic} {lhs}, {rhs} : {ty} {loc}"))
                }
            }
            crate::infer::ElementwiseOp::Compare(operator) => {
                let common = promote(values[0].1, values[1].1);
                let common = if common == Scalar::Bool { INT64 } else { common };
                let lhs = self.cast(&values[0].0, values[0].1, common, &loc);
                let rhs = self.cast(&values[1].0, values[1].1, common, &loc);
                let Some(predicate) = comparison_predicate(*operator) else {
                    return Err(module.unsupported(expr, format!("the '{}' comparison is not supported", operator.as_str())));
                };
                self.op(format!("py.cmp {predicate:?}, {lhs}, {rhs} : {} {loc}", common.mlir()))
            }
            crate::infer::ElementwiseOp::Unary(unary) => {
                let operand = self.cast(&values[0].0, values[0].1, result, &loc);
                match unary {
                    UnaryOp::UAdd => operand,
                    UnaryOp::USub => self.op(format!("py.neg {operand} : {} {loc}", result.mlir())),
                    // NumPy's `~` on booleans is logical not.
                    _ if result == Scalar::Bool => self.op(format!("py.not {operand} : i1 {loc}")),
                    _ => self.op(format!("py.invert {operand} : {} {loc}", result.mlir())),
                }
            }
            crate::infer::ElementwiseOp::Numpy(name) => {
                let kernel = crate::ufuncs::lookup(name).map(|ufunc| ufunc.kernel).ok_or_else(|| module.unsupported(expr, format!("np.{name} is not supported yet")))?;
                self.ufunc_kernel(kernel, values, result, &loc)
            }
        })
    }

    /// The scalar kernel of a ufunc that is not a Python operator, on `values`, computing `result`.
    pub(super) fn ufunc_kernel(&mut self, kernel: Kernel, values: &[(String, Scalar)], result: Scalar, loc: &str) -> String {
        let ty = result.mlir();
        let (first, first_type) = (values[0].0.as_str(), values[0].1);
        let as_result = |this: &mut Self, index: usize| this.cast(&values[index].0, values[index].1, result, loc);
        let truth = |this: &mut Self, index: usize| this.cast(&values[index].0, values[index].1, Scalar::Bool, loc);
        let float_constant = |this: &mut Self, value: f64| this.scalar_constant(result, Constant::Float(value), loc);
        match kernel {
            Kernel::Where => {
                let condition = truth(self, 0);
                let (if_true, if_false) = (as_result(self, 1), as_result(self, 2));
                self.op(format!("arith.select {condition}, {if_true}, {if_false} : {ty}"))
            }
            Kernel::IsNan | Kernel::IsInf | Kernel::IsFinite | Kernel::SignBit if !first_type.is_float() => {
                let negative = kernel == Kernel::SignBit && matches!(first_type, Scalar::Int { signed: true, .. });
                if negative {
                    let zero = self.scalar_constant(first_type, Constant::Int(0), loc);
                    self.op(format!("py.cmp \"lt\", {first}, {zero} : {} {loc}", first_type.mlir()))
                } else {
                    self.op(format!("arith.constant {}", kernel == Kernel::IsFinite))
                }
            }
            Kernel::IsNan => self.op(format!("py.cmp \"ne\", {first}, {first} : {} {loc}", first_type.mlir())),
            Kernel::IsInf | Kernel::IsFinite => {
                let float = first_type.mlir();
                let magnitude = self.op(format!("py.math \"fabs\"({first}) : ({float}) -> {float} {loc}"));
                let infinity = self.scalar_constant(first_type, Constant::Float(f64::INFINITY), loc);
                let predicate = if kernel == Kernel::IsInf { "eq" } else { "lt" };
                self.op(format!("py.cmp {predicate:?}, {magnitude}, {infinity} : {float} {loc}"))
            }
            Kernel::SignBit => {
                let bits = match first_type {
                    Scalar::Float { bits } => bits,
                    _ => 64,
                };
                let pattern = self.op(format!("arith.bitcast {first} : f{bits} to i{bits}"));
                let zero = self.op(format!("arith.constant 0 : i{bits}"));
                self.op(format!("arith.cmpi slt, {pattern}, {zero} : i{bits}"))
            }
            Kernel::Rounding(_) if !result.is_float() => as_result(self, 0),
            Kernel::Rounding(callee) | Kernel::Math(callee) => {
                let callee = match callee {
                    "fmin" if !result.is_float() => "minimum",
                    "fmax" if !result.is_float() => "maximum",
                    other => other,
                };
                let operands: Vec<String> = (0..values.len()).map(|index| as_result(self, index)).collect();
                let types = vec![ty.clone(); operands.len()].join(", ");
                self.op(format!("py.math {callee:?}({}) : ({types}) -> {ty} {loc}", operands.join(", ")))
            }
            Kernel::Square => {
                let operand = as_result(self, 0);
                self.op(format!("py.mul {operand}, {operand} : {ty} {loc}"))
            }
            Kernel::Reciprocal => {
                let (operand, one) = (as_result(self, 0), float_constant(self, 1.0));
                self.op(format!("py.truediv {one}, {operand} : {ty} {loc}"))
            }
            Kernel::Degrees | Kernel::Radians => {
                let operand = as_result(self, 0);
                let (numerator, denominator) = if kernel == Kernel::Degrees { (180.0, std::f64::consts::PI) } else { (std::f64::consts::PI, 180.0) };
                let factor = match result {
                    Scalar::Float { bits: 32 } => f64::from(numerator as f32 / denominator as f32),
                    _ => numerator / denominator,
                };
                let factor = float_constant(self, factor);
                self.op(format!("py.mul {operand}, {factor} : {ty} {loc}"))
            }
            Kernel::LogicalAnd | Kernel::LogicalOr | Kernel::LogicalXor => {
                let (lhs, rhs) = (truth(self, 0), truth(self, 1));
                let mnemonic = match kernel {
                    Kernel::LogicalAnd => "andi",
                    Kernel::LogicalOr => "ori",
                    _ => "xori",
                };
                self.op(format!("arith.{mnemonic} {lhs}, {rhs} : i1"))
            }
            Kernel::LogicalNot => {
                let operand = truth(self, 0);
                self.op(format!("py.not {operand} : i1 {loc}"))
            }
            Kernel::Heaviside => {
                let (x, at_zero) = (as_result(self, 0), as_result(self, 1));
                let (zero, one) = (float_constant(self, 0.0), float_constant(self, 1.0));
                let positive = self.op(format!("py.cmp \"gt\", {x}, {zero} : {ty} {loc}"));
                let is_zero = self.op(format!("py.cmp \"eq\", {x}, {zero} : {ty} {loc}"));
                let is_nan = self.op(format!("py.cmp \"ne\", {x}, {x} : {ty} {loc}"));
                let step = self.op(format!("arith.select {positive}, {one}, {zero} : {ty}"));
                let step = self.op(format!("arith.select {is_zero}, {at_zero}, {step} : {ty}"));
                self.op(format!("arith.select {is_nan}, {x}, {step} : {ty}"))
            }
            Kernel::Clip => {
                let (value, low, high) = (as_result(self, 0), as_result(self, 1), as_result(self, 2));
                let raised = self.op(format!("py.math \"maximum\"({value}, {low}) : ({ty}, {ty}) -> {ty} {loc}"));
                self.op(format!("py.math \"minimum\"({raised}, {high}) : ({ty}, {ty}) -> {ty} {loc}"))
            }
            Kernel::ComplexPart(_) => unreachable!("the complex parts are ufuncs of complex numbers"),
            Kernel::Binary(_) | Kernel::Unary(_) | Kernel::Compare(_) => unreachable!("ElementwiseOp::as_operator turns operator ufuncs into operators"),
        }
    }

    /// The scalar kernel of `op` with a complex operand, computed in complex128 (float64 for
    /// magnitudes and parts).
    fn complex_elementwise(&mut self, op: &crate::infer::ElementwiseOp, values: &[(String, Scalar)], exponent: Option<Constant>, loc: &str) -> String {
        if let crate::infer::ElementwiseOp::Binary(Operator::Pow) = op {
            let power = match exponent {
                Some(Constant::Int(power)) => power,
                Some(Constant::Float(power)) if power.fract() == 0.0 && power.abs() < 1e15 => power as i64,
                _ => {
                    let base = self.cast(&values[0].0, values[0].1, COMPLEX128, loc);
                    let exponent = self.cast(&values[1].0, values[1].1, COMPLEX128, loc);
                    return self.call_runtime(COMPLEX_POWER_NUMPY, &[base, exponent], loc);
                }
            };
            // NumPy's `a ** 2` and `a ** -1` with a Python int are `np.square` and
            // `np.reciprocal` (its fast scalar powers); the others are `npy_cpow`'s.
            return match (power, exponent) {
                (2, Some(Constant::Int(_))) => self.complex_kernel(&crate::infer::ElementwiseOp::Numpy("square".into()), &values[..1], loc),
                (-1, Some(Constant::Int(_))) => self.complex_kernel(&crate::infer::ElementwiseOp::Numpy("reciprocal".into()), &values[..1], loc),
                _ => {
                    let base = self.cast(&values[0].0, values[0].1, COMPLEX128, loc);
                    self.complex_power(&base, power, loc)
                }
            };
        }
        self.complex_kernel(op, values, loc)
    }

    /// The scalar kernel of `op` with a complex operand, as NumPy computes it: products with the
    /// real part fused (`fma(a, c, -bd)`, `fma(a, d, bc)`, as NumPy's vector loops on CPUs with
    /// FMA), quotients by Smith's method with the reciprocal of the scale (NumPy's), no exception
    /// for a zero divisor, and magnitudes as NumPy's vector loop scales them (`complex_magnitude`).
    /// `complex_result` has admitted `op`.
    fn complex_kernel(&mut self, op: &crate::infer::ElementwiseOp, values: &[(String, Scalar)], loc: &str) -> String {
        use crate::infer::ElementwiseOp;
        let complex = COMPLEX128.mlir();
        // `where`'s condition stays a boolean; every other operand is a complex number.
        let where_condition = matches!(op, ElementwiseOp::Numpy(name) if name == "where");
        let operands: Vec<String> = values.iter().enumerate().map(|(position, (value, scalar))| if where_condition && position == 0 { value.clone() } else { self.cast(value, *scalar, COMPLEX128, loc) }).collect();
        let part = |this: &mut Self, mnemonic: &str, value: &str| this.op(format!("complex.{mnemonic} {value} : {complex} {loc}"));
        let float = |this: &mut Self, mnemonic: &str, x: &str, y: &str| this.op(format!("arith.{mnemonic} {x}, {y} : f64 {loc}"));
        let create = |this: &mut Self, real: &str, imag: &str| this.op(format!("complex.create {real}, {imag} : {complex} {loc}"));
        let product = |this: &mut Self, lhs: &str, rhs: &str| {
            let ((a, b), (c, d)) = ((part(this, "re", lhs), part(this, "im", lhs)), (part(this, "re", rhs), part(this, "im", rhs)));
            let bd = float(this, "mulf", &b, &d);
            let minus_bd = this.op(format!("arith.negf {bd} : f64 {loc}"));
            let bc = float(this, "mulf", &b, &c);
            let real = this.op(format!("math.fma {a}, {c}, {minus_bd} : f64 {loc}"));
            let imag = this.op(format!("math.fma {a}, {d}, {bc} : f64 {loc}"));
            create(this, &real, &imag)
        };
        let kernel = match op {
            ElementwiseOp::Binary(operator) => match operator {
                Operator::Add | Operator::Sub => {
                    let mnemonic = if *operator == Operator::Add { "add" } else { "sub" };
                    return self.op(format!("complex.{mnemonic} {}, {} : {complex} {loc}", operands[0], operands[1]));
                }
                Operator::Mult => return product(self, &operands[0], &operands[1]),
                _ => return self.complex_quotient(&operands[0], &operands[1], loc),
            },
            ElementwiseOp::Unary(UnaryOp::USub) => return part(self, "neg", &operands[0]),
            ElementwiseOp::Unary(_) => return operands[0].clone(),
            ElementwiseOp::Compare(operator @ (CmpOp::Eq | CmpOp::NotEq)) => {
                let mnemonic = if *operator == CmpOp::Eq { "eq" } else { "neq" };
                return self.op(format!("complex.{mnemonic} {}, {} : {complex} {loc}", operands[0], operands[1]));
            }
            // NumPy orders complex numbers by real part, then imaginary part; a NaN imaginary
            // part makes a strict order of the real parts false (its `CLT`, `CLE`, `CGT`, `CGE`).
            ElementwiseOp::Compare(operator) => {
                let (real_predicate, imaginary_predicate) = match operator {
                    CmpOp::Lt => ("olt", "olt"),
                    CmpOp::LtE => ("olt", "ole"),
                    CmpOp::Gt => ("ogt", "ogt"),
                    _ => ("ogt", "oge"),
                };
                let ((xr, xi), (yr, yi)) = ((part(self, "re", &operands[0]), part(self, "im", &operands[0])), (part(self, "re", &operands[1]), part(self, "im", &operands[1])));
                let compare = |this: &mut Self, predicate: &str, x: &str, y: &str| this.op(format!("arith.cmpf {predicate}, {x}, {y} : f64 {loc}"));
                let real_ordered = compare(self, real_predicate, &xr, &yr);
                let imaginary_parts_numbers = compare(self, "ord", &xi, &yi);
                let by_real = self.op(format!("arith.andi {real_ordered}, {imaginary_parts_numbers} : i1"));
                let real_equal = compare(self, "oeq", &xr, &yr);
                let imaginary_ordered = compare(self, imaginary_predicate, &xi, &yi);
                let by_imaginary = self.op(format!("arith.andi {real_equal}, {imaginary_ordered} : i1"));
                return self.op(format!("arith.ori {by_real}, {by_imaginary} : i1"));
            }
            ElementwiseOp::Numpy(name) => crate::ufuncs::lookup(name).expect("complex_result admitted the ufunc").kernel,
        };
        if kernel == Kernel::Where {
            return self.op(format!("arith.select {}, {}, {} : {complex}", operands[0], operands[1], operands[2]));
        }
        let (real, imag) = (part(self, "re", &operands[0]), part(self, "im", &operands[0]));
        match kernel {
            Kernel::Math("abs") => self.complex_magnitude(&real, &imag, loc),
            Kernel::Math(name) => self.op(format!("complex.{name} {} : {complex} {loc}", operands[0])),
            Kernel::ComplexPart("re") => real,
            Kernel::ComplexPart("im") => imag,
            Kernel::ComplexPart(_) => self.op(format!("complex.conj {} : {complex} {loc}", operands[0])),
            Kernel::Square => product(self, &operands[0], &operands[0]),
            Kernel::Reciprocal => self.complex_reciprocal(&real, &imag, loc),
            Kernel::IsNan => {
                let (real_nan, imag_nan) = (float(self, "cmpf uno,", &real, &real), float(self, "cmpf uno,", &imag, &imag));
                self.op(format!("arith.ori {real_nan}, {imag_nan} : i1"))
            }
            _ => {
                let infinity = self.scalar_constant(FLOAT64, Constant::Float(f64::INFINITY), loc);
                let magnitudes = [self.op(format!("math.absf {real} : f64 {loc}")), self.op(format!("math.absf {imag} : f64 {loc}"))];
                let tests: Vec<String> = if kernel == Kernel::IsInf {
                    magnitudes.iter().map(|magnitude| float(self, "cmpf oeq,", magnitude, &infinity)).collect()
                } else {
                    magnitudes.iter().map(|magnitude| float(self, "cmpf olt,", magnitude, &infinity)).collect()
                };
                let combine = if kernel == Kernel::IsInf { "ori" } else { "andi" };
                self.op(format!("arith.{combine} {}, {} : i1", tests[0], tests[1]))
            }
        }
    }

    /// `|re + im·i|` as NumPy's vector loop computes it: `big * sqrt(fma(q, q, 1))` with `q` the
    /// smaller part's magnitude over the larger's; zero for zero, infinity where a part is
    /// infinite (even beside a NaN), NaN where a part is NaN.
    fn complex_magnitude(&mut self, real: &str, imag: &str, loc: &str) -> String {
        let float = |this: &mut Self, mnemonic: &str, x: &str, y: &str| this.op(format!("arith.{mnemonic} {x}, {y} : f64 {loc}"));
        let (real, imag) = (self.op(format!("math.absf {real} : f64 {loc}")), self.op(format!("math.absf {imag} : f64 {loc}")));
        let real_larger = float(self, "cmpf oge,", &real, &imag);
        let big = self.op(format!("arith.select {real_larger}, {real}, {imag} : f64"));
        let small = self.op(format!("arith.select {real_larger}, {imag}, {real} : f64"));
        let ratio = float(self, "divf", &small, &big);
        let one = self.scalar_constant(FLOAT64, Constant::Float(1.0), loc);
        let squared_plus_one = self.op(format!("math.fma {ratio}, {ratio}, {one} : f64 {loc}"));
        let root = self.op(format!("math.sqrt {squared_plus_one} : f64 {loc}"));
        let magnitude = float(self, "mulf", &big, &root);
        let (zero, infinity) = (self.scalar_constant(FLOAT64, Constant::Float(0.0), loc), self.scalar_constant(FLOAT64, Constant::Float(f64::INFINITY), loc));
        let is_zero = float(self, "cmpf oeq,", &big, &zero);
        let magnitude = self.op(format!("arith.select {is_zero}, {zero}, {magnitude} : f64"));
        let (real_infinite, imag_infinite) = (float(self, "cmpf oeq,", &real, &infinity), float(self, "cmpf oeq,", &imag, &infinity));
        let infinite = self.op(format!("arith.ori {real_infinite}, {imag_infinite} : i1"));
        self.op(format!("arith.select {infinite}, {infinity}, {magnitude} : f64"))
    }

    /// `1 / (re + im·i)` as NumPy's `reciprocal` loop computes it: divided through by the part of
    /// larger magnitude (the real one on a tie), giving `(1 / d, -r / d)` or `(r / d, -1 / d)`.
    fn complex_reciprocal(&mut self, real: &str, imag: &str, loc: &str) -> String {
        let float = |this: &mut Self, mnemonic: &str, x: &str, y: &str| this.op(format!("arith.{mnemonic} {x}, {y} : f64 {loc}"));
        let (abs_real, abs_imag) = (self.op(format!("math.absf {real} : f64 {loc}")), self.op(format!("math.absf {imag} : f64 {loc}")));
        let (one, minus_one) = (self.scalar_constant(FLOAT64, Constant::Float(1.0), loc), self.scalar_constant(FLOAT64, Constant::Float(-1.0), loc));
        let real_larger = float(self, "cmpf ole,", &abs_imag, &abs_real);
        let ratio = float(self, "divf", imag, real);
        let scaled = float(self, "mulf", imag, &ratio);
        let divisor = float(self, "addf", real, &scaled);
        let minus_ratio = self.op(format!("arith.negf {ratio} : f64 {loc}"));
        let by_real = (float(self, "divf", &one, &divisor), float(self, "divf", &minus_ratio, &divisor));
        let ratio = float(self, "divf", real, imag);
        let scaled = float(self, "mulf", real, &ratio);
        let divisor = float(self, "addf", &scaled, imag);
        let by_imag = (float(self, "divf", &ratio, &divisor), float(self, "divf", &minus_one, &divisor));
        let result_real = self.op(format!("arith.select {real_larger}, {}, {} : f64", by_real.0, by_imag.0));
        let result_imag = self.op(format!("arith.select {real_larger}, {}, {} : f64", by_real.1, by_imag.1));
        self.op(format!("complex.create {result_real}, {result_imag} : {} {loc}", COMPLEX128.mlir()))
    }

    /// `base ** power` for a literal integer `power`, as NumPy's `npy_cpow` computes it: 1 for
    /// a zero power, 0 (NaN for a negative power) for a zero base, the base itself, its square or
    /// cube for 1, 2 or 3, binary powering from 1 below 100 in magnitude, then the reciprocal
    /// (Smith's division) for a negative power; products are the schoolbook ones, unfused.
    fn complex_power(&mut self, base: &str, power: i64, loc: &str) -> String {
        let complex = COMPLEX128.mlir();
        let constant = |this: &mut Self, real: f64, imag: f64| this.op(format!("complex.constant [0x{:016X} : f64, 0x{:016X} : f64] : {complex} {loc}", real.to_bits(), imag.to_bits()));
        if power == 0 {
            return constant(self, 1.0, 0.0);
        }
        let product = |this: &mut Self, lhs: &str, rhs: &str| {
            let parts = |this: &mut Self, value: &str| (this.op(format!("complex.re {value} : {complex} {loc}")), this.op(format!("complex.im {value} : {complex} {loc}")));
            let ((a, b), (c, d)) = (parts(this, lhs), parts(this, rhs));
            let float = |this: &mut Self, mnemonic: &str, x: &str, y: &str| this.op(format!("arith.{mnemonic} {x}, {y} : f64 {loc}"));
            let (ac, bd, ad, bc) = (float(this, "mulf", &a, &c), float(this, "mulf", &b, &d), float(this, "mulf", &a, &d), float(this, "mulf", &b, &c));
            let (real, imag) = (float(this, "subf", &ac, &bd), float(this, "addf", &ad, &bc));
            this.op(format!("complex.create {real}, {imag} : {complex} {loc}"))
        };
        let magnitude = power.unsigned_abs();
        let powered = match magnitude {
            1 => base.to_string(),
            2 => product(self, base, base),
            3 => {
                let square = product(self, base, base);
                product(self, base, &square)
            }
            _ if magnitude < 100 => {
                let (mut result, mut square, mut mask) = (constant(self, 1.0, 0.0), base.to_string(), 1u64);
                loop {
                    if magnitude & mask != 0 {
                        result = product(self, &result, &square);
                    }
                    mask <<= 1;
                    if magnitude < mask {
                        break result;
                    }
                    square = product(self, &square, &square);
                }
            }
            _ => {
                let exponent = constant(self, power as f64, 0.0);
                self.op(format!("complex.pow {base}, {exponent} : {complex} {loc}"))
            }
        };
        let powered = if power < 0 && magnitude < 100 {
            let one = constant(self, 1.0, 0.0);
            self.complex_quotient(&one, &powered, loc)
        } else {
            powered
        };
        let zero = constant(self, 0.0, 0.0);
        let base_zero = self.op(format!("complex.eq {base}, {zero} : {complex} {loc}"));
        let at_zero = if power > 0 { zero } else { constant(self, f64::NAN, f64::NAN) };
        self.op(format!("arith.select {base_zero}, {at_zero}, {powered} : {complex}"))
    }

    /// `lhs / rhs` of complex numbers as NumPy divides them (Smith's method, multiplying by the
    /// reciprocal of the scale; a zero divisor gives infinities and NaNs, no exception).
    pub(super) fn complex_quotient(&mut self, lhs: &str, rhs: &str, loc: &str) -> String {
        let complex = COMPLEX128.mlir();
        let part = |this: &mut Self, mnemonic: &str, value: &str| this.op(format!("complex.{mnemonic} {value} : {complex} {loc}"));
        let float = |this: &mut Self, mnemonic: &str, x: &str, y: &str| this.op(format!("arith.{mnemonic} {x}, {y} : f64 {loc}"));
        let ((a, b), (c, d)) = ((part(self, "re", lhs), part(self, "im", lhs)), (part(self, "re", rhs), part(self, "im", rhs)));
        let (abs_c, abs_d) = (self.op(format!("math.absf {c} : f64 {loc}")), self.op(format!("math.absf {d} : f64 {loc}")));
        let one = self.scalar_constant(FLOAT64, Constant::Float(1.0), loc);
        // |c| >= |d|: ratio d / c.
        let ratio = float(self, "divf", &d, &c);
        let scaled = float(self, "mulf", &d, &ratio);
        let scale = float(self, "addf", &c, &scaled);
        let scale = float(self, "divf", &one, &scale);
        let (b_ratio, a_ratio) = (float(self, "mulf", &b, &ratio), float(self, "mulf", &a, &ratio));
        let real_numerator = float(self, "addf", &a, &b_ratio);
        let imag_numerator = float(self, "subf", &b, &a_ratio);
        let by_real = (float(self, "mulf", &real_numerator, &scale), float(self, "mulf", &imag_numerator, &scale));
        // Both parts zero: each part of the dividend over a zero magnitude.
        let by_zero = (float(self, "divf", &a, &abs_c), float(self, "divf", &b, &abs_d));
        // |d| > |c|: ratio c / d.
        let ratio = float(self, "divf", &c, &d);
        let scaled = float(self, "mulf", &c, &ratio);
        let scale = float(self, "addf", &d, &scaled);
        let scale = float(self, "divf", &one, &scale);
        let (a_ratio, b_ratio) = (float(self, "mulf", &a, &ratio), float(self, "mulf", &b, &ratio));
        let real_numerator = float(self, "addf", &a_ratio, &b);
        let imag_numerator = float(self, "subf", &b_ratio, &a);
        let by_imag = (float(self, "mulf", &real_numerator, &scale), float(self, "mulf", &imag_numerator, &scale));
        let zero = self.scalar_constant(FLOAT64, Constant::Float(0.0), loc);
        let real_larger = float(self, "cmpf oge,", &abs_c, &abs_d);
        let real_zero = float(self, "cmpf oeq,", &abs_c, &zero);
        let imag_zero = float(self, "cmpf oeq,", &abs_d, &zero);
        let divisor_zero = self.op(format!("arith.andi {real_zero}, {imag_zero} : i1"));
        let pick = |this: &mut Self, by_real: &str, by_zero: &str, by_imag: &str| {
            let larger_real = this.op(format!("arith.select {divisor_zero}, {by_zero}, {by_real} : f64"));
            this.op(format!("arith.select {real_larger}, {larger_real}, {by_imag} : f64"))
        };
        let real = pick(self, &by_real.0, &by_zero.0, &by_imag.0);
        let imag = pick(self, &by_real.1, &by_zero.1, &by_imag.1);
        self.op(format!("complex.create {real}, {imag} : {complex} {loc}"))
    }
}

