//! Moves each call of a nested function that gives `nonlocal` variables back (`lift.rs`) out of
//! the expression that holds it, into an assignment of its own just before the statement:
//! `s += visit(i)` becomes `__rumba_given_N = visit(i)` then `s += __rumba_given_N`, the form whose
//! call `lift.rs` can follow with assignments of the variables (kagemeka's union-find closures).
//!
//! A call moves only where that changes nothing Python would see: it is evaluated whenever the
//! statement runs (not behind `and`, `or`, a conditional expression, a later comparison of a
//! chain or a comprehension), and what the statement evaluates before it reads no variable a
//! nested function gives back, no element, attribute or other call (which could see what the call
//! changes). Statements that may hold one are the simple ones (expressions, assignments, augmented
//! assignments, returns) and an `if`'s first test, and a `while` loop's test, which becomes an
//! `if` at the top of its body; others keep their calls, which `lift.rs` then refuses as before.

use crate::diagnostics::SourceFile;
use ruff_python_ast::{
    name::Name,
    visitor::transformer::{self, Transformer},
    AtomicNodeIndex, Expr, ExprBooleanLiteral, ExprCall, ExprContext, ExprName, ExprUnaryOp, Stmt, StmtAssign, StmtBreak, StmtIf, StmtWhile, Suite, UnaryOp,
};
use ruff_text_size::{Ranged, TextRange};
use std::cell::RefCell;
use std::collections::BTreeSet;

/// Hoists, in `body` and the bodies within it (nested functions' too), the calls of `givers`,
/// the nested functions that give back some of `given_back`.
pub fn hoist_calls_giving_back(body: &mut Suite, givers: &BTreeSet<String>, given_back: &BTreeSet<String>, file: &mut SourceFile) {
    let scope = Scope { givers, given_back };
    let mut position = 0;
    while position < body.len() {
        if let Stmt::While(while_loop) = &mut body[position] {
            if while_loop.orelse.is_empty() && scope.holds_giver_call(&while_loop.test) {
                test_in_body(while_loop, file);
            }
        }
        for inner in inner_bodies(&mut body[position]) {
            hoist_calls_giving_back(inner, givers, given_back, file);
        }
        match scope.first_movable_call(&body[position]) {
            Some(call) => {
                let temporary = format!("__rumba_given{}", file.synthetic_count());
                let range = file.synthetic_range(call);
                let taken = Taken { call, temporary: &temporary, range, taken: RefCell::new(None) };
                taken.visit_stmt(&mut body[position]);
                let value = taken.taken.into_inner().expect("the call found is in the statement");
                let target = Expr::Name(ExprName { node_index: AtomicNodeIndex::default(), range, id: Name::new(&temporary), ctx: ExprContext::Store });
                body.insert(position, Stmt::Assign(StmtAssign { node_index: AtomicNodeIndex::default(), range: call, targets: vec![target], value: Box::new(value) }));
                position += 1;
            }
            None => position += 1,
        }
    }
}

/// `while test: body` as `while True: if not test: break` then `body`, the same loop, whose test
/// is an `if`'s, where a call may move out of it (`while not empty():` over a queue of closures).
fn test_in_body(while_loop: &mut StmtWhile, file: &mut SourceFile) {
    let at = while_loop.test.range();
    let always = Expr::BooleanLiteral(ExprBooleanLiteral { node_index: AtomicNodeIndex::default(), range: file.synthetic_range(at), value: true });
    let test = std::mem::replace(&mut *while_loop.test, always);
    let ended = Expr::UnaryOp(ExprUnaryOp { node_index: AtomicNodeIndex::default(), range: file.synthetic_range(at), op: UnaryOp::Not, operand: Box::new(test) });
    let leave = Stmt::Break(StmtBreak { node_index: AtomicNodeIndex::default(), range: file.synthetic_range(at) });
    let check = Stmt::If(StmtIf { node_index: AtomicNodeIndex::default(), range: file.synthetic_range(at), test: Box::new(ended), body: vec![leave].into(), elif_else_clauses: Vec::new() });
    while_loop.body.insert(0, check);
}

