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
//! Only nested functions that are called, and nothing else, are lifted: one whose name is read
//! other than as a call's callee (passed, returned, stored), defined twice, with decorators,
//! `*args`, `**kwargs`, defaults other than literals, or `nonlocal`/`global` statements, stays
//! where it is, and inference refuses it at its definition.

use crate::diagnostics::SourceFile;
use ruff_python_ast::{
    name::Name,
    visitor::{self, transformer, transformer::Transformer, Visitor},
    AtomicNodeIndex, Expr, ExprContext, ExprName, Identifier, Keyword, Parameter, ParameterWithDefault, Parameters, Stmt, StmtFunctionDef, StmtPass,
    StmtReturn, Suite,
};
use ruff_text_size::{Ranged, TextRange};
use std::cell::RefCell;
use std::collections::{BTreeMap, BTreeSet, HashSet};

/// Lifts the nested functions of `function`, the module's function `name`: rewrites its calls of
/// them and gives them back, each named `{name}.{inner}`.
pub fn lift_nested_functions(name: &str, function: &mut StmtFunctionDef, file: &mut SourceFile) -> Vec<StmtFunctionDef> {
    let mut nested = Vec::new();
    collect_nested(&mut function.body, &mut nested);
    nested.retain(|candidate| liftable(function, candidate));
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
    let lifted: BTreeMap<String, (String, Vec<String>)> =
        captures.iter().map(|(inner, captured)| (inner.clone(), (format!("{name}.{inner}"), captured.iter().cloned().collect()))).collect();
    let rewriter = CallRewriter { lifted: &lifted, file: RefCell::new(file) };
    remove_nested(&mut function.body, &names);
    for statement in function.body.iter_mut() {
        rewriter.visit_stmt(statement);
    }
    definitions
        .into_iter()
        .map(|mut definition| {
            let (lifted_name, captured) = &lifted[definition.name.as_str()];
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
    let mut declarations = Declarations(false);
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
        && uses.other_uses == 0
        && uses.bindings == 1
}

/// Whether a body declares `nonlocal` or `global` names (at any depth).
struct Declarations(bool);

impl<'a> Visitor<'a> for Declarations {
    fn visit_stmt(&mut self, statement: &'a Stmt) {
        self.0 |= matches!(statement, Stmt::Nonlocal(_) | Stmt::Global(_));
        visitor::walk_stmt(self, statement);
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
/// passed by keyword.
struct CallRewriter<'l, 'f> {
    /// By nested name: the lifted name and the captured variables.
    lifted: &'l BTreeMap<String, (String, Vec<String>)>,
    file: RefCell<&'f mut SourceFile>,
}

impl CallRewriter<'_, '_> {
    fn name(&self, id: &str, at: TextRange) -> Expr {
        let range = self.file.borrow_mut().synthetic_range(at);
        Expr::Name(ExprName { node_index: AtomicNodeIndex::default(), range, id: Name::new(id), ctx: ExprContext::Load })
    }
}

impl Transformer for CallRewriter<'_, '_> {
    fn visit_expr(&self, expr: &mut Expr) {
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
