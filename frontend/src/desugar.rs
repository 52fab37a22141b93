//! Rewrites statements into the forms the rest of the frontend handles, before anything else
//! reads a function: `for` loops over sequences into loops over `range` (so that inference,
//! emission and the parallel-loop analysis see only range loops), loops' `else` into a flag, and
//! `assert test, message` into `if not test: raise AssertionError(message)`, and annotated
//! assignments into plain ones.
//!
//! `for v in a` (an array, by rows; a tuple of numbers of one type) becomes
//! `__rumba_seq0 = a` then `for __rumba_i0 in range(len(__rumba_seq0)): v = __rumba_seq0[__rumba_i0]`;
//! `enumerate(a, start)`, `zip(a, b, ...)` and `reversed(a)` nest (`for i, (x, y) in
//! enumerate(zip(a, b))`), each sequence evaluated once, before the loop, as Python does;
//! `a.flat`, `np.nditer(a)`, `np.ndenumerate(a)` and `np.ndindex(shape)` are walked by prelude
//! helpers (`_flat_item`, `_ndindex_item`, ...).
//! `for ... else` and `while ... else` become a flag that each `break` of the loop sets, and
//! `if not flag:` after the loop.
//! `try: body except [Exception [as e]]: handler [else: rest]` becomes
//! `if __rumba_try(len(body)): body; rest` `else: handler`, an `if` every analysis already reads
//! right (either the body completed, then the rest ran, or the handler ran); emission recognises
//! the marker and catches instead of testing. Forms Numba does not support either are left as
//! they are, for inference to refuse with `unsupported_try`'s reason.
//! Loops over `range(...)` and `prange(...)` stay as they are; a range inside `zip`, `enumerate`
//! or `reversed` is walked by index, and `len(range(...))` and `x in range(...)` are the
//! prelude's `_range_length` and `_range_contains` of its bounds; a variable bound only to ranges
//! keeps their bounds instead ([`bind_range_variables`]), and one bound only to `iter(x)` its
//! sequence and position ([`bind_iterator_variables`]). `getattr(x, "name")` is `x.name` (`hasattr` is decided when typing). A loop
//! over one of the module's generators runs the generator's body (`inline_generators.rs`), and
//! `sum`/`min`/`max`/`sorted` of a generator are of the list of its items.
//!
//! The nodes made here have empty ranges past the end of the text, one each, so that no type
//! recorded by range is shared with a node of the source; `SourceFile` locates each at the part of
//! the loop it stands for, where a diagnostic about it belongs.

use crate::diagnostics::SourceFile;
use ruff_python_ast::{
    name::Name,
    visitor::{
        self,
        transformer::{self, Transformer},
        Visitor,
    },
    Arguments, AtomicNodeIndex, CmpOp, Comprehension, ElifElseClause, ExceptHandler, Expr, ExprAttribute, ExprBinOp, ExprBooleanLiteral, ExprCall, ExprContext, ExprDict, ExprIf, ExprList,
    ExprName, ExprNumberLiteral, StmtExpr, ExprSubscript, ExprTuple, ExprUnaryOp, Identifier, Int, Number, Operator, Stmt, StmtAssert, StmtAssign, StmtFor, StmtIf, StmtRaise,
    StmtFunctionDef, StmtTry, Suite, UnaryOp,
};
use ruff_text_size::{Ranged, TextRange};
use std::collections::{HashMap, HashSet};

/// The name every module binds to `numpy`, for the calls of the prelude's helpers made here.
pub const PRELUDE_MODULE: &str = "__rumba_np";

/// Whether `name` holds the sequence a rewritten `for` loop walks (`__rumba_seq0`).
pub fn is_sequence(name: &str) -> bool {
    name.strip_prefix("__rumba_seq").is_some_and(|count| count.chars().all(|c| c.is_ascii_digit()))
}

/// The function the test of an `if` made from a `try` calls, with the length of the try body.
pub const TRY_MARKER: &str = "__rumba_try";

/// Why compiled code cannot run `statement`, as Numba cannot: where, and what to write instead.
pub fn unsupported_try(statement: &StmtTry) -> Option<(TextRange, String)> {
    if statement.is_star {
        return Some((statement.range, "'except*' is not supported".into()));
    }
    if let Some(first) = statement.finalbody.first() {
        return Some((first.range(), "'finally' is not supported (nor in Numba)".into()));
    }
    if let Some(second) = statement.handlers.get(1) {
        return Some((second.range(), "only one 'except' clause is supported, catching every exception (as in Numba)".into()));
    }
    let ExceptHandler::ExceptHandler(handler) = statement.handlers.first()?;
    if let Some(class) = handler.type_.as_deref() {
        if !matches!(class, Expr::Name(name) if matches!(name.id.as_str(), "Exception" | "BaseException")) {
            return Some((class.range(), "catching a particular exception class is not supported (as in Numba): write 'except Exception:'".into()));
        }
    }
    let bound = handler.name.as_ref()?;
    let mut uses = NameLoads { name: bound.as_str(), found: None };
    uses.visit_body(&handler.body);
    uses.found.map(|range| (range, format!("the exception object '{bound}' cannot be used in compiled code (as in Numba)")))
}

/// Where a body first reads `name`.
struct NameLoads<'n> {
    name: &'n str,
    found: Option<TextRange>,
}

impl<'a> Visitor<'a> for NameLoads<'_> {
    fn visit_expr(&mut self, expr: &'a Expr) {
        match expr {
            Expr::Name(name) if self.found.is_none() && name.id.as_str() == self.name => self.found = Some(name.range),
            _ => visitor::walk_expr(self, expr),
        }
    }
}

/// Whether a body grows the list `name` (`name.append(...)`, `extend`, `insert`): a loop over it
/// must then see the items added, as Python's list iterator does.
struct Grows<'n> {
    name: &'n str,
    found: bool,
}

impl<'a> Visitor<'a> for Grows<'_> {
    fn visit_expr(&mut self, expr: &'a Expr) {
        if let Expr::Call(call) = expr {
            if let Expr::Attribute(method) = &*call.func {
                if matches!(&*method.value, Expr::Name(list) if list.id.as_str() == self.name) && matches!(method.attr.as_str(), "append" | "extend" | "insert") {
                    self.found = true;
                }
            }
        }
        visitor::walk_expr(self, expr);
    }
}

/// The try body's length, if `test` is the test of an `if` made from a `try`.
pub fn try_body_length(test: &Expr) -> Option<usize> {
    let Expr::Call(call) = test else { return None };
    let (Expr::Name(function), [Expr::NumberLiteral(length)]) = (&*call.func, &*call.arguments.args) else { return None };
    match (&length.value, function.id.as_str() == TRY_MARKER) {
        (Number::Int(length), true) => length.as_usize(),
        _ => None,
    }
}

/// What the names a function calls are, as far as rewriting needs to know.
pub struct KnownCalls<'k> {
    /// Whether a name calls `range` or `prange` (loops over them stay as they are).
    pub ranges: &'k dyn Fn(&str) -> bool,
    /// Whether a callee makes a list from an iterable: `list`, Numba's `typed.List`.
    pub lists: &'k dyn Fn(&Expr) -> bool,
    /// Whether a callee makes a dict: `dict`, Numba's `typed.Dict`.
    pub dicts: &'k dyn Fn(&Expr) -> bool,
    /// Whether a name is Python's built-in of that name (the module does not bind it).
    pub builtins: &'k dyn Fn(&str) -> bool,
    /// The module's generator functions, which loops over them inline (`inline_generators.rs`),
    /// and those being inlined now (a generator that loops over itself is not).
    pub generators: &'k HashMap<String, StmtFunctionDef>,
    pub inlining: &'k std::cell::RefCell<Vec<String>>,
}

/// `for_loop` over a call of one of the module's generators, as the generator's body
/// (`inline_generators.rs`), rewritten in turn; `None` where it does not take that form.
fn inlined_generator(for_loop: &StmtFor, file: &mut SourceFile, known: &KnownCalls) -> Option<Vec<Stmt>> {
    let Expr::Call(call) = &*for_loop.iter else { return None };
    let Expr::Name(callee) = &*call.func else { return None };
    let generator = known.generators.get(callee.id.as_str())?;
    if known.inlining.borrow().contains(&callee.id.to_string()) {
        return None;
    }
    let mut inlined: Suite = crate::inline_generators::inlined(for_loop, generator, file)?.into();
    known.inlining.borrow_mut().push(callee.id.to_string());
    desugar(&mut inlined, file, known);
    known.inlining.borrow_mut().pop();
    Some(inlined.into_iter().collect())
}

