//! Type inference: given the argument types of one call, the type of every local variable and of the
//! return value, by Numba's rules (int64 by default, true division gives float64, NumPy promotion,
//! a variable's type unified across its assignments). Callees are specialised on the way.

use crate::{
    array_calls::{array_call, array_call_type, transposed, ArrayCall},
    diagnostics::{Diagnostic, DiagnosticKind},
    resolve::{literal_constant, math_constant, Constant, Global, MemberKind, SourceModule},
    stencil::{plan, StencilPlan},
    types::{promote, unify, ArrayType, ClassType, Scalar, TupleClass, TupleKind, Type, COMPLEX128, FLOAT64, INT64},
    ufuncs::Kernel,
};
use ruff_python_ast::{
    CmpOp, Expr, ExprAttribute, ExprBooleanLiteral, ExprCall, ExprSubscript, Operator, Stmt, StmtFunctionDef, StmtGlobal, StmtNonlocal, StmtRaise, UnaryOp,
};
use ruff_text_size::Ranged;
use rumba_dialects::Layout;
use std::borrow::Cow;
use std::collections::{HashMap, HashSet};
use std::sync::Arc;

const MAX_INFERENCE_ROUNDS: usize = 64;

/// What a specialisation compiles its function's body into.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum FunctionKind {
    /// The function as written.
    Plain,
    /// A `@stencil` body computing one output element, at centre indices passed after its arguments.
    StencilKernel,
    /// A `@stencil` applied to whole arrays: the loops around its kernel.
    Stencil,
}

/// The inferred types of one specialisation.
#[derive(Clone, Debug)]
pub struct FunctionTypes {
    pub name: String,
    pub kind: FunctionKind,
    pub symbol: String,
    pub arguments: Vec<Type>,
    pub locals: HashMap<String, Type>,
    pub return_type: Type,
    /// For the two kinds of stencil functions: what the stencil computes.
    pub stencil: Option<StencilPlan>,
    /// Whether the function may call itself (directly or through others): it checks on entry that
    /// the stack has room, raising `RecursionError` instead of overflowing it.
    pub recursive: bool,
    /// For a generator (a function with `yield`): the type of the values it yields. Such a
    /// function returns nothing; the runtime runs it as a coroutine (`runtime/src/generators.rs`).
    pub yields: Option<Type>,
}

/// The symbol of `name` specialised for `arguments`: the name, then each argument's type mangled,
/// with any character an MLIR symbol may not hold bare (`ρ` in stumpy's `_merge_topk_ρI`)
/// written as its code point.
fn symbol_of(name: &str, arguments: &[Type]) -> String {
    let mut symbol = String::with_capacity(name.len());
    for character in name.chars() {
        if character.is_ascii_alphanumeric() || matches!(character, '_' | '.' | '$') {
            symbol.push(character);
        } else {
            symbol.push_str(&format!("_u{:x}_", u32::from(character)));
        }
    }
    let mangled: Vec<String> = arguments.iter().map(Type::mangle).collect();
    format!("{symbol}__{}", mangled.join("__"))
}

/// Every specialisation inferred for one compilation, in the order they were first asked for.
pub struct Specialisations<'m> {
    pub module: &'m SourceModule,
    pub functions: Vec<FunctionTypes>,
    index: HashMap<(String, FunctionKind, Vec<Type>), usize>,
    /// Specialisations whose inference has started and not finished, outermost first.
    in_progress: Vec<usize>,
    /// Specialisations that settled on an unknown return type while a caller was still being
    /// inferred: they are inferred again when next called, once that caller's type is known.
    provisional: HashSet<usize>,
    /// The errors of a failed inference after its first, which the failure carries: every
    /// statement that failed on its own (not because an earlier one did).
    pub later_errors: Vec<Diagnostic>,
}

impl<'m> Specialisations<'m> {
    pub fn new(module: &'m SourceModule) -> Self {
        Self { module, functions: Vec::new(), index: HashMap::new(), in_progress: Vec::new(), provisional: HashSet::new(), later_errors: Vec::new() }
    }

    pub fn find(&self, name: &str, kind: FunctionKind, arguments: &[Type]) -> Option<usize> {
        self.index.get(&(name.to_string(), kind, arguments.to_vec())).copied()
    }

    /// Infers `name` specialised on `arguments` (a `@stencil` applied to them, if it is one).
    pub fn specialise(&mut self, name: &str, arguments: &[Type], call: &dyn Ranged) -> Result<usize, Diagnostic> {
        let module = self.module;
        let function = module
            .function(name)
            .ok_or_else(|| module.error(call.range(), DiagnosticKind::Usage, format!("function '{name}' not found")))?;
        // A signature may name any container (`list(f8[:])`); compiled code holds fewer.
        let containers = |part: &Type| matches!(part, Type::List(_) | Type::Dict(..) | Type::Set(_));
        if let Some(refused) = arguments.iter().find(|argument| argument.contains(&|part| containers(part) && !part.is_list_element())) {
            return Err(module.unsupported(call, format!("'{name}' cannot take {refused}: lists hold numbers, arrays, tuples of these and containers of these; dict keys and set items are numbers or tuples of numbers")));
        }
        if name.starts_with("np.") {
            return self.specialise_prelude(function, name, arguments, call);
        }
        match crate::stencil::options(module, function) {
            Some(options) => self.specialise_stencil(function, &options?, arguments, call),
            None => self.specialise_kind(function, FunctionKind::Plain, arguments, call),
        }
    }

    /// A function of rumba's prelude (`np.name`): its argument count and the dimensions its
    /// parameters are annotated with (`a: "1-d"`) are checked, and an error in its body is
    /// reported at the caller's line, naming the function.
    fn specialise_prelude(&mut self, function: &'m StmtFunctionDef, name: &str, arguments: &[Type], call: &dyn Ranged) -> Result<usize, Diagnostic> {
        let module = self.module;
        let parameters: Vec<_> = function.parameters.iter_non_variadic_params().collect();
        if parameters.len() != arguments.len() {
            return Err(module.typing(&call.range(), format!("{name}() takes {} argument(s) here, got {}", parameters.len(), arguments.len())));
        }
        for (parameter, argument) in parameters.iter().zip(arguments) {
            let Some(Expr::StringLiteral(annotation)) = parameter.parameter.annotation.as_deref() else { continue };
            if annotation.value.to_str() == "tuple" {
                if !matches!(argument, Type::Tuple(..)) {
                    return Err(module.unsupported(&call.range(), format!("{} of {argument} is not supported", prelude_display_name(name))));
                }
                continue;
            }
            let Some(ndim) = annotation.value.to_str().strip_suffix("-d").and_then(|ndim| ndim.parse::<usize>().ok()) else { continue };
            if !matches!(argument, Type::Array(array) if array.ndim == ndim) {
                return Err(module.unsupported(&call.range(), format!("{} of {argument} is not supported yet (arrays of {ndim} dimension(s) only)", prelude_display_name(name))));
            }
        }
        self.specialise_kind(function, FunctionKind::Plain, arguments, call).map_err(|error| {
            if error.location.file == module.file.name {
                return error;
            }
            // An error a prelude function called from this one reported keeps its reason and its
            // place in the prelude, and is named by the function the user called.
            let (reason, place) = match error.notes.first() {
                Some(note) if note.starts_with(PRELUDE_NOTE) => (error.message.split_once(": ").map_or(error.message.as_str(), |(_, reason)| reason), note.clone()),
                _ => (error.message.as_str(), format!("{PRELUDE_NOTE}{}", error.location)),
            };
            module.error(call.range(), error.kind, format!("{}: {reason}", prelude_display_name(name))).with_note(place)
        })
    }

    /// A stencil's loop function on `arguments`, its kernel specialised first.
    fn specialise_stencil(&mut self, function: &'m StmtFunctionDef, options: &crate::stencil::StencilOptions, arguments: &[Type], call: &dyn Ranged) -> Result<usize, Diagnostic> {
        let name = function.name.as_str();
        if let Some(index) = self.find(name, FunctionKind::Stencil, arguments) {
            return Ok(index);
        }
        let module = self.module;
        let parameter_count = function.parameters.args.len().min(arguments.len());
        let kernel = self.specialise_kind(function, FunctionKind::StencilKernel, &arguments[..parameter_count], call)?;
        let plan = plan(module, function, options, arguments, kernel, call)?;
        let return_type = match (&self.functions[kernel].return_type, arguments.last()) {
            (Type::Scalar(Scalar::Complex { .. }), _) => {
                return Err(module.unsupported(&function.name, format!("stencil kernels returning complex numbers are not supported yet ('{name}' does)")));
            }
            (Type::Scalar(_), Some(out)) if plan.has_out => out.clone(),
            (Type::Scalar(scalar), _) => Type::Array(ArrayType::new(*scalar, plan.ndim, Layout::C)),
            (other, _) => return Err(module.typing(&function.name, format!("a stencil kernel returns one number, and '{name}' returns {other}"))),
        };
        if matches!(plan.cval, Some(Constant::Complex(..))) {
            return Err(module.error(options.range, DiagnosticKind::Usage, format!("cval is complex, and the kernel '{name}' returns {return_type}")));
        }
        self.functions[kernel].stencil = Some(plan.clone());
        let index = self.functions.len();
        self.functions.push(FunctionTypes {
            name: name.to_string(),
            kind: FunctionKind::Stencil,
            symbol: symbol_of(name, arguments),
            arguments: arguments.to_vec(),
            locals: HashMap::new(),
            return_type,
            stencil: Some(plan),
            recursive: false,
            yields: None,
        });
        self.index.insert((name.to_string(), FunctionKind::Stencil, arguments.to_vec()), index);
        Ok(index)
    }

    /// Infers `function` as `kind` on `arguments`; while a recursive call is still being inferred
    /// its return type reads as `Unknown` and the rounds go on until nothing changes.
    fn specialise_kind(&mut self, function: &'m StmtFunctionDef, kind: FunctionKind, arguments: &[Type], call: &dyn Ranged) -> Result<usize, Diagnostic> {
        let name = &self.module.name_of(function);
        if let Some(index) = self.find(name, kind, arguments) {
            if let Some(depth) = self.in_progress.iter().position(|&active| active == index) {
                // A call back into a specialisation still being inferred: every one from it to the
                // innermost is on the cycle.
                for &member in &self.in_progress[depth..] {
                    self.functions[member].recursive = true;
                }
            }
            if self.provisional.contains(&index) && !self.in_progress.contains(&index) {
                self.provisional.remove(&index);
                self.infer_rounds(function, index, arguments)?;
            }
            return Ok(index);
        }
        let module = self.module;
        check_parameters(module, function, arguments.len(), call)?;
        let index = self.functions.len();
        let prefix = if kind == FunctionKind::StencilKernel { format!("{name}__kernel") } else { name.to_string() };
        self.functions.push(FunctionTypes {
            name: name.to_string(),
            kind,
            symbol: symbol_of(&prefix, arguments),
            arguments: arguments.to_vec(),
            locals: HashMap::new(),
            return_type: Type::Unknown,
            stencil: None,
            recursive: false,
            yields: None,
        });
        self.index.insert((name.to_string(), kind, arguments.to_vec()), index);
        self.infer_rounds(function, index, arguments)?;
        Ok(index)
    }

    /// Runs inference rounds over specialisation `index` until its types settle. A function whose
    /// every return path calls back into itself (`def f(x): return f(x)`) settles on an unknown
    /// return type: an error once no caller is left to give that type a meaning.
    fn infer_rounds(&mut self, function: &'m StmtFunctionDef, index: usize, arguments: &[Type]) -> Result<(), Diagnostic> {
        self.in_progress.push(index);
        let settled = self.settle(function, index, arguments);
        self.in_progress.pop();
        settled?;
        if self.functions[index].return_type == Type::Unknown {
            if self.in_progress.is_empty() {
                let name = function.name.as_str();
                return Err(self.module.typing(&function.name, format!("cannot infer what '{name}' returns: every path that returns goes through a recursive call (recursion without a base case?) or reads an empty list, dict or set that nothing is added to (which Numba cannot type either)")));
            }
            self.provisional.insert(index);
        }
        Ok(())
    }

    fn settle(&mut self, function: &'m StmtFunctionDef, index: usize, arguments: &[Type]) -> Result<(), Diagnostic> {
        let module = self.module;
        let name = function.name.as_str();
        let generator = crate::inline_generators::is_generator(function);
        for _ in 0..MAX_INFERENCE_ROUNDS {
            let before = (self.functions[index].locals.clone(), self.functions[index].return_type.clone());
            let mut walker = TypeWalker::new(self, function, index);
            walker.generator = generator;
            for (parameter, argument) in function.parameters.iter_non_variadic_params().zip(arguments) {
                // A parameter the body gives other values has their joined type from the start (an
                // array of another layout makes it A), except one replaced under `if name is None:`.
                let name = parameter.name().to_string();
                let joined = match walker.locals.get(&name) {
                    Some(local) if !walker.none_defaults.contains_key(&name) => unify(local, argument).unwrap_or_else(|| argument.clone()),
                    _ => argument.clone(),
                };
                walker.locals.insert(name, joined);
            }
            walker.infer_block(&function.body)?;
            if !walker.errors.is_empty() {
                let mut errors = walker.errors.into_iter();
                let first = errors.next().expect("not empty");
                self.later_errors.extend(errors);
                return Err(first);
            }
            // A function that returns a value on some paths returns None where it falls off its
            // end: the result is optional, as in Numba.
            let falls_off_end = walker.saw_return && !always_returns(&walker.pruned_block(&function.body)?);
            let return_type = match walker.return_type {
                Type::Unknown if !walker.saw_return => Type::None,
                Type::Unknown => Type::Unknown,
                returned if falls_off_end => unify(&returned, &Type::None).unwrap_or(returned),
                other => other,
            };
            let yields = generator.then(|| match walker.yield_type {
                Type::Unknown => Type::None,
                yielded => yielded,
            });
            let locals = walker.locals;
            let entry = &mut self.functions[index];
            entry.locals = locals;
            entry.return_type = return_type;
            let yields_changed = entry.yields != yields;
            entry.yields = yields;
            if (entry.locals.clone(), entry.return_type.clone()) == before && !yields_changed {
                return Ok(());
            }
        }
        Err(module.typing(&function.name, format!("the types of '{name}' do not settle (recursion without a base case?)")))
    }
}

/// Whether every path through a statement list ends in `return` or `raise`.
pub fn always_returns(body: &[Stmt]) -> bool {
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

/// The type every element of a tuple has, where a run-time index may pick any of them: one type,
/// or arrays that differ only in layout (then A).
pub fn uniform_element(elements: &[Type]) -> Option<Type> {
    let first = elements.first()?;
    if elements.iter().all(|element| element == first) {
        return Some(first.clone());
    }
    let Type::Array(_) = first else { return None };
    elements.iter().try_fold(Type::Unknown, |joined, element| matches!(element, Type::Array(_)).then(|| unify(&joined, element)).flatten())
}

fn check_parameters(module: &SourceModule, function: &StmtFunctionDef, given: usize, call: &dyn Ranged) -> Result<(), Diagnostic> {
    if function.is_async {
        return Err(module.unsupported(&function.name, format!("'{}' is a coroutine (async def), which compiled code does not support", function.name)));
    }
    check_not_variadic(module, function)?;
    let parameters = &function.parameters;
    if parameters.len() != given {
        return Err(module.error(
            call.range(),
            DiagnosticKind::Usage,
            format!("'{}' takes {} argument(s) but {} were given", function.name, parameters.len(), given),
        ));
    }
    Ok(())
}

fn check_not_variadic(module: &SourceModule, function: &StmtFunctionDef) -> Result<(), Diagnostic> {
    let parameters = &function.parameters;
    match parameters.vararg.as_deref().or(parameters.kwarg.as_deref()) {
        Some(variadic) => Err(module.unsupported(variadic, "'**kwargs' parameters, and '*args' beside '**kwargs' or keyword-only parameters, are not supported yet")),
        None => Ok(()),
    }
}

/// `np.ufunc(..., out=target)`, or the target passed after the operands (`np.add(a, b, a)`): the
/// target, and the call without it, which computes the value that goes into the target. The call
/// without it has an empty range of its own, so that its type is not the whole call's (which is
/// the target's).
pub fn ufunc_out(module: &SourceModule, call: &ExprCall, is_local: &dyn Fn(&str) -> bool) -> Option<(Expr, ExprCall)> {
    let keyword = call.arguments.keywords.iter().position(|keyword| keyword.arg.as_ref().is_some_and(|arg| arg.as_str() == "out"));
    if keyword.is_none() && call.arguments.args.len() < 2 {
        return None;
    }
    let callee = resolve_callee(module, call, is_local).ok()?;
    let Callee::Numpy(name) = &callee else { return None };
    let ufunc = crate::ufuncs::lookup(name)?;
    let mut computed = call.clone();
    let target = match keyword {
        Some(position) => computed.arguments.keywords.remove(position).value,
        None if call.arguments.args.len() == ufunc.arity + 1 => {
            let mut operands = std::mem::take(&mut computed.arguments.args).into_vec();
            let target = operands.pop().expect("the operands and the target");
            computed.arguments.args = operands.into_boxed_slice();
            target
        }
        None => return None,
    };
    computed.range_start = computed.arguments.range.end();
    Some((target, computed))
}

/// A list literal passed to a function of the prelude is an array, as NumPy's `array_like`
/// parameters take one (`np.percentile(a, [25, 75])`): the `np.array` call it stands for.
pub fn listed_array<'e>(callee: &Callee, argument: &'e Expr) -> Option<ArrayCall<'e>> {
    if listed_tuple(callee, argument).is_some() {
        return None;
    }
    let prelude = matches!(callee, Callee::Function(name) | Callee::Method(name) if name.starts_with("np."));
    (prelude && matches!(argument, Expr::List(_))).then_some(ArrayCall::FromValues { values: argument, dtype: None, copy: true })
}

/// Whether a call passes optional numbers on as they are: a call of one of the module's functions
/// does (its parameter is optional too); any other callee takes the number.
pub fn keeps_optional_arguments(callee: &Callee) -> bool {
    matches!(callee, Callee::Function(name) if !name.starts_with("np."))
}

/// The items of a list literal passed to a prelude function that takes a sequence of arrays of
/// different shapes (`np.linalg.multi_dot([A, B, C])`): a tuple of them, not one array.
pub fn listed_tuple<'e>(callee: &Callee, argument: &'e Expr) -> Option<&'e [Expr]> {
    match (callee, argument) {
        (Callee::Function(name), Expr::List(list)) if name == "np._linalg_multi_dot" => Some(&list.elts),
        _ => None,
    }
}

/// The arguments of a call, in order: for a compiled function one per parameter (bound as Python
/// binds them), for a `@stencil` its positional ones and its `out=`, for anything else its
/// positional ones.
pub fn call_arguments<'e>(module: &'e SourceModule, call: &'e ExprCall, callee: &Callee) -> Result<Vec<&'e Expr>, Diagnostic> {
    let stencil = matches!(callee, Callee::Function(name) if crate::stencil::is_stencil(module, name));
    match (callee, &*call.func) {
        (Callee::Method(name), Expr::Attribute(method)) => {
            let function = module.function(name).expect("a method resolves to a prelude function");
            return bind_parameters(module, call, function, &prelude_display_name(name), Some(&method.value));
        }
        (Callee::TupleClass(class), _) => return field_arguments(module, call, class),
        (Callee::Class(class), _) => {
            return match module.class_member(class, "__init__", MemberKind::Method) {
                Some(init) => bind_parameters(module, call, module.function(init).expect("a class's members are functions of the module"), class.short_name(), Some(&call.func)),
                None if call.arguments.is_empty() => Ok(vec![&*call.func]),
                None => Err(module.typing(call, format!("{}() takes no arguments: the jitclass has no __init__", class.short_name()))),
            };
        }
        (Callee::Overload(_) | Callee::OverloadMethod(_), _) => {
            if let Some(keyword) = call.arguments.keywords.first() {
                return Err(module.unsupported(keyword, "an @overload function or method takes positional arguments only"));
            }
            let receiver = match (callee, &*call.func) {
                (Callee::OverloadMethod(_), Expr::Attribute(method)) => Some(&*method.value),
                _ => None,
            };
            return Ok(receiver.into_iter().chain(call.arguments.args.iter()).collect());
        }
        (Callee::Function(name), _) if !stencil => {
            if let Some(function) = module.function(name) {
                return bind_parameters(module, call, function, &prelude_display_name(name), None);
            }
        }
        _ => {}
    }
    let mut arguments: Vec<&Expr> = call.arguments.args.iter().collect();
    for keyword in call.arguments.keywords.iter() {
        match keyword.arg.as_ref().map(|arg| arg.as_str()) {
            Some("out") if stencil => arguments.push(&keyword.value),
            _ if stencil => return Err(module.unsupported(keyword, "a stencil takes one keyword argument, out=")),
            _ => return Err(module.unsupported(keyword, "keyword arguments are not supported here")),
        }
    }
    Ok(arguments)
}

/// The note that says where in the prelude an error reported at a call of it arose.
const PRELUDE_NOTE: &str = "in rumba's prelude, at ";

/// How a function is named to the user: the prelude's `np._method_X` is `.X()`,
/// `np._builtin_X` is `X()`, `np._str_X` is `str.X()`, `np._math_X` is `math.X` (and so for `cmath` and `operator`),
/// `np._random_X` is `np.random.X`.
pub fn prelude_display_name(name: &str) -> String {
    if let Some(method) = name.strip_prefix("np._method_") {
        return format!(".{method}()");
    }
    if let Some(builtin) = name.strip_prefix("np._builtin_") {
        return format!("{builtin}()");
    }
    if let Some(method) = name.strip_prefix("np._str_") {
        return format!("str.{method}()");
    }
    for module in crate::ufuncs::PRELUDE_MODULES {
        if let Some(function) = name.strip_prefix(&format!("np._{module}_")) {
            // A namespace's dot is a double underscore (`cuda.const.array_like`).
            return format!("{module}.{}", function.replace("__", "."));
        }
    }
    if let Some(linalg) = name.strip_prefix("np._linalg_") {
        return format!("np.linalg.{linalg}");
    }
    match name.strip_prefix("np._random_") {
        Some(random) => format!("np.random.{random}"),
        None => name.to_string(),
    }
}

/// The argument of each parameter of `function` in a call to it (after the method's receiver, if
/// any), as Python binds them: positional arguments in order, keywords by name, then the parameters' defaults. A default is a literal
/// number, boolean, string or `None`, so the call can evaluate its own copy of the value Python computed
/// once. Misfits are `TypeError`s with Python's wording, at the call.
/// The arguments of a namedtuple's construction, one per field in field order, bound as its
/// `__new__` binds them (positional, then by keyword), with CPython's errors.
fn field_arguments<'e>(module: &SourceModule, call: &'e ExprCall, class: &TupleClass) -> Result<Vec<&'e Expr>, Diagnostic> {
    let name = format!("{}.__new__", class.short_name());
    let fields = &class.fields;
    if call.arguments.args.len() > fields.len() {
        return Err(module.typing(call, format!("{name}() takes {} positional arguments but {} were given", fields.len() + 1, call.arguments.args.len() + 1)));
    }
    let mut bound: Vec<Option<&Expr>> = vec![None; fields.len()];
    for (slot, argument) in bound.iter_mut().zip(&call.arguments.args) {
        if let Expr::Starred(_) = argument {
            return Err(module.unsupported(argument, "star-arguments are not supported"));
        }
        *slot = Some(argument);
    }
    for keyword in &call.arguments.keywords {
        let Some(keyword_name) = keyword.arg.as_ref().map(|arg| arg.as_str()) else {
            return Err(module.unsupported(keyword, "'**' arguments are not supported"));
        };
        match fields.iter().position(|field| field == keyword_name) {
            None => return Err(module.typing(keyword, format!("{name}() got an unexpected keyword argument '{keyword_name}'"))),
            Some(position) if bound[position].is_some() => return Err(module.typing(keyword, format!("{name}() got multiple values for argument '{keyword_name}'"))),
            Some(position) => bound[position] = Some(&keyword.value),
        }
    }
    let missing: Vec<String> = fields.iter().zip(&bound).filter(|(_, slot)| slot.is_none()).map(|(field, _)| format!("'{field}'")).collect();
    if !missing.is_empty() {
        let plural = if missing.len() == 1 { "" } else { "s" };
        return Err(module.typing(call, format!("{name}() missing {} required positional argument{plural}: {} (defaults of namedtuple fields are not supported)", missing.len(), missing.join(" and "))));
    }
    Ok(bound.into_iter().flatten().collect())
}

