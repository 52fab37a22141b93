//! Lifts the functions a compiled function defines in its body (`def inner(...)`, and
//! `inner = lambda ...: ...`) to the module, before anything else reads the function.
//!
//! `inner`, defined in `outer`, becomes the module's function `outer.inner`, which takes each
//! variable of `outer` that it reads as a keyword-only parameter of the same name; every call
//! `inner(args)` becomes `outer.inner(args, k=k, ...)`. The call passes the variables' values when
//! it runs, which is what a Python closure reads from its cells, so the lifted function computes
//! what the closure would (arrays are passed by reference, so writes into them are shared too).
//! A nested function that calls another of its siblings takes that one's variables as well, and
//! one that calls itself passes its own on.
//!
//! A nested function that declares `nonlocal` names (or calls a sibling that does) gives their
//! values back: each of its returns gives a tuple of the value and those variables, and each of
//! its calls, which must be a statement (`inner(...)` or `x = inner(...)`, the form
//! `hoist_calls.rs` gives calls inside expressions where it can), assigns them to the caller's
//! variables of those names, so the caller sees what the closure's cells would hold.
//!
//! Only nested functions that are called, and nothing else, are lifted: one whose name is read
//! other than as a call's callee (passed, returned, stored), defined twice, with decorators,
//! `*args`, `**kwargs`, defaults other than literals, `global` statements, or `nonlocal` ones and
//! a call inside an expression, stays where it is, and inference refuses it at its definition.

use crate::diagnostics::SourceFile;
use ruff_python_ast::{
    name::Name,
    visitor::{self, transformer, transformer::Transformer, Visitor},
    AtomicNodeIndex, Expr, ExprContext, ExprName, ExprNoneLiteral, ExprTuple, Identifier, Keyword, Parameter, ParameterWithDefault, Parameters, Stmt,
    StmtAssign, StmtFunctionDef, StmtPass, StmtReturn, Suite,
};
use ruff_text_size::{Ranged, TextRange};
use std::cell::RefCell;
use std::collections::{BTreeMap, BTreeSet, HashSet};