/// Rewrites the statements of `body`, at any depth.
pub fn desugar(body: &mut Suite, file: &mut SourceFile, known: &KnownCalls) {
    let mut rewritten = Suite::new();
    for statement in std::mem::take(body) {
        // An annotation on a variable is not checked (as in Numba): `x: float = v` is `x = v`, and
        // `x: float` alone does nothing.
        let statement = match statement {
            Stmt::AnnAssign(annotated) => match annotated.value {
                Some(value) => Stmt::Assign(StmtAssign { node_index: annotated.node_index, range: annotated.range, targets: vec![*annotated.target], value }),
                None => continue,
            },
            other => other,
        };
        let mut statement = Rewriter { file: &mut *file }.extended_by_range(statement, known.builtins);
        RangeValues { rewriter: std::cell::RefCell::new(Rewriter { file: &mut *file }), builtins: known.builtins }.visit_stmt(&mut statement);
        NamedAttributes { rewriter: std::cell::RefCell::new(Rewriter { file: &mut *file }), builtins: known.builtins }.visit_stmt(&mut statement);
        FlatItems { rewriter: std::cell::RefCell::new(Rewriter { file: &mut *file }) }.visit_stmt(&mut statement);
        StarredTuples { rewriter: std::cell::RefCell::new(Rewriter { file: &mut *file }) }.visit_stmt(&mut statement);
        ConsumedGenerators { rewriter: std::cell::RefCell::new(Rewriter { file: &mut *file }), generators: known.generators, builtins: known.builtins }.visit_stmt(&mut statement);
        // Simple statements, and a loop's iterable, which is evaluated once before the loop.
        // An `if`'s first test runs once, before either branch: its calls may be hoisted too.
        if let Stmt::If(if_statement) = &mut statement {
            let splitter = StarCalls { rewriter: std::cell::RefCell::new(Rewriter { file: &mut *file }), built: Default::default() };
            splitter.visit_expr(&mut if_statement.test);
            rewritten.extend(splitter.built.into_inner());
            // `if sum([c.shape[0] for c in parts]) != n:` (aeon): the comprehension is built first.
            let hoister = ListBuilders { rewriter: std::cell::RefCell::new(Rewriter { file: &mut *file }), built: Default::default(), lists: known.lists, dicts: known.dicts, builtins: known.builtins };
            hoister.visit_expr(&mut if_statement.test);
            let mut built: Suite = hoister.built.into_inner().into();
            desugar(&mut built, file, known);
            rewritten.extend(built);
        }
        if matches!(statement, Stmt::Assign(_) | Stmt::AugAssign(_) | Stmt::Expr(_) | Stmt::Return(_) | Stmt::For(_)) {
            let splitter = StarCalls { rewriter: std::cell::RefCell::new(Rewriter { file: &mut *file }), built: Default::default() };
            match &mut statement {
                Stmt::For(for_loop) => splitter.visit_expr(&mut for_loop.iter),
                simple => splitter.visit_stmt(simple),
            }
            rewritten.extend(splitter.built.into_inner());
            let hoister = ListBuilders { rewriter: std::cell::RefCell::new(Rewriter { file: &mut *file }), built: Default::default(), lists: known.lists, dicts: known.dicts, builtins: known.builtins };
            match &mut statement {
                Stmt::For(for_loop) => hoister.visit_expr(&mut for_loop.iter),
                simple => hoister.visit_stmt(simple),
            }
            let mut built: Suite = hoister.built.into_inner().into();
            desugar(&mut built, file, known);
            rewritten.extend(built);
        }
        match &mut statement {
            Stmt::For(for_loop) => {
                desugar(&mut for_loop.body, file, known);
                desugar(&mut for_loop.orelse, file, known);
            }
            Stmt::While(while_loop) => {
                desugar(&mut while_loop.body, file, known);
                desugar(&mut while_loop.orelse, file, known);
            }
            Stmt::If(if_statement) => {
                desugar(&mut if_statement.body, file, known);
                for clause in &mut if_statement.elif_else_clauses {
                    desugar(&mut clause.body, file, known);
                }
            }
            Stmt::Try(try_statement) => {
                desugar(&mut try_statement.body, file, known);
                desugar(&mut try_statement.orelse, file, known);
                for ExceptHandler::ExceptHandler(handler) in &mut try_statement.handlers {
                    desugar(&mut handler.body, file, known);
                }
            }
            _ => {}
        }
        match statement {
            Stmt::Try(try_statement) if unsupported_try(&try_statement).is_none() && try_statement.handlers.len() == 1 => {
                rewritten.push(Rewriter { file }.try_statement(try_statement));
            }
            Stmt::For(for_loop) => match inlined_generator(&for_loop, file, known) {
                Some(inlined) => rewritten.extend(inlined),
                None => rewritten.extend(Rewriter { file }.for_loop(for_loop, known)),
            },
            Stmt::Assert(assert) => rewritten.push(Rewriter { file }.assertion(assert)),
            Stmt::While(mut while_loop) if !while_loop.orelse.is_empty() => {
                let orelse = std::mem::take(&mut while_loop.orelse);
                let at = while_loop.range;
                let mut rewriter = Rewriter { file };
                let (flag, after) = rewriter.unless_broken(&mut while_loop.body, orelse, at);
                rewritten.push(flag);
                rewritten.push(Stmt::While(while_loop));
                rewritten.push(after);
            }
            other => rewritten.push(other),
        }
    }
    *body = rewritten;
}

/// What a loop iterates over: how many items, and the item at an index.
struct Sequence {
    length: Expr,
    /// The item at the index held by the loop variable named by the argument.
    item: Box<dyn Fn(&mut Rewriter<'_>, Expr) -> Expr>,
}

struct Rewriter<'f> {
    file: &'f mut SourceFile,
}

