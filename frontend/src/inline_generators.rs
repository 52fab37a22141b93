//! Loops over generators inside compiled code: `for v in gen(a, b): body`, where `gen` is a
//! generator function of the module, becomes `gen`'s own body with its parameters bound to the
//! arguments and each `yield value` replaced by `v = value` and the loop's body, so the generator
//! runs in the loop's function as plain code (no coroutine, no generator value). Python runs the
//! same statements in the same order: the generator's code up to a `yield`, the loop body, the
//! generator's code after it.
//!
//! The loop's body sits in a one-pass loop (`for _ in range(1):`) at each `yield`, so that its
//! `continue` ends that pass and the generator goes on. What needs more than that is left alone,
//! for typing to refuse at the call: a `break` or an `else` of the loop (the generator would have
//! to stop from inside its own loops), a `return` or a `yield` that is not a statement in the
//! generator, keywords or a number of arguments other than the generator's parameters, and a
//! generator that loops over itself. The generator's variables get a prefix of this loop's own;
//! its statements keep their source ranges, so errors point into the generator.

use crate::{desugar::PRELUDE_MODULE, diagnostics::SourceFile};
use ruff_python_ast::{
    name::Name,
    visitor::{self, transformer, transformer::Transformer, Visitor},
    Arguments, AtomicNodeIndex, Expr, ExprCall, ExprContext, ExprName, ExprNumberLiteral, Int, Number, Stmt, StmtAssign, StmtFor, StmtFunctionDef, Suite,
};
use ruff_text_size::TextRange;
use std::collections::{HashMap, HashSet};

/// The prefix of the names an inlined generator's variables get: types of a function holding one
/// are not remembered by source range, since its statements may stand in it more than once.
pub const INLINED_PREFIX: &str = "__rumba_gen";

/// The statements that run `for_loop` over generator `generator`, if the loop and the generator
/// take this form; `file` names the new variables and ranges.
pub fn inlined(for_loop: &StmtFor, generator: &StmtFunctionDef, file: &mut SourceFile) -> Option<Vec<Stmt>> {
    let Expr::Call(call) = &*for_loop.iter else { return None };
    let parameters: Vec<String> = generator.parameters.iter_non_variadic_params().map(|parameter| parameter.name().to_string()).collect();
    let plain_parameters = generator.parameters.vararg.is_none() && generator.parameters.kwarg.is_none() && generator.parameters.iter_non_variadic_params().all(|parameter| parameter.default.is_none());
    if !plain_parameters || !call.arguments.keywords.is_empty() || call.arguments.args.len() != parameters.len() || call.arguments.args.iter().any(|argument| matches!(argument, Expr::Starred(_))) {
        return None;
    }
    if !for_loop.orelse.is_empty() || breaks(&for_loop.body) || !yields_only_as_statements(&generator.body) {
        return None;
    }
    let prefix = format!("{INLINED_PREFIX}{}_", file.synthetic_count());
    let mut locals: HashSet<String> = parameters.iter().cloned().collect();
    Stores(&mut locals).visit_body(&generator.body);
    let renamer = Renamer { prefix: &prefix, locals: &locals };
    let at = for_loop.range;
    let mut statements: Vec<Stmt> = parameters
        .iter()
        .zip(call.arguments.args.iter())
        .map(|(parameter, argument)| {
            let target = Expr::Name(ExprName { node_index: AtomicNodeIndex::default(), range: file.synthetic_range(at), id: Name::new(format!("{prefix}{parameter}")), ctx: ExprContext::Store });
            assign(target, argument.clone(), file.synthetic_range(at))
        })
        .collect();
    let mut body = generator.body.clone();
    for statement in body.iter_mut() {
        renamer.visit_stmt(statement);
    }
    replace_yields(&mut body, &mut |value, file| {
        let value = value.unwrap_or_else(|| Expr::NoneLiteral(ruff_python_ast::ExprNoneLiteral { node_index: AtomicNodeIndex::default(), range: file.synthetic_range(at) }));
        let pass = format!("{prefix}pass{}", file.synthetic_count());
        let call_range = file.synthetic_range(at);
        let once = ExprCall {
            node_index: AtomicNodeIndex::default(),
            range_start: call_range.start(),
            func: Box::new(Expr::Name(ExprName { node_index: AtomicNodeIndex::default(), range: file.synthetic_range(at), id: Name::new("range"), ctx: ExprContext::Load })),
            arguments: Arguments {
                node_index: AtomicNodeIndex::default(),
                range: call_range,
                args: vec![Expr::NumberLiteral(ExprNumberLiteral { node_index: AtomicNodeIndex::default(), range: file.synthetic_range(at), value: Number::Int(Int::from(1u32)) })].into(),
                keywords: Vec::new().into(),
            },
        };
        let target = Expr::Name(ExprName { node_index: AtomicNodeIndex::default(), range: file.synthetic_range(at), id: Name::new(pass), ctx: ExprContext::Store });
        let one_pass = Stmt::For(StmtFor {
            node_index: AtomicNodeIndex::default(),
            range: file.synthetic_range(at),
            is_async: false,
            target: Box::new(target),
            iter: Box::new(Expr::Call(once)),
            body: for_loop.body.clone(),
            orelse: Suite::new(),
        });
        vec![assign((*for_loop.target).clone(), value, file.synthetic_range(at)), one_pass]
    }, file);
    statements.extend(body);
    Some(statements)
}