/// Lifts the nested functions of `function`, the module's function `name`: rewrites its calls of
/// them and gives them back, each named `{name}.{inner}`.
pub fn lift_nested_functions(name: &str, function: &mut StmtFunctionDef, file: &mut SourceFile) -> Vec<StmtFunctionDef> {
    let mut nested = liftable_nested(function);
    let definitions: Vec<StmtFunctionDef> = nested.iter().map(definition_of).collect();
    let declaring = giving_back(&definitions);
    if !declaring.is_empty() {
        let declared: BTreeSet<String> = definitions.iter().flat_map(|definition| nonlocal_names(&definition.body)).collect();
        crate::hoist_calls::hoist_calls_giving_back(&mut function.body, &declaring, &declared, file);
        nested = liftable_nested(function);
    }
    // Those declaring `nonlocal` names are called only as statements (checked once all are known,
    // since a sibling's calls count too).
    loop {
        let names: BTreeSet<String> = nested.iter().map(|candidate| nested_name(candidate).to_string()).collect();
        let definitions: Vec<StmtFunctionDef> = nested.iter().map(definition_of).collect();
        let declaring = giving_back(&definitions);
        let mut bodies: Vec<&[Stmt]> = vec![&function.body];
        bodies.extend(definitions.iter().map(|definition| &definition.body[..]));
        let mut misused = ExpressionCalls { names: &declaring, found: BTreeSet::new() };
        for body in bodies {
            misused.visit_body(body);
        }
        if misused.found.is_empty() {
            break;
        }
        nested.retain(|candidate| !misused.found.contains(nested_name(candidate)));
        if nested.len() == names.len() {
            break;
        }
    }
    let definitions: Vec<StmtFunctionDef> = nested.iter().map(definition_of).collect();
    if definitions.is_empty() {
        return Vec::new();
    }
    let outer_bound = scope_names(&function.parameters, &function.body);
    let names: BTreeSet<String> = definitions.iter().map(|definition| definition.name.to_string()).collect();
    // What each nested function reads of `function`'s variables, then what its calls of its
    // siblings need, until nothing is added.
    let mut captures: BTreeMap<String, BTreeSet<String>> = definitions
        .iter()
        .map(|definition| {
            let own = scope_names(&definition.parameters, &definition.body);
            let read = loaded_names(&definition.body).into_iter().filter(|read| outer_bound.contains(read) && !own.contains(read) && !names.contains(read)).collect();
            (definition.name.to_string(), read)
        })
        .collect();
    loop {
        let mut grew = false;
        for definition in &definitions {
            let own = scope_names(&definition.parameters, &definition.body);
            let callees = called_names(&definition.body, &names);
            let needed: Vec<String> = callees.iter().flat_map(|callee| captures[callee].iter().cloned()).filter(|needed| !own.contains(needed)).collect();
            let entry = captures.get_mut(definition.name.as_str()).expect("every nested function has captures");
            for needed in needed {
                grew |= entry.insert(needed);
            }
        }
        if !grew {
            break;
        }
    }
    // The `nonlocal` names each gives back: its own, and those of the siblings it calls.
    let mut given_back: BTreeMap<String, Vec<String>> = definitions
        .iter()
        .map(|definition| (definition.name.to_string(), nonlocal_names(&definition.body).into_iter().filter(|variable| outer_bound.contains(variable)).collect()))
        .collect();
    loop {
        let mut grew = false;
        for definition in &definitions {
            let inherited: Vec<String> = called_names(&definition.body, &names).iter().flat_map(|callee| given_back[callee].clone()).collect();
            let entry = given_back.get_mut(definition.name.as_str()).expect("every nested function has an entry");
            for variable in inherited {
                if !entry.contains(&variable) {
                    entry.push(variable);
                    grew = true;
                }
            }
        }
        if !grew {
            break;
        }
    }
    for (inner, variables) in &given_back {
        captures.get_mut(inner).expect("every nested function has captures").extend(variables.iter().cloned());
    }
    let lifted: BTreeMap<String, (String, Vec<String>)> =
        captures.iter().map(|(inner, captured)| (inner.clone(), (format!("{name}.{inner}"), captured.iter().cloned().collect()))).collect();
    let rewriter = CallRewriter { lifted: &lifted, given_back: &given_back, file: RefCell::new(file) };
    remove_nested(&mut function.body, &names);
    for statement in function.body.iter_mut() {
        rewriter.visit_stmt(statement);
    }
    definitions
        .into_iter()
        .map(|mut definition| {
            let (lifted_name, captured) = &lifted[definition.name.as_str()];
            let variables = &given_back[definition.name.as_str()];
            if !variables.is_empty() {
                rewriter.give_back(&mut definition, variables);
            }
            for statement in definition.body.iter_mut() {
                rewriter.visit_stmt(statement);
            }
            let at = definition.name.range;
            for variable in captured {
                let range = rewriter.file.borrow_mut().synthetic_range(at);
                definition.parameters.kwonlyargs.push(ParameterWithDefault {
                    range,
                    node_index: AtomicNodeIndex::default(),
                    parameter: Parameter { range, node_index: AtomicNodeIndex::default(), name: Identifier::new(variable.as_str(), range), annotation: None },
                    default: None,
                });
            }
            definition.name = Identifier::new(lifted_name.as_str(), at);
            definition
        })
        .collect()
}

/// The nested definitions of `function` that can be lifted.
fn liftable_nested(function: &mut StmtFunctionDef) -> Vec<Stmt> {
    let mut nested = Vec::new();
    collect_nested(&mut function.body, &mut nested);
    nested.retain(|candidate| liftable(function, candidate));
    nested
}

/// The nested functions of `definitions` that give variables back: those that declare `nonlocal`
/// names, and those that call one.
fn giving_back(definitions: &[StmtFunctionDef]) -> BTreeSet<String> {
    let mut declaring: BTreeSet<String> = definitions.iter().filter(|definition| !nonlocal_names(&definition.body).is_empty()).map(|definition| definition.name.to_string()).collect();
    loop {
        let callers: Vec<String> = definitions.iter().filter(|definition| !called_names(&definition.body, &declaring).is_empty()).map(|definition| definition.name.to_string()).collect();
        let known = declaring.len();
        declaring.extend(callers);
        if declaring.len() == known {
            return declaring;
        }
    }
}

/// Whether a statement defines a function: a `def`, or a lambda assigned to a name.
fn is_nested_definition(statement: &Stmt) -> bool {
    match statement {
        Stmt::FunctionDef(_) => true,
        Stmt::Assign(assign) => assign.targets.len() == 1 && matches!(assign.targets[0], Expr::Name(_)) && matches!(*assign.value, Expr::Lambda(_)),
        _ => false,
    }
}