impl Rewriter<'_> {
    /// A range of its own for a node made here, located at `at`.
    fn range(&mut self, at: TextRange) -> TextRange {
        self.file.synthetic_range(at)
    }

    fn name(&mut self, id: &str, ctx: ExprContext, at: TextRange) -> Expr {
        Expr::Name(ExprName { node_index: AtomicNodeIndex::default(), range: self.range(at), id: Name::new(id), ctx })
    }

    fn call(&mut self, function: &str, args: Vec<Expr>, at: TextRange) -> Expr {
        let function = self.name(function, ExprContext::Load, at);
        self.call_of(function, args, at)
    }

    fn call_of(&mut self, function: Expr, args: Vec<Expr>, at: TextRange) -> Expr {
        let range = self.range(at);
        Expr::Call(ExprCall {
            node_index: AtomicNodeIndex::default(),
            range_start: range.start(),
            func: Box::new(function),
            arguments: Arguments { range, node_index: AtomicNodeIndex::default(), args: args.into_boxed_slice(), keywords: Default::default() },
        })
    }

    fn integer(&mut self, value: u32, at: TextRange) -> Expr {
        Expr::NumberLiteral(ExprNumberLiteral { node_index: AtomicNodeIndex::default(), range: self.range(at), value: Number::Int(Int::from(value)) })
    }

    fn binary(&mut self, left: Expr, op: Operator, right: Expr, at: TextRange) -> Expr {
        Expr::BinOp(ExprBinOp { node_index: AtomicNodeIndex::default(), range: self.range(at), left: Box::new(left), op, right: Box::new(right) })
    }

    fn subscript(&mut self, value: Expr, index: Expr, at: TextRange) -> Expr {
        Expr::Subscript(ExprSubscript { node_index: AtomicNodeIndex::default(), range: self.range(at), value: Box::new(value), slice: Box::new(index), ctx: ExprContext::Load })
    }

    fn assign(&mut self, target: Expr, value: Expr, at: TextRange) -> Stmt {
        Stmt::Assign(StmtAssign { node_index: AtomicNodeIndex::default(), range: self.range(at), targets: vec![target], value: Box::new(value) })
    }

    /// `items.extend(range(...))` as the loop `for item in range(...): items.append(item)`; any
    /// other statement as it is.
    fn extended_by_range(&mut self, statement: Stmt, builtins: &dyn Fn(&str) -> bool) -> Stmt {
        let Stmt::Expr(expression) = &statement else { return statement };
        let Expr::Call(call) = &*expression.value else { return statement };
        let Expr::Attribute(method) = &*call.func else { return statement };
        let ([Expr::Call(iterable)], true) = (&call.arguments.args[..], call.arguments.keywords.is_empty()) else { return statement };
        let is_range = matches!(&*iterable.func, Expr::Name(function) if function.id.as_str() == "range" && builtins("range"));
        if method.attr.as_str() != "extend" || !is_range {
            return statement;
        }
        let at = statement.range();
        let item = self.fresh("extended");
        let appended = self.name(&item, ExprContext::Load, at);
        let append = self.method_statement((*method.value).clone(), "append", appended, at);
        Stmt::For(StmtFor {
            node_index: AtomicNodeIndex::default(),
            range: self.range(at),
            is_async: false,
            target: Box::new(self.name(&item, ExprContext::Store, at)),
            iter: Box::new(Expr::Call(iterable.clone())),
            body: vec![append].into(),
            orelse: Suite::new(),
        })
    }

    fn fresh(&mut self, stem: &str) -> String {
        format!("__rumba_{stem}{}", self.file.synthetic_count())
    }

    /// `for_loop` as statements that loop over `range`.
    fn for_loop(&mut self, mut for_loop: StmtFor, known: &KnownCalls) -> Vec<Stmt> {
        let mut before = Vec::new();
        if let Expr::Name(list) = &*for_loop.iter {
            let mut grows = Grows { name: list.id.as_str(), found: false };
            grows.visit_body(&for_loop.body);
            if grows.found {
                return self.growing_list_loop(for_loop);
            }
        }
        if !is_range(&for_loop.iter, known.ranges) {
            let at = for_loop.iter.range();
            let iter = std::mem::replace(&mut *for_loop.iter, Expr::NoneLiteral(Default::default()));
            // `pndindex(shape)`, Numba's parallel `np.ndindex`, walks the indices in a `prange`.
            let parallel = matches!(&iter, Expr::Call(call) if matches!(&*call.func, Expr::Name(ExprName { id, .. }) | Expr::Attribute(ExprAttribute { attr: Identifier { id, .. }, .. }) if id.as_str() == "pndindex"));
            let sequence = self.sequence(iter, &mut before, known.ranges);
            let index = self.fresh("i");
            let length = sequence.length;
            for_loop.iter = Box::new(self.call(if parallel { PARALLEL_RANGE } else { "range" }, vec![length], at));
            let index_load = self.name(&index, ExprContext::Load, at);
            let item = (sequence.item)(self, index_load);
            let target = std::mem::replace(&mut *for_loop.target, self.name(&index, ExprContext::Store, at));
            let binding = self.assign(target, item, at);
            for_loop.body.insert(0, binding);
        }
        if for_loop.orelse.is_empty() {
            before.push(Stmt::For(for_loop));
            return before;
        }
        let orelse = std::mem::take(&mut for_loop.orelse);
        let (flag, after) = self.unless_broken(&mut for_loop.body, orelse, for_loop.range);
        before.push(flag);
        before.push(Stmt::For(for_loop));
        before.push(after);
        before
    }

    /// `for v in items:` whose body appends to `items`, as `i = 0; while i < len(items): v =
    /// items[i]; i += 1; ...`: the length is read before each item, so the loop reaches the items
    /// its body adds (a breadth-first search over a queue it grows).
    fn growing_list_loop(&mut self, for_loop: StmtFor) -> Vec<Stmt> {
        let at = for_loop.iter.range();
        let index = self.fresh("i");
        let zero = self.integer(0, at);
        let start = self.name(&index, ExprContext::Store, at);
        let start = self.assign(start, zero, at);
        let position = self.name(&index, ExprContext::Load, at);
        let length = self.call("len", vec![(*for_loop.iter).clone()], at);
        let test = Expr::Compare(ruff_python_ast::ExprCompare {
            node_index: AtomicNodeIndex::default(),
            range: self.range(at),
            left: Box::new(position.clone()),
            ops: vec![CmpOp::Lt].into_boxed_slice(),
            comparators: vec![length].into_boxed_slice(),
        });
        let item = self.subscript(*for_loop.iter, position, at);
        let binding = self.assign(*for_loop.target, item, at);
        let one = self.integer(1, at);
        let advance = Stmt::AugAssign(ruff_python_ast::StmtAugAssign {
            node_index: AtomicNodeIndex::default(),
            range: self.range(at),
            target: Box::new(self.name(&index, ExprContext::Store, at)),
            op: Operator::Add,
            value: Box::new(one),
        });
        let mut body = vec![binding, advance];
        body.extend(for_loop.body);
        let mut while_loop = ruff_python_ast::StmtWhile { node_index: AtomicNodeIndex::default(), range: for_loop.range, test: Box::new(test), body: body.into(), orelse: Default::default() };
        if for_loop.orelse.is_empty() {
            return vec![start, Stmt::While(while_loop)];
        }
        let (flag, after) = self.unless_broken(&mut while_loop.body, for_loop.orelse, for_loop.range);
        vec![start, flag, Stmt::While(while_loop), after]
    }

    /// A `try` with one `except` that catches everything, as the `if` the module's doc describes.
    fn try_statement(&mut self, statement: StmtTry) -> Stmt {
        let at = statement.range;
        let length = statement.body.len() as u32;
        let length = self.integer(length, at);
        let test = self.call(TRY_MARKER, vec![length], at);
        let mut body = statement.body;
        body.extend(statement.orelse);
        let handler = statement.handlers.into_iter().next().map(|ExceptHandler::ExceptHandler(handler)| handler.body).unwrap_or_default();
        let otherwise = ElifElseClause { node_index: AtomicNodeIndex::default(), range: self.range(at), test: None, body: handler };
        Stmt::If(StmtIf { node_index: AtomicNodeIndex::default(), range: self.range(at), test: Box::new(test), body, elif_else_clauses: vec![otherwise] })
    }

    /// `assert test, message` as `if not test: raise AssertionError(message)`.
    fn assertion(&mut self, assert: StmtAssert) -> Stmt {
        let at = assert.range;
        let exception = match assert.msg {
            Some(message) => {
                let message_at = message.range();
                self.call("AssertionError", vec![*message], message_at)
            }
            None => self.name("AssertionError", ExprContext::Load, at),
        };
        let raise = Stmt::Raise(StmtRaise { node_index: AtomicNodeIndex::default(), range: self.range(at), exc: Some(Box::new(exception)), cause: None });
        let test = Expr::UnaryOp(ExprUnaryOp { node_index: AtomicNodeIndex::default(), range: self.range(at), op: UnaryOp::Not, operand: assert.test });
        Stmt::If(StmtIf { node_index: AtomicNodeIndex::default(), range: self.range(at), test: Box::new(test), body: vec![raise].into(), elif_else_clauses: Vec::new() })
    }

    /// A loop's `else`, which runs when no `break` ended the loop: the flag's assignment before
    /// the loop, and the `if` after it; each `break` of `body` sets the flag first.
    fn unless_broken(&mut self, body: &mut Suite, orelse: Suite, at: TextRange) -> (Stmt, Stmt) {
        let broke = self.fresh("broke");
        let unset = Expr::BooleanLiteral(ExprBooleanLiteral { node_index: AtomicNodeIndex::default(), range: self.range(at), value: false });
        let flag = self.name(&broke, ExprContext::Store, at);
        let before = self.assign(flag, unset, at);
        self.flag_breaks(body, &broke, at);
        let flag = self.name(&broke, ExprContext::Load, at);
        let test = Expr::UnaryOp(ExprUnaryOp { node_index: AtomicNodeIndex::default(), range: self.range(at), op: UnaryOp::Not, operand: Box::new(flag) });
        let after = Stmt::If(StmtIf { node_index: AtomicNodeIndex::default(), range: self.range(at), test: Box::new(test), body: orelse, elif_else_clauses: Vec::<ElifElseClause>::new() });
        (before, after)
    }

    /// Sets `flag` before each `break` of this loop (not of loops inside it).
    fn flag_breaks(&mut self, body: &mut Suite, flag: &str, at: TextRange) {
        let mut flagged = Suite::new();
        for mut statement in std::mem::take(body) {
            match &mut statement {
                Stmt::Break(_) => {
                    let set = Expr::BooleanLiteral(ExprBooleanLiteral { node_index: AtomicNodeIndex::default(), range: self.range(at), value: true });
                    let target = self.name(flag, ExprContext::Store, at);
                    flagged.push(self.assign(target, set, at));
                }
                Stmt::If(if_statement) => {
                    self.flag_breaks(&mut if_statement.body, flag, at);
                    for clause in &mut if_statement.elif_else_clauses {
                        self.flag_breaks(&mut clause.body, flag, at);
                    }
                }
                _ => {}
            }
            flagged.push(statement);
        }
        *body = flagged;
    }

    /// What `iter` iterates over; the sequences it needs evaluated once go into `before`.
    fn sequence(&mut self, iter: Expr, before: &mut Vec<Stmt>, ranges: &dyn Fn(&str) -> bool) -> Sequence {
        let at = iter.range();
        if let Expr::Call(call) = &iter {
            let keywords = call.arguments.keywords.len();
            let arguments = call.arguments.args.len();
            match &*call.func {
                Expr::Name(function) if function.id.as_str() == "enumerate" && keywords == 0 && (1..=2).contains(&arguments) => {
                    let Expr::Call(call) = iter else { unreachable!("matched a call") };
                    let mut arguments = call.arguments.args.into_vec().into_iter();
                    let inner = self.sequence(arguments.next().expect("one argument or two"), before, ranges);
                    let start = arguments.next().map(|start| self.once(start, "start", before));
                    return Sequence {
                        length: inner.length,
                        item: Box::new(move |rewriter: &mut Rewriter<'_>, index: Expr| {
                            let count = match &start {
                                Some(start) => {
                                    let start = rewriter.name(start, ExprContext::Load, at);
                                    rewriter.binary(index.clone(), Operator::Add, start, at)
                                }
                                None => index.clone(),
                            };
                            let item = (inner.item)(rewriter, index);
                            rewriter.tuple(vec![count, item], at)
                        }),
                    };
                }
                // A range inside `zip`, `enumerate` or `reversed`: its bounds evaluated once, the
                // item at `i` is `start + i * step`.
                Expr::Name(function) if ranges(function.id.as_str()) && keywords == 0 && (1..=3).contains(&arguments) => {
                    let Expr::Call(call) = iter else { unreachable!("matched a call") };
                    let mut bounds = call.arguments.args.into_vec();
                    if bounds.len() == 1 {
                        bounds.insert(0, self.integer(0, at));
                    }
                    let bounds: Vec<String> = bounds.into_iter().map(|bound| self.once(bound, "bound", before)).collect();
                    let arguments = bounds.iter().map(|bound| self.name(bound, ExprContext::Load, at)).collect();
                    return Sequence {
                        length: self.prelude_call("_range_length", arguments, at),
                        item: Box::new(move |rewriter: &mut Rewriter<'_>, index: Expr| {
                            let offset = match bounds.get(2) {
                                Some(step) => {
                                    let step = rewriter.name(step, ExprContext::Load, at);
                                    rewriter.binary(index, Operator::Mult, step, at)
                                }
                                None => index,
                            };
                            let start = rewriter.name(&bounds[0], ExprContext::Load, at);
                            rewriter.binary(start, Operator::Add, offset, at)
                        }),
                    };
                }
                Expr::Name(function) if function.id.as_str() == "zip" && keywords == 0 => {
                    let Expr::Call(call) = iter else { unreachable!("matched a call") };
                    let sequences: Vec<Sequence> = call.arguments.args.into_vec().into_iter().map(|argument| self.sequence(argument, before, ranges)).collect();
                    let mut lengths = Vec::new();
                    let mut items = Vec::new();
                    for sequence in sequences {
                        lengths.push(sequence.length);
                        items.push(sequence.item);
                    }
                    // `zip()` gives nothing.
                    let length = match lengths.len() {
                        0 => self.integer(0, at),
                        1 => lengths.pop().expect("one length"),
                        _ => self.call("min", lengths, at),
                    };
                    return Sequence {
                        length,
                        item: Box::new(move |rewriter: &mut Rewriter<'_>, index: Expr| {
                            let elements = items.iter().map(|item| item(rewriter, index.clone())).collect();
                            rewriter.tuple(elements, at)
                        }),
                    };
                }
                // Numba's `literal_unroll(t)`: a loop over `t` itself, so over numbers of one type.
                Expr::Name(ExprName { id, .. }) | Expr::Attribute(ExprAttribute { attr: Identifier { id, .. }, .. })
                    if id.as_str() == "literal_unroll" && keywords == 0 && arguments == 1 =>
                {
                    let Expr::Call(call) = iter else { unreachable!("matched a call") };
                    return self.sequence(call.arguments.args.into_vec().pop().expect("one argument"), before, ranges);
                }
                Expr::Name(function) if function.id.as_str() == "reversed" && keywords == 0 && arguments == 1 => {
                    let Expr::Call(call) = iter else { unreachable!("matched a call") };
                    let inner = self.sequence(call.arguments.args.into_vec().pop().expect("one argument"), before, ranges);
                    let length_name = self.fresh("length");
                    let target = self.name(&length_name, ExprContext::Store, at);
                    before.push(self.assign(target, inner.length, at));
                    let length = self.name(&length_name, ExprContext::Load, at);
                    return Sequence {
                        length,
                        item: Box::new(move |rewriter: &mut Rewriter<'_>, index: Expr| {
                            let length = rewriter.name(&length_name, ExprContext::Load, at);
                            let one = rewriter.integer(1, at);
                            let last = rewriter.binary(length, Operator::Sub, one, at);
                            let position = rewriter.binary(last, Operator::Sub, index, at);
                            (inner.item)(rewriter, position)
                        }),
                    };
                }
                Expr::Attribute(function) if matches!(function.attr.as_str(), "nditer" | "ndenumerate") && keywords == 0 && arguments == 1 => {
                    let item = if function.attr.as_str() == "nditer" { "_flat_item" } else { "_ndenumerate_item" };
                    let Expr::Call(call) = iter else { unreachable!("matched a call") };
                    let array = call.arguments.args.into_vec().pop().expect("one argument");
                    return self.walked(array, "_flat_size", item, before);
                }
                _ if is_ndindex(&call.func) && keywords == 0 && arguments > 0 => {
                    let Expr::Call(call) = iter else { unreachable!("matched a call") };
                    let mut extents = call.arguments.args.into_vec();
                    let shape = if extents.len() == 1 { extents.pop().expect("one argument") } else { self.tuple(extents, at) };
                    return self.walked(shape, "_ndindex_size", "_ndindex_item", before);
                }
                _ => {}
            }
        }
        if let Expr::Attribute(attribute) = &iter {
            if attribute.attr.as_str() == "flat" {
                let Expr::Attribute(attribute) = iter else { unreachable!("matched an attribute") };
                return self.walked(*attribute.value, "_flat_size", "_flat_item", before);
            }
        }
        let sequence = self.once(iter, "seq", before);
        let length = {
            let value = self.name(&sequence, ExprContext::Load, at);
            self.call("len", vec![value], at)
        };
        Sequence {
            length,
            item: Box::new(move |rewriter: &mut Rewriter<'_>, index: Expr| {
                let value = rewriter.name(&sequence, ExprContext::Load, at);
                rewriter.subscript(value, index, at)
            }),
        }
    }

    /// A sequence the prelude walks: `value` evaluated once, `size(value)` items, the item at `i`
    /// `item(value, i)` (`a.flat`, `np.ndenumerate(a)`, `np.ndindex(shape)`).
    fn walked(&mut self, value: Expr, size: &'static str, item: &'static str, before: &mut Vec<Stmt>) -> Sequence {
        let at = value.range();
        let walked = self.once(value, "walked", before);
        let argument = self.name(&walked, ExprContext::Load, at);
        let length = self.prelude_call(size, vec![argument], at);
        Sequence {
            length,
            item: Box::new(move |rewriter: &mut Rewriter<'_>, index: Expr| {
                let argument = rewriter.name(&walked, ExprContext::Load, at);
                rewriter.prelude_call(item, vec![argument, index], at)
            }),
        }
    }

    /// A call of the prelude's helper `name`, through the name the module binds to the prelude.
    fn prelude_call(&mut self, name: &str, args: Vec<Expr>, at: TextRange) -> Expr {
        let module = self.name(PRELUDE_MODULE, ExprContext::Load, at);
        let attr = Identifier { id: Name::new(name), range: self.range(at), node_index: AtomicNodeIndex::default() };
        let function = Expr::Attribute(ExprAttribute { node_index: AtomicNodeIndex::default(), range: self.range(at), value: Box::new(module), attr, ctx: ExprContext::Load });
        self.call_of(function, args, at)
    }

    /// `value` assigned to a fresh name before the loop; the name.
    fn once(&mut self, value: Expr, stem: &str, before: &mut Vec<Stmt>) -> String {
        let at = value.range();
        let name = self.fresh(stem);
        let target = self.name(&name, ExprContext::Store, at);
        before.push(self.assign(target, value, at));
        name
    }

    fn tuple(&mut self, elements: Vec<Expr>, at: TextRange) -> Expr {
        self.tuple_of(elements, ExprContext::Load, at)
    }

    fn tuple_of(&mut self, elements: Vec<Expr>, ctx: ExprContext, at: TextRange) -> Expr {
        Expr::Tuple(ExprTuple { node_index: AtomicNodeIndex::default(), range: self.range(at), elts: elements, ctx, parenthesized: true })
    }
}

