//! Emission of `py` IR as MLIR text, one `func.func` per specialisation.
//!
//! Scalar locals live in `memref.alloca` slots (LLVM promotes them to registers), arrays are SSA
//! values. Control flow is `scf`; `break`, `continue`, `return` and `raise` inside loops and branches
//! set the function's `state` slot and the statements after them run under `scf.if (state == 0)`.
//! At the top level of the function a statement that may return or raise is followed by a branch to
//! the exit block, which returns the status and the return slots. Every function returns an `i32`
//! status first: 0, or the code of the raise site whose exception is in flight.

use crate::{
    diagnostics::{Diagnostic, DiagnosticKind, SourceLocation},
    infer::{
        exception_of, range_arguments, Callee, FunctionKind, FunctionTypes, SettledTypes, Specialisations, TypeWalker,
    },
    resolve::{literal_constant, math_constant, Constant, Global, SourceModule},
    types::{promote, ArrayType, Scalar, Type, FLOAT64, INT64},
    ufuncs::Kernel,
};
use ruff_python_ast::{BoolOp, CmpOp, Expr, ExprCall, Operator, Stmt, StmtFunctionDef, UnaryOp};
use ruff_text_size::Ranged;
use std::{collections::HashMap, fmt::Write};

mod arrays;
mod construction;
mod stencil;

/// What a `state` slot holds: why the statements that follow are being skipped.
const STATE_CONTINUE: i32 = 1;
const STATE_BREAK: i32 = 2;
const STATE_EXIT: i32 = 3;

/// A raise site: the code compiled code returns when it raises there.
#[derive(Clone, Debug, PartialEq)]
pub struct RaiseSite {
    pub exception: String,
    /// The message argument, if the exception was constructed with one.
    pub message: Option<String>,
    pub location: SourceLocation,
}

/// Array variables a loop carries from one iteration to the next.
#[derive(Default)]
struct Carried {
    names: Vec<String>,
    types: Vec<ArrayType>,
    /// Their values when the loop starts.
    initial: Vec<String>,
}

impl Carried {
    fn types_text(&self) -> Vec<String> {
        self.types.iter().map(|array_type| Type::Array(*array_type).flat_mlir()[0].clone()).collect()
    }

    /// `%r#1, ...`: the loop results holding the variables, after `skip` other results.
    fn results(&self, result: &str, skip: usize) -> Vec<String> {
        (0..self.names.len()).map(|index| format!("{result}#{}", index + skip)).collect()
    }
}

/// A value in emitted code: SSA names with their types, tuples flattened.
#[derive(Clone, Debug)]
enum Value {
    Scalar(String, Scalar),
    Array(String, ArrayType),
    Tuple(Vec<Value>),
    None,
    /// A value known when compiling (a string, a dtype): its type is all there is of it.
    CompileTime(Type),
}

impl Value {
    fn value_type(&self) -> Type {
        match self {
            Value::Scalar(_, scalar) => Type::Scalar(*scalar),
            Value::Array(_, array) => Type::Array(*array),
            Value::Tuple(elements) => Type::Tuple(elements.iter().map(Value::value_type).collect()),
            Value::None => Type::None,
            Value::CompileTime(known) => known.clone(),
        }
    }

    fn flat_names(&self) -> Vec<String> {
        match self {
            Value::Scalar(name, _) | Value::Array(name, _) => vec![name.clone()],
            Value::Tuple(elements) => elements.iter().flat_map(Value::flat_names).collect(),
            Value::None | Value::CompileTime(_) => Vec::new(),
        }
    }

    fn scalar(&self) -> Option<(&str, Scalar)> {
        match self {
            Value::Scalar(name, scalar) => Some((name, *scalar)),
            _ => None,
        }
    }
}

/// The exponent of `x ** n` computed by multiplications: a literal integer `n` from 0 to 64.
fn small_power(exponent: Option<Constant>) -> Option<u32> {
    match exponent {
        Some(Constant::Int(power)) if (0..=MULTIPLIED_POWERS).contains(&power) => Some(power as u32),
        _ => None,
    }
}

/// The largest literal integer exponent computed by multiplications rather than by `pow`.
const MULTIPLIED_POWERS: i64 = 64;

/// Rebuilds a value of type `value_type` from flat SSA names.
fn unflatten(value_type: &Type, names: &mut impl Iterator<Item = String>) -> Value {
    match value_type {
        Type::Scalar(scalar) => Value::Scalar(names.next().unwrap_or_default(), *scalar),
        Type::Array(array) => Value::Array(names.next().unwrap_or_default(), *array),
        Type::Tuple(elements) => Value::Tuple(elements.iter().map(|element| unflatten(element, names)).collect()),
        Type::None | Type::Unknown => Value::None,
        known @ (Type::Str(_) | Type::DType(_)) => Value::CompileTime(known.clone()),
    }
}

/// Where a local variable lives.
#[derive(Clone, Debug)]
enum Binding {
    /// Scalar components (tuples flattened) in `memref<T>` slots.
    Slots(Vec<(String, Scalar)>, Type),
    /// An SSA value (arrays, and tuples holding arrays).
    Ssa(Option<Value>),
}

/// The module being emitted: every specialisation's text and the raise sites.
pub struct ModuleEmitter<'s, 'm> {
    pub specialisations: &'s mut Specialisations<'m>,
    /// `parallel=True`: `prange` loops become `scf.parallel`.
    parallel: bool,
    pub raise_sites: Vec<RaiseSite>,
    /// Whether the emitted code is straight-line: no loop, no call to a compiled function.
    pub straight_line: bool,
    emitted: Vec<bool>,
    text: String,
    /// The runtime functions the module calls (name, type), declared once at its end.
    runtime_calls: std::collections::BTreeSet<RuntimeFunction>,
}

impl<'s, 'm> ModuleEmitter<'s, 'm> {
    pub fn new(specialisations: &'s mut Specialisations<'m>, parallel: bool) -> Self {
        Self { specialisations, parallel, raise_sites: Vec::new(), straight_line: true, emitted: Vec::new(), text: String::new(), runtime_calls: Default::default() }
    }

    /// Emits specialisation `entry` and everything it calls; returns the module's text, its raise
    /// sites and whether it is straight-line code.
    pub fn emit_module(mut self, entry: usize) -> Result<(String, Vec<RaiseSite>, bool), Diagnostic> {
        let mut next = Some(entry);
        while let Some(index) = next {
            self.emitted.resize(self.specialisations.functions.len().max(index + 1), false);
            self.emitted[index] = true;
            let text = FunctionEmitter::emit(&mut self, index, index == entry)?;
            self.text.push_str(&text);
            self.emitted.resize(self.specialisations.functions.len(), false);
            next = self.emitted.iter().position(|done| !done);
        }
        for (name, function_type) in &self.runtime_calls {
            self.text.push_str(&format!("  func.func private @{name}{function_type}\n"));
        }
        Ok((format!("module {{\n{}}}\n", self.text), self.raise_sites, self.straight_line))
    }
}

struct FunctionEmitter<'e, 's, 'm> {
    module_emitter: &'e mut ModuleEmitter<'s, 'm>,
    module: &'m SourceModule,
    types: FunctionTypes,
    bindings: HashMap<String, Binding>,
    lines: Vec<String>,
    next_value: usize,
    next_block: usize,
    state_slot: String,
    status_slot: String,
    return_slots: Vec<(String, Scalar)>,
    /// Whether an expression of the current statement may already have raised, so that later side
    /// effects of the same statement must be skipped.
    statement_may_have_raised: bool,
    /// While an assignment stores its value: whether that value is a NumPy scalar (which NumPy's
    /// setitem converts to unsigned integers unchecked).
    storing_numpy_scalar: bool,
    /// The settled types of the function's expressions, each inferred once.
    settled_types: SettledTypes,
    /// How many places that may raise have been emitted so far: a statement whose emission added one
    /// is followed by a guard, whatever its syntax showed.
    raise_points: usize,
    needs_exit_block: bool,
    loop_depth: usize,
    region_depth: usize,
    /// Inside the body of a parallel loop: nested `prange` loops run serially.
    in_parallel_loop: bool,
    /// For each `py.map` result: the arrays whose broadcast is its shape (its operands', recursively),
    /// so that checking a later operation's shapes reads no extent of an array the `parfor` pass fuses away.
    broadcast_sources: HashMap<String, Vec<(String, ArrayType)>>,
    /// For each region being emitted, innermost last: the array variables first assigned in it,
    /// which go out of scope with it.
    region_arrays: Vec<Vec<String>>,
    /// Results of `scf.if` guards that carry arrays out: the values each may be.
    may_be: HashMap<String, Vec<String>>,
    /// Range loop variables the body does not reassign, with the least value each takes.
    index_floors: HashMap<String, i64>,
    /// In a stencil kernel: the centre indices, and the parameters indexed relative to them.
    stencil_centres: Vec<String>,
    relative_arrays: Vec<String>,
    /// The body of the function being emitted, for facts about a statement's surroundings.
    function_body: &'m [Stmt],
    /// Reads of locals that may run before the local is assigned (`definite_assignment`), and the
    /// flag slot of each such local, set by every assignment and checked at those reads.
    maybe_unbound: HashMap<ruff_text_size::TextRange, String>,
    bound_flags: HashMap<String, String>,
}

/// Whether NumPy's `same_kind` casting allows `from` into `to`: bool < integers < floats < complex,
/// never to a lower kind (signedness aside).
fn casts_same_kind(from: Scalar, to: Scalar) -> bool {
    let kind = |scalar: Scalar| match scalar {
        Scalar::Bool => 0,
        Scalar::Int { .. } => 1,
        Scalar::Float { .. } => 2,
        Scalar::Complex => 3,
    };
    kind(from) <= kind(to)
}

/// A function of the runtime that compiled code calls: its name and type.
type RuntimeFunction = (&'static str, &'static str);

/// Called by a recursive function on entry: whether its thread's stack is nearly full.
const STACK_CHECK: RuntimeFunction = ("rumba_stack_exhausted", "() -> i1");
/// Called before a large allocation: whether that many bytes can be allocated.
pub(crate) const ALLOCATION_CHECK: RuntimeFunction = ("rumba_can_allocate", "(f64) -> i1");
/// Draws from NumPy's generator (runtime `random.rs`): a float in [0, 1), a standard normal, an
/// integer in [0, n], and seeding.
const NUMPY_RANDOM: RuntimeFunction = ("rumba_np_random", "() -> f64");
const NUMPY_GAUSS: RuntimeFunction = ("rumba_np_gauss", "() -> f64");
const NUMPY_BOUNDED: RuntimeFunction = ("rumba_np_bounded", "(si64) -> si64");
const NUMPY_SEED: RuntimeFunction = ("rumba_np_seed", "(si64) -> ()");
/// `int / int` rounded once, for operands beyond ±2**53.
const INT_TRUE_DIVIDE: RuntimeFunction = ("rumba_int_true_divide", "(si64, si64) -> f64");

/// Ints within ±2**53 convert to float exactly.
const EXACT_FLOAT_INTS: i64 = 1 << 53;

/// The error for a write into a read-only array (or a view of one), as Numba refuses it.
fn read_only_write(module: &SourceModule, array: &Expr) -> Diagnostic {
    module.typing(array, "cannot write into a read-only array (a NumPy array whose 'writeable' flag is off, a view of one, or the copy a reshape of a non-contiguous array makes)")
}

fn location(module: &SourceModule, node: &dyn Ranged) -> String {
    let SourceLocation { file, line, column } = module.file.locate(node.range().start().to_usize());
    format!("loc({file:?}:{line}:{column})")
}

fn float_literal(value: f64) -> String {
    format!("0x{:016X}", value.to_bits())
}

fn float_literal_32(value: f64) -> String {
    format!("0x{:08X}", (value as f32).to_bits())
}

/// Whether a statement list contains `return`/`raise`, or `break`/`continue` of the loop around it.
fn exits(body: &[Stmt], loop_level: bool) -> bool {
    body.iter().any(|statement| match statement {
        Stmt::Return(_) | Stmt::Raise(_) => true,
        Stmt::Break(_) | Stmt::Continue(_) => loop_level,
        Stmt::If(if_statement) => {
            exits(&if_statement.body, loop_level) || if_statement.elif_else_clauses.iter().any(|clause| exits(&clause.body, loop_level))
        }
        Stmt::For(for_loop) => exits(&for_loop.body, false),
        Stmt::While(while_loop) => exits(&while_loop.body, false),
        _ => false,
    })
}

/// The `py` op of a binary operator (`None` for `@`).
fn binary_mnemonic(op: Operator) -> Option<&'static str> {
    Some(match op {
        Operator::Add => "add",
        Operator::Sub => "sub",
        Operator::Mult => "mul",
        Operator::Div => "truediv",
        Operator::FloorDiv => "floordiv",
        Operator::Mod => "mod",
        Operator::Pow => "pow",
        Operator::BitAnd => "bitand",
        Operator::BitOr => "bitor",
        Operator::BitXor => "bitxor",
        Operator::LShift => "lshift",
        Operator::RShift => "rshift",
        Operator::MatMult => return None,
    })
}

/// The `py.cmp` predicate of a comparison (`None` for `is`, `in` and their negations).
fn comparison_predicate(op: CmpOp) -> Option<&'static str> {
    Some(match op {
        CmpOp::Lt => "lt",
        CmpOp::LtE => "le",
        CmpOp::Gt => "gt",
        CmpOp::GtE => "ge",
        CmpOp::Eq => "eq",
        CmpOp::NotEq => "ne",
        _ => return None,
    })
}

/// Whether an operand may be zero: anything but a non-zero literal.
fn may_be_zero(expr: &Expr) -> bool {
    literal_constant(expr).is_none_or(|constant| matches!(constant, Constant::Int(0) | Constant::Float(0.0) | Constant::Bool(false) | Constant::Complex(0.0, 0.0)))
}

/// Finds what may raise while a statement runs: a division or modulo whose divisor is not a non-zero
/// literal, a power whose exponent is not a literal, a range with a computed step, or a call to a
/// compiled function.
struct RaiseFinder<'f> {
    module: &'f SourceModule,
    found: bool,
}

impl<'a> ruff_python_ast::visitor::Visitor<'a> for RaiseFinder<'_> {
    fn visit_stmt(&mut self, statement: &'a Stmt) {
        if let Stmt::AugAssign(assign) = statement {
            if matches!(assign.op, Operator::Div | Operator::FloorDiv | Operator::Mod | Operator::Pow)
                && may_be_zero(&assign.value)
            {
                self.found = true;
            }
        }
        ruff_python_ast::visitor::walk_stmt(self, statement);
    }

    fn visit_expr(&mut self, expr: &'a Expr) {
        match expr {
            Expr::BinOp(binary)
                if matches!(binary.op, Operator::Div | Operator::FloorDiv | Operator::Mod | Operator::Pow)
                    && may_be_zero(&binary.right) =>
            {
                self.found = true
            }
            Expr::Call(call) => match &*call.func {
                Expr::Name(name) if matches!(self.module.global(name.id.as_str()), Some(Global::Function(_))) => self.found = true,
                Expr::Name(name) if name.id.as_str() == "range" && call.arguments.args.get(2).is_some_and(|step| literal_constant(step).is_none()) => {
                    self.found = true
                }
                _ => {}
            },
            _ => {}
        }
        ruff_python_ast::visitor::walk_expr(self, expr);
    }
}

