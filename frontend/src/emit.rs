//! Emission of `py` IR as MLIR text, one `func.func` per specialisation. This file holds the
//! function emitter (functions, statements, bindings, regions, raising); each family of constructs
//! has a file of its own under `emit/`: control flow, expressions, conversions, elementwise array
//! expressions, views, `prange` loops, array calls, array construction and stencils.
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
    types::{promote, ArrayType, Scalar, TupleKind, Type, COMPLEX128, FLOAT64, INT64, LIST_HANDLE},
    ufuncs::Kernel,
};
use ruff_python_ast::{BoolOp, CmpOp, Expr, ExprCall, Operator, Stmt, StmtFunctionDef, UnaryOp};
use ruff_text_size::Ranged;
use std::{collections::HashMap, fmt::Write, sync::Arc};

mod arrays;
mod classes;
mod construction;
mod control_flow;
mod conversions;
mod cuda;
mod dicts;
mod elementwise;
mod expressions;
mod generators;
mod list_access;
mod lists;
mod literals;
mod objmode;
mod parallel;
mod stencil;
mod strings;
mod text;
pub(crate) use text::mlir_string;
mod views;

/// What a `state` slot holds: why the statements that follow are being skipped.
const STATE_CONTINUE: i32 = 1;
const STATE_BREAK: i32 = 2;
const STATE_EXIT: i32 = 3;

/// A raise site: the code compiled code returns when it raises there.
#[derive(Clone, Debug, PartialEq)]
pub struct RaiseSite {
    pub exception: String,
    /// The message argument, if the exception was constructed with one (with `{}` for each value
    /// of a message compiled code formats).
    pub message: Option<String>,
    /// Whether compiled code formats the message with run-time values before it raises here.
    pub formatted: bool,
    pub location: SourceLocation,
}

/// Variables holding arrays (an array, or a tuple with one) that a loop or branch carries out.
#[derive(Default)]
struct Carried {
    names: Vec<String>,
    types: Vec<Type>,
    /// Their values, flattened, when the loop starts.
    initial: Vec<String>,
}

impl Carried {
    fn types_text(&self) -> Vec<String> {
        self.types.iter().flat_map(Type::flat_mlir).collect()
    }

    /// How many values the variables flatten to: the loop's results or arguments for them.
    fn width(&self) -> usize {
        self.initial.len()
    }

    /// `%r#1, ...`: the loop results holding the variables, after `skip` other results.
    fn results(&self, result: &str, skip: usize) -> Vec<String> {
        (0..self.width()).map(|index| format!("{result}#{}", index + skip)).collect()
    }

    /// Each variable with its value made of `flat` (its flattened values, in order).
    fn values(&self, flat: &[String]) -> Vec<(String, Value)> {
        let mut flat = flat.iter().cloned();
        self.names.iter().zip(&self.types).map(|(name, value_type)| (name.clone(), unflatten(value_type, &mut flat))).collect()
    }
}

/// A value in emitted code: SSA names with their types, tuples flattened.
#[derive(Clone, Debug)]
enum Value {
    Scalar(String, Scalar),
    Array(String, ArrayType),
    /// A tuple's items; of a namedtuple, its class.
    Tuple(Vec<Value>, Option<Arc<crate::types::TupleClass>>),
    /// A list's handle and its element type.
    List(String, Type),
    /// A dict's handle, its key type and its value type.
    Dict(String, Type, Type),
    /// A set's handle and its element type.
    Set(String, Type),
    /// A run-time string's handle.
    Unicode(String),
    /// A `@jitclass` instance's handle and its class.
    Instance(String, Arc<crate::types::ClassType>),
    None,
    /// A number or None: its flag (`i1`, set where there is a number) and the number.
    Optional(Box<Value>, Box<Value>),
    /// A value known when compiling (a string, a dtype): its type is all there is of it.
    CompileTime(Type),
}

impl Value {
    fn value_type(&self) -> Type {
        match self {
            Value::Scalar(_, scalar) => Type::Scalar(*scalar),
            Value::Array(_, array) => Type::Array(*array),
            Value::Tuple(elements, class) => Type::Tuple(elements.iter().map(Value::value_type).collect(), class.clone()),
            Value::List(_, element) => Type::List(Box::new(element.clone())),
            Value::Dict(_, key, value) => Type::Dict(Box::new(key.clone()), Box::new(value.clone())),
            Value::Set(_, element) => Type::Set(Box::new(element.clone())),
            Value::Unicode(_) => Type::Unicode,
            Value::Instance(_, class) => Type::Instance(class.clone()),
            Value::None => Type::None,
            Value::Optional(_, value) => Type::Optional(Box::new(value.value_type())),
            Value::CompileTime(known) => known.clone(),
        }
    }

