//! Loops over generators inside compiled code: `for v in gen(a, b): body`, where `gen` is a
//! generator function of the module, becomes `gen`'s own body with its parameters bound to the
//! arguments and each `yield value` replaced by `v = value` and the loop's body, so the generator
//! runs in the loop's function as plain code (no coroutine, no generator value). Python runs the
//! same statements in the same order: the generator's code up to a `yield`, the loop body, the
//! generator's code after it.
//!
//! The loop's body sits in a one-pass loop (`for _ in range(1):`) at each `yield`, so that its
//! `continue` ends that pass and the generator goes on. Its `break`, and a `return` of the
//! generator, set a stop flag and leave that pass; `if stop: break` after each one-pass loop and
//! after each loop of the generator that holds a `yield` carries the stop out, up to a one-pass
//! loop around the whole generator. The loop's `else` runs unless its body broke. Left alone, for
//! typing to refuse at the call: a `return` of a value or a `yield` that is not a statement in the
//! generator, keywords or a number of arguments other than the generator's parameters, and a
//! generator that loops over itself. The generator's variables get a prefix of this loop's own;
//! its statements keep their source ranges, so errors point into the generator.

use crate::diagnostics::SourceFile;
use ruff_python_ast::{
    name::Name,
    visitor::{self, transformer, transformer::Transformer, Visitor},
    Arguments, AtomicNodeIndex, Expr, ExprCall, ExprContext, ExprName, ExprNumberLiteral, ExprUnaryOp, Int, Number, Stmt, StmtAssign, StmtFor, StmtFunctionDef, StmtIf, Suite,
    UnaryOp,
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
    if !yields_only_as_statements(&generator.body) {
        return None;
    }
    let prefix = format!("{INLINED_PREFIX}{}_", file.synthetic_count());
    let mut locals: HashSet<String> = parameters.iter().cloned().collect();
    Stores(&mut locals).visit_body(&generator.body);
    // Without a `break` in the loop's body or a `return` in the generator nothing stops it early:
    // no flag, and the generator's loops stay loops that run to their end.
    let stops = breaks(&for_loop.body) || returns(&generator.body);
    let mut maker = Maker { file, at: for_loop.range, prefix: &prefix, stops };
    let mut statements: Vec<Stmt> = parameters
        .iter()
        .zip(call.arguments.args.iter())
        .map(|(parameter, argument)| {
            let target = maker.name(parameter, ExprContext::Store);
            maker.assign(target, argument.clone())
        })
        .collect();
    if stops {
        let stopped = maker.boolean(false);
        let stop = maker.name(STOP, ExprContext::Store);
        statements.push(maker.assign(stop, stopped));
    }
    let broke = stops && !for_loop.orelse.is_empty();
    if broke {
        let unbroken = maker.boolean(false);
        let flag = maker.name(BROKE, ExprContext::Store);
        statements.push(maker.assign(flag, unbroken));
    }
    let mut consumer = for_loop.body.clone();
    replace_breaks(&mut consumer, &mut || maker_stop(&mut Maker { file: &mut *maker.file, at: maker.at, prefix: maker.prefix, stops }, broke));
    let mut body = generator.body.clone();
    let renamer = Renamer { prefix: &prefix, locals: &locals };
    for statement in body.iter_mut() {
        renamer.visit_stmt(statement);
    }
    replace_yields(&mut body, &mut |yielded, maker| match yielded {
        Yielded::Value(value) => {
            let value = value.unwrap_or_else(|| Expr::NoneLiteral(ruff_python_ast::ExprNoneLiteral { node_index: AtomicNodeIndex::default(), range: maker.range() }));
            let item = maker.assign((*for_loop.target).clone(), value);
            let pass = maker.one_pass(consumer.clone());
            [item, pass].into_iter().chain(maker.break_if_stopped()).collect()
        }
        Yielded::Return => maker_stop(maker, false),
    }, &mut maker);
    if stops {
        statements.push(maker.one_pass(body));
    } else {
        statements.extend(body);
    }
    if broke {
        let flag = maker.name(BROKE, ExprContext::Load);
        let test = Expr::UnaryOp(ExprUnaryOp { node_index: AtomicNodeIndex::default(), range: maker.range(), op: UnaryOp::Not, operand: Box::new(flag) });
        statements.push(Stmt::If(StmtIf { node_index: AtomicNodeIndex::default(), range: maker.range(), test: Box::new(test), body: for_loop.orelse.clone(), elif_else_clauses: Vec::new() }));
    } else {
        statements.extend(for_loop.orelse.iter().cloned());
    }
    Some(statements)
}

/// The flag that stops the generator (the loop broke, or the generator returned), and the one
/// that says the loop broke (for its `else`): after the prefix, with a dot, which no name of the
/// generator has.
const STOP: &str = ".stop";
const BROKE: &str = ".broke";