/// The prelude function an attribute of an array is, and the expression it reads the array from:
/// `a.real` is `np.real(a)`, `a.imag` `np.imag(a)`, `a.flat` `np.ravel(a)` (read, or written
/// through where that is a view), `a.nbytes` and `a.flags.c_contiguous` (`.f_contiguous`,
/// `.contiguous`) the prelude's own.
pub fn prelude_attribute(attribute: &ExprAttribute) -> Option<(&Expr, &'static str)> {
    let function = match attribute.attr.as_str() {
        "real" => "real",
        "imag" => "imag",
        "flat" => "ravel",
        "nbytes" => "_array_nbytes",
        flag => {
            let Expr::Attribute(flags) = &*attribute.value else { return None };
            let function = match flag {
                "c_contiguous" | "contiguous" => "_array_c_contiguous",
                "f_contiguous" => "_array_f_contiguous",
                _ => return None,
            };
            return (flags.attr.as_str() == "flags").then_some((&*flags.value, function));
        }
    };
    Some((&*attribute.value, function))
}

/// Which item of an instance of `class` the attribute reads.
pub fn field_position(module: &SourceModule, class: &TupleClass, attribute: &ExprAttribute) -> Result<usize, Diagnostic> {
    if class.kind == TupleKind::Enum && attribute.attr.as_str() == "name" {
        return Err(module.unsupported(attribute, format!("the name of a member of the enum {} is not supported yet (its .value is)", class.name)));
    }
    class.fields.iter().position(|field| field == attribute.attr.as_str()).ok_or_else(|| module.typing(attribute, format!("'{}' object has no attribute '{}'", class.short_name(), attribute.attr)))
}

fn bind_parameters<'e>(module: &'e SourceModule, call: &'e ExprCall, function: &'e StmtFunctionDef, name: &str, receiver: Option<&'e Expr>) -> Result<Vec<&'e Expr>, Diagnostic> {
    let name = name.strip_suffix("()").unwrap_or(name);
    check_not_variadic(module, function)?;
    let parameters = &function.parameters;
    let all: Vec<&ruff_python_ast::ParameterWithDefault> = parameters.iter_non_variadic_params().collect();
    let positional = parameters.posonlyargs.len() + parameters.args.len();
    let given: Vec<&Expr> = receiver.into_iter().chain(&call.arguments.args).collect();
    if given.len() > positional {
        let takes = if positional == 1 { "1 positional argument".to_string() } else { format!("{positional} positional arguments") };
        let were = if given.len() == 1 { "was" } else { "were" };
        return Err(module.typing(call, format!("{name}() takes {takes} but {} {were} given", given.len())));
    }
    let mut bound: Vec<Option<&Expr>> = vec![None; all.len()];
    for (slot, argument) in bound.iter_mut().zip(given) {
        if let Expr::Starred(_) = argument {
            return Err(module.unsupported(argument, "star-arguments are not supported"));
        }
        *slot = Some(argument);
    }
    for keyword in &call.arguments.keywords {
        let Some(keyword_name) = keyword.arg.as_ref().map(|arg| arg.as_str()) else {
            return Err(module.unsupported(keyword, "'**' arguments are not supported"));
        };
        match all.iter().position(|parameter| parameter.name().as_str() == keyword_name) {
            None => return Err(module.typing(keyword, format!("{name}() got an unexpected keyword argument '{keyword_name}'"))),
            Some(position) if position < parameters.posonlyargs.len() => {
                return Err(module.typing(keyword, format!("{name}() got some positional-only arguments passed as keyword arguments: '{keyword_name}'")))
            }
            Some(position) if bound[position].is_some() => {
                return Err(module.typing(keyword, format!("{name}() got multiple values for argument '{keyword_name}'")))
            }
            Some(position) => bound[position] = Some(&keyword.value),
        }
    }
    let mut missing = (Vec::new(), Vec::new());
    for (position, (slot, parameter)) in bound.iter_mut().zip(&all).enumerate() {
        if slot.is_some() {
            continue;
        }
        match parameter.default.as_deref() {
            Some(default) if crate::resolve::is_literal_default(default) => *slot = Some(default),
            Some(default) => return Err(module.unsupported(default, "default parameter values other than literal numbers, booleans, strings, None and tuples of these are not supported yet")),
            None if position < positional => missing.0.push(format!("'{}'", parameter.name())),
            None => missing.1.push(format!("'{}'", parameter.name())),
        }
    }
    for (names, kind) in [(missing.0, "positional"), (missing.1, "keyword-only")] {
        if !names.is_empty() {
            let count = names.len();
            let plural = if count == 1 { "" } else { "s" };
            return Err(module.typing(call, format!("{name}() missing {count} required {kind} argument{plural}: {}", python_list(&names))));
        }
    }
    Ok(bound.into_iter().map(|argument| argument.expect("every parameter is bound or reported missing")).collect())
}

/// Names as Python lists them in messages: `'a'`, `'a' and 'b'`, `'a', 'b', and 'c'`.
fn python_list(names: &[String]) -> String {
    match names {
        [one] => one.clone(),
        [first, second] => format!("{first} and {second}"),
        [init @ .., last] => format!("{}, and {last}", init.join(", ")),
        [] => String::new(),
    }
}

/// One entry of an array index, with `...` expanded: an integer, a slice, a whole dimension, or a
/// new axis of extent 1 (`None`, `np.newaxis`).
pub enum ViewIndex<'e> {
    Integer(&'e Expr),
    Slice(&'e ruff_python_ast::ExprSlice),
    Whole,
    NewAxis,
}

/// How a tuple of `length` elements is subscripted.
pub enum TupleIndex {
    /// By an integer literal: the element at that position.
    Element(usize),
    /// By a slice of literal bounds: the positions it keeps, in order.
    Slice(Vec<usize>),
    /// By an integer known only at run time, into a tuple whose elements share one type.
    Runtime,
}

/// How `slice` subscripts a tuple of `length` elements, or a located error.
pub fn tuple_index(module: &SourceModule, slice: &Expr, length: usize) -> Result<TupleIndex, Diagnostic> {
    let literal = |bound: &Option<Box<Expr>>| -> Result<Option<i64>, Diagnostic> {
        match bound.as_deref() {
            None | Some(Expr::NoneLiteral(_)) => Ok(None),
            Some(bound) => match literal_constant(bound) {
                Some(Constant::Int(value)) => Ok(Some(value)),
                _ => Err(module.unsupported(bound, "a tuple is sliced with integer literals")),
            },
        }
    };
    match slice {
        Expr::Slice(range) => {
            let step = literal(&range.step)?.unwrap_or(1);
            if step == 0 {
                return Err(module.typing(range, "slice step cannot be zero"));
            }
            // Python's slice.indices: bounds clamped into the tuple, negative ones counted from its end.
            let length = length as i64;
            let clamp = |bound: i64, low: i64, high: i64| (if bound < 0 { bound + length } else { bound }).clamp(low, high);
            let (start, stop) = if step > 0 {
                (literal(&range.lower)?.map_or(0, |bound| clamp(bound, 0, length)), literal(&range.upper)?.map_or(length, |bound| clamp(bound, 0, length)))
            } else {
                (literal(&range.lower)?.map_or(length - 1, |bound| clamp(bound, -1, length - 1)), literal(&range.upper)?.map_or(-1, |bound| clamp(bound, -1, length - 1)))
            };
            let mut positions = Vec::new();
            let mut position = start;
            while (step > 0 && position < stop) || (step < 0 && position > stop) {
                positions.push(position as usize);
                position += step;
            }
            Ok(TupleIndex::Slice(positions))
        }
        _ => match literal_constant(slice) {
            Some(Constant::Int(position)) => {
                let resolved = if position < 0 { position + length as i64 } else { position };
                usize::try_from(resolved).ok().filter(|&index| index < length).map(TupleIndex::Element).ok_or_else(|| module.typing(slice, "tuple index out of range"))
            }
            _ => Ok(TupleIndex::Runtime),
        },
    }
}

/// The entries of the index `slice` of an array of `ndim` dimensions: one per dimension (the
/// dimensions it leaves out whole, `...` standing for as many as needed), and the new axes.
/// A call of a function declared with signatures (`@njit("i4(i8[:])")`), as Numba makes it:
/// the types to compile it for (its first signature the arguments convert to: numbers to the
/// declared number types, arrays as they are), and the number type its result converts to.
pub struct DeclaredCall {
    pub arguments: Vec<Type>,
    pub result: Option<Scalar>,
}

pub fn declared_call(module: &SourceModule, name: &str, arguments: &[Type], node: &dyn Ranged) -> Result<Option<DeclaredCall>, Diagnostic> {
    let Some(signatures) = module.declared(name) else { return Ok(None) };
    let accepts = |declared: &Type, given: &Type| match (declared, given) {
        (Type::Scalar(declared), Type::Scalar(given)) => declared.is_complex() || !given.is_complex(),
        // An optional number takes None, a number or an optional number.
        (Type::Optional(declared), given) => match (&**declared, given.clone().unwrapped()) {
            (_, Type::None) => true,
            (Type::Scalar(declared), Type::Scalar(given)) => declared.is_complex() || !given.is_complex(),
            (declared, given) => *declared == given,
        },
        (Type::Array(declared), Type::Array(given)) => {
            declared.dtype == given.dtype && declared.ndim == given.ndim && (declared.layout == Layout::A || declared.layout == given.layout) && (declared.readonly || !given.readonly)
        }
        (declared, given) => declared == given,
    };
    let signature = signatures
        .iter()
        .find(|signature| signature.arguments.len() == arguments.len() && signature.arguments.iter().zip(arguments).all(|(declared, given)| accepts(declared, given)))
        .ok_or_else(|| {
            let given: Vec<String> = arguments.iter().map(ToString::to_string).collect();
            let declared: Vec<String> = signatures.iter().map(|signature| format!("({})", signature.arguments.iter().map(ToString::to_string).collect::<Vec<_>>().join(", "))).collect();
            module.typing(node, format!("{}() has no signature for argument types ({}); its signatures are: {}", prelude_display_name(name), given.join(", "), declared.join(", ")))
        })?;
    let arguments = signature.arguments.iter().zip(arguments).map(|(declared, given)| if matches!(declared, Type::Scalar(_) | Type::Optional(_)) { declared.clone() } else { given.clone() }).collect();
    let result = match &signature.return_type {
        Some(Type::Scalar(result)) => Some(*result),
        _ => None,
    };
    Ok(Some(DeclaredCall { arguments, result }))
}

/// An item of `array` along its first axis: an element, or a view of the rest (C where the
/// array is C, as `a[i]`).
pub fn unpacked_item(array: ArrayType) -> Type {
    match array.ndim {
        1 => Type::Scalar(array.dtype),
        ndim => Type::Array(ArrayType { ndim: ndim - 1, layout: if array.layout == Layout::C { Layout::C } else { Layout::A }, ..array }),
    }
}

/// The layout of the view `slice` takes of `array` (with `ndim` dimensions left), as Numba
/// decides it: a C array stays C where integers lead and at most the last index given is a slice
/// without a step (`a[i]`, `a[:n]`, `a[i, 2:]`); an F array mirrors that from the right when every
/// index is given (`a[:, j]`). Anything else, and any new axis, is A.
pub fn view_layout(module: &SourceModule, slice: &Expr, array: ArrayType, ndim: usize) -> Layout {
    let indices = index_parts(slice);
    if indices.iter().any(|index| is_new_axis(module, index)) {
        return Layout::A;
    }
    let ellipsis = indices.iter().position(|index| matches!(index, Expr::EllipsisLiteral(_)));
    let given: Vec<&Expr> = indices.iter().copied().filter(|index| !matches!(index, Expr::EllipsisLiteral(_))).collect();
    let (mut left, mut right) = match ellipsis {
        Some(position) => (indices[..position].to_vec(), indices[position + 1..].to_vec()),
        None => (given.clone(), Vec::new()),
    };
    let keeps = |index: &Expr, innermost: bool| match index {
        Expr::Slice(slice) => innermost && slice.step.is_none(),
        _ => true,
    };
    let contiguous = |outer_to_inner: &[&Expr]| outer_to_inner.iter().enumerate().all(|(position, index)| keeps(index, position + 1 == outer_to_inner.len()));
    let kept = match array.layout {
        Layout::C => {
            if given.len() == array.ndim {
                left.append(&mut right);
            }
            right.is_empty() && contiguous(&left)
        }
        Layout::F => {
            if given.len() == array.ndim {
                left.append(&mut right);
                right = std::mem::take(&mut left);
            }
            right.reverse();
            left.is_empty() && contiguous(&right)
        }
        Layout::A => false,
    };
    match (kept, array.layout) {
        (false, _) => Layout::A,
        (true, _) if ndim == 1 => Layout::C,
        (true, layout) => layout,
    }
}

/// The indices of a subscript: a tuple's items, or the one index.
fn index_parts(slice: &Expr) -> Vec<&Expr> {
    match slice {
        Expr::Tuple(tuple) => tuple.elts.iter().collect(),
        single => vec![single],
    }
}

/// Whether an index is a new axis: `None` or `np.newaxis`.
fn is_new_axis(module: &SourceModule, index: &Expr) -> bool {
    match index {
        Expr::NoneLiteral(_) => true,
        Expr::Attribute(attribute) => attribute.attr.as_str() == "newaxis" && matches!(&*attribute.value, Expr::Name(base) if module.global(base.id.as_str()) == Some(&Global::Module("numpy"))),
        _ => false,
    }
}

pub fn view_indices<'e>(module: &SourceModule, slice: &'e Expr, ndim: usize) -> Result<Vec<ViewIndex<'e>>, Diagnostic> {
    let indices = index_parts(slice);
    let is_new_axis = |index: &Expr| is_new_axis(module, index);
    let ellipses = indices.iter().filter(|index| matches!(index, Expr::EllipsisLiteral(_))).count();
    if ellipses > 1 {
        return Err(module.typing(slice, "an index can only have a single ellipsis ('...')"));
    }
    let given = indices.iter().filter(|index| !matches!(index, Expr::EllipsisLiteral(_)) && !is_new_axis(index)).count();
    if given > ndim {
        return Err(module.typing(slice, format!("too many indices for a {ndim}-d array: {given}")));
    }
    let mut entries = Vec::with_capacity(indices.len() + ndim - given);
    for index in &indices {
        match index {
            Expr::EllipsisLiteral(_) => entries.extend((given..ndim).map(|_| ViewIndex::Whole)),
            Expr::Slice(slice) => entries.push(ViewIndex::Slice(slice)),
            index if is_new_axis(index) => entries.push(ViewIndex::NewAxis),
            index => entries.push(ViewIndex::Integer(index)),
        }
    }
    if ellipses == 0 {
        entries.extend((given..ndim).map(|_| ViewIndex::Whole));
    }
    Ok(entries)
}

/// Whether `<`, `<=`, `>` and `>=` order values of types `left` and `right`: real numbers, strings,
/// and tuples of these item by item (as Python orders tuples).
fn orderable(left: &Type, right: &Type) -> bool {
    match (left, right) {
        (Type::Unknown, _) | (_, Type::Unknown) => true,
        (Type::Scalar(left), Type::Scalar(right)) => !left.is_complex() && !right.is_complex(),
        (Type::Tuple(left, _), Type::Tuple(right, _)) => left.iter().zip(right).all(|(left, right)| orderable(left, right)),
        _ => left.is_string() && right.is_string(),
    }
}

/// What a call expression calls.
pub enum Callee<'e> {
    Function(String),
    Math(String),
    Numpy(String),
    /// `a.X(...)` of the prelude's `_method_X`, whose first parameter is the receiver `a`.
    Method(String),
    /// `random.X`: Python's generator.
    Random(String),
    /// `np.random._X`: a draw from NumPy's generator that the prelude's `np.random` functions
    /// are written with (`_double`, `_gauss`, `_bounded`, `_seed`).
    NumpyRandom(String),
    /// `rumba.X` of the thread settings (`THREAD_FUNCTIONS`), which Numba's compiled code may call.
    Threads(&'static str),
    /// `np.linalg._X`: the LAPACK routine X (`py.lapack`) that the prelude's `np.linalg`
    /// functions are written with.
    Lapack(&'static rumba_dialects::LapackRoutine),
    Builtin(&'e str),
    /// A function with `@overload` implementations, by its key: the implementation for the
    /// arguments' types (`overload_implementation`).
    Overload(String),
    /// `a.X(...)` of a method with `@overload_method` implementations, by its key; the receiver
    /// `a` is the first argument.
    OverloadMethod(String),
    /// A namedtuple class, whose call makes an instance of its fields.
    TupleClass(Arc<TupleClass>),
    /// A `@jitclass` class, whose call makes an instance and runs its `__init__` on it: the
    /// arguments are the instance (standing where the class is named) and the call's.
    Class(Arc<ClassType>),
}

/// The function compiled for the method `name` (`__len__`, `__getitem__`, `__setitem__`) of
/// `class`, which an operation on its instances calls; an error where the class has none.
pub(crate) fn class_dunder<'m>(module: &'m SourceModule, class: &ClassType, name: &str, node: &dyn Ranged) -> Result<&'m str, Diagnostic> {
    module.class_member(class, name, MemberKind::Method).ok_or_else(|| module.typing(node, format!("jitclass {} has no method '{name}'", class.short_name())))
}

/// A namedtuple's `_replace(...)` call (`TypeWalker::namedtuple_replace`).
pub(crate) struct NamedtupleReplace<'c> {
    pub receiver: &'c Expr,
    pub class: Arc<TupleClass>,
    /// Each replaced field's position and its new value.
    pub replaced: Vec<(usize, &'c Expr)>,
}

/// The function compiled for the property getter or setter `attribute` names on an instance of
/// `class`; an error where the class has no such attribute (or it cannot be assigned).
pub fn instance_member<'m>(module: &'m SourceModule, class: &ClassType, attribute: &ExprAttribute, kind: MemberKind) -> Result<&'m str, Diagnostic> {
    let name = attribute.attr.as_str();
    module.class_member(class, name, kind).ok_or_else(|| match (kind, module.class_member(class, name, MemberKind::Getter), module.class_member(class, name, MemberKind::Method)) {
        (MemberKind::Setter, Some(_), _) => module.typing(attribute, format!("property '{name}' of jitclass {} has no setter", class.short_name())),
        (_, _, Some(_)) => module.unsupported(attribute, format!("method '{name}' of jitclass {} is called, not used as a value", class.short_name())),
        _ => module.typing(attribute, format!("jitclass {} has no attribute '{name}'", class.short_name())),
    })
}

/// Whether a value of type `value` may be stored in a `@jitclass` field of type `field`: what a
/// list of the field's type takes, and any real number into a real field (converted, as Numba
/// converts what is stored into a field).
pub fn storable_in_field(value: &Type, field: &Type) -> bool {
    crate::lists::storable(value, field) || matches!((value, field), (Type::Scalar(from), Type::Scalar(to)) if !from.is_complex() && !to.is_complex())
}

/// The function an overload's call runs for arguments of `arguments`' types (strings known when
/// compiling as any string); where it has not been given, a `MissingImplementation` error that
/// asks the caller for it.
pub fn overload_implementation(module: &SourceModule, call: &ExprCall, key: &str, arguments: &[Type]) -> Result<String, Diagnostic> {
    let arguments: Vec<Type> = arguments.iter().cloned().map(Type::runtime).collect();
    let Some(name) = module.implementation(key, &arguments) else {
        let listed: Vec<String> = arguments.iter().map(ToString::to_string).collect();
        let what = match &*call.func {
            Expr::Attribute(method) => format!("method '{}'", method.attr),
            function => format!("function '{}'", module.file.snippet(function.range()).trim()),
        };
        let mut missing = module.error(call.range(), DiagnosticKind::MissingImplementation, format!("no implementation of {what} for argument types ({})", listed.join(", ")));
        missing.missing_implementation = Some(crate::diagnostics::MissingImplementation { key: key.to_string(), arguments: listed });
        return Err(missing);
    };
    let parameters = &module.function(name).expect("an implementation is a function of the module").parameters;
    let takes = parameters.args.len() + parameters.posonlyargs.len();
    let required = parameters.iter_non_variadic_params().filter(|parameter| parameter.default.is_none()).count();
    if !(required..=takes).contains(&arguments.len()) || parameters.vararg.is_some() || !parameters.kwonlyargs.is_empty() {
        let what = module.file.snippet(call.func.range()).trim().to_string();
        return Err(module.typing(call, format!("the implementation of '{what}' takes {takes} arguments, the call gives {}", arguments.len())));
    }
    Ok(name.to_string())
}

/// The default values of the parameters of an overload's implementation `name` that a call
/// giving `given` arguments leaves out.
pub fn omitted_defaults<'m>(module: &'m SourceModule, name: &str, given: usize) -> Vec<&'m Expr> {
    let parameters = &module.function(name).expect("an implementation is a function of the module").parameters;
    parameters.iter_non_variadic_params().skip(given).filter_map(|parameter| parameter.default.as_deref()).collect()
}

/// The values a body assigns to `name` (`name = value`, `name op= value`), in any statement nested in
/// it; `None` for an assignment this cannot see the value of (unpacking, a loop target).
fn assigned_values<'b>(body: &'b [Stmt], name: &str) -> Vec<Option<&'b Expr>> {
    let is_name = |target: &Expr| matches!(target, Expr::Name(target) if target.id.as_str() == name);
    let mut values = Vec::new();
    for statement in body {
        match statement {
            Stmt::Assign(assign) if assign.targets.iter().any(is_name) => values.push(Some(&*assign.value)),
            Stmt::AugAssign(assign) if is_name(&assign.target) => values.push(Some(&*assign.value)),
            Stmt::For(for_loop) => {
                fn binds(target: &Expr, name: &str) -> bool {
                    match target {
                        Expr::Name(target) => target.id.as_str() == name,
                        Expr::Tuple(tuple) => tuple.elts.iter().any(|element| binds(element, name)),
                        _ => false,
                    }
                }
                if binds(&for_loop.target, name) {
                    values.push(None);
                }
                values.extend(assigned_values(&for_loop.body, name));
                values.extend(assigned_values(&for_loop.orelse, name));
            }
            Stmt::While(while_loop) => values.extend(assigned_values(&while_loop.body, name)),
            Stmt::If(if_statement) => {
                values.extend(assigned_values(&if_statement.body, name));
                for clause in &if_statement.elif_else_clauses {
                    values.extend(assigned_values(&clause.body, name));
                }
            }
            other => {
                let mut targets = HashSet::new();
                assigned_names(std::slice::from_ref(other), &mut targets);
                if targets.contains(name) {
                    values.push(None);
                }
            }
        }
    }
    values
}

/// The test of `if name is None:` at the top level of `body` when that statement's first clause is
/// the only place that gives `name` a new value (`if out is None: out = np.empty_like(a)`; an
/// augmented assignment such as `out += a` updates what is there).
fn none_default_test(body: &[Stmt], name: &str) -> Option<ruff_text_size::TextRange> {
    let assigns = |statements: &[Stmt]| {
        let mut assigned = HashSet::new();
        let rebinding: Vec<&Stmt> = statements.iter().filter(|statement| !matches!(statement, Stmt::AugAssign(_))).collect();
        for statement in rebinding {
            assigned_names(std::slice::from_ref(statement), &mut assigned);
        }
        assigned.contains(name)
    };
    let mut test = None;
    for statement in body {
        if !assigns(std::slice::from_ref(statement)) {
            continue;
        }
        let Stmt::If(if_statement) = statement else { return None };
        let is_none = matches!(&*if_statement.test, Expr::Compare(compare)
            if matches!(&*compare.left, Expr::Name(left) if left.id.as_str() == name)
                && matches!(&compare.ops[..], [CmpOp::Is])
                && matches!(&compare.comparators[..], [Expr::NoneLiteral(_)]));
        if test.is_some() || !is_none || if_statement.elif_else_clauses.iter().any(|clause| assigns(&clause.body)) {
            return None;
        }
        test = Some(if_statement.test.range());
    }
    test
}

/// The names a function body assigns: its local variables.
pub fn assigned_names(body: &[Stmt], names: &mut HashSet<String>) {
    fn targets(expr: &Expr, names: &mut HashSet<String>) {
        match expr {
            Expr::Name(name) => {
                names.insert(name.id.to_string());
            }
            Expr::Tuple(tuple) => tuple.elts.iter().for_each(|element| targets(element, names)),
            _ => {}
        }
    }
    for statement in body {
        match statement {
            Stmt::Assign(assign) => assign.targets.iter().for_each(|target| targets(target, names)),
            Stmt::AugAssign(assign) => targets(&assign.target, names),
            Stmt::For(for_loop) => {
                targets(&for_loop.target, names);
                assigned_names(&for_loop.body, names);
            }
            Stmt::While(while_loop) => assigned_names(&while_loop.body, names),
            Stmt::If(if_statement) => {
                assigned_names(&if_statement.body, names);
                for clause in &if_statement.elif_else_clauses {
                    assigned_names(&clause.body, names);
                }
            }
            Stmt::AnnAssign(assign) => targets(&assign.target, names),
            Stmt::With(with) => {
                with.items.iter().filter_map(|item| item.optional_vars.as_deref()).for_each(|target| targets(target, names));
                assigned_names(&with.body, names);
            }
            Stmt::Try(try_statement) => {
                for body in [&try_statement.body, &try_statement.orelse, &try_statement.finalbody] {
                    assigned_names(body, names);
                }
                for handler in &try_statement.handlers {
                    let ruff_python_ast::ExceptHandler::ExceptHandler(handler) = handler;
                    if let Some(name) = &handler.name {
                        names.insert(name.to_string());
                    }
                    assigned_names(&handler.body, names);
                }
            }
            _ => {}
        }
    }
}