/// The most items a call's `*args` may hold (each count is a branch of its own).
const STAR_ARGUMENTS: u32 = 32;

/// Hoists each call with a last `*args` argument (`func(x, *args)`, as SciPy-style solvers call
/// their objective) out of a simple statement: the sequence and the other arguments evaluated
/// once into fresh names, then `if len(args) == 0: r = func(a) elif len(args) == 1: r =
/// func(a, args[0]) ...`, the call's place taking `r`. A tuple's length is known when compiling,
/// so inference keeps the one branch that applies; past `STAR_ARGUMENTS` the call stays as it
/// was, a located error. Calls under a lambda, a conditional expression, `and`/`or` or a
/// comprehension are left alone: hoisting them would run them unconditionally.
struct StarCalls<'f> {
    rewriter: std::cell::RefCell<Rewriter<'f>>,
    built: std::cell::RefCell<Vec<Stmt>>,
}

impl StarCalls<'_> {
    /// `function` again with ranges of its own, if it is a name or a name's attribute.
    fn callee_copy(rewriter: &mut Rewriter<'_>, function: &Expr) -> Option<Expr> {
        match function {
            Expr::Name(name) => Some(rewriter.name(name.id.as_str(), ExprContext::Load, name.range)),
            Expr::Attribute(attribute) => {
                let value = Self::callee_copy(rewriter, &attribute.value)?;
                let attr = Identifier { id: attribute.attr.id.clone(), range: rewriter.range(attribute.range), node_index: AtomicNodeIndex::default() };
                Some(Expr::Attribute(ExprAttribute { node_index: AtomicNodeIndex::default(), range: rewriter.range(attribute.range), value: Box::new(value), attr, ctx: ExprContext::Load }))
            }
            _ => None,
        }
    }
}

impl Transformer for StarCalls<'_> {
    fn visit_expr(&self, expr: &mut Expr) {
        if matches!(expr, Expr::Lambda(_) | Expr::If(_) | Expr::BoolOp(_) | Expr::ListComp(_) | Expr::SetComp(_) | Expr::DictComp(_) | Expr::Generator(_)) {
            return;
        }
        transformer::walk_expr(self, expr);
        let Expr::Call(call) = expr else { return };
        let arguments = &call.arguments.args;
        if !matches!(arguments.last(), Some(Expr::Starred(_))) || arguments[..arguments.len() - 1].iter().any(|argument| matches!(argument, Expr::Starred(_))) {
            return;
        }
        let at = call.range();
        let mut rewriter = self.rewriter.borrow_mut();
        if Self::callee_copy(&mut rewriter, &call.func).is_none() || call.arguments.keywords.iter().any(|keyword| keyword.arg.is_none()) {
            return;
        }
        let Expr::Call(mut call) = std::mem::replace(expr, Expr::NoneLiteral(Default::default())) else { unreachable!("matched a call") };
        let mut positional = std::mem::take(&mut call.arguments.args).into_vec();
        let Some(Expr::Starred(starred)) = positional.pop() else { unreachable!("checked: a last star argument") };
        let mut built = self.built.borrow_mut();
        let sequence = rewriter.once(*starred.value, "args", &mut built);
        let given: Vec<String> = positional.into_iter().map(|argument| rewriter.once(argument, "argument", &mut built)).collect();
        let keywords: Vec<(Option<Identifier>, String)> =
            std::mem::take(&mut call.arguments.keywords).into_iter().map(|keyword| (keyword.arg, rewriter.once(keyword.value, "keyword", &mut built))).collect();
        let result = rewriter.fresh("called");
        let branch = |rewriter: &mut Rewriter<'_>, count: Option<u32>| -> Vec<Stmt> {
            let function = Self::callee_copy(rewriter, &call.func).expect("checked: a name or an attribute");
            let mut arguments: Vec<Expr> = given.iter().map(|name| rewriter.name(name, ExprContext::Load, at)).collect();
            match count {
                Some(count) => {
                    for position in 0..count {
                        let items = rewriter.name(&sequence, ExprContext::Load, at);
                        let index = rewriter.integer(position, at);
                        arguments.push(rewriter.subscript(items, index, at));
                    }
                }
                None => {
                    let items = rewriter.name(&sequence, ExprContext::Load, at);
                    arguments.push(Expr::Starred(ruff_python_ast::ExprStarred { node_index: AtomicNodeIndex::default(), range: starred.range, value: Box::new(items), ctx: ExprContext::Load }));
                }
            }
            let mut called = rewriter.call_of(function, arguments, at);
            if let Expr::Call(inner) = &mut called {
                inner.arguments.keywords = keywords
                    .iter()
                    .map(|(arg, value)| ruff_python_ast::Keyword { node_index: AtomicNodeIndex::default(), range: rewriter.range(at), arg: arg.clone(), value: rewriter.name(value, ExprContext::Load, at) })
                    .collect();
            }
            let target = rewriter.name(&result, ExprContext::Store, at);
            vec![rewriter.assign(target, called, at)]
        };
        let test = |rewriter: &mut Rewriter<'_>, count: u32| {
            let items = rewriter.name(&sequence, ExprContext::Load, at);
            let length = rewriter.call("len", vec![items], at);
            let count = rewriter.integer(count, at);
            Expr::Compare(ruff_python_ast::ExprCompare { node_index: AtomicNodeIndex::default(), range: rewriter.range(at), left: Box::new(length), ops: vec![CmpOp::Eq].into_boxed_slice(), comparators: vec![count].into_boxed_slice() })
        };
        let first_test = test(&mut rewriter, 0);
        let first_body = branch(&mut rewriter, Some(0));
        let mut clauses = Vec::new();
        for count in 1..=STAR_ARGUMENTS {
            let clause_test = test(&mut rewriter, count);
            let body = branch(&mut rewriter, Some(count));
            clauses.push(ElifElseClause { node_index: AtomicNodeIndex::default(), range: rewriter.range(at), test: Some(clause_test), body: body.into() });
        }
        let otherwise = branch(&mut rewriter, None);
        clauses.push(ElifElseClause { node_index: AtomicNodeIndex::default(), range: rewriter.range(at), test: None, body: otherwise.into() });
        built.push(Stmt::If(StmtIf { node_index: AtomicNodeIndex::default(), range: rewriter.range(at), test: Box::new(first_test), body: first_body.into(), elif_else_clauses: clauses }));
        *expr = rewriter.name(&result, ExprContext::Load, at);
    }
}

/// Hoists the list, set and dict comprehensions, `list(...)` calls (`typed.List(...)` too), `set(x)` and `dict()` (`typed.Dict()`) of a simple statement into statements that
/// build the list before it (`l = []`, loops over the comprehension's iterables, `l.append(item)`
/// under its conditions) and leaves the list's name in their place. Each comprehension's targets
/// are renamed to fresh names, so that they do not leak into the function, as in Python 3.
struct ListBuilders<'f> {
    rewriter: std::cell::RefCell<Rewriter<'f>>,
    built: std::cell::RefCell<Vec<Stmt>>,
    lists: &'f dyn Fn(&Expr) -> bool,
    dicts: &'f dyn Fn(&Expr) -> bool,
    builtins: &'f dyn Fn(&str) -> bool,
}

impl ListBuilders<'_> {
    /// `sorted(x, key=k, reverse=r)` and `items.sort(key=k, reverse=r)` (`items` a name): the
    /// items' keys built by a comprehension (a lambda's body inline, so that it reads the
    /// function's variables; any other key called), then the prelude's stable sort by keys.
    /// False where `expr` is no such call.
    fn keyed_sort(&self, expr: &mut Expr) -> bool {
        let Expr::Call(call) = expr else { return false };
        let sorted = matches!(&*call.func, Expr::Name(function) if function.id.as_str() == "sorted" && (self.builtins)("sorted")) && call.arguments.args.len() == 1;
        let in_place = matches!(&*call.func, Expr::Attribute(method) if method.attr.as_str() == "sort" && matches!(&*method.value, Expr::Name(_))) && call.arguments.args.is_empty();
        let keywords_known = call.arguments.keywords.iter().all(|keyword| matches!(keyword.arg.as_ref().map(|arg| arg.as_str()), Some("key" | "reverse")));
        if !(sorted || in_place) || !keywords_known || call.arguments.find_keyword("key").is_none() {
            return false;
        }
        let at = call.range();
        let Expr::Call(mut call) = std::mem::replace(expr, Expr::NoneLiteral(Default::default())) else { unreachable!("matched a call") };
        let mut keywords = std::mem::take(&mut call.arguments.keywords);
        let reverse_position = keywords.iter().position(|keyword| keyword.arg.as_ref().is_some_and(|arg| arg.as_str() == "reverse"));
        let reverse = reverse_position.map(|position| keywords.remove(position).value);
        let key = keywords.pop().expect("the key keyword").value;
        let items = if sorted {
            let mut iterable = call.arguments.args.into_vec().pop().expect("one argument");
            self.visit_expr(&mut iterable);
            let mut rewriter = self.rewriter.borrow_mut();
            let item = rewriter.fresh("item");
            let target = rewriter.name(&item, ExprContext::Store, at);
            let element = rewriter.name(&item, ExprContext::Load, at);
            let generator = Comprehension { range: rewriter.range(at), node_index: AtomicNodeIndex::default(), target, iter: iterable, ifs: Vec::new(), is_async: false };
            let (items, statements) = rewriter.builder(Comprehended { item: Item::Element(element), generators: vec![generator] }, at);
            self.built.borrow_mut().extend(statements);
            items
        } else {
            let Expr::Attribute(method) = *call.func else { unreachable!("matched a method") };
            let Expr::Name(receiver) = *method.value else { unreachable!("matched a name") };
            receiver.id.to_string()
        };
        let mut rewriter = self.rewriter.borrow_mut();
        let (target, element) = match key {
            Expr::Lambda(lambda) if lambda.parameters.as_ref().is_some_and(|parameters| parameters.args.len() == 1 && parameters.args[0].default.is_none() && parameters.len() == 1) => {
                let parameter = lambda.parameters.as_ref().expect("checked by the guard").args[0].name().to_string();
                (rewriter.name(&parameter, ExprContext::Store, at), *lambda.body)
            }
            function => {
                let item = rewriter.fresh("item");
                let argument = rewriter.name(&item, ExprContext::Load, at);
                (rewriter.name(&item, ExprContext::Store, at), rewriter.call_of(function, vec![argument], at))
            }
        };
        let iterable = rewriter.name(&items, ExprContext::Load, at);
        let generator = Comprehension { range: rewriter.range(at), node_index: AtomicNodeIndex::default(), target, iter: iterable, ifs: Vec::new(), is_async: false };
        let (keys, statements) = rewriter.builder(Comprehended { item: Item::Element(element), generators: vec![generator] }, at);
        self.built.borrow_mut().extend(statements);
        let reverse = reverse.unwrap_or_else(|| Expr::BooleanLiteral(ExprBooleanLiteral { node_index: AtomicNodeIndex::default(), range: rewriter.range(at), value: false }));
        let arguments = vec![rewriter.name(&items, ExprContext::Load, at), rewriter.name(&keys, ExprContext::Load, at), reverse];
        *expr = rewriter.prelude_call(if sorted { "_sorted_by_keys" } else { "_sort_by_keys" }, arguments, at);
        true
    }
}