/// Whether `function` is a generator: its body (not a nested function's, which lifting took out)
/// has a `yield`.
pub fn is_generator(function: &StmtFunctionDef) -> bool {
    struct Finder(bool);
    impl<'a> Visitor<'a> for Finder {
        fn visit_expr(&mut self, expr: &'a Expr) {
            self.0 |= matches!(expr, Expr::Yield(_) | Expr::YieldFrom(_));
            visitor::walk_expr(self, expr);
        }
    }
    let mut finder = Finder(false);
    visitor::walk_body(&mut finder, &function.body);
    finder.0
}

/// Whether `function`'s body holds a generator inlined here: a name with [`INLINED_PREFIX`].
pub fn holds_inlined(function: &StmtFunctionDef) -> bool {
    struct Finder(bool);
    impl<'a> Visitor<'a> for Finder {
        fn visit_expr(&mut self, expr: &'a Expr) {
            self.0 |= matches!(expr, Expr::Name(name) if name.id.starts_with(INLINED_PREFIX));
            visitor::walk_expr(self, expr);
        }
    }
    let mut finder = Finder(false);
    visitor::walk_body(&mut finder, &function.body);
    finder.0
}

fn assign(target: Expr, value: Expr, range: TextRange) -> Stmt {
    Stmt::Assign(StmtAssign { node_index: AtomicNodeIndex::default(), range, targets: vec![target], value: Box::new(value) })
}

/// Whether a loop body has a `break` of that loop (not of loops inside it).
fn breaks(body: &[Stmt]) -> bool {
    body.iter().any(|statement| match statement {
        Stmt::Break(_) => true,
        Stmt::If(if_statement) => breaks(&if_statement.body) || if_statement.elif_else_clauses.iter().any(|clause| breaks(&clause.body)),
        Stmt::Try(try_statement) => {
            breaks(&try_statement.body) || breaks(&try_statement.orelse) || breaks(&try_statement.finalbody) || try_statement.handlers.iter().any(|ruff_python_ast::ExceptHandler::ExceptHandler(handler)| breaks(&handler.body))
        }
        Stmt::With(with) => breaks(&with.body),
        _ => false,
    })
}