fn statement_may_raise(module: &SourceModule, statement: &Stmt) -> bool {
    let mut finder = RaiseFinder { module, found: false };
    ruff_python_ast::visitor::Visitor::visit_stmt(&mut finder, statement);
    finder.found
}

/// Whether after this statement the rest of its block must be guarded by `state == 0`.
fn needs_guard(module: &SourceModule, statement: &Stmt, loop_level: bool) -> bool {
    exits(std::slice::from_ref(statement), loop_level) || statement_may_raise(module, statement)
}

impl<'e, 's, 'm> FunctionEmitter<'e, 's, 'm> {
    fn emit(module_emitter: &'e mut ModuleEmitter<'s, 'm>, index: usize, public: bool) -> Result<String, Diagnostic> {
        let module = module_emitter.specialisations.module;
        let types = module_emitter.specialisations.functions[index].clone();
        let function = module.function(&types.name).expect("specialised functions exist");
        let kind = types.kind;
        let mut emitter = FunctionEmitter {
            module_emitter,
            module,
            types,
            bindings: HashMap::new(),
            lines: Vec::new(),
            next_value: 0,
            next_block: 0,
            state_slot: String::new(),
            status_slot: String::new(),
            return_slots: Vec::new(),
            statement_may_have_raised: false,
            storing_numpy_scalar: false,
            settled_types: SettledTypes::new(function),
            broadcast_sources: HashMap::new(),
            region_arrays: Vec::new(),
            may_be: HashMap::new(),
            index_floors: HashMap::new(),
            stencil_centres: Vec::new(),
            relative_arrays: Vec::new(),
            function_body: &function.body,
            maybe_unbound: Default::default(),
            bound_flags: HashMap::new(),
            raise_points: 0,
            needs_exit_block: false,
            loop_depth: 0,
            region_depth: 0,
            in_parallel_loop: false,
        };
        match kind {
            FunctionKind::Stencil => emitter.emit_stencil(function, public),
            FunctionKind::Plain | FunctionKind::StencilKernel => emitter.emit_function(function, public),
        }
    }

    /// `func.call` of runtime function `function` on `operands`, declared in the module: its
    /// result, or nothing for a function without one.
    fn call_runtime(&mut self, function: RuntimeFunction, operands: &[String], loc: &str) -> String {
        self.module_emitter.runtime_calls.insert(function);
        let (name, function_type) = function;
        let call = format!("func.call @{name}({}) : {function_type} {loc}", operands.join(", "));
        if function_type.ends_with("-> ()") {
            self.line(call);
            return String::new();
        }
        self.op(call)
    }

    fn fresh(&mut self) -> String {
        self.next_value += 1;
        format!("%v{}", self.next_value)
    }

    fn line(&mut self, text: impl Into<String>) {
        self.lines.push(text.into());
    }

    /// Emits `%name = text` and returns the new value's name.
    fn op(&mut self, text: impl std::fmt::Display) -> String {
        let name = self.fresh();
        self.line(format!("{name} = {text}"));
        name
    }

    fn i32_constant(&mut self, value: i32) -> String {
        self.op(format!("arith.constant {value} : i32"))
    }

    fn scalar_constant(&mut self, scalar: Scalar, constant: Constant, loc: &str) -> String {
        let text = match (scalar, constant) {
            (Scalar::Complex, constant) => {
                let (real, imag) = match constant {
                    Constant::Complex(real, imag) => (real, imag),
                    Constant::Float(value) => (value, 0.0),
                    Constant::Int(value) => (value as f64, 0.0),
                    Constant::Bool(value) => (value as i64 as f64, 0.0),
                };
                format!("complex.constant [{} : f64, {} : f64] : complex<f64> {loc}", float_literal(real), float_literal(imag))
            }
            (_, Constant::Complex(real, _)) => return self.scalar_constant(scalar, Constant::Float(real), loc),
            (Scalar::Bool, Constant::Bool(value)) => format!("py.constant {value} {loc}"),
            (Scalar::Bool, Constant::Int(value)) => format!("py.constant {} {loc}", value != 0),
            (Scalar::Int { bits, signed: false }, Constant::Int(value)) => {
                let unsigned = (value as u64) & (u64::MAX >> (64 - bits));
                format!("py.constant {unsigned} : {} {loc}", scalar.mlir())
            }
            (Scalar::Int { .. }, Constant::Int(value)) => format!("py.constant {value} : {} {loc}", scalar.mlir()),
            (Scalar::Int { .. }, Constant::Bool(value)) => format!("py.constant {} : {} {loc}", value as i64, scalar.mlir()),
            (Scalar::Float { bits: 32 }, Constant::Float(value)) => format!("py.constant {} : f32 {loc}", float_literal_32(value)),
            (Scalar::Float { .. }, Constant::Float(value)) => format!("py.constant {} : f64 {loc}", float_literal(value)),
            (Scalar::Float { bits }, Constant::Int(value)) => {
                return self.scalar_constant(Scalar::Float { bits }, Constant::Float(value as f64), loc)
            }
            (Scalar::Float { bits }, Constant::Bool(value)) => {
                return self.scalar_constant(Scalar::Float { bits }, Constant::Float(value as i64 as f64), loc)
            }
            (Scalar::Int { .. } | Scalar::Bool, Constant::Float(value)) => {
                return self.scalar_constant(scalar, Constant::Int(value as i64), loc)
            }
        };
        self.op(text)
    }

    fn zero_of(&mut self, value_type: &Type, loc: &str) -> Value {
        match value_type {
            Type::Scalar(scalar) => Value::Scalar(self.scalar_constant(*scalar, Constant::Int(0), loc), *scalar),
            Type::Array(array) => {
                let name = self.op(format!("ub.poison : {} {loc}", Type::Array(*array).flat_mlir()[0]));
                Value::Array(name, *array)
            }
            Type::Tuple(elements) => Value::Tuple(elements.iter().map(|element| self.zero_of(element, loc)).collect()),
            Type::None | Type::Unknown => Value::None,
            known @ (Type::Str(_) | Type::DType(_)) => Value::CompileTime(known.clone()),
        }
    }

    fn alloca(&mut self, element: &str) -> String {
        self.op(format!("memref.alloca() : memref<{element}>"))
    }

    fn load(&mut self, slot: &str, element: &str) -> String {
        self.op(format!("memref.load {slot}[] : memref<{element}>"))
    }

    fn store(&mut self, value: &str, slot: &str, element: &str) {
        self.line(format!("memref.store {value}, {slot}[] : memref<{element}>"));
    }

    fn set_state(&mut self, state: i32) {
        let value = self.i32_constant(state);
        let slot = self.state_slot.clone();
        self.store(&value, &slot, "i32");
    }

    /// `state == 0`: nothing is skipping the statements that follow.
    fn running(&mut self) -> String {
        let slot = self.state_slot.clone();
        let state = self.load(&slot, "i32");
        let zero = self.i32_constant(0);
        self.op(format!("arith.cmpi eq, {state}, {zero} : i32"))
    }

    /// Sets `state` to 0 where it is `from` (ending a `continue` or a `break`).
    fn clear_state(&mut self, from: i32) {
        let slot = self.state_slot.clone();
        let state = self.load(&slot, "i32");
        let target = self.i32_constant(from);
        let zero = self.i32_constant(0);
        let matches = self.op(format!("arith.cmpi eq, {state}, {target} : i32"));
        let cleared = self.op(format!("arith.select {matches}, {zero}, {state} : i32"));
        self.store(&cleared, &slot, "i32");
    }

    /// Emits `body` into a nested region and returns its lines.
    fn region<T>(&mut self, body: impl FnOnce(&mut Self) -> Result<T, Diagnostic>) -> Result<(Vec<String>, T), Diagnostic> {
        let outer = std::mem::take(&mut self.lines);
        self.region_depth += 1;
        self.region_arrays.push(Vec::new());
        let result = body(self);
        for name in self.region_arrays.pop().unwrap_or_default() {
            self.bindings.insert(name, Binding::Ssa(None));
        }
        self.region_depth -= 1;
        let inner = std::mem::replace(&mut self.lines, outer);
        Ok((inner, result?))
    }

    fn push_region(&mut self, header: String, regions: Vec<(String, Vec<String>)>, trailer: String) {
        self.line(header);
        for (index, (separator, lines)) in regions.into_iter().enumerate() {
            if index > 0 {
                self.line(separator);
            }
            for line in lines {
                self.line(format!("  {line}"));
            }
        }
        self.line(trailer);
    }

    /// `scf.if %condition` with a then-region and an optional else-region, no results.
    /// The rest of a block after a statement that may have raised, run only if none did. Array
    /// variables it reassigns come out of the `scf.if` as its results (unchanged when it is skipped).
    fn emit_guarded(&mut self, rest: &[Stmt]) -> Result<(), Diagnostic> {
        let running = self.running();
        // Only variables this region may reassign (its own, or those its loop carries).
        let carried = self.carried_arrays(rest, true);
        let types = carried.types_text().join(", ");
        let (lines, yielded) = self.region(|this| {
            if let Some(locals) = this.region_arrays.last_mut() {
                locals.extend(carried.names.iter().cloned());
            }
            this.emit_block(rest)?;
            let values = this.current_arrays(&carried.names);
            if values.is_empty() {
                this.line("scf.yield");
            } else {
                this.line(format!("scf.yield {} : {types}", values.join(", ")));
            }
            Ok(values)
        })?;
        if carried.names.is_empty() {
            self.emit_if(&running, lines, None);
            return Ok(());
        }
        let result = self.fresh();
        let skipped = vec![format!("scf.yield {} : {types}", carried.initial.join(", "))];
        self.push_region(format!("{result}:{} = scf.if {running} -> ({types}) {{", carried.names.len()), vec![(String::new(), lines), ("} else {".into(), skipped)], "}".into());
        let results = carried.results(&result, 0);
        for ((result, value), initial) in results.iter().zip(yielded).zip(&carried.initial) {
            self.may_be.insert(result.clone(), vec![value, initial.clone()]);
        }
        self.rebind_carried(&carried, &results);
        Ok(())
    }

    /// The current values of array variables (each bound to an array).
    fn current_arrays(&self, names: &[String]) -> Vec<String> {
        names
            .iter()
            .map(|name| match self.bindings.get(name) {
                Some(Binding::Ssa(Some(Value::Array(value, _)))) => value.clone(),
                _ => unreachable!("a carried array stays bound"),
            })
            .collect()
    }

    /// The arrays an SSA value may be at run time: itself, or for the result of a guard, any of the
    /// values it yields.
    fn origins(&self, value: &str) -> Vec<String> {
        match self.may_be.get(value) {
            Some(values) => values.iter().flat_map(|value| self.origins(value)).collect(),
            None => vec![value.to_string()],
        }
    }

    fn emit_if(&mut self, condition: &str, then_lines: Vec<String>, else_lines: Option<Vec<String>>) {
        let mut regions = vec![(String::new(), then_lines)];
        if let Some(lines) = else_lines {
            regions.push(("} else {".into(), lines));
        }
        self.push_region(format!("scf.if {condition} {{"), regions, "}".into());
    }

    /// `scf.if` yielding values of `result_type` from two regions.
    fn emit_if_value(
        &mut self,
        condition: &str,
        result_type: &Type,
        then_branch: impl FnOnce(&mut Self) -> Result<Value, Diagnostic>,
        else_branch: impl FnOnce(&mut Self) -> Result<Value, Diagnostic>,
    ) -> Result<Value, Diagnostic> {
        let types = result_type.flat_mlir();
        let (then_lines, ()) = self.region(|this| {
            let value = then_branch(this)?;
            this.yield_values(&value);
            Ok(())
        })?;
        let (else_lines, ()) = self.region(|this| {
            let value = else_branch(this)?;
            this.yield_values(&value);
            Ok(())
        })?;
        let results: Vec<String> = (0..types.len()).map(|_| self.fresh()).collect();
        let header = if results.is_empty() {
            format!("scf.if {condition} {{")
        } else {
            let base = results[0].clone();
            format!("{base}:{} = scf.if {condition} -> ({}) {{", results.len(), types.join(", "))
        };
        self.push_region(header, vec![(String::new(), then_lines), ("} else {".into(), else_lines)], "}".into());
        let names = results.first().map(|base| (0..results.len()).map(|index| format!("{base}#{index}")).collect::<Vec<_>>()).unwrap_or_default();
        Ok(unflatten(result_type, &mut names.into_iter()))
    }

    fn yield_values(&mut self, value: &Value) {
        let names = value.flat_names();
        let types = value.value_type().flat_mlir();
        if names.is_empty() {
            self.line("scf.yield");
        } else {
            self.line(format!("scf.yield {} : {}", names.join(", "), types.join(", ")));
        }
    }

    // ---------------------------------------------------------------- function