impl Transformer for ListBuilders<'_> {
    fn visit_expr(&self, expr: &mut Expr) {
        let at = expr.range();
        if self.keyed_sort(expr) {
            return;
        }
        if matches!(expr, Expr::Call(call) if (self.dicts)(&call.func) && call.arguments.is_empty()) {
            *expr = Expr::Dict(ExprDict { node_index: AtomicNodeIndex::default(), range: self.rewriter.borrow_mut().range(at), items: Vec::new() });
            return;
        }
        let list_call = matches!(expr, Expr::Call(call) if (self.lists)(&call.func) && call.arguments.keywords.is_empty() && call.arguments.args.len() <= 1);
        let set_call = matches!(expr, Expr::Call(call) if matches!(&*call.func, Expr::Name(function) if function.id.as_str() == "set") && call.arguments.keywords.is_empty() && call.arguments.args.len() == 1);
        let dict_call = matches!(expr, Expr::Call(call) if (self.dicts)(&call.func) && matches!(&*call.func, Expr::Name(function) if function.id.as_str() == "dict") && call.arguments.keywords.is_empty() && call.arguments.args.len() == 1);
        if !list_call && !set_call && !dict_call && !matches!(expr, Expr::ListComp(_) | Expr::DictComp(_) | Expr::SetComp(_)) {
            transformer::walk_expr(self, expr);
            return;
        }
        let mut comprehension = match std::mem::replace(expr, Expr::NoneLiteral(Default::default())) {
            Expr::ListComp(comprehension) => Comprehended { item: Item::Element(*comprehension.elt), generators: comprehension.generators },
            Expr::DictComp(comprehension) => {
                let key = comprehension.key.expect("a dict comprehension has a key");
                Comprehended { item: Item::Entry(*key, *comprehension.value), generators: comprehension.generators }
            }
            Expr::SetComp(comprehension) => Comprehended { item: Item::Member(*comprehension.elt), generators: comprehension.generators },
            // `set(x)` is `{v for v in x}`.
            Expr::Call(call) if set_call => {
                let mut rewriter = self.rewriter.borrow_mut();
                let iterable = call.arguments.args.into_vec().pop().expect("one argument");
                let item = rewriter.fresh("item");
                let target = rewriter.name(&item, ExprContext::Store, at);
                let member = rewriter.name(&item, ExprContext::Load, at);
                let generator = Comprehension { range: rewriter.range(at), node_index: AtomicNodeIndex::default(), target, iter: iterable, ifs: Vec::new(), is_async: false };
                Comprehended { item: Item::Member(member), generators: vec![generator] }
            }
            // `dict(pairs)` is `{k: v for k, v in pairs}`, a dict's pairs its items (the prelude's
            // `_dict_pairs`; `zip(...)` and a display are no dict).
            Expr::Call(call) if dict_call => {
                let mut rewriter = self.rewriter.borrow_mut();
                let mut iterable = call.arguments.args.into_vec().pop().expect("one argument");
                let zipped = matches!(&iterable, Expr::Call(inner) if matches!(&*inner.func, Expr::Name(function) if function.id.as_str() == "zip" && (self.builtins)("zip")));
                if !zipped && !matches!(iterable, Expr::List(_) | Expr::Tuple(_)) {
                    iterable = rewriter.prelude_call("_dict_pairs", vec![iterable], at);
                }
                let (key, value) = (rewriter.fresh("key"), rewriter.fresh("value"));
                let elements = vec![rewriter.name(&key, ExprContext::Store, at), rewriter.name(&value, ExprContext::Store, at)];
                let target = Expr::Tuple(ExprTuple { node_index: AtomicNodeIndex::default(), range: rewriter.range(at), elts: elements, ctx: ExprContext::Store, parenthesized: false });
                let entry = (rewriter.name(&key, ExprContext::Load, at), rewriter.name(&value, ExprContext::Load, at));
                let generator = Comprehension { range: rewriter.range(at), node_index: AtomicNodeIndex::default(), target, iter: iterable, ifs: Vec::new(), is_async: false };
                Comprehended { item: Item::Entry(entry.0, entry.1), generators: vec![generator] }
            }
            Expr::Call(call) => {
                let mut rewriter = self.rewriter.borrow_mut();
                match call.arguments.args.into_vec().pop() {
                    // `list(x)` is `[v for v in x]`.
                    Some(iterable) => {
                        let item = rewriter.fresh("item");
                        let target = rewriter.name(&item, ExprContext::Store, at);
                        let element = rewriter.name(&item, ExprContext::Load, at);
                        let generator = Comprehension { range: rewriter.range(at), node_index: AtomicNodeIndex::default(), target, iter: iterable, ifs: Vec::new(), is_async: false };
                        Comprehended { item: Item::Element(element), generators: vec![generator] }
                    }
                    None => {
                        *expr = Expr::List(ExprList { node_index: AtomicNodeIndex::default(), range: rewriter.range(at), elts: Vec::new(), ctx: ExprContext::Load });
                        return;
                    }
                }
            }
            _ => unreachable!("a list call or a comprehension"),
        };
        // The first iterable is evaluated before the loops, so lists it makes are built first; the
        // rest of the comprehension is in the loops' body, which is rewritten as statements.
        self.visit_expr(&mut comprehension.generators[0].iter);
        let (container, statements) = self.rewriter.borrow_mut().builder(comprehension, at);
        self.built.borrow_mut().extend(statements);
        *expr = self.rewriter.borrow_mut().name(&container, ExprContext::Load, at);
    }
}

/// A list or dict comprehension: what each iteration adds, under the loops and conditions of its
/// generators.
struct Comprehended {
    item: Item,
    generators: Vec<Comprehension>,
}

enum Item {
    /// A list's element.
    Element(Expr),
    /// A set's member.
    Member(Expr),
    /// A dict's key and value.
    Entry(Expr, Expr),
}

/// Renames loads and stores of names (a comprehension's targets).
struct Renamer(HashMap<String, String>);

impl Transformer for Renamer {
    fn visit_expr(&self, expr: &mut Expr) {
        if let Expr::Name(name) = expr {
            if let Some(renamed) = self.0.get(name.id.as_str()) {
                name.id = Name::new(renamed);
            }
        }
        transformer::walk_expr(self, expr);
    }
}

fn target_names(target: &Expr, names: &mut Vec<String>) {
    match target {
        Expr::Name(name) => names.push(name.id.to_string()),
        Expr::Tuple(tuple) => tuple.elts.iter().for_each(|element| target_names(element, names)),
        _ => {}
    }
}

impl Rewriter<'_> {
    /// `receiver.method(argument)` as a statement.
    fn method_statement(&mut self, receiver: Expr, method: &str, argument: Expr, at: TextRange) -> Stmt {
        let attr = Identifier { id: Name::new(method), range: self.range(at), node_index: AtomicNodeIndex::default() };
        let function = Expr::Attribute(ExprAttribute { node_index: AtomicNodeIndex::default(), range: self.range(at), value: Box::new(receiver), attr, ctx: ExprContext::Load });
        let call = self.call_of(function, vec![argument], at);
        Stmt::Expr(StmtExpr { node_index: AtomicNodeIndex::default(), range: self.range(at), value: Box::new(call) })
    }

    /// The statements that build the list, set or dict of `comprehension`, and the name that holds it.
    fn builder(&mut self, mut comprehension: Comprehended, at: TextRange) -> (String, Vec<Stmt>) {
        let container = self.fresh(match comprehension.item {
            Item::Element(_) => "list",
            Item::Member(_) => "set",
            Item::Entry(..) => "dict",
        });
        let mut renamed = HashMap::new();
        for generator in &comprehension.generators {
            let mut names = Vec::new();
            target_names(&generator.target, &mut names);
            for name in names {
                let fresh = self.fresh(&format!("{name}_"));
                renamed.insert(name, fresh);
            }
        }
        let renamer = Renamer(renamed);
        match &mut comprehension.item {
            Item::Element(element) | Item::Member(element) => renamer.visit_expr(element),
            Item::Entry(key, value) => {
                renamer.visit_expr(key);
                renamer.visit_expr(value);
            }
        }
        for (position, generator) in comprehension.generators.iter_mut().enumerate() {
            renamer.visit_expr(&mut generator.target);
            // The first iterable is evaluated outside the comprehension, before its names exist.
            if position > 0 {
                renamer.visit_expr(&mut generator.iter);
            }
            generator.ifs.iter_mut().for_each(|condition| renamer.visit_expr(condition));
        }
        let receiver = self.name(&container, ExprContext::Load, at);
        let (adding, empty) = match comprehension.item {
            Item::Element(element) => {
                let adding = self.method_statement(receiver, "append", element, at);
                (adding, Expr::List(ExprList { node_index: AtomicNodeIndex::default(), range: self.range(at), elts: Vec::new(), ctx: ExprContext::Load }))
            }
            Item::Member(member) => {
                let adding = self.method_statement(receiver, "add", member, at);
                (adding, self.call("set", Vec::new(), at))
            }
            Item::Entry(key, value) => {
                let entry = Expr::Subscript(ExprSubscript { node_index: AtomicNodeIndex::default(), range: self.range(at), value: Box::new(receiver), slice: Box::new(key), ctx: ExprContext::Store });
                (self.assign(entry, value, at), Expr::Dict(ExprDict { node_index: AtomicNodeIndex::default(), range: self.range(at), items: Vec::new() }))
            }
        };
        let mut body: Suite = vec![adding].into();
        for generator in comprehension.generators.into_iter().rev() {
            for condition in generator.ifs.into_iter().rev() {
                body = vec![Stmt::If(StmtIf { node_index: AtomicNodeIndex::default(), range: self.range(at), test: Box::new(condition), body, elif_else_clauses: Vec::new() })].into();
            }
            body = vec![Stmt::For(StmtFor {
                node_index: AtomicNodeIndex::default(),
                range: self.range(at),
                is_async: false,
                target: Box::new(generator.target),
                iter: Box::new(generator.iter),
                body,
                orelse: Suite::new(),
            })]
            .into();
        }
        let target = self.name(&container, ExprContext::Store, at);
        let mut statements = vec![self.assign(target, empty, at)];
        statements.extend(body);
        (container, statements)
    }
}