/// The statement lists a compound statement holds, where nested definitions are looked for.
fn inner_bodies(statement: &mut Stmt) -> Vec<&mut Suite> {
    match statement {
        Stmt::For(for_loop) => vec![&mut for_loop.body, &mut for_loop.orelse],
        Stmt::While(while_loop) => vec![&mut while_loop.body, &mut while_loop.orelse],
        Stmt::If(if_statement) => std::iter::once(&mut if_statement.body).chain(if_statement.elif_else_clauses.iter_mut().map(|clause| &mut clause.body)).collect(),
        Stmt::Try(try_statement) => vec![&mut try_statement.body, &mut try_statement.orelse],
        _ => Vec::new(),
    }
}

/// The nested definitions of a body at any depth of its statements (not inside other nested
/// functions, which are lifted from their own lifted function).
fn collect_nested(body: &mut [Stmt], found: &mut Vec<Stmt>) {
    for statement in body {
        if is_nested_definition(statement) {
            found.push(statement.clone());
        } else {
            for inner in inner_bodies(statement) {
                collect_nested(inner, found);
            }
        }
    }
}

/// The name a nested definition binds.
fn nested_name(statement: &Stmt) -> &str {
    match statement {
        Stmt::FunctionDef(definition) => definition.name.as_str(),
        Stmt::Assign(assign) => match &assign.targets[0] {
            Expr::Name(name) => name.id.as_str(),
            _ => unreachable!("is_nested_definition takes assignments to a name"),
        },
        _ => unreachable!("is_nested_definition takes definitions and assignments"),
    }
}

/// The `def` a nested definition stands for (a lambda's body returned).
fn definition_of(statement: &Stmt) -> StmtFunctionDef {
    match statement {
        Stmt::FunctionDef(definition) => definition.clone(),
        Stmt::Assign(assign) => {
            let Expr::Lambda(lambda) = &*assign.value else { unreachable!("is_nested_definition takes lambdas") };
            let parameters = lambda.parameters.clone().unwrap_or_else(|| Box::new(Parameters { range: lambda.range, node_index: AtomicNodeIndex::default(), ..Parameters::default() }));
            let body = Stmt::Return(StmtReturn { node_index: AtomicNodeIndex::default(), range: lambda.body.range(), value: Some(lambda.body.clone()) });
            StmtFunctionDef {
                node_index: AtomicNodeIndex::default(),
                range: assign.range,
                is_async: false,
                decorator_list: Default::default(),
                name: Identifier::new(nested_name(statement), assign.targets[0].range()),
                type_params: None,
                parameters,
                returns: None,
                body: vec![body].into(),
            }
        }
        _ => unreachable!("is_nested_definition takes definitions and assignments"),
    }
}

/// Whether `candidate` can be lifted out of `function` (see the module's documentation).
fn liftable(function: &StmtFunctionDef, candidate: &Stmt) -> bool {
    let name = nested_name(candidate);
    let definition = definition_of(candidate);
    let parameters = &definition.parameters;
    let literal_defaults = parameters.iter_non_variadic_params().all(|parameter| {
        parameter.default.as_deref().is_none_or(crate::resolve::is_literal_default)
    });
    let mut declarations = Globals(false);
    declarations.visit_body(&definition.body);
    let mut uses = NameUses { name, other_uses: 0, bindings: 0 };
    visitor::walk_parameters(&mut uses, &function.parameters);
    uses.visit_body(&function.body);
    !definition.is_async
        && definition.decorator_list.is_empty()
        && parameters.vararg.is_none()
        && parameters.kwarg.is_none()
        && literal_defaults
        && !declarations.0
        && (uses.other_uses == 0 || captures_nothing(function, &definition))
        && uses.bindings == 1
}

/// Whether a nested function reads none of `function`'s variables (nor declares `nonlocal`
/// ones): it is then the same function wherever it goes, and may be passed as a value (vectorbt
/// passes `_apply_func_nb` to its rolling windows) as a function of the module is.
fn captures_nothing(function: &StmtFunctionDef, definition: &StmtFunctionDef) -> bool {
    let outer_bound = scope_names(&function.parameters, &function.body);
    let own = scope_names(&definition.parameters, &definition.body);
    nonlocal_names(&definition.body).is_empty() && loaded_names(&definition.body).iter().all(|read| own.contains(read) || !outer_bound.contains(read))
}

