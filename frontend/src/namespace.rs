//! Moves a function of another module into the namespace its module is included under: the
//! function's name and every global name it reads (`SCALE`, `np`, `helper`) get the namespace's
//! prefix (`helpers.SCALE`), so that they resolve to that module's globals, not to the caller's.
//! Names the function binds itself (parameters, assignments, loop variables, nested definitions)
//! are local in all of it and keep their names, as Python's scoping has it.
//!
//! A member of a user's module read as an attribute (`helpers.norm`, `pkg.sub.SCALE`) becomes
//! the one name the member is bound under (`helpers.norm`) first.

use crate::resolve::Global;
use ruff_python_ast::{
    name::Name,
    visitor::{self, transformer, transformer::Transformer, Visitor},
    AtomicNodeIndex, Expr, ExprContext, ExprName, Identifier, Parameter, Stmt, StmtFunctionDef,
};
use std::collections::{HashMap, HashSet};

/// Renames `function` and the globals of `globals` it reads to `prefix` + their names.
pub fn rename_globals(function: StmtFunctionDef, globals: &HashMap<String, Global>, prefix: &str) -> StmtFunctionDef {
    let mut bound = BoundNames::default();
    let mut statement = Stmt::FunctionDef(function);
    if let Stmt::FunctionDef(definition) = &statement {
        visitor::walk_body(&mut bound, &definition.body);
        visitor::walk_parameters(&mut bound, &definition.parameters);
    }
    transformer::walk_stmt(&Renamer { globals, locals: &bound.names, prefix }, &mut statement);
    let Stmt::FunctionDef(mut definition) = statement else { unreachable!("the statement made above") };
    definition.name = Identifier::new(format!("{prefix}{}", definition.name), definition.name.range);
    definition
}

/// The names a function binds anywhere in its body.
#[derive(Default)]
struct BoundNames {
    names: HashSet<String>,
}

impl<'a> Visitor<'a> for BoundNames {
    fn visit_stmt(&mut self, statement: &'a Stmt) {
        match statement {
            Stmt::FunctionDef(nested) => {
                self.names.insert(nested.name.to_string());
            }
            Stmt::ClassDef(class) => {
                self.names.insert(class.name.to_string());
            }
            Stmt::Import(import) => self.names.extend(import.names.iter().map(|alias| alias.asname.as_ref().unwrap_or(&alias.name).to_string())),
            Stmt::ImportFrom(import) => self.names.extend(import.names.iter().map(|alias| alias.asname.as_ref().unwrap_or(&alias.name).to_string())),
            _ => {}
        }
        visitor::walk_stmt(self, statement);
    }

    fn visit_expr(&mut self, expr: &'a Expr) {
        if let Expr::Name(name) = expr {
            if matches!(name.ctx, ExprContext::Store | ExprContext::Del) {
                self.names.insert(name.id.to_string());
            }
        }
        visitor::walk_expr(self, expr);
    }

    fn visit_parameter(&mut self, parameter: &'a Parameter) {
        self.names.insert(parameter.name.to_string());
        visitor::walk_parameter(self, parameter);
    }
}

/// Calls of NumPy's functions imported by name (`from numpy import full`, `from numpy.linalg
/// import norm`) written as the attributes of NumPy they are (`np.full(...)`), the one form the
/// array calls, the ufuncs and the prelude know.
pub fn qualify_numpy_calls(function: &mut StmtFunctionDef, globals: &HashMap<String, Global>) {
    let mut bound = BoundNames::default();
    visitor::walk_body(&mut bound, &function.body);
    visitor::walk_parameters(&mut bound, &function.parameters);
    let qualifier = NumpyCalls { globals, locals: &bound.names };
    for statement in function.body.iter_mut() {
        qualifier.visit_stmt(statement);
    }
}

/// `Dict()` and `List()` of Numba's `typed` module bound by value (a closure's `from numba.typed
/// import Dict` is not in the source parsed) written as the empty `{}` and `[]` they make, as
/// `desugar.rs` writes them where the source's own imports name them.
pub fn empty_typed_containers(function: &mut StmtFunctionDef, globals: &HashMap<String, Global>) {
    let rewriter = TypedContainers { globals };
    for statement in function.body.iter_mut() {
        rewriter.visit_stmt(statement);
    }
}

struct TypedContainers<'a> {
    globals: &'a HashMap<String, Global>,
}