/// The statement lists a statement holds, nested functions' bodies included.
fn inner_bodies(statement: &mut Stmt) -> Vec<&mut Suite> {
    match statement {
        Stmt::FunctionDef(definition) => vec![&mut definition.body],
        Stmt::For(for_loop) => vec![&mut for_loop.body, &mut for_loop.orelse],
        Stmt::While(while_loop) => vec![&mut while_loop.body, &mut while_loop.orelse],
        Stmt::If(if_statement) => std::iter::once(&mut if_statement.body).chain(if_statement.elif_else_clauses.iter_mut().map(|clause| &mut clause.body)).collect(),
        Stmt::With(with) => vec![&mut with.body],
        Stmt::Try(attempt) => {
            let mut bodies = vec![&mut attempt.body, &mut attempt.orelse, &mut attempt.finalbody];
            for handler in attempt.handlers.iter_mut() {
                let ruff_python_ast::ExceptHandler::ExceptHandler(handler) = handler;
                bodies.push(&mut handler.body);
            }
            bodies
        }
        _ => Vec::new(),
    }
}

/// What walking an expression in Python's order of evaluation met.
enum Walk {
    /// A call that may move, by its range.
    Movable(TextRange),
    /// No call of a giver, and nothing a call could change.
    Plain,
    /// No call of a giver, but a read a later call could change.
    Reads,
    /// A call of a giver that may not move.
    Stuck,
}

struct Scope<'s> {
    givers: &'s BTreeSet<String>,
    given_back: &'s BTreeSet<String>,
}

impl Scope<'_> {
    /// The first call of a giver that `statement` holds where it may move (see the module's
    /// documentation). A call that is the whole of an expression statement or of a name's
    /// assignment stays: `lift.rs` follows it there.
    fn first_movable_call(&self, statement: &Stmt) -> Option<TextRange> {
        let walks: Vec<&Expr> = match statement {
            Stmt::Expr(expression) if self.is_giver_call(&expression.value) => arguments(expression.value.as_call_expr().expect("a call")).collect(),
            Stmt::Expr(expression) => vec![&expression.value],
            Stmt::Assign(assign) if matches!(assign.targets.as_slice(), [Expr::Name(_)]) && self.is_giver_call(&assign.value) => arguments(assign.value.as_call_expr().expect("a call")).collect(),
            Stmt::Assign(assign) => vec![&assign.value],
            Stmt::AnnAssign(assign) => assign.value.iter().map(|value| &**value).collect(),
            Stmt::AugAssign(assign) => vec![&assign.target, &assign.value],
            Stmt::Return(returned) => returned.value.iter().map(|value| &**value).collect(),
            Stmt::If(if_statement) => vec![&if_statement.test],
            _ => return None,
        };
        let mut reads = false;
        for expr in walks {
            match self.walk(expr) {
                Walk::Movable(call) if !reads => return Some(call),
                Walk::Movable(_) | Walk::Stuck => return None,
                Walk::Reads => reads = true,
                Walk::Plain => {}
            }
        }
        None
    }

    fn is_giver_call(&self, expr: &Expr) -> bool {
        matches!(expr, Expr::Call(call) if matches!(&*call.func, Expr::Name(callee) if self.givers.contains(callee.id.as_str())))
    }

    /// Walks `operands`, evaluated in order.
    fn walk_in_order<'e>(&self, operands: impl IntoIterator<Item = &'e Expr>) -> Walk {
        let mut reads = false;
        for operand in operands {
            match self.walk(operand) {
                Walk::Movable(call) if !reads => return Walk::Movable(call),
                Walk::Movable(_) | Walk::Stuck => return Walk::Stuck,
                Walk::Reads => reads = true,
                Walk::Plain => {}
            }
        }
        if reads {
            Walk::Reads
        } else {
            Walk::Plain
        }
    }

    /// What an expression met that walked to `first` on every run, then evaluates `conditional`
    /// on some runs only: a call there may not move.
    fn walk_then_conditional<'e>(&self, first: Walk, conditional: impl IntoIterator<Item = &'e Expr>) -> Walk {
        if let Walk::Movable(call) = first {
            return Walk::Movable(call);
        }
        match (first, self.walk_in_order(conditional)) {
            (_, Walk::Movable(_) | Walk::Stuck) | (Walk::Stuck, _) => Walk::Stuck,
            (Walk::Reads, _) | (_, Walk::Reads) => Walk::Reads,
            _ => Walk::Plain,
        }
    }

    fn walk(&self, expr: &Expr) -> Walk {
        let then_read = |walk: Walk| match walk {
            Walk::Plain => Walk::Reads,
            other => other,
        };
        match expr {
            Expr::Name(name) if self.given_back.contains(name.id.as_str()) => Walk::Reads,
            Expr::Name(_) | Expr::NumberLiteral(_) | Expr::StringLiteral(_) | Expr::BooleanLiteral(_) | Expr::NoneLiteral(_) | Expr::EllipsisLiteral(_) => Walk::Plain,
            Expr::Call(call) => match self.walk_in_order(std::iter::once(&*call.func).chain(arguments(call))) {
                Walk::Plain | Walk::Reads if self.is_giver_call(expr) => Walk::Movable(call.range()),
                Walk::Plain | Walk::Reads => Walk::Reads,
                decided => decided,
            },
            Expr::BinOp(binary) => self.walk_in_order([&*binary.left, &*binary.right]),
            Expr::UnaryOp(unary) => self.walk(&unary.operand),
            Expr::Tuple(tuple) => self.walk_in_order(&tuple.elts),
            Expr::List(list) => self.walk_in_order(&list.elts),
            Expr::Starred(starred) => self.walk(&starred.value),
            Expr::Named(named) => self.walk(&named.value),
            Expr::Subscript(subscript) => then_read(self.walk_in_order([&*subscript.value, &*subscript.slice])),
            // A module's member or an array's attribute: what a nested function cannot change.
            Expr::Attribute(attribute) => self.walk(&attribute.value),
            Expr::Slice(slice) => self.walk_in_order(slice.lower.iter().chain(&slice.upper).chain(&slice.step).map(|bound| &**bound)),
            // A chain's later comparisons, `and`'s and `or`'s later operands and a conditional
            // expression's branches run only on some runs.
            Expr::Compare(compare) => self.walk_then_conditional(self.walk_in_order([&*compare.left, &compare.comparators[0]]), &compare.comparators[1..]),
            Expr::BoolOp(boolean) => self.walk_then_conditional(self.walk(&boolean.values[0]), &boolean.values[1..]),
            Expr::If(conditional) => self.walk_then_conditional(self.walk(&conditional.test), [&*conditional.body, &*conditional.orelse]),
            // Comprehensions, lambdas, f-strings, dicts and sets: nothing moves out of them.
            other => match self.holds_giver_call(other) {
                true => Walk::Stuck,
                false => Walk::Reads,
            },
        }
    }

    fn holds_giver_call(&self, expr: &Expr) -> bool {
        struct Finder<'f, 's> {
            scope: &'f Scope<'s>,
            found: bool,
        }
        impl<'a> ruff_python_ast::visitor::Visitor<'a> for Finder<'_, '_> {
            fn visit_expr(&mut self, expr: &'a Expr) {
                self.found |= self.scope.is_giver_call(expr);
                ruff_python_ast::visitor::walk_expr(self, expr);
            }
        }
        let mut finder = Finder { scope: self, found: false };
        ruff_python_ast::visitor::Visitor::visit_expr(&mut finder, expr);
        finder.found
    }
}