    fn emit_function(&mut self, function: &StmtFunctionDef, public: bool) -> Result<String, Diagnostic> {
        let module = self.module;
        let return_type = self.types.return_type.clone();
        let mut result_types = vec!["i32".to_string()];
        result_types.extend(return_type.flat_mlir());
        let loc = location(module, function);

        self.allocate_state();

        let mut locals: Vec<(String, Type)> = self.types.locals.iter().map(|(name, local)| (name.clone(), local.clone())).collect();
        locals.sort_by(|a, b| a.0.cmp(&b.0));
        // A parameter the body never assigns is its argument's SSA value: no slot to load from
        // (CSE of thousands of loads from one slot is quadratic: each scans for stores between).
        let mut reassigned = std::collections::HashSet::new();
        crate::infer::assigned_names(&function.body, &mut reassigned);
        let read_only_parameter = |name: &str| function.parameters.iter_non_variadic_params().any(|parameter| parameter.name().as_str() == name) && !reassigned.contains(name);
        for (name, local_type) in locals {
            let binding = if local_type.contains_array() || read_only_parameter(&name) {
                Binding::Ssa(None)
            } else {
                let mut slots = Vec::new();
                let scalars = flat_scalars(&local_type);
                for scalar in scalars {
                    let slot = self.alloca(&scalar.mlir());
                    let zero = self.scalar_constant(scalar, Constant::Int(0), &loc);
                    self.store(&zero, &slot, &scalar.mlir());
                    slots.push((slot, scalar));
                }
                Binding::Slots(slots, local_type)
            };
            self.bindings.insert(name, binding);
        }
        let maybe_unbound = crate::definite_assignment::maybe_unbound_reads(function);
        let mut flagged: Vec<String> = maybe_unbound.values().filter(|name| matches!(self.bindings.get(*name), Some(Binding::Slots(..)))).cloned().collect();
        flagged.sort();
        flagged.dedup();
        for name in flagged {
            let flag = self.alloca("i1");
            let unbound = self.op("arith.constant false");
            self.store(&unbound, &flag, "i1");
            self.bound_flags.insert(name, flag);
        }
        self.maybe_unbound = maybe_unbound;
        if !return_type.contains_array() {
            // Zero until a return stores into them: a function that raises returns them too, and its
            // caller may compute with them before its guards skip the rest (undef there would let
            // LLVM assume anything).
            for scalar in flat_scalars(&return_type) {
                let slot = self.alloca(&scalar.mlir());
                let zero = self.scalar_constant(scalar, Constant::Int(0), &loc);
                self.store(&zero, &slot, &scalar.mlir());
                self.return_slots.push((slot, scalar));
            }
        }

        let (mut parameters, arguments) = self.parameters();
        for (parameter, value) in function.parameters.iter_non_variadic_params().zip(arguments) {
            self.bind(parameter.name().as_str(), value, &loc)?;
        }
        if let (FunctionKind::StencilKernel, Some(plan)) = (self.types.kind, self.types.stencil.clone()) {
            for dimension in 0..plan.ndim {
                let centre = format!("%centre{dimension}");
                parameters.push(format!("{centre}: si64"));
                self.stencil_centres.push(centre);
            }
            self.relative_arrays = plan.relative.iter().map(|&position| function.parameters.args[position].name().to_string()).collect();
        }

        if self.types.recursive {
            let exhausted = self.call_runtime(STACK_CHECK, &[], &loc);
            self.raise_if(&exhausted, "RecursionError", "maximum recursion depth exceeded (the stack is nearly full)", &function.name)?;
            let running = self.running();
            self.branch_to_exit(&running);
        }
        let body_terminated = self.emit_top_level(&function.body)?;
        if !body_terminated && always_returns(&function.body) {
            // Every path has returned or raised into the slots: the end is reached only in state EXIT.
            self.needs_exit_block = true;
            self.line("cf.br ^exit");
        } else if !body_terminated {
            if return_type != Type::None && return_type != Type::Unknown {
                // Falling off the end returns None, which this specialisation cannot express.
                return Err(module.typing(function, format!("'{}' returns {return_type} on some paths and None at its end", function.name)));
            }
            let zero = self.i32_constant(0);
            self.line(format!("func.return {zero} : i32"));
        }
        if self.needs_exit_block {
            self.emit_exit_block(&return_type, &loc);
        }

        Ok(self.function_text(&parameters, &result_types, public, &loc))
    }

    /// The function's `state` and `status` slots, both 0.
    fn allocate_state(&mut self) {
        self.state_slot = self.alloca("i32");
        self.status_slot = self.alloca("i32");
        let zero = self.i32_constant(0);
        let (state, status) = (self.state_slot.clone(), self.status_slot.clone());
        self.store(&zero, &state, "i32");
        self.store(&zero, &status, "i32");
    }

    /// The function's parameters as `%name: type` (tuples flattened), and each argument's value.
    fn parameters(&self) -> (Vec<String>, Vec<Value>) {
        let mut parameters = Vec::new();
        let mut values = Vec::new();
        for (position, argument_type) in self.types.arguments.iter().enumerate() {
            let names: Vec<String> = (0..argument_type.flat_mlir().len()).map(|component| format!("%a{position}_{component}")).collect();
            for (name, mlir_type) in names.iter().zip(argument_type.flat_mlir()) {
                parameters.push(format!("{name}: {mlir_type}"));
            }
            values.push(unflatten(argument_type, &mut names.into_iter()));
        }
        (parameters, values)
    }

    /// The block every raise and return inside a region branches to: it returns the status and the
    /// return slots (an array result is undefined when the status says an exception is in flight).
    fn emit_exit_block(&mut self, return_type: &Type, loc: &str) {
        self.line("^exit:");
        let status = self.load(&self.status_slot.clone(), "i32");
        let mut names = vec![status];
        let mut types = vec!["i32".to_string()];
        if return_type.contains_array() {
            let zero = self.zero_of(return_type, loc);
            names.extend(zero.flat_names());
        } else {
            for (slot, scalar) in self.return_slots.clone() {
                names.push(self.load(&slot, &scalar.mlir()));
            }
        }
        types.extend(return_type.flat_mlir());
        self.line(format!("func.return {} : {}", names.join(", "), types.join(", ")));
    }

    /// The `func.func` holding the emitted lines.
    fn function_text(&self, parameters: &[String], result_types: &[String], public: bool, loc: &str) -> String {
        let visibility = if public { "" } else { "private " };
        let mut text = String::new();
        let _ = writeln!(
            text,
            "  func.func {visibility}@{}({}) -> ({}) attributes {{py.name = {:?}{}}} {{",
            self.types.symbol,
            parameters.join(", "),
            result_types.join(", "),
            self.types.name,
            if public { ", llvm.emit_c_interface" } else { "" }
        );
        for line in &self.lines {
            if line.starts_with('^') {
                let _ = writeln!(text, "  {line}");
            } else {
                let _ = writeln!(text, "    {line}");
            }
        }
        let _ = writeln!(text, "  }} {loc}");
        text
    }

    /// The function's own statement list; returns whether it ended in a `func.return`.
    fn emit_top_level(&mut self, body: &[Stmt]) -> Result<bool, Diagnostic> {
        let body = self.walker().pruned_block(body)?;
        for statement in body.iter() {
            let raise_points = self.raise_points;
            if let Stmt::Return(return_statement) = statement {
                self.statement_may_have_raised = false;
                let loc = location(self.module, statement);
                let value = match &return_statement.value {
                    Some(value) => self.emit_expr(value)?,
                    None => Value::None,
                };
                let value = self.convert(value, &self.types.return_type.clone(), statement)?;
                if statement_may_raise(self.module, statement) || self.raise_points > raise_points {
                    let running = self.running();
                    self.branch_to_exit(&running);
                }
                let status = self.i32_constant(0);
                let mut names = vec![status];
                names.extend(value.flat_names());
                let mut types = vec!["i32".to_string()];
                types.extend(self.types.return_type.flat_mlir());
                self.line(format!("func.return {} : {} {loc}", names.join(", "), types.join(", ")));
                return Ok(true);
            }
            self.emit_statement(statement)?;
            if needs_guard(self.module, statement, false) || self.raise_points > raise_points {
                let running = self.running();
                self.branch_to_exit(&running);
            }
        }
        Ok(false)
    }

    fn branch_to_exit(&mut self, running: &str) {
        self.next_block += 1;
        let block = format!("^bb{}", self.next_block);
        self.needs_exit_block = true;
        self.line(format!("cf.cond_br {running}, {block}, ^exit"));
        self.line(format!("{block}:"));
    }

    /// A statement list inside a region: after a statement that may skip the rest, the rest runs
    /// under `scf.if (state == 0)`.
    fn emit_block(&mut self, body: &[Stmt]) -> Result<(), Diagnostic> {
        let body = &*self.walker().pruned_block(body)?;
        for (position, statement) in body.iter().enumerate() {
            let raise_points = self.raise_points;
            self.emit_statement(statement)?;
            let rest = &body[position + 1..];
            if !rest.is_empty() && (needs_guard(self.module, statement, self.loop_depth > 0) || self.raise_points > raise_points) {
                return self.emit_guarded(rest);
            }
        }
        Ok(())
    }

    // ---------------------------------------------------------------- statements

    fn emit_statement(&mut self, statement: &Stmt) -> Result<(), Diagnostic> {
        self.statement_may_have_raised = false;
        let module = self.module;
        let loc = location(module, statement);
        match statement {
            Stmt::Assign(assign) => {
                let value = self.emit_expr(&assign.value)?;
                self.storing_numpy_scalar = self.walker().is_numpy_scalar(&assign.value, 0)?;
                for target in &assign.targets {
                    self.assign(target, value.clone(), &loc)?;
                }
                self.storing_numpy_scalar = false;
            }
            Stmt::AugAssign(assign) => {
                if let Type::Array(target) = self.expr_type(&assign.target)? {
                    // `a[...] op= b` is `a[...] = a[...] op b`, written in place.
                    let expression = Expr::BinOp(ruff_python_ast::ExprBinOp {
                        node_index: Default::default(),
                        range: assign.range,
                        left: assign.target.clone(),
                        op: assign.op,
                        right: assign.value.clone(),
                    });
                    let result = match self.expr_type(&expression)? {
                        Type::Array(array) => array.dtype,
                        other => other.scalar().unwrap_or(target.dtype),
                    };
                    if !casts_same_kind(result, target.dtype) {
                        // NumPy's UFuncTypeError: an in-place operation keeps the array's kind.
                        let message = format!(
                            "cannot cast the result of '{}=' from {} to the array's {} (NumPy's 'same_kind' rule for in-place operations)",
                            assign.op.as_str(),
                            result.numba_name(),
                            target.dtype.numba_name()
                        );
                        return Err(module.typing(statement, message));
                    }
                    let value = self.emit_expr(&expression)?;
                    if matches!(&*assign.target, Expr::Subscript(subscript) if self.walker().array_index(subscript)?.is_some()) {
                        return self.assign(&assign.target, value, &loc);
                    }
                    return self.assign_to_view(&assign.target, value, &loc);
                }
                let current = self.emit_expr(&assign.target)?;
                let value = self.emit_expr(&assign.value)?;
                let result = self.binary(assign.op, (current, &assign.target), (value, &assign.value), statement)?;
                self.assign(&assign.target, result, &loc)?;
            }
            Stmt::Expr(expression) if matches!(*expression.value, Expr::StringLiteral(_)) => {}
            Stmt::Expr(expression) => {
                self.emit_expr(&expression.value)?;
            }
            Stmt::Pass(_) => {}
            Stmt::If(if_statement) => {
                let clauses = self.walker().live_clauses(if_statement)?;
                self.emit_if_chain(&clauses)?;
            }
            Stmt::While(while_loop) => self.emit_while(&while_loop.test, &while_loop.body, &loc)?,
            Stmt::For(for_loop) => self.emit_for(for_loop, &loc)?,
            Stmt::Break(_) => self.set_state(STATE_BREAK),
            Stmt::Continue(_) => self.set_state(STATE_CONTINUE),
            Stmt::Return(return_statement) => {
                if self.types.return_type.contains_array() {
                    return Err(module.unsupported(statement, "returning an array from inside a loop or branch is not supported yet; return it at the end of the function"));
                }
                let value = match &return_statement.value {
                    Some(value) => self.emit_expr(value)?,
                    None => Value::None,
                };
                let value = self.convert(value, &self.types.return_type.clone(), statement)?;
                for ((slot, scalar), name) in self.return_slots.clone().iter().zip(value.flat_names()) {
                    self.store(&name, slot, &scalar.mlir());
                }
                self.set_state(STATE_EXIT);
            }
            Stmt::Raise(raise) => {
                let (exception, message) = exception_of(module, raise)?;
                self.raise(&exception, message.as_deref(), statement);
            }
            other => return Err(module.unsupported(other, format!("unsupported statement: {}", crate::infer::statement_name(other)))),
        }
        Ok(())
    }

    /// Records a raise site, stores its code into the status slot and skips what follows.
    fn raise(&mut self, exception: &str, message: Option<&str>, node: &dyn Ranged) {
        let site = self.module.file.locate(node.range().start().to_usize());
        let sites = &mut self.module_emitter.raise_sites;
        sites.push(RaiseSite { exception: exception.to_string(), message: message.map(str::to_string), location: site });
        let code = sites.len();
        let loc = location(self.module, node);
        let status = self.status_slot.clone();
        let text = message.unwrap_or_default();
        self.line(format!("py.raise {exception:?}, {text:?} code {code} into {status} : memref<i32> {loc}"));
        self.set_state(STATE_EXIT);
    }

    /// `raise exception(message)` when `condition` holds, in the middle of an expression; an exception
    /// already in flight from earlier in the statement keeps its place.
    fn raise_if(&mut self, condition: &str, exception: &str, message: &str, node: &dyn Ranged) -> Result<(), Diagnostic> {
        let condition = if self.statement_may_have_raised {
            let running = self.running();
            self.op(format!("arith.andi {running}, {condition} : i1"))
        } else {
            condition.to_string()
        };
        let (lines, ()) = self.region(|this| {
            this.raise(exception, Some(message), node);
            this.line("scf.yield");
            Ok(())
        })?;
        self.emit_if(&condition, lines, None);
        self.statement_may_have_raised = true;
        self.raise_points += 1;
        Ok(())
    }

    fn emit_if_chain(&mut self, clauses: &[(Option<&Expr>, &[Stmt])]) -> Result<(), Diagnostic> {
        let Some(((test, body), rest)) = clauses.split_first() else { return Ok(()) };
        let Some(test) = test else {
            return self.emit_block(body);
        };
        let raise_points = self.raise_points;
        let condition = self.emit_condition(test)?;
        let condition_may_raise = self.raise_points > raise_points;
        let (then_lines, ()) = self.region(|this| {
            this.emit_block(body)?;
            this.line("scf.yield");
            Ok(())
        })?;
        let else_lines = if rest.is_empty() {
            None
        } else {
            Some(self.region(|this| {
                this.emit_if_chain(rest)?;
                this.line("scf.yield");
                Ok(())
            })?.0)
        };
        if !condition_may_raise {
            self.emit_if(&condition, then_lines, else_lines);
            return Ok(());
        }
        // A condition that raised takes neither branch.
        let running = self.running();
        let (guarded, ()) = self.region(|this| {
            this.emit_if(&condition, then_lines, else_lines);
            this.line("scf.yield");
            Ok(())
        })?;
        self.emit_if(&running, guarded, None);
        Ok(())
    }

