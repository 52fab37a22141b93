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

struct Renamer<'a> {
    globals: &'a HashMap<String, Global>,
    locals: &'a HashSet<String>,
    prefix: &'a str,
}

impl Renamer<'_> {
    /// The global a member read names, if its base is a namespace bound by value.
    fn member_name(&self, expr: &Expr) -> Option<String> {
        let Expr::Attribute(attribute) = expr else { return None };
        let Expr::Name(base) = &*attribute.value else { return None };
        if self.locals.contains(base.id.as_str()) || self.globals.get(base.id.as_str()) != Some(&Global::Namespace) {
            return None;
        }
        let member = format!("{}.{}", base.id, attribute.attr);
        self.globals.contains_key(&member).then_some(member)
    }
}

impl Transformer for Renamer<'_> {
    fn visit_expr(&self, expr: &mut Expr) {
        transformer::walk_expr(self, expr);
        if let Some(member) = self.member_name(expr) {
            let Expr::Attribute(attribute) = expr else { unreachable!("a member is an attribute") };
            *expr = Expr::Name(ExprName { node_index: AtomicNodeIndex::default(), range: attribute.range, id: Name::new(member), ctx: attribute.ctx });
        }
        if let Expr::Name(name) = expr {
            if self.globals.contains_key(name.id.as_str()) && !self.locals.contains(name.id.as_str()) {
                name.id = Name::new(format!("{}{}", self.prefix, name.id));
            }
        }
    }
}