/// Whether a body declares `global` names (at any depth).
struct Globals(bool);

impl<'a> Visitor<'a> for Globals {
    fn visit_stmt(&mut self, statement: &'a Stmt) {
        self.0 |= matches!(statement, Stmt::Global(_));
        visitor::walk_stmt(self, statement);
    }
}

/// The names a body declares `nonlocal` (at any depth), in order.
fn nonlocal_names(body: &[Stmt]) -> Vec<String> {
    struct Nonlocals(Vec<String>);
    impl<'a> Visitor<'a> for Nonlocals {
        fn visit_stmt(&mut self, statement: &'a Stmt) {
            if let Stmt::Nonlocal(nonlocal) = statement {
                self.0.extend(nonlocal.names.iter().map(|name| name.to_string()).filter(|name| !self.0.contains(name)).collect::<Vec<_>>());
            }
            visitor::walk_stmt(self, statement);
        }
    }
    let mut nonlocals = Nonlocals(Vec::new());
    nonlocals.visit_body(body);
    nonlocals.0
}

/// The functions among `names` called other than as a statement (`f(...)` or `x = f(...)`).
struct ExpressionCalls<'n> {
    names: &'n BTreeSet<String>,
    found: BTreeSet<String>,
}

impl<'a> Visitor<'a> for ExpressionCalls<'_> {
    fn visit_stmt(&mut self, statement: &'a Stmt) {
        let call = match statement {
            Stmt::Expr(expression) => Some(&*expression.value),
            Stmt::Assign(assign) if matches!(assign.targets.as_slice(), [Expr::Name(_)]) => Some(&*assign.value),
            _ => None,
        };
        match call {
            Some(Expr::Call(call)) if matches!(&*call.func, Expr::Name(callee) if self.names.contains(callee.id.as_str())) => visitor::walk_arguments(self, &call.arguments),
            _ => visitor::walk_stmt(self, statement),
        }
    }

    fn visit_expr(&mut self, expr: &'a Expr) {
        if let Expr::Call(call) = expr {
            if let Expr::Name(callee) = &*call.func {
                if self.names.contains(callee.id.as_str()) {
                    self.found.insert(callee.id.to_string());
                }
            }
        }
        visitor::walk_expr(self, expr);
    }
}

/// How a name is used in a function: bound (assigned, defined, a parameter) and read other than
/// as a call's callee.
struct NameUses<'n> {
    name: &'n str,
    other_uses: usize,
    bindings: usize,
}

impl<'a> Visitor<'a> for NameUses<'_> {
    fn visit_stmt(&mut self, statement: &'a Stmt) {
        if let Stmt::FunctionDef(definition) = statement {
            self.bindings += usize::from(definition.name.as_str() == self.name);
        }
        visitor::walk_stmt(self, statement);
    }

    fn visit_expr(&mut self, expr: &'a Expr) {
        match expr {
            Expr::Call(call) if matches!(&*call.func, Expr::Name(callee) if callee.id.as_str() == self.name) => {
                visitor::walk_arguments(self, &call.arguments);
            }
            Expr::Name(name) if name.id.as_str() == self.name => match name.ctx {
                ExprContext::Load => self.other_uses += 1,
                _ => self.bindings += 1,
            },
            _ => visitor::walk_expr(self, expr),
        }
    }

    fn visit_parameter(&mut self, parameter: &'a Parameter) {
        self.bindings += usize::from(parameter.name.as_str() == self.name);
    }
}

/// The names a function's scope binds: its parameters, and the names its body assigns, loops
/// over, defines or imports, not looking into nested functions and lambdas.
fn scope_names(parameters: &Parameters, body: &[Stmt]) -> HashSet<String> {
    let mut names = BoundNames(parameters.iter().map(|parameter| parameter.name().to_string()).collect());
    names.visit_body(body);
    names.0
}

struct BoundNames(HashSet<String>);