    fn emit_while(&mut self, test: &Expr, body: &[Stmt], loc: &str) -> Result<(), Diagnostic> {
        self.module_emitter.straight_line = false;
        let carried = self.carried_arrays(body, false);
        let (before_arguments, after_arguments): (Vec<String>, Vec<String>) = carried.names.iter().map(|_| (self.fresh(), self.fresh())).unzip();
        let types = carried.types_text().join(", ");
        let (before, ()) = self.region(|this| {
            this.bind_carried(&carried, &before_arguments);
            let raise_points = this.raise_points;
            let (condition_lines, condition) = this.region(|inner| inner.emit_condition(test))?;
            let go = if this.raise_points == raise_points {
                this.lines.extend(condition_lines);
                let running = this.running();
                this.op(format!("arith.andi {running}, {condition} : i1"))
            } else {
                // A condition that may raise runs only while nothing stops the loop (after a
                // `break` or `return` in the body it must not run again).
                let running = this.running();
                let result = this.fresh();
                let mut then_lines = condition_lines;
                let (tail, ()) = this.region(|inner| {
                    let still_running = inner.running();
                    let go = inner.op(format!("arith.andi {still_running}, {condition} : i1"));
                    inner.line(format!("scf.yield {go} : i1"));
                    Ok(())
                })?;
                then_lines.extend(tail);
                let (stop, ()) = this.region(|inner| {
                    let stopped = inner.op("arith.constant false");
                    inner.line(format!("scf.yield {stopped} : i1"));
                    Ok(())
                })?;
                this.push_region(format!("{result} = scf.if {running} -> (i1) {{"), vec![(String::new(), then_lines), ("} else {".into(), stop)], "}".into());
                result
            };
            if carried.names.is_empty() {
                this.line(format!("scf.condition({go})"));
            } else {
                this.line(format!("scf.condition({go}) {} : {types}", before_arguments.join(", ")));
            }
            Ok(())
        })?;
        self.loop_depth += 1;
        let after = self.region(|this| {
            this.bind_carried(&carried, &after_arguments);
            this.emit_block(body)?;
            this.clear_state(STATE_CONTINUE);
            match this.carried_values(&carried, &after_arguments, body)? {
                values if values.is_empty() => this.line("scf.yield"),
                values => this.line(format!("scf.yield {} : {types}", values.join(", "))),
            }
            Ok(())
        });
        self.loop_depth -= 1;
        let (after, ()) = after?;
        if carried.names.is_empty() {
            self.push_region("scf.while : () -> () {".into(), vec![(String::new(), before), ("} do {".into(), after)], format!("}} {loc}"));
        } else {
            let result = self.fresh();
            let inits: Vec<String> = before_arguments.iter().zip(&carried.initial).map(|(argument, value)| format!("{argument} = {value}")).collect();
            let after_block: Vec<String> = after_arguments.iter().zip(carried.types_text()).map(|(argument, text)| format!("{argument}: {text}")).collect();
            self.push_region(
                format!("{result}:{} = scf.while ({}) : ({types}) -> ({types}) {{", carried.names.len(), inits.join(", ")),
                vec![(String::new(), before), (format!("}} do {{\n^bb0({}):", after_block.join(", ")), after)],
                format!("}} {loc}"),
            );
            self.rebind_carried(&carried, &carried.results(&result, 0));
        }
        self.clear_state(STATE_BREAK);
        Ok(())
    }

    fn emit_for(&mut self, for_loop: &ruff_python_ast::StmtFor, loc: &str) -> Result<(), Diagnostic> {
        self.module_emitter.straight_line = false;
        let module = self.module;
        let range_loop = range_arguments(module, &for_loop.iter)?;
        let bounds = range_loop.bounds;
        let raise_points = self.raise_points;
        let mut values = Vec::new();
        for bound in &bounds {
            let value = self.emit_expr(bound)?;
            values.push(self.to_scalar(value, INT64, bound)?);
        }
        let (start, stop, step) = match values.as_slice() {
            [stop] => (self.scalar_constant(INT64, Constant::Int(0), loc), stop.clone(), None),
            [start, stop] => (start.clone(), stop.clone(), None),
            [start, stop, step] => (start.clone(), stop.clone(), Some(step.clone())),
            _ => unreachable!("range_arguments checks the count"),
        };
        let step_constant = match bounds.get(2).map(|step| literal_constant(step)) {
            None => Some(1),
            Some(Some(Constant::Int(value))) => Some(value),
            Some(_) => None,
        };
        if step_constant == Some(0) {
            return Err(module.typing(bounds[2], "range() arg 3 must not be zero"));
        }
        let step = match step {
            Some(step) => step,
            None => self.scalar_constant(INT64, Constant::Int(1), loc),
        };
        let step = if step_constant.is_none() {
            let zero = self.scalar_constant(INT64, Constant::Int(0), loc);
            let is_zero = self.op(format!("py.cmp \"eq\", {step}, {zero} : si64 {loc}"));
            self.raise_if(&is_zero, "ValueError", "range() arg 3 must not be zero", bounds[2])?;
            // The trip count is still computed on the raising path: divide by 1 there.
            let one = self.scalar_constant(INT64, Constant::Int(1), loc);
            self.op(format!("arith.select {is_zero}, {one}, {step} : si64"))
        } else {
            step
        };
        let mut count = self.range_length(&start, &stop, &step, step_constant, loc);
        if self.raise_points > raise_points {
            // The bounds raised: the loop runs no iteration (one could overwrite the exception's state).
            let running = self.running();
            let zero = self.scalar_constant(INT64, Constant::Int(0), loc);
            count = self.op(format!("arith.select {running}, {count}, {zero} : si64"));
        }

        let Expr::Name(target) = &*for_loop.target else {
            return Err(module.unsupported(&*for_loop.target, "a range loop binds one name"));
        };
        let target_name = target.id.to_string();
        let body = &for_loop.body;
        let start_floor = if bounds.len() == 1 { Some(0) } else { self.floor_of(bounds[0]) };
        let mut assigned = std::collections::HashSet::new();
        crate::infer::assigned_names(body, &mut assigned);
        let floor = start_floor.filter(|_| step_constant.is_some_and(|step| step > 0) && !assigned.contains(&target_name));
        let outer_floor = match floor {
            Some(floor) => self.index_floors.insert(target_name.clone(), floor),
            None => self.index_floors.remove(&target_name),
        };
        let result = self.emit_range_loop(&start, &step, &count, &target_name, body, range_loop.parallel, loc);
        match outer_floor {
            Some(outer) => self.index_floors.insert(target_name, outer),
            None => self.index_floors.remove(&target_name),
        };
        result
    }

    /// Python's `len(range(start, stop, step))` for a non-zero step, exact for every int64 operand:
    /// the distance from the first value to the bound is taken unsigned (it may exceed int64's range)
    /// and divided by the step's magnitude, `(distance - 1) // |step| + 1` iterations when the range
    /// is not empty.
    fn range_length(&mut self, start: &str, stop: &str, step: &str, step_constant: Option<i64>, loc: &str) -> String {
        let (low, high, magnitude) = match step_constant {
            Some(value) if value > 0 => (start.to_string(), stop.to_string(), step.to_string()),
            Some(_) => (stop.to_string(), start.to_string(), self.op(format!("py.neg {step} : si64 {loc}"))),
            None => {
                let zero = self.scalar_constant(INT64, Constant::Int(0), loc);
                let positive = self.op(format!("py.cmp \"gt\", {step}, {zero} : si64 {loc}"));
                let negated = self.op(format!("py.neg {step} : si64 {loc}"));
                (
                    self.op(format!("arith.select {positive}, {start}, {stop} : si64")),
                    self.op(format!("arith.select {positive}, {stop}, {start} : si64")),
                    self.op(format!("arith.select {positive}, {step}, {negated} : si64")),
                )
            }
        };
        let unsigned = Scalar::Int { bits: 64, signed: false };
        let nonempty = self.op(format!("py.cmp \"lt\", {low}, {high} : si64 {loc}"));
        let distance = self.op(format!("py.sub {high}, {low} : si64 {loc}"));
        let distance = self.cast(&distance, INT64, unsigned, loc);
        let count = if matches!(step_constant, Some(1 | -1)) {
            distance
        } else {
            let magnitude = self.cast(&magnitude, INT64, unsigned, loc);
            let one = self.scalar_constant(unsigned, Constant::Int(1), loc);
            let last = self.op(format!("py.sub {distance}, {one} : ui64 {loc}"));
            let steps = self.op(format!("py.floordiv {last}, {magnitude} : ui64 {loc}"));
            self.op(format!("py.add {steps}, {one} : ui64 {loc}"))
        };
        let count = self.cast(&count, unsigned, INT64, loc);
        let zero = self.scalar_constant(INT64, Constant::Int(0), loc);
        self.op(format!("arith.select {nonempty}, {count}, {zero} : si64"))
    }

    /// A range loop's body over `count` iterations, as `scf.parallel`, `scf.for` or `scf.while`.
    #[allow(clippy::too_many_arguments)]
    fn emit_range_loop(&mut self, start: &str, step: &str, count: &str, target_name: &str, body: &[Stmt], parallel: bool, loc: &str) -> Result<(), Diagnostic> {
        let module = self.module;
        if parallel && self.module_emitter.parallel && !self.in_parallel_loop {
            return self.emit_parallel_for(start, step, count, target_name, body, loc);
        }
        let breaks = body_breaks_or_exits(body) || body.iter().any(|statement| statement_may_raise(module, statement));
        let (raise_points, raise_sites, emitted) = (self.raise_points, self.module_emitter.raise_sites.len(), self.lines.len());
        let bindings = self.bindings.clone();
        self.loop_depth += 1;
        let mut result = if breaks {
            self.emit_range_while(start, step, count, target_name, body, loc)
        } else {
            self.emit_range_for(start, step, count, target_name, body, loc)
        };
        let exits_early = breaks || self.raise_points > raise_points;
        if !breaks && exits_early && result.is_ok() {
            // The body raises where its syntax did not show it (an array expression, a reduction):
            // emit it again as a loop that stops at the first exception.
            self.lines.truncate(emitted);
            self.module_emitter.raise_sites.truncate(raise_sites);
            self.bindings = bindings;
            result = self.emit_range_while(start, step, count, target_name, body, loc);
        }
        self.loop_depth -= 1;
        result?;
        if exits_early {
            self.clear_state(STATE_BREAK);
        }
        Ok(())
    }

    fn loop_variable(&mut self, iteration: &str, start: &str, step: &str, target: &str, loc: &str) -> Result<(), Diagnostic> {
        let offset = self.op(format!("py.mul {iteration}, {step} : si64 {loc}"));
        let value = self.op(format!("py.add {start}, {offset} : si64 {loc}"));
        self.bind(target, Value::Scalar(value, INT64), loc)
    }

    fn emit_range_for(&mut self, start: &str, step: &str, count: &str, target: &str, body: &[Stmt], loc: &str) -> Result<(), Diagnostic> {
        let upper = self.op(format!("py.cast {count} : si64 to index {loc}"));
        let lower = self.op("arith.constant 0 : index");
        let one = self.op("arith.constant 1 : index");
        let induction = self.fresh();
        let carried = self.carried_arrays(body, false);
        let arguments: Vec<String> = carried.names.iter().map(|_| self.fresh()).collect();
        let types = carried.types_text();
        let (lines, ()) = self.region(|this| {
            this.bind_carried(&carried, &arguments);
            let iteration = this.op(format!("py.cast {induction} : index to si64 {loc}"));
            this.loop_variable(&iteration, start, step, target, loc)?;
            this.emit_block(body)?;
            if exits(body, true) {
                this.clear_state(STATE_CONTINUE);
            }
            match this.carried_values(&carried, &arguments, body)? {
                values if values.is_empty() => this.line("scf.yield"),
                values => this.line(format!("scf.yield {} : {}", values.join(", "), types.join(", "))),
            }
            Ok(())
        })?;
        let header = format!("scf.for {induction} = {lower} to {upper} step {one}");
        if carried.names.is_empty() {
            self.push_region(format!("{header} {{"), vec![(String::new(), lines)], format!("}} {loc}"));
            return Ok(());
        }
        let result = self.fresh();
        let iter_args: Vec<String> = arguments.iter().zip(&carried.initial).map(|(argument, initial)| format!("{argument} = {initial}")).collect();
        self.push_region(
            format!("{result}:{} = {header} iter_args({}) -> ({}) {{", carried.names.len(), iter_args.join(", "), types.join(", ")),
            vec![(String::new(), lines)],
            format!("}} {loc}"),
        );
        self.rebind_carried(&carried, &carried.results(&result, 0));
        Ok(())
    }

    /// Binds the carried variables to the loop's results, after it.
    fn rebind_carried(&mut self, carried: &Carried, results: &[String]) {
        for ((name, array_type), result) in carried.names.iter().zip(&carried.types).zip(results) {
            self.bindings.insert(name.clone(), Binding::Ssa(Some(Value::Array(result.clone(), *array_type))));
        }
    }

    fn emit_range_while(&mut self, start: &str, step: &str, count: &str, target: &str, body: &[Stmt], loc: &str) -> Result<(), Diagnostic> {
        let initial = self.scalar_constant(INT64, Constant::Int(0), loc);
        let (iteration_before, iteration_after) = (self.fresh(), self.fresh());
        let carried = self.carried_arrays(body, false);
        let (before_arguments, after_arguments): (Vec<String>, Vec<String>) = carried.names.iter().map(|_| (self.fresh(), self.fresh())).unzip();
        let mut types = vec!["si64".to_string()];
        types.extend(carried.types_text());
        let types = types.join(", ");
        let (before, ()) = self.region(|this| {
            let in_range = this.op(format!("py.cmp \"lt\", {iteration_before}, {count} : si64 {loc}"));
            let running = this.running();
            let go = this.op(format!("arith.andi {running}, {in_range} : i1"));
            let forwarded: Vec<&str> = std::iter::once(iteration_before.as_str()).chain(before_arguments.iter().map(String::as_str)).collect();
            this.line(format!("scf.condition({go}) {} : {types}", forwarded.join(", ")));
            Ok(())
        })?;
        let (after, ()) = self.region(|this| {
            this.bind_carried(&carried, &after_arguments);
            this.loop_variable(&iteration_after, start, step, target, loc)?;
            this.emit_block(body)?;
            this.clear_state(STATE_CONTINUE);
            let one = this.scalar_constant(INT64, Constant::Int(1), loc);
            let next = this.op(format!("py.add {iteration_after}, {one} : si64 {loc}"));
            let yielded: Vec<String> = std::iter::once(next).chain(this.carried_values(&carried, &after_arguments, body)?).collect();
            this.line(format!("scf.yield {} : {types}", yielded.join(", ")));
            Ok(())
        })?;
        let result = self.fresh();
        let inits: Vec<String> = std::iter::once(format!("{iteration_before} = {initial}"))
            .chain(before_arguments.iter().zip(&carried.initial).map(|(argument, value)| format!("{argument} = {value}")))
            .collect();
        let after_block: Vec<String> = std::iter::once(format!("{iteration_after}: si64"))
            .chain(after_arguments.iter().zip(carried.types_text()).map(|(argument, text)| format!("{argument}: {text}")))
            .collect();
        self.push_region(
            format!("{result}:{} = scf.while ({}) : ({types}) -> ({types}) {{", 1 + carried.names.len(), inits.join(", ")),
            vec![(String::new(), before), (format!("}} do {{\n^bb0({}):", after_block.join(", ")), after)],
            format!("}} {loc}"),
        );
        self.rebind_carried(&carried, &carried.results(&result, 1));
        Ok(())
    }

