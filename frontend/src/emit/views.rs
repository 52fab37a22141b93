//! Views and writes through them: `a[i, 1:-1, ::2]` as a `py.view`, and assignments into views
//! (`a[1:] = b`, ufuncs' `out=`) with NumPy's broadcasting and casting rules.

use super::*;

/// The prelude's vector of a list's and of a tuple's numbers.
const SEQUENCE_TO_ARRAY: [&str; 2] = ["_list_to_array", "_tuple_to_array"];

impl FunctionEmitter<'_, '_, '_> {
    /// `a[i, 1:-1, ::2]` (and `a[i]` on a matrix, the rest of its dimensions whole) as a `py.view`.
    pub(super) fn emit_view(&mut self, array: &str, array_type: ArrayType, view_type: ArrayType, slice: &Expr, loc: &str) -> Result<Value, Diagnostic> {
        let mut bounds = Vec::new();
        let mut dims: Vec<i64> = Vec::new();
        if !matches!(slice, Expr::Tuple(_) | Expr::Slice(_) | Expr::EllipsisLiteral(_) | Expr::NoneLiteral(_)) && matches!(self.expr_type(slice)?, Type::Tuple(..)) {
            // A tuple of fewer integers than dimensions held in a variable (`m[i]`, `i` from `np.ndindex`).
            if let Value::Tuple(elements, _) = self.emit_expr(slice)? {
                for element in elements {
                    bounds.push(self.to_scalar(element, INT64, slice)?);
                    dims.push(-1);
                }
                dims.extend((bounds.len()..array_type.ndim).map(|_| 0));
                return Ok(self.view_op(array, array_type, view_type, &bounds, &dims, loc));
            }
        }
        for index in crate::infer::view_indices(self.module, slice, array_type.ndim)? {
            let slice = match index {
                crate::infer::ViewIndex::Integer(index) => {
                    let value = self.emit_expr(index)?;
                    bounds.push(self.to_scalar(value, INT64, index)?);
                    dims.push(-1);
                    continue;
                }
                crate::infer::ViewIndex::Whole => {
                    dims.push(0);
                    continue;
                }
                crate::infer::ViewIndex::NewAxis => {
                    dims.push(-2);
                    continue;
                }
                crate::infer::ViewIndex::Slice(slice) => slice,
            };
            let mut mask = 0;
            for (bit, part) in [(1, &slice.lower), (2, &slice.upper), (4, &slice.step)] {
                let Some(part) = part.as_deref() else { continue };
                let value = self.emit_expr(part)?;
                let mut bound = self.to_scalar(value, INT64, part)?;
                if bit == 4 && may_be_zero(part) {
                    let zero = self.scalar_constant(INT64, Constant::Int(0), loc);
                    let is_zero = self.op(format!("py.cmp \"eq\", {bound}, {zero} : si64 {loc}"));
                    self.raise_if(&is_zero, "ValueError", "slice step cannot be zero", part)?;
                    let one = self.scalar_constant(INT64, Constant::Int(1), loc);
                    bound = self.op(format!("arith.select {is_zero}, {one}, {bound} : si64"));
                }
                bounds.push(bound);
                mask |= bit;
            }
            dims.push(mask);
        }
        Ok(self.view_op(array, array_type, view_type, &bounds, &dims, loc))
    }

    /// `py.view` of `array` by `dims` (per dimension: -1 an index, -2 a new axis, else a mask of
    /// the slice bounds given: 1 start, 2 stop, 4 step), reading `bounds` in order.
    pub(super) fn view_op(&mut self, array: &str, array_type: ArrayType, view_type: ArrayType, bounds: &[String], dims: &[i64], loc: &str) -> Value {
        let dims_text: Vec<String> = dims.iter().map(ToString::to_string).collect();
        let view = self.op(format!(
            "py.view {array}[{}] {{dims = array<i64: {}>}} : {} -> {} {loc}",
            bounds.join(", "),
            dims_text.join(", "),
            Type::Array(array_type).flat_mlir()[0],
            Type::Array(view_type).flat_mlir()[0]
        ));
        Value::Array(view, view_type)
    }

    /// `a, b = array`: CPython's ValueError unless the array has as many items along its first
    /// axis as there are names, then each name bound to its item (an element, or a row's view).
    pub(super) fn unpack_array(&mut self, names: &ruff_python_ast::ExprTuple, array: &str, array_type: ArrayType, loc: &str) -> Result<(), Diagnostic> {
        let expected = names.elts.len();
        let length = self.extent(array, array_type, 0, loc);
        let count = self.scalar_constant(INT64, Constant::Int(expected as i64), loc);
        let more = self.op(format!("py.cmp \"gt\", {length}, {count} : si64 {loc}"));
        self.raise_if(&more, "ValueError", &format!("too many values to unpack (expected {expected})"), names)?;
        let fewer = self.op(format!("py.cmp \"lt\", {length}, {count} : si64 {loc}"));
        self.raise_if(&fewer, "ValueError", &format!("not enough values to unpack (expected {expected})"), names)?;
        for (position, name) in names.elts.iter().enumerate() {
            let index = self.scalar_constant(INT64, Constant::Int(position as i64), loc);
            let item = match crate::infer::unpacked_item(array_type) {
                Type::Array(row_type) => {
                    let dims: Vec<i64> = std::iter::once(-1).chain((1..array_type.ndim).map(|_| 0)).collect();
                    self.view_op(array, array_type, row_type, &[index], &dims, loc)
                }
                _ => self.getitem(array, array_type, &[(index, INT64)], loc),
            };
            self.assign(name, item, loc)?;
        }
        Ok(())
    }

    /// `np.ufunc(..., out=target)`: `computed` (the call without `out=`) written into the target
    /// as a slice assignment writes (broadcast, converted within NumPy's `same_kind` casts), and
    /// the target as the call's value.
    pub(super) fn emit_into_out(&mut self, target: &Expr, computed: &Expr, loc: &str) -> Result<Value, Diagnostic> {
        let value = self.emit_expr(computed)?;
        let Type::Array(target_type) = self.expr_type(target)? else { unreachable!("inference admits array targets only") };
        let result = match value.value_type() {
            Type::Array(array) => array.dtype,
            other => other.scalar().unwrap_or(target_type.dtype),
        };
        if !casts_same_kind(result, target_type.dtype) {
            return Err(self.module.typing(target, format!("cannot cast the ufunc's {} result to out='s {} (NumPy's 'same_kind' rule)", result.numba_name(), target_type.dtype.numba_name())));
        }
        self.assign_to_view(target, value, loc)?;
        self.emit_expr(target)
    }

    /// `a[...] = value` where `a[...]` is a view: a number fills it; an array that broadcasts to its
    /// shape (checked, ValueError otherwise) is broadcast into a new array first, so that overlapping
    /// views read the values from before the assignment, as NumPy does (the `parfor` pass fuses the
    /// computation of a fresh right-hand side into that one loop).
    pub(super) fn assign_to_view(&mut self, target: &Expr, value: Value, loc: &str) -> Result<(), Diagnostic> {
        let module = self.module;
        // A list or tuple of numbers is the vector of its items (the prelude's copy into one).
        let value = match value {
            Value::List(..) | Value::Tuple(..) => {
                let Type::Array(target_type) = self.expr_type(target)? else { unreachable!("the target types as an array") };
                let helper = if matches!(value, Value::List(..)) { SEQUENCE_TO_ARRAY[0] } else { SEQUENCE_TO_ARRAY[1] };
                let helper = module.prelude_function(helper).expect("the prelude defines the sequence helpers");
                self.emit_compiled_call(&helper, vec![value, Value::CompileTime(Type::DType(target_type.dtype))], target)?
            }
            other => other,
        };
        let Value::Array(view, view_type) = self.emit_expr(target)? else { unreachable!("the target types as an array") };
        if view_type.readonly {
            return Err(read_only_write(module, target));
        }
        let view_text = Type::Array(view_type).flat_mlir()[0].clone();
        let store = match value {
            Value::Scalar(name, scalar) => {
                let converted = self.element_to_store(Value::Scalar(name, scalar), view_type.dtype, target)?;
                format!("py.fill {view}, {converted} : {view_text}, {} {loc}", view_type.dtype.mlir())
            }
            Value::Array(source, source_type) => {
                // Leading dimensions of one element broadcast away (`out[0, :] = m` with `m` of
                // shape (1, n)); the source is read through its first element along them.
                let extra = source_type.ndim.saturating_sub(view_type.ndim);
                let one = self.scalar_constant(INT64, Constant::Int(1), loc);
                let zero = self.scalar_constant(INT64, Constant::Int(0), loc);
                for position in 0..extra {
                    let extent = self.extent(&source, source_type, position, loc);
                    let not_one = self.op(format!("py.cmp \"ne\", {extent}, {one} : si64 {loc}"));
                    self.raise_if(&not_one, "ValueError", "could not broadcast the input array into the assigned shape", target)?;
                }
                let (source, source_type) = if extra == 0 {
                    (source, source_type)
                } else {
                    let dims: Vec<i64> = (0..source_type.ndim).map(|position| if position < extra { -1 } else { 0 }).collect();
                    let kept = ArrayType { ndim: view_type.ndim, layout: if source_type.layout == rumba_dialects::Layout::C { rumba_dialects::Layout::C } else { rumba_dialects::Layout::A }, ..source_type };
                    let Value::Array(row, row_type) = self.view_op(&source, source_type, kept, &vec![zero; extra], &dims, loc) else { unreachable!("view_op gives an array") };
                    (row, row_type)
                };
                let source_extents = self.extents(&source, source_type, loc);
                for (position, source_extent) in source_extents.iter().enumerate() {
                    let Value::Scalar(target_extent, _) = self.dim(&view, view_type, view_type.ndim - source_type.ndim + position, loc) else { unreachable!() };
                    let differs = self.op(format!("py.cmp \"ne\", {target_extent}, {source_extent} : si64 {loc}"));
                    let not_one = self.op(format!("py.cmp \"ne\", {source_extent}, {one} : si64 {loc}"));
                    let mismatch = self.op(format!("arith.andi {differs}, {not_one} : i1"));
                    self.raise_if(&mismatch, "ValueError", "could not broadcast the input array into the assigned shape", target)?;
                }
                let (copy, copy_type) = self.broadcast_to(&view, view_type, &source, source_type, loc);
                format!("py.copy {copy}, {view} : {}, {view_text} {loc}", Type::Array(copy_type).flat_mlir()[0])
            }
            other => return Err(module.typing(target, format!("cannot assign {} to an array", other.value_type()))),
        };
        self.line_unless_raised(store);
        Ok(())
    }
}