/// `len(range(...))` and `x in range(...)` (`not in`), where a range is a value rather than what a
/// loop walks: the prelude's `_range_length(start, stop[, step])` and `_range_contains(x, start,
/// stop[, step])`, which compute them without making the range.
struct RangeValues<'f> {
    rewriter: std::cell::RefCell<Rewriter<'f>>,
    builtins: &'f dyn Fn(&str) -> bool,
}

impl RangeValues<'_> {
    /// The bounds of `range(...)` as `(start, stop[, step])`, if `expr` is such a call.
    fn bounds(&self, expr: &Expr) -> Option<Vec<Expr>> {
        let Expr::Call(call) = expr else { return None };
        let named_range = matches!(&*call.func, Expr::Name(function) if function.id.as_str() == "range" && (self.builtins)("range"));
        if !named_range || !call.arguments.keywords.is_empty() || !(1..=3).contains(&call.arguments.args.len()) {
            return None;
        }
        let mut bounds = call.arguments.args.to_vec();
        if bounds.len() == 1 {
            bounds.insert(0, self.rewriter.borrow_mut().integer(0, call.range()));
        }
        Some(bounds)
    }
}

impl Transformer for RangeValues<'_> {
    fn visit_expr(&self, expr: &mut Expr) {
        transformer::walk_expr(self, expr);
        let at = expr.range();
        match expr {
            Expr::Call(call) if matches!(&*call.func, Expr::Name(function) if function.id.as_str() == "len" && (self.builtins)("len")) && call.arguments.keywords.is_empty() && call.arguments.args.len() == 1 => {
                if let Some(bounds) = self.bounds(&call.arguments.args[0]) {
                    *expr = self.rewriter.borrow_mut().prelude_call("_range_length", bounds, at);
                }
            }
            Expr::Compare(compare) if matches!(&compare.ops[..], [CmpOp::In | CmpOp::NotIn]) => {
                let Some(mut arguments) = self.bounds(&compare.comparators[0]) else { return };
                arguments.insert(0, (*compare.left).clone());
                let negated = compare.ops[0] == CmpOp::NotIn;
                let mut rewriter = self.rewriter.borrow_mut();
                let contains = rewriter.prelude_call("_range_contains", arguments, at);
                *expr = if negated {
                    Expr::UnaryOp(ExprUnaryOp { node_index: AtomicNodeIndex::default(), range: rewriter.range(at), op: UnaryOp::Not, operand: Box::new(contains) })
                } else {
                    contains
                };
            }
            _ => {}
        }
    }
}

/// Variables bound only to `range(...)` (`r = range(a, b)`), which Numba types as range objects:
/// each assignment binds the bounds to three names of the variable's own, `r.start`, `r.stop`
/// and `r.step` read them, and any other read of `r` is the call `range(start, stop, step)` again,
/// which the rest of the rewrite already handles where a range is a value (`for`, `len`, `in`,
/// `zip`, `list`).
pub fn bind_range_variables(function: &mut StmtFunctionDef, file: &mut SourceFile, builtins: &dyn Fn(&str) -> bool) {
    split_conditional_ranges(&mut function.body, builtins);
    let variables = variables_bound_only_by(function, &|assign| range_binding(assign, builtins));
    if variables.is_empty() {
        return;
    }
    let rewriter = RangeVariables { rewriter: std::cell::RefCell::new(Rewriter { file }), variables, builtins };
    for statement in function.body.iter_mut() {
        rewriter.visit_stmt(statement);
    }
}

/// Variables bound only to `slice(...)` (`s = slice(lo, hi)`, then `a[s]`): each assignment binds
/// the slice's given bounds to names of the variable's own, and the variable as an index (alone
/// or in a tuple) becomes the slice written out, `a[lo:hi]`; `s.start`, `s.stop` and `s.step` are
/// the names. A bound given as the literal None in every binding is left out, as Python's slice
/// does; any other read of the variable stays what it was, a located error.
pub fn bind_slice_variables(function: &mut StmtFunctionDef, file: &mut SourceFile, builtins: &dyn Fn(&str) -> bool) {
    let variables = variables_bound_only_by(function, &|assign| slice_binding(assign, builtins).map(|(variable, _)| variable));
    if variables.is_empty() {
        return;
    }
    // Which of start, stop and step some binding of each variable gives (not as None).
    struct Parts<'b> {
        builtins: &'b dyn Fn(&str) -> bool,
        given: HashMap<String, [bool; 3]>,
    }
    impl<'a> Visitor<'a> for Parts<'_> {
        fn visit_stmt(&mut self, statement: &'a Stmt) {
            if let Stmt::Assign(assign) = statement {
                if let Some((variable, bounds)) = slice_binding(assign, self.builtins) {
                    let given = self.given.entry(variable.to_string()).or_default();
                    for (part, bound) in given.iter_mut().zip(bounds) {
                        *part |= bound.is_some_and(|bound| !matches!(bound, Expr::NoneLiteral(_)));
                    }
                }
            }
            visitor::walk_stmt(self, statement);
        }
    }
    let mut parts = Parts { builtins, given: HashMap::new() };
    visitor::walk_body(&mut parts, &function.body);
    let given = parts.given.into_iter().filter(|(variable, _)| variables.contains(variable)).collect();
    let rewriter = SliceVariables { rewriter: std::cell::RefCell::new(Rewriter { file }), given, builtins };
    for statement in function.body.iter_mut() {
        rewriter.visit_stmt(statement);
    }
}

/// The variable an assignment `s = slice(...)` binds, with its start, stop and step as given.
fn slice_binding<'a>(assign: &'a StmtAssign, builtins: &dyn Fn(&str) -> bool) -> Option<(&'a str, [Option<&'a Expr>; 3])> {
    let ([Expr::Name(target)], Expr::Call(call)) = (&assign.targets[..], &*assign.value) else { return None };
    if !is_builtin_call(call, "slice", builtins) || !call.arguments.keywords.is_empty() {
        return None;
    }
    let bounds = match &call.arguments.args[..] {
        [stop] => [None, Some(stop), None],
        [start, stop] => [Some(start), Some(stop), None],
        [start, stop, step] => [Some(start), Some(stop), Some(step)],
        _ => return None,
    };
    Some((target.id.as_str(), bounds))
}

const SLICE_PARTS: [&str; 3] = ["start", "stop", "step"];

struct SliceVariables<'f> {
    rewriter: std::cell::RefCell<Rewriter<'f>>,
    given: HashMap<String, [bool; 3]>,
    builtins: &'f dyn Fn(&str) -> bool,
}

impl SliceVariables<'_> {
    fn part(&self, variable: &str, part: &str, ctx: ExprContext, at: TextRange) -> Expr {
        self.rewriter.borrow_mut().name(&format!("__rumba_slice_{part}_{variable}"), ctx, at)
    }

    /// The slice `variable` holds, written out as an index.
    fn written_out(&self, variable: &str, at: TextRange) -> Expr {
        let given = self.given[variable];
        let bound = |position: usize| given[position].then(|| Box::new(self.part(variable, SLICE_PARTS[position], ExprContext::Load, at)));
        let (lower, upper, step) = (bound(0), bound(1), bound(2));
        Expr::Slice(ruff_python_ast::ExprSlice { node_index: AtomicNodeIndex::default(), range: self.rewriter.borrow_mut().range(at), lower, upper, step })
    }

    fn slice_variable(&self, expr: &Expr) -> Option<String> {
        match expr {
            Expr::Name(name) if name.ctx == ExprContext::Load && self.given.contains_key(name.id.as_str()) => Some(name.id.to_string()),
            _ => None,
        }
    }
}

impl Transformer for SliceVariables<'_> {
    fn visit_stmt(&self, statement: &mut Stmt) {
        if let Stmt::Assign(assign) = statement {
            if let Some((variable, bounds)) = slice_binding(assign, self.builtins).filter(|(variable, _)| self.given.contains_key(*variable)) {
                let (variable, at) = (variable.to_string(), assign.range);
                let given = self.given[&variable];
                let mut values: Vec<Expr> = bounds.into_iter().zip(given).filter(|(_, given)| *given).map(|(bound, _)| bound.cloned().unwrap_or_else(|| Expr::NoneLiteral(Default::default()))).collect();
                for value in &mut values {
                    self.visit_expr(value);
                }
                let targets: Vec<Expr> = SLICE_PARTS.iter().zip(given).filter(|(_, given)| *given).map(|(part, _)| self.part(&variable, part, ExprContext::Store, at)).collect();
                let mut rewriter = self.rewriter.borrow_mut();
                let target = rewriter.tuple_of(targets, ExprContext::Store, at);
                let value = rewriter.tuple_of(values, ExprContext::Load, at);
                *statement = rewriter.assign(target, value, at);
                return;
            }
        }
        transformer::walk_stmt(self, statement);
    }

    fn visit_expr(&self, expr: &mut Expr) {
        let at = expr.range();
        match expr {
            Expr::Subscript(subscript) => {
                self.visit_expr(&mut subscript.value);
                match &mut *subscript.slice {
                    Expr::Tuple(tuple) => {
                        for element in tuple.elts.iter_mut() {
                            match self.slice_variable(element) {
                                Some(variable) => *element = self.written_out(&variable, element.range()),
                                None => self.visit_expr(element),
                            }
                        }
                    }
                    index => match self.slice_variable(index) {
                        Some(variable) => *index = self.written_out(&variable, at),
                        None => self.visit_expr(index),
                    },
                }
            }
            // Any other read is the slice's call again, which inference refuses where it stands.
            Expr::Name(_) if self.slice_variable(expr).is_some() => {
                let variable = self.slice_variable(expr).expect("matched a slice variable");
                let given = self.given[&variable];
                let mut rewriter = self.rewriter.borrow_mut();
                let bounds = SLICE_PARTS.iter().zip(given).map(|(part, given)| if given { rewriter.name(&format!("__rumba_slice_{part}_{variable}"), ExprContext::Load, at) } else { Expr::NoneLiteral(ruff_python_ast::ExprNoneLiteral { node_index: AtomicNodeIndex::default(), range: rewriter.range(at) }) }).collect();
                *expr = rewriter.call("slice", bounds, at);
            }
            Expr::Attribute(attribute) if SLICE_PARTS.contains(&attribute.attr.as_str()) && self.slice_variable(&attribute.value).is_some() => {
                let variable = self.slice_variable(&attribute.value).expect("matched a slice variable");
                let position = SLICE_PARTS.iter().position(|part| *part == attribute.attr.as_str()).expect("matched a part");
                *expr = if self.given[&variable][position] { self.part(&variable, SLICE_PARTS[position], ExprContext::Load, at) } else { Expr::NoneLiteral(ruff_python_ast::ExprNoneLiteral { node_index: AtomicNodeIndex::default(), range: self.rewriter.borrow_mut().range(at) }) };
            }
            _ => transformer::walk_expr(self, expr),
        }
    }
}

