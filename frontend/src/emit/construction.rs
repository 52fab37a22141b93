//! Arrays made of values: `np.array`/`np.asarray` of numbers and arrays written as (nested) list
//! or tuple literals or held in a tuple, and the joins `np.concatenate`, `np.stack`,
//! `np.hstack`, `np.vstack` and `np.column_stack`. Each allocates its result (`py.empty`) and
//! writes the values in: numbers with `py.setitem`, arrays with `py.copy` into a `py.view` of the
//! result, after NumPy's shape checks.

use super::{location, FunctionEmitter, Value};
use crate::{
    array_calls::{join_plan, literal_elements, JoinPlan},
    diagnostics::Diagnostic,
    resolve::{Constant, ConstantArray},
    types::{ArrayType, Scalar, Type, INT64},
};
use ruff_python_ast::{Expr, ExprCall};
use rumba_dialects::Layout;

/// The prelude's `np.array` of a list of numbers.
const LIST_TO_ARRAY: &str = "_list_to_array";
const NESTED_LIST_TO_ARRAY: &str = "_nested_list_to_array";

impl FunctionEmitter<'_, '_, '_> {
    /// The array bound by value to the global `name`: a `py.constant_array` of a constant
    /// `memref.global` the module holds once.
    pub(super) fn constant_array(&mut self, name: &str, array: &ConstantArray, loc: &str) -> Value {
        let array_type = ArrayType { dtype: array.dtype, ndim: array.shape.len(), layout: Layout::C, readonly: true };
        let symbol = format!("__rumba_global_{name}");
        if !self.module_emitter.constant_arrays.contains_key(&symbol) {
            let element = global_element(array.dtype);
            let shape: String = array.shape.iter().map(|extent| format!("{extent}x")).collect();
            let global = format!(
                "  memref.global \"private\" constant @{symbol} : memref<{shape}{element}> = dense<{}> {{alignment = 64 : i64}}\n",
                dense_elements(array)
            );
            self.module_emitter.constant_arrays.insert(symbol.clone(), global);
        }
        let name = self.op(format!("py.constant_array @{symbol} : {} {loc}", Type::Array(array_type).flat_mlir()[0]));
        Value::Array(name, array_type)
    }

    /// `np.array(values)` (`copy`) or `np.asarray(values)`, of the result type inference gave.
    pub(super) fn emit_from_values(&mut self, call: &ExprCall, values: &Expr, copy: bool, result_type: &Type) -> Result<Value, Diagnostic> {
        let loc = location(self.module, call);
        let Type::Array(result_type) = *result_type else { unreachable!("np.array makes an array") };
        let (shape, elements) = match literal_elements(self.module, values)? {
            Some((shape, elements)) => {
                let mut emitted = Vec::with_capacity(elements.len());
                for element in elements {
                    emitted.push(self.emit_expr(element)?);
                }
                (shape, emitted)
            }
            None => match self.emit_expr(values)? {
                Value::Array(array, array_type) if !copy && array_type.dtype == result_type.dtype => return Ok(Value::Array(array, array_type)),
                Value::Array(array, array_type) => return self.copy_array(&array, array_type, result_type.dtype, &loc),
                Value::Tuple(elements, _) => (vec![elements.len()], elements),
                number @ Value::Scalar(..) => (Vec::new(), vec![number]),
                list @ Value::List(..) => {
                    let helper = match list.value_type() {
                        Type::List(element) if matches!(*element, Type::Scalar(_)) => LIST_TO_ARRAY,
                        _ => NESTED_LIST_TO_ARRAY,
                    };
                    let helper = self.module.prelude_function(helper).expect("the prelude defines the list helpers");
                    return self.emit_compiled_call(&helper, vec![list, Value::CompileTime(Type::DType(result_type.dtype))], call);
                }
                other => unreachable!("inference admits no np.array of {}", other.value_type()),
            },
        };
        match elements.first() {
            Some(Value::Array(..)) => self.stack_arrays(call, &shape, &arrays_of(elements), result_type),
            _ => {
                let extents = self.index_constants(&shape, &loc);
                let Value::Array(array, array_type) = self.new_array(result_type, &extents, None, call)? else { unreachable!("a new array") };
                for (position, element) in elements.into_iter().enumerate() {
                    let element = self.element_to_store(element, result_type.dtype, call)?;
                    let indices: Vec<(String, Scalar)> = self.index_constants(&c_order_index(position, &shape), &loc).into_iter().map(|index| (index, INT64)).collect();
                    let store = self.setitem(&element, &array, array_type, &indices, &loc);
                    self.line(store);
                }
                Ok(Value::Array(array, array_type))
            }
        }
    }

    /// `np.array` of a nested literal of arrays (`shape` the literal's): the arrays, all of one
    /// shape (`ValueError` otherwise), stacked along new leading dimensions.
    fn stack_arrays(&mut self, call: &ExprCall, shape: &[usize], arrays: &[(String, ArrayType)], result_type: ArrayType) -> Result<Value, Diagnostic> {
        let loc = location(self.module, call);
        let (first, first_type) = &arrays[0];
        let inner = self.extents(first, *first_type, &loc);
        self.check_same_shapes(call, &inner, arrays, None, "setting an array element with a sequence: the arrays have different shapes")?;
        let mut extents = self.index_constants(shape, &loc);
        extents.extend(inner);
        let Value::Array(result, _) = self.new_array(result_type, &extents, None, call)? else { unreachable!("a new array") };
        for (position, (array, array_type)) in arrays.iter().enumerate() {
            let leading = self.index_constants(&c_order_index(position, shape), &loc);
            let mut dims = vec![-1i64; shape.len()];
            dims.resize(result_type.ndim, 0);
            self.copy_into_view(&result, result_type, &leading, &dims, (array, *array_type), &loc);
        }
        Ok(Value::Array(result, result_type))
    }

    /// `np.concatenate` and the other joins, of the result type inference gave.
    pub(super) fn emit_join(&mut self, call: &ExprCall, name: &str, arrays: &Expr, axis: Option<&Expr>, result_type: &Type) -> Result<Value, Diagnostic> {
        let loc = location(self.module, call);
        let Type::Array(result_type) = *result_type else { unreachable!("a join makes an array") };
        let values = match arrays {
            Expr::List(list) => list.elts.iter().map(|element| self.emit_expr(element)).collect::<Result<Vec<_>, _>>()?,
            Expr::Tuple(tuple) => tuple.elts.iter().map(|element| self.emit_expr(element)).collect::<Result<Vec<_>, _>>()?,
            other => match self.emit_expr(other)? {
                Value::Tuple(elements, _) => elements,
                value => unreachable!("inference admits joins of tuples only, not {}", value.value_type()),
            },
        };
        let arrays = arrays_of(values);
        let JoinPlan { stack, axis } = join_plan(self.module, name, arrays[0].1.ndim, axis, call)?;
        let (first, first_type) = &arrays[0];
        let mut extents = self.extents(first, *first_type, &loc);
        if stack {
            self.check_same_shapes(call, &extents, &arrays, None, "all input arrays must have the same shape")?;
            extents.insert(axis, self.scalar_constant(INT64, Constant::Int(arrays.len() as i64), &loc));
        } else {
            self.check_same_shapes(call, &extents, &arrays, Some(axis), "all the input array dimensions except for the concatenation axis must match exactly")?;
            let mut total = self.scalar_constant(INT64, Constant::Int(0), &loc);
            for (array, array_type) in &arrays {
                let extent = self.extent(array, *array_type, axis, &loc);
                total = self.op(format!("py.add {total}, {extent} : si64 {loc}"));
            }
            extents[axis] = total;
        }
        let Value::Array(result, _) = self.new_array(result_type, &extents, None, call)? else { unreachable!("a new array") };
        let mut offset = self.scalar_constant(INT64, Constant::Int(0), &loc);
        for (position, (array, array_type)) in arrays.iter().enumerate() {
            let mut dims = vec![0i64; result_type.ndim];
            let bounds = if stack {
                dims[axis] = -1;
                vec![self.scalar_constant(INT64, Constant::Int(position as i64), &loc)]
            } else {
                dims[axis] = 3;
                let extent = self.extent(array, *array_type, axis, &loc);
                let end = self.op(format!("py.add {offset}, {extent} : si64 {loc}"));
                let bounds = vec![offset.clone(), end.clone()];
                offset = end;
                bounds
            };
            self.copy_into_view(&result, result_type, &bounds, &dims, (array, *array_type), &loc);
        }
        Ok(Value::Array(result, result_type))
    }

    /// `si64` constants of `values` (extents or indices).
    fn index_constants(&mut self, values: &[usize], loc: &str) -> Vec<String> {
        values.iter().map(|&value| self.scalar_constant(INT64, Constant::Int(value as i64), loc)).collect()
    }

    /// Raises `ValueError(message)` unless every array has the extents `expected` (but for the
    /// dimension `except`).
    fn check_same_shapes(&mut self, call: &ExprCall, expected: &[String], arrays: &[(String, ArrayType)], except: Option<usize>, message: &str) -> Result<(), Diagnostic> {
        let loc = location(self.module, call);
        let mut mismatch = self.op("arith.constant false");
        for (array, array_type) in &arrays[1..] {
            for (dim, expected_extent) in expected.iter().enumerate().filter(|&(dim, _)| Some(dim) != except) {
                let extent = self.extent(array, *array_type, dim, &loc);
                let differs = self.op(format!("py.cmp \"ne\", {extent}, {expected_extent} : si64 {loc}"));
                mismatch = self.op(format!("arith.ori {mismatch}, {differs} : i1"));
            }
        }
        self.raise_if(&mismatch, "ValueError", message, call)
    }

    /// Copies `source` into the view of `target` that `bounds` and `dims` select (`py.view`'s
    /// operands and per-dimension masks), converting its elements to `target`'s type.
    fn copy_into_view(&mut self, target: &str, target_type: ArrayType, bounds: &[String], dims: &[i64], (source, source_type): (&str, ArrayType), loc: &str) {
        let view_ndim = dims.iter().filter(|&&mask| mask != -1).count();
        let view_type = ArrayType::new(target_type.dtype, view_ndim, Layout::A);
        let dims_text: Vec<String> = dims.iter().map(ToString::to_string).collect();
        let view_text = Type::Array(view_type).flat_mlir()[0].clone();
        let view = self.op(format!(
            "py.view {target}[{}] {{dims = array<i64: {}>}} : {} -> {view_text} {loc}",
            bounds.join(", "),
            dims_text.join(", "),
            Type::Array(target_type).flat_mlir()[0]
        ));
        let (converted, converted_type) = self.broadcast_to(&view, view_type, source, source_type, loc);
        let statement = format!("py.copy {converted}, {view} : {}, {view_text} {loc}", Type::Array(converted_type).flat_mlir()[0]);
        self.line_unless_raised(statement);
    }
}