/// Computes expression types against the current local types.
pub struct TypeWalker<'s, 'm> {
    pub specialisations: &'s mut Specialisations<'m>,
    pub module: &'m SourceModule,
    pub locals: HashMap<String, Type>,
    /// The body being inferred, for the assignments of a local.
    body: &'m [Stmt],
    /// The function's parameters, whose types their callers chose.
    pub(crate) parameters: HashSet<String>,
    pub(crate) assigned: HashSet<String>,
    return_type: Type,
    saw_return: bool,
    /// While inferring: whether the function is a generator, and the joined type of the values its
    /// `yield`s give so far.
    generator: bool,
    yield_type: Type,
    loop_depth: usize,
    /// Once the function's types have settled (while it is emitted): the types of expressions
    /// asked about, by source range, so that each is inferred once.
    settled: Option<&'s mut SettledTypes>,
    /// While inferring: the errors of the statements that failed, and the names those statements
    /// assign, whose types are then unknown (a later statement reading one fails because of it).
    errors: Vec<Diagnostic>,
    poisoned: HashSet<String>,
    /// Parameters given `None` that the function gives a value under `if name is None:` (Numba's
    /// `out=None` idiom), with the range of that test: it runs while the name is still `None`.
    none_defaults: HashMap<String, ruff_text_size::TextRange>,
    /// The function's variables that its `locals=` option gives a type, with that type: every
    /// value assigned to one converts to it, as in Numba.
    declared_locals: HashMap<String, Type>,
}

/// What emission keeps of a settled function's inference: the names it assigns and the types of
/// the expressions typed so far.
#[derive(Default)]
pub struct SettledTypes {
    assigned: HashSet<String>,
    expressions: HashMap<ruff_text_size::TextRange, Type>,
    /// Whether statements of the function share source ranges (a loop unrolled, `unroll.rs`, or a
    /// generator inlined, `inline_generators.rs`): types are then not remembered by range.
    shares_ranges: bool,
}

impl SettledTypes {
    pub fn new(function: &StmtFunctionDef) -> Self {
        Self { assigned: assigned_in(function), expressions: HashMap::new(), shares_ranges: crate::inline_generators::holds_inlined(function) }
    }
}

/// The names a statement reads and the names it assigns (at any depth).
fn statement_names(statement: &Stmt) -> (HashSet<String>, HashSet<String>) {
    struct Names(HashSet<String>, HashSet<String>);
    impl<'a> ruff_python_ast::visitor::Visitor<'a> for Names {
        fn visit_expr(&mut self, expr: &'a Expr) {
            if let Expr::Name(name) = expr {
                match name.ctx {
                    ruff_python_ast::ExprContext::Load => self.0.insert(name.id.to_string()),
                    _ => self.1.insert(name.id.to_string()),
                };
            }
            ruff_python_ast::visitor::walk_expr(self, expr);
        }
    }
    let mut names = Names(HashSet::new(), HashSet::new());
    ruff_python_ast::visitor::Visitor::visit_stmt(&mut names, statement);
    (names.0, names.1)
}

/// The parameters and every name the body assigns.
fn assigned_in(function: &StmtFunctionDef) -> HashSet<String> {
    let mut assigned: HashSet<String> = function.parameters.iter_non_variadic_params().map(|p| p.name().to_string()).collect();
    assigned_names(&function.body, &mut assigned);
    assigned
}

/// Whether evaluating `expr` does nothing but give its value: a name, a literal, an attribute of
/// one, and comparisons and `not` of those.
fn is_plain_value(expr: &Expr) -> bool {
    match expr {
        Expr::Name(_) | Expr::NumberLiteral(_) | Expr::BooleanLiteral(_) | Expr::NoneLiteral(_) | Expr::StringLiteral(_) => true,
        Expr::Attribute(attribute) => is_plain_value(&attribute.value),
        Expr::UnaryOp(unary) => unary.op == UnaryOp::Not && is_plain_value(&unary.operand),
        Expr::Compare(compare) => is_plain_value(&compare.left) && compare.comparators.iter().all(is_plain_value),
        _ => false,
    }
}

/// The prelude's function giving an array's truth value, `bool(a)`.
pub(crate) const ARRAY_TRUTH: &str = "_array_truth";
/// The prelude's function giving `x in a` for an array `a`.
pub(crate) const ARRAY_CONTAINS: &str = "_array_contains";

impl<'s, 'm> TypeWalker<'s, 'm> {
    pub fn new(specialisations: &'s mut Specialisations<'m>, function: &'m StmtFunctionDef, index: usize) -> Self {
        Self::walk(specialisations, function, index, assigned_in(function), None)
    }

    /// A walker over specialisation `index` whose types have settled, remembering every
    /// expression's type in `settled`.
    pub fn settled(specialisations: &'s mut Specialisations<'m>, function: &'m StmtFunctionDef, index: usize, settled: &'s mut SettledTypes) -> Self {
        let assigned = settled.assigned.clone();
        Self::walk(specialisations, function, index, assigned, Some(settled))
    }

    fn walk(specialisations: &'s mut Specialisations<'m>, function: &'m StmtFunctionDef, index: usize, assigned: HashSet<String>, settled: Option<&'s mut SettledTypes>) -> Self {
        let module = specialisations.module;
        let locals = specialisations.functions[index].locals.clone();
        let return_type = specialisations.functions[index].return_type.clone();
        let yield_type = specialisations.functions[index].yields.clone().unwrap_or(Type::Unknown);
        let none_defaults = function
            .parameters
            .iter_non_variadic_params()
            .zip(&specialisations.functions[index].arguments)
            .filter(|(_, argument)| **argument == Type::None)
            .filter_map(|(parameter, _)| none_default_test(&function.body, parameter.name()).map(|test| (parameter.name().to_string(), test)))
            .collect();
        let parameters: HashSet<String> = function.parameters.iter().map(|parameter| parameter.name().to_string()).collect();
        let function_name = &specialisations.functions[index].name;
        let declared_locals = assigned
            .iter()
            .filter(|name| !parameters.contains(*name))
            .filter_map(|name| Some((name.clone(), module.declared_local(function_name, crate::versions::source_name(name))?.clone())))
            .collect();
        Self {
            specialisations,
            module,
            locals,
            assigned,
            body: &function.body,
            parameters,
            return_type,
            saw_return: false,
            generator: false,
            yield_type,
            loop_depth: 0,
            settled,
            errors: Vec::new(),
            poisoned: HashSet::new(),
            none_defaults,
            declared_locals,
        }
    }

    /// Whether the boolean `expr` may hold a NumPy boolean, whose `~` is logical not: on some
    /// path, where `is_numpy_scalar` asks for every path. pysheds' `flag = False` then
    /// `flag |= a[i] > 0` holds NumPy's boolean once the loop has run, and Numba takes `~flag` as
    /// logical not on every path; a Python bool's `~` (-1 or -2) is not what such code means.
    fn may_hold_numpy_bool(&mut self, expr: &Expr, depth: usize) -> Result<bool, Diagnostic> {
        const DEEPEST: usize = 8;
        if depth > DEEPEST {
            return Ok(false);
        }
        Ok(match expr {
            Expr::Name(name) => {
                let values = assigned_values(self.body, name.id.as_str());
                if values.is_empty() {
                    return self.is_numpy_scalar(expr, depth);
                }
                let mut numpy = false;
                for value in values.into_iter().flatten() {
                    numpy = numpy || self.may_hold_numpy_bool(value, depth + 1).unwrap_or(false);
                }
                numpy
            }
            Expr::BinOp(binary) => self.may_hold_numpy_bool(&binary.left, depth + 1)? || self.may_hold_numpy_bool(&binary.right, depth + 1)?,
            Expr::UnaryOp(unary) => self.may_hold_numpy_bool(&unary.operand, depth + 1)?,
            other => self.is_numpy_scalar(other, depth)?,
        })
    }

    /// Whether `expr` is a NumPy scalar rather than a Python number: an element read from an array,
    /// a reduction or a NumPy function of numbers, arithmetic involving one, a conditional
    /// expression that may choose one, or a local assigned only such values. NumPy 2 promotes NumPy scalars by their type and Python numbers "weakly"
    /// (NEP 50): `int32_array * int32_array.sum()` is int64, `int32_array * 3` int32.
    pub fn is_numpy_scalar(&mut self, expr: &Expr, depth: usize) -> Result<bool, Diagnostic> {
        const DEEPEST: usize = 8;
        if depth > DEEPEST {
            return Ok(false);
        }
        Ok(match expr {
            // A literal beyond int64 is a uint64, not a Python int of int64's range.
            Expr::NumberLiteral(_) => crate::resolve::unsigned_literal(expr).is_some(),
            Expr::Subscript(subscript) => matches!(self.expr_type(&subscript.value)?, Type::Array(_)),
            Expr::Call(call) => {
                self.array_call_type(call)?.is_some() || matches!(self.callee(call), Ok(Callee::Numpy(_))) || matches!(self.callee(call), Ok(Callee::Function(name) | Callee::Method(name)) if name.starts_with("np."))
            }
            Expr::BinOp(binary) => self.is_numpy_scalar(&binary.left, depth + 1)? || self.is_numpy_scalar(&binary.right, depth + 1)?,
            Expr::UnaryOp(unary) => self.is_numpy_scalar(&unary.operand, depth + 1)?,
            // Either branch (its test is not typed here: `n = n // 2 if n % 2 == 0 else n` would
            // type `n` again from the start, without end).
            Expr::If(conditional) => self.is_numpy_scalar(&conditional.body, depth + 1)? || self.is_numpy_scalar(&conditional.orelse, depth + 1)?,
            Expr::Compare(compare) => {
                let mut numpy = self.is_numpy_scalar(&compare.left, depth + 1)?;
                for comparator in &compare.comparators {
                    numpy = numpy || self.is_numpy_scalar(comparator, depth + 1)?;
                }
                numpy
            }
            Expr::Name(name) => {
                let values = assigned_values(self.body, name.id.as_str());
                if values.is_empty() && !self.locals.contains_key(name.id.as_str()) {
                    return Ok(matches!(self.module.global(name.id.as_str()), Some(Global::Scalar(..))));
                }
                let mut numpy = !values.is_empty();
                for value in values {
                    // An assignment in a branch known dead when compiling may not type (the 2-d
                    // path of a function specialised on a vector): it assigns nothing.
                    numpy = numpy && matches!(value, Some(value) if self.is_numpy_scalar(value, depth + 1).unwrap_or(true));
                }
                numpy
            }
            _ => false,
        })
    }

    /// The operand types of an elementwise operation on arrays, with each NumPy scalar among them
    /// typed as a 0-d array, so that it promotes by its type as in NumPy.
    /// In the prelude, the float type of `left op right` on two numbers of which at least one is a
    /// NumPy scalar: NumPy's (NEP 50: `float32_array.sum() / 3` is float32, where Python's and
    /// Numba's promotion gives float64), so that NumPy's functions keep NumPy's result types. The
    /// user's code combines numbers as Numba does. `None` where the rules agree or NumPy's gives an
    /// integer: integer arithmetic on numbers keeps Python's (Numba's) widening, and every
    /// operation on numbers keeps Python's exceptions (`//` by zero raises, as in Numba).
    pub fn numpy_scalar_binary(&mut self, op: Operator, (left_expr, left): (&Expr, &Type), (right_expr, right): (&Expr, &Type), node: &dyn Ranged) -> Result<Option<Scalar>, Diagnostic> {
        let (Type::Scalar(left_scalar), Type::Scalar(right_scalar)) = (left, right) else { return Ok(None) };
        if !self.module.in_prelude(node.range()) {
            return Ok(None);
        }
        if left_scalar.is_complex() || right_scalar.is_complex() || op == Operator::MatMult {
            return Ok(None);
        }
        let (left_numpy, right_numpy) = (self.is_numpy_scalar(left_expr, 0)?, self.is_numpy_scalar(right_expr, 0)?);
        if !left_numpy && !right_numpy {
            return Ok(None);
        }
        let mark = |scalar: Scalar, numpy: bool| if numpy { Type::Array(ArrayType::new(scalar, 0, Layout::C)) } else { Type::Scalar(scalar) };
        let operands = [mark(*left_scalar, left_numpy), mark(*right_scalar, right_numpy)];
        Ok(elementwise_scalar(self.module, &ElementwiseOp::Binary(op), &operands, node).ok().filter(|result| result.is_float()))
    }

    pub fn numpy_scalars_as_arrays(&mut self, operands: &[&Expr], types: Vec<Type>) -> Result<Vec<Type>, Diagnostic> {
        if !types.iter().any(|operand| matches!(operand, Type::Array(array) if array.ndim > 0)) {
            return Ok(types);
        }
        let mut typed = Vec::with_capacity(types.len());
        for (operand, operand_type) in operands.iter().zip(types) {
            typed.push(match operand_type {
                Type::Scalar(scalar) if self.is_numpy_scalar(operand, 0)? => Type::Array(ArrayType::new(scalar, 0, Layout::C)),
                other => other,
            });
        }
        Ok(typed)
    }

    pub(crate) fn assign(&mut self, target: &Expr, value_type: Type) -> Result<(), Diagnostic> {
        match target {
            Expr::Name(name) if self.none_defaults.contains_key(name.id.as_str()) && !matches!(value_type, Type::None | Type::Unknown) => {
                if self.loop_depth > 0 {
                    return Err(self.module.unsupported(target, format!("'{}' is None until this assignment, which must not be in a loop", name.id)));
                }
                let joined = match self.locals.get(name.id.as_str()) {
                    Some(Type::None | Type::Unknown) | None => Some(value_type.clone()),
                    Some(current) => unify(current, &value_type),
                };
                let joined = joined.ok_or_else(|| self.module.typing(target, format!("variable '{}' is {} on one path and {value_type} on another", crate::versions::source_name(&name.id), self.locals[name.id.as_str()])))?;
                self.locals.insert(name.id.to_string(), joined);
                Ok(())
            }
            // A loop over a dict or a set loops over a list of its keys (see `desugar`).
            Expr::Name(name) if crate::desugar::is_sequence(name.id.as_str()) && matches!(value_type, Type::Dict(..) | Type::Set(_)) => {
                let (Type::Dict(key, _) | Type::Set(key)) = value_type else { unreachable!("checked by the guard") };
                self.assign(target, Type::List(key))
            }
            Expr::Name(name) if self.declared_locals.contains_key(name.id.as_str()) => {
                let declared = self.declared_locals[name.id.as_str()].clone();
                let converts = match (&declared, &value_type) {
                    (_, Type::Unknown) | (Type::Scalar(_), Type::Scalar(_)) => true,
                    (declared, value) => unify(declared, value).as_ref() == Some(declared),
                };
                if !converts {
                    return Err(self.module.typing(target, format!("cannot assign {value_type} to '{}', which locals= declares {declared}", crate::versions::source_name(&name.id))));
                }
                self.locals.insert(name.id.to_string(), declared);
                Ok(())
            }
            Expr::Name(name) => {
                let current = self.locals.get(name.id.as_str()).cloned().unwrap_or(Type::Unknown);
                let unified = unify(&current, &value_type).ok_or_else(|| {
                    self.module.typing(target, format!("variable '{}' is {current} on one path and {value_type} on another", crate::versions::source_name(&name.id)))
                })?;
                self.locals.insert(name.id.to_string(), unified);
                Ok(())
            }
            Expr::Tuple(tuple) if tuple.elts.iter().any(Expr::is_starred_expr) => {
                let starred = tuple.elts.iter().find(|element| element.is_starred_expr()).expect("checked by the guard");
                Err(self.module.unsupported(starred, "a starred assignment target ('*rest') is not supported (as in Numba); index the value instead"))
            }
            Expr::Tuple(tuple) => match value_type {
                Type::Tuple(elements, _) if elements.len() == tuple.elts.len() => {
                    for (element, element_type) in tuple.elts.iter().zip(elements) {
                        self.assign(element, element_type)?;
                    }
                    Ok(())
                }
                Type::Unknown => tuple.elts.iter().try_for_each(|element| self.assign(element, Type::Unknown)),
                // An array unpacks along its first axis (its length checked when running).
                Type::Array(array) => tuple.elts.iter().try_for_each(|element| self.assign(element, unpacked_item(array))),
                other => Err(self.module.typing(target, format!("cannot unpack {other} into {} names", tuple.elts.len()))),
            },
            Expr::Subscript(subscript) if self.array_index(subscript)?.is_some() => {
                let (array, index) = self.array_index(subscript)?.expect("checked by the guard");
                let helper = array_index_helper(self.module, array, index, true, subscript)?;
                if !matches!(value_type, Type::Scalar(_) | Type::Array(_) | Type::Unknown) {
                    return Err(self.module.typing(target, format!("cannot assign {value_type} through an array index")));
                }
                self.specialisations.specialise(helper, &[Type::Array(array), Type::Array(index), value_type], subscript).map(|_| ())
            }
            Expr::Subscript(subscript) if self.vector_tuple_index(subscript)?.is_some() => {
                let (array, vectors) = self.vector_tuple_index(subscript)?.expect("checked by the guard");
                let helper = vector_tuple_helper(self.module, array, &vectors, true, subscript)?;
                if !matches!(value_type, Type::Scalar(_) | Type::Array(_) | Type::Unknown) {
                    return Err(self.module.typing(target, format!("cannot assign {value_type} through an array index")));
                }
                let arguments: Vec<Type> = std::iter::once(array).chain(vectors).map(Type::Array).chain([value_type]).collect();
                self.specialisations.specialise(helper, &arguments, subscript).map(|_| ())
            }
            Expr::Subscript(subscript) if self.mixed_index(subscript)?.is_some() => {
                let (array, parts) = self.mixed_index(subscript)?.expect("checked by the guard");
                if !matches!(value_type, Type::Scalar(_) | Type::Array(_) | Type::Unknown) {
                    return Err(self.module.typing(target, format!("cannot assign {value_type} through an array index")));
                }
                let arguments = [vec![Type::Array(array)], self.mixed_index_types(parts)?, vec![value_type]].concat();
                self.specialisations.specialise(MIXED_INDEX_ASSIGN, &arguments, subscript).map(|_| ())
            }
            Expr::Subscript(subscript) if matches!(self.expr_type(&subscript.value)?, Type::Instance(_)) => {
                let Type::Instance(class) = self.expr_type(&subscript.value)? else { unreachable!("checked by the guard") };
                let setitem = class_dunder(self.module, &class, "__setitem__", subscript)?;
                let index = self.expr_type(&subscript.slice)?;
                self.specialisations.specialise(setitem, &[Type::Instance(class), index, value_type], subscript).map(|_| ())
            }
            Expr::Subscript(subscript) if matches!(self.expr_type(&subscript.value)?, Type::Dict(..)) => {
                let Type::Dict(key, value) = self.expr_type(&subscript.value)? else { unreachable!("checked by the guard") };
                let given_key = self.expr_type(&subscript.slice)?;
                self.store_into_dict(&subscript.value, (&key, &value), (&given_key, &value_type), (&subscript.slice, target))
            }
            Expr::Subscript(subscript) if matches!(self.expr_type(&subscript.value)?, Type::List(_)) => {
                let Type::List(element) = self.expr_type(&subscript.value)? else { unreachable!("checked by the guard") };
                if matches!(&*subscript.slice, Expr::Slice(_)) {
                    self.list_subscript_type(&element, &subscript.slice)?;
                    return match &value_type {
                        // The elements are copied word for word: of the list's own type (or none).
                        Type::List(given) if **given == *element || **given == Type::Unknown => Ok(()),
                        _ => Err(self.module.typing(target, format!("can only assign a list of {element} to a slice of this list, not {value_type}"))),
                    };
                }
                self.list_subscript_type(&element, &subscript.slice)?;
                if !crate::lists::storable(&value_type, &element) {
                    return Err(self.module.typing(target, format!("cannot store {value_type} into a list of {element}")));
                }
                Ok(())
            }
            Expr::Subscript(subscript) => {
                match self.expr_type(&subscript.value)? {
                    Type::Tuple(_, Some(class)) if class.kind != TupleKind::NamedTuple => {
                        return Err(self.module.unsupported(target, format!("a {} cannot change (Numba's cannot either); build a list or dict of one item type to change it", class.literal_name())));
                    }
                    Type::Tuple(..) => return Err(self.module.typing(target, "tuples are immutable: cannot assign to an element")),
                    _ => {}
                }
                let element = self.subscript_type(subscript)?;
                match (element, value_type) {
                    (Type::Scalar(Scalar::Complex { .. }), Type::Scalar(_)) => Ok(()),
                    (Type::Array(ArrayType { dtype: Scalar::Complex { .. }, .. }), Type::Scalar(_)) => Ok(()),
                    (Type::Scalar(_) | Type::Array(_), Type::Scalar(Scalar::Complex { .. })) => {
                        Err(self.module.typing(target, "cannot store a complex number into an array element (NumPy raises TypeError); store its .real or abs()"))
                    }
                    (Type::Scalar(_), Type::Scalar(_)) | (Type::Unknown, _) | (_, Type::Unknown) => Ok(()),
                    (Type::Array(_), Type::Scalar(_)) => Ok(()),
                    // A 0-d array stores its one element, as Numba's does.
                    (Type::Scalar(element), Type::Array(value)) if value.ndim == 0 && (element.is_complex() || !value.dtype.is_complex()) => Ok(()),
                    (Type::Array(view), Type::Array(value)) if value.dtype.is_complex() && !view.dtype.is_complex() => {
                        Err(self.module.typing(target, "cannot store complex numbers into a real array; store their .real or np.abs()"))
                    }
                    // Extra leading dimensions must hold one element each (checked when it runs).
                    (Type::Array(_), Type::Array(_)) => Ok(()),
                    // A list or tuple of numbers stored into a view as the vector it holds (`out[i] = [x, y]`).
                    (Type::Array(view), Type::List(item)) if !view.dtype.is_complex() && matches!(*item, Type::Scalar(scalar) if !scalar.is_complex()) => Ok(()),
                    (Type::Array(view), Type::Tuple(items, None)) if !view.dtype.is_complex() && items.iter().all(|item| matches!(item, Type::Scalar(scalar) if !scalar.is_complex())) => Ok(()),
                    (element, value) => Err(self.module.typing(target, format!("cannot store {value} into an element of type {element}"))),
                }
            }
            Expr::Attribute(attribute) => match self.expr_type(&attribute.value)? {
                Type::Instance(class) => match class.field(attribute.attr.as_str()) {
                    Some((_, field_type)) if storable_in_field(&value_type, field_type) => Ok(()),
                    Some((_, field_type)) => Err(self.module.typing(target, format!("cannot store {} into field '{}' of type {field_type}", value_type.runtime(), attribute.attr))),
                    None => {
                        let setter = instance_member(self.module, &class, attribute, MemberKind::Setter)?;
                        self.specialisations.specialise(setter, &[Type::Instance(class.clone()), value_type], attribute).map(|_| ())
                    }
                },
                Type::Unknown => Ok(()),
                other => Err(self.module.unsupported(target, format!("cannot assign attribute '{}' of {other}", attribute.attr))),
            },
            other => Err(self.module.unsupported(other, "unsupported assignment target")),
        }
    }

    /// Infers a block's statements. While inferring (not once settled), a statement that fails
    /// is recorded and the next ones are inferred, so that a compilation reports every error; the
    /// error of a statement that reads a name a failed statement assigned is not recorded.
    pub fn infer_block(&mut self, body: &[Stmt]) -> Result<(), Diagnostic> {
        let body = self.pruned_block(body)?;
        for statement in body.iter() {
            let Err(error) = self.infer_statement(statement) else { continue };
            if self.settled.is_some() {
                return Err(error);
            }
            let (reads, writes) = statement_names(statement);
            if !reads.iter().any(|name| self.poisoned.contains(name)) {
                self.errors.push(error);
            }
            self.poisoned.extend(writes);
        }
        Ok(())
    }