/// Variables bound only to `iter(x)`, as Numba's iterators: each assignment binds `x` and a
/// position (a one-element array, which the prelude's helpers advance in place) to two names of
/// the variable's own; `next(it[, default])`, `for v in it` and `list(it)` become the prelude's
/// `_iter_next`, `_iter_next_or` and `_iter_rest` of them. Any other read of the iterator (passing
/// it on, `zip(a, it)`, which would consume it differently) is `iter(x)` again, refused where it
/// stands.
pub fn bind_iterator_variables(function: &mut StmtFunctionDef, file: &mut SourceFile, builtins: &dyn Fn(&str) -> bool) {
    let variables = variables_bound_only_by(function, &|assign| iterator_binding(assign, builtins));
    if variables.is_empty() {
        return;
    }
    let rewriter = IteratorVariables { rewriter: std::cell::RefCell::new(Rewriter { file }), variables, builtins };
    for statement in function.body.iter_mut() {
        rewriter.visit_stmt(statement);
    }
}

/// The names that `function` assigns only in assignments that `binding` recognises (it gives the
/// name each binds), and that are not its parameters, `global` or `nonlocal`.
fn variables_bound_only_by(function: &StmtFunctionDef, binding: &dyn Fn(&StmtAssign) -> Option<&str>) -> HashSet<String> {
    struct Bindings<'b> {
        binding: &'b dyn Fn(&StmtAssign) -> Option<&str>,
        bound: HashSet<String>,
        others: HashSet<String>,
    }
    impl<'a> Visitor<'a> for Bindings<'_> {
        fn visit_stmt(&mut self, statement: &'a Stmt) {
            match statement {
                Stmt::Assign(assign) if (self.binding)(assign).is_some() => {
                    self.bound.insert((self.binding)(assign).expect("matched").to_string());
                    self.visit_expr(&assign.value);
                }
                Stmt::Global(names) => self.others.extend(names.names.iter().map(|name| name.id.to_string())),
                Stmt::Nonlocal(names) => self.others.extend(names.names.iter().map(|name| name.id.to_string())),
                _ => visitor::walk_stmt(self, statement),
            }
        }
        fn visit_expr(&mut self, expr: &'a Expr) {
            if let Expr::Name(name) = expr {
                if name.ctx != ExprContext::Load {
                    self.others.insert(name.id.to_string());
                }
            }
            visitor::walk_expr(self, expr);
        }
    }
    let mut bindings = Bindings { binding, bound: HashSet::new(), others: function.parameters.iter().map(|parameter| parameter.name().to_string()).collect() };
    visitor::walk_body(&mut bindings, &function.body);
    bindings.bound.difference(&bindings.others).cloned().collect()
}

/// The variable `assign` binds to `iter(x)`, if it is such an assignment.
fn iterator_binding<'a>(assign: &'a StmtAssign, builtins: &dyn Fn(&str) -> bool) -> Option<&'a str> {
    let ([Expr::Name(target)], Expr::Call(call)) = (&assign.targets[..], &*assign.value) else { return None };
    (is_builtin_call(call, "iter", builtins) && call.arguments.keywords.is_empty() && call.arguments.args.len() == 1).then_some(target.id.as_str())
}

fn is_builtin_call(call: &ExprCall, name: &str, builtins: &dyn Fn(&str) -> bool) -> bool {
    matches!(&*call.func, Expr::Name(function) if function.id.as_str() == name && builtins(name))
}

struct IteratorVariables<'f> {
    rewriter: std::cell::RefCell<Rewriter<'f>>,
    variables: HashSet<String>,
    builtins: &'f dyn Fn(&str) -> bool,
}

impl IteratorVariables<'_> {
    /// The sequence and the position `variable` stands for.
    fn parts(&self, variable: &str, ctx: ExprContext, at: TextRange) -> Vec<Expr> {
        let mut rewriter = self.rewriter.borrow_mut();
        ["seq", "pos"].map(|part| rewriter.name(&format!("__rumba_{part}_{variable}"), ctx, at)).to_vec()
    }

    /// The iterator variable `expr` names, if it names one.
    fn iterator<'e>(&self, expr: &'e Expr) -> Option<&'e str> {
        match expr {
            Expr::Name(name) if name.ctx == ExprContext::Load && self.variables.contains(name.id.as_str()) => Some(name.id.as_str()),
            _ => None,
        }
    }

    /// `helper(sequence, position, extra...)` for the iterator `variable`.
    fn helper_call(&self, helper: &str, variable: &str, extra: Vec<Expr>, at: TextRange) -> Expr {
        let mut arguments = self.parts(variable, ExprContext::Load, at);
        arguments.extend(extra);
        self.rewriter.borrow_mut().prelude_call(helper, arguments, at)
    }
}

impl Transformer for IteratorVariables<'_> {
    fn visit_stmt(&self, statement: &mut Stmt) {
        match statement {
            Stmt::Assign(assign) if iterator_binding(assign, self.builtins).is_some_and(|variable| self.variables.contains(variable)) => {
                let variable = iterator_binding(assign, self.builtins).expect("matched").to_string();
                let at = assign.range;
                let Expr::Call(call) = &mut *assign.value else { unreachable!("an iterator binding is a call") };
                self.visit_expr(&mut call.arguments.args[0]);
                let sequence = call.arguments.args[0].clone();
                let targets = self.parts(&variable, ExprContext::Store, at);
                let mut rewriter = self.rewriter.borrow_mut();
                let position = rewriter.prelude_call("_iter_position", Vec::new(), at);
                let target = rewriter.tuple_of(targets, ExprContext::Store, at);
                let value = rewriter.tuple_of(vec![sequence, position], ExprContext::Load, at);
                *statement = rewriter.assign(target, value, at);
            }
            Stmt::For(for_loop) if self.iterator(&for_loop.iter).is_some() => {
                let variable = self.iterator(&for_loop.iter).expect("matched").to_string();
                let at = for_loop.iter.range();
                *for_loop.iter = self.helper_call("_iter_rest", &variable, Vec::new(), at);
                transformer::walk_stmt(self, statement);
            }
            _ => transformer::walk_stmt(self, statement),
        }
    }

    fn visit_expr(&self, expr: &mut Expr) {
        let at = expr.range();
        if let Expr::Call(call) = expr {
            let consumer = ["next", "list"].into_iter().find(|name| is_builtin_call(call, name, self.builtins));
            if let (Some(consumer), Some(variable), true) = (consumer, call.arguments.args.first().and_then(|first| self.iterator(first)), call.arguments.keywords.is_empty()) {
                let variable = variable.to_string();
                let mut extra = call.arguments.args[1..].to_vec();
                extra.iter_mut().for_each(|argument| self.visit_expr(argument));
                *expr = match (consumer, extra.len()) {
                    ("next", 0) => self.helper_call("_iter_next", &variable, extra, at),
                    ("next", 1) => self.helper_call("_iter_next_or", &variable, extra, at),
                    ("list", 0) => {
                        let rest = self.helper_call("_iter_rest", &variable, extra, at);
                        self.rewriter.borrow_mut().call("list", vec![rest], at)
                    }
                    _ => return transformer::walk_expr(self, expr),
                };
                return;
            }
        }
        if let Some(variable) = self.iterator(expr).map(str::to_string) {
            let [sequence, _] = <[Expr; 2]>::try_from(self.parts(&variable, ExprContext::Load, at)).expect("two parts");
            *expr = self.rewriter.borrow_mut().call("iter", vec![sequence], at);
            return;
        }
        transformer::walk_expr(self, expr);
    }
}

/// Rewrites `r = range(...) if test else range(...)` (numpy-groupies picks a loop's direction so)
/// as `if test: r = range(...)` / `else: r = range(...)`, so that `r` is a range variable.
fn split_conditional_ranges(body: &mut [Stmt], builtins: &dyn Fn(&str) -> bool) {
    let is_range = |expr: &Expr| matches!(expr, Expr::Call(call) if is_builtin_call(call, "range", builtins) && call.arguments.keywords.is_empty());
    for statement in body.iter_mut() {
        match statement {
            Stmt::Assign(assign) if matches!(&assign.targets[..], [Expr::Name(_)]) && matches!(&*assign.value, Expr::If(choice) if is_range(&choice.body) && is_range(&choice.orelse)) => {
                let Expr::If(choice) = std::mem::replace(&mut *assign.value, Expr::NoneLiteral(Default::default())) else { unreachable!("matched a conditional expression") };
                let branch = |value: Box<Expr>| Stmt::Assign(StmtAssign { node_index: AtomicNodeIndex::default(), range: assign.range, targets: assign.targets.clone(), value });
                let otherwise = ElifElseClause { node_index: AtomicNodeIndex::default(), range: choice.range, test: None, body: vec![branch(choice.orelse)].into() };
                *statement = Stmt::If(StmtIf { node_index: AtomicNodeIndex::default(), range: choice.range, test: choice.test, body: vec![branch(choice.body)].into(), elif_else_clauses: vec![otherwise] });
            }
            Stmt::For(for_loop) => split_conditional_ranges(&mut for_loop.body, builtins),
            Stmt::While(while_loop) => split_conditional_ranges(&mut while_loop.body, builtins),
            Stmt::If(if_statement) => {
                split_conditional_ranges(&mut if_statement.body, builtins);
                for clause in &mut if_statement.elif_else_clauses {
                    split_conditional_ranges(&mut clause.body, builtins);
                }
            }
            _ => {}
        }
    }
}

/// The variable `assign` binds to a call of the built-in `range` with one to three positional
/// arguments, if it is such an assignment.
fn range_binding<'a>(assign: &'a StmtAssign, builtins: &dyn Fn(&str) -> bool) -> Option<&'a str> {
    let ([Expr::Name(target)], Expr::Call(call)) = (&assign.targets[..], &*assign.value) else { return None };
    (is_builtin_call(call, "range", builtins) && call.arguments.keywords.is_empty() && (1..=3).contains(&call.arguments.args.len())).then_some(target.id.as_str())
}