impl Transformer for TypedContainers<'_> {
    fn visit_expr(&self, expr: &mut Expr) {
        transformer::walk_expr(self, expr);
        let Expr::Call(call) = expr else { return };
        if !call.arguments.is_empty() {
            return;
        }
        let range = ruff_text_size::Ranged::range(&*call);
        if crate::resolve::names_container(self.globals, &call.func, "dict", "Dict") {
            *expr = Expr::Dict(ruff_python_ast::ExprDict { node_index: AtomicNodeIndex::default(), range, items: Vec::new() });
        } else if crate::resolve::names_container(self.globals, &call.func, "list", "List") {
            *expr = Expr::List(ruff_python_ast::ExprList { node_index: AtomicNodeIndex::default(), range, elts: Vec::new(), ctx: ExprContext::Load });
        }
    }
}

struct NumpyCalls<'a> {
    globals: &'a HashMap<String, Global>,
    locals: &'a HashSet<String>,
}

impl Transformer for NumpyCalls<'_> {
    fn visit_expr(&self, expr: &mut Expr) {
        transformer::walk_expr(self, expr);
        let Expr::Call(call) = expr else { return };
        let Expr::Name(name) = &*call.func else { return };
        if self.locals.contains(name.id.as_str()) {
            return;
        }
        let (submodule, member) = match self.globals.get(name.id.as_str()) {
            Some(Global::ModuleMember("numpy", member)) => (None, member),
            Some(Global::ModuleMember("linalg", member)) => (Some("linalg"), member),
            _ => return,
        };
        let range = name.range;
        let attribute = |value: Expr, attr: &str| {
            Expr::Attribute(ruff_python_ast::ExprAttribute { node_index: AtomicNodeIndex::default(), range, value: Box::new(value), attr: Identifier::new(attr, range), ctx: ExprContext::Load })
        };
        let mut qualified = Expr::Name(ExprName { node_index: AtomicNodeIndex::default(), range, id: Name::new(crate::desugar::PRELUDE_MODULE), ctx: ExprContext::Load });
        if let Some(submodule) = submodule {
            qualified = attribute(qualified, submodule);
        }
        call.func = Box::new(attribute(qualified, &member.clone()));
    }
}

struct Renamer<'a> {
    globals: &'a HashMap<String, Global>,
    locals: &'a HashSet<String>,
    prefix: &'a str,
}

impl Renamer<'_> {
    /// The global a member read names, if its base is a namespace bound by value (or a module
    /// rumba knows, for a namespace bound inside it: `numba.config`).
    /// An enum's member looked up by its name (`Color["red"]`) reads it as `Color.red` does.
    fn member_name(&self, expr: &Expr) -> Option<String> {
        let (base, member) = match expr {
            Expr::Attribute(attribute) => (&*attribute.value, attribute.attr.to_string()),
            Expr::Subscript(subscript) => match &*subscript.slice {
                Expr::StringLiteral(key) => (&*subscript.value, key.value.to_string()),
                _ => return None,
            },
            _ => return None,
        };
        let Expr::Name(base) = base else { return None };
        // The base was renamed first (its namespace's prefix, which no source name holds).
        let base = match base.id.strip_prefix(self.prefix) {
            Some(global) if !self.prefix.is_empty() => global,
            _ => base.id.as_str(),
        };
        if self.locals.contains(base) || !matches!(self.globals.get(base), Some(Global::Namespace | Global::Module(_))) {
            return None;
        }
        let member = format!("{base}.{member}");
        let found = self.globals.get(&member)?;
        let enum_member = matches!(found, Global::Tuple(_, Some(class)) if class.kind == crate::types::TupleKind::Enum);
        (matches!(expr, Expr::Attribute(_)) || enum_member).then_some(member)
    }
}

impl Transformer for Renamer<'_> {
    fn visit_expr(&self, expr: &mut Expr) {
        transformer::walk_expr(self, expr);
        if let Some(member) = self.member_name(expr) {
            let (range, ctx) = match expr {
                Expr::Attribute(attribute) => (attribute.range, attribute.ctx),
                Expr::Subscript(subscript) => (subscript.range, subscript.ctx),
                _ => unreachable!("a member is an attribute or a subscript"),
            };
            *expr = Expr::Name(ExprName { node_index: AtomicNodeIndex::default(), range, id: Name::new(member), ctx });
        }
        if let Expr::Name(name) = expr {
            if self.globals.contains_key(name.id.as_str()) && !self.locals.contains(name.id.as_str()) {
                name.id = Name::new(format!("{}{}", self.prefix, name.id));
            }
        }
    }
}