    fn infer_statement(&mut self, statement: &Stmt) -> Result<(), Diagnostic> {
        let module = self.module;
        match statement {
            Stmt::Assign(assign) => {
                let value = self.expr_type_optional(&assign.value)?;
                for target in &assign.targets {
                    // A name takes an optional value as it is; unpacking or an element, its value.
                    let value = match target {
                        Expr::Name(_) => value.clone(),
                        _ => value.clone().unwrapped(),
                    };
                    self.assign(target, value)?;
                }
            }
            Stmt::AugAssign(assign) => {
                let through_array_index = matches!(&*assign.target, Expr::Subscript(subscript) if self.indexes_by_arrays(subscript)?);
                let current = self.expr_type(&assign.target)?;
                if current.is_string() {
                    let result = self.expr_type(&crate::strings::augmented(assign))?;
                    return self.assign(&assign.target, result);
                }
                let value = self.expr_type(&assign.value)?;
                if let Some(operator) = self.instance_binary(assign.op, (&current, &value), true, statement)? {
                    let result = self.instance_operator_type(&operator, vec![current, value], statement)?;
                    return self.assign(&assign.target, result);
                }
                let result = match self.numpy_scalar_binary(assign.op, (&assign.target, &current), (&assign.value, &value), statement)? {
                    Some(result) => Type::Scalar(result),
                    None => {
                        let operands = self.numpy_scalars_as_arrays(&[&assign.target, &assign.value], vec![current.clone(), value])?;
                        self.binary_type(assign.op, &current, &operands[1], &assign.value, statement)?
                    }
                };
                // An array is updated in place and keeps its type; `a[mask] op= b` writes the
                // result back through the index.
                if !matches!(current, Type::Array(_)) || through_array_index {
                    self.assign(&assign.target, result)?;
                }
            }
            // A bare string (a docstring) does nothing.
            Stmt::Expr(expression) if matches!(*expression.value, Expr::StringLiteral(_)) => {}
            Stmt::Expr(expression) => {
                self.expr_type(&expression.value)?;
            }
            Stmt::If(if_statement) => {
                for (test, body) in self.live_clauses(if_statement)? {
                    if let Some(test) = test {
                        self.condition_type(test)?;
                    }
                    self.infer_block(body)?;
                }
            }
            Stmt::While(while_loop) => {
                if !while_loop.orelse.is_empty() {
                    return Err(module.unsupported(statement, "'else' on a loop is not supported"));
                }
                self.condition_type(&while_loop.test)?;
                self.loop_depth += 1;
                self.infer_block(&while_loop.body)?;
                self.loop_depth -= 1;
            }
            Stmt::For(for_loop) if self.never_iterates(for_loop)? => {}
            Stmt::For(for_loop) => {
                if !for_loop.orelse.is_empty() {
                    return Err(module.unsupported(statement, "'else' on a loop is not supported"));
                }
                let bounds = range_arguments(module, &for_loop.iter)?.bounds;
                for bound in bounds {
                    match self.expr_type(bound)? {
                        // A float bound is truncated, as Numba converts it (Python raises TypeError).
                        Type::Scalar(Scalar::Bool | Scalar::Int { .. } | Scalar::Float { .. }) | Type::Unknown => {}
                        other => return Err(module.typing(bound, format!("range() takes integers, got {other}"))),
                    }
                }
                if !matches!(&*for_loop.target, Expr::Name(_)) {
                    return Err(module.unsupported(&*for_loop.target, "a range loop binds one name"));
                }
                self.assign(&for_loop.target, Type::Scalar(INT64))?;
                self.loop_depth += 1;
                self.infer_block(&for_loop.body)?;
                self.loop_depth -= 1;
            }
            Stmt::Return(return_statement) => {
                self.saw_return = true;
                if let (Some(value), true) = (&return_statement.value, self.generator) {
                    return Err(module.unsupported(&**value, "a generator returns no value in compiled code (its StopIteration carries none)"));
                }
                let value = match &return_statement.value {
                    Some(value) => self.expr_type_optional(value)?.runtime(),
                    None => Type::None,
                };
                if let (true, Some(returned)) = (value.contains(&Type::is_compile_time), &return_statement.value) {
                    return Err(module.unsupported(&**returned, format!("returning {value} is not supported yet (dtypes and functions are known only when compiling)")));
                }
                let unified = unify(&self.return_type, &value);
                self.return_type = unified.ok_or_else(|| {
                    module.typing(statement, format!("this returns {value} but another return gives {}", self.return_type))
                })?;
            }
            Stmt::Delete(delete) => {
                for target in &delete.targets {
                    let Expr::Subscript(subscript) = target else {
                        return Err(module.unsupported(target, "'del' of a name is not supported; 'del' deletes an item of a list or a dict"));
                    };
                    match self.expr_type(&subscript.value)? {
                        Type::Dict(key, value) => {
                            self.dict_subscript_type(&key, &value, &subscript.slice)?;
                        }
                        Type::List(element) => {
                            self.list_subscript_type(&element, &subscript.slice)?;
                            if let Expr::Slice(bounds) = &*subscript.slice {
                                self.list_slice_delete_type(&Type::List(element), bounds, target)?;
                            }
                        }
                        other => return Err(module.unsupported(target, format!("'del' of an item of {other} is not supported (only of lists and dicts)"))),
                    }
                }
            }
            Stmt::Raise(StmtRaise { exc: None, cause: None, .. }) => {}
            Stmt::Raise(raise) => {
                let (_, arguments) = exception_of(module, raise)?;
                crate::text::message_pieces(self, arguments)?;
            }
            Stmt::Break(_) | Stmt::Continue(_) if self.loop_depth == 0 => {
                return Err(module.typing(statement, "'break' and 'continue' belong inside a loop"));
            }
            Stmt::Pass(_) | Stmt::Break(_) | Stmt::Continue(_) => {}
            // `global x` / `nonlocal x` to read `x`, as Numba allows; writing one is refused.
            Stmt::Global(StmtGlobal { names, .. }) | Stmt::Nonlocal(StmtNonlocal { names, .. }) => {
                if let Some(name) = names.iter().find(|name| self.assigned.contains(name.as_str())) {
                    return Err(module.unsupported(name, format!("assigning to '{name}', declared {}, is not supported: compiled code reads globals as constants", statement_name(statement))));
                }
            }
            Stmt::Try(try_statement) => {
                let (range, reason) = crate::desugar::unsupported_try(try_statement).unwrap_or((try_statement.range, "this form of 'try' is not supported".into()));
                return Err(module.unsupported(&range, reason));
            }
            Stmt::With(with) => {
                let Some(block) = self.objmode_block(with)? else {
                    return Err(module.unsupported(statement, format!("unsupported statement: {}", statement_name(statement))));
                };
                for (target, _, declared) in block.outputs {
                    self.assign(target, declared)?;
                }
            }
            other => return Err(module.unsupported(other, format!("unsupported statement: {}", statement_name(other)))),
        }
        Ok(())
    }

    /// Whether `compare` is `x is None`, `x is not None`, `x == None` or `x != None` (either way
    /// round) on an optional number: decided when the code runs, by its flag.
    pub fn optional_against_none(&mut self, compare: &ruff_python_ast::ExprCompare) -> Result<bool, Diagnostic> {
        if !matches!(&compare.ops[..], [CmpOp::Is | CmpOp::IsNot | CmpOp::Eq | CmpOp::NotEq]) {
            return Ok(false);
        }
        Ok(matches!(
            (self.expr_type_optional(&compare.left)?, self.expr_type_optional(&compare.comparators[0])?),
            (Type::Optional(_), Type::None) | (Type::None, Type::Optional(_))
        ))
    }

    /// The value of a condition that types decide: `x is None` and `x is not None`, `==` and `!=`
    /// between strings known when compiling (or None) and anything, and between tuples of
    /// different lengths, comparisons of integers known when compiling (`a.ndim == 2`), `isinstance`,
    /// `not`, `and` and `or` of these, and literal booleans; `None` for any other. The branches such a condition rules out
    /// are neither typed nor emitted, as Numba prunes them, so that code behind `if axis is None:`
    /// may treat `axis` as a number in its other branch.
    pub fn static_truth(&mut self, test: &Expr) -> Result<Option<bool>, Diagnostic> {
        self.truth_following(test, DEFINITIONS_FOLLOWED)
    }

    /// `static_truth`, where a local assigned once (`update = proxy is not None`, then `if
    /// update:`) is decided by the value it was given, following up to `definitions` such names.
    fn truth_following(&mut self, test: &Expr, definitions: usize) -> Result<Option<bool>, Diagnostic> {
        if let Expr::Compare(compare) = test {
            if let ([op], [right]) = (&compare.ops[..], &compare.comparators[..]) {
                if let (Some(left), Some(right)) = (self.static_integer(&compare.left)?, self.static_integer(right)?) {
                    return Ok(match op {
                        CmpOp::Eq => Some(left == right),
                        CmpOp::NotEq => Some(left != right),
                        CmpOp::Lt => Some(left < right),
                        CmpOp::LtE => Some(left <= right),
                        CmpOp::Gt => Some(left > right),
                        CmpOp::GtE => Some(left >= right),
                        _ => None,
                    });
                }
            }
        }
        Ok(match test {
            Expr::BooleanLiteral(literal) => Some(literal.value),
            Expr::UnaryOp(unary) if unary.op == UnaryOp::Not => self.truth_following(&unary.operand, definitions)?.map(|truth| !truth),
            Expr::Name(name) if definitions > 0 => match self.only_definition(name) {
                Some(value) => self.truth_following(value, definitions - 1)?,
                None => None,
            },
            Expr::Compare(compare) if self.optional_against_none(compare)? => None,
            Expr::Compare(compare) if matches!(&compare.ops[..], [CmpOp::Eq | CmpOp::NotEq]) => {
                let equal = match (self.expr_type(&compare.left)?, self.expr_type(&compare.comparators[0])?) {
                    (Type::Str(left), Type::Str(right)) => left == right,
                    (Type::Str(_) | Type::Unicode, Type::Str(_) | Type::Unicode) => return Ok(None),
                    (Type::DType(left), Type::DType(right)) => left == right,
                    (Type::None, Type::None) => true,
                    (Type::Unknown, _) | (_, Type::Unknown) => return Ok(None),
                    // A string or None equals no value of another type.
                    (Type::Str(_) | Type::Unicode | Type::None, _) | (_, Type::Str(_) | Type::Unicode | Type::None) => false,
                    // An enum member equals only the members of its own class, as it is only them.
                    (left, right) if (left.is_enum_member() || right.is_enum_member()) && left != right => false,
                    (Type::Tuple(left, _), Type::Tuple(right, _)) if left.len() != right.len() => false,
                    _ => return Ok(None),
                };
                Some(equal == (compare.ops[0] == CmpOp::Eq))
            }
            Expr::Compare(compare) if compare.ops.iter().any(|op| matches!(op, CmpOp::Is | CmpOp::IsNot)) => {
                let [op] = &compare.ops[..] else {
                    return Err(self.module.unsupported(test, "'is' in a chain of comparisons is not supported"));
                };
                if self.none_defaults.values().any(|idiom| *idiom == test.range()) {
                    return Ok(Some(*op == CmpOp::Is));
                }
                let left = self.expr_type_optional(&compare.left)?;
                let right = self.expr_type_optional(&compare.comparators[0])?;
                if left == Type::Unknown || right == Type::Unknown {
                    return Ok(None);
                }
                let identical = match (&left, &right) {
                    (Type::None, Type::None) => true,
                    (Type::Str(_) | Type::Unicode, Type::Str(_) | Type::Unicode) => return Ok(None),
                    // Values of different types are never the same object, as in Numba.
                    (left, right) if left.clone().runtime() != right.clone().runtime() => false,
                    _ => return Ok(None),
                };
                Some(identical == (*op == CmpOp::Is))
            }
            Expr::Call(call) => self.call_truth(call)?,
            // Decided when the operands before the deciding one are decided too, or are names and
            // comparisons of them, which evaluate to nothing but their value (another run-time
            // operand first must still be evaluated): `flag and x is not None` with `x` None.
            Expr::BoolOp(boolean) => {
                let deciding = boolean.op == ruff_python_ast::BoolOp::Or;
                let mut undecided = false;
                for value in &boolean.values {
                    match self.truth_following(value, definitions)? {
                        Some(truth) if truth == deciding => return Ok(Some(deciding)),
                        Some(_) => {}
                        None if is_plain_value(value) => undecided = true,
                        None => return Ok(None),
                    }
                }
                (!undecided).then_some(!deciding)
            }
            _ => None,
        })
    }