    fn flat_names(&self) -> Vec<String> {
        match self {
            Value::Scalar(name, _) | Value::Array(name, _) | Value::List(name, _) | Value::Dict(name, ..) | Value::Set(name, _) | Value::Unicode(name) | Value::Instance(name, _) => vec![name.clone()],
            Value::Tuple(elements, _) => elements.iter().flat_map(Value::flat_names).collect(),
            Value::Optional(flag, value) => flag.flat_names().into_iter().chain(value.flat_names()).collect(),
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
        Type::Tuple(elements, class) => Value::Tuple(elements.iter().map(|element| unflatten(element, names)).collect(), class.clone()),
        Type::List(element) => Value::List(names.next().unwrap_or_default(), (**element).clone()),
        Type::Dict(key, value) => Value::Dict(names.next().unwrap_or_default(), (**key).clone(), (**value).clone()),
        Type::Set(element) => Value::Set(names.next().unwrap_or_default(), (**element).clone()),
        Type::Unicode => Value::Unicode(names.next().unwrap_or_default()),
        Type::Instance(class) => Value::Instance(names.next().unwrap_or_default(), class.clone()),
        Type::Optional(value) => Value::Optional(Box::new(Value::Scalar(names.next().unwrap_or_default(), Scalar::Bool)), Box::new(unflatten(value, names))),
        Type::None | Type::Unknown => Value::None,
        known @ (Type::Str(_) | Type::DType(_) | Type::Function(_)) => Value::CompileTime(known.clone()),
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
    /// `boundscheck=True`: an element index outside its array raises IndexError.
    boundscheck: bool,
    pub raise_sites: Vec<RaiseSite>,
    /// Whether the emitted code is straight-line: no loop, no call to a compiled function.
    pub straight_line: bool,
    emitted: Vec<bool>,
    text: String,
    /// The runtime functions the module calls (name, type), declared once at its end.
    runtime_calls: std::collections::BTreeSet<RuntimeFunction>,
    /// The constant `memref.global`s of the arrays bound by value that the module reads, by symbol.
    constant_arrays: std::collections::BTreeMap<String, String>,
}

impl<'s, 'm> ModuleEmitter<'s, 'm> {
    pub fn new(specialisations: &'s mut Specialisations<'m>, options: crate::EmitOptions) -> Self {
        Self {
            specialisations,
            parallel: options.parallel,
            boundscheck: options.boundscheck,
            raise_sites: Vec::new(),
            straight_line: true,
            emitted: Vec::new(),
            text: String::new(),
            runtime_calls: Default::default(),
            constant_arrays: Default::default(),
        }
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
        let callees: Vec<RuntimeFunction> = self.runtime_calls.iter().filter_map(|(name, _)| list_access::callees(name)).collect();
        self.runtime_calls.extend(callees);
        for (name, function_type) in &self.runtime_calls {
            if let Some(definition) = list_access::definition(name) {
                self.text.push_str(&definition);
                continue;
            }
            // Functions that only read (a dict's length, an entry) let LLVM hoist and merge their
            // calls, as it does loads.
            let attributes = if READ_ONLY_RUNTIME.contains(name) { READ_ONLY_ATTRIBUTES } else { "" };
            self.text.push_str(&format!("  func.func private @{name}{function_type}{attributes}\n"));
        }
        for global in self.constant_arrays.values() {
            self.text.push_str(global);
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
    /// The code of the exception each enclosing `except` caught (innermost last), which a bare
    /// `raise` in its handler raises again.
    caught_codes: Vec<String>,
    /// Fields of instances read once before a loop that changes none (`emit/classes.rs`): the
    /// variable holding the instance, the field, and its value.
    cached_fields: Vec<(String, String, Value)>,
    return_slots: Vec<(String, Scalar)>,
    /// Where a function returns arrays from inside a loop or branch: for each array in its result,
    /// the variable (named so that no Python name can be it) that carries the array returned out to
    /// the exit block, as loops and branches carry array variables.
    return_arrays: Vec<String>,
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
    /// While the function's top level returns a call (`return g(x)`): that call, which returns its
    /// callee's status and results as they are (`tail_results`) where its arguments cannot raise.
    tail_call: Option<ruff_text_size::TextRange>,
    tail_results: Option<Vec<String>>,
    needs_exit_block: bool,
    loop_depth: usize,
    region_depth: usize,
    /// Inside the body of a parallel loop: nested `prange` loops run serially.
    in_parallel_loop: bool,
    /// Whether the code emitted since a `prange` body began makes lists, dicts, sets or instances,
    /// or calls a compiled function that takes or gives one.
    makes_arena_objects: bool,
    /// For each `py.map` result: the arrays whose broadcast is its shape (its operands', recursively),
    /// so that checking a later operation's shapes reads no extent of an array the `parfor` pass fuses away.
    broadcast_sources: HashMap<String, Vec<(String, ArrayType)>>,
    /// For each region being emitted, innermost last: the array variables first assigned in it,
    /// which go out of scope with it.
    region_arrays: Vec<Vec<String>>,
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
        Scalar::Complex { .. } => 3,
    };
    kind(from) <= kind(to)
}

/// A function of the runtime that compiled code calls: its name and type.
type RuntimeFunction = (&'static str, &'static str);

/// `base ** exponent` of complex numbers: CPython's for numbers, NumPy's `npy_cpow` for arrays.
const COMPLEX_POWER_PYTHON: RuntimeFunction = ("rumba_complex_power_python", "(complex<f64>, complex<f64>) -> complex<f64>");
const COMPLEX_POWER_NUMPY: RuntimeFunction = ("rumba_complex_power_numpy", "(complex<f64>, complex<f64>) -> complex<f64>");

/// The runtime functions that read memory and write none.
const READ_ONLY_RUNTIME: &[&str] = &["rumba_list_len", "rumba_dict_len", "rumba_dict_get", "rumba_dict_get_f64", "rumba_dict_find_word", "rumba_dict_find_word_f64"];
const READ_ONLY_ATTRIBUTES: &str = " attributes {memory_effects = #llvm.memory_effects<other = read, argMem = read, inaccessibleMem = read, errnoMem = read, targetMem0 = read, targetMem1 = read>, passthrough = [\"nounwind\", \"willreturn\"]}";

/// Called by a recursive function on entry: whether its thread's stack is nearly full.
const STACK_CHECK: RuntimeFunction = ("rumba_stack_exhausted", "() -> i1");
/// Called before a large allocation: whether that many bytes can be allocated.
pub(crate) const ALLOCATION_CHECK: RuntimeFunction = ("rumba_can_allocate", "(f64) -> i1");
/// Draws from NumPy's generator (runtime `random.rs`): a float in [0, 1), a standard normal, an
/// integer in [0, n], and seeding.
const NUMPY_RANDOM: RuntimeFunction = ("rumba_np_random", "() -> f64");
const NUMPY_GAUSS: RuntimeFunction = ("rumba_np_gauss", "() -> f64");
const NUMPY_BOUNDED: RuntimeFunction = ("rumba_np_bounded", "(si64) -> si64");
const RANDOM_BITS: RuntimeFunction = ("rumba_getrandbits", "(si64) -> si64");
const RANDOM_BELOW: RuntimeFunction = ("rumba_randbelow", "(si64) -> si64");
const NUMPY_SEED: RuntimeFunction = ("rumba_np_seed", "(si64) -> ()");
/// The thread settings compiled code may change and read (runtime `threads.rs`):
/// `set_num_threads` answers whether it refused the count.
const SET_NUM_THREADS: RuntimeFunction = ("rumba_set_num_threads", "(si64) -> i1");
const GET_NUM_THREADS: RuntimeFunction = ("rumba_get_num_threads", "() -> si64");
const GET_THREAD_ID: RuntimeFunction = ("rumba_get_thread_id", "() -> si64");
/// `int / int` rounded once, for operands beyond ±2**53.
const INT_TRUE_DIVIDE: RuntimeFunction = ("rumba_int_true_divide", "(si64, si64) -> f64");

/// Ints within ±2**53 convert to float exactly.
const EXACT_FLOAT_INTS: i64 = 1 << 53;

/// The error for a write into a read-only array (or a view of one), as Numba refuses it.
fn read_only_write(module: &SourceModule, array: &Expr) -> Diagnostic {
    module.typing(array, "cannot write into a read-only array (a NumPy array whose 'writeable' flag is off, a global array, which compiled code reads as it was when compiled, a view of one of these, the copy a reshape of a non-contiguous array makes, or the copy .real and .imag of a complex array make)")
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
    /// Under `boundscheck`, every subscript may raise IndexError.
    boundscheck: bool,
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
            Expr::Subscript(_) if self.boundscheck => self.found = true,
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

fn statement_may_raise(module: &SourceModule, statement: &Stmt, boundscheck: bool) -> bool {
    let mut finder = RaiseFinder { module, boundscheck, found: false };
    ruff_python_ast::visitor::Visitor::visit_stmt(&mut finder, statement);
    finder.found
}

/// Whether after this statement the rest of its block must be guarded by `state == 0`.
fn needs_guard(module: &SourceModule, statement: &Stmt, loop_level: bool, boundscheck: bool) -> bool {
    exits(std::slice::from_ref(statement), loop_level) || statement_may_raise(module, statement, boundscheck)
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
            caught_codes: Vec::new(),
            cached_fields: Vec::new(),
            return_slots: Vec::new(),
            return_arrays: Vec::new(),
            statement_may_have_raised: false,
            storing_numpy_scalar: false,
            settled_types: SettledTypes::new(function),
            broadcast_sources: HashMap::new(),
            region_arrays: Vec::new(),
            index_floors: HashMap::new(),
            stencil_centres: Vec::new(),
            relative_arrays: Vec::new(),
            function_body: &function.body,
            maybe_unbound: Default::default(),
            bound_flags: HashMap::new(),
            raise_points: 0,
            tail_call: None,
            tail_results: None,
            needs_exit_block: false,
            loop_depth: 0,
            region_depth: 0,
            in_parallel_loop: false,
            makes_arena_objects: false,
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
            (Scalar::Complex { bits }, constant) => {
                let (real, imag) = match constant {
                    Constant::Complex(real, imag) => (real, imag),
                    Constant::Float(value) => (value, 0.0),
                    Constant::Int(value) => (value as f64, 0.0),
                    Constant::Bool(value) => (value as i64 as f64, 0.0),
                };
                match bits {
                    64 => format!("complex.constant [{} : f32, {} : f32] : complex<f32> {loc}", float_literal_32(real), float_literal_32(imag)),
                    _ => format!("complex.constant [{} : f64, {} : f64] : complex<f64> {loc}", float_literal(real), float_literal(imag)),
                }
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
            Type::Tuple(elements, class) => Value::Tuple(elements.iter().map(|element| self.zero_of(element, loc)).collect(), class.clone()),
            Type::List(element) => Value::List(self.scalar_constant(LIST_HANDLE, Constant::Int(0), loc), (**element).clone()),
            Type::Dict(key, value) => Value::Dict(self.scalar_constant(LIST_HANDLE, Constant::Int(0), loc), (**key).clone(), (**value).clone()),
            Type::Set(element) => Value::Set(self.scalar_constant(LIST_HANDLE, Constant::Int(0), loc), (**element).clone()),
            Type::Unicode => Value::Unicode(self.scalar_constant(LIST_HANDLE, Constant::Int(0), loc)),
            Type::Instance(class) => Value::Instance(self.scalar_constant(LIST_HANDLE, Constant::Int(0), loc), class.clone()),
            Type::Optional(held) => {
                let flag = self.scalar_constant(Scalar::Bool, Constant::Bool(false), loc);
                Value::Optional(Box::new(Value::Scalar(flag, Scalar::Bool)), Box::new(self.zero_of(held, loc)))
            }
            Type::None | Type::Unknown => Value::None,
            known @ (Type::Str(_) | Type::DType(_) | Type::Function(_)) => Value::CompileTime(known.clone()),
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

    /// The rest of a block after a statement that may have raised, run only if none did. Array
    /// variables it reassigns come out of the `scf.if` as its results (unchanged when it is skipped).
    fn emit_guarded(&mut self, rest: &[Stmt]) -> Result<(), Diagnostic> {
        let running = self.running();
        // Only variables this region may reassign (its own, or those its loop carries).
        let carried = self.carried_arrays(&[rest], true, None);
        self.emit_carrying_if(&running, &carried, |this| this.emit_block(rest), None::<fn(&mut Self) -> _>)
    }

    /// The current values of variables holding arrays, flattened.
    fn current_values(&self, names: &[String]) -> Vec<String> {
        names
            .iter()
            .flat_map(|name| match self.bindings.get(name) {
                Some(Binding::Ssa(Some(value))) => value.flat_names(),
                _ => unreachable!("a carried variable stays bound"),
            })
            .collect()
    }

    /// `scf.if %condition` with a then-region and an optional else-region, no results.
    fn emit_if(&mut self, condition: &str, then_lines: Vec<String>, else_lines: Option<Vec<String>>) {
        let mut regions = vec![(String::new(), then_lines)];
        if let Some(lines) = else_lines {
            regions.push(("} else {".into(), lines));
        }
        self.push_region(format!("scf.if {condition} {{"), regions, "}".into());
    }

    /// `scf.if` yielding values of `result_type` from two regions.
    pub(super) fn emit_if_value(
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
        let mut flagged: Vec<String> = maybe_unbound
            .values()
            .filter(|name| matches!(self.bindings.get(*name), Some(Binding::Slots(..))) || self.types.locals.get(*name).is_some_and(Type::contains_array))
            .cloned()
            .collect();
        flagged.sort();
        flagged.dedup();
        for name in flagged {
            let flag = self.alloca("i1");
            let unbound = self.op("arith.constant false");
            self.store(&unbound, &flag, "i1");
            self.bound_flags.insert(name, flag);
        }
        self.maybe_unbound = maybe_unbound;
        // Zero until a return stores into them: a function that raises returns them too, and its
        // caller may compute with them before its guards skip the rest (undef there would let
        // LLVM assume anything).
        for scalar in flat_scalars(&return_type) {
            let slot = self.alloca(&scalar.mlir());
            let zero = self.scalar_constant(scalar, Constant::Int(0), &loc);
            self.store(&zero, &slot, &scalar.mlir());
            self.return_slots.push((slot, scalar));
        }
        if returns_inside(&function.body) {
            for (index, leaf) in leaves(&return_type).into_iter().enumerate() {
                if let Type::Array(_) = leaf {
                    let name = format!("<returned array {index}>");
                    let null = self.zero_of(&leaf, &loc);
                    self.bindings.insert(name.clone(), Binding::Ssa(Some(null)));
                    self.return_arrays.push(name);
                }
            }
        }

        let (mut parameters, arguments) = self.parameters();
        for (parameter, value) in function.parameters.iter_non_variadic_params().zip(arguments) {
            let name = parameter.name().as_str();
            // A `None` the function replaces under `if name is None:` (the test is decided when
            // compiling) leaves the variable unassigned until then.
            if matches!(value, Value::None) && self.types.locals.get(name).is_some_and(|local| !matches!(local, Type::None | Type::Optional(_))) {
                continue;
            }
            self.bind(name, value, &loc)?;
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
        if !body_terminated && !crate::infer::always_returns(&function.body) && matches!(return_type, Type::Optional(_)) {
            // Falling off the end returns None, as `return` would (inference made the result optional).
            let implicit_return = ruff_python_ast::StmtReturn { node_index: Default::default(), range: function.range, value: None };
            self.emit_statement(&Stmt::Return(implicit_return))?;
        }
        if !body_terminated && (crate::infer::always_returns(&function.body) || matches!(return_type, Type::Optional(_))) {
            // Every path has returned or raised into the slots: the end is reached only in state EXIT.
            self.needs_exit_block = true;
            let exit = self.exit_target();
            self.line(format!("cf.br {exit}"));
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

    /// The block every raise and return inside a region branches to: it returns the status, the
    /// return slots and the returned arrays, its arguments (an array result is the null array when
    /// the status says an exception is in flight).
    fn emit_exit_block(&mut self, return_type: &Type, loc: &str) {
        let arrays: Vec<(String, String)> = self.return_arrays.clone().iter().map(|name| (self.fresh(), self.returned_array_type(name))).collect();
        if arrays.is_empty() {
            self.line("^exit:");
        } else {
            let arguments: Vec<String> = arrays.iter().map(|(argument, text)| format!("{argument}: {text}")).collect();
            self.line(format!("^exit({}):", arguments.join(", ")));
        }
        let status = self.load(&self.status_slot.clone(), "i32");
        let mut names = vec![status];
        let (mut slots, mut arrays) = (self.return_slots.clone().into_iter(), arrays.into_iter());
        for leaf in leaves(return_type) {
            match leaf {
                Type::Array(_) => match arrays.next() {
                    Some((argument, _)) => names.push(argument),
                    None => names.extend(self.zero_of(&leaf, loc).flat_names()),
                },
                _ => {
                    let (slot, scalar) = slots.next().expect("a slot per number returned");
                    names.push(self.load(&slot, &scalar.mlir()));
                }
            }
        }
        let mut types = vec!["i32".to_string()];
        types.extend(return_type.flat_mlir());
        self.line(format!("func.return {} : {}", names.join(", "), types.join(", ")));
    }

    /// The type (as text) of the array a returned-array variable holds.
    fn returned_array_type(&self, name: &str) -> String {
        match self.bindings.get(name) {
            Some(Binding::Ssa(Some(value))) => value.value_type().flat_mlir().remove(0),
            _ => unreachable!("a returned-array variable stays bound"),
        }
    }

    /// `^exit`, with the arrays returned so far where the function returns arrays from inside a
    /// loop or branch.
    fn exit_target(&self) -> String {
        if self.return_arrays.is_empty() {
            return "^exit".into();
        }
        let values = self.current_values(&self.return_arrays);
        let types: Vec<String> = self.return_arrays.iter().map(|name| self.returned_array_type(name)).collect();
        format!("^exit({} : {})", values.join(", "), types.join(", "))
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
                self.tail_call = return_statement.value.as_deref().and_then(|value| matches!(value, Expr::Call(_)).then(|| value.range()));
                let value = match &return_statement.value {
                    Some(value) => self.emit_expr_optional(value)?,
                    None => Value::None,
                };
                self.tail_call = None;
                if let Some(results) = self.tail_results.take() {
                    let mut types = vec!["i32".to_string()];
                    types.extend(self.types.return_type.flat_mlir());
                    self.line(format!("func.return {} : {} {loc}", results.join(", "), types.join(", ")));
                    return Ok(true);
                }
                let value = self.convert(value, &self.types.return_type.clone(), statement)?;
                if statement_may_raise(self.module, statement, self.module_emitter.boundscheck) || self.raise_points > raise_points {
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
            if needs_guard(self.module, statement, false, self.module_emitter.boundscheck) || self.raise_points > raise_points {
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
        let exit = self.exit_target();
        self.line(format!("cf.cond_br {running}, {block}, {exit}"));
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
            if !rest.is_empty() && (needs_guard(self.module, statement, self.loop_depth > 0, self.module_emitter.boundscheck) || self.raise_points > raise_points) {
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
                let value = self.emit_expr_optional(&assign.value)?;
                self.storing_numpy_scalar = self.walker().is_numpy_scalar(&assign.value, 0)?;
                for target in &assign.targets {
                    // A name takes an optional value as it is; unpacking or an element, its value.
                    let value = match target {
                        Expr::Name(_) => value.clone(),
                        _ => self.unwrap_optional(value.clone(), &*assign.value)?,
                    };
                    self.assign(target, value, &loc)?;
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
                    if matches!(&*assign.target, Expr::Subscript(subscript) if self.walker().indexes_by_arrays(subscript)?) {
                        return self.assign(&assign.target, value, &loc);
                    }
                    return self.assign_to_view(&assign.target, value, &loc);
                }
                if self.expr_type(&assign.target)?.is_string() {
                    let result = self.emit_expr(&crate::strings::augmented(assign))?;
                    return self.assign(&assign.target, result, &loc);
                }
                let current = self.emit_expr(&assign.target)?;
                let value = self.emit_expr(&assign.value)?;
                if let Some(operator) = self.walker().instance_binary(assign.op, (&current.value_type(), &value.value_type()), true, statement)? {
                    let result = self.emit_instance_operator(operator, vec![current, value], statement)?;
                    return self.assign(&assign.target, result, &loc);
                }
                if let (Value::Set(..), Value::Set(..)) = (&current, &value) {
                    return self.set_update(assign.op, current, value, statement);
                }
                let result = match current {
                    Value::List(..) => self.list_binary(assign.op, current, value, true, statement)?,
                    current => self.binary(assign.op, (current, &assign.target), (value, &assign.value), statement)?,
                };
                self.assign(&assign.target, result, &loc)?;
            }
            Stmt::Delete(delete) => {
                for target in &delete.targets {
                    self.emit_delete(target)?;
                }
            }
            Stmt::Expr(expression) if matches!(*expression.value, Expr::StringLiteral(_)) => {}
            Stmt::Expr(expression) => {
                self.emit_expr_optional(&expression.value)?;
            }
            Stmt::Pass(_) | Stmt::Global(_) | Stmt::Nonlocal(_) => {}
            Stmt::If(if_statement) => match crate::desugar::try_body_length(&if_statement.test) {
                Some(length) => {
                    let (body, rest) = if_statement.body.split_at(length);
                    let handler = if_statement.elif_else_clauses.first().map_or(&[][..], |clause| &clause.body[..]);
                    self.emit_try(body, rest, handler, if_statement.range())?;
                }
                None => {
                    let clauses = self.walker().live_clauses(if_statement)?;
                    self.emit_if_chain(&clauses, if_statement.range())?;
                }
            },
            Stmt::While(while_loop) => self.with_fields_cached(statement, |this| this.emit_while(&while_loop.test, &while_loop.body, &loc))?,
            Stmt::For(for_loop) => self.with_fields_cached(statement, |this| this.emit_for(for_loop, &loc))?,
            Stmt::With(with) => self.emit_objmode(with)?,
            Stmt::Break(_) => self.set_state(STATE_BREAK),
            Stmt::Continue(_) => self.set_state(STATE_CONTINUE),
            Stmt::Return(return_statement) => {
                let value = match &return_statement.value {
                    Some(value) => self.emit_expr_optional(value)?,
                    None => Value::None,
                };
                let return_type = self.types.return_type.clone();
                let value = self.convert(value, &return_type, statement)?;
                let (mut slots, mut arrays) = (self.return_slots.clone().into_iter(), self.return_arrays.clone().into_iter());
                for (leaf, name) in leaves(&return_type).into_iter().zip(value.flat_names()) {
                    match leaf {
                        Type::Array(array_type) => {
                            let carrier = arrays.next().expect("a variable per array returned");
                            self.bindings.insert(carrier, Binding::Ssa(Some(Value::Array(name, array_type))));
                        }
                        _ => {
                            let (slot, scalar) = slots.next().expect("a slot per number returned");
                            self.store(&name, &slot, &scalar.mlir());
                        }
                    }
                }
                self.set_state(STATE_EXIT);
            }
            Stmt::Raise(raise) => self.emit_raise_statement(raise)?,
            other => return Err(module.unsupported(other, format!("unsupported statement: {}", crate::infer::statement_name(other)))),
        }
        Ok(())
    }

    /// Records a raise site, stores its code into the status slot and skips what follows.
    fn raise(&mut self, exception: &str, message: Option<&str>, node: &dyn Ranged) {
        let site = self.module.file.locate(node.range().start().to_usize());
        let sites = &mut self.module_emitter.raise_sites;
        sites.push(RaiseSite { exception: exception.to_string(), message: message.map(str::to_string), formatted: false, location: site });
        let code = sites.len();
        let loc = location(self.module, node);
        let status = self.status_slot.clone();
        let (exception, text) = (text::mlir_string(exception), text::mlir_string(message.unwrap_or_default()));
        self.line(format!("py.raise {exception}, {text} code {code} into {status} : memref<i32> {loc}"));
        self.set_state(STATE_EXIT);
    }

    /// Emits `line` (a write) where it runs only if nothing earlier in the statement raised.
    fn line_unless_raised(&mut self, line: String) {
        if self.statement_may_have_raised {
            let running = self.running();
            self.emit_if(&running, vec![line, "scf.yield".into()], None);
        } else {
            self.line(line);
        }
    }

    /// `raise exception(message)` when `condition` holds, in the middle of an expression; an exception
    /// already in flight from earlier in the statement keeps its place.
    fn raise_if(&mut self, condition: &str, exception: &str, message: &str, node: &dyn Ranged) -> Result<(), Diagnostic> {
        self.raise_where(condition, |this| this.raise(exception, Some(message), node))
    }

    /// Runs `raise` (which records a raise site and raises there) where `condition` holds, as
    /// `raise_if` does.
    fn raise_where(&mut self, condition: &str, raise: impl FnOnce(&mut Self)) -> Result<(), Diagnostic> {
        let condition = if self.statement_may_have_raised {
            let running = self.running();
            self.op(format!("arith.andi {running}, {condition} : i1"))
        } else {
            condition.to_string()
        };
        let (lines, ()) = self.region(|this| {
            raise(this);
            this.line("scf.yield");
            Ok(())
        })?;
        self.emit_if(&condition, lines, None);
        self.statement_may_have_raised = true;
        self.raise_points += 1;
        Ok(())
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
                // A variable that holds arrays of several layouts holds each as its joined type.
                let value = match self.types.locals.get(name) {
                    // A number converts to the type `locals=` declares for the variable, and a
                    // number or None to the optional type of one that holds both.
                    Some(local_type)
                        if value.value_type() != *local_type
                            && (local_type.contains_array() || matches!((local_type, value.value_type()), (Type::Scalar(_), Type::Scalar(_)) | (Type::Optional(_), Type::Scalar(_) | Type::None))) =>
                    {
                        self.convert_loc(value, &local_type.clone(), loc)?
                    }
                    _ => value,
                };
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
            // A loop over a dict or a set walks a list of its keys (see `desugar`).
            Expr::Name(name) if crate::desugar::is_sequence(name.id.as_str()) && matches!(value, Value::Dict(..) | Value::Set(..)) => {
                let (Value::Dict(dict, key, _) | Value::Set(dict, key)) = value else { unreachable!("checked by the guard") };
                let keys = self.dict_keys(&dict, &key, loc);
                self.bind(name.id.as_str(), keys, loc)
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
                Value::Tuple(elements, _) if elements.len() == tuple.elts.len() => {
                    for (element, element_value) in tuple.elts.iter().zip(elements) {
                        self.assign(element, element_value, loc)?;
                    }
                    Ok(())
                }
                Value::Array(array, array_type) => self.unpack_array(tuple, &array, array_type, loc),
                other => Err(module.typing(target, format!("cannot unpack {} into {} names", other.value_type(), tuple.elts.len()))),
            },
            Expr::Subscript(subscript) if matches!(self.expr_type(&subscript.value)?, Type::List(_)) => {
                let list = self.emit_expr(&subscript.value)?;
                self.assign_list_element(list, &subscript.slice, value, target)
            }
            Expr::Subscript(subscript) if matches!(self.expr_type(&subscript.value)?, Type::Dict(..)) => {
                let dict = self.emit_expr(&subscript.value)?;
                self.assign_dict_entry(dict, &subscript.slice, value, target)
            }
            Expr::Subscript(subscript) if matches!(self.expr_type(&subscript.value)?, Type::Instance(_)) => {
                let Value::Instance(handle, class) = self.emit_expr(&subscript.value)? else { unreachable!("checked by the guard") };
                let setitem = crate::infer::class_dunder(module, &class, "__setitem__", subscript)?;
                let index = self.emit_expr(&subscript.slice)?;
                self.emit_compiled_call(setitem, vec![Value::Instance(handle, class), index, value], subscript).map(drop)
            }
            Expr::Subscript(subscript) if matches!(self.expr_type(&subscript.value)?, Type::Array(array) if array.readonly) => Err(read_only_write(module, &subscript.value)),
            Expr::Subscript(subscript) if self.walker().vector_tuple_index(subscript)?.is_some() => {
                let (array, vectors) = self.walker().vector_tuple_index(subscript)?.expect("checked by the guard");
                let helper = crate::infer::vector_tuple_helper(module, array, &vectors, true, subscript)?;
                let arguments = [self.emit_vector_tuple_index(subscript)?, vec![value]].concat();
                self.emit_compiled_call(helper, arguments, subscript).map(|_| ())
            }
            Expr::Subscript(subscript) if self.walker().mixed_index(subscript)?.is_some() => {
                let (_, parts) = self.walker().mixed_index(subscript)?.expect("checked by the guard");
                let arguments = [vec![self.emit_expr(&subscript.value)?], self.emit_mixed_index(parts)?, vec![value]].concat();
                self.emit_compiled_call(crate::infer::MIXED_INDEX_ASSIGN, arguments, subscript).map(|_| ())
            }
            Expr::Subscript(subscript) if self.walker().array_index(subscript)?.is_some() => {
                let (array, index) = self.walker().array_index(subscript)?.expect("checked by the guard");
                let helper = crate::infer::array_index_helper(module, array, index, true, subscript)?;
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
                self.check_bounds(&array_name, array_type, &indices, subscript)?;
                // A 0-d array stores its one element.
                let value = match value {
                    Value::Array(zero_d, zero_d_type) if zero_d_type.ndim == 0 => self.getitem(&zero_d, zero_d_type, &[], loc),
                    other => other,
                };
                let element = self.element_to_store(value, array_type.dtype, target)?;
                let store = self.setitem(&element, &array_name, array_type, &indices, &loc);
                self.line_unless_raised(store);
                Ok(())
            }
            Expr::Attribute(attribute) => match self.emit_expr(&attribute.value)? {
                Value::Instance(handle, class) => self.assign_instance_attribute(&handle, &class, attribute, value),
                other => Err(module.unsupported(target, format!("cannot assign attribute '{}' of {}", attribute.attr, other.value_type()))),
            },
            other => Err(module.unsupported(other, "unsupported assignment target")),
        }
    }

    /// Whether emission is inside a nested region (a loop or branch body).
    fn lines_are_nested(&self) -> bool {
        self.loop_depth > 0 || self.region_depth > 0
    }
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

/// The numbers and arrays of a type, tuples flattened, in the order of its MLIR types.
fn leaves(value_type: &Type) -> Vec<Type> {
    match value_type {
        Type::Tuple(elements, _) => elements.iter().flat_map(leaves).collect(),
        Type::Optional(value) => std::iter::once(Type::Scalar(Scalar::Bool)).chain(leaves(value)).collect(),
        leaf @ (Type::Scalar(_) | Type::Array(_) | Type::List(_) | Type::Dict(..) | Type::Set(_) | Type::Unicode | Type::Instance(_)) => vec![leaf.clone()],
        _ => Vec::new(),
    }
}

/// Whether `body` returns from inside a loop or branch.
fn returns_inside(body: &[Stmt]) -> bool {
    body.iter().any(|statement| nested_bodies(statement).into_iter().any(returns))
}

/// Whether `body` has a `return`, at any depth.
fn returns(body: &[Stmt]) -> bool {
    body.iter().any(|statement| matches!(statement, Stmt::Return(_)) || nested_bodies(statement).into_iter().any(returns))
}

/// The statement lists a loop or branch holds.
fn nested_bodies(statement: &Stmt) -> Vec<&[Stmt]> {
    match statement {
        Stmt::For(for_loop) => vec![&for_loop.body[..], &for_loop.orelse[..]],
        Stmt::While(while_loop) => vec![&while_loop.body[..], &while_loop.orelse[..]],
        Stmt::If(if_statement) => std::iter::once(&if_statement.body[..]).chain(if_statement.elif_else_clauses.iter().map(|clause| &clause.body[..])).collect(),
        _ => Vec::new(),
    }
}

fn flat_scalars(value_type: &Type) -> Vec<Scalar> {
    match value_type {
        Type::Scalar(scalar) => vec![*scalar],
        Type::List(_) | Type::Dict(..) | Type::Set(_) | Type::Unicode | Type::Instance(_) => vec![LIST_HANDLE],
        Type::Tuple(elements, _) => elements.iter().flat_map(flat_scalars).collect(),
        Type::Optional(held) => std::iter::once(Scalar::Bool).chain(flat_scalars(held)).collect(),
        _ => Vec::new(),
    }
}