    /// The array variables bound before a loop (or guard) that its body assigns: it carries them
    /// (`scf.for`/`scf.while` iter_args, `scf.if` results), one value per variable of its one
    /// inferred type; `only_local` keeps those of the current region only.
    fn carried_arrays(&self, body: &[Stmt], only_local: bool) -> Carried {
        let mut assigned = std::collections::HashSet::new();
        crate::infer::assigned_names(body, &mut assigned);
        let mut names: Vec<String> = assigned.into_iter().collect();
        names.sort();
        let mut carried = Carried::default();
        for name in names {
            if only_local && !self.region_arrays.last().is_some_and(|locals| locals.contains(&name)) {
                continue;
            }
            if let Some(Binding::Ssa(Some(Value::Array(value, array_type)))) = self.bindings.get(&name) {
                carried.initial.push(value.clone());
                carried.types.push(*array_type);
                carried.names.push(name);
            }
        }
        carried
    }

    /// Binds the carried variables to a loop region's block arguments, as variables of that region.
    fn bind_carried(&mut self, carried: &Carried, arguments: &[String]) {
        for ((name, array_type), argument) in carried.names.iter().zip(&carried.types).zip(arguments) {
            self.bindings.insert(name.clone(), Binding::Ssa(Some(Value::Array(argument.clone(), *array_type))));
            if let Some(locals) = self.region_arrays.last_mut() {
                locals.push(name.clone());
            }
        }
    }

    /// The carried variables' values at the end of an iteration, for the region's yield: each is one
    /// of the arrays the loop started with (`u, new = new, u`). An array made inside the loop could
    /// not be freed once the next iteration replaced it, so carrying one is a located error.
    fn carried_values(&self, carried: &Carried, arguments: &[String], body: &[Stmt]) -> Result<Vec<String>, Diagnostic> {
        carried
            .names
            .iter()
            .map(|name| match self.bindings.get(name) {
                Some(Binding::Ssa(Some(Value::Array(value, _)))) if self.origins(value).iter().all(|origin| arguments.contains(origin)) => Ok(value.clone()),
                _ => Err(self.module.unsupported(
                    assignment_of(body, name).unwrap_or(&body[0]),
                    format!("'{name}' is given a new array inside the loop, which is not supported yet: write into it ({name}[...] = ...) or swap it with another array"),
                )),
            })
            .collect()
    }

    // ---------------------------------------------------------------- bindings

    fn bind(&mut self, name: &str, value: Value, loc: &str) -> Result<(), Diagnostic> {
        if let Some(flag) = self.bound_flags.get(name).cloned() {
            let bound = self.op("arith.constant true");
            self.store(&bound, &flag, "i1");
        }
        match self.bindings.get(name).cloned() {
            Some(Binding::Slots(slots, local_type)) => {
                let value = self.convert_loc(value, &local_type, loc)?;
                let names = value.flat_names();
                for ((slot, scalar), name) in slots.iter().zip(names) {
                    self.store(&name, slot, &scalar.mlir());
                }
            }
            Some(Binding::Ssa(_)) | None => {
                self.bindings.insert(name.to_string(), Binding::Ssa(Some(value)));
            }
        }
        Ok(())
    }

    fn assign(&mut self, target: &Expr, value: Value, loc: &str) -> Result<(), Diagnostic> {
        let module = self.module;
        match target {
            Expr::Name(name) if self.relative_arrays.iter().any(|relative| relative == name.id.as_str()) => {
                Err(module.unsupported(target, format!("a stencil kernel cannot reassign its input '{}'", name.id)))
            }
            Expr::Subscript(subscript) if self.relative_array(&subscript.value) => {
                Err(module.unsupported(target, "a stencil kernel reads its inputs and returns the output element: it cannot store into an input"))
            }
            Expr::Name(name) => {
                let name = name.id.as_str();
                if value.value_type().contains_array() && self.lines_are_nested() {
                    // An array variable lives in the region that first assigns it; one from an
                    // enclosing region would have to be carried out of this one.
                    let local = self.region_arrays.last().is_some_and(|locals| locals.iter().any(|local| local == name));
                    if matches!(self.bindings.get(name), Some(Binding::Ssa(Some(_)))) && !local {
                        return Err(module.unsupported(target, format!("reassigning the array '{name}' inside a loop or branch is not supported yet (an array assigned there is usable only there)")));
                    }
                    if let Some(locals) = self.region_arrays.last_mut() {
                        locals.push(name.to_string());
                    }
                }
                self.bind(name, value, loc)
            }
            Expr::Tuple(tuple) => match value {
                Value::Tuple(elements) if elements.len() == tuple.elts.len() => {
                    for (element, element_value) in tuple.elts.iter().zip(elements) {
                        self.assign(element, element_value, loc)?;
                    }
                    Ok(())
                }
                other => Err(module.typing(target, format!("cannot unpack {} into {} names", other.value_type(), tuple.elts.len()))),
            },
            Expr::Subscript(subscript) if matches!(self.expr_type(&subscript.value)?, Type::Array(array) if array.readonly) => Err(read_only_write(module, &subscript.value)),
            Expr::Subscript(subscript) if self.walker().array_index(subscript)?.is_some() => {
                let (array, index) = self.walker().array_index(subscript)?.expect("checked by the guard");
                let helper = crate::infer::array_index_helper(module, array, index, "np._index_assign", "np._mask_assign", subscript)?;
                let arguments = vec![self.emit_expr(&subscript.value)?, self.emit_expr(&subscript.slice)?, value];
                self.emit_compiled_call(helper, arguments, subscript).map(|_| ())
            }
            Expr::Subscript(_) if matches!(self.expr_type(target)?, Type::Array(_)) => self.assign_to_view(target, value, loc),
            Expr::Subscript(subscript) => {
                let array = self.emit_expr(&subscript.value)?;
                let Value::Array(array_name, array_type) = array else {
                    return Err(module.typing(target, "only array elements can be assigned"));
                };
                let indices = self.emit_indices(&subscript.slice)?;
                let element = self.element_to_store(value, array_type.dtype, target)?;
                let index_types: Vec<String> = indices.iter().map(|(_, scalar)| scalar.mlir()).collect();
                let index_names: Vec<String> = indices.iter().map(|(name, _)| name.clone()).collect();
                let store = format!(
                    "py.setitem {element}, {array_name}[{}] : {}, {}, {} {loc}",
                    index_names.join(", "),
                    array_type.dtype.mlir(),
                    Type::Array(array_type).flat_mlir()[0],
                    index_types.join(", ")
                );
                if self.statement_may_have_raised {
                    let running = self.running();
                    self.emit_if(&running, vec![store, "scf.yield".into()], None);
                } else {
                    self.line(store);
                }
                Ok(())
            }
            other => Err(module.unsupported(other, "unsupported assignment target")),
        }
    }

    /// Whether emission is inside a nested region (a loop or branch body).
    fn lines_are_nested(&self) -> bool {
        self.loop_depth > 0 || self.region_depth > 0
    }
}

/// Whether every path through a statement list ends in `return` or `raise`.
/// The first statement of `body` (at any depth) that assigns `name`.
fn assignment_of<'s>(body: &'s [Stmt], name: &str) -> Option<&'s Stmt> {
    body.iter().find(|statement| {
        let mut assigned = std::collections::HashSet::new();
        crate::infer::assigned_names(std::slice::from_ref(*statement), &mut assigned);
        assigned.contains(name)
    })
}

fn always_returns(body: &[Stmt]) -> bool {
    body.iter().any(|statement| match statement {
        Stmt::Return(_) | Stmt::Raise(_) => true,
        Stmt::While(while_loop) => {
            matches!(literal_constant(&while_loop.test), Some(Constant::Bool(true))) && !body_breaks(&while_loop.body)
        }
        Stmt::If(if_statement) => {
            let has_else = if_statement.elif_else_clauses.last().is_some_and(|clause| clause.test.is_none());
            has_else && always_returns(&if_statement.body) && if_statement.elif_else_clauses.iter().all(|clause| always_returns(&clause.body))
        }
        _ => false,
    })
}

/// Whether a loop body contains a `break` of that loop.
fn body_breaks(body: &[Stmt]) -> bool {
    body.iter().any(|statement| match statement {
        Stmt::Break(_) => true,
        Stmt::If(if_statement) => body_breaks(&if_statement.body) || if_statement.elif_else_clauses.iter().any(|clause| body_breaks(&clause.body)),
        _ => false,
    })
}

fn body_breaks_or_exits(body: &[Stmt]) -> bool {
    fn breaks(statement: &Stmt) -> bool {
        match statement {
            Stmt::Break(_) | Stmt::Return(_) | Stmt::Raise(_) => true,
            Stmt::If(if_statement) => {
                if_statement.body.iter().any(breaks) || if_statement.elif_else_clauses.iter().any(|clause| clause.body.iter().any(breaks))
            }
            Stmt::For(for_loop) => exits(&for_loop.body, false),
            Stmt::While(while_loop) => exits(&while_loop.body, false),
            _ => false,
        }
    }
    body.iter().any(breaks)
}

fn flat_scalars(value_type: &Type) -> Vec<Scalar> {
    match value_type {
        Type::Scalar(scalar) => vec![*scalar],
        Type::Tuple(elements) => elements.iter().flat_map(flat_scalars).collect(),
        _ => Vec::new(),
    }
}