/// The index of the `position`th element, in C order, of an array of extents `shape`.
fn c_order_index(position: usize, shape: &[usize]) -> Vec<usize> {
    let mut rest = position;
    let mut index = vec![0; shape.len()];
    for (dim, &extent) in shape.iter().enumerate().rev() {
        index[dim] = rest % extent;
        rest /= extent;
    }
    index
}

/// The arrays among `values`, which inference admits only as all arrays.
fn arrays_of(values: Vec<Value>) -> Vec<(String, ArrayType)> {
    values
        .into_iter()
        .map(|value| match value {
            Value::Array(array, array_type) => (array, array_type),
            other => unreachable!("inference admits arrays only beside arrays, not {}", other.value_type()),
        })
        .collect()
}

/// The elements of a `dense<...>` attribute: the bytes in hex, or for bools (which MLIR packs into
/// bits) nested lists of `true` and `false`.
fn dense_elements(array: &ConstantArray) -> String {
    if array.bytes.is_empty() {
        return String::new();
    }
    if array.dtype != Scalar::Bool {
        let hex: String = array.bytes.iter().map(|byte| format!("{byte:02X}")).collect();
        return format!("\"0x{hex}\"");
    }
    fn nested(bytes: &[u8], shape: &[usize]) -> String {
        match shape {
            [] => if bytes[0] != 0 { "true" } else { "false" }.to_string(),
            [extent, inner @ ..] => {
                let step = inner.iter().product::<usize>();
                let items: Vec<String> = (0..*extent).map(|index| nested(&bytes[index * step..], inner)).collect();
                format!("[{}]", items.join(", "))
            }
        }
    }
    nested(&array.bytes, &array.shape)
}

/// The element type of a `memref.global` of `dtype` (not complex: global arrays of complex
/// numbers are refused where they are bound, complex shared arrays where they are typed).
pub(super) fn global_element(dtype: Scalar) -> String {
    match dtype {
        Scalar::Bool => "i1".to_string(),
        Scalar::Int { bits, .. } | Scalar::Float { bits } => format!("{}{bits}", if dtype.is_float() { "f" } else { "i" }),
        Scalar::Complex { .. } => unreachable!("complex arrays are refused before they become globals"),
    }
}