    /// The value of the one assignment of the local `name` (`name = value`), if the function
    /// binds it nowhere else and the assignment comes before this read in the source.
    fn only_definition(&self, name: &ruff_python_ast::ExprName) -> Option<&'m Expr> {
        struct Stores<'a, 'n> {
            name: &'n str,
            count: usize,
            assignment: Option<&'a ruff_python_ast::StmtAssign>,
        }
        impl<'a> ruff_python_ast::visitor::Visitor<'a> for Stores<'a, '_> {
            fn visit_stmt(&mut self, statement: &'a Stmt) {
                if let Stmt::Assign(assign) = statement {
                    if matches!(assign.targets.as_slice(), [Expr::Name(target)] if target.id.as_str() == self.name) {
                        self.assignment = Some(assign);
                    }
                }
                ruff_python_ast::visitor::walk_stmt(self, statement);
            }
            fn visit_expr(&mut self, expr: &'a Expr) {
                if matches!(expr, Expr::Name(stored) if stored.ctx == ruff_python_ast::ExprContext::Store && stored.id.as_str() == self.name) {
                    self.count += 1;
                }
                ruff_python_ast::visitor::walk_expr(self, expr);
            }
        }
        if self.parameters.contains(name.id.as_str()) || !self.locals.contains_key(name.id.as_str()) {
            return None;
        }
        let mut stores = Stores { name: name.id.as_str(), count: 0, assignment: None };
        ruff_python_ast::visitor::walk_body(&mut stores, self.body);
        let assignment = stores.assignment.filter(|assignment| stores.count == 1 && assignment.range.end() <= name.range.start())?;
        Some(&assignment.value)
    }

    /// An integer known when compiling: a literal, an array's `ndim`, or `len` of a tuple.
    pub(crate) fn static_integer(&mut self, expr: &Expr) -> Result<Option<i64>, Diagnostic> {
        Ok(match expr {
            Expr::NumberLiteral(_) => match literal_constant(expr) {
                Some(Constant::Int(value)) => Some(value),
                _ => None,
            },
            Expr::Attribute(attribute) if attribute.attr.as_str() == "ndim" && !matches!(&*attribute.value, Expr::Name(base) if self.module.global(base.id.as_str()).is_some() && !self.locals.contains_key(base.id.as_str())) => {
                match self.expr_type(&attribute.value)? {
                    Type::Array(array) => Some(array.ndim as i64),
                    _ => None,
                }
            }
            Expr::Call(call) if matches!(&*call.func, Expr::Name(name) if name.id.as_str() == "len" && self.module.global("len").is_none()) && call.arguments.args.len() == 1 => {
                match self.expr_type(&call.arguments.args[0])? {
                    Type::Tuple(elements, _) => Some(elements.len() as i64),
                    _ => None,
                }
            }
            _ => None,
        })
    }

    /// A call whose result is known when compiling: `isinstance` or `hasattr`.
    pub fn call_truth(&mut self, call: &ExprCall) -> Result<Option<bool>, Diagnostic> {
        if let Some(truth) = self.isinstance_truth(call)? {
            return Ok(Some(truth));
        }
        if let Some(truth) = self.layout_truth(call)? {
            return Ok(Some(truth));
        }
        self.hasattr_truth(call)
    }

    /// `np._c_contiguous(a)`, which the prelude asks: whether `a` is a C-ordered array, by its
    /// type (a view of it may then be another dtype's, as NumPy's `.real` is).
    fn layout_truth(&mut self, call: &ExprCall) -> Result<Option<bool>, Diagnostic> {
        let (Expr::Attribute(function), [array]) = (&*call.func, &call.arguments.args[..]) else { return Ok(None) };
        let numpy = matches!(&*function.value, Expr::Name(base) if self.module.global(base.id.as_str()) == Some(&Global::Module("numpy")));
        if function.attr.as_str() != "_c_contiguous" || !numpy {
            return Ok(None);
        }
        Ok(match self.expr_type(array)? {
            Type::Unknown => None,
            Type::Array(array) => Some(array.layout == Layout::C),
            _ => Some(false),
        })
    }

    /// `hasattr(x, "name")` (`__rumba_hasattr(x.name)` by now): whether `x.name` types. An error
    /// typing `x` itself (other than a module) is the call's error.
    fn hasattr_truth(&mut self, call: &ExprCall) -> Result<Option<bool>, Diagnostic> {
        let (Expr::Name(function), [Expr::Attribute(attribute)]) = (&*call.func, &call.arguments.args[..]) else { return Ok(None) };
        if function.id.as_str() != crate::desugar::HASATTR_MARKER {
            return Ok(None);
        }
        let module_name = matches!(&*attribute.value, Expr::Name(name) if !self.assigned.contains(name.id.as_str()) && matches!(self.module.global(name.id.as_str()), Some(Global::Module(_))));
        if !module_name && self.expr_type(&attribute.value)? == Type::Unknown {
            return Ok(None);
        }
        let attribute = &call.arguments.args[0];
        Ok(match self.expr_type(attribute) {
            Ok(Type::Unknown) => None,
            Ok(_) => Some(true),
            Err(_) => Some(false),
        })
    }

    /// `isinstance(x, classes)` decided by `x`'s type: `int` (which bools and every integer type
    /// are, as NumPy's integers count for Numba), `float`, `complex`, `bool`, `tuple`,
    /// `np.ndarray`, NumPy's scalar types (`np.float64`, `np.integer`, as `numpy_instance`
    /// decides), or a tuple of these. `None` for any other call.
    pub fn isinstance_truth(&mut self, call: &ExprCall) -> Result<Option<bool>, Diagnostic> {
        let module = self.module;
        let Expr::Name(function) = &*call.func else { return Ok(None) };
        if function.id.as_str() != "isinstance" || module.global("isinstance").is_some() || self.locals.contains_key("isinstance") {
            return Ok(None);
        }
        let [value, classes] = &call.arguments.args[..] else {
            return Err(module.typing(call, "isinstance expected 2 arguments"));
        };
        let value_type = self.expr_type(value)?;
        if value_type == Type::Unknown {
            return Ok(None);
        }
        let class_names: Vec<&Expr> = match classes {
            Expr::Tuple(tuple) => tuple.elts.iter().collect(),
            single => vec![single],
        };
        let mut matches = false;
        for class in class_names {
            let numpy_member = match class {
                Expr::Attribute(attribute) if matches!(&*attribute.value, Expr::Name(base) if module.global(base.id.as_str()) == Some(&Global::Module("numpy"))) => Some(attribute.attr.as_str()),
                Expr::Name(name) => match module.global(name.id.as_str()) {
                    Some(Global::ModuleMember("numpy", member)) => Some(member.as_str()),
                    _ => None,
                },
                _ => None,
            };
            if let Some(member) = numpy_member {
                matches = matches || numpy_instance(member, &value_type).ok_or_else(|| module.unsupported(class, ISINSTANCE_CLASSES))?;
                continue;
            }
            if let Expr::Name(name) = class {
                if let Some(Global::Class(jitclass)) = module.global(name.id.as_str()) {
                    matches = matches || value_type == Type::Instance(jitclass.clone());
                    continue;
                }
            }
            let name = match class {
                Expr::Name(name) if module.global(name.id.as_str()).is_none() => name.id.as_str(),
                other => return Err(module.unsupported(other, ISINSTANCE_CLASSES)),
            };
            matches = matches
                || match (name, &value_type) {
                    ("int", Type::Scalar(Scalar::Int { .. } | Scalar::Bool)) | ("bool", Type::Scalar(Scalar::Bool)) => true,
                    ("float", Type::Scalar(Scalar::Float { .. })) | ("complex", Type::Scalar(Scalar::Complex { .. })) => true,
                    ("list", Type::Tuple(_, Some(class))) if class.kind == TupleKind::LiteralList => true,
                    ("dict", Type::Tuple(_, Some(class))) if class.kind == TupleKind::LiteralDict => true,
                    ("tuple", Type::Tuple(_, class)) => class.as_ref().is_none_or(|class| class.kind == TupleKind::NamedTuple),
                    ("str", value_type) if value_type.is_string() => true,
                    ("list", Type::List(_)) | ("dict", Type::Dict(..)) | ("set", Type::Set(_)) => true,
                    ("int" | "bool" | "float" | "complex" | "tuple" | "str" | "list" | "dict" | "set", _) => false,
                    _ => return Err(module.unsupported(class, ISINSTANCE_CLASSES)),
                };
        }
        Ok(Some(matches))
    }

    /// The clauses of an `if` statement that may run, each with its condition (none for the
    /// `else`): a clause whose condition is statically false is dropped, and one statically true
    /// becomes the last, unconditional one (see `static_truth`).
    pub fn live_clauses<'c>(&mut self, if_statement: &'c ruff_python_ast::StmtIf) -> Result<Vec<(Option<&'c Expr>, &'c [Stmt])>, Diagnostic> {
        let clauses = std::iter::once((Some(&*if_statement.test), &if_statement.body[..]))
            .chain(if_statement.elif_else_clauses.iter().map(|clause| (clause.test.as_ref(), &clause.body[..])));
        let mut live = Vec::new();
        let mut decided = false;
        for (test, body) in clauses {
            if decided {
                self.type_lists_appended_in(body);
                continue;
            }
            match test.map(|test| self.static_truth(test)).transpose()?.flatten() {
                Some(false) => self.type_lists_appended_in(body),
                Some(true) => {
                    live.push((None, body));
                    decided = true;
                }
                None => live.push((test, body)),
            }
        }
        Ok(live)
    }

    /// `body` with each `if` that `static_truth` decides replaced by the statements of the clause
    /// that runs (none if no clause does), without the loops that never iterate, and without what
    /// follows a `return` or `raise` spliced in that way, which cannot run. Borrowed when nothing
    /// is decided.
    pub fn pruned_block<'c>(&mut self, body: &'c [Stmt]) -> Result<Cow<'c, [Stmt]>, Diagnostic> {
        if let Some((position, item, length)) = self.heterogeneous_item(body) {
            let (unrolled, names) = crate::unroll::unroll(body, position, item, length, self.body);
            self.assigned.extend(names.iter().cloned());
            if let Some(settled) = self.settled.as_deref_mut() {
                settled.assigned.extend(names);
                settled.shares_ranges = true;
                settled.expressions.clear();
            }
            return Ok(Cow::Owned(self.pruned_block(&unrolled)?.into_owned()));
        }
        let mut decided = false;
        for statement in body {
            match statement {
                Stmt::If(if_statement) => decided = decided || self.static_truth(&if_statement.test)?.is_some(),
                Stmt::For(for_loop) => decided = decided || self.never_iterates(for_loop)?,
                _ => {}
            }
        }
        if !decided {
            return Ok(Cow::Borrowed(body));
        }
        let mut pruned = Vec::with_capacity(body.len());
        for statement in body {
            match statement {
                Stmt::If(if_statement) => match &self.live_clauses(if_statement)?[..] {
                    [] => {}
                    [(None, clause)] => pruned.extend(self.pruned_block(clause)?.iter().cloned()),
                    _ => pruned.push(statement.clone()),
                },
                Stmt::For(for_loop) if self.never_iterates(for_loop)? => {}
                other => pruned.push(other.clone()),
            }
            if matches!(pruned.last(), Some(Stmt::Return(_) | Stmt::Raise(_))) {
                break;
            }
        }
        Ok(Cow::Owned(pruned))
    }

    /// Where `body` takes an item of a tuple whose items differ in type at a position known only
    /// at run time (`v = t[i]`, a loop over the tuple): the statement, the subscript, the tuple's
    /// length. The rest of the block is then unrolled (`unroll.rs`).
    fn heterogeneous_item(&mut self, body: &[Stmt]) -> Option<(usize, ruff_text_size::TextRange, usize)> {
        body.iter().enumerate().find_map(|(position, statement)| {
            crate::unroll::runtime_items(statement).into_iter().find_map(|subscript| match self.expr_type(&subscript.value).ok()? {
                Type::Tuple(elements, _) if !elements.is_empty() && uniform_element(&elements).is_none() => Some((position, subscript.range, elements.len())),
                _ => None,
            })
        })
    }

    /// Whether a loop runs no iteration whatever the arguments: one over an empty tuple (`for v
    /// in args` with no `*args` given, rewritten to `range(len(args))`), whose items have no type.
    fn never_iterates(&mut self, for_loop: &ruff_python_ast::StmtFor) -> Result<bool, Diagnostic> {
        let Expr::Call(range) = &*for_loop.iter else { return Ok(false) };
        let ([Expr::Call(length)], true) = (&range.arguments.args[..], range.arguments.keywords.is_empty()) else { return Ok(false) };
        if !matches!(&*range.func, Expr::Name(name) if name.id.as_str() == "range") || !matches!(&*length.func, Expr::Name(name) if name.id.as_str() == "len") {
            return Ok(false);
        }
        match &length.arguments.args[..] {
            [sequence] => Ok(matches!(self.expr_type(sequence)?, Type::Tuple(elements, _) if elements.is_empty())),
            _ => Ok(false),
        }
    }

    pub(crate) fn condition_type(&mut self, test: &Expr) -> Result<(), Diagnostic> {
        if let Expr::BoolOp(boolean) = test {
            if self.is_truth_chain(boolean)? {
                return boolean.values.iter().try_for_each(|value| self.condition_type(value));
            }
        }
        match self.expr_type(test)? {
            Type::Scalar(_) | Type::List(_) | Type::Dict(..) | Type::Set(_) | Type::Unicode | Type::Str(_) | Type::Unknown => Ok(()),
            // A plain tuple is true where it has items, which its type says.
            Type::Tuple(_, None) => Ok(()),
            // An array's truth is its one element's (NumPy's ValueError otherwise): the prelude's.
            Type::Array(array) if !array.dtype.is_complex() => {
                let truth = self.module.prelude_function(ARRAY_TRUTH).expect("the prelude defines the truth of arrays");
                self.specialisations.specialise(&truth, &[Type::Array(array)], test).map(|_| ())
            }
            other => Err(self.module.typing(test, format!("the truth value of {other} is not supported"))),
        }
    }

    /// Whether the condition `a and b` / `a or b` has an operand that is not a number (`if stack
    /// and stack[-1] == i:`): only the operands' truth matters there, as in Numba, where such an
    /// operation gives no value.
    pub(crate) fn is_truth_chain(&mut self, boolean: &ruff_python_ast::ExprBoolOp) -> Result<bool, Diagnostic> {
        for value in &boolean.values {
            let chained = matches!(value, Expr::BoolOp(inner) if self.is_truth_chain(inner)?);
            if chained || !matches!(self.expr_type_optional(value)?, Type::Scalar(_) | Type::Optional(_) | Type::Unknown) {
                return Ok(true);
            }
        }
        Ok(false)
    }

    /// The type of an expression; `Unknown` where it depends on a type not inferred yet. An
    /// optional number is its number: where a number is needed, None raises TypeError.
    pub fn expr_type(&mut self, expr: &Expr) -> Result<Type, Diagnostic> {
        Ok(self.expr_type_optional(expr)?.unwrapped())
    }

    /// The type of an expression with an optional number kept as one: what assignments, returns,
    /// `is None`, tuples, conditions and calls of the module's functions take.
    pub fn expr_type_optional(&mut self, expr: &Expr) -> Result<Type, Diagnostic> {
        let remembered = self.settled.as_deref_mut().filter(|settled| !settled.shares_ranges);
        if let Some(known) = remembered.as_ref().and_then(|settled| settled.expressions.get(&expr.range())) {
            return Ok(known.clone());
        }
        let found = self.infer_expr_type(expr)?;
        if let Some(settled) = self.settled.as_deref_mut().filter(|settled| !settled.shares_ranges) {
            settled.expressions.insert(expr.range(), found.clone());
        }
        Ok(found)
    }

    fn infer_expr_type(&mut self, expr: &Expr) -> Result<Type, Diagnostic> {
        let module = self.module;
        // A binary operation's operands are typed once, below.
        if !matches!(expr, Expr::BinOp(_)) {
            if let Some(form) = self.string_form(expr)? {
                return self.string_form_type(&form);
            }
        }
        Ok(match expr {
            Expr::NumberLiteral(_) | Expr::BooleanLiteral(_) => match literal_constant(expr) {
                Some(Constant::Int(_)) => Type::Scalar(INT64),
                Some(Constant::Float(_)) => Type::Scalar(FLOAT64),
                Some(Constant::Bool(_)) => Type::Scalar(Scalar::Bool),
                Some(Constant::Complex(..)) => Type::Scalar(COMPLEX128),
                None if crate::resolve::unsigned_literal(expr).is_some() => Type::Scalar(Scalar::Int { bits: 64, signed: false }),
                None => return Err(module.unsupported(expr, "this number literal is not supported (beyond 64 bits)")),
            },
            Expr::NoneLiteral(_) => Type::None,
            Expr::Name(name) => self.name_type(name.id.as_str(), expr)?,
            Expr::Tuple(tuple) => {
                Type::tuple(tuple.elts.iter().map(|element| self.expr_type_optional(element)).collect::<Result<_, _>>()?)
            }
            Expr::BinOp(binary) => {
                let left = self.operand_type(&binary.left)?;
                let right = self.operand_type(&binary.right)?;
                if let Some(operator) = self.instance_binary(binary.op, (&left, &right), false, expr)? {
                    return self.instance_operator_type(&operator, vec![left, right], expr);
                }
                if let Some(form) = self.binary_string_form(expr, (&left, &right))? {
                    return self.string_form_type(&form);
                }
                if let Some(result) = self.numpy_scalar_binary(binary.op, (&binary.left, &left), (&binary.right, &right), expr)? {
                    return Ok(Type::Scalar(result));
                }
                let operands = self.numpy_scalars_as_arrays(&[&binary.left, &binary.right], vec![left, right])?;
                self.binary_type(binary.op, &operands[0], &operands[1], &binary.right, expr)?
            }
            Expr::UnaryOp(unary) => {
                if let (UnaryOp::Not, Expr::BoolOp(chain)) = (unary.op, &*unary.operand) {
                    if self.is_truth_chain(chain)? {
                        self.condition_type(&unary.operand)?;
                        return Ok(Type::Scalar(Scalar::Bool));
                    }
                }
                let operand = self.operand_type(&unary.operand)?;
                match (unary.op, operand) {
                    (_, Type::Unknown) => Type::Unknown,
                    (op, Type::Instance(class)) => {
                        let operator = self.instance_unary(op, &class, expr)?;
                        return self.instance_operator_type(&operator, vec![Type::Instance(class)], expr);
                    }
                    (UnaryOp::Not, Type::Array(_)) => {
                        return Err(module.typing(expr, "the truth value of an array is ambiguous; use np.logical_not"))
                    }
                    (op, array @ Type::Array(_)) => Type::Array(elementwise_type(module, ElementwiseOp::Unary(op), &[array], expr)?),
                    (UnaryOp::Not, Type::Scalar(_) | Type::List(_) | Type::Dict(..) | Type::Set(_) | Type::Unicode | Type::Str(_) | Type::Tuple(_, None)) => Type::Scalar(Scalar::Bool),
                    (UnaryOp::USub | UnaryOp::UAdd, Type::Scalar(scalar)) => Type::Scalar(scalar.widened()),
                    // NumPy's `~` on its own booleans is logical not; Python's on `True` is -2.
                    (UnaryOp::Invert, Type::Scalar(Scalar::Bool)) if self.may_hold_numpy_bool(&unary.operand, 0)? => Type::Scalar(Scalar::Bool),
                    (UnaryOp::Invert, Type::Scalar(scalar)) if !scalar.is_float() && !scalar.is_complex() => Type::Scalar(scalar.inverted()),
                    (op, other) => return Err(module.typing(expr, format!("bad operand type for unary {}: {other}", op.as_str()))),
                }
            }
            Expr::Compare(compare) if compare.ops.len() == 1 && self.is_array_compare(compare)? => {
                let left = self.operand_type(&compare.left)?;
                let right = self.operand_type(&compare.comparators[0])?;
                Type::Array(elementwise_type(module, ElementwiseOp::Compare(compare.ops[0]), &[left, right], expr)?)
            }
            Expr::Compare(_) if self.static_truth(expr)?.is_some() => Type::Scalar(Scalar::Bool),
            Expr::Compare(compare) if self.optional_against_none(compare)? => Type::Scalar(Scalar::Bool),
            // An operand's type is not known yet (recursion): decided in a later round.
            Expr::Compare(compare) if compare.ops.iter().any(|op| matches!(op, CmpOp::Is | CmpOp::IsNot)) => {
                let operands = [self.expr_type_optional(&compare.left)?, self.expr_type_optional(&compare.comparators[0])?];
                if operands.contains(&Type::Unknown) { Type::Unknown } else { Type::Scalar(Scalar::Bool) }
            }
            Expr::Compare(compare) if compare.ops.len() == 1 && self.instance_comparison(compare)?.is_some() => {
                let operator = self.instance_comparison(compare)?.expect("checked by the guard");
                let operands = vec![self.expr_type(&compare.left)?, self.expr_type(&compare.comparators[0])?];
                self.instance_operator_type(&operator, operands, expr)?
            }
            Expr::Compare(compare) if compare.ops.len() == 1 && matches!(compare.ops[0], CmpOp::Eq | CmpOp::NotEq) && matches!(self.expr_type(&compare.left)?, Type::List(_)) => {
                let left = self.expr_type(&compare.left)?;
                let right = self.expr_type(&compare.comparators[0])?;
                self.list_equal_type(&left, &right, expr)?
            }
            Expr::Compare(compare) if compare.ops.len() == 1 && matches!(compare.ops[0], CmpOp::Lt | CmpOp::LtE | CmpOp::Gt | CmpOp::GtE) && matches!(self.expr_type(&compare.left)?, Type::List(_)) => {
                let left = self.expr_type(&compare.left)?;
                let right = self.expr_type(&compare.comparators[0])?;
                self.list_order_type(&left, &right, compare.ops[0], expr)?
            }
            Expr::Compare(compare) if compare.ops.len() == 1 && matches!(compare.ops[0], CmpOp::In | CmpOp::NotIn) => {
                let value = self.expr_type(&compare.left)?;
                match self.expr_type(&compare.comparators[0])? {
                    Type::Unknown => Type::Unknown,
                    items @ Type::List(_) => self.list_contains_type(&items, &value, expr)?,
                    Type::Dict(key, _) | Type::Set(key) => self.dict_contains_type(&key, &value, &compare.left)?,
                    Type::Tuple(_, Some(class)) if class.kind == TupleKind::LiteralDict => {
                        self.literal_key(&class, &compare.left)?;
                        Type::Scalar(Scalar::Bool)
                    }
                    // Compared with each item in turn; an item of another kind is not equal.
                    Type::Tuple(..) => Type::Scalar(Scalar::Bool),
                    // Whether any element equals the number: the prelude's.
                    Type::Array(array) if matches!(value, Type::Scalar(_)) => {
                        let contains = module.prelude_function(ARRAY_CONTAINS).expect("the prelude defines the membership of arrays");
                        self.specialisations.specialise(&contains, &[Type::Array(array), value], expr)?;
                        Type::Scalar(Scalar::Bool)
                    }
                    other => return Err(module.unsupported(expr, format!("'{}' on {other} is not supported (only on lists, dicts, sets, tuples and arrays of numbers)", compare.ops[0].as_str()))),
                }
            }
            Expr::Compare(compare) => {
                let mut left = self.operand_type(&compare.left)?;
                for (op, comparator) in compare.ops.iter().zip(&compare.comparators) {
                    if !matches!(op, CmpOp::Lt | CmpOp::LtE | CmpOp::Gt | CmpOp::GtE | CmpOp::Eq | CmpOp::NotEq) {
                        return Err(module.unsupported(expr, format!("the '{}' comparison is not supported", op.as_str())));
                    }
                    let right = self.operand_type(comparator)?;
                    let complex_operand = [&left, &right].iter().any(|operand| matches!(operand, Type::Scalar(Scalar::Complex { .. })));
                    if complex_operand && !matches!(op, CmpOp::Eq | CmpOp::NotEq) {
                        return Err(module.typing(expr, format!("'{}' is not supported between complex numbers", op.as_str())));
                    }
                    let comparable = |value: &Type| matches!(value, Type::Scalar(_) | Type::Unknown | Type::Str(_) | Type::Unicode);
                    let tuples_compared = match (&left, &right) {
                        (Type::Tuple(a, _), Type::Tuple(b, _)) if matches!(op, CmpOp::Eq | CmpOp::NotEq) => a.iter().chain(b).all(comparable),
                        (Type::Tuple(..), Type::Tuple(..)) => orderable(&left, &right),
                        _ => false,
                    };
                    if !(comparable(&left) && comparable(&right)) && !tuples_compared {
                        return Err(module.typing(expr, format!("cannot compare {left} with {right}")));
                    }
                    left = right;
                }
                Type::Scalar(Scalar::Bool)
            }
            Expr::BoolOp(boolean) => {
                let mut result = Type::Unknown;
                for value in &boolean.values {
                    let value_type = self.expr_type_optional(value)?;
                    if !matches!(value_type, Type::Scalar(_) | Type::Optional(_) | Type::Unknown) {
                        return Err(module.typing(value, format!("'{}' works on scalars, got {value_type}", boolean.op.as_str())));
                    }
                    result = unify(&result, &value_type).ok_or_else(|| module.typing(expr, "operands do not unify"))?;
                }
                result
            }
            Expr::If(conditional) => {
                match self.static_truth(&conditional.test)? {
                    Some(true) => return self.expr_type_optional(&conditional.body),
                    Some(false) => return self.expr_type_optional(&conditional.orelse),
                    None => {}
                }
                self.condition_type(&conditional.test)?;
                let body = self.expr_type_optional(&conditional.body)?;
                let orelse = self.expr_type_optional(&conditional.orelse)?;
                unify(&body, &orelse).ok_or_else(|| module.typing(expr, format!("the branches give {body} and {orelse}")))?
            }
            Expr::Call(_) if self.static_truth(expr)?.is_some() => Type::Scalar(Scalar::Bool),
            Expr::Call(call) if ufunc_out(module, call, &|name| self.locals.contains_key(name) || self.assigned.contains(name)).is_some() => {
                let (target, computed) = ufunc_out(module, call, &|name| self.locals.contains_key(name) || self.assigned.contains(name)).expect("checked by the guard");
                let computed_type = self.expr_type(&Expr::Call(computed))?;
                match self.expr_type(&target)? {
                    // `out=None`: a new result, as without it.
                    Type::None => computed_type,
                    Type::Array(array) if array.readonly => return Err(module.typing(&target, "out= is a read-only array")),
                    found @ (Type::Array(_) | Type::Unknown) => found,
                    other => return Err(module.typing(&target, format!("out= takes an array, got {other}"))),
                }
            }
            Expr::Call(call) => self.call_type(call)?,
            Expr::Attribute(attribute) => self.attribute_type(attribute)?,
            Expr::Subscript(subscript) => self.subscript_type(subscript)?,
            Expr::StringLiteral(literal) => Type::Str(literal.value.to_str().to_string()),
            Expr::BytesLiteral(_) => return Err(module.unsupported(expr, "bytes are not supported in compiled code")),
            Expr::List(list) => self.list_display_type(list)?,
            Expr::ListComp(_) => return Err(module.unsupported(expr, "a list comprehension is supported in an assignment, an expression statement, a return or a loop's iterable, not inside other statements")),
            Expr::Dict(dict) => self.dict_display_type(dict)?,
            Expr::DictComp(_) => return Err(module.unsupported(expr, "a dict comprehension is supported in an assignment, an expression statement, a return or a loop's iterable, not inside other statements")),
            Expr::Set(set) => self.set_display_type(&set.elts)?,
            Expr::SetComp(_) => return Err(module.unsupported(expr, "a set comprehension is supported in an assignment, an expression statement, a return or a loop's iterable, not inside other statements")),
            Expr::Lambda(_) => return Err(module.unsupported(expr, "a lambda is supported in compiled code only when it is assigned to a name that is only called (f = lambda x: ...; f(y))")),
            Expr::Generator(_) => return Err(module.unsupported(expr, "generator expressions are not supported")),
            Expr::Yield(yielded) => {
                let value = match &yielded.value {
                    Some(value) => self.expr_type(value)?.runtime(),
                    None => Type::None,
                };
                if !(value.is_list_element() || value == Type::None || value == Type::Unknown) {
                    return Err(module.unsupported(expr, format!("a generator yields numbers, arrays, strings, tuples of these or containers, not {value}")));
                }
                self.yield_type = unify(&self.yield_type, &value).ok_or_else(|| module.typing(expr, format!("this yields {value} but another yield gives {}", self.yield_type)))?;
                Type::None
            }
            Expr::YieldFrom(_) | Expr::Await(_) => return Err(module.unsupported(expr, "'yield from' and coroutines are not supported")),
            Expr::Slice(_) => return Err(module.unsupported(expr, "array slicing is not supported yet")),
            Expr::Starred(_) => return Err(module.unsupported(expr, "star-expressions are not supported")),
            Expr::Named(_) => return Err(module.unsupported(expr, "assignment expressions (:=) are not supported")),
            _ => return Err(module.unsupported(expr, "unsupported expression")),
        })
    }

    fn name_type(&mut self, name: &str, expr: &Expr) -> Result<Type, Diagnostic> {
        if let Some(local) = self.locals.get(name) {
            return Ok(local.clone());
        }
        if self.assigned.contains(name) {
            return Ok(Type::Unknown);
        }
        let module = self.module;
        match module.global(name) {
            Some(constant @ (Global::Constant(_) | Global::Scalar(..) | Global::Known(_) | Global::Tuple(..))) => Ok(constant_type(constant)),
            Some(Global::Array(array)) => Ok(Type::Array(ArrayType { dtype: array.dtype, ndim: array.shape.len(), layout: Layout::C, readonly: true })),
            Some(Global::ModuleMember("math" | "numpy", member)) if math_constant(member).is_some() => Ok(Type::Scalar(FLOAT64)),
            Some(Global::ModuleMember("numpy" | "types" | "rumba", member)) if Scalar::from_name(member).is_some() => Ok(Type::DType(Scalar::from_name(member).expect("checked by the guard"))),
            Some(Global::Refused(reason)) => Err(module.unsupported(expr, format!("'{name}' {reason}"))),
            Some(Global::Function(_)) => Ok(Type::Function(name.to_string())),
            Some(Global::TypeValue(named)) => Err(module.unsupported(expr, format!("'{name}' is the type {named}, which compiled code takes only where a type is expected (typed.Dict.empty, typed.List.empty_list)"))),
            Some(_) => Err(module.unsupported(expr, format!("'{name}' cannot be used as a value here"))),
            // Python's number types as dtypes, as NumPy reads them.
            None if matches!(name, "int" | "float" | "bool") => Ok(Type::DType(Scalar::from_name(name).expect("NumPy names Python's number types"))),
            None if is_python_builtin(name) => Err(module.unsupported(expr, format!("unsupported use of built-in '{name}'"))),
            None => Err(module.typing(expr, format!("name '{name}' is not defined"))),
        }
    }

    /// Result type of `left op right`.
    pub fn binary_type(&mut self, op: Operator, left: &Type, right: &Type, right_expr: &Expr, expr: &dyn Ranged) -> Result<Type, Diagnostic> {
        match (left, right) {
            (Type::Tuple(left, _), Type::Tuple(right, _)) if op == Operator::Add => Ok(Type::tuple(left.iter().chain(right).cloned().collect())),
            (Type::Tuple(elements, _), Type::Scalar(Scalar::Int { .. } | Scalar::Bool)) if op == Operator::Mult => {
                let times = self.tuple_repeats(right_expr)?;
                Ok(Type::tuple((0..times).flat_map(|_| elements.iter().cloned()).collect()))
            }
            (Type::Unknown, _) | (_, Type::Unknown) => Ok(Type::Unknown),
            (Type::Scalar(left), Type::Scalar(right)) => binary_result(self.module, op, *left, *right, right_expr, expr).map(Type::Scalar),
            (Type::Array(left), Type::Array(right)) if op == Operator::MatMult && crate::array_calls::stacked_product(self.module, expr, *left, *right)? => {
                let index = self.specialisations.specialise(crate::array_calls::STACKED_PRODUCT, &[Type::Array(*left), Type::Array(*right)], expr)?;
                Ok(self.specialisations.functions[index].return_type.clone())
            }
            (Type::Array(left), Type::Array(right)) if op == Operator::MatMult => crate::array_calls::dot_type(self.module, expr, *left, *right),
            (Type::Array(_), Type::Array(_) | Type::Scalar(_)) | (Type::Scalar(_), Type::Array(_)) => {
                elementwise_type(self.module, ElementwiseOp::Binary(op), &[left.clone(), right.clone()], expr).map(Type::Array)
            }
            (Type::List(left_element), Type::List(right_element)) if op == Operator::Add => match (unify(left, right), &**left_element, &**right_element) {
                (Some(joined), ..) => Ok(joined),
                // Numbers of two types join as Numba joins them, into a new list.
                (None, Type::Scalar(_), Type::Scalar(_)) => {
                    let index = self.specialisations.specialise(LIST_CONCAT, &[left.clone(), right.clone()], expr)?;
                    Ok(self.specialisations.functions[index].return_type.clone())
                }
                (None, ..) => Err(self.module.typing(expr, format!("cannot concatenate {left} and {right}: their elements differ"))),
            },
            (Type::List(_), Type::Scalar(Scalar::Int { .. } | Scalar::Bool)) if op == Operator::Mult => Ok(left.clone()),
            (Type::Scalar(Scalar::Int { .. } | Scalar::Bool), Type::List(_)) if op == Operator::Mult => Ok(right.clone()),
            (Type::Set(_), Type::Set(_)) if matches!(op, Operator::BitOr | Operator::BitAnd | Operator::Sub | Operator::BitXor) => {
                unify(left, right).ok_or_else(|| self.module.typing(expr, format!("sets {left} and {right} do not combine: their elements differ")))
            }
            _ => Err(self.module.error(
                expr.range(),
                DiagnosticKind::Typing,
                format!("unsupported operand types for {}: {left} and {right}", op.as_str()),
            )),
        }
    }

    /// What a call of specialisation `index` gives: its result. A generator's generator exists
    /// only where Python calls it (`runtime/src/generators.rs`).
    pub(crate) fn called_result(&self, index: usize, call: &dyn Ranged) -> Result<Type, Diagnostic> {
        let callee = &self.specialisations.functions[index];
        if callee.yields.is_some() {
            return Err(self.module.unsupported(call, format!("'{}' is a generator: compiled code runs one as the iterable of a `for` loop (or of `list`, `sum`, `min`, `max`, `sorted`), called with its parameters' number of positional arguments, when the generator returns no value", callee.name)));
        }
        Ok(callee.return_type.clone())
    }

    /// How many times `tuple * times` repeats a tuple: an integer known when compiling (a tuple's
    /// length is part of its type), none below zero.
    pub(crate) fn tuple_repeats(&mut self, times: &Expr) -> Result<usize, Diagnostic> {
        match self.static_integer(times)? {
            Some(times) => Ok(times.max(0) as usize),
            None => Err(self.module.unsupported(times, "a tuple is repeated a number of times known when compiling (an integer literal)")),
        }
    }

    fn is_array_compare(&mut self, compare: &ruff_python_ast::ExprCompare) -> Result<bool, Diagnostic> {
        if matches!(compare.ops[0], CmpOp::Is | CmpOp::IsNot | CmpOp::In | CmpOp::NotIn) {
            return Ok(false);
        }
        Ok(matches!(self.operand_type(&compare.left)?, Type::Array(_)) || matches!(self.operand_type(&compare.comparators[0])?, Type::Array(_)))
    }

    /// The type of an operand of an operator or of an elementwise function: a 0-d array is read
    /// as its one element, as NumPy gives a scalar for an operation on 0-d arrays.
    pub fn operand_type(&mut self, expr: &Expr) -> Result<Type, Diagnostic> {
        Ok(match self.expr_type(expr)? {
            Type::Array(ArrayType { dtype, ndim: 0, .. }) => Type::Scalar(dtype),
            other => other,
        })
    }

    /// The type of an array call (`a.sum(axis=0)`, `np.arange(n)`, `a.copy()`, ...), or `None` for
    /// other calls.
    fn array_call_type(&mut self, call: &ExprCall) -> Result<Option<Type>, Diagnostic> {
        if self.list_receiver(call)?.is_some()
            || self.dict_receiver(call)?.is_some()
            || self.set_receiver(call)?.is_some()
            || self.typed_empty_container_type(call)?.is_some()
            || self.instance_method(call)?.is_some()
            || self.literal_container_method(call)?.is_some()
        {
            return Ok(None);
        }
        let assigned = self.assigned.clone();
        let Some(array_call) = array_call(self.module, call, &|name| assigned.contains(name))? else { return Ok(None) };
        array_call_type(self.module, call, &array_call, &mut |expr| self.expr_type(expr)).map(Some)
    }

    pub fn callee<'e>(&self, call: &'e ExprCall) -> Result<Callee<'e>, Diagnostic> {
        if let Expr::Name(name) = &*call.func {
            match self.locals.get(name.id.as_str()) {
                Some(Type::Function(global)) => return Ok(function_value_callee(self.module, global)),
                Some(Type::DType(scalar)) => return dtype_callee(self.module, *scalar, call),
                _ => {}
            }
        }
        resolve_callee(self.module, call, &|name| self.assigned.contains(name))
    }

    fn call_type(&mut self, call: &ExprCall) -> Result<Type, Diagnostic> {
        let module = self.module;
        if matches!(&*call.func, Expr::Name(name) if name.id.as_str() == crate::desugar::TRY_MARKER) {
            // The test of an `if` made from a `try`, which emission does not evaluate.
            return Ok(Type::Scalar(Scalar::Bool));
        }
        if matches!(&*call.func, Expr::Name(name) if name.id.as_str() == crate::desugar::HASATTR_MARKER) {
            return Ok(match self.hasattr_truth(call)? {
                Some(_) => Type::Scalar(Scalar::Bool),
                None => Type::Unknown,
            });
        }
        if let Some(starred) = call.arguments.args.iter().find(|argument| matches!(argument, Expr::Starred(_))) {
            return Err(module.unsupported(starred, "star-arguments are not supported"));
        }
        if let Some(method) = self.instance_method(call)? {
            return self.callee_call_type(call, method);
        }
        if let Some(replace) = self.namedtuple_replace(call)? {
            let Type::Tuple(mut elements, class) = self.expr_type(replace.receiver)? else { unreachable!("a namedtuple is a tuple") };
            for (position, value) in replace.replaced {
                elements[position] = self.expr_type(value)?;
            }
            return Ok(Type::Tuple(elements, class));
        }
        if let Some((receiver, read)) = self.literal_container_method(call)? {
            let container = self.expr_type(receiver)?;
            return self.literal_read_type(container, read, call);
        }
        if let Some(name) = crate::cuda::intrinsic_name(module, call, &|name| self.assigned.contains(name)) {
            return crate::cuda::intrinsic_type(module, call, &name, &mut |expr| self.expr_type(expr));
        }
        if let Some(list_call) = self.list_method_type(call)? {
            return Ok(list_call);
        }
        if let Some(dict_call) = self.dict_method_type(call)? {
            return Ok(dict_call);
        }
        if let Some(set_call) = self.set_method_type(call)? {
            return Ok(set_call);
        }
        if let Some(container) = self.typed_empty_container_type(call)? {
            return Ok(container);
        }
        if let Some((helper, arrays, _)) = self.list_join(call)? {
            let arguments = [self.expr_type(arrays)?, Type::Scalar(INT64)];
            let index = self.specialisations.specialise(&helper, &arguments, call)?;
            return Ok(self.specialisations.functions[index].return_type.clone());
        }
        if let Some(array_call) = self.array_call_type(call)? {
            return Ok(array_call);
        }
        if let Some(scalar) = self.called_dtype(call)? {
            return self.callee_call_type(call, dtype_callee(module, scalar, call)?);
        }
        let callee = self.callee(call)?;
        if let Callee::Builtin("print") = callee {
            crate::text::print_pieces(self, call)?;
            return Ok(Type::None);
        }
        if let Some(dunder) = self.instance_dunder(&callee, call)? {
            return self.callee_call_type(call, dunder);
        }
        if let (Callee::Builtin("set"), true) = (&callee, call.arguments.is_empty()) {
            return Ok(Type::Set(Box::new(Type::Unknown)));
        }
        if let Callee::Builtin("slice") = callee {
            return Err(module.unsupported(call, "a slice is a value only where it indexes (a[s], m[:, s]) or gives its start, stop and step; store it in a variable first"));
        }
        if let Callee::Builtin(name) = callee {
            if !matches!(name, "abs" | "min" | "max" | "int" | "float" | "bool" | "len" | "complex" | "hash" | "type") {
                return Err(module.unsupported(call, format!("unsupported built-in '{name}'")));
            }
        }
        self.callee_call_type(call, callee)
    }

    /// The array a `@vectorize` kernel called on arrays gives (`ppv(c, bias)`, as a ufunc): its
    /// arguments broadcast, and each element is the kernel's result on the arguments' elements
    /// (converted to the declared signature the elements fit, for an eager ufunc).
    pub(crate) fn vectorized_call_type(&mut self, name: &str, arguments: &[Type], call: &ExprCall) -> Result<ArrayType, Diagnostic> {
        let module = self.module;
        let mut elements = Vec::with_capacity(arguments.len());
        let mut ndim = 0;
        for (argument, expr) in arguments.iter().zip(&call.arguments.args) {
            elements.push(match argument {
                Type::Scalar(scalar) => Type::Scalar(*scalar),
                Type::Array(array) => {
                    ndim = ndim.max(array.ndim);
                    Type::Scalar(array.dtype)
                }
                other => return Err(module.typing(expr, format!("a vectorized function takes arrays and numbers, got {other}"))),
            });
        }
        if !call.arguments.keywords.is_empty() || call.arguments.args.len() != arguments.len() {
            return Err(module.unsupported(call, "a vectorized function called on arrays takes its arguments by position only"));
        }
        let declared = declared_call(module, name, &elements, call)?;
        let kernel_arguments = declared.as_ref().map_or(elements, |declared| declared.arguments.clone());
        let index = self.specialisations.specialise(name, &kernel_arguments, call)?;
        let result = match (declared.and_then(|declared| declared.result), self.called_result(index, call)?) {
            (Some(result), _) | (None, Type::Scalar(result)) => result,
            (None, Type::Unknown) => FLOAT64,
            (None, other) => return Err(module.typing(call, format!("a vectorized function returns numbers, but this one returns {other}"))),
        };
        Ok(ArrayType::new(result, ndim, Layout::C))
    }

    /// The number type a call converts to where its callee is a type computed when compiling
    /// (`type(x)(v)`, `a.dtype.type` aside): `None` for other calls.
    pub(crate) fn called_dtype(&mut self, call: &ExprCall) -> Result<Option<Scalar>, Diagnostic> {
        if !matches!(&*call.func, Expr::Call(_)) {
            return Ok(None);
        }
        Ok(match self.expr_type(&call.func)? {
            Type::DType(scalar) => Some(scalar),
            _ => None,
        })
    }

    /// What `call` of a method of a `@jitclass` instance calls: a method (which takes the
    /// instance first) or a static method (which does not); an error where the class has no
    /// such method. `None` for other calls.
    pub(crate) fn instance_method<'e>(&mut self, call: &ExprCall) -> Result<Option<Callee<'e>>, Diagnostic> {
        let Expr::Attribute(method) = &*call.func else { return Ok(None) };
        // A global (a module, a class) and its attributes are no instance.
        let mut root = &*method.value;
        while let Expr::Attribute(ExprAttribute { value, .. }) | Expr::Subscript(ruff_python_ast::ExprSubscript { value, .. }) = root {
            root = value;
        }
        if matches!(root, Expr::Name(base) if !self.assigned.contains(base.id.as_str())) {
            return Ok(None);
        }
        let Type::Instance(class) = self.expr_type(&method.value)? else { return Ok(None) };
        let (name, module) = (method.attr.as_str(), self.module);
        match (module.class_member(&class, name, MemberKind::Method), module.class_member(&class, name, MemberKind::Static)) {
            (Some(compiled), _) => Ok(Some(Callee::Method(compiled.to_string()))),
            (None, Some(compiled)) => Ok(Some(Callee::Function(compiled.to_string()))),
            (None, None) => Err(module.typing(&*call.func, format!("jitclass {} has no method '{name}'", class.short_name()))),
        }
    }

    /// `len(x)`, `abs(x)`, `float(x)`, `int(x)`, `bool(x)`, `hash(x)` and `str(x)` of a `@jitclass` instance: its
    /// `__len__`, `__abs__`, ... called with it as the argument.
    pub(crate) fn instance_dunder<'e>(&mut self, callee: &Callee, call: &ExprCall) -> Result<Option<Callee<'e>>, Diagnostic> {
        let (Callee::Builtin(builtin), [argument]) = (callee, &call.arguments.args[..]) else { return Ok(None) };
        let method = match *builtin {
            "len" => "__len__",
            "abs" => "__abs__",
            "float" => "__float__",
            "int" => "__int__",
            "bool" => "__bool__",
            "hash" => "__hash__",
            "str" => "__str__",
            _ => return Ok(None),
        };
        let Type::Instance(class) = self.expr_type(argument)? else { return Ok(None) };
        Ok(Some(Callee::Function(class_dunder(self.module, &class, method, call)?.to_string())))
    }

    /// `point._replace(field=value, ...)` of a namedtuple: the receiver, its class and each
    /// replaced field's position and value; `None` for other calls.
    pub(crate) fn namedtuple_replace<'c>(&mut self, call: &'c ExprCall) -> Result<Option<NamedtupleReplace<'c>>, Diagnostic> {
        let Expr::Attribute(method) = &*call.func else { return Ok(None) };
        if method.attr.as_str() != "_replace" || matches!(&*method.value, Expr::Name(base) if !self.assigned.contains(base.id.as_str())) {
            return Ok(None);
        }
        let Type::Tuple(_, Some(class)) = self.expr_type(&method.value)? else { return Ok(None) };
        if class.kind != TupleKind::NamedTuple {
            return Ok(None);
        }
        if let Some(positional) = call.arguments.args.first() {
            return Err(self.module.typing(positional, format!("{}._replace() takes keyword arguments only", class.short_name())));
        }
        let mut replaced = Vec::new();
        for keyword in call.arguments.keywords.iter() {
            let name = keyword.arg.as_ref().map(|arg| arg.as_str()).ok_or_else(|| self.module.unsupported(keyword, "'**' arguments are not supported"))?;
            let position = class.fields.iter().position(|field| field == name).ok_or_else(|| self.module.typing(keyword, format!("Got unexpected field names: ['{name}']")))?;
            replaced.push((position, &keyword.value));
        }
        Ok(Some(NamedtupleReplace { receiver: &method.value, class, replaced }))
    }

    /// The type of `call` of `callee`, from its arguments' types.
    fn callee_call_type(&mut self, call: &ExprCall, callee: Callee) -> Result<Type, Diagnostic> {
        let module = self.module;
        let mut arguments = Vec::new();
        let keeps_optional = keeps_optional_arguments(&callee);
        for (position, argument) in call_arguments(module, call, &callee)?.into_iter().enumerate() {
            if let (Callee::Class(class), 0) = (&callee, position) {
                arguments.push(Type::Instance(class.clone()));
                continue;
            }
            arguments.push(match (listed_tuple(&callee, argument), listed_array(&callee, argument)) {
                (Some(items), _) => Type::tuple(items.iter().map(|item| self.expr_type(item)).collect::<Result<_, _>>()?),
                (_, Some(array)) => array_call_type(module, call, &array, &mut |expr| self.expr_type(expr))?,
                (None, None) if keeps_optional => self.expr_type_optional(argument)?,
                (None, None) if reads_elements(&callee) => self.operand_type(argument)?,
                (None, None) => self.expr_type(argument)?,
            });
        }
        if arguments.contains(&Type::Unknown) {
            return Ok(Type::Unknown);
        }
        match callee {
            Callee::Function(name) if module.is_vectorized(&name) && arguments.iter().any(|argument| matches!(argument, Type::Array(_))) => {
                self.vectorized_call_type(&name, &arguments, call).map(Type::Array)
            }
            Callee::Function(name) | Callee::Method(name) => {
                let declared = declared_call(module, &name, &arguments, call)?;
                let arguments = declared.as_ref().map_or(arguments, |declared| declared.arguments.clone());
                let index = self.specialisations.specialise(&name, &arguments, call)?;
                let result = self.called_result(index, call)?;
                Ok(match declared.and_then(|declared| declared.result) {
                    Some(result) => Type::Scalar(result),
                    None => result,
                })
            }
            Callee::Overload(key) | Callee::OverloadMethod(key) => {
                let name = overload_implementation(module, call, &key, &arguments)?;
                for default in omitted_defaults(module, &name, arguments.len()) {
                    arguments.push(self.expr_type(default)?);
                }
                let index = self.specialisations.specialise(&name, &arguments, call)?;
                self.called_result(index, call)
            }
            Callee::TupleClass(class) => Ok(Type::Tuple(arguments, Some(class))),
            Callee::Class(class) => {
                if let Some(init) = module.class_member(&class, "__init__", MemberKind::Method) {
                    let index = self.specialisations.specialise(init, &arguments, call)?;
                    if !matches!(self.specialisations.functions[index].return_type, Type::None | Type::Unknown) {
                        return Err(module.typing(call, format!("{}.__init__() should return None", class.short_name())));
                    }
                }
                Ok(Type::Instance(class))
            }
            Callee::Math(name) => scalar_function_type(module, call, "math", &name, &arguments),
            Callee::Random(name) => random_type(module, call, &name, &arguments),
            Callee::NumpyRandom(name) => numpy_random_type(module, call, &name, &arguments),
            Callee::Threads(name) => threads_type(module, call, name, &arguments),
            Callee::Lapack(routine) => lapack_type(module, call, routine, &arguments),
            // Neither a ufunc nor a prelude function: not NumPy's elementwise function of arrays.
            Callee::Numpy(ref name) if crate::ufuncs::lookup(name).is_none() && arguments.iter().any(|argument| argument.scalar().is_none()) => {
                Err(module.unsupported(&*call.func, format!("np.{name} is not supported yet")))
            }
            Callee::Numpy(_) | Callee::Builtin("abs") if arguments.iter().any(|argument| matches!(argument, Type::Array(_))) => {
                let name = elementwise_callee(&callee).unwrap_or_default();
                let operands: Vec<&Expr> = call_arguments(module, call, &callee)?;
                let arguments = self.numpy_scalars_as_arrays(&operands, arguments)?;
                elementwise_type(module, ElementwiseOp::Numpy(name), &arguments, call).map(Type::Array)
            }
            Callee::Numpy(ref name) if crate::ufuncs::lookup(name).is_some() => {
                // On numbers, NumPy's scalars keep their type against Python's (NEP 50):
                // np.divide(float32_array.sum(), 3) is float32.
                let operands: Vec<&Expr> = call_arguments(module, call, &callee)?;
                let mut marked = Vec::with_capacity(arguments.len());
                for (operand, argument) in operands.iter().zip(arguments) {
                    marked.push(match argument {
                        Type::Scalar(scalar) if self.is_numpy_scalar(operand, 0)? => Type::Array(ArrayType::new(scalar, 0, Layout::C)),
                        other => other,
                    });
                }
                if marked.iter().any(|argument| !matches!(argument, Type::Scalar(_) | Type::Array(ArrayType { ndim: 0, .. }))) {
                    return scalar_function_type(module, call, "numpy", &name, &marked);
                }
                elementwise_scalar(module, &ElementwiseOp::Numpy(name.to_string()), &marked, call).map(Type::Scalar)
            }
            Callee::Numpy(name) => scalar_function_type(module, call, "numpy", &name, &arguments),
            Callee::Builtin(name) => builtin_type(module, call, name, &arguments),
        }
    }

    fn attribute_type(&mut self, attribute: &ExprAttribute) -> Result<Type, Diagnostic> {
        let module = self.module;
        let is_local = |name: &str| self.assigned.contains(name);
        if crate::cuda::geometry_attribute(module, attribute, &is_local).is_some()
            || crate::cuda::constant_attribute(module, attribute, &is_local).is_some()
            || crate::cuda::is_lane_id(module, attribute, &is_local)
        {
            return Ok(Type::Scalar(INT64));
        }
        if let Some((scalar, _)) = crate::array_calls::machine_limit(module, attribute, &mut |expr| self.expr_type(expr))? {
            return Ok(Type::Scalar(scalar));
        }
        // `numba.types.intp`: a type of Numba's `types` module reached through Numba's.
        if let Expr::Attribute(inner) = &*attribute.value {
            if let (Expr::Name(base), "types", Some(scalar)) = (&*inner.value, inner.attr.as_str(), Scalar::from_name(attribute.attr.as_str())) {
                if !self.assigned.contains(base.id.as_str()) && module.global(base.id.as_str()) == Some(&Global::Module("rumba")) {
                    return Ok(Type::DType(scalar));
                }
            }
        }
        if let Expr::Name(base) = &*attribute.value {
            if !self.assigned.contains(base.id.as_str()) {
                if let Some(Global::Module(module_name)) = module.global(base.id.as_str()) {
                    return match (math_constant(attribute.attr.as_str()), *module_name, Scalar::from_name(attribute.attr.as_str())) {
                        (Some(_), ..) => Ok(Type::Scalar(FLOAT64)),
                        (None, "numpy" | "types" | "rumba", Some(scalar)) => Ok(Type::DType(scalar)),
                        _ => Err(module.unsupported(attribute, format!("'{module_name}.{}' is not supported as a value", attribute.attr))),
                    };
                }
            }
        }
        if let Some((array_expr, function)) = prelude_attribute(attribute) {
            if let Type::Array(array) = self.expr_type(array_expr)? {
                let function = module.prelude_function(function).expect("the prelude defines its attributes' functions");
                let index = self.specialisations.specialise(&function, &[Type::Array(array)], attribute)?;
                return Ok(self.specialisations.functions[index].return_type.clone());
            }
        }
        match self.expr_type(&attribute.value)? {
            Type::Unknown => Ok(Type::Unknown),
            Type::Array(array) => match attribute.attr.as_str() {
                "shape" => Ok(Type::tuple(vec![Type::Scalar(INT64); array.ndim])),
                "strides" => Ok(Type::tuple(vec![Type::Scalar(INT64); array.ndim])),
                "size" | "ndim" | "itemsize" => Ok(Type::Scalar(INT64)),
                "T" => Ok(Type::Array(transposed(array))),
                "dtype" => Ok(Type::DType(array.dtype)),
                other => Err(module.unsupported(attribute, format!("array attribute '{other}' is not supported yet"))),
            },
            Type::Scalar(complex @ Scalar::Complex { .. }) if matches!(attribute.attr.as_str(), "real" | "imag") => Ok(Type::Scalar(complex.part())),
            Type::Tuple(_, Some(class)) if class.kind == TupleKind::NamedTuple && attribute.attr.as_str() == "_fields" => Ok(Type::tuple(class.fields.iter().map(|field| Type::Str(field.clone())).collect())),
            Type::Tuple(elements, Some(class)) if matches!(class.kind, TupleKind::NamedTuple | TupleKind::Enum) => Ok(elements[field_position(module, &class, attribute)?].clone()),
            Type::Instance(class) => {
                if let Some((_, field_type)) = class.field(attribute.attr.as_str()) {
                    return Ok(field_type.clone());
                }
                let getter = instance_member(module, &class, attribute, MemberKind::Getter)?;
                let index = self.specialisations.specialise(getter, &[Type::Instance(class.clone())], attribute)?;
                self.called_result(index, attribute)
            }
            // A real number's: itself, and a zero of its type.
            Type::Scalar(scalar) if scalar != Scalar::Bool && matches!(attribute.attr.as_str(), "real" | "imag") => Ok(Type::Scalar(scalar)),
            // A NumPy scalar's (`a.sum().dtype`); Python's numbers have the dtypes NumPy gives them.
            Type::Scalar(scalar) if attribute.attr.as_str() == "dtype" => Ok(Type::DType(scalar)),
            Type::DType(scalar) => match attribute.attr.as_str() {
                "kind" => Ok(Type::Str(scalar.kind().to_string())),
                "name" => Ok(Type::Str(scalar.numba_name())),
                "itemsize" => Ok(Type::Scalar(INT64)),
                other => Err(module.unsupported(attribute, format!("dtype attribute '{other}' is not supported (kind, name and itemsize are)"))),
            },
            other => Err(module.unsupported(attribute, format!("attribute '{}' of {other} is not supported", attribute.attr))),
        }
    }

    /// `a[index]` where `index` is an array: the types of `a` and `index`.
    pub fn array_index(&mut self, subscript: &ExprSubscript) -> Result<Option<(ArrayType, ArrayType)>, Diagnostic> {
        let new_axis = matches!(&*subscript.slice, Expr::Attribute(attribute) if attribute.attr.as_str() == "newaxis");
        if new_axis || matches!(&*subscript.slice, Expr::Tuple(_) | Expr::Slice(_) | Expr::EllipsisLiteral(_) | Expr::NoneLiteral(_)) {
            return Ok(None);
        }
        Ok(match (self.expr_type(&subscript.value)?, self.expr_type(&subscript.slice)?) {
            (Type::Array(array), Type::Array(index)) => Some((array, index)),
            _ => None,
        })
    }

    /// `a[index]` where `index` is a tuple of index vectors held in a variable or given by a call
    /// (`a[np.nonzero(mask)]`, `idx = np.where(mask); a[idx]`): the types of `a` and the vectors.
    pub fn vector_tuple_index(&mut self, subscript: &ExprSubscript) -> Result<Option<(ArrayType, Vec<ArrayType>)>, Diagnostic> {
        if !matches!(&*subscript.slice, Expr::Name(_) | Expr::Call(_) | Expr::Subscript(_) | Expr::Attribute(_)) {
            return Ok(None);
        }
        let (Type::Array(array), Type::Tuple(elements, _)) = (self.expr_type(&subscript.value)?, self.expr_type(&subscript.slice)?) else { return Ok(None) };
        let vectors: Vec<ArrayType> = elements
            .iter()
            .filter_map(|element| match element {
                Type::Array(vector @ ArrayType { ndim: 1, dtype: Scalar::Bool | Scalar::Int { .. }, .. }) => Some(*vector),
                _ => None,
            })
            .collect();
        Ok((!vectors.is_empty() && vectors.len() == elements.len()).then_some((array, vectors)))
    }

    /// Whether `a[index]` reads or writes through a prelude function of index arrays, as
    /// `array_index`, `mixed_index` and `vector_tuple_index` find them.
    pub fn indexes_by_arrays(&mut self, subscript: &ExprSubscript) -> Result<bool, Diagnostic> {
        Ok(self.array_index(subscript)?.is_some() || self.mixed_index(subscript)?.is_some() || self.vector_tuple_index(subscript)?.is_some())
    }

    /// `a[first, second]` of a matrix where an index is a vector of integers or booleans and the
    /// other an integer, a bare `:` (`None` here) or such a vector: the matrix type and the two
    /// indices, which the prelude's `_mixed_index` and `_mixed_index_assign` take (`:` as None).
    pub fn mixed_index<'e>(&mut self, subscript: &'e ExprSubscript) -> Result<Option<(ArrayType, [Option<&'e Expr>; 2])>, Diagnostic> {
        let Expr::Tuple(tuple) = &*subscript.slice else { return Ok(None) };
        let Type::Array(array) = self.expr_type(&subscript.value)? else { return Ok(None) };
        if array.ndim != 2 || tuple.elts.len() != 2 {
            return Ok(None);
        }
        let mut parts = [None, None];
        let mut vectors = 0;
        for (part, index) in parts.iter_mut().zip(&tuple.elts) {
            match index {
                Expr::Slice(slice) if slice.lower.is_none() && slice.upper.is_none() && slice.step.is_none() => {}
                Expr::Slice(_) | Expr::EllipsisLiteral(_) | Expr::NoneLiteral(_) | Expr::Starred(_) => return Ok(None),
                index => match self.expr_type(index)? {
                    Type::Array(ArrayType { ndim: 1, dtype: Scalar::Bool | Scalar::Int { .. }, .. }) => {
                        vectors += 1;
                        *part = Some(index);
                    }
                    Type::Scalar(Scalar::Int { .. }) => *part = Some(index),
                    _ => return Ok(None),
                },
            }
        }
        Ok((vectors > 0).then_some((array, parts)))
    }

    /// The types `_mixed_index` takes for the indices of a `mixed_index`.
    pub fn mixed_index_types(&mut self, parts: [Option<&Expr>; 2]) -> Result<Vec<Type>, Diagnostic> {
        parts.iter().map(|part| part.map_or(Ok(Type::None), |index| self.expr_type(index))).collect()
    }

    pub fn subscript_type(&mut self, subscript: &ExprSubscript) -> Result<Type, Diagnostic> {
        let module = self.module;
        match self.expr_type(&subscript.value)? {
            Type::Unknown => Ok(Type::Unknown),
            Type::Instance(class) => {
                let getitem = class_dunder(module, &class, "__getitem__", subscript)?;
                let index = self.expr_type(&subscript.slice)?;
                let specialisation = self.specialisations.specialise(getitem, &[Type::Instance(class), index], subscript)?;
                self.called_result(specialisation, subscript)
            }
            Type::Array(array) => {
                // An index tuple held in a variable (`a[idx]` for `idx` of `np.ndindex`): one
                // integer per dimension.
                let may_hold_a_tuple = match &*subscript.slice {
                    Expr::Name(_) | Expr::Call(_) | Expr::Subscript(_) => true,
                    Expr::Attribute(attribute) => attribute.attr.as_str() != "newaxis",
                    _ => false,
                };
                if let Some((_, vectors)) = self.vector_tuple_index(subscript)? {
                    let helper = vector_tuple_helper(module, array, &vectors, false, subscript)?;
                    let arguments: Vec<Type> = std::iter::once(array).chain(vectors).map(Type::Array).collect();
                    let position = self.specialisations.specialise(helper, &arguments, subscript)?;
                    return Ok(self.specialisations.functions[position].return_type.clone());
                }
                if may_hold_a_tuple {
                    if let Type::Tuple(elements, _) = self.expr_type(&subscript.slice)? {
                        if elements.len() > array.ndim || !elements.iter().all(|element| matches!(element, Type::Scalar(Scalar::Int { .. } | Scalar::Bool))) {
                            return Err(module.unsupported(&*subscript.slice, format!("an array of {} dimension(s) is indexed by a tuple of at most as many integers, got {}", array.ndim, Type::tuple(elements))));
                        }
                        // Fewer integers than dimensions select a view of the rest, as leading integers do.
                        return Ok(match array.ndim - elements.len() {
                            0 => Type::Scalar(array.dtype),
                            ndim => Type::Array(ArrayType { ndim, layout: if array.layout == Layout::C { Layout::C } else { Layout::A }, ..array }),
                        });
                    }
                }
                if let Some((_, parts)) = self.mixed_index(subscript)? {
                    let arguments = [vec![Type::Array(array)], self.mixed_index_types(parts)?].concat();
                    let position = self.specialisations.specialise(MIXED_INDEX, &arguments, subscript)?;
                    return Ok(self.specialisations.functions[position].return_type.clone());
                }
                if let Some((_, index_type)) = self.array_index(subscript)? {
                    let helper = array_index_helper(module, array, index_type, false, subscript)?;
                    let position = self.specialisations.specialise(helper, &[Type::Array(array), Type::Array(index_type)], subscript)?;
                    return Ok(self.specialisations.functions[position].return_type.clone());
                }
                let mut kept = 0;
                for index in view_indices(module, &subscript.slice, array.ndim)? {
                    let parts: Vec<&Expr> = match index {
                        ViewIndex::Slice(slice) => {
                            kept += 1;
                            [&slice.lower, &slice.upper, &slice.step].into_iter().filter_map(|part| part.as_deref()).collect()
                        }
                        ViewIndex::Whole | ViewIndex::NewAxis => {
                            kept += 1;
                            continue;
                        }
                        ViewIndex::Integer(other) => vec![other],
                    };
                    for part in parts {
                        match self.expr_type(part)? {
                            Type::Scalar(Scalar::Int { .. }) | Type::Unknown => {}
                            other => return Err(module.typing(part, format!("array indices and slice bounds must be integers, got {other}"))),
                        }
                    }
                }
                Ok(match kept {
                    0 => Type::Scalar(array.dtype),
                    ndim => Type::Array(ArrayType { ndim, layout: view_layout(module, &subscript.slice, array, ndim), ..array }),
                })
            }
            Type::List(element) => self.list_subscript_type(&element, &subscript.slice),
            Type::Dict(key, value) => self.dict_subscript_type(&key, &value, &subscript.slice),
            Type::Tuple(elements, Some(class)) if class.kind == TupleKind::LiteralDict => Ok(elements[self.literal_subscript(&class, &subscript.slice)?].clone()),
            Type::Tuple(elements, _) => match tuple_index(module, &subscript.slice, elements.len())? {
                TupleIndex::Element(position) => Ok(elements[position].clone()),
                TupleIndex::Slice(positions) => Ok(Type::tuple(positions.into_iter().map(|position| elements[position].clone()).collect())),
                TupleIndex::Runtime => match (self.expr_type(&subscript.slice)?, elements.first()) {
                    (Type::Unknown, _) => Ok(Type::Unknown),
                    (Type::Scalar(Scalar::Int { .. } | Scalar::Bool), _) => uniform_element(&elements).ok_or_else(|| {
                        module.unsupported(&*subscript.slice, "a tuple whose elements are not of one type is indexed only by integer literals, or looped over")
                    }),
                    (other, _) => Err(module.typing(&*subscript.slice, format!("tuple indices must be integers, not {other}"))),
                },
            },
            other => Err(module.typing(&*subscript.value, format!("{other} is not subscriptable"))),
        }
    }
}