struct RangeVariables<'f> {
    rewriter: std::cell::RefCell<Rewriter<'f>>,
    variables: HashSet<String>,
    builtins: &'f dyn Fn(&str) -> bool,
}

impl RangeVariables<'_> {
    fn bound(&self, variable: &str, part: &str, ctx: ExprContext, at: TextRange) -> Expr {
        self.rewriter.borrow_mut().name(&format!("__rumba_{part}_{variable}"), ctx, at)
    }
}

impl Transformer for RangeVariables<'_> {
    fn visit_stmt(&self, statement: &mut Stmt) {
        if let Stmt::Assign(assign) = statement {
            if let Some(variable) = range_binding(assign, self.builtins).filter(|variable| self.variables.contains(*variable)).map(str::to_string) {
                let at = assign.range;
                let Expr::Call(call) = &mut *assign.value else { unreachable!("a range binding is a call") };
                for argument in call.arguments.args.iter_mut() {
                    self.visit_expr(argument);
                }
                let mut bounds = call.arguments.args.to_vec();
                let mut rewriter = self.rewriter.borrow_mut();
                if bounds.len() == 1 {
                    bounds.insert(0, rewriter.integer(0, at));
                }
                if bounds.len() == 2 {
                    bounds.push(rewriter.integer(1, at));
                }
                drop(rewriter);
                let targets = ["start", "stop", "step"].map(|part| self.bound(&variable, part, ExprContext::Store, at)).to_vec();
                let mut rewriter = self.rewriter.borrow_mut();
                let target = rewriter.tuple_of(targets, ExprContext::Store, at);
                let value = rewriter.tuple_of(bounds, ExprContext::Load, at);
                *statement = rewriter.assign(target, value, at);
                return;
            }
        }
        transformer::walk_stmt(self, statement);
    }

    fn visit_expr(&self, expr: &mut Expr) {
        let at = expr.range();
        match expr {
            Expr::Attribute(attribute) if matches!(attribute.attr.as_str(), "start" | "stop" | "step") && matches!(&*attribute.value, Expr::Name(name) if self.variables.contains(name.id.as_str())) => {
                let Expr::Name(name) = &*attribute.value else { unreachable!("matched a name") };
                *expr = self.bound(name.id.as_str(), attribute.attr.as_str(), ExprContext::Load, at);
            }
            Expr::Name(name) if name.ctx == ExprContext::Load && self.variables.contains(name.id.as_str()) => {
                let variable = name.id.to_string();
                let bounds = ["start", "stop", "step"].map(|part| self.bound(&variable, part, ExprContext::Load, at)).to_vec();
                *expr = self.rewriter.borrow_mut().call("range", bounds, at);
            }
            _ => transformer::walk_expr(self, expr),
        }
    }
}

/// `sum(gen(...))`, `min`, `max` and `sorted` of a call of one of the module's generators as the
/// same of `list(gen(...))`, which the list rewrite makes a loop over the generator (inlined,
/// `inline_generators.rs`): each consumes every item, as the list does.
struct ConsumedGenerators<'f> {
    rewriter: std::cell::RefCell<Rewriter<'f>>,
    generators: &'f HashMap<String, StmtFunctionDef>,
    builtins: &'f dyn Fn(&str) -> bool,
}

impl Transformer for ConsumedGenerators<'_> {
    fn visit_expr(&self, expr: &mut Expr) {
        transformer::walk_expr(self, expr);
        let Expr::Call(call) = expr else { return };
        if !["sum", "min", "max", "sorted"].into_iter().any(|consumer| is_builtin_call(call, consumer, self.builtins)) {
            return;
        }
        let Some(first) = call.arguments.args.first_mut() else { return };
        if !matches!(first, Expr::Call(inner) if matches!(&*inner.func, Expr::Name(callee) if self.generators.contains_key(callee.id.as_str()))) {
            return;
        }
        let at = first.range();
        let generator = std::mem::replace(first, Expr::NoneLiteral(Default::default()));
        *first = self.rewriter.borrow_mut().call("list", vec![generator], at);
    }
}

/// `getattr(x, "name")` and `hasattr(x, "name")`, an attribute named by a string literal, as
/// Numba takes them: `x.name`, and `__rumba_hasattr(x.name)`, which typing decides by whether
/// `x.name` types (the attribute gets a range of its own: it is typed apart from the call).
struct NamedAttributes<'f> {
    rewriter: std::cell::RefCell<Rewriter<'f>>,
    builtins: &'f dyn Fn(&str) -> bool,
}

/// The callee `hasattr(x, "name")` becomes.
pub const HASATTR_MARKER: &str = "__rumba_hasattr";

impl Transformer for NamedAttributes<'_> {
    fn visit_expr(&self, expr: &mut Expr) {
        transformer::walk_expr(self, expr);
        let Expr::Call(call) = expr else { return };
        if let ([value, Expr::StringLiteral(name), default], true) = (&call.arguments.args[..], call.arguments.keywords.is_empty()) {
            if is_builtin_call(call, "getattr", self.builtins) {
                // `getattr(x, "name", default)`: `x.name if hasattr(x, "name") else default`,
                // decided when compiling.
                let at = call.range();
                let mut rewriter = self.rewriter.borrow_mut();
                let attr = Identifier { id: Name::new(name.value.to_str()), range: name.range, node_index: AtomicNodeIndex::default() };
                let probe = Expr::Attribute(ExprAttribute { node_index: AtomicNodeIndex::default(), range: rewriter.range(at), value: Box::new(value.clone()), attr: attr.clone(), ctx: ExprContext::Load });
                let test = rewriter.call(HASATTR_MARKER, vec![probe], at);
                let read = Expr::Attribute(ExprAttribute { node_index: AtomicNodeIndex::default(), range: rewriter.range(at), value: Box::new(value.clone()), attr, ctx: ExprContext::Load });
                *expr = Expr::If(ExprIf { node_index: AtomicNodeIndex::default(), range: at, test: Box::new(test), body: Box::new(read), orelse: Box::new(default.clone()) });
            }
            return;
        }
        let ([value, Expr::StringLiteral(name)], true) = (&call.arguments.args[..], call.arguments.keywords.is_empty()) else { return };
        let attr = Identifier { id: Name::new(name.value.to_str()), range: name.range, node_index: AtomicNodeIndex::default() };
        if is_builtin_call(call, "getattr", self.builtins) {
            *expr = Expr::Attribute(ExprAttribute { node_index: AtomicNodeIndex::default(), range: call.range(), value: Box::new(value.clone()), attr, ctx: ExprContext::Load });
        } else if is_builtin_call(call, "hasattr", self.builtins) {
            let at = call.range();
            let mut rewriter = self.rewriter.borrow_mut();
            let attribute = Expr::Attribute(ExprAttribute { node_index: AtomicNodeIndex::default(), range: rewriter.range(at), value: Box::new(value.clone()), attr, ctx: ExprContext::Load });
            *expr = rewriter.call(HASATTR_MARKER, vec![attribute], at);
        }
    }
}

/// `a.flat[i]` as `a[_flat_position(a, i)]`, the element's index in `a` itself, read or written:
/// `a.flat` alone is `np.ravel(a)`, a copy (read-only) for an array whose layout is not known to
/// be C-contiguous, and pysheds marks cells through `catch.flat[ix] = True` on `boolean[:,:]`.
/// A slice of `a.flat` stays a slice of the ravelled array.
struct FlatItems<'f> {
    rewriter: std::cell::RefCell<Rewriter<'f>>,
}

impl Transformer for FlatItems<'_> {
    fn visit_expr(&self, expr: &mut Expr) {
        transformer::walk_expr(self, expr);
        let Expr::Subscript(subscript) = expr else { return };
        let Expr::Attribute(attribute) = &*subscript.value else { return };
        // The array is read twice: only names and their attributes (`a.T.flat[i]`) are.
        let mut array = &*attribute.value;
        while let Expr::Attribute(inner) = array {
            array = &inner.value;
        }
        if attribute.attr.as_str() != "flat" || !matches!(array, Expr::Name(_)) || matches!(&*subscript.slice, Expr::Slice(_) | Expr::Tuple(_)) {
            return;
        }
        let array = (*attribute.value).clone();
        let at = subscript.slice.range();
        let index = std::mem::replace(&mut *subscript.slice, Expr::NoneLiteral(Default::default()));
        *subscript.slice = self.rewriter.borrow_mut().prelude_call("_flat_position", vec![array.clone(), index], at);
        *subscript.value = array;
    }
}

/// A tuple display with star items, `(3, *a.shape[1:])`, as the concatenation of its parts,
/// `(3,) + a.shape[1:]`: Numba takes the starred values as tuples, which `+` joins.
struct StarredTuples<'f> {
    rewriter: std::cell::RefCell<Rewriter<'f>>,
}

impl Transformer for StarredTuples<'_> {
    fn visit_expr(&self, expr: &mut Expr) {
        transformer::walk_expr(self, expr);
        let Expr::Tuple(tuple) = expr else { return };
        if tuple.ctx != ExprContext::Load || !tuple.elts.iter().any(Expr::is_starred_expr) {
            return;
        }
        let at = tuple.range;
        let mut rewriter = self.rewriter.borrow_mut();
        let mut parts: Vec<Expr> = Vec::new();
        let mut items: Vec<Expr> = Vec::new();
        for element in std::mem::take(&mut tuple.elts) {
            match element {
                Expr::Starred(starred) => {
                    if !items.is_empty() {
                        parts.push(rewriter.tuple(std::mem::take(&mut items), at));
                    }
                    parts.push(*starred.value);
                }
                item => items.push(item),
            }
        }
        if !items.is_empty() {
            parts.push(rewriter.tuple(items, at));
        }
        let mut parts = parts.into_iter();
        let first = parts.next().expect("a star item");
        *expr = parts.fold(first, |joined, part| rewriter.binary(joined, Operator::Add, part, at));
    }
}

/// The name of the `prange` that loops made here use (`pndindex`'s), whatever the module binds.
pub const PARALLEL_RANGE: &str = "__rumba_prange";

/// Whether `function` is `np.ndindex` or Numba's `pndindex` (as a name or an attribute).
fn is_ndindex(function: &Expr) -> bool {
    match function {
        Expr::Attribute(attribute) => matches!(attribute.attr.as_str(), "ndindex" | "pndindex"),
        Expr::Name(name) => name.id.as_str() == "pndindex",
        _ => false,
    }
}

/// Whether a loop's iterable is `range(...)` or `prange(...)` (`numba.prange(...)` too), which the
/// rest of the frontend loops over itself.
fn is_range(iter: &Expr, ranges: &dyn Fn(&str) -> bool) -> bool {
    let Expr::Call(call) = iter else { return false };
    match &*call.func {
        Expr::Name(function) => ranges(function.id.as_str()),
        Expr::Attribute(attribute) => attribute.attr.as_str() == "prange",
        _ => false,
    }
}
