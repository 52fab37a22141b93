//! Emission of the array calls `crate::array_calls` recognises, and of `a @ b` and `a.T`: shape
//! checks that raise as NumPy does, then one `py` op (`py.reduce`, `py.dot`, `py.arange`,
//! `py.reshape`, `py.transpose`, `py.empty` + `py.fill`, or a converting `py.map`).

use super::{location, FunctionEmitter, Value};
use crate::{
    array_calls::{array_call_type, reduction_axis, transposed, ArrayCall, Fill, ReductionAxis, ReductionKind},
    diagnostics::Diagnostic,
    resolve::{literal_constant, Constant},
    types::{promote, ArrayType, Scalar, Type, COMPLEX128, FLOAT64, INT64},
};
use ruff_python_ast::{Expr, ExprCall};
use ruff_text_size::Ranged;
use rumba_dialects::Layout;

pub(super) fn array_text(array_type: ArrayType) -> String {
    Type::Array(array_type).flat_mlir()[0].clone()
}

/// The prelude's products of complex arrays inside a prange body.
const COMPLEX_PRODUCT_LOOPS: &str = "np._complex_product_loops";

impl FunctionEmitter<'_, '_, '_> {
    pub(super) fn emit_array_call(&mut self, call: &ExprCall, array_call: ArrayCall) -> Result<Value, Diagnostic> {
        let module = self.module;
        let loc = location(module, call);
        let result_type = array_call_type(module, call, &array_call, &mut |expr| self.expr_type(expr))?;
        match array_call {
            ArrayCall::Reduce { kind, array, axis, keepdims, dtype } => {
                let (array, array_type) = self.emit_array(array)?;
                let converted_type = crate::array_calls::reduced_elements(module, kind, array_type, dtype, &mut |expr| self.expr_type(expr))?.expect("typed");
                let (array, array_type) = match converted_type.dtype == array_type.dtype {
                    true => (array, array_type),
                    false => match self.copy_array(&array, array_type, converted_type.dtype, &loc)? {
                        Value::Array(copy, copy_type) => (copy, copy_type),
                        _ => unreachable!("a copy of an array is an array"),
                    },
                };
                // A sum or product in a narrower integer type of its own: reduced as NumPy widens
                // it (int64), then wrapped into that type.
                let natural = crate::array_calls::reduction_result(kind, array_type.dtype);
                if dtype.is_some() && natural != array_type.dtype {
                    let with_natural_dtype = match &result_type {
                        Type::Array(result) => Type::Array(ArrayType { dtype: natural, ..*result }),
                        _ => Type::Scalar(natural),
                    };
                    return match (self.emit_reduce_call(call, kind, (array, array_type), axis, keepdims, with_natural_dtype, &loc)?, &result_type) {
                        (Value::Array(reduced, reduced_type), Type::Array(result)) => self.copy_array(&reduced, reduced_type, result.dtype, &loc),
                        (reduced, _) => self.convert_loc(reduced, &result_type, &loc),
                    };
                }
                self.emit_reduce_call(call, kind, (array, array_type), axis, keepdims, result_type, &loc)
            }
            ArrayCall::Dot(left, right) => {
                let left = self.emit_array(left)?;
                let right = self.emit_array(right)?;
                self.emit_dot(left, right, &result_type, call, &loc)
            }
            ArrayCall::Copy(array) | ArrayCall::AsType(array, _) => {
                let (array, array_type) = self.emit_array(array)?;
                let Type::Array(copy_type) = result_type else { unreachable!("a copy is an array") };
                self.copy_array(&array, array_type, copy_type.dtype, &loc)
            }
            ArrayCall::Transpose(array) => {
                let (array, array_type) = self.emit_array(array)?;
                Ok(self.transpose(array, array_type, &loc))
            }
            ArrayCall::ViewAs(array, _) => {
                let (array, array_type) = self.emit_array(array)?;
                let Type::Array(view_type) = result_type else { unreachable!("a view is an array") };
                if view_type == array_type {
                    return Ok(Value::Array(array, array_type));
                }
                self.view_as(&array, array_type, view_type, call, &loc)
            }
            ArrayCall::Reshape(array, shape) => {
                let (array, array_type) = self.emit_array(array)?;
                self.emit_reshape(array, array_type, &shape, call, &loc)
            }
            ArrayCall::Like { array, fill, dtype: _ } => {
                let Type::Array(new_type) = result_type else { unreachable!("a *_like call makes an array") };
                let extents: Vec<String> = if matches!(self.expr_type(array)?, Type::Scalar(_)) {
                    // A number is a 0-d array: evaluated, and no extents.
                    self.emit_expr(array)?;
                    Vec::new()
                } else {
                    let (array, array_type) = self.emit_array(array)?;
                    (0..array_type.ndim).map(|dim| self.extent(&array, array_type, dim, &loc)).collect()
                };
                let value = self.fill_value(fill, new_type.dtype, call, &loc)?;
                self.new_array(new_type, &extents, value, call)
            }
            ArrayCall::New { shape, fill, dtype: _ } => {
                let Type::Array(new_type) = result_type else { unreachable!("a creation function makes an array") };
                let extents = match self.emit_expr(shape)? {
                    Value::Tuple(extents, _) => extents,
                    single => vec![single],
                };
                let extents = extents.into_iter().map(|extent| self.to_scalar(extent, INT64, shape)).collect::<Result<Vec<_>, _>>()?;
                let value = self.fill_value(fill, new_type.dtype, call, &loc)?;
                self.new_array(new_type, &extents, value, call)
            }
            ArrayCall::Arange { start, stop, step, dtype: _ } => {
                let Type::Array(new_type) = result_type else { unreachable!("np.arange makes an array") };
                self.emit_arange([start, Some(stop), step], new_type, call, &loc)
            }
            ArrayCall::FromValues { values, dtype: _, copy } => self.emit_from_values(call, values, copy, &result_type),
            ArrayCall::Join { name, arrays, axis } => self.emit_join(call, name, arrays, axis, &result_type),
            ArrayCall::AsStrided { array, shape, strides, writeable: _ } => {
                let (array, array_type) = self.emit_array(array)?;
                let mut numbers = Vec::new();
                for tuple in [shape, strides] {
                    let Value::Tuple(elements, _) = self.emit_expr(tuple)? else { unreachable!("typed as a tuple") };
                    for element in elements {
                        numbers.push(self.to_scalar(element, INT64, tuple)?);
                    }
                }
                let (extents, byte_strides) = numbers.split_at(numbers.len() / 2);
                let itemsize = self.scalar_constant(INT64, Constant::Int(array_type.dtype.size_in_bytes() as i64), &loc);
                let steps: Vec<String> = byte_strides.iter().map(|stride| self.op(format!("py.floordiv {stride}, {itemsize} : si64 {loc}"))).collect();
                let Type::Array(view_type) = result_type else { unreachable!("a view is an array") };
                let view = self.op(format!("py.as_strided {array}({})({}) : {} -> {} {loc}", extents.join(", "), steps.join(", "), array_text(array_type), array_text(view_type)));
                Ok(Value::Array(view, view_type))
            }
            ArrayCall::Linspace { start, stop, num, endpoint } => {
                let Type::Array(new_type) = result_type else { unreachable!("np.linspace makes an array") };
                self.emit_linspace(start, stop, num, endpoint, new_type, call, &loc)
            }
        }
    }

    /// `a.view(dtype)`: `a`'s descriptor rebuilt for elements of `view_type`'s size, as a new
    /// reference to its memory. The view starts at `a`'s first element (its offset moves into the
    /// address). A new item size changes the last axis, which must be contiguous and hold a whole
    /// number of new items (NumPy's `ValueError`s); the other strides must be whole new items too,
    /// since a memref counts strides in elements.
    fn view_as(&mut self, array: &str, array_type: ArrayType, view_type: ArrayType, call: &ExprCall, loc: &str) -> Result<Value, Diagnostic> {
        let ndim = array_type.ndim;
        let count = 3 + 2 * ndim;
        let words = self.fresh();
        self.line(format!("{words}:{count} = py.array_to_words {array} : {} -> {} {loc}", array_text(array_type), vec!["si64"; count].join(", ")));
        let word = |position: usize| format!("{words}#{position}");
        let old_size = self.scalar_constant(INT64, Constant::Int(array_type.dtype.size_in_bytes() as i64), loc);
        let new_size = self.scalar_constant(INT64, Constant::Int(view_type.dtype.size_in_bytes() as i64), loc);
        let zero = self.scalar_constant(INT64, Constant::Int(0), loc);
        let one = self.scalar_constant(INT64, Constant::Int(1), loc);
        let offset_bytes = self.op(format!("py.mul {}, {old_size} : si64 {loc}", word(2)));
        let start = self.op(format!("py.add {}, {offset_bytes} : si64 {loc}", word(1)));
        let mut extents: Vec<String> = (0..ndim).map(|dim| word(3 + dim)).collect();
        let mut strides: Vec<String> = (0..ndim).map(|dim| word(3 + ndim + dim)).collect();
        if array_type.dtype.size_in_bytes() != view_type.dtype.size_in_bytes() {
            let last = ndim - 1;
            let scattered = self.op(format!("py.cmp \"ne\", {}, {one} : si64 {loc}", strides[last]));
            self.raise_if(&scattered, "ValueError", "To change to a dtype of a different size, the last axis must be contiguous", call)?;
            let bytes = self.op(format!("py.mul {}, {old_size} : si64 {loc}", extents[last]));
            let remainder = self.op(format!("py.mod {bytes}, {new_size} : si64 {loc}"));
            let partial = self.op(format!("py.cmp \"ne\", {remainder}, {zero} : si64 {loc}"));
            self.raise_if(&partial, "ValueError", "When changing to a larger dtype, its size must be a divisor of the total size in bytes of the last axis of the array.", call)?;
            extents[last] = self.op(format!("py.floordiv {bytes}, {new_size} : si64 {loc}"));
            strides[last] = one;
            for stride in &mut strides[..last] {
                let bytes = self.op(format!("py.mul {stride}, {old_size} : si64 {loc}"));
                let remainder = self.op(format!("py.mod {bytes}, {new_size} : si64 {loc}"));
                let partial = self.op(format!("py.cmp \"ne\", {remainder}, {zero} : si64 {loc}"));
                self.raise_if(&partial, "ValueError", "rumba views an array as another dtype only where each stride is a whole number of the new items", call)?;
                *stride = self.op(format!("py.floordiv {bytes}, {new_size} : si64 {loc}"));
            }
        }
        let mut descriptor = vec![word(0), start, zero];
        descriptor.extend(extents);
        descriptor.extend(strides);
        let view = self.op(format!("py.array_from_words {} : {} {loc}", descriptor.join(", "), array_text(view_type)));
        Ok(Value::Array(view, view_type))
    }

    fn emit_array(&mut self, expr: &Expr) -> Result<(String, ArrayType), Diagnostic> {
        match self.emit_expr(expr)? {
            Value::Array(array, array_type) => Ok((array, array_type)),
            other => Err(self.module.typing(expr, format!("expected an array, got {}", other.value_type()))),
        }
    }

    pub(super) fn extent(&mut self, array: &str, array_type: ArrayType, dim: usize, loc: &str) -> String {
        let Value::Scalar(extent, _) = self.dim(array, array_type, dim, loc) else { unreachable!("a dimension is a number") };
        extent
    }

    pub(super) fn size(&mut self, array: &str, array_type: ArrayType, loc: &str) -> String {
        let mut size = self.scalar_constant(INT64, Constant::Int(1), loc);
        for dim in 0..array_type.ndim {
            let extent = self.extent(array, array_type, dim, loc);
            size = self.op(format!("py.mul {size}, {extent} : si64 {loc}"));
        }
        size
    }

    /// What a new array of element type `dtype` is filled with, if anything.
    fn fill_value(&mut self, fill: Fill, dtype: Scalar, call: &ExprCall, loc: &str) -> Result<Option<String>, Diagnostic> {
        Ok(match fill {
            Fill::Nothing => None,
            Fill::Constant(value) => Some(self.scalar_constant(dtype, Constant::Int(value), loc)),
            Fill::Value(value) => {
                let value = self.emit_expr(value)?;
                Some(self.to_scalar(value, dtype, call)?)
            }
        })
    }

    /// A new C-ordered array of the given extents, filled with `value` if there is one. NumPy's
    /// errors come first: `ValueError` for a negative extent or a size beyond the address range,
    /// `MemoryError` when the memory cannot be had (the array is then empty: nothing touches memory).
    pub(super) fn new_array(&mut self, array_type: ArrayType, extents: &[String], value: Option<String>, node: &dyn Ranged) -> Result<Value, Diagnostic> {
        let loc = location(self.module, node);
        let extents = self.check_extents(extents, array_type.dtype, node)?;
        let text = array_text(array_type);
        let array = self.op(format!("py.empty({}) : {text} {loc}", extents.join(", ")));
        if let Some(value) = value {
            // After a failed check the extents are zero: the fill writes nothing.
            self.line(format!("py.fill {array}, {value} : {text}, {} {loc}", array_type.dtype.mlir()));
        }
        Ok(Value::Array(array, array_type))
    }

    /// NumPy's checks on the extents of a new array: none negative (`ValueError`), the size in bytes
    /// within int64 (`ValueError`; computed in floating point, which cannot overflow), and, for a
    /// gigabyte or more, memory to be had (`MemoryError`; the runtime tries the allocation). Returns
    /// the extents to allocate: all zero when a check raised, so that what the statement goes on to
    /// compute touches nothing.
    pub(super) fn check_extents(&mut self, extents: &[String], dtype: Scalar, node: &dyn Ranged) -> Result<Vec<String>, Diagnostic> {
        let loc = location(self.module, node);
        let zero = self.scalar_constant(INT64, Constant::Int(0), &loc);
        let mut negative = self.op("arith.constant false");
        let mut bytes = self.scalar_constant(FLOAT64, Constant::Float(dtype.size_in_bytes() as f64), &loc);
        for extent in extents {
            let below = self.op(format!("py.cmp \"lt\", {extent}, {zero} : si64 {loc}"));
            negative = self.op(format!("arith.ori {negative}, {below} : i1"));
            let extent = self.cast(extent, INT64, FLOAT64, &loc);
            bytes = self.op(format!("py.mul {bytes}, {extent} : f64 {loc}"));
        }
        let limit = self.scalar_constant(FLOAT64, Constant::Float(i64::MAX as f64), &loc);
        let too_big = self.op(format!("py.cmp \"ge\", {bytes}, {limit} : f64 {loc}"));
        let large = self.scalar_constant(FLOAT64, Constant::Float(f64::from(1u32 << 30)), &loc);
        let is_large = self.op(format!("py.cmp \"ge\", {bytes}, {large} : f64 {loc}"));
        let result = self.fresh();
        let (unchecked, ()) = self.region(|this| {
            let available = this.op("arith.constant true");
            this.line(format!("scf.yield {available} : i1"));
            Ok(())
        })?;
        let (checked, ()) = self.region(|this| {
            let available = this.call_runtime(super::ALLOCATION_CHECK, &[bytes.clone()], &loc);
            this.line(format!("scf.yield {available} : i1"));
            Ok(())
        })?;
        self.push_region(format!("{result} = scf.if {is_large} -> (i1) {{"), vec![(String::new(), checked), ("} else {".into(), unchecked)], "}".into());
        let unavailable = self.op(format!("py.not {result} : i1 {loc}"));
        // At most one of the three raises, so none needs to look at the state the others set.
        let fits = self.op(format!("py.not {too_big} : i1 {loc}"));
        let positive = self.op(format!("py.not {negative} : i1 {loc}"));
        let too_big_only = self.op(format!("arith.andi {too_big}, {positive} : i1"));
        let unavailable_only = self.op(format!("arith.andi {unavailable}, {positive} : i1"));
        let unavailable_only = self.op(format!("arith.andi {unavailable_only}, {fits} : i1"));
        let earlier_raise = self.statement_may_have_raised;
        let message = format!("unable to allocate an array of {}", dtype.numba_name());
        let raises = [
            (negative.clone(), "ValueError", "negative dimensions are not allowed".to_string()),
            (too_big_only, "ValueError", "array is too big; `arr.size * arr.dtype.itemsize` is larger than the maximum possible size.".to_string()),
            (unavailable_only, "MemoryError", message),
        ];
        for (condition, exception, message) in raises {
            self.statement_may_have_raised = earlier_raise;
            self.raise_if(&condition, exception, &message, node)?;
        }
        let invalid = self.op(format!("arith.ori {negative}, {too_big} : i1"));
        let invalid = self.op(format!("arith.ori {invalid}, {unavailable} : i1"));
        Ok(extents.iter().map(|extent| self.op(format!("arith.select {invalid}, {zero}, {extent} : si64"))).collect())
    }

    pub(super) fn transpose(&mut self, array: String, array_type: ArrayType, loc: &str) -> Value {
        if array_type.ndim == 1 {
            return Value::Array(array, array_type);
        }
        let result_type = transposed(array_type);
        let view = self.op(format!("py.transpose {array} : {} -> {} {loc}", array_text(array_type), array_text(result_type)));
        Value::Array(view, result_type)
    }

    /// Reduction `kind` along the dimension that `axis` (an integer) names when running: its value
    /// counted from the end where negative, ValueError where it names no dimension, then the
    /// reduction along each dimension in turn under a test of that value.
    fn emit_reduction_along(&mut self, call: &ExprCall, kind: ReductionKind, (array, array_type): (&str, ArrayType), axis: &Expr, result_type: &Type, loc: &str) -> Result<Value, Diagnostic> {
        let value = self.emit_expr(axis)?;
        let ndim = self.scalar_constant(INT64, Constant::Int(array_type.ndim as i64), loc);
        let axis = self.checked_position(value, &ndim, call, ("ValueError", "axis is out of bounds for the array's dimensions"))?;
        if array_type.ndim == 1 {
            return self.emit_reduction(call, kind, array, array_type, None, result_type, loc);
        }
        self.emit_reduction_from(call, kind, (array, array_type), &axis, 0, result_type, loc)
    }

    /// The reduction along dimension `first` if `axis` is it, else along a later one.
    #[allow(clippy::too_many_arguments)]
    fn emit_reduction_from(&mut self, call: &ExprCall, kind: ReductionKind, (array, array_type): (&str, ArrayType), axis: &str, first: usize, result_type: &Type, loc: &str) -> Result<Value, Diagnostic> {
        if first + 1 == array_type.ndim {
            return self.emit_reduction(call, kind, array, array_type, Some(first), result_type, loc);
        }
        let dim = self.scalar_constant(INT64, Constant::Int(first as i64), loc);
        let chosen = self.op(format!("py.cmp \"eq\", {axis}, {dim} : si64 {loc}"));
        self.emit_if_value(
            &chosen,
            result_type,
            |this| this.emit_reduction(call, kind, array, array_type, Some(first), result_type, loc),
            |this| this.emit_reduction_from(call, kind, (array, array_type), axis, first + 1, result_type, loc),
        )
    }

    /// `a.sum()`, `np.argmax(a)`, `a.min(axis=1)`, ...: min, max and the arg forms raise ValueError on
    /// an empty array (or an empty axis) as NumPy does; mean divides the sum by the count.
    #[allow(clippy::too_many_arguments)]
    fn emit_reduction(&mut self, call: &ExprCall, kind: ReductionKind, array: &str, array_type: ArrayType, axis: Option<usize>, result_type: &Type, loc: &str) -> Result<Value, Diagnostic> {
        let count = match axis {
            Some(axis) => self.extent(array, array_type, axis, loc),
            None => self.size(array, array_type, loc),
        };
        if array_type.dtype.is_complex() && matches!(kind, "min" | "max" | "argmin" | "argmax") {
            // NumPy's complex maximum and argmax: a reduction with NaN rules of its own, of the
            // whole array or of each line along the axis.
            let name = match (kind.starts_with("arg"), axis) {
                (true, None) => "_complex_arg_extreme",
                (false, None) => "_complex_extreme",
                (true, Some(_)) => "_complex_arg_extreme_along",
                (false, Some(_)) => "_complex_extreme_along",
            };
            let function = self.module.prelude_function(name).expect("the prelude defines the complex extremes");
            let mut arguments = vec![Value::Array(array.to_string(), array_type)];
            if let Some(axis) = axis {
                arguments.push(self.constant_value(Constant::Int(axis as i64), loc));
            }
            arguments.push(self.constant_value(Constant::Bool(kind.ends_with("max")), loc));
            return self.emit_compiled_call(&function, arguments, call);
        }
        if matches!(kind, "min" | "max" | "argmin" | "argmax") {
            let zero = self.scalar_constant(INT64, Constant::Int(0), loc);
            let empty = self.op(format!("py.cmp \"eq\", {count}, {zero} : si64 {loc}"));
            let message = match kind {
                "min" => "zero-size array to reduction operation minimum which has no identity".to_string(),
                "max" => "zero-size array to reduction operation maximum which has no identity".to_string(),
                arg => format!("attempt to get {arg} of an empty sequence"),
            };
            self.raise_if(&empty, "ValueError", &message, call)?;
        }
        let reduced_kind = if kind == "mean" { "sum" } else { kind };
        let reduced_element = match kind {
            // NumPy averages integers and booleans in float64 (an int64 sum could wrap).
            "mean" if !array_type.dtype.is_float() && !array_type.dtype.is_complex() => FLOAT64,
            _ => crate::array_calls::reduction_result(reduced_kind, array_type.dtype),
        };
        let reduced_type = match axis {
            Some(_) => Type::Array(ArrayType::new(reduced_element, array_type.ndim - 1, Layout::C)),
            None => Type::Scalar(reduced_element),
        };
        let axis_attribute = axis.map(|axis| format!(" {{axis = {axis} : i64}}")).unwrap_or_default();
        let reduced = self.op(format!(
            "py.reduce {reduced_kind:?}({array}){axis_attribute} : {} -> {} {loc}",
            array_text(array_type),
            reduced_type.flat_mlir()[0]
        ));
        if kind != "mean" {
            return Ok(match reduced_type {
                Type::Array(reduced_type) => Value::Array(reduced, reduced_type),
                _ => Value::Scalar(reduced, reduced_element),
            });
        }
        let mean_element = match result_type {
            Type::Array(array) => array.dtype,
            Type::Scalar(scalar) => *scalar,
            _ => FLOAT64,
        };
        let ty = mean_element.mlir();
        // A complex sum is divided as NumPy divides it by the count, a complex number (complex64
        // as complex128, then rounded).
        let divide = |this: &mut Self, sum: &str| match mean_element {
            Scalar::Complex { .. } => {
                let (sum, count) = (this.cast(sum, mean_element, COMPLEX128, loc), this.cast(&count, INT64, COMPLEX128, loc));
                let quotient = this.complex_quotient(&sum, &count, loc);
                this.cast(&quotient, COMPLEX128, mean_element, loc)
            }
            _ => {
                let count = this.cast(&count, INT64, mean_element, loc);
                this.op(format!("py.truediv {sum}, {count} : {ty} {loc}"))
            }
        };
        match reduced_type {
            Type::Array(reduced_type) => Ok(self.map_elements(&reduced, reduced_type, mean_element, loc, |this, element| {
                let element = this.cast(element, reduced_element, mean_element, loc);
                divide(this, &element)
            })),
            _ => {
                let sum = self.cast(&reduced, reduced_element, mean_element, loc);
                Ok(Value::Scalar(divide(self, &sum), mean_element))
            }
        }
    }

    /// `np.dot(a, b)` or `a @ b`: operands converted to the common element type, the summed extents
    /// checked equal (ValueError otherwise).
    /// A reduction of `array` (of `array_type`) giving `result_type`: along `axis`, keeping the
    /// reduced dimensions with `keepdims`.
    #[allow(clippy::too_many_arguments)]
    fn emit_reduce_call(&mut self, call: &ExprCall, kind: ReductionKind, (array, array_type): (String, ArrayType), axis: Option<&Expr>, keepdims: bool, result_type: Type, loc: &str) -> Result<Value, Diagnostic> {
        let module = self.module;
        let axis = match reduction_axis(module, kind, axis, array_type.ndim, keepdims, &mut |expr| self.expr_type(expr))?.expect("typed") {
            ReductionAxis::Literal(axis) if array_type.ndim > 1 => Some(axis),
            ReductionAxis::Nothing => {
                let Type::Array(copy_type) = result_type else { unreachable!("a reduction over no axis is an array") };
                return self.copy_array(&array, array_type, copy_type.dtype, loc);
            }
            ReductionAxis::Runtime => {
                let axis = axis.expect("a run-time axis is an argument");
                return self.emit_reduction_along(call, kind, (&array, array_type), axis, &result_type, loc);
            }
            _ => None,
        };
        let Type::Array(kept_type) = result_type else {
            return self.emit_reduction(call, kind, &array, array_type, axis, &result_type, loc);
        };
        if !keepdims {
            return self.emit_reduction(call, kind, &array, array_type, axis, &result_type, loc);
        }
        // keepdims: the reduction, then its dimensions with a 1 where the reduced ones were.
        let reduced_type = match axis {
            Some(_) => Type::Array(ArrayType::new(kept_type.dtype, array_type.ndim - 1, Layout::C)),
            None => Type::Scalar(kept_type.dtype),
        };
        let one = self.scalar_constant(INT64, Constant::Int(1), loc);
        match (self.emit_reduction(call, kind, &array, array_type, axis, &reduced_type, loc)?, axis) {
            (Value::Array(reduced, reduced_type), Some(axis)) => {
                let mut extents = self.extents(&reduced, reduced_type, loc);
                extents.insert(axis, one);
                let kept = self.op(format!("py.reshape {reduced}({}) : {} -> {} {loc}", extents.join(", "), array_text(reduced_type), array_text(kept_type)));
                Ok(Value::Array(kept, kept_type))
            }
            (value, _) => {
                let value = self.to_scalar(value, kept_type.dtype, call)?;
                self.new_array(kept_type, &vec![one; kept_type.ndim], Some(value), call)
            }
        }
    }

    pub(super) fn emit_dot(&mut self, left: (String, ArrayType), right: (String, ArrayType), result_type: &Type, node: &dyn Ranged, loc: &str) -> Result<Value, Diagnostic> {
        let dtype = promote(left.1.dtype, right.1.dtype);
        let mut operands = Vec::new();
        for (array, array_type) in [left, right] {
            operands.push(if array_type.dtype == dtype {
                (array, array_type)
            } else {
                let Value::Array(copy, copy_type) = self.copy_array(&array, array_type, dtype, loc)? else { unreachable!("a copy is an array") };
                (copy, copy_type)
            });
        }
        let (left, right) = (&operands[0], &operands[1]);
        let left_inner = self.extent(&left.0, left.1, left.1.ndim - 1, loc);
        let right_inner = self.extent(&right.0, right.1, 0, loc);
        let differs = self.op(format!("py.cmp \"ne\", {left_inner}, {right_inner} : si64 {loc}"));
        self.raise_if(&differs, "ValueError", "shapes not aligned: the summed dimensions differ", node)?;
        if dtype.is_complex() && self.in_parallel_loop {
            let operands = operands.into_iter().map(|(array, array_type)| Value::Array(array, array_type)).collect();
            return self.emit_compiled_call(COMPLEX_PRODUCT_LOOPS, operands, node);
        }
        let product = self.op(format!(
            "py.dot {}, {} : {}, {} -> {} {loc}",
            left.0,
            right.0,
            array_text(left.1),
            array_text(right.1),
            result_type.flat_mlir()[0]
        ));
        Ok(match result_type {
            Type::Array(array_type) => Value::Array(product, *array_type),
            _ => Value::Scalar(product, dtype),
        })
    }

    /// `a.reshape(shape)`: a view of a C-contiguous array (a non-contiguous one is copied first, as
    /// NumPy does); one extent may be -1, the size divided by the others'; ValueError unless the
    /// sizes match.
    fn emit_reshape(&mut self, array: String, array_type: ArrayType, shape: &[&Expr], call: &ExprCall, loc: &str) -> Result<Value, Diagnostic> {
        let original_type = array_type;
        let (array, array_type) = if array_type.layout != Layout::C {
            let Value::Array(copy, copy_type) = self.copy_array(&array, array_type, array_type.dtype, loc)? else { unreachable!("a copy is an array") };
            (copy, copy_type)
        } else {
            (array, array_type)
        };
        let size = self.size(&array, array_type, loc);
        // Each extent asked for with the expression giving it (a tuple's elements for
        // `reshape(b.shape)`); none for a literal -1, which is inferred.
        let mut asked: Vec<(Option<Value>, &Expr)> = Vec::new();
        match shape {
            [tuple] if matches!(self.expr_type(tuple)?, Type::Tuple(..)) => {
                let Value::Tuple(elements, _) = self.emit_expr(tuple)? else { unreachable!("a tuple-typed expression gives a tuple") };
                asked.extend(elements.into_iter().map(|element| (Some(element), *tuple)));
            }
            _ => {
                for extent in shape {
                    let value = if literal_constant(extent) == Some(Constant::Int(-1)) { None } else { Some(self.emit_expr(extent)?) };
                    asked.push((value, *extent));
                }
            }
        }
        if asked.iter().filter(|(value, _)| value.is_none()).count() > 1 {
            return Err(self.module.typing(call, "can only specify one unknown dimension"));
        }
        // An extent of -1, written so or given when running (`reshape(shape)`), is inferred.
        let (zero, one) = (self.scalar_constant(INT64, Constant::Int(0), loc), self.scalar_constant(INT64, Constant::Int(1), loc));
        let minus_one = self.scalar_constant(INT64, Constant::Int(-1), loc);
        let mut given = Vec::new();
        let (mut known, mut unknowns) = (one.clone(), zero.clone());
        for (value, extent) in asked {
            let value = match value {
                Some(value) => self.to_scalar(value, INT64, extent)?,
                None => minus_one.clone(),
            };
            let unknown = self.op(format!("py.cmp \"eq\", {value}, {minus_one} : si64 {loc}"));
            let factor = self.op(format!("arith.select {unknown}, {one}, {value} : si64"));
            known = self.op(format!("py.mul {known}, {factor} : si64 {loc}"));
            let counted = self.op(format!("arith.select {unknown}, {one}, {zero} : si64"));
            unknowns = self.op(format!("py.add {unknowns}, {counted} : si64 {loc}"));
            given.push((value, unknown));
        }
        let several = self.op(format!("py.cmp \"gt\", {unknowns}, {one} : si64 {loc}"));
        self.raise_if(&several, "ValueError", "can only specify one unknown dimension", call)?;
        let known_is_zero = self.op(format!("py.cmp \"eq\", {known}, {zero} : si64 {loc}"));
        let divisor = self.op(format!("arith.select {known_is_zero}, {one}, {known} : si64"));
        let inferred = self.op(format!("py.floordiv {size}, {divisor} : si64 {loc}"));
        let mut extents = Vec::new();
        let mut known = one.clone();
        for (value, unknown) in given {
            let extent = self.op(format!("arith.select {unknown}, {inferred}, {value} : si64"));
            known = self.op(format!("py.mul {known}, {extent} : si64 {loc}"));
            extents.push(extent);
        }
        let negative = extents.iter().fold(self.op("arith.constant false"), |any, extent| {
            let below = self.op(format!("py.cmp \"lt\", {extent}, {zero} : si64 {loc}"));
            self.op(format!("arith.ori {any}, {below} : i1"))
        });
        let differs = self.op(format!("py.cmp \"ne\", {known}, {size} : si64 {loc}"));
        let invalid = self.op(format!("arith.ori {negative}, {differs} : i1"));
        self.raise_if(&invalid, "ValueError", "cannot reshape the array into the requested shape (the sizes differ)", call)?;
        let result_type = crate::array_calls::reshaped(original_type, extents.len());
        let view = self.op(format!("py.reshape {array}({}) : {} -> {} {loc}", extents.join(", "), array_text(array_type), array_text(result_type)));
        Ok(Value::Array(view, result_type))
    }

    /// `np.arange([start,] stop[, step])` (start 0 and step 1 where not given):
    /// `ceil((stop - start) / step)` elements, none when that is negative; a zero step raises
    /// ZeroDivisionError as NumPy does.
    fn emit_arange(&mut self, bounds: [Option<&Expr>; 3], array_type: ArrayType, call: &ExprCall, loc: &str) -> Result<Value, Diagnostic> {
        let mut values = Vec::new();
        for bound in bounds {
            let Some(bound) = bound else {
                values.push(None);
                continue;
            };
            let value = self.emit_expr(bound)?;
            values.push(Some(value.scalar().map(|(name, scalar)| (name.to_string(), scalar)).ok_or_else(|| self.module.typing(bound, "np.arange takes numbers"))?));
        }
        let float = values.iter().flatten().any(|(_, scalar)| scalar.is_float()) || array_type.dtype.is_float();
        let arithmetic = if float { FLOAT64 } else { INT64 };
        let converted: Vec<String> = values
            .iter()
            .zip([0, 0, 1])
            .map(|(value, default)| match value {
                Some((name, scalar)) => self.cast(name, *scalar, arithmetic, loc),
                None => self.scalar_constant(arithmetic, Constant::Int(default), loc),
            })
            .collect();
        let (start, stop, step) = (converted[0].clone(), converted[1].clone(), converted[2].clone());
        let ty = arithmetic.mlir();
        let zero = self.scalar_constant(arithmetic, Constant::Int(0), loc);
        let step_is_zero = self.op(format!("py.cmp \"eq\", {step}, {zero} : {ty} {loc}"));
        self.raise_if(&step_is_zero, "ZeroDivisionError", "division by zero", call)?;
        let one = self.scalar_constant(arithmetic, Constant::Int(1), loc);
        let safe_step = self.op(format!("arith.select {step_is_zero}, {one}, {step} : {ty}"));
        let count = if float {
            let span = self.op(format!("py.sub {stop}, {start} : f64 {loc}"));
            let ratio = self.op(format!("py.truediv {span}, {safe_step} : f64 {loc}"));
            let rounded = self.op(format!("py.math \"ceil\"({ratio}) : (f64) -> f64 {loc}"));
            self.cast(&rounded, FLOAT64, INT64, loc)
        } else {
            // ceil(a / b) as -((-a) // b), with Python's floor division.
            let span = self.op(format!("py.sub {start}, {stop} : si64 {loc}"));
            let floored = self.op(format!("py.floordiv {span}, {safe_step} : si64 {loc}"));
            self.op(format!("py.neg {floored} : si64 {loc}"))
        };
        let none = self.scalar_constant(INT64, Constant::Int(0), loc);
        let count = self.op(format!("py.max {count}, {none} : si64 {loc}"));
        let element = array_type.dtype;
        let start = self.cast(&start, arithmetic, element, loc);
        let step = self.cast(&safe_step, arithmetic, element, loc);
        let count = self.check_extents(std::slice::from_ref(&count), element, call)?.remove(0);
        let array = self.op(format!("py.arange {start}, {step}, {count} : {} -> {} {loc}", element.mlir(), array_text(array_type)));
        Ok(Value::Array(array, array_type))
    }

    /// `np.linspace(start, stop, num=50)`: `start + i * step` with `step = (stop - start) / (num - 1)`,
    /// the last element exactly `stop`; a negative `num` raises ValueError.
    /// `np.linspace`: `start + i * step` with NumPy's step (`span / (num - 1)`, or `span / num`
    /// without the endpoint), the endpoint itself stored last.
    #[allow(clippy::too_many_arguments)]
    fn emit_linspace(&mut self, start: &Expr, stop: &Expr, num: Option<&Expr>, endpoint: bool, array_type: ArrayType, call: &ExprCall, loc: &str) -> Result<Value, Diagnostic> {
        let start_value = self.emit_expr(start)?;
        let stop_value = self.emit_expr(stop)?;
        for (value, bound) in [(&start_value, start), (&stop_value, stop)] {
            if value.value_type().scalar().is_some_and(Scalar::is_complex) {
                return Err(self.module.unsupported(bound, "np.linspace between complex numbers is not supported yet"));
            }
        }
        let start = self.to_scalar(start_value, FLOAT64, start)?;
        let stop = self.to_scalar(stop_value, FLOAT64, stop)?;
        let count = match num {
            Some(num) => {
                let value = self.emit_expr(num)?;
                self.to_scalar(value, INT64, num)?
            }
            None => self.scalar_constant(INT64, Constant::Int(50), loc),
        };
        let zero = self.scalar_constant(INT64, Constant::Int(0), loc);
        let negative = self.op(format!("py.cmp \"lt\", {count}, {zero} : si64 {loc}"));
        self.raise_if(&negative, "ValueError", "Number of samples must be non-negative.", call)?;
        let count = self.op(format!("py.max {count}, {zero} : si64 {loc}"));
        let one = self.scalar_constant(INT64, Constant::Int(1), loc);
        let intervals = if endpoint { self.op(format!("py.sub {count}, {one} : si64 {loc}")) } else { count.clone() };
        let intervals = self.op(format!("py.max {intervals}, {one} : si64 {loc}"));
        let intervals = self.cast(&intervals, INT64, FLOAT64, loc);
        let span = self.op(format!("py.sub {stop}, {start} : f64 {loc}"));
        let step = self.op(format!("py.truediv {span}, {intervals} : f64 {loc}"));
        let text = array_text(array_type);
        let count = self.check_extents(std::slice::from_ref(&count), FLOAT64, call)?.remove(0);
        let array = self.op(format!("py.arange {start}, {step}, {count} : f64 -> {text} {loc}"));
        if endpoint {
            let has_end = self.op(format!("py.cmp \"gt\", {count}, {one} : si64 {loc}"));
            let last = self.op(format!("py.sub {count}, {one} : si64 {loc}"));
            let store = format!("py.setitem {stop}, {array}[{last}] : f64, {text}, si64 {loc}");
            self.emit_if(&has_end, vec![store, "scf.yield".into()], None);
        }
        Ok(Value::Array(array, array_type))
    }

    /// A new C-ordered array whose elements are `kernel` applied to `array`'s, of type `dtype`.
    pub(super) fn map_elements(&mut self, array: &str, array_type: ArrayType, dtype: Scalar, loc: &str, kernel: impl FnOnce(&mut Self, &str) -> String) -> Value {
        let result_type = ArrayType::new(dtype, array_type.ndim, Layout::C);
        let element = self.fresh();
        let (lines, ()) = self
            .region(|this| {
                let value = kernel(this, &element);
                this.line(format!("py.yield {value} : {}", dtype.mlir()));
                Ok(())
            })
            .expect("an elementwise kernel emits no diagnostics");
        let result = self.fresh();
        let header = format!("{result} = py.map {array} : ({}) -> {} {{", array_text(array_type), array_text(result_type));
        let mut body = vec![format!("^bb0({element}: {}):", array_type.dtype.mlir())];
        body.extend(lines);
        self.push_region(header, vec![(String::new(), body)], format!("}} {loc}"));
        Value::Array(result, result_type)
    }

    /// The extents of an array as numbers; for a `py.map` result, the broadcast of its sources'
    /// extents (checked when it was emitted), so that no shape query keeps it from being fused.
    pub(super) fn extents(&mut self, array: &str, array_type: ArrayType, loc: &str) -> Vec<String> {
        match self.broadcast_sources.get(array).cloned() {
            Some(sources) => self.broadcast_extents(&sources, array_type.ndim, None, loc).expect("no check, no diagnostic"),
            None => (0..array_type.ndim).map(|dim| self.extent(array, array_type, dim, loc)).collect(),
        }
    }

    /// A new C-ordered array of `target`'s shape and element type holding `source` broadcast to it:
    /// a `py.map` over both whose kernel keeps the source's element.
    pub(super) fn broadcast_to(&mut self, target: &str, target_type: ArrayType, source: &str, source_type: ArrayType, loc: &str) -> (String, ArrayType) {
        let result_type = ArrayType::new(target_type.dtype, target_type.ndim, Layout::C);
        let (ignored, element) = (self.fresh(), self.fresh());
        let (lines, ()) = self
            .region(|this| {
                let value = this.cast(&element, source_type.dtype, target_type.dtype, loc);
                this.line(format!("py.yield {value} : {}", target_type.dtype.mlir()));
                Ok(())
            })
            .expect("a conversion kernel emits no diagnostics");
        let result = self.fresh();
        let header = format!(
            "{result} = py.map {target}, {source} : ({}, {}) -> {} {{",
            array_text(target_type),
            array_text(source_type),
            array_text(result_type)
        );
        let mut body = vec![format!("^bb0({ignored}: {}, {element}: {}):", target_type.dtype.mlir(), source_type.dtype.mlir())];
        body.extend(lines);
        self.push_region(header, vec![(String::new(), body)], format!("}} {loc}"));
        (result, result_type)
    }

    /// A new C-ordered copy of an array, its elements converted to `dtype`.
    pub(super) fn copy_array(&mut self, array: &str, array_type: ArrayType, dtype: Scalar, loc: &str) -> Result<Value, Diagnostic> {
        let from = array_type.dtype;
        Ok(self.map_elements(array, array_type, dtype, loc, |this, element| this.cast(element, from, dtype, loc)))
    }
}