/// Result type of `left op right` on scalars, by Numba's rules.
pub fn binary_result(module: &SourceModule, op: Operator, left: Scalar, right: Scalar, right_expr: &Expr, expr: &dyn Ranged) -> Result<Scalar, Diagnostic> {
    let mismatch = || {
        module.error(expr.range(), DiagnosticKind::Typing, format!("unsupported operand types for {}: {} and {}", op.as_str(), left.numba_name(), right.numba_name()))
    };
    let promoted = match (left, right) {
        // Numba's integers (`choose_result_int`): signed if either is, where NumPy's promotion
        // of uint64 and int64 is float64.
        (Scalar::Int { signed: left_signed, .. }, Scalar::Int { signed: right_signed, .. }) if left_signed != right_signed => INT64,
        _ => promote(left, right),
    };
    if promoted.is_complex() {
        return match op {
            Operator::Add | Operator::Sub | Operator::Mult | Operator::Div | Operator::Pow => Ok(promoted),
            _ => Err(mismatch()),
        };
    }
    Ok(match op {
        Operator::Add | Operator::Sub | Operator::Mult | Operator::FloorDiv | Operator::Mod => promoted.widened(),
        Operator::Div if promoted.is_float() => promoted,
        Operator::Div => FLOAT64,
        Operator::Pow if promoted.is_float() => promoted,
        Operator::Pow => match literal_constant(right_expr) {
            Some(Constant::Int(exponent)) if exponent < 0 => FLOAT64,
            _ => promoted.widened(),
        },
        Operator::BitAnd | Operator::BitOr | Operator::BitXor | Operator::LShift | Operator::RShift if promoted.is_float() => {
            return Err(mismatch())
        }
        Operator::BitAnd | Operator::BitOr | Operator::BitXor if promoted == Scalar::Bool => Scalar::Bool,
        Operator::BitAnd | Operator::BitOr | Operator::BitXor | Operator::LShift | Operator::RShift => promoted.widened(),
        Operator::MatMult => return Err(module.error(expr.range(), DiagnosticKind::Unsupported, "'@' on scalars is not supported")),
    })
}