impl<'a> Visitor<'a> for BoundNames {
    fn visit_stmt(&mut self, statement: &'a Stmt) {
        match statement {
            Stmt::FunctionDef(definition) => {
                self.0.insert(definition.name.to_string());
            }
            Stmt::Import(import) => self.0.extend(import.names.iter().map(|alias| alias.asname.as_ref().unwrap_or(&alias.name).to_string())),
            Stmt::ImportFrom(import) => self.0.extend(import.names.iter().map(|alias| alias.asname.as_ref().unwrap_or(&alias.name).to_string())),
            _ => visitor::walk_stmt(self, statement),
        }
    }

    fn visit_expr(&mut self, expr: &'a Expr) {
        match expr {
            Expr::Name(name) if matches!(name.ctx, ExprContext::Store | ExprContext::Del) => {
                self.0.insert(name.id.to_string());
            }
            Expr::Lambda(_) => {}
            _ => visitor::walk_expr(self, expr),
        }
    }
}

/// The names a body reads, at any depth (nested functions and lambdas included: what they read
/// of the enclosing function, their function must be given).
fn loaded_names(body: &[Stmt]) -> BTreeSet<String> {
    struct Loads(BTreeSet<String>);
    impl<'a> Visitor<'a> for Loads {
        fn visit_expr(&mut self, expr: &'a Expr) {
            if let Expr::Name(name) = expr {
                if name.ctx == ExprContext::Load {
                    self.0.insert(name.id.to_string());
                }
            }
            visitor::walk_expr(self, expr);
        }
    }
    let mut loads = Loads(BTreeSet::new());
    loads.visit_body(body);
    loads.0
}

/// The names among `names` that a body calls.
fn called_names(body: &[Stmt], names: &BTreeSet<String>) -> BTreeSet<String> {
    struct Calls<'n>(&'n BTreeSet<String>, BTreeSet<String>);
    impl<'a> Visitor<'a> for Calls<'_> {
        fn visit_expr(&mut self, expr: &'a Expr) {
            if let Expr::Call(call) = expr {
                if let Expr::Name(callee) = &*call.func {
                    if self.0.contains(callee.id.as_str()) {
                        self.1.insert(callee.id.to_string());
                    }
                }
            }
            visitor::walk_expr(self, expr);
        }
    }
    let mut calls = Calls(names, BTreeSet::new());
    calls.visit_body(body);
    calls.1
}

/// Replaces the nested definitions of `names` in a body by `pass`.
fn remove_nested(body: &mut [Stmt], names: &BTreeSet<String>) {
    for statement in body {
        if is_nested_definition(statement) && names.contains(nested_name(statement)) {
            *statement = Stmt::Pass(StmtPass { node_index: AtomicNodeIndex::default(), range: statement.range() });
        } else {
            for inner in inner_bodies(statement) {
                remove_nested(inner, names);
            }
        }
    }
}

/// Makes each call of a lifted function a call of its lifted name, with its captured variables
/// passed by keyword, and the calls of those that give `nonlocal` variables back assignments of
/// them.
struct CallRewriter<'l, 'f> {
    /// By nested name: the lifted name and the captured variables.
    lifted: &'l BTreeMap<String, (String, Vec<String>)>,
    /// By nested name: the variables it gives back.
    given_back: &'l BTreeMap<String, Vec<String>>,
    file: RefCell<&'f mut SourceFile>,
}

/// The variable a call's own result goes to where the call is a statement of its own.
const UNUSED_RESULT: &str = "__rumba_unused";

impl CallRewriter<'_, '_> {
    fn name(&self, id: &str, at: TextRange) -> Expr {
        self.name_in(id, at, ExprContext::Load)
    }

    fn name_in(&self, id: &str, at: TextRange, ctx: ExprContext) -> Expr {
        let range = self.file.borrow_mut().synthetic_range(at);
        Expr::Name(ExprName { node_index: AtomicNodeIndex::default(), range, id: Name::new(id), ctx })
    }

    fn tuple(&self, elements: Vec<Expr>, at: TextRange, ctx: ExprContext) -> Expr {
        let range = self.file.borrow_mut().synthetic_range(at);
        Expr::Tuple(ExprTuple { node_index: AtomicNodeIndex::default(), range, elts: elements, ctx, parenthesized: true })
    }