/// `stop = True` (and `broke = True` where the loop broke and has an `else`), then `break`.
fn maker_stop(maker: &mut Maker<'_, '_>, broke: bool) -> Vec<Stmt> {
    let mut statements = Vec::new();
    for flag in [STOP].into_iter().chain(broke.then_some(BROKE)) {
        let target = maker.name(flag, ExprContext::Store);
        let set = maker.boolean(true);
        statements.push(maker.assign(target, set));
    }
    statements.push(Stmt::Break(ruff_python_ast::StmtBreak { node_index: AtomicNodeIndex::default(), range: maker.range() }));
    statements
}

/// Makes the nodes of one inlining: names with its prefix, ranges located at the loop.
struct Maker<'m, 'p> {
    file: &'m mut SourceFile,
    at: TextRange,
    prefix: &'p str,
    /// Whether anything stops the generator early (a stop flag exists).
    stops: bool,
}

impl Maker<'_, '_> {
    fn range(&mut self) -> TextRange {
        self.file.synthetic_range(self.at)
    }

    fn name(&mut self, stem: &str, ctx: ExprContext) -> Expr {
        Expr::Name(ExprName { node_index: AtomicNodeIndex::default(), range: self.range(), id: Name::new(format!("{}{stem}", self.prefix)), ctx })
    }

    fn boolean(&mut self, value: bool) -> Expr {
        Expr::BooleanLiteral(ruff_python_ast::ExprBooleanLiteral { node_index: AtomicNodeIndex::default(), range: self.range(), value })
    }

    fn assign(&mut self, target: Expr, value: Expr) -> Stmt {
        Stmt::Assign(StmtAssign { node_index: AtomicNodeIndex::default(), range: self.range(), targets: vec![target], value: Box::new(value) })
    }

    /// `for _ in range(1): body`, a loop whose `break` and `continue` leave `body`.
    fn one_pass(&mut self, body: Suite) -> Stmt {
        let call_range = self.range();
        let once = ExprCall {
            node_index: AtomicNodeIndex::default(),
            range_start: call_range.start(),
            func: Box::new(Expr::Name(ExprName { node_index: AtomicNodeIndex::default(), range: self.range(), id: Name::new("range"), ctx: ExprContext::Load })),
            arguments: Arguments {
                node_index: AtomicNodeIndex::default(),
                range: call_range,
                args: vec![Expr::NumberLiteral(ExprNumberLiteral { node_index: AtomicNodeIndex::default(), range: self.range(), value: Number::Int(Int::from(1u32)) })].into(),
                keywords: Vec::new().into(),
            },
        };
        let pass = format!(".pass{}", self.file.synthetic_count());
        let target = self.name(&pass, ExprContext::Store);
        Stmt::For(StmtFor { node_index: AtomicNodeIndex::default(), range: self.range(), is_async: false, target: Box::new(target), iter: Box::new(Expr::Call(once)), body, orelse: Suite::new() })
    }