impl FunctionEmitter<'_, '_, '_> {
    // ---------------------------------------------------------------- conversions

    fn cast(&mut self, name: &str, from: Scalar, to: Scalar, loc: &str) -> String {
        if from == to {
            name.to_string()
        } else if to == Scalar::Complex {
            let real = self.cast(name, from, FLOAT64, loc);
            let zero = self.scalar_constant(FLOAT64, Constant::Float(0.0), loc);
            self.op(format!("complex.create {real}, {zero} : complex<f64> {loc}"))
        } else if from == Scalar::Complex && to == Scalar::Bool {
            let zero = self.scalar_constant(Scalar::Complex, Constant::Int(0), loc);
            self.op(format!("complex.neq {name}, {zero} : complex<f64> {loc}"))
        } else if from == Scalar::Complex {
            let real = self.op(format!("complex.re {name} : complex<f64> {loc}"));
            self.cast(&real, FLOAT64, to, loc)
        } else if to == Scalar::Bool {
            self.op(format!("py.truth {name} : {} {loc}", from.mlir()))
        } else {
            self.op(format!("py.cast {name} : {} to {} {loc}", from.mlir(), to.mlir()))
        }
    }

    fn convert_loc(&mut self, value: Value, target: &Type, loc: &str) -> Result<Value, Diagnostic> {
        Ok(match (value, target) {
            (Value::Scalar(name, from), Type::Scalar(to)) => Value::Scalar(self.cast(&name, from, *to, loc), *to),
            (Value::Tuple(elements), Type::Tuple(targets)) if elements.len() == targets.len() => Value::Tuple(
                elements.into_iter().zip(targets).map(|(element, target)| self.convert_loc(element, target, loc)).collect::<Result<_, _>>()?,
            ),
            (value, target) if &value.value_type() == target => value,
            (Value::None, Type::Unknown) => Value::None,
            (value, target) => {
                let (line, column) = loc_position(loc);
                return Err(Diagnostic {
                    kind: DiagnosticKind::Typing,
                    location: SourceLocation { file: self.module.file.name.clone(), line, column },
                    message: format!("cannot convert {} to {target}", value.value_type()),
                    source_line: self.module.file.line_text(line.max(1)).to_string(),
                    notes: Vec::new(),
                });
            }
        })
    }

    fn convert(&mut self, value: Value, target: &Type, node: &dyn Ranged) -> Result<Value, Diagnostic> {
        let loc = location(self.module, node);
        self.convert_loc(value, target, &loc)
    }

    /// `int(x)` of a float as Python computes it: NaN raises `ValueError`, and a value outside the
    /// integer type's range (infinities included) raises `OverflowError` instead of wrapping. One
    /// ordered comparison per bound tests both (a NaN fails them), so the common path is one branch.
    fn float_to_integer(&mut self, name: &str, from: Scalar, to: Scalar, node: &dyn Ranged) -> Result<String, Diagnostic> {
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
    fn element_to_store(&mut self, value: Value, element: Scalar, node: &dyn Ranged) -> Result<String, Diagnostic> {
        let unchecked = self.storing_numpy_scalar && matches!(element, Scalar::Int { signed: false, .. });
        match value {
            Value::Scalar(name, from) if from.is_float() && element.is_integer() && !unchecked => self.float_to_integer(&name, from, element, node),
            other => self.to_scalar(other, element, node),
        }
    }

    fn to_scalar(&mut self, value: Value, target: Scalar, node: &dyn Ranged) -> Result<String, Diagnostic> {
        let loc = location(self.module, node);
        match value {
            Value::Scalar(name, from) => Ok(self.cast(&name, from, target, &loc)),
            other => Err(self.module.typing(node, format!("expected a number, got {}", other.value_type()))),
        }
    }

    fn emit_condition(&mut self, test: &Expr) -> Result<String, Diagnostic> {
        let value = self.emit_expr(test)?;
        self.to_scalar(value, Scalar::Bool, test)
    }

    /// The indices of `a[i, j]`; one that cannot be negative (`i + 1` for a loop variable counting up
    /// from 0) is passed unsigned, so that no wraparound from the end is computed for it.
    fn emit_indices(&mut self, slice: &Expr) -> Result<Vec<(String, Scalar)>, Diagnostic> {
        let indices: Vec<&Expr> = match slice {
            Expr::Tuple(tuple) => tuple.elts.iter().collect(),
            single => vec![single],
        };
        let mut names = Vec::new();
        for index in indices.into_iter().filter(|index| !matches!(index, Expr::EllipsisLiteral(_))) {
            let value = self.emit_expr(index)?;
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

    /// `py.getitem`: the element of `array` at `indices`.
    fn getitem(&mut self, array: &str, array_type: ArrayType, indices: &[(String, Scalar)], loc: &str) -> Value {
        let names: Vec<&str> = indices.iter().map(|(name, _)| name.as_str()).collect();
        let types: Vec<String> = indices.iter().map(|(_, scalar)| scalar.mlir()).collect();
        let element = self.op(format!(
            "py.getitem {array}[{}] : {}, {} -> {} {loc}",
            names.join(", "),
            Type::Array(array_type).flat_mlir()[0],
            types.join(", "),
            array_type.dtype.mlir()
        ));
        Value::Scalar(element, array_type.dtype)
    }

    /// A least value an integer expression takes, from the literals and loop variables in it.
    fn floor_of(&self, expr: &Expr) -> Option<i64> {
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

impl<'m> FunctionEmitter<'_, '_, 'm> {
    fn emit_expr(&mut self, expr: &Expr) -> Result<Value, Diagnostic> {
        let module = self.module;
        let loc = location(module, expr);
        if self.is_elementwise(expr)? {
            let Type::Array(array_type) = self.expr_type(expr)? else { unreachable!("elementwise expressions are arrays") };
            return self.emit_map(expr, array_type);
        }
        match expr {
            Expr::NumberLiteral(_) | Expr::BooleanLiteral(_) => {
                let constant = literal_constant(expr).ok_or_else(|| module.unsupported(expr, "this number literal is not supported"))?;
                Ok(self.constant_value(constant, &loc))
            }
            Expr::NoneLiteral(_) => Ok(Value::None),
            Expr::StringLiteral(literal) => Ok(Value::CompileTime(Type::Str(literal.value.to_str().to_string()))),
            Expr::Name(name) => self.load_name(name.id.as_str(), expr, &loc),
            Expr::Tuple(tuple) => Ok(Value::Tuple(tuple.elts.iter().map(|element| self.emit_expr(element)).collect::<Result<_, _>>()?)),
            Expr::BinOp(binary) => {
                let left = self.emit_expr(&binary.left)?;
                let right = self.emit_expr(&binary.right)?;
                if let (Operator::MatMult, Value::Array(left, left_type), Value::Array(right, right_type)) = (binary.op, &left, &right) {
                    let result_type = self.expr_type(expr)?;
                    return self.emit_dot((left.clone(), *left_type), (right.clone(), *right_type), &result_type, expr, &loc);
                }
                self.binary(binary.op, (left, &binary.left), (right, &binary.right), expr)
            }
            Expr::UnaryOp(unary) => {
                let operand = self.emit_expr(&unary.operand)?;
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
            Expr::Compare(compare) => self.emit_compare(&compare.left, &compare.ops, &compare.comparators, expr),
            Expr::BoolOp(boolean) => self.emit_bool_op(boolean.op, &boolean.values, expr),
            Expr::If(conditional) => {
                match self.walker().static_truth(&conditional.test)? {
                    Some(true) => return self.emit_expr(&conditional.body),
                    Some(false) => return self.emit_expr(&conditional.orelse),
                    None => {}
                }
                let condition = self.emit_condition(&conditional.test)?;
                // Both branches are typed first so that each can convert to the joined type.
                let body_type = self.expr_type(&conditional.body)?;
                let orelse_type = self.expr_type(&conditional.orelse)?;
                let joined = crate::types::unify(&body_type, &orelse_type)
                    .ok_or_else(|| module.typing(expr, format!("the branches give {body_type} and {orelse_type}")))?;
                self.emit_if_value(
                    &condition,
                    &joined,
                    |this| {
                        let value = this.emit_expr(&conditional.body)?;
                        this.convert(value, &joined, expr)
                    },
                    |this| {
                        let value = this.emit_expr(&conditional.orelse)?;
                        this.convert(value, &joined, expr)
                    },
                )
            }
            Expr::Call(call) => {
                let bindings = &self.bindings;
                match crate::infer::ufunc_out(module, call, &|name| bindings.contains_key(name)) {
                    Some((target, computed)) => self.emit_into_out(&target, &Expr::Call(computed), &loc),
                    None => self.emit_call(call),
                }
            }
            Expr::Attribute(attribute) => {
                if let Some((scalar, limit)) = crate::array_calls::machine_limit(module, attribute, &mut |expr| self.expr_type(expr))? {
                    return Ok(Value::Scalar(self.scalar_constant(scalar, limit, &loc), scalar));
                }
                // `np.float32`, `a.dtype`: known when compiling.
                if let dtype @ Type::DType(_) = self.expr_type(expr)? {
                    return Ok(Value::CompileTime(dtype));
                }
                if let Expr::Name(base) = &*attribute.value {
                    if !self.bindings.contains_key(base.id.as_str()) && matches!(module.global(base.id.as_str()), Some(Global::Module(_))) {
                        let value = math_constant(attribute.attr.as_str())
                            .ok_or_else(|| module.unsupported(expr, format!("'{}.{}' is not supported as a value", base.id, attribute.attr)))?;
                        return Ok(self.constant_value(Constant::Float(value), &loc));
                    }
                }
                let base = self.emit_expr(&attribute.value)?;
                if let (Value::Scalar(number, Scalar::Complex), part @ ("real" | "imag")) = (&base, attribute.attr.as_str()) {
                    let mnemonic = if part == "real" { "re" } else { "im" };
                    return Ok(Value::Scalar(self.op(format!("complex.{mnemonic} {number} : complex<f64> {loc}")), FLOAT64));
                }
                let Value::Array(array, array_type) = base else {
                    return Err(module.unsupported(expr, format!("attribute '{}' of {} is not supported", attribute.attr, base.value_type())));
                };
                match attribute.attr.as_str() {
                    "shape" => Ok(Value::Tuple((0..array_type.ndim).map(|dim| self.dim(&array, array_type, dim, &loc)).collect())),
                    "ndim" => Ok(self.constant_value(Constant::Int(array_type.ndim as i64), &loc)),
                    "T" => Ok(self.transpose(array, array_type, &loc)),
                    "size" => Ok(Value::Scalar(self.size(&array, array_type, &loc), INT64)),
                    other => Err(module.unsupported(expr, format!("array attribute '{other}' is not supported yet"))),
                }
            }
            Expr::Subscript(subscript) if self.relative_array(&subscript.value) => self.emit_relative_getitem(subscript, &loc),
            Expr::Subscript(subscript) if self.walker().array_index(subscript)?.is_some() => {
                let (array, index) = self.walker().array_index(subscript)?.expect("checked by the guard");
                let helper = crate::infer::array_index_helper(module, array, index, "np.take", "np._mask_select", subscript)?;
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
                        Ok(self.getitem(&array, array_type, &indices, &loc))
                    }
                    Value::Tuple(elements) => {
                        let Some(Constant::Int(position)) = literal_constant(&subscript.slice) else {
                            return Err(module.unsupported(&*subscript.slice, "tuples are indexed by an integer literal"));
                        };
                        let resolved = if position < 0 { position + elements.len() as i64 } else { position };
                        usize::try_from(resolved)
                            .ok()
                            .and_then(|index| elements.get(index).cloned())
                            .ok_or_else(|| module.typing(&*subscript.slice, "tuple index out of range"))
                    }
                    other => Err(module.typing(&*subscript.value, format!("{} is not subscriptable", other.value_type()))),
                }
            }
            other => {
                // Typing reports every other construct with its own message.
                self.expr_type(other)?;
                Err(module.unsupported(other, "unsupported expression"))
            }
        }
    }

    /// The type of an expression, by the same rules inference used.
    fn expr_type(&mut self, expr: &Expr) -> Result<Type, Diagnostic> {
        self.walker().expr_type(expr)
    }

    /// Inference over the specialisation being emitted, for the types of its expressions.
    fn walker(&mut self) -> TypeWalker<'_, 'm> {
        let index = self.module_emitter.specialisations.find(&self.types.name, self.types.kind, &self.types.arguments).expect("being emitted");
        let function = self.module.function(&self.types.name).expect("exists");
        TypeWalker::settled(self.module_emitter.specialisations, function, index, &mut self.settled_types)
    }

    fn constant_value(&mut self, constant: Constant, loc: &str) -> Value {
        let scalar = match constant {
            Constant::Int(_) => INT64,
            Constant::Float(_) => FLOAT64,
            Constant::Bool(_) => Scalar::Bool,
            Constant::Complex(..) => Scalar::Complex,
        };
        Value::Scalar(self.scalar_constant(scalar, constant, loc), scalar)
    }

    fn dim(&mut self, array: &str, array_type: ArrayType, dim: usize, loc: &str) -> Value {
        let name = self.op(format!("py.dim {array}, {dim} : {} {loc}", Type::Array(array_type).flat_mlir()[0]));
        Value::Scalar(name, INT64)
    }

    fn load_name(&mut self, name: &str, expr: &Expr, loc: &str) -> Result<Value, Diagnostic> {
        let module = self.module;
        match self.bindings.get(name).cloned() {
            Some(Binding::Slots(slots, local_type)) => {
                if let (true, Some(flag)) = (self.maybe_unbound.contains_key(&expr.range()), self.bound_flags.get(name).cloned()) {
                    let bound = self.load(&flag, "i1");
                    let unbound = self.op(format!("py.not {bound} : i1 {loc}"));
                    let message = format!("cannot access local variable '{name}' where it is not associated with a value");
                    self.raise_if(&unbound, "UnboundLocalError", &message, expr)?;
                }
                let mut names = Vec::new();
                for (slot, scalar) in &slots {
                    names.push(self.load(slot, &scalar.mlir()));
                }
                Ok(unflatten(&local_type, &mut names.into_iter()))
            }
            Some(Binding::Ssa(Some(value))) => Ok(value),
            Some(Binding::Ssa(None)) => Err(module.unsupported(expr, format!("'{name}' is used before it is assigned, or assigned only inside a branch"))),
            None => match module.global(name) {
                Some(Global::Constant(constant)) => Ok(self.constant_value(*constant, loc)),
                Some(Global::ModuleMember("math", member)) if math_constant(member).is_some() => {
                    Ok(self.constant_value(Constant::Float(math_constant(member).unwrap_or_default()), loc))
                }
                _ => match self.expr_type(expr)? {
                    dtype @ Type::DType(_) => Ok(Value::CompileTime(dtype)),
                    _ => Err(module.typing(expr, format!("name '{name}' is not defined"))),
                },
            },
        }
    }

    fn binary(&mut self, op: Operator, (left, left_expr): (Value, &Expr), (right, right_expr): (Value, &Expr), expr: &dyn Ranged) -> Result<Value, Diagnostic> {
        let module = self.module;
        let loc = location(module, expr);
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
            return self.complex_binary(op, &lhs, &rhs, may_be_zero(right_expr), expr);
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
            let zero = self.scalar_constant(result, Constant::Int(0), &loc);
            let negative = self.op(format!("py.cmp \"lt\", {rhs}, {zero} : {ty} {loc}"));
            self.raise_if(&negative, "ValueError", "integer ** negative integer is not supported in compiled code; use a float base", expr)?;
            // The power still executes on the raising path: keep its exponent away from negatives.
            let safe = self.op(format!("arith.select {negative}, {zero}, {rhs} : {ty}"));
            return Ok(Value::Scalar(self.op(format!("py.pow {lhs}, {safe} : {ty} {loc}")), result));
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

    /// `base ** power` of a float `base` by repeated squaring, as Numba computes a power by a
    /// literal integer: a few multiplications instead of a call to `pow` (within an ulp or two
    /// of it, and much faster in loops).
    fn power_by_multiplication(&mut self, base: &str, power: u32, float: Scalar, loc: &str) -> String {
        let ty = float.mlir();
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
        result.unwrap_or_else(|| self.scalar_constant(float, Constant::Float(1.0), loc))
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
        let (real, imag) = match op {
            Operator::Add => (float(self, "addf", &a, &c), float(self, "addf", &b, &d)),
            Operator::Sub => (float(self, "subf", &a, &c), float(self, "subf", &b, &d)),
            Operator::Mult => {
                let (ac, bd, ad, bc) = (float(self, "mulf", &a, &c), float(self, "mulf", &b, &d), float(self, "mulf", &a, &d), float(self, "mulf", &b, &c));
                (float(self, "subf", &ac, &bd), float(self, "addf", &ad, &bc))
            }
            Operator::Div => {
                if divisor_may_be_zero {
                    let zero = self.scalar_constant(Scalar::Complex, Constant::Int(0), &loc);
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
        Ok(Value::Scalar(self.op(format!("complex.create {real}, {imag} : complex<f64> {loc}")), Scalar::Complex))
    }

    fn compare(&mut self, op: CmpOp, (left, left_expr): (&Value, &Expr), (right, right_expr): (&Value, &Expr), expr: &dyn Ranged) -> Result<String, Diagnostic> {
        let module = self.module;
        let loc = location(module, expr);
        if let (Value::Tuple(left_elements), Value::Tuple(right_elements), CmpOp::Eq | CmpOp::NotEq) = (left, right, op) {
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
            return Ok(self.op(format!("complex.{mnemonic} {lhs}, {rhs} : complex<f64> {loc}")));
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
        let left_value = self.emit_expr(left)?;
        self.compare_chain((left_value, left), ops, comparators, expr)
    }

    fn compare_chain(&mut self, (left, left_expr): (Value, &Expr), ops: &[CmpOp], comparators: &[Expr], expr: &Expr) -> Result<Value, Diagnostic> {
        let right = self.emit_expr(&comparators[0])?;
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

    /// `a and b` / `a or b`: Python's short-circuit, giving back an operand converted to the joined type.
    fn emit_bool_op(&mut self, op: BoolOp, values: &[Expr], expr: &Expr) -> Result<Value, Diagnostic> {
        let mut joined = Type::Unknown;
        for value in values {
            let value_type = self.expr_type(value)?;
            joined = crate::types::unify(&joined, &value_type).ok_or_else(|| self.module.typing(expr, "operands do not unify"))?;
        }
        self.bool_chain(op, values, &joined, expr)
    }

    fn bool_chain(&mut self, op: BoolOp, values: &[Expr], joined: &Type, expr: &Expr) -> Result<Value, Diagnostic> {
        let first = self.emit_expr(&values[0])?;
        let first = self.convert(first, joined, &values[0])?;
        if values.len() == 1 {
            return Ok(first);
        }
        let Some((name, scalar)) = first.scalar() else {
            return Err(self.module.typing(expr, format!("'{}' works on scalars", op.as_str())));
        };
        let loc = location(self.module, expr);
        let truth = self.cast(name, scalar, Scalar::Bool, &loc);
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
        if let Some(truth) = self.walker().isinstance_truth(call)? {
            return Ok(self.constant_value(Constant::Bool(truth), &loc));
        }
        let bindings = &self.bindings;
        if let Some(array_call) = crate::array_calls::array_call(module, call, &|name| bindings.contains_key(name))? {
            return self.emit_array_call(call, array_call);
        }
        let bindings = &self.bindings;
        let callee = crate::infer::resolve_callee(module, call, &|name| bindings.contains_key(name))?;
        let argument_exprs = crate::infer::call_arguments(module, call, &callee)?;
        if let Some(starred) = argument_exprs.iter().find(|argument| matches!(argument, Expr::Starred(_))) {
            return Err(module.unsupported(*starred, "star-arguments are not supported"));
        }
        // Evaluated in the order they are written (keywords too); defaults, literals, last.
        let mut order: Vec<usize> = (0..argument_exprs.len()).collect();
        order.sort_by_key(|&position| (!call.range().contains_range(argument_exprs[position].range()), argument_exprs[position].range().start()));
        let mut evaluated = vec![Value::None; argument_exprs.len()];
        for position in order {
            let argument = argument_exprs[position];
            evaluated[position] = match crate::infer::listed_array(&callee, argument) {
                Some(array) => {
                    let array_type = crate::array_calls::array_call_type(module, call, &array, &mut |expr| self.expr_type(expr))?;
                    self.emit_from_values(call, argument, true, &array_type)?
                }
                None => self.emit_expr(argument)?,
            };
        }
        let arguments = evaluated;
        let argument_types: Vec<Type> = arguments.iter().map(Value::value_type).collect();
        match callee {
            Callee::Function(name) | Callee::Method(name) => self.emit_compiled_call(&name, arguments, call),
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
            Callee::Numpy(name) => self.emit_scalar_function(call, "numpy", &name, arguments, &loc),
            Callee::Builtin(name) => self.emit_builtin(call, name, arguments, &argument_types, &loc),
        }
    }

    /// A call of the compiled function `name` (of the module or the prelude) on `arguments`: its
    /// status checked, an exception in it taking the raise path.
    fn emit_compiled_call(&mut self, name: &str, arguments: Vec<Value>, node: &dyn Ranged) -> Result<Value, Diagnostic> {
        let loc = location(self.module, node);
        let argument_types: Vec<Type> = arguments.iter().map(Value::value_type).collect();
        self.module_emitter.straight_line = false;
        let index = self.module_emitter.specialisations.specialise(name, &argument_types, node)?;
        let callee_types = self.module_emitter.specialisations.functions[index].clone();
        let guarded = self.statement_may_have_raised;
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
            let mut values = (1..result_types.len()).map(|position| format!("{results}#{position}"));
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
                Value::Tuple(elements) => Ok(self.constant_value(Constant::Int(elements.len() as i64), loc)),
                _ => unreachable!("builtin_type checks len's argument"),
            },
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
                Ok(Value::Scalar(self.op(format!("complex.create {}, {imag} : complex<f64> {loc}", parts[0])), Scalar::Complex))
            }
            "abs" if argument_types[0] == Type::Scalar(Scalar::Complex) => {
                let Value::Scalar(operand, _) = &arguments[0] else { unreachable!("builtin_type checks abs's argument") };
                let real = self.op(format!("complex.re {operand} : complex<f64> {loc}"));
                let imag = self.op(format!("complex.im {operand} : complex<f64> {loc}"));
                Ok(Value::Scalar(self.op(format!("py.math \"hypot\"({real}, {imag}) : (f64, f64) -> f64 {loc}")), FLOAT64))
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
            "int" => match &arguments[0] {
                Value::Scalar(operand, from) if from.is_float() => Ok(Value::Scalar(self.float_to_integer(operand, *from, result, call)?, result)),
                other => Ok(Value::Scalar(self.to_scalar(other.clone(), result, &call.arguments.args[0])?, result)),
            },
            _ => Ok(Value::Scalar(self.to_scalar(arguments[0].clone(), result, &call.arguments.args[0])?, result)),
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

/// How a `prange` loop combines a reduction variable's per-iteration values.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Reduction {
    /// `s += e`, `s -= e`, `s = s + e`, `s = s - e`
    Add,
    /// `s *= e`, `s /= e`, `s = s * e`, `s = s / e`
    Mul,
    /// `s = min(s, e)`
    Min,
    /// `s = max(s, e)`
    Max,
    /// `s |= e`, `s = s | e`
    BitOr,
    /// `s &= e`, `s = s & e`
    BitAnd,
    /// `s ^= e`, `s = s ^ e`
    BitXor,
}

impl Reduction {
    /// The reduction `s op= e` (or `s = s op e`) performs; `-` and `/` update through `+` and `*`
    /// of their inverses, so the partial results of iterations combine by `+` and `*`.
    fn of_operator(op: Operator) -> Option<Reduction> {
        match op {
            Operator::Add | Operator::Sub => Some(Reduction::Add),
            Operator::Mult | Operator::Div => Some(Reduction::Mul),
            Operator::BitOr => Some(Reduction::BitOr),
            Operator::BitAnd => Some(Reduction::BitAnd),
            Operator::BitXor => Some(Reduction::BitXor),
            _ => None,
        }
    }
}

/// The reduction kind and the expression combined in, for one statement that updates `name`;
/// `None` when the statement assigns `name` some other way.
fn reduction_update<'e>(statement: &'e Stmt, name: &str) -> Option<(Reduction, &'e Expr)> {
    let is_name = |expr: &Expr| matches!(expr, Expr::Name(target) if target.id.as_str() == name);
    match statement {
        Stmt::AugAssign(assign) if is_name(&assign.target) => Reduction::of_operator(assign.op).map(|kind| (kind, &*assign.value)),
        Stmt::Assign(assign) if assign.targets.len() == 1 && is_name(&assign.targets[0]) => match &*assign.value {
            Expr::BinOp(binary) if is_name(&binary.left) => Reduction::of_operator(binary.op).map(|kind| (kind, &*binary.right)),
            // Only the commutative updates may have the variable on the right.
            Expr::BinOp(binary) if is_name(&binary.right) && !matches!(binary.op, Operator::Sub | Operator::Div) => {
                Reduction::of_operator(binary.op).map(|kind| (kind, &*binary.left))
            }
            Expr::Call(call) if call.arguments.args.len() == 2 && call.arguments.keywords.is_empty() => {
                let kind = match &*call.func {
                    Expr::Name(function) if function.id.as_str() == "min" => Reduction::Min,
                    Expr::Name(function) if function.id.as_str() == "max" => Reduction::Max,
                    _ => return None,
                };
                let (first, second) = (&call.arguments.args[0], &call.arguments.args[1]);
                if is_name(first) {
                    Some((kind, second))
                } else if is_name(second) {
                    Some((kind, first))
                } else {
                    None
                }
            }
            _ => None,
        },
        _ => None,
    }
}

/// Counts the loads of `name` in an expression.
fn loads_of(expr: &Expr, name: &str) -> usize {
    struct Loads<'n> {
        name: &'n str,
        count: usize,
    }
    impl<'a> ruff_python_ast::visitor::Visitor<'a> for Loads<'_> {
        fn visit_expr(&mut self, expr: &'a Expr) {
            if let Expr::Name(load) = expr {
                if load.id.as_str() == self.name && load.ctx == ruff_python_ast::ExprContext::Load {
                    self.count += 1;
                }
            }
            ruff_python_ast::visitor::walk_expr(self, expr);
        }
    }
    let mut loads = Loads { name, count: 0 };
    ruff_python_ast::visitor::Visitor::visit_expr(&mut loads, expr);
    loads.count
}

/// How `name` is combined across the iterations of a `prange` body: a reduction when every
/// statement that assigns it is an update of one kind (`reduction_update`) whose other operand does
/// not read it, and no other statement reads it.
fn reduction_of(body: &[Stmt], name: &str) -> Option<Reduction> {
    fn visit(statements: &[Stmt], name: &str, kind: &mut Option<Reduction>, valid: &mut bool) {
        for statement in statements {
            match statement {
                Stmt::If(if_statement) => {
                    *valid &= loads_of(&if_statement.test, name) == 0;
                    visit(&if_statement.body, name, kind, valid);
                    for clause in &if_statement.elif_else_clauses {
                        *valid &= clause.test.as_ref().is_none_or(|test| loads_of(test, name) == 0);
                        visit(&clause.body, name, kind, valid);
                    }
                }
                Stmt::For(for_loop) => {
                    *valid &= loads_of(&for_loop.iter, name) == 0;
                    visit(&for_loop.body, name, kind, valid);
                }
                Stmt::While(while_loop) => {
                    *valid &= loads_of(&while_loop.test, name) == 0;
                    visit(&while_loop.body, name, kind, valid);
                }
                other => match reduction_update(other, name) {
                    Some((update, operand)) => {
                        *valid &= loads_of(operand, name) == 0 && kind.is_none_or(|seen| seen == update);
                        *kind = Some(update);
                    }
                    None => {
                        let mut names = std::collections::HashSet::new();
                        crate::infer::assigned_names(std::slice::from_ref(other), &mut names);
                        let mut reads = 0;
                        let mut counter = ExprCounter { name, count: &mut reads };
                        ruff_python_ast::visitor::Visitor::visit_stmt(&mut counter, other);
                        *valid &= !names.contains(name) && reads == 0;
                    }
                },
            }
        }
    }
    let (mut kind, mut valid) = (None, true);
    visit(body, name, &mut kind, &mut valid);
    kind.filter(|_| valid)
}

/// Loads of `name` in `statements`.
fn statement_loads(statements: &[Stmt], name: &str) -> usize {
    let mut count = 0;
    let mut counter = ExprCounter { name, count: &mut count };
    for statement in statements {
        ruff_python_ast::visitor::Visitor::visit_stmt(&mut counter, statement);
    }
    count
}

/// The first load of `name` in `expr`, in evaluation order.
fn first_load<'e>(expr: &'e Expr, name: &str) -> Option<&'e Expr> {
    struct FirstLoad<'e, 'n> {
        name: &'n str,
        found: Option<&'e Expr>,
    }
    impl<'e> ruff_python_ast::visitor::Visitor<'e> for FirstLoad<'e, '_> {
        fn visit_expr(&mut self, expr: &'e Expr) {
            if self.found.is_some() {
                return;
            }
            match expr {
                Expr::Name(load) if load.id.as_str() == self.name && load.ctx == ruff_python_ast::ExprContext::Load => self.found = Some(expr),
                _ => ruff_python_ast::visitor::walk_expr(self, expr),
            }
        }
    }
    let mut visitor = FirstLoad { name, found: None };
    ruff_python_ast::visitor::Visitor::visit_expr(&mut visitor, expr);
    visitor.found
}

/// The first read of `name` in a loop body that may run before the body assigns it (so that it
/// reads a value from before the loop or from another iteration); `assigned` says whether it is
/// assigned on entry (the loop's own variable).
fn read_before_assignment<'b>(body: &'b [Stmt], name: &str, assigned: bool) -> Option<&'b Expr> {
    /// Walks `statements` in order, `Err` at a read that may come before an assignment.
    fn walk<'b>(statements: &'b [Stmt], name: &str, assigned: &mut bool) -> Result<(), &'b Expr> {
        let read_in = |expr: &'b Expr| first_load(expr, name).map_or(Ok(()), Err);
        for statement in statements {
            if *assigned {
                return Ok(());
            }
            match statement {
                Stmt::If(if_statement) => {
                    read_in(&if_statement.test)?;
                    let mut every_branch_assigns = branch(&if_statement.body, name)?;
                    let mut has_else = false;
                    for clause in &if_statement.elif_else_clauses {
                        if let Some(test) = &clause.test {
                            read_in(test)?;
                        }
                        has_else |= clause.test.is_none();
                        every_branch_assigns &= branch(&clause.body, name)?;
                    }
                    *assigned = every_branch_assigns && has_else;
                }
                Stmt::For(for_loop) => {
                    read_in(&for_loop.iter)?;
                    let mut inner = matches!(&*for_loop.target, Expr::Name(target) if target.id.as_str() == name);
                    walk(&for_loop.body, name, &mut inner)?;
                    branch(&for_loop.orelse, name)?;
                }
                Stmt::While(while_loop) => {
                    read_in(&while_loop.test)?;
                    branch(&while_loop.body, name)?;
                    branch(&while_loop.orelse, name)?;
                }
                Stmt::AugAssign(assign) if matches!(&*assign.target, Expr::Name(target) if target.id.as_str() == name) => return Err(&assign.target),
                other => {
                    let mut reads = Vec::new();
                    let mut finder = FirstLoadInStatement { name, found: &mut reads };
                    ruff_python_ast::visitor::Visitor::visit_stmt(&mut finder, other);
                    if let Some(read) = reads.first() {
                        return Err(read);
                    }
                    let mut names = std::collections::HashSet::new();
                    crate::infer::assigned_names(std::slice::from_ref(other), &mut names);
                    *assigned = names.contains(name);
                }
            }
        }
        Ok(())
    }
    /// Whether a branch (or a loop body, which may not run) assigns `name` on every path through it.
    fn branch<'b>(statements: &'b [Stmt], name: &str) -> Result<bool, &'b Expr> {
        let mut assigned = false;
        walk(statements, name, &mut assigned)?;
        Ok(assigned)
    }
    let mut assigned = assigned;
    walk(body, name, &mut assigned).err()
}

