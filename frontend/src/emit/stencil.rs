//! Emission of `@stencil` specialisations (see `crate::stencil`): the kernel's relative reads, and
//! the function that applies the kernel at every interior element of its inputs.
//!
//! The stencil function checks that the relatively indexed inputs (and `out`) share the first
//! one's shape, raising `ValueError` where they do not, makes the output (`np.full` of `cval`, or
//! zeros) or fills `out` with `cval` when one is given, and calls the kernel in a loop nest over
//! the centres whose neighbourhood lies inside the input. Under `parallel=True` the outermost loop
//! is `scf.parallel`, as Numba makes the stencil a parfor.

use super::{location, FunctionEmitter, Value, STATE_EXIT};
use crate::{
    diagnostics::Diagnostic,
    resolve::{literal_constant, Constant},
    stencil::{index_expressions, StencilPlan},
    types::{ArrayType, Scalar, Type, INT64},
};
use ruff_python_ast::{Expr, ExprSubscript, StmtFunctionDef};

const UNSIGNED_INDEX: Scalar = Scalar::Int { bits: 64, signed: false };

impl FunctionEmitter<'_, '_, '_> {
    /// Whether `base` names an argument the stencil kernel being emitted indexes relative to its centre.
    pub(super) fn relative_array(&self, base: &Expr) -> bool {
        matches!(base, Expr::Name(name) if self.relative_arrays.iter().any(|relative| relative == name.id.as_str()))
    }

    /// `a[-1, 0]` in a stencil kernel: the element at the centre plus the relative indices. A constant
    /// index outside the stencil's neighbourhood is a compile-time error, any other index is checked
    /// against it at run time (`IndexError`, as the read would leave the input); inside it an index
    /// cannot leave the input, so it is passed unsigned and no wraparound from the end is computed.
    pub(super) fn emit_relative_getitem(&mut self, subscript: &ExprSubscript, loc: &str) -> Result<Value, Diagnostic> {
        let module = self.module;
        let Value::Array(array, array_type) = self.emit_expr(&subscript.value)? else { unreachable!("relative arguments are arrays") };
        let indices = index_expressions(&subscript.slice);
        if indices.len() != array_type.ndim || indices.iter().any(|index| matches!(index, Expr::Slice(_))) {
            return Err(module.typing(
                &*subscript.slice,
                format!("a stencil kernel reads one element of its {}-d inputs at a time, with {} relative indices", array_type.ndim, array_type.ndim),
            ));
        }
        let neighborhood = self.types.stencil.as_ref().map(|plan| plan.neighborhood.clone()).unwrap_or_default();
        let mut absolute = Vec::new();
        for ((index, centre), (least, greatest)) in indices.into_iter().zip(self.stencil_centres.clone()).zip(neighborhood) {
            let out_of_neighborhood = format!("stencil kernel index is out of bounds of the specified neighborhood ({least}, {greatest})");
            if let Some(Constant::Int(value)) = literal_constant(index) {
                if !(least..=greatest).contains(&value) {
                    return Err(module.typing(index, format!("relative index {value} is outside the stencil's neighborhood ({least}, {greatest})")));
                }
            }
            let offset = self.emit_expr(index)?;
            let offset = self.to_scalar(offset, INT64, index)?;
            if literal_constant(index).is_none() {
                // Only offsets inside the neighbourhood keep the read inside the input.
                let least_value = self.scalar_constant(INT64, Constant::Int(least), loc);
                let greatest_value = self.scalar_constant(INT64, Constant::Int(greatest), loc);
                let below = self.op(format!("py.cmp \"lt\", {offset}, {least_value} : si64 {loc}"));
                let above = self.op(format!("py.cmp \"gt\", {offset}, {greatest_value} : si64 {loc}"));
                let outside = self.op(format!("arith.ori {below}, {above} : i1"));
                self.raise_if(&outside, "IndexError", &out_of_neighborhood, index)?;
            }
            let position = self.op(format!("py.add {centre}, {offset} : si64 {loc}"));
            absolute.push((self.cast(&position, INT64, UNSIGNED_INDEX, loc), UNSIGNED_INDEX));
        }
        Ok(self.getitem(&array, array_type, &absolute, loc))
    }

    /// The stencil function of specialisation `self.types`: shape checks, the output, the loops.
    pub(super) fn emit_stencil(&mut self, function: &StmtFunctionDef, public: bool) -> Result<String, Diagnostic> {
        let module = self.module;
        let loc = location(module, function);
        let plan = self.types.stencil.clone().expect("a stencil specialisation has a plan");
        let Type::Array(output_type) = self.types.return_type.clone() else { unreachable!("a stencil returns an array") };

        self.allocate_state();
        let (parameters, arguments) = self.parameters();
        let array_argument = |position: usize| match &arguments[position] {
            Value::Array(name, array_type) => (name.clone(), *array_type),
            _ => unreachable!("relative arguments and out are arrays"),
        };

        let (first, first_type) = array_argument(plan.relative[0]);
        let extents: Vec<String> = (0..plan.ndim).map(|dim| self.extent(&first, first_type, dim, &loc)).collect();
        let mut same_shape: Vec<usize> = plan.relative[1..].to_vec();
        if plan.has_out {
            same_shape.push(arguments.len() - 1);
        }
        for position in same_shape {
            let (array, array_type) = array_argument(position);
            for (dim, extent) in extents.iter().enumerate() {
                let own = self.extent(&array, array_type, dim, &loc);
                let differs = self.op(format!("py.cmp \"ne\", {own}, {extent} : si64 {loc}"));
                self.raise_if(&differs, "ValueError", "the stencil's input arrays (and out) must have the same shape", &function.name)?;
            }
        }

        if self.raise_points > 0 {
            let running = self.running();
            self.branch_to_exit(&running);
        }

        let fill = plan.cval.map(|cval| self.scalar_constant(output_type.dtype, cval, &loc));
        let output = if plan.has_out {
            let (out, out_type) = array_argument(arguments.len() - 1);
            if let Some(fill) = &fill {
                self.line(format!("py.fill {out}, {fill} : {}, {} {loc}", Type::Array(out_type).flat_mlir()[0], out_type.dtype.mlir()));
            }
            Value::Array(out, out_type)
        } else {
            let fill = fill.unwrap_or_else(|| self.scalar_constant(output_type.dtype, Constant::Int(0), &loc));
            self.new_array(output_type, &extents, Some(fill), function)?
        };
        let Value::Array(output_name, output_type) = output.clone() else { unreachable!("the output is an array") };

        let kernel_arguments: Vec<String> = arguments[..arguments.len() - usize::from(plan.has_out)].iter().flat_map(Value::flat_names).collect();
        let parallel = self.module_emitter.parallel;
        self.emit_stencil_loops(&plan, &extents, &kernel_arguments, (&output_name, output_type), parallel, &mut Vec::new(), &loc)?;

        let running = self.running();
        self.branch_to_exit(&running);
        let success = self.i32_constant(0);
        let result_type = Type::Array(output_type).flat_mlir()[0].clone();
        self.line(format!("func.return {success}, {output_name} : i32, {result_type} {loc}"));
        self.emit_exit_block(&self.types.return_type.clone(), &loc);
        Ok(self.function_text(&parameters, &["i32".to_string(), result_type], public, &loc))
    }

    /// The loop over dimension `centres.len()` of the interior, and the ones inside it; the
    /// innermost calls the kernel and stores its value into the output.
    #[allow(clippy::too_many_arguments)]
    fn emit_stencil_loops(
        &mut self,
        plan: &StencilPlan,
        extents: &[String],
        kernel_arguments: &[String],
        output: (&str, ArrayType),
        parallel: bool,
        centres: &mut Vec<String>,
        loc: &str,
    ) -> Result<(), Diagnostic> {
        let dim = centres.len();
        if dim == plan.ndim {
            return self.emit_kernel_call(plan, kernel_arguments, output, centres, parallel, loc);
        }
        // Centres run where the whole neighbourhood, and the centre itself, lie inside the input.
        let (least, greatest) = (plan.neighborhood[dim].0.min(0), plan.neighborhood[dim].1.max(0));
        let lower = self.scalar_constant(INT64, Constant::Int(-least), loc);
        let margin = self.scalar_constant(INT64, Constant::Int(greatest), loc);
        let upper = self.op(format!("py.sub {}, {margin} : si64 {loc}", extents[dim]));
        let lower = self.op(format!("py.cast {lower} : si64 to index {loc}"));
        let upper = self.op(format!("py.cast {upper} : si64 to index {loc}"));
        let one = self.op("arith.constant 1 : index");
        let induction = self.fresh();
        let (lines, ()) = self.region(|this| {
            centres.push(this.op(format!("py.cast {induction} : index to si64 {loc}")));
            this.emit_stencil_loops(plan, extents, kernel_arguments, output, parallel, centres, loc)?;
            centres.pop();
            this.line(if parallel && dim == 0 { "scf.reduce" } else { "scf.yield" });
            Ok(())
        })?;
        let header = if parallel && dim == 0 {
            format!("scf.parallel ({induction}) = ({lower}) to ({upper}) step ({one}) {{")
        } else {
            format!("scf.for {induction} = {lower} to {upper} step {one} {{")
        };
        self.push_region(header, vec![(String::new(), lines)], format!("}} {loc}"));
        Ok(())
    }

    /// `output[centres] = kernel(arguments, centres)`, or the kernel's exception published to the
    /// function's status. Serial loops skip the remaining centres once one raised.
    fn emit_kernel_call(&mut self, plan: &StencilPlan, kernel_arguments: &[String], output: (&str, ArrayType), centres: &[String], parallel: bool, loc: &str) -> Result<(), Diagnostic> {
        let kernel = self.module_emitter.specialisations.functions[plan.kernel].clone();
        let Type::Scalar(element) = kernel.return_type else { unreachable!("a stencil kernel returns a number") };
        let call = |this: &mut Self| -> Result<(), Diagnostic> {
            let mut operands = kernel_arguments.to_vec();
            operands.extend(centres.iter().cloned());
            let mut operand_types: Vec<String> = kernel.arguments.iter().flat_map(Type::flat_mlir).collect();
            operand_types.extend(centres.iter().map(|_| "si64".to_string()));
            let results = this.fresh();
            this.line(format!(
                "{results}:2 = func.call @{}({}) : ({}) -> (i32, {}) {loc}",
                kernel.symbol,
                operands.join(", "),
                operand_types.join(", "),
                element.mlir()
            ));
            let zero = this.i32_constant(0);
            let failed = this.op(format!("arith.cmpi ne, {results}#0, {zero} : i32"));
            let (status, state) = (this.status_slot.clone(), this.state_slot.clone());
            let (raised, ()) = this.region(|inner| {
                if parallel {
                    let exit = inner.i32_constant(STATE_EXIT);
                    inner.op(format!("memref.atomic_rmw assign {results}#0, {status}[] : (i32, memref<i32>) -> i32"));
                    inner.op(format!("memref.atomic_rmw assign {exit}, {state}[] : (i32, memref<i32>) -> i32"));
                } else {
                    inner.store(&format!("{results}#0"), &status, "i32");
                    inner.set_state(STATE_EXIT);
                }
                inner.line("scf.yield");
                Ok(())
            })?;
            let (stored, ()) = this.region(|inner| {
                let (output_name, output_type) = output;
                let value = inner.cast(&format!("{results}#1"), element, output_type.dtype, loc);
                let indices: Vec<String> = centres.iter().map(|centre| inner.cast(centre, INT64, UNSIGNED_INDEX, loc)).collect();
                inner.line(format!(
                    "py.setitem {value}, {output_name}[{}] : {}, {}, {} {loc}",
                    indices.join(", "),
                    output_type.dtype.mlir(),
                    Type::Array(output_type).flat_mlir()[0],
                    vec![UNSIGNED_INDEX.mlir(); indices.len()].join(", ")
                ));
                inner.line("scf.yield");
                Ok(())
            })?;
            this.emit_if(&failed, raised, Some(stored));
            Ok(())
        };
        if parallel {
            return call(self);
        }
        let running = self.running();
        let (lines, ()) = self.region(|this| {
            call(this)?;
            this.line("scf.yield");
            Ok(())
        })?;
        self.emit_if(&running, lines, None);
        Ok(())
    }
}