/// The call of a local variable holding a function (`f(x)` in `def apply(f, x)`): a call of the
/// function its type names.
/// The callee of a call of a number type held as a value (`dt(v)` with `dt = np.int32` or a
/// dtype argument, `type(x)(v)`): NumPy's constructor of that type.
pub fn dtype_callee<'e>(module: &SourceModule, scalar: Scalar, call: &ExprCall) -> Result<Callee<'e>, Diagnostic> {
    let constructor = if scalar == Scalar::Bool { "bool_".to_string() } else { scalar.numba_name() };
    numpy_callee(module, &constructor, call)
}

pub fn function_value_callee<'e>(module: &SourceModule, global: &str) -> Callee<'e> {
    match module.global(global) {
        Some(Global::Function(function)) => Callee::Function(function.clone()),
        _ => unreachable!("a function's type names a global function"),
    }
}

/// The type of a constant bound by value: a number, a string, `None` or a tuple of these.
pub fn constant_type(constant: &Global) -> Type {
    match constant {
        Global::Constant(Constant::Int(_)) => Type::Scalar(INT64),
        Global::Constant(Constant::Float(_)) => Type::Scalar(FLOAT64),
        Global::Constant(Constant::Bool(_)) => Type::Scalar(Scalar::Bool),
        Global::Constant(Constant::Complex(..)) => Type::Scalar(COMPLEX128),
        Global::Scalar(scalar, _) => Type::Scalar(*scalar),
        Global::Known(known) => known.clone(),
        Global::Tuple(elements, class) => Type::Tuple(elements.iter().map(constant_type).collect(), class.clone()),
        _ => unreachable!("a constant is a number, a string, None or a tuple of these"),
    }
}

/// What a call calls; `is_local` tells which names are local variables (and so shadow globals).
pub fn resolve_callee<'e>(module: &SourceModule, call: &'e ExprCall, is_local: &dyn Fn(&str) -> bool) -> Result<Callee<'e>, Diagnostic> {
    match &*call.func {
        Expr::Name(name) if !is_local(name.id.as_str()) => match module.global(name.id.as_str()) {
            Some(Global::Function(function)) => Ok(Callee::Function(function.clone())),
            Some(Global::ModuleMember("math", member)) => Ok(math_callee(module, member)),
            Some(Global::ModuleMember("cmath", member)) => cmath_callee(module, member, &*call.func),
            Some(Global::ModuleMember(prelude_module @ ("operator" | "heapq"), member)) => prelude_module_callee(module, prelude_module, member, &*call.func),
            Some(Global::ModuleMember("random", member)) => Ok(Callee::Random(member.clone())),
            Some(Global::ModuleMember("linalg", member)) => linalg_callee(module, member, call),
            Some(Global::ModuleMember("stride_tricks", member)) => stride_tricks_callee(module, member, &*call.func),
            Some(Global::ModuleMember("typed", member)) => Err(typed_container(module, member, &*call.func)),
            Some(Global::ModuleMember("rumba", member)) if member == "literally" => prelude_module_callee(module, "rumba", member, &*call.func),
            Some(Global::ModuleMember("rumba", member)) => rumba_callee(module, member, call),
            Some(Global::ModuleMember(_, member)) => numpy_callee(module, member, call),
            Some(Global::Refused(reason)) => Err(module.unsupported(&*call.func, format!("'{}' {reason}", name.id))),
            Some(Global::Overload(key)) => Ok(Callee::Overload(key.clone())),
            Some(Global::TupleClass(class)) => Ok(Callee::TupleClass(class.clone())),
            Some(Global::Class(class)) => Ok(Callee::Class(class.clone())),
            Some(_) => Err(module.unsupported(&*call.func, format!("'{}' is not callable in compiled code", name.id))),
            // The prelude writes Python's `name` as `_builtin_name`; `min` and `max` of one
            // iterable are the prelude's, of several numbers the library's.
            None if is_python_builtin(name.id.as_str()) => Ok(match module.prelude_function(&format!("_builtin_{}", name.id)) {
                Some(prelude_name) if !matches!(name.id.as_str(), "min" | "max") || call.arguments.args.len() == 1 => Callee::Function(prelude_name),
                _ => Callee::Builtin(name.id.as_str()),
            }),
            None => Err(module.typing(&*call.func, format!("name '{}' is not defined", name.id))),
        },
        Expr::Attribute(attribute) => match &*attribute.value {
            Expr::Name(base) if !is_local(base.id.as_str()) => match module.global(base.id.as_str()) {
                Some(Global::Class(class)) => module
                    .class_member(class, attribute.attr.as_str(), MemberKind::Static)
                    .map(|compiled| Callee::Function(compiled.to_string()))
                    .ok_or_else(|| module.typing(&*call.func, format!("jitclass {} has no static method '{}'", class.short_name(), attribute.attr))),
                Some(Global::Module("math")) => Ok(math_callee(module, attribute.attr.as_str())),
                Some(Global::Module("cmath")) => cmath_callee(module, attribute.attr.as_str(), &*call.func),
                Some(Global::Module(prelude_module @ ("operator" | "heapq"))) => prelude_module_callee(module, prelude_module, attribute.attr.as_str(), &*call.func),
                Some(Global::Module("random")) => Ok(Callee::Random(attribute.attr.to_string())),
                Some(Global::Module("cuda")) => cuda_callee(module, call, is_local),
                Some(Global::Module("typed")) => Err(typed_container(module, attribute.attr.as_str(), &*call.func)),
                Some(Global::Module("linalg")) => linalg_callee(module, attribute.attr.as_str(), call),
                Some(Global::Module("stride_tricks")) => stride_tricks_callee(module, attribute.attr.as_str(), &*call.func),
                Some(Global::Module("rumba")) if attribute.attr.as_str() == "literally" => prelude_module_callee(module, "rumba", "literally", &*call.func),
                Some(Global::Module("rumba")) => rumba_callee(module, attribute.attr.as_str(), call),
                Some(Global::Module(_)) => numpy_callee(module, attribute.attr.as_str(), call),
                _ => Err(module.unsupported(&*call.func, "unsupported call")),
            },
            Expr::Attribute(inner) if inner.attr.as_str() == "random" && matches!(&*inner.value, Expr::Name(base) if !is_local(base.id.as_str()) && module.global(base.id.as_str()) == Some(&Global::Module("numpy"))) => {
                // The prelude writes `np.random.name` as `_random_name`.
                let name = attribute.attr.as_str();
                Ok(match module.prelude_function(&format!("_random_{name}")) {
                    Some(prelude_name) => Callee::Function(prelude_name),
                    None => Callee::NumpyRandom(name.to_string()),
                })
            }
            Expr::Attribute(inner) if inner.attr.as_str() == "linalg" && matches!(&*inner.value, Expr::Name(base) if !is_local(base.id.as_str()) && module.global(base.id.as_str()) == Some(&Global::Module("numpy"))) => {
                linalg_callee(module, attribute.attr.as_str(), call)
            }
            // `np.lib.stride_tricks.name`
            Expr::Attribute(inner)
                if inner.attr.as_str() == "stride_tricks"
                    && matches!(&*inner.value, Expr::Attribute(lib) if lib.attr.as_str() == "lib" && matches!(&*lib.value, Expr::Name(base) if !is_local(base.id.as_str()) && module.global(base.id.as_str()) == Some(&Global::Module("numpy")))) =>
            {
                stride_tricks_callee(module, attribute.attr.as_str(), &*call.func)
            }
            Expr::Attribute(inner) if matches!(&*inner.value, Expr::Name(base) if !is_local(base.id.as_str()) && module.global(base.id.as_str()) == Some(&Global::Module("cuda"))) => cuda_callee(module, call, is_local),
            // The prelude writes the method `a.name(...)` as `_method_name(a, ...)`.
            _ => match (module.prelude_function(&format!("_method_{}", attribute.attr)), module.method_overload(attribute.attr.as_str())) {
                (Some(prelude_name), _) => Ok(Callee::Method(prelude_name)),
                (None, Some(key)) => Ok(Callee::OverloadMethod(key.to_string())),
                (None, None) => Err(module.unsupported(&*call.func, format!("method '{}' is not supported yet", attribute.attr))),
            },
        },
        other => Err(module.unsupported(other, "unsupported call")),
    }
}

/// Why a call of `typed.member` (Numba's typed containers) is refused: `typed.List()` and
/// `typed.List(iterable)` are lists where a comprehension may be (see `desugar`), the others are
/// not supported yet.
fn typed_container(module: &SourceModule, member: &str, function: &Expr) -> Diagnostic {
    match member {
        "List" => module.unsupported(function, "typed.List(...) makes a list in an assignment, an expression statement, a return or a loop's iterable, not inside other statements"),
        "Dict" => module.unsupported(function, "typed.Dict() makes a dict in an assignment, an expression statement, a return or a loop's iterable; typed.Dict.empty(key_type, value_type) anywhere"),
        other => module.unsupported(function, format!("typed.{other} is not supported yet (typed.List and typed.Dict are)")),
    }
}

/// `cuda.name(...)` other than the intrinsics `crate::cuda` types itself: the prelude's `_cuda_name`.
fn cuda_callee<'e>(module: &SourceModule, call: &ExprCall, is_local: &dyn Fn(&str) -> bool) -> Result<Callee<'e>, Diagnostic> {
    let name = crate::cuda::called_name(module, call, is_local).expect("a call of a function of the cuda module");
    match module.prelude_function(&crate::cuda::prelude_name(&name)) {
        Some(prelude_name) => Ok(Callee::Function(prelude_name)),
        None => Err(module.unsupported(&*call.func, format!("cuda.{name} is not supported in kernels yet"))),
    }
}

/// `math.name`: the prelude's `_math_name` if there is one (`math.gcd`, `math.comb`), else the
/// library's kernel.
fn math_callee<'e>(module: &SourceModule, name: &str) -> Callee<'e> {
    match module.prelude_function(&format!("_math_{name}")) {
        Some(prelude_name) => Callee::Function(prelude_name),
        None => Callee::Math(name.to_string()),
    }
}

/// `cmath.name`: the prelude's `_cmath_name`.
fn cmath_callee<'e>(module: &SourceModule, name: &str, function: &Expr) -> Result<Callee<'e>, Diagnostic> {
    module
        .prelude_function(&format!("_cmath_{name}"))
        .map(Callee::Function)
        .ok_or_else(|| module.unsupported(function, format!("cmath.{name} is not supported yet")))
}

/// `np.linalg.name`: the prelude's `_linalg_name`; `np.linalg._routine` is a LAPACK routine, which
/// the prelude's functions call.
fn linalg_callee<'e>(module: &SourceModule, name: &str, call: &ExprCall) -> Result<Callee<'e>, Diagnostic> {
    let function = &*call.func;
    // The result of `svd(a, compute_uv=False)` is the singular values alone: another type.
    let prelude_name = match name {
        "svd" if literal_flag(module, call, 2, "compute_uv", "np.linalg.svd")? == Some(false) => module.prelude_function("_svd_values"),
        name => module.prelude_function(&format!("_linalg_{name}")),
    };
    if let Some(prelude_name) = prelude_name {
        return Ok(Callee::Function(prelude_name));
    }
    let routine = name.strip_prefix('_').and_then(|routine| rumba_dialects::lapack_routines().iter().find(|known| known.name == routine));
    routine.map(Callee::Lapack).ok_or_else(|| module.unsupported(function, format!("np.linalg.{name} is not supported yet")))
}

/// The type of a call of a LAPACK routine: its `info`. The operands follow the routine's letters
/// (`LapackRoutines.def`): float or complex arrays of one element type and float arrays of its
/// real type (matrices F-ordered, vectors contiguous), int32 vectors, integer and float options.
pub fn lapack_type(module: &SourceModule, call: &ExprCall, routine: &rumba_dialects::LapackRoutine, arguments: &[Type]) -> Result<Type, Diagnostic> {
    let fits = |letter: char, argument: &Type| match (letter, argument) {
        ('C' | 'R', Type::Array(array)) => {
            let element = matches!(array.dtype, Scalar::Float { .. }) || (letter == 'C' && array.dtype == COMPLEX128);
            element && if array.ndim == 1 { array.layout != Layout::A } else { array.ndim == 2 && array.layout == Layout::F }
        }
        ('I', Type::Array(array)) => array.ndim == 1 && array.layout != Layout::A && array.dtype == (Scalar::Int { bits: 32, signed: true }),
        ('n', Type::Scalar(Scalar::Int { .. })) => true,
        ('x', Type::Scalar(Scalar::Float { .. } | Scalar::Int { .. })) => true,
        _ => false,
    };
    let float_types: Vec<Scalar> = routine
        .operands
        .chars()
        .zip(arguments)
        .filter_map(|(letter, argument)| match (letter, argument) {
            ('C', Type::Array(array)) => Some(array.dtype),
            _ => None,
        })
        .collect();
    let real_type = match float_types.first() {
        Some(&COMPLEX128) => Some(FLOAT64),
        first => first.copied(),
    };
    let reals_fit = routine.operands.chars().zip(arguments).all(|(letter, argument)| match (letter, argument) {
        ('R', Type::Array(array)) => Some(array.dtype) == real_type,
        _ => true,
    });
    let one_float_type = float_types.windows(2).all(|pair| pair[0] == pair[1]) && reals_fit;
    if arguments.len() != routine.operands.len() || !routine.operands.chars().zip(arguments).all(|(letter, argument)| fits(letter, argument)) || !one_float_type {
        let given: Vec<String> = arguments.iter().map(ToString::to_string).collect();
        return Err(module.typing(call, format!("np.linalg._{} takes operands '{}' (LapackRoutines.def), got ({})", routine.name, routine.operands, given.join(", "))));
    }
    Ok(Type::Scalar(INT64))
}

/// `numpy.lib.stride_tricks.name`: the prelude's `_stride_tricks_name`.
fn stride_tricks_callee<'e>(module: &SourceModule, name: &str, function: &Expr) -> Result<Callee<'e>, Diagnostic> {
    module
        .prelude_function(&format!("_stride_tricks_{name}"))
        .map(Callee::Function)
        .ok_or_else(|| module.unsupported(function, format!("numpy.lib.stride_tricks.{name} is not supported yet")))
}

/// `module.name` of a module the prelude writes in Python (`operator`, `heapq`): the prelude's
/// `_module_name` (`operator.add(a, b)` is `a + b`; `heapq` is CPython's, over lists).
fn prelude_module_callee<'e>(module: &SourceModule, module_name: &str, name: &str, function: &Expr) -> Result<Callee<'e>, Diagnostic> {
    module
        .prelude_function(&format!("_{module_name}_{name}"))
        .map(Callee::Function)
        .ok_or_else(|| module.unsupported(function, format!("{module_name}.{name} is not supported yet")))
}

/// The functions of `rumba` (and `numba`) that compiled code may call: the thread settings.
pub const THREAD_FUNCTIONS: [&str; 3] = ["get_num_threads", "set_num_threads", "get_thread_id"];

/// `rumba.member(...)`: a thread setting, else what NumPy's member of that name is (the scalar
/// types, `rumba.float64(x)`, are NumPy's).
fn rumba_callee<'e>(module: &SourceModule, member: &str, call: &ExprCall) -> Result<Callee<'e>, Diagnostic> {
    match THREAD_FUNCTIONS.into_iter().find(|name| *name == member) {
        Some(name) => Ok(Callee::Threads(name)),
        None => numpy_callee(module, member, call),
    }
}

/// The type of a call of a thread setting: `set_num_threads(n)` takes an integer, the others
/// nothing and give an integer.
pub fn threads_type(module: &SourceModule, call: &ExprCall, name: &str, arguments: &[Type]) -> Result<Type, Diagnostic> {
    match (name, arguments) {
        ("set_num_threads", [Type::Scalar(Scalar::Int { .. } | Scalar::Bool)]) => Ok(Type::None),
        ("get_num_threads" | "get_thread_id", []) => Ok(Type::Scalar(INT64)),
        _ => Err(module.typing(call, format!("rumba.{name}() does not take ({})", arguments.iter().map(ToString::to_string).collect::<Vec<_>>().join(", ")))),
    }
}

/// The prelude's `left + right` of lists of numbers of two types.
pub const LIST_CONCAT: &str = "np._list_concat";

/// The prelude's `a[first, second]` of a matrix and an index vector (`TypeWalker::mixed_index`).
pub const MIXED_INDEX: &str = "np._mixed_index";
pub const MIXED_INDEX_ASSIGN: &str = "np._mixed_index_assign";

/// The prelude function that indexes (`writing`: assigns through) `array` with a tuple of index
/// vectors, which it takes after the array: one vector as `array_index_helper` takes it, or two
/// paired item by item on a matrix, as `np.nonzero` of a matrix gives them.
pub fn vector_tuple_helper(module: &SourceModule, array: ArrayType, vectors: &[ArrayType], writing: bool, node: &dyn Ranged) -> Result<&'static str, Diagnostic> {
    match vectors {
        [vector] => array_index_helper(module, array, *vector, writing, node),
        [_, _] if array.ndim == 2 => Ok(if writing { MIXED_INDEX_ASSIGN } else { MIXED_INDEX }),
        _ => Err(module.unsupported(&node.range(), format!("indexing {} with a tuple of {} index arrays is not supported yet (one array, or two on a 2-d array)", Type::Array(array), vectors.len()))),
    }
}

/// The prelude function that indexes (`writing`: assigns through) `array` with the array `index`.
/// Read, an integer array selects along the first axis and a mask has the array's dimensions or
/// covers its first axis; written through, a mask has the array's dimensions and an integer array
/// is a vector (of elements of a vector, or of subarrays along the first axis).

pub fn array_index_helper(module: &SourceModule, array: ArrayType, index: ArrayType, writing: bool, node: &dyn Ranged) -> Result<&'static str, Diagnostic> {
    let unsupported = |rule: &str| Err(module.unsupported(&node.range(), format!("indexing {} with {} is not supported yet ({rule})", Type::Array(array), Type::Array(index))));
    match index.dtype {
        Scalar::Bool if index.ndim == array.ndim => Ok(if writing { "np._mask_assign" } else { "np._mask_select" }),
        Scalar::Bool if !writing && index.ndim == 1 => Ok("np._mask_select"),
        Scalar::Bool if writing => unsupported("a mask written through has the array's dimensions"),
        Scalar::Bool => unsupported("a mask has the array's dimensions, or is a vector over its first axis"),
        Scalar::Int { .. } if !writing => Ok("np._take_first_axis"),
        Scalar::Int { .. } if array.ndim == 1 && index.ndim == 1 => Ok("np._index_assign"),
        Scalar::Int { .. } if index.ndim == 1 => Ok("np._rows_assign"),
        Scalar::Int { .. } => unsupported("an integer array written through is a vector"),
        other => Err(module.error(node.range(), DiagnosticKind::Typing, format!("arrays used as indices must be of integer or boolean type, got {}", other.numba_name()))),
    }
}

/// `np.name`: the prelude's function of that name if there is one, else the library's;
/// `np.where(condition)` with one argument is `np.nonzero(condition)`, as NumPy defines it, and
/// `np.unique` with some of its flags given as the literal `True` is the prelude function named
/// by those flags (`_unique_index_counts`), whose result is a tuple. The prelude refuses a form
/// it cannot compile with `np._unsupported("why")`, an error when the call is typed.
fn numpy_callee<'e>(module: &SourceModule, name: &str, call: &ExprCall) -> Result<Callee<'e>, Diagnostic> {
    let unique = match name {
        "unique" => unique_callee(module, call)?,
        "_unsupported" => match call.arguments.args.first() {
            Some(Expr::StringLiteral(reason)) => return Err(module.unsupported(call, reason.value.to_str())),
            _ => None,
        },
        _ => None,
    };
    let name = match name {
        "where" if call.arguments.args.len() == 1 && call.arguments.keywords.is_empty() => "nonzero",
        _ => unique.as_deref().unwrap_or(name),
    };
    Ok(match module.prelude_function(name) {
        Some(prelude_name) => Callee::Function(prelude_name),
        None => Callee::Numpy(name.to_string()),
    })
}