struct FirstLoadInStatement<'e, 'n, 'f> {
    name: &'n str,
    found: &'f mut Vec<&'e Expr>,
}

impl<'e> ruff_python_ast::visitor::Visitor<'e> for FirstLoadInStatement<'e, '_, '_> {
    fn visit_expr(&mut self, expr: &'e Expr) {
        if self.found.is_empty() {
            self.found.extend(first_load(expr, self.name));
        }
    }
}

struct ExprCounter<'n, 'c> {
    name: &'n str,
    count: &'c mut usize,
}

impl<'a> ruff_python_ast::visitor::Visitor<'a> for ExprCounter<'_, '_> {
    fn visit_expr(&mut self, expr: &'a Expr) {
        *self.count += loads_of(expr, self.name);
    }
}

impl FunctionEmitter<'_, '_, '_> {
    /// A `prange` loop under `parallel=True`: `scf.parallel` over the trip count. Every scalar the
    /// body assigns gets a private slot per iteration (starting from the value before the loop),
    /// reduction variables start from their operation's identity and combine through `scf.reduce`,
    /// and a raise in any iteration is published to the function's status after it.
    fn emit_parallel_for(&mut self, start: &str, step: &str, count: &str, target: &str, body: &[Stmt], loc: &str) -> Result<(), Diagnostic> {
        let module = self.module;
        if let Some(exit) = first_break_or_return(body) {
            return Err(module.unsupported(exit, "a prange loop cannot break or return: its iterations run in parallel"));
        }
        if let Some(name) = self.carried_arrays(body, false).names.first() {
            return Err(module.unsupported(&body[0], format!("a prange loop cannot reassign the array '{name}': its iterations run in parallel")));
        }
        let mut assigned = std::collections::HashSet::new();
        crate::infer::assigned_names(body, &mut assigned);
        assigned.insert(target.to_string());
        let mut assigned: Vec<String> = assigned.into_iter().collect();
        assigned.sort();
        let mut reductions = Vec::new();
        let mut private = Vec::new();
        for name in assigned {
            let Some(Binding::Slots(slots, local_type)) = self.bindings.get(&name).cloned() else { continue };
            match (reduction_of(body, &name), slots.as_slice()) {
                (Some(_), [(_, Scalar::Complex)]) if name != target => {
                    return Err(module.unsupported(&body[0], format!("'{name}' is a complex reduction, which a prange loop does not support yet")));
                }
                (Some(kind), [(slot, scalar)]) if name != target => reductions.push((name, kind, slot.clone(), *scalar)),
                _ => private.push((name, slots, local_type)),
            }
        }
        for (name, _, _) in &private {
            if let Some(read) = read_before_assignment(body, name, name == target) {
                return Err(module.unsupported(
                    read,
                    format!("'{name}' is read in this prange loop before the iteration assigns it, so its value would depend on the order the iterations run in; a reduction updates it with +=, -=, *=, /=, |=, &=, ^=, min or max only"),
                ));
            }
        }
        // Variables read after the loop get the value of the last iteration, as in a serial loop.
        let last_values: Vec<(String, Vec<(String, Scalar)>)> = private
            .iter()
            .filter(|(name, _, _)| statement_loads(self.function_body, name) > statement_loads(body, name))
            .map(|(name, slots, _)| (name.clone(), slots.clone()))
            .collect();
        let initial: Vec<String> = reductions.iter().map(|(_, _, slot, scalar)| self.load(slot, &scalar.mlir())).collect();
        let upper = self.op(format!("py.cast {count} : si64 to index {loc}"));
        let lower = self.op("arith.constant 0 : index");
        let one = self.op("arith.constant 1 : index");
        let last = self.op(format!("arith.subi {upper}, {one} : index"));
        let induction = self.fresh();
        let shared = (self.state_slot.clone(), self.status_slot.clone());
        let outer_bindings = self.bindings.clone();
        let may_raise = exits(body, false) || body.iter().any(|statement| statement_may_raise(module, statement));
        self.in_parallel_loop = true;
        self.loop_depth += 1;
        let region = self.region(|this| {
            this.state_slot = this.alloca("i32");
            this.status_slot = this.alloca("i32");
            let zero = this.i32_constant(0);
            let (state, status) = (this.state_slot.clone(), this.status_slot.clone());
            this.store(&zero, &state, "i32");
            this.store(&zero, &status, "i32");
            for (name, slots, local_type) in &private {
                let mut copies = Vec::new();
                for (outer, scalar) in slots {
                    let copy = this.alloca(&scalar.mlir());
                    let value = this.load(outer, &scalar.mlir());
                    this.store(&value, &copy, &scalar.mlir());
                    copies.push((copy, *scalar));
                }
                this.bindings.insert(name.clone(), Binding::Slots(copies, local_type.clone()));
            }
            let mut partial_slots = Vec::new();
            for (name, kind, _, scalar) in &reductions {
                let copy = this.alloca(&scalar.mlir());
                let identity = this.reduction_identity(*kind, *scalar, loc);
                this.store(&identity, &copy, &scalar.mlir());
                this.bindings.insert(name.clone(), Binding::Slots(vec![(copy.clone(), *scalar)], Type::Scalar(*scalar)));
                partial_slots.push(copy);
            }
            let iteration = this.op(format!("py.cast {induction} : index to si64 {loc}"));
            this.loop_variable(&iteration, start, step, target, loc)?;
            this.emit_block(body)?;
            if !last_values.is_empty() {
                let is_last = this.op(format!("arith.cmpi eq, {induction}, {last} : index"));
                let (lines, ()) = this.region(|inner| {
                    for (name, outer_slots) in &last_values {
                        let Some(Binding::Slots(private_slots, _)) = inner.bindings.get(name).cloned() else { unreachable!("private variables have slots") };
                        for ((private_slot, scalar), (outer_slot, _)) in private_slots.iter().zip(outer_slots) {
                            let value = inner.load(private_slot, &scalar.mlir());
                            inner.store(&value, outer_slot, &scalar.mlir());
                        }
                    }
                    inner.line("scf.yield");
                    Ok(())
                })?;
                this.emit_if(&is_last, lines, None);
            }
            if may_raise {
                let status = this.load(&this.status_slot.clone(), "i32");
                let zero = this.i32_constant(0);
                let failed = this.op(format!("arith.cmpi ne, {status}, {zero} : i32"));
                let (shared_state, shared_status) = shared.clone();
                let (lines, ()) = this.region(|inner| {
                    let exit = inner.i32_constant(STATE_EXIT);
                    inner.op(format!("memref.atomic_rmw assign {status}, {shared_status}[] : (i32, memref<i32>) -> i32"));
                    inner.op(format!("memref.atomic_rmw assign {exit}, {shared_state}[] : (i32, memref<i32>) -> i32"));
                    inner.line("scf.yield");
                    Ok(())
                })?;
                this.emit_if(&failed, lines, None);
            }
            let partials: Vec<String> =
                partial_slots.iter().zip(&reductions).map(|(slot, (_, _, _, scalar))| this.load(slot, &scalar.mlir())).collect();
            if partials.is_empty() {
                this.line("scf.reduce");
            } else {
                let types: Vec<String> = reductions.iter().map(|(_, _, _, scalar)| scalar.mlir()).collect();
                let combiners: Vec<String> = reductions.iter().map(|(_, kind, _, scalar)| reduction_combiner(*kind, *scalar)).collect();
                this.line(format!("scf.reduce({} : {}) {{", partials.join(", "), types.join(", ")));
                this.line(combiners.join("}, {\n"));
                this.line("}");
            }
            Ok(())
        });
        self.loop_depth -= 1;
        self.in_parallel_loop = false;
        self.bindings = outer_bindings;
        (self.state_slot, self.status_slot) = shared;
        let (lines, ()) = region?;
        if reductions.is_empty() {
            let header = format!("scf.parallel ({induction}) = ({lower}) to ({upper}) step ({one}) {{");
            self.push_region(header, vec![(String::new(), lines)], format!("}} {loc}"));
            return Ok(());
        }
        let results = self.fresh();
        let types: Vec<String> = reductions.iter().map(|(_, _, _, scalar)| scalar.mlir()).collect();
        let header = format!(
            "{results}:{} = scf.parallel ({induction}) = ({lower}) to ({upper}) step ({one}) init ({}) -> ({}) {{",
            reductions.len(),
            initial.join(", "),
            types.join(", ")
        );
        self.push_region(header, vec![(String::new(), lines)], format!("}} {loc}"));
        for (index, (_, _, slot, scalar)) in reductions.iter().enumerate() {
            self.store(&format!("{results}#{index}"), slot, &scalar.mlir());
        }
        Ok(())
    }

    /// The value a reduction starts each iteration from: 0, 1, or the type's extreme.
    fn reduction_identity(&mut self, kind: Reduction, scalar: Scalar, loc: &str) -> String {
        let constant = match (kind, scalar) {
            // -0.0, not 0.0: -0.0 + x is x for every x (0.0 + -0.0 is 0.0), so LLVM folds it away.
            (Reduction::Add, Scalar::Float { .. }) => Constant::Float(-0.0),
            (Reduction::Add, _) => Constant::Int(0),
            (Reduction::Mul, _) => Constant::Int(1),
            (Reduction::Min, Scalar::Float { .. }) => Constant::Float(f64::INFINITY),
            (Reduction::Max, Scalar::Float { .. }) => Constant::Float(f64::NEG_INFINITY),
            (Reduction::Min, Scalar::Int { bits, signed: true }) => Constant::Int(i64::MAX >> (64 - bits)),
            (Reduction::Max, Scalar::Int { bits, signed: true }) => Constant::Int(i64::MIN >> (64 - bits)),
            // All ones: the largest unsigned value of any width (constants print by their bits).
            (Reduction::Min, Scalar::Int { .. }) => Constant::Int(-1),
            (Reduction::Max, _) => Constant::Int(0),
            (Reduction::Min, Scalar::Bool) => Constant::Bool(true),
            (Reduction::BitOr | Reduction::BitXor, _) => Constant::Int(0),
            // All ones (true for a bool).
            (Reduction::BitAnd, _) => Constant::Int(-1),
            (_, Scalar::Complex) => unreachable!("prange loops reject complex reductions"),
        };
        self.scalar_constant(scalar, constant, loc)
    }
}

