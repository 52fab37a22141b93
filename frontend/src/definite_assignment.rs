//! Definite assignment: which reads of a function's local variables may run before the variable has
//! a value (`for i in range(n): y = i` then `return y`, with `n == 0`). CPython raises
//! `UnboundLocalError` there; compiled code checks a flag at exactly these reads.
//!
//! The walk follows statements in order with the set of names assigned on every path so far:
//! branches meet in the intersection of what each assigns (a branch that leaves the block, by
//! `return`, `raise`, `break` or `continue`, constrains nothing), and a loop's body may run zero
//! times, so what it assigns is not definite after it. Reads inside a loop of a name the body
//! assigns later are reported too: the first iteration reads before the assignment.

use ruff_python_ast::{visitor::{self, Visitor}, Expr, ExprContext, Stmt, StmtFunctionDef};
use ruff_text_size::{Ranged, TextRange};
use std::collections::{HashMap, HashSet};

/// The reads in `function` (by the range of their `Name`) that may read a local variable before it
/// is assigned, with the variable each reads.
pub fn maybe_unbound_reads(function: &StmtFunctionDef) -> HashMap<TextRange, String> {
    let mut locals = HashSet::new();
    crate::infer::assigned_names(&function.body, &mut locals);
    let mut walk = Walk { locals, reads: HashMap::new() };
    let mut assigned: HashSet<String> = function.parameters.iter_non_variadic_params().map(|parameter| parameter.name().to_string()).collect();
    walk.block(&function.body, &mut assigned);
    walk.reads
}

struct Walk {
    /// Every name the function assigns: only these can be unbound.
    locals: HashSet<String>,
    reads: HashMap<TextRange, String>,
}

/// What a block's end leaves assigned: `None` when no path reaches its end.
type Reached = Option<HashSet<String>>;

impl Walk {
    /// Walks `body` from `assigned`; on return, `assigned` holds what every path to its end assigns
    /// (every local when none reaches it).
    fn block(&mut self, body: &[Stmt], assigned: &mut HashSet<String>) -> bool {
        for statement in body {
            if !self.statement(statement, assigned) {
                assigned.clone_from(&self.locals);
                return false;
            }
        }
        true
    }

    /// Walks one statement; `false` when it never completes normally (it leaves the block).
    fn statement(&mut self, statement: &Stmt, assigned: &mut HashSet<String>) -> bool {
        match statement {
            Stmt::If(if_statement) => {
                self.reads_in(&if_statement.test, assigned);
                let mut reached: Vec<Reached> = vec![self.branch(&if_statement.body, assigned)];
                let mut has_else = false;
                for clause in &if_statement.elif_else_clauses {
                    if let Some(test) = &clause.test {
                        self.reads_in(test, assigned);
                    }
                    has_else |= clause.test.is_none();
                    reached.push(self.branch(&clause.body, assigned));
                }
                if !has_else {
                    reached.push(Some(assigned.clone()));
                }
                let mut meeting = reached.into_iter().flatten();
                match meeting.next() {
                    Some(first) => {
                        *assigned = meeting.fold(first, |common, other| common.intersection(&other).cloned().collect());
                        true
                    }
                    None => false,
                }
            }
            Stmt::For(for_loop) => {
                self.reads_in(&for_loop.iter, assigned);
                let mut inside = assigned.clone();
                target_names(&for_loop.target, &mut inside);
                self.branch(&for_loop.body, &inside);
                self.branch(&for_loop.orelse, assigned);
                true
            }
            Stmt::While(while_loop) => {
                self.reads_in(&while_loop.test, assigned);
                self.branch(&while_loop.body, assigned);
                self.branch(&while_loop.orelse, assigned);
                true
            }
            Stmt::Return(_) | Stmt::Raise(_) | Stmt::Break(_) | Stmt::Continue(_) => {
                let mut reads = Reads { locals: &self.locals, assigned, found: &mut self.reads };
                reads.visit_stmt(statement);
                false
            }
            Stmt::AugAssign(assign) => {
                self.reads_in(&assign.value, assigned);
                if let Expr::Name(name) = &*assign.target {
                    if self.locals.contains(name.id.as_str()) && !assigned.contains(name.id.as_str()) {
                        self.reads.insert(assign.target.range(), name.id.to_string());
                    }
                } else {
                    self.reads_in(&assign.target, assigned);
                }
                target_names(&assign.target, assigned);
                true
            }
            other => {
                let mut reads = Reads { locals: &self.locals, assigned, found: &mut self.reads };
                reads.visit_stmt(other);
                let mut names = HashSet::new();
                crate::infer::assigned_names(std::slice::from_ref(other), &mut names);
                assigned.extend(names);
                true
            }
        }
    }

    /// A branch from `assigned`: what its end leaves assigned, `None` if it never gets there.
    fn branch(&mut self, body: &[Stmt], assigned: &HashSet<String>) -> Reached {
        let mut inside = assigned.clone();
        self.block(body, &mut inside).then_some(inside)
    }

    fn reads_in(&mut self, expr: &Expr, assigned: &HashSet<String>) {
        let mut reads = Reads { locals: &self.locals, assigned, found: &mut self.reads };
        reads.visit_expr(expr);
    }
}

/// The names a target binds.
fn target_names(target: &Expr, assigned: &mut HashSet<String>) {
    match target {
        Expr::Name(name) => {
            assigned.insert(name.id.to_string());
        }
        Expr::Tuple(tuple) => tuple.elts.iter().for_each(|element| target_names(element, assigned)),
        Expr::List(list) => list.elts.iter().for_each(|element| target_names(element, assigned)),
        _ => {}
    }
}

/// Loads of locals not in `assigned`, added to `found`.
struct Reads<'a> {
    locals: &'a HashSet<String>,
    assigned: &'a HashSet<String>,
    found: &'a mut HashMap<TextRange, String>,
}

impl<'e> Visitor<'e> for Reads<'_> {
    fn visit_expr(&mut self, expr: &'e Expr) {
        match expr {
            Expr::Name(name) if name.ctx == ExprContext::Load => {
                if self.locals.contains(name.id.as_str()) && !self.assigned.contains(name.id.as_str()) {
                    self.found.insert(expr.range(), name.id.to_string());
                }
            }
            Expr::Lambda(_) | Expr::ListComp(_) | Expr::SetComp(_) | Expr::DictComp(_) | Expr::Generator(_) => {}
            _ => visitor::walk_expr(self, expr),
        }
    }

    fn visit_stmt(&mut self, statement: &'e Stmt) {
        if !matches!(statement, Stmt::FunctionDef(_) | Stmt::ClassDef(_)) {
            visitor::walk_stmt(self, statement);
        }
    }
}