    /// `if stop: break`, which carries a stop out of the loop around it, where anything stops.
    fn break_if_stopped(&mut self) -> Option<Stmt> {
        if !self.stops {
            return None;
        }
        let flag = self.name(STOP, ExprContext::Load);
        let leave = Stmt::Break(ruff_python_ast::StmtBreak { node_index: AtomicNodeIndex::default(), range: self.range() });
        Some(Stmt::If(StmtIf { node_index: AtomicNodeIndex::default(), range: self.range(), test: Box::new(flag), body: vec![leave].into(), elif_else_clauses: Vec::new() }))
    }
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

/// Whether a loop body has a `break` of that loop (not of loops inside it).
fn breaks(body: &[Stmt]) -> bool {
    body.iter().any(|statement| match statement {
        Stmt::Break(_) => true,
        Stmt::If(if_statement) => breaks(&if_statement.body) || if_statement.elif_else_clauses.iter().any(|clause| breaks(&clause.body)),
        Stmt::Try(try_statement) => breaks(&try_statement.body) || breaks(&try_statement.orelse) || try_statement.handlers.iter().any(|ruff_python_ast::ExceptHandler::ExceptHandler(handler)| breaks(&handler.body)),
        Stmt::With(with) => breaks(&with.body),
        _ => false,
    })
}

/// Whether `body` has a `return` (outside nested functions, which lifting took out).
fn returns(body: &[Stmt]) -> bool {
    struct Finder(bool);
    impl<'a> Visitor<'a> for Finder {
        fn visit_stmt(&mut self, statement: &'a Stmt) {
            self.0 |= matches!(statement, Stmt::Return(_));
            visitor::walk_stmt(self, statement);
        }
    }
    let mut finder = Finder(false);
    visitor::walk_body(&mut finder, body);
    finder.0
}

/// Replaces each `break` of a loop body (not of loops inside it) by what `replacement` makes.
fn replace_breaks(body: &mut Suite, replacement: &mut dyn FnMut() -> Vec<Stmt>) {
    let mut replaced = Suite::new();
    for mut statement in std::mem::take(body) {
        match &mut statement {
            Stmt::Break(_) => {
                replaced.extend(replacement());
                continue;
            }
            Stmt::If(if_statement) => {
                replace_breaks(&mut if_statement.body, replacement);
                for clause in &mut if_statement.elif_else_clauses {
                    replace_breaks(&mut clause.body, replacement);
                }
            }
            Stmt::Try(try_statement) => {
                replace_breaks(&mut try_statement.body, replacement);
                replace_breaks(&mut try_statement.orelse, replacement);
                for ruff_python_ast::ExceptHandler::ExceptHandler(handler) in &mut try_statement.handlers {
                    replace_breaks(&mut handler.body, replacement);
                }
            }
            Stmt::With(with) => replace_breaks(&mut with.body, replacement),
            _ => {}
        }
        replaced.push(statement);
    }
    *body = replaced;
}

/// Whether every `yield` of `body` is a statement of its own, and `body` has no `return` of a
/// value, `global` or `nonlocal`.
fn yields_only_as_statements(body: &[Stmt]) -> bool {
    struct Checker {
        statements: usize,
        all: usize,
        refused: bool,
    }
    impl<'a> Visitor<'a> for Checker {
        fn visit_stmt(&mut self, statement: &'a Stmt) {
            match statement {
                Stmt::Return(ruff_python_ast::StmtReturn { value: Some(_), .. }) | Stmt::Global(_) | Stmt::Nonlocal(_) => self.refused = true,
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

/// What stands where the generator hands over control: a `yield` (with its value) or a `return`.
enum Yielded {
    Value(Option<Expr>),
    Return,
}

/// Replaces each `yield value` and `return` statement of `body` (at any depth) by what
/// `replacement` makes of it, and puts `if stop: break` after each loop holding one; whether
/// `body` held one.
fn replace_yields(body: &mut Suite, replacement: &mut dyn FnMut(Yielded, &mut Maker<'_, '_>) -> Vec<Stmt>, maker: &mut Maker<'_, '_>) -> bool {
    let mut replaced = Suite::new();
    let mut held = false;
    for mut statement in std::mem::take(body) {
        let inner = match &mut statement {
            Stmt::Expr(expression) if matches!(&*expression.value, Expr::Yield(_)) => {
                let Expr::Yield(yielded) = &mut *expression.value else { unreachable!("matched a yield") };
                replaced.extend(replacement(Yielded::Value(yielded.value.take().map(|value| *value)), maker));
                held = true;
                continue;
            }
            Stmt::Return(_) => {
                replaced.extend(replacement(Yielded::Return, maker));
                held = true;
                continue;
            }
            Stmt::For(for_loop) => {
                let inside = replace_yields(&mut for_loop.body, replacement, maker) | replace_yields(&mut for_loop.orelse, replacement, maker);
                replaced.push(statement);
                if inside {
                    replaced.extend(maker.break_if_stopped());
                }
                held |= inside;
                continue;
            }
            Stmt::While(while_loop) => {
                let inside = replace_yields(&mut while_loop.body, replacement, maker) | replace_yields(&mut while_loop.orelse, replacement, maker);
                replaced.push(statement);
                if inside {
                    replaced.extend(maker.break_if_stopped());
                }
                held |= inside;
                continue;
            }
            Stmt::If(if_statement) => {
                let mut inside = replace_yields(&mut if_statement.body, replacement, maker);
                for clause in &mut if_statement.elif_else_clauses {
                    inside |= replace_yields(&mut clause.body, replacement, maker);
                }
                inside
            }
            Stmt::Try(try_statement) => {
                let mut inside = replace_yields(&mut try_statement.body, replacement, maker) | replace_yields(&mut try_statement.orelse, replacement, maker) | replace_yields(&mut try_statement.finalbody, replacement, maker);
                for ruff_python_ast::ExceptHandler::ExceptHandler(handler) in &mut try_statement.handlers {
                    inside |= replace_yields(&mut handler.body, replacement, maker);
                }
                inside
            }
            Stmt::With(with) => replace_yields(&mut with.body, replacement, maker),
            _ => false,
        };
        held |= inner;
        replaced.push(statement);
    }
    *body = replaced;
    held
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

/// Gives the generator's variables the loop's prefix; the names it does not assign stay.
struct Renamer<'r> {
    prefix: &'r str,
    locals: &'r HashSet<String>,
}

impl Transformer for Renamer<'_> {
    fn visit_expr(&self, expr: &mut Expr) {
        match expr {
            Expr::Name(name) if self.locals.contains(name.id.as_str()) => {
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