/// The body of an `scf.reduce` region combining two partial values of a reduction.
fn reduction_combiner(kind: Reduction, scalar: Scalar) -> String {
    let ty = scalar.mlir();
    // A parallel reduction combines partial results in no fixed order, so a float sum or product
    // may be reassociated: `reassoc` lets LLVM keep several partial sums in each thread's loop.
    // min/max as `select(cmp(lhs, rhs), lhs, rhs)`: the shape OpenMP lowering recognises.
    let body = match (kind, scalar) {
        (Reduction::Add, Scalar::Float { .. }) => format!("  %r = arith.addf %lhs, %rhs fastmath<reassoc> : {ty}"),
        (Reduction::Mul, Scalar::Float { .. }) => format!("  %r = arith.mulf %lhs, %rhs fastmath<reassoc> : {ty}"),
        (Reduction::Add, _) => format!("  %r = py.add %lhs, %rhs : {ty}"),
        (Reduction::Mul, _) => format!("  %r = py.mul %lhs, %rhs : {ty}"),
        (Reduction::Min, _) => format!("  %c = py.cmp \"le\", %lhs, %rhs : {ty}\n  %r = arith.select %c, %lhs, %rhs : {ty}"),
        (Reduction::Max, _) => format!("  %c = py.cmp \"ge\", %lhs, %rhs : {ty}\n  %r = arith.select %c, %lhs, %rhs : {ty}"),
        (Reduction::BitOr, _) => format!("  %r = py.bitor %lhs, %rhs : {ty}"),
        (Reduction::BitAnd, _) => format!("  %r = py.bitand %lhs, %rhs : {ty}"),
        (Reduction::BitXor, _) => format!("  %r = py.bitxor %lhs, %rhs : {ty}"),
    };
    format!("^bb0(%lhs: {ty}, %rhs: {ty}):\n{body}\n  scf.reduce.return %r : {ty}")
}

/// The first `break` or `return` of a loop body (not of loops nested in it).
fn first_break_or_return(body: &[Stmt]) -> Option<&Stmt> {
    body.iter().find_map(|statement| match statement {
        Stmt::Break(_) | Stmt::Return(_) => Some(statement),
        Stmt::If(if_statement) => first_break_or_return(&if_statement.body)
            .or_else(|| if_statement.elif_else_clauses.iter().find_map(|clause| first_break_or_return(&clause.body))),
        _ => None,
    })
}

impl FunctionEmitter<'_, '_, '_> {
    /// Whether `expr` is an elementwise operation producing an array (fused into one `py.map`).
    fn is_elementwise(&mut self, expr: &Expr) -> Result<bool, Diagnostic> {
        let candidate = match expr {
            Expr::BinOp(binary) => binary.op != Operator::MatMult,
            Expr::UnaryOp(_) => true,
            Expr::Compare(compare) => compare.ops.len() == 1,
            Expr::Call(call) => {
                let bindings = &self.bindings;
                let is_local = |name: &str| bindings.contains_key(name);
                crate::array_calls::array_call(self.module, call, &is_local)?.is_none()
                    && crate::infer::ufunc_out(self.module, call, &is_local).is_none()
                    && matches!(crate::infer::resolve_callee(self.module, call, &is_local), Ok(callee) if crate::infer::elementwise_callee(&callee).is_some())
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
    fn emit_map(&mut self, root: &Expr, array_type: ArrayType) -> Result<Value, Diagnostic> {
        let module = self.module;
        let loc = location(module, root);
        let children = Self::elementwise_children(root);
        let mut operands = Vec::new();
        for child in &children {
            operands.push(self.emit_expr(child)?);
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
    fn broadcast_extents(&mut self, arrays: &[(String, ArrayType)], ndim: usize, check: Option<&dyn Ranged>, loc: &str) -> Result<Vec<String>, Diagnostic> {
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

    /// The scalar kernel of one elementwise operation on its operands' `elements`.
    fn emit_kernel(&mut self, expr: &Expr, elements: &[(String, Scalar)]) -> Result<(String, Scalar), Diagnostic> {
        let module = self.module;
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
    fn elementwise_kernel(&mut self, op: &crate::infer::ElementwiseOp, values: &[(String, Scalar)], result: Scalar, exponent: Option<Constant>, expr: &dyn Ranged) -> Result<String, Diagnostic> {
        let module = self.module;
        let loc = location(module, expr);
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
                } else if let (Operator::Pow, true, Some(power)) = (*operator, operand_type.is_float(), small_power(exponent)) {
                    self.power_by_multiplication(&lhs, power, operand_type, &loc)
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
    fn ufunc_kernel(&mut self, kernel: Kernel, values: &[(String, Scalar)], result: Scalar, loc: &str) -> String {
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
            Kernel::Binary(_) | Kernel::Unary(_) | Kernel::Compare(_) => unreachable!("ElementwiseOp::as_operator turns operator ufuncs into operators"),
        }
    }
}

impl FunctionEmitter<'_, '_, '_> {
    /// `a[i, 1:-1, ::2]` (and `a[i]` on a matrix, the rest of its dimensions whole) as a `py.view`.
    fn emit_view(&mut self, array: &str, array_type: ArrayType, view_type: ArrayType, slice: &Expr, loc: &str) -> Result<Value, Diagnostic> {
        let mut bounds = Vec::new();
        let mut dims: Vec<i64> = Vec::new();
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
        let dims_text: Vec<String> = dims.iter().map(ToString::to_string).collect();
        let view = self.op(format!(
            "py.view {array}[{}] {{dims = array<i64: {}>}} : {} -> {} {loc}",
            bounds.join(", "),
            dims_text.join(", "),
            Type::Array(array_type).flat_mlir()[0],
            Type::Array(view_type).flat_mlir()[0]
        ));
        Ok(Value::Array(view, view_type))
    }

    /// `np.ufunc(..., out=target)`: `computed` (the call without `out=`) written into the target
    /// as a slice assignment writes (broadcast, converted within NumPy's `same_kind` casts), and
    /// the target as the call's value.
    fn emit_into_out(&mut self, target: &Expr, computed: &Expr, loc: &str) -> Result<Value, Diagnostic> {
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
    fn assign_to_view(&mut self, target: &Expr, value: Value, loc: &str) -> Result<(), Diagnostic> {
        let module = self.module;
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
            Value::Array(_, source_type) if source_type.ndim > view_type.ndim => {
                return Err(module.unsupported(target, format!("assigning a {}-d array to a {}-d slice is not supported", source_type.ndim, view_type.ndim)));
            }
            Value::Array(source, source_type) => {
                let source_extents = self.extents(&source, source_type, loc);
                let one = self.scalar_constant(INT64, Constant::Int(1), loc);
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
        if self.statement_may_have_raised {
            let running = self.running();
            self.emit_if(&running, vec![store, "scf.yield".into()], None);
        } else {
            self.line(store);
        }
        Ok(())
    }
}