    /// `definition` (one that declares or inherits `nonlocal` `variables`) without its
    /// declarations, each return giving `(value, *variables)`, and one more at its end.
    fn give_back(&self, definition: &mut StmtFunctionDef, variables: &[String]) {
        struct Returns<'r, 'l, 'f>(&'r CallRewriter<'l, 'f>, &'r [String]);
        impl Transformer for Returns<'_, '_, '_> {
            fn visit_stmt(&self, statement: &mut Stmt) {
                match statement {
                    Stmt::Nonlocal(nonlocal) => *statement = Stmt::Pass(StmtPass { node_index: AtomicNodeIndex::default(), range: nonlocal.range }),
                    Stmt::Return(returned) => {
                        let at = returned.range;
                        let value = returned.value.take().map_or_else(|| self.0.none(at), |value| *value);
                        let mut elements = vec![value];
                        elements.extend(self.1.iter().map(|variable| self.0.name(variable, at)));
                        returned.value = Some(Box::new(self.0.tuple(elements, at, ExprContext::Load)));
                    }
                    Stmt::FunctionDef(_) | Stmt::ClassDef(_) => {}
                    other => transformer::walk_stmt(self, other),
                }
            }
        }
        let at = definition.name.range;
        let end = Stmt::Return(StmtReturn { node_index: AtomicNodeIndex::default(), range: self.file.borrow_mut().synthetic_range(at), value: None });
        definition.body.push(end);
        let returns = Returns(self, variables);
        for statement in definition.body.iter_mut() {
            returns.visit_stmt(statement);
        }
    }

    fn none(&self, at: TextRange) -> Expr {
        let range = self.file.borrow_mut().synthetic_range(at);
        Expr::NoneLiteral(ExprNoneLiteral { node_index: AtomicNodeIndex::default(), range })
    }
}

impl Transformer for CallRewriter<'_, '_> {
    fn visit_stmt(&self, statement: &mut Stmt) {
        // `f(...)` and `x = f(...)` of a function that gives variables back assign them too.
        let given_back = |call: &Expr| match call {
            Expr::Call(call) => match &*call.func {
                Expr::Name(callee) => self.given_back.get(callee.id.as_str()).filter(|variables| !variables.is_empty()),
                _ => None,
            },
            _ => None,
        };
        let rewritten = match statement {
            Stmt::Expr(expression) => given_back(&expression.value).map(|variables| (self.name_in(UNUSED_RESULT, expression.range, ExprContext::Store), variables, expression.range)),
            Stmt::Assign(assign) if assign.targets.len() == 1 && matches!(assign.targets[0], Expr::Name(_)) => {
                given_back(&assign.value).map(|variables| (assign.targets[0].clone(), variables, assign.range))
            }
            _ => None,
        };
        if let Some((result, variables, at)) = rewritten {
            let value = match std::mem::replace(statement, Stmt::Pass(StmtPass { node_index: AtomicNodeIndex::default(), range: at })) {
                Stmt::Expr(expression) => expression.value,
                Stmt::Assign(assign) => assign.value,
                _ => unreachable!("matched a call statement"),
            };
            let mut targets = vec![result];
            targets.extend(variables.iter().map(|variable| self.name_in(variable, at, ExprContext::Store)));
            *statement = Stmt::Assign(StmtAssign { node_index: AtomicNodeIndex::default(), range: at, targets: vec![self.tuple(targets, at, ExprContext::Store)], value });
        }
        transformer::walk_stmt(self, statement);
    }

    fn visit_expr(&self, expr: &mut Expr) {
        // A function that captures nothing, used as a value, is the lifted function.
        if let Expr::Name(used) = expr {
            if let Some((lifted_name, _)) = self.lifted.get(used.id.as_str()).filter(|(_, captured)| captured.is_empty()) {
                if used.ctx == ExprContext::Load {
                    *expr = self.name(lifted_name, used.range);
                }
            }
            return;
        }
        transformer::walk_expr(self, expr);
        let Expr::Call(call) = expr else { return };
        let Expr::Name(callee) = &*call.func else { return };
        let Some((lifted_name, captured)) = self.lifted.get(callee.id.as_str()) else { return };
        let at = callee.range;
        call.func = Box::new(self.name(lifted_name, at));
        for variable in captured {
            let range = self.file.borrow_mut().synthetic_range(at);
            let keyword = Keyword { node_index: AtomicNodeIndex::default(), range, arg: Some(Identifier::new(variable.as_str(), range)), value: self.name(variable, at) };
            call.arguments.keywords.push(keyword);
        }
    }
}