/// A call's arguments, in the order they are evaluated.
fn arguments(call: &ExprCall) -> impl Iterator<Item = &Expr> {
    call.arguments.args.iter().chain(call.arguments.keywords.iter().map(|keyword| &keyword.value))
}

/// Takes the call at `call` out of a statement, leaving a read of `temporary` in its place.
struct Taken<'t> {
    call: TextRange,
    temporary: &'t str,
    range: TextRange,
    taken: RefCell<Option<Expr>>,
}

impl Transformer for Taken<'_> {
    fn visit_expr(&self, expr: &mut Expr) {
        if matches!(expr, Expr::Call(call) if call.range() == self.call) && self.taken.borrow().is_none() {
            let read = Expr::Name(ExprName { node_index: AtomicNodeIndex::default(), range: self.range, id: Name::new(self.temporary), ctx: ExprContext::Load });
            *self.taken.borrow_mut() = Some(std::mem::replace(expr, read));
            return;
        }
        transformer::walk_expr(self, expr);
    }

    fn visit_stmt(&self, statement: &mut Stmt) {
        // Only the statement's own expressions: not the bodies an `if` holds.
        match statement {
            Stmt::If(if_statement) => self.visit_expr(&mut if_statement.test),
            other => transformer::walk_stmt(self, other),
        }
    }
}