/// Whether every `yield` of `body` is a statement of its own, and `body` has no `return`,
/// `global` or `nonlocal`.
fn yields_only_as_statements(body: &[Stmt]) -> bool {
    struct Checker {
        statements: usize,
        all: usize,
        refused: bool,
    }
    impl<'a> Visitor<'a> for Checker {
        fn visit_stmt(&mut self, statement: &'a Stmt) {
            match statement {
                Stmt::Return(_) | Stmt::Global(_) | Stmt::Nonlocal(_) => self.refused = true,
                Stmt::Expr(expression) if matches!(&*expression.value, Expr::Yield(_)) => self.statements += 1,
                _ => {}
            }
            visitor::walk_stmt(self, statement);
        }
        fn visit_expr(&mut self, expr: &'a Expr) {
            if matches!(expr, Expr::Yield(_) | Expr::YieldFrom(_) | Expr::Await(_)) {
                self.all += 1;
            }
            visitor::walk_expr(self, expr);
        }
    }
    let mut checker = Checker { statements: 0, all: 0, refused: false };
    visitor::walk_body(&mut checker, body);
    !checker.refused && checker.statements == checker.all
}

/// Replaces each `yield value` statement of `body` (at any depth) by what `replacement` makes of
/// its value.
fn replace_yields(body: &mut Suite, replacement: &mut dyn FnMut(Option<Expr>, &mut SourceFile) -> Vec<Stmt>, file: &mut SourceFile) {
    let mut replaced = Suite::new();
    for mut statement in std::mem::take(body) {
        match &mut statement {
            Stmt::Expr(expression) if matches!(&*expression.value, Expr::Yield(_)) => {
                let Expr::Yield(yielded) = &mut *expression.value else { unreachable!("matched a yield") };
                replaced.extend(replacement(yielded.value.take().map(|value| *value), file));
                continue;
            }
            Stmt::For(for_loop) => {
                replace_yields(&mut for_loop.body, replacement, file);
                replace_yields(&mut for_loop.orelse, replacement, file);
            }
            Stmt::While(while_loop) => {
                replace_yields(&mut while_loop.body, replacement, file);
                replace_yields(&mut while_loop.orelse, replacement, file);
            }
            Stmt::If(if_statement) => {
                replace_yields(&mut if_statement.body, replacement, file);
                for clause in &mut if_statement.elif_else_clauses {
                    replace_yields(&mut clause.body, replacement, file);
                }
            }
            Stmt::Try(try_statement) => {
                replace_yields(&mut try_statement.body, replacement, file);
                replace_yields(&mut try_statement.orelse, replacement, file);
                replace_yields(&mut try_statement.finalbody, replacement, file);
                for ruff_python_ast::ExceptHandler::ExceptHandler(handler) in &mut try_statement.handlers {
                    replace_yields(&mut handler.body, replacement, file);
                }
            }
            Stmt::With(with) => replace_yields(&mut with.body, replacement, file),
            _ => {}
        }
        replaced.push(statement);
    }
    *body = replaced;
}

/// The names `body` assigns.
struct Stores<'s>(&'s mut HashSet<String>);

impl Stores<'_> {
    fn visit_body(&mut self, body: &[Stmt]) {
        visitor::walk_body(self, body);
    }
}

impl<'a> Visitor<'a> for Stores<'_> {
    fn visit_expr(&mut self, expr: &'a Expr) {
        if let Expr::Name(name) = expr {
            if name.ctx != ExprContext::Load {
                self.0.insert(name.id.to_string());
            }
        }
        visitor::walk_expr(self, expr);
    }
}

/// Gives the generator's variables the loop's prefix; the module's names (and the prelude's) stay.
struct Renamer<'r> {
    prefix: &'r str,
    locals: &'r HashSet<String>,
}

impl Transformer for Renamer<'_> {
    fn visit_expr(&self, expr: &mut Expr) {
        match expr {
            Expr::Name(name) if self.locals.contains(name.id.as_str()) && name.id.as_str() != PRELUDE_MODULE => {
                name.id = Name::new(format!("{}{}", self.prefix, name.id));
            }
            _ => transformer::walk_expr(self, expr),
        }
    }
}

/// The generator functions among `functions`, by name, as they are before the loop rewrite.
pub fn generators<'f>(functions: impl Iterator<Item = (&'f String, &'f StmtFunctionDef)>) -> HashMap<String, StmtFunctionDef> {
    functions.filter(|(_, function)| is_generator(function)).map(|(name, function)| (name.clone(), function.clone())).collect()
}