/// The prelude function for `np.unique(a, ...)` with the flags given as the literal `True`
/// (positionally or by keyword), or `None` when no flag is.
fn unique_callee(module: &SourceModule, call: &ExprCall) -> Result<Option<String>, Diagnostic> {
    let mut flags = Vec::new();
    for (position, flag) in ["index", "inverse", "counts"].into_iter().enumerate() {
        if literal_flag(module, call, position + 1, &format!("return_{flag}"), "np.unique")? == Some(true) {
            flags.push(flag);
        }
    }
    Ok((!flags.is_empty()).then(|| format!("_unique_{}", flags.join("_"))))
}

/// The flag a call passes at `position` or as `keyword`: `None` where it passes none, and a
/// located error where it is not the literal `True` or `False`, since the result's type depends
/// on it.
fn literal_flag(module: &SourceModule, call: &ExprCall, position: usize, keyword: &str, function: &str) -> Result<Option<bool>, Diagnostic> {
    let by_keyword = call.arguments.keywords.iter().find(|given| given.arg.as_ref().is_some_and(|arg| arg.as_str() == keyword));
    match call.arguments.args.get(position).or(by_keyword.map(|given| &given.value)) {
        None => Ok(None),
        Some(Expr::BooleanLiteral(ExprBooleanLiteral { value, .. })) => Ok(Some(*value)),
        Some(other) => Err(module.unsupported(other, format!("{function}({keyword}=...) takes the literal True or False in compiled code (the result's type depends on it)"))),
    }
}

/// The ufunc a call names when its arguments include an array: a NumPy function that is not an
/// array call (`crate::array_calls`), or the builtin `abs`.
/// Whether `callee` reads a 0-d array argument as its one element (`TypeWalker::operand_type`):
/// NumPy's and `math`'s functions of numbers, and the conversions of numbers.
pub fn reads_elements(callee: &Callee) -> bool {
    matches!(callee, Callee::Numpy(_) | Callee::Math(_) | Callee::Builtin("abs" | "float" | "int"))
}

pub fn elementwise_callee(callee: &Callee) -> Option<String> {
    match callee {
        Callee::Numpy(name) => Some(name.clone()),
        Callee::Builtin("abs") => Some("abs".into()),
        _ => None,
    }
}

/// An elementwise operation on arrays.
#[derive(Clone, Debug, PartialEq)]
pub enum ElementwiseOp {
    Binary(Operator),
    Unary(UnaryOp),
    Compare(CmpOp),
    /// A NumPy ufunc by name (`crate::ufuncs`).
    Numpy(String),
}

impl ElementwiseOp {
    /// The operator a ufunc is (`np.add` is `+`), else the operation itself.
    pub fn as_operator(&self) -> ElementwiseOp {
        match self {
            ElementwiseOp::Numpy(name) => match crate::ufuncs::lookup(name).map(|ufunc| ufunc.kernel) {
                Some(Kernel::Binary(operator)) => ElementwiseOp::Binary(operator),
                Some(Kernel::Unary(operator)) => ElementwiseOp::Unary(operator),
                Some(Kernel::Compare(operator)) => ElementwiseOp::Compare(operator),
                _ => self.clone(),
            },
            other => other.clone(),
        }
    }
}

/// The type elementwise operations compute operands in: the promotion of the arrays' types and of
/// the scalars that came from NumPy, and of a Python number (int64, float64, complex128 or bool
/// here) where its kind (bool < int < float < complex) is not lower than theirs, as Numba's loop
/// selection promotes it: `3 * float32_array` is float32, `2.0 * float32_array` float64 and
/// `3 * int32_array` int64. With `nep50` (the prelude, which computes NumPy's functions in NumPy's
/// types), only a Python number of a higher kind promotes, as NumPy 2 does (NEP 50). NumPy
/// scalars reach here as 0-d arrays (`TypeWalker::numpy_scalars_as_arrays`); a scalar of another
/// type than Python's (an `np.float32` argument) came from NumPy too.
fn common_type(operands: &[Type], elements: &[Scalar], nep50: bool) -> Scalar {
    let rank = |scalar: Scalar| match scalar {
        Scalar::Bool => 0,
        Scalar::Int { .. } => 1,
        Scalar::Float { .. } => 2,
        Scalar::Complex { .. } => 3,
    };
    let is_weak = |(operand, element): (&Type, &Scalar)| matches!(operand, Type::Scalar(_)) && matches!(*element, Scalar::Bool | INT64 | FLOAT64 | COMPLEX128);
    let strong = operands.iter().zip(elements).filter(|pair| !is_weak(*pair)).map(|(_, element)| *element).reduce(promote);
    let Some(strong) = strong.filter(|_| operands.iter().any(|operand| matches!(operand, Type::Array(_)))) else {
        return elements.iter().copied().reduce(promote).unwrap_or(Scalar::Bool);
    };
    operands.iter().zip(elements).filter(|pair| is_weak(*pair)).map(|(_, element)| *element).fold(strong, |common, weak| match rank(weak).cmp(&rank(common)) {
        // A Python complex number keeps a float32 array's precision: complex64 (NEP 50).
        std::cmp::Ordering::Greater if nep50 && weak.is_complex() => common.complex_of(),
        std::cmp::Ordering::Greater => promote(common, weak),
        std::cmp::Ordering::Equal if !nep50 => promote(common, weak),
        _ => common,
    })
}

/// The element type of an elementwise operation, its operands promoted as `common_type` says, or
/// the located reason it is not supported.
pub fn elementwise_scalar(module: &SourceModule, op: &ElementwiseOp, operands: &[Type], node: &dyn Ranged) -> Result<Scalar, Diagnostic> {
    let elements: Vec<Scalar> = operands
        .iter()
        .map(|operand| match operand {
            Type::Array(array) => Ok(array.dtype),
            Type::Scalar(scalar) => Ok(*scalar),
            other => Err(module.error(node.range(), DiagnosticKind::Typing, format!("elementwise operations take arrays and numbers, got {other}"))),
        })
        .collect::<Result<_, _>>()?;
    let unsupported = |message: String| module.error(node.range(), DiagnosticKind::Unsupported, message);
    let nep50 = module.in_prelude(node.range());
    let common_type = |operands: &[Type], elements: &[Scalar]| common_type(operands, elements, nep50);
    if elements.iter().any(|element| element.is_complex()) {
        return crate::ufuncs::complex_result(&op.as_operator(), common_type(operands, &elements)).map_err(unsupported);
    }
    Ok(match op.as_operator() {
        ElementwiseOp::Binary(op) => {
            let promoted = common_type(operands, &elements);
            match op {
                Operator::Add | Operator::Sub | Operator::Mult | Operator::FloorDiv | Operator::Mod if promoted != Scalar::Bool => promoted,
                Operator::Div if promoted.is_float() => promoted,
                Operator::Div => FLOAT64,
                // Of integers with a literal exponent only (`elementwise_kernel`).
                Operator::Pow if promoted != Scalar::Bool => promoted,
                // NumPy's `+` and `*` of booleans are logical or and and.
                Operator::Add | Operator::Mult => promoted,
                Operator::BitAnd | Operator::BitOr | Operator::BitXor if !promoted.is_float() => promoted,
                Operator::LShift | Operator::RShift if !promoted.is_float() && promoted != Scalar::Bool => promoted,
                other => return Err(unsupported(format!("'{}' on arrays of {} is not supported yet", other.as_str(), promoted.numba_name()))),
            }
        }
        ElementwiseOp::Compare(_) => {
            common_type(operands, &elements);
            Scalar::Bool
        }
        ElementwiseOp::Unary(UnaryOp::USub | UnaryOp::UAdd) if elements[0] != Scalar::Bool => elements[0],
        ElementwiseOp::Unary(UnaryOp::Invert) if !elements[0].is_float() => elements[0],
        ElementwiseOp::Unary(op) => return Err(unsupported(format!("unary {} on arrays of {} is not supported", op.as_str(), elements[0].numba_name()))),
        ElementwiseOp::Numpy(name) => {
            let Some(ufunc) = crate::ufuncs::lookup(&name) else {
                return Err(unsupported(format!("np.{name} is not supported yet")));
            };
            if elements.len() != ufunc.arity {
                return Err(module.typing(node, format!("np.{name} takes {} argument(s) here, got {}", ufunc.arity, elements.len())));
            }
            let common = match ufunc.kernel {
                Kernel::Where => common_type(&operands[1..], &elements[1..]),
                _ => common_type(operands, &elements),
            };
            crate::ufuncs::result_type(ufunc, common).map_err(|message| module.typing(node, message))?
        }
    })
}

/// The array type of an elementwise operation: C-ordered, with as many dimensions as its array
/// operand with the most (the others broadcast against it, as NumPy's).
pub fn elementwise_type(module: &SourceModule, op: ElementwiseOp, operands: &[Type], node: &dyn Ranged) -> Result<ArrayType, Diagnostic> {
    let dims: Vec<usize> = operands
        .iter()
        .filter_map(|operand| match operand {
            Type::Array(array) => Some(array.ndim),
            _ => None,
        })
        .collect();
    let dtype = elementwise_scalar(module, &op, operands, node)?;
    let ndim = dims.into_iter().max().ok_or_else(|| module.typing(node, "an array expression needs an array"))?;
    Ok(ArrayType::new(dtype, ndim, Layout::C))
}

/// A loop's iteration space: the `start, stop, step` expressions of `range(...)` or `prange(...)`.
pub struct RangeLoop<'e> {
    pub bounds: Vec<&'e Expr>,
    /// `prange`: iterations may run in parallel (with `parallel=True`).
    pub parallel: bool,
}

/// How many names assigned once `static_truth` follows to the values they were given.
const DEFINITIONS_FOLLOWED: usize = 4;

/// Whether `func` names `range` (the builtin) or `prange` (imported from rumba or numba).
fn range_kind(module: &SourceModule, func: &Expr) -> Option<bool> {
    match func {
        Expr::Name(name) if name.id.as_str() == "range" && module.global("range").is_none() => Some(false),
        Expr::Name(name) if name.id.as_str() == crate::desugar::PARALLEL_RANGE => Some(true),
        Expr::Name(name) => {
            matches!(module.global(name.id.as_str()), Some(Global::ModuleMember("rumba", member)) if member == "prange").then_some(true)
        }
        Expr::Attribute(attribute) if attribute.attr.as_str() == "prange" => match &*attribute.value {
            Expr::Name(base) => (module.global(base.id.as_str()) == Some(&Global::Module("rumba"))).then_some(true),
            _ => None,
        },
        _ => None,
    }
}

/// The iteration space of `for ... in range(...)` / `prange(...)`.
pub fn range_arguments<'e>(module: &SourceModule, iter: &'e Expr) -> Result<RangeLoop<'e>, Diagnostic> {
    if let Expr::Call(call) = iter {
        if let Some(parallel) = range_kind(module, &call.func) {
            if !call.arguments.keywords.is_empty() || call.arguments.args.is_empty() || call.arguments.args.len() > 3 {
                return Err(module.typing(iter, "range() takes 1 to 3 positional arguments"));
            }
            return Ok(RangeLoop { bounds: call.arguments.args.iter().collect(), parallel });
        }
    }
    Err(module.unsupported(iter, "unsupported loop: only 'for ... in range(...)' or 'prange(...)' is supported"))
}

/// The exception class a `raise` names and the arguments it constructs it with.
pub fn exception_of<'r>(module: &SourceModule, raise: &'r ruff_python_ast::StmtRaise) -> Result<(String, &'r [Expr]), Diagnostic> {
    let Some(exc) = &raise.exc else {
        return Err(module.unsupported(raise, "'raise from' needs an exception"));
    };
    if let Some(cause) = &raise.cause {
        return Err(module.unsupported(&**cause, "'raise ... from ...' is not supported"));
    }
    let (class, arguments) = match &**exc {
        Expr::Call(call) if call.arguments.keywords.is_empty() => (&*call.func, &call.arguments.args[..]),
        class => (class, &[][..]),
    };
    if let Some(qualified) = numpy_exception(module, class) {
        return Ok((qualified.to_string(), arguments));
    }
    let Expr::Name(name) = class else {
        return Err(module.unsupported(&**exc, "raise a built-in exception class"));
    };
    let name = name.id.as_str();
    match module.global(name) {
        Some(Global::Exception(qualified)) => Ok((qualified.clone(), arguments)),
        Some(Global::Refused(reason)) => Err(module.unsupported(&**exc, format!("'{name}' {reason}"))),
        None if crate::resolve::is_builtin_exception(name) => Ok((name.to_string(), arguments)),
        _ => Err(module.unsupported(&**exc, format!("'{name}' is not an exception class"))),
    }
}

const ISINSTANCE_CLASSES: &str = "isinstance() takes int, float, complex, bool, str, tuple, list, dict, set, np.ndarray, NumPy's scalar types (np.float64, np.integer, ...), jitclasses or a tuple of these here";

/// Whether a value of `value_type` is an instance of NumPy's scalar type `numpy.member`, as the
/// value's NumPy type would be (a Python float is a `float64`, as Numba types it); `None` where
/// `member` is not a scalar type.
fn numpy_instance(member: &str, value_type: &Type) -> Option<bool> {
    let scalar = value_type.scalar();
    Some(match member {
        "ndarray" => matches!(value_type, Type::Array(_)),
        "generic" => scalar.is_some(),
        "number" => scalar.is_some_and(|scalar| scalar != Scalar::Bool),
        "integer" => matches!(scalar, Some(Scalar::Int { .. })),
        "signedinteger" => matches!(scalar, Some(Scalar::Int { signed: true, .. })),
        "unsignedinteger" => matches!(scalar, Some(Scalar::Int { signed: false, .. })),
        "inexact" => matches!(scalar, Some(Scalar::Float { .. } | Scalar::Complex { .. })),
        "floating" => matches!(scalar, Some(Scalar::Float { .. })),
        "complexfloating" => matches!(scalar, Some(Scalar::Complex { .. })),
        "bool" | "bool_" | "int8" | "int16" | "int32" | "int64" | "intp" | "int_" | "intc" | "byte" | "uint8" | "uint16" | "uint32" | "uint64" | "uintp" | "float32" | "float64" | "single" | "double" | "complex64" | "csingle" | "complex128" | "cdouble" => {
            scalar.is_some() && scalar == Scalar::from_name(member)
        }
        _ => return None,
    })
}

/// `np.linalg.LinAlgError` (also through `linalg` bound to `numpy.linalg`), by the name Python
/// imports it by.
fn numpy_exception(module: &SourceModule, class: &Expr) -> Option<&'static str> {
    let Expr::Attribute(attribute) = class else { return None };
    if attribute.attr.as_str() != "LinAlgError" {
        return None;
    }
    let is_linalg = match &*attribute.value {
        Expr::Name(base) => module.global(base.id.as_str()) == Some(&Global::Module("linalg")),
        Expr::Attribute(inner) => inner.attr.as_str() == "linalg" && matches!(&*inner.value, Expr::Name(base) if module.global(base.id.as_str()) == Some(&Global::Module("numpy"))),
        _ => false,
    };
    is_linalg.then_some("numpy.linalg.LinAlgError")
}

fn is_python_builtin(name: &str) -> bool {
    matches!(
        name,
        "abs" | "min" | "max" | "int" | "float" | "bool" | "len" | "range" | "print" | "sum" | "sorted" | "list"
            | "dict" | "set" | "tuple" | "str" | "round" | "enumerate" | "zip" | "map" | "filter" | "isinstance"
            | "type" | "divmod" | "pow" | "any" | "all" | "reversed" | "iter" | "next" | "open" | "input"
            | "complex" | "hash" | "id" | "repr" | "format" | "chr" | "ord" | "slice"
    ) || crate::resolve::is_builtin_exception(name)
}

fn float_result(arguments: &[Type]) -> Scalar {
    match arguments.first().and_then(Type::scalar) {
        Some(Scalar::Float { bits: 32 }) if arguments.len() == 1 => Scalar::Float { bits: 32 },
        _ => FLOAT64,
    }
}

pub fn scalar_function_type(module: &SourceModule, call: &ExprCall, namespace: &str, name: &str, arguments: &[Type]) -> Result<Type, Diagnostic> {
    if let Some(bad) = arguments.iter().position(|argument| argument.scalar().is_none()) {
        let message = if namespace == "numpy" {
            format!("np.{name} on {} is not supported yet (array expressions come later)", arguments[bad])
        } else {
            format!("{namespace}.{name} takes numbers, got {}", arguments[bad])
        };
        return Err(module.unsupported(&call.arguments.args[bad], message));
    }
    let arity = |expected: usize| -> Result<(), Diagnostic> {
        if arguments.len() == expected {
            Ok(())
        } else {
            Err(module.typing(call, format!("{namespace}.{name}() takes {expected} argument(s), got {}", arguments.len())))
        }
    };
    let result = match (namespace, name) {
        ("numpy", dtype) if Scalar::from_name(dtype).is_some() && dtype != "int" && dtype != "float" => {
            arity(1)?;
            Scalar::from_name(dtype).unwrap_or(FLOAT64)
        }
        ("numpy", _) if crate::ufuncs::lookup(name).is_some() => elementwise_scalar(module, &ElementwiseOp::Numpy(name.to_string()), arguments, call)?,
        ("math", _) => {
            let kernel = crate::ufuncs::math_kernel(name).ok_or_else(|| module.unsupported(&*call.func, format!("math.{name} is not supported yet")))?;
            arity(math_arity(kernel))?;
            match kernel {
                Kernel::Rounding(_) => INT64,
                Kernel::IsNan | Kernel::IsInf | Kernel::IsFinite => Scalar::Bool,
                _ => float_result(arguments),
            }
        }
        _ => return Err(module.unsupported(&*call.func, format!("{namespace}.{name} is not supported yet"))),
    };
    Ok(Type::Scalar(result))
}

/// How many arguments the `math` function computed by `kernel` takes.
pub fn math_arity(kernel: Kernel) -> usize {
    match kernel {
        Kernel::Math(name) => rumba_dialects::math_function(name).map_or(1, |function| function.arity),
        _ => 1,
    }
}

/// The type of `random.random()`, `random.uniform(a, b)`, `random.seed(n)` (also as `np.random.X`,
/// with `np.random.rand()` for `random()`).
/// The type of a draw from NumPy's generator (`Callee::NumpyRandom`).
pub fn numpy_random_type(module: &SourceModule, call: &ExprCall, name: &str, arguments: &[Type]) -> Result<Type, Diagnostic> {
    match (name, arguments) {
        ("_double" | "_gauss", []) => Ok(Type::Scalar(FLOAT64)),
        ("_bounded", [Type::Scalar(Scalar::Int { .. })]) => Ok(Type::Scalar(INT64)),
        ("_seed", [Type::Scalar(Scalar::Int { .. })]) => Ok(Type::None),
        _ => Err(module.unsupported(&*call.func, format!("np.random.{name} is not supported yet"))),
    }
}

pub fn random_type(module: &SourceModule, call: &ExprCall, name: &str, arguments: &[Type]) -> Result<Type, Diagnostic> {
    let numbers = arguments.iter().all(|argument| matches!(argument, Type::Scalar(_)));
    match (name, arguments) {
        ("random" | "rand", []) => Ok(Type::Scalar(FLOAT64)),
        ("uniform", [_, _]) if numbers => Ok(Type::Scalar(FLOAT64)),
        ("seed", [Type::Scalar(Scalar::Int { .. })]) => Ok(Type::None),
        // Numba's `getrandbits` gives uint64; the others Python's integers.
        ("getrandbits", [Type::Scalar(Scalar::Int { .. } | Scalar::Bool)]) => Ok(Type::Scalar(Scalar::Int { bits: 64, signed: false })),
        ("randint", [_, _]) | ("randrange", [_] | [_, _] | [_, _, _]) if arguments.iter().all(|argument| matches!(argument, Type::Scalar(Scalar::Int { .. } | Scalar::Bool))) => Ok(Type::Scalar(INT64)),
        ("random" | "rand" | "uniform" | "seed" | "getrandbits" | "randint" | "randrange", _) => Err(module.typing(call, format!("random.{name}() does not take {}", arguments.iter().map(ToString::to_string).collect::<Vec<_>>().join(", ")))),
        _ => Err(module.unsupported(&*call.func, format!("random.{name} is not supported yet"))),
    }
}

pub fn builtin_type(module: &SourceModule, call: &ExprCall, name: &str, arguments: &[Type]) -> Result<Type, Diagnostic> {
    let one_scalar = || -> Result<Scalar, Diagnostic> {
        match arguments {
            [Type::Scalar(scalar)] => Ok(*scalar),
            _ => Err(module.typing(call, format!("{name}() takes one number here"))),
        }
    };
    let real_scalar = || -> Result<Scalar, Diagnostic> {
        match one_scalar()? {
            Scalar::Complex { .. } => Err(module.typing(call, format!("{name}() of a complex number is not supported; take .real or abs() first"))),
            scalar => Ok(scalar),
        }
    };
    if name == "type" {
        // A number's type, known when compiling: `type(x)(v)` converts `v` to it.
        return match arguments {
            [Type::Scalar(scalar)] => Ok(Type::DType(*scalar)),
            [other] => Err(module.unsupported(call, format!("type() of {other} is not supported (of numbers it is, as a value to call)"))),
            _ => Err(module.typing(call, format!("type() takes exactly one argument here ({} given)", arguments.len()))),
        };
    }
    Ok(Type::Scalar(match name {
        "abs" => match one_scalar()? {
            complex @ Scalar::Complex { .. } => complex.part(),
            scalar => scalar.widened(),
        },
        "int" => {
            real_scalar()?;
            INT64
        }
        "float" => {
            real_scalar()?;
            FLOAT64
        }
        "bool" => {
            // A container or a string is true when it is not empty.
            if !matches!(arguments, [Type::List(_) | Type::Dict(..) | Type::Set(_) | Type::Tuple(..) | Type::Str(_) | Type::Unicode]) {
                one_scalar()?;
            }
            Scalar::Bool
        }
        "hash" => match arguments {
            [Type::Scalar(Scalar::Complex { .. })] => return Err(module.unsupported(call, "hash() of a complex number is not supported yet")),
            [Type::Scalar(_)] => INT64,
            [other] => return Err(module.unsupported(call, format!("hash() of {other} is not supported yet (of numbers and strings it is)"))),
            _ => return Err(module.typing(call, format!("hash() takes exactly one argument ({} given)", arguments.len()))),
        },
        "complex" => match arguments {
            [Type::Scalar(_)] | [Type::Scalar(_), Type::Scalar(_)] if !arguments.iter().any(|argument| argument.scalar().is_some_and(Scalar::is_complex)) => {
                COMPLEX128
            }
            [Type::Scalar(Scalar::Complex { .. })] => COMPLEX128,
            _ => return Err(module.typing(call, "complex() takes one or two real numbers here")),
        },
        "len" => match arguments {
            [Type::Array(ArrayType { ndim: 0, .. })] => return Err(module.typing(call, "len() of unsized object (a 0-d array)")),
            [Type::Array(_) | Type::Tuple(..) | Type::List(_) | Type::Dict(..) | Type::Set(_)] => INT64,
            [other] => return Err(module.typing(call, format!("object of type '{other}' has no len() (and is not iterable)"))),
            _ => return Err(module.typing(call, format!("len() takes exactly one argument ({} given)", arguments.len()))),
        },
        "min" | "max" => {
            if arguments.len() < 2 {
                return Err(module.unsupported(call, format!("{name}() of one iterable is not supported yet; pass two or more numbers")));
            }
            let mut result = Type::Unknown;
            for argument in arguments {
                if argument.scalar().is_none_or(Scalar::is_complex) {
                    return Err(module.typing(call, format!("{name}() takes numbers, got {argument}")));
                }
                result = unify(&result, argument).unwrap_or(Type::Scalar(FLOAT64));
            }
            return Ok(result);
        }
        other => return Err(module.unsupported(&*call.func, format!("unsupported built-in '{other}'"))),
    }))
}

pub fn statement_name(statement: &Stmt) -> &'static str {
    match statement {
        Stmt::FunctionDef(_) => "nested function definition (one that is only called, without decorators, '*args', '**kwargs', non-literal defaults or 'global', and with 'nonlocal' only where each call runs before anything its statement reads, unconditionally, is supported)",
        Stmt::ClassDef(_) => "class definition",
        Stmt::Delete(_) => "del",
        Stmt::TypeAlias(_) => "type alias",
        Stmt::AnnAssign(_) => "annotated assignment",
        Stmt::With(_) => "with",
        Stmt::Match(_) => "match",
        Stmt::Try(_) => "try",
        Stmt::Assert(_) => "assert",
        Stmt::Import(_) | Stmt::ImportFrom(_) => "import",
        Stmt::Global(_) => "global",
        Stmt::Nonlocal(_) => "nonlocal",
        _ => "this statement",
    }
}
