//! Gives each reassignment of a variable at the top level of a function a name of its own, as
//! Numba's SSA form gives each definition a version: after `x = np.reshape(x, (n, m))` or
//! `x = conv(x)` (a new dtype), `x` is a new variable that may have another type, where a
//! variable otherwise keeps one type in all the function.
//!
//! A top-level assignment starts a version, as does a top-level `for` loop whose variable was
//! defined before when nothing after the loop reads it; everything a later statement does with
//! the name (reads, and assignments inside its loops and branches, which join as they always do)
//! is the version current there. Variables that are bound by a comprehension, `:=` or an `except ... as`,
//! deleted, declared `global` or `nonlocal`, or named by a nested function, a lambda or a class
//! (which read them when called, not where they are defined) keep one name. The first
//! definition keeps the name; later ones are `name.1`, `name.2`, ... ([`source_name`] gives the
//! name back).
//!
//! Inside a loop, a variable that each iteration assigns before anything reads it, and that
//! nothing outside the loop's body reads, is versioned the same way within the body (aeon's
//! `C = C_alpha + ...` then `C = np.sum(C, axis=0)` in a loop over kernels): its assignments at
//! the top of the body start versions of their own. So is one that a branch of an `if` assigns
//! before reading it and that nothing outside the branch reads, and any variable a branch assigns
//! that ends by returning or raising.

use ruff_python_ast::{
    name::Name,
    visitor::{self, transformer, transformer::Transformer, Visitor},
    Expr, ExprContext, Parameters, Stmt, StmtFor, StmtFunctionDef, Suite,
};
use ruff_text_size::Ranged;
use std::{
    cell::RefCell,
    collections::{HashMap, HashSet},
};

/// The name a version of a variable has in the source: `x` for `x.2` (and for `x.2.u1`, its copy
/// in an unrolled loop, `unroll.rs`).
pub fn source_name(name: &str) -> &str {
    let name = crate::unroll::source_name(name);
    match name.rsplit_once('.') {
        Some((stem, version)) if !stem.is_empty() && !version.is_empty() && version.bytes().all(|byte| byte.is_ascii_digit()) => stem,
        _ => name,
    }
}

/// Renames the versions of `function`'s top-level reassigned variables.
pub fn version_variables(function: &mut StmtFunctionDef) {
    continue_in_type_branches(&mut function.body, &mut { TYPE_BRANCH_COPIES });
    let mut unversioned = Unversioned::default();
    visitor::walk_body(&mut unversioned, &function.body);
    let mut defined: HashSet<String> = parameter_names(&function.parameters).collect();
    let mut versions: HashMap<String, usize> = HashMap::new();
    let current = Current::default();
    for position in 0..function.body.len() {
        let (before, after) = function.body.split_at_mut(position + 1);
        let statement = &mut before[position];
        let (targets, value): (Vec<&mut Expr>, Option<&mut Expr>) = match statement {
            Stmt::Assign(assign) => (assign.targets.iter_mut().collect(), Some(&mut *assign.value)),
            Stmt::AnnAssign(assign) if assign.value.is_some() => (vec![&mut *assign.target], assign.value.as_deref_mut()),
            // `for index in range(n)` over a variable defined before (sgkit rebinds an argument so)
            // whose value nothing after the loop reads: the loop variable is a new version.
            Stmt::For(for_loop)
                if for_loop.orelse.is_empty()
                    && matches!(&*for_loop.target, Expr::Name(target) if defined.contains(target.id.as_str()) && !unversioned.names.contains(target.id.as_str()) && !read_in(after, target.id.as_str())) =>
            {
                current.visit_expr(&mut for_loop.iter);
                let Expr::Name(target) = &mut *for_loop.target else { unreachable!("matched a name") };
                let source = source_name(target.id.as_str()).to_string();
                let version = versions.entry(source.clone()).or_default();
                *version += 1;
                let renamed = format!("{source}.{version}");
                target.id = Name::new(&renamed);
                current.names.borrow_mut().insert(source, renamed);
                for inner in for_loop.body.iter_mut() {
                    transformer::walk_stmt(&current, inner);
                }
                let mut stored = Stored::default();
                visitor::walk_body(&mut stored, &for_loop.body);
                defined.extend(stored.names.into_iter().filter(|name| !unversioned.names.contains(name)));
                continue;
            }
            other => {
                transformer::walk_stmt(&current, other);
                let mut stored = Stored::default();
                stored.visit_stmt(other);
                defined.extend(stored.names.into_iter().filter(|name| !unversioned.names.contains(name)));
                continue;
            }
        };
        if let Some(value) = value {
            current.visit_expr(value);
        }
        for target in targets {
            // Reads inside a target (`a[x] = ...`) see the versions before the assignment.
            current.visit_expr(target);
            let mut bound = Vec::new();
            bound_names(target, &mut bound);
            for name in bound {
                let Expr::Name(stored) = name else { unreachable!("bound_names gives names") };
                let source = source_name(stored.id.as_str()).to_string();
                if unversioned.names.contains(&source) {
                    continue;
                }
                if defined.insert(source.clone()) {
                    stored.id = Name::new(&source);
                    continue;
                }
                let version = versions.entry(source.clone()).or_default();
                *version += 1;
                let renamed = format!("{source}.{version}");
                stored.id = Name::new(&renamed);
                current.names.borrow_mut().insert(source, renamed);
            }
        }
    }
    let mut uses = Uses::default();
    visitor::walk_body(&mut uses, &function.body);
    version_loop_bodies(&mut function.body, &unversioned.names, &uses, &mut versions);
    version_unread(&mut function.body, &unversioned.names, &mut versions);
}

/// The most `if`s decided by types that a function's rest is copied into (each copy doubles it).
const TYPE_BRANCH_COPIES: usize = 3;

/// `if isinstance(x, (int, float)): x = np.ones(n) * x` followed by the rest of the function
/// (esda's significance tests): the rest is copied to the end of the branch and into an `else`,
/// each ending by returning, so that what the branch assigns starts versions of its own there
/// (`version_block`) and may change type. Numba prunes a branch that `isinstance` decides before
/// it types the function; inference decides the test when compiling too (`static_truth`) and
/// types only the copy that runs (`pruned_block`). Only tests of `isinstance` alone (under `not`,
/// `and`, `or`) qualify, whose truth is always known when compiling, and only a rest that defines
/// no function, lambda or class (which would then be defined twice) and does not yield.
fn continue_in_type_branches(body: &mut Suite, copies_left: &mut usize) {
    for position in 0..body.len() {
        if *copies_left == 0 {
            return;
        }
        let rest = &body[position + 1..];
        let Stmt::If(branch) = &body[position] else { continue };
        let rebinds_a_read_name = assigned_names(&branch.body).iter().any(|name| read_in(rest, name));
        if !branch.elif_else_clauses.is_empty() || !is_type_test(&branch.test) || !rebinds_a_read_name || leaves(&branch.body) || !copyable(rest) {
            continue;
        }
        let mut rest = body.split_off(position + 1);
        if !leaves(&rest) {
            let at = body[position].range();
            rest.push(Stmt::Return(ruff_python_ast::StmtReturn { node_index: Default::default(), range: at, value: None }));
        }
        *copies_left -= 1;
        let Some(Stmt::If(branch)) = body.last_mut() else { unreachable!("the branch ends the body now") };
        branch.body.extend(rest.iter().cloned());
        continue_in_type_branches(&mut branch.body, copies_left);
        continue_in_type_branches(&mut rest, copies_left);
        branch.elif_else_clauses.push(ruff_python_ast::ElifElseClause { node_index: Default::default(), range: branch.range, test: None, body: rest });
        return;
    }
}

/// Whether `test` is made of `isinstance(...)` calls alone, whose truth types decide.
fn is_type_test(test: &Expr) -> bool {
    match test {
        Expr::Call(call) => matches!(&*call.func, Expr::Name(function) if function.id.as_str() == "isinstance"),
        Expr::UnaryOp(unary) => unary.op == ruff_python_ast::UnaryOp::Not && is_type_test(&unary.operand),
        Expr::BoolOp(operation) => operation.values.iter().all(is_type_test),
        _ => false,
    }
}

/// Whether `block` ends by returning or raising, or in an `if` each of whose clauses does.
fn leaves(block: &[Stmt]) -> bool {
    match block.last() {
        Some(Stmt::Return(_) | Stmt::Raise(_)) => true,
        Some(Stmt::If(branch)) => {
            branch.elif_else_clauses.last().is_some_and(|clause| clause.test.is_none()) && leaves(&branch.body) && branch.elif_else_clauses.iter().all(|clause| leaves(&clause.body))
        }
        _ => false,
    }
}

/// Whether `block` may be copied: it defines no function, lambda or class and does not yield.
fn copyable(block: &[Stmt]) -> bool {
    #[derive(Default)]
    struct Definitions {
        found: bool,
    }
    impl<'a> Visitor<'a> for Definitions {
        fn visit_stmt(&mut self, statement: &'a Stmt) {
            self.found |= matches!(statement, Stmt::FunctionDef(_) | Stmt::ClassDef(_));
            visitor::walk_stmt(self, statement);
        }
        fn visit_expr(&mut self, expr: &'a Expr) {
            self.found |= matches!(expr, Expr::Lambda(_) | Expr::Yield(_) | Expr::YieldFrom(_));
            visitor::walk_expr(self, expr);
        }
    }
    let mut definitions = Definitions::default();
    visitor::walk_body(&mut definitions, block);
    !definitions.found
}

/// Gives each binding of a variable that nothing reads a version of its own: decoupler's
/// `es[j], _, _ = f()` binds `_` to an int and an array at once, which as one variable could not
/// join, and Numba types each binding apart. An augmented assignment reads its target.
fn version_unread(body: &mut [Stmt], unversioned: &HashSet<String>, versions: &mut HashMap<String, usize>) {
    #[derive(Default)]
    struct Read {
        names: HashSet<String>,
    }
    impl<'a> Visitor<'a> for Read {
        fn visit_stmt(&mut self, statement: &'a Stmt) {
            if let Stmt::AugAssign(assign) = statement {
                if let Expr::Name(target) = &*assign.target {
                    self.names.insert(source_name(&target.id).to_string());
                }
            }
            visitor::walk_stmt(self, statement);
        }

        fn visit_expr(&mut self, expr: &'a Expr) {
            if let Expr::Name(name) = expr {
                if name.ctx == ExprContext::Load {
                    self.names.insert(source_name(&name.id).to_string());
                }
            }
            visitor::walk_expr(self, expr);
        }
    }
    struct Unread<'v> {
        read: HashSet<String>,
        unversioned: &'v HashSet<String>,
        versions: RefCell<&'v mut HashMap<String, usize>>,
    }
    impl Transformer for Unread<'_> {
        fn visit_expr(&self, expr: &mut Expr) {
            if let Expr::Name(name) = expr {
                let source = source_name(&name.id).to_string();
                if name.ctx == ExprContext::Store && !self.read.contains(&source) && !self.unversioned.contains(&source) {
                    let mut versions = self.versions.borrow_mut();
                    let version = versions.entry(source.clone()).or_default();
                    *version += 1;
                    name.id = Name::new(format!("{source}.{version}"));
                }
                return;
            }
            transformer::walk_expr(self, expr);
        }
    }
    let mut read = Read::default();
    visitor::walk_body(&mut read, body);
    let unread = Unread { read: read.names, unversioned, versions: RefCell::new(versions) };
    for statement in body.iter_mut() {
        unread.visit_stmt(statement);
    }
}

/// Versions, in each loop's body and each branch of an `if` (and the blocks within them), the
/// variables that the block assigns at its top level, twice or more, before anything reads them,
/// and that are read only in the block (`uses` counts every read of each name in the function):
/// their values never leave the block (statsforecast's `qsum = beta * s[k - q:k]` then
/// `qsum = np.nansum(qsum)` under `if q != 0:`).
fn version_loop_bodies(body: &mut [Stmt], unversioned: &HashSet<String>, uses: &Uses, versions: &mut HashMap<String, usize>) {
    for statement in body.iter_mut() {
        match statement {
            Stmt::For(for_loop) => {
                let mut targets = Vec::new();
                collect_names(&for_loop.target, &mut targets);
                version_block(&mut for_loop.body, &targets, false, unversioned, uses, versions);
            }
            Stmt::While(while_loop) => version_block(&mut while_loop.body, &[], false, unversioned, uses, versions),
            Stmt::If(if_statement) => {
                version_block(&mut if_statement.body, &[], true, unversioned, uses, versions);
                for clause in &mut if_statement.elif_else_clauses {
                    version_block(&mut clause.body, &[], true, unversioned, uses, versions);
                }
            }
            Stmt::With(with) => version_loop_bodies(&mut with.body, unversioned, uses, versions),
            _ => {}
        }
    }
}

/// Versions the variables of one block (a loop's body, or a `branch` of an `if`), as
/// `version_loop_bodies` says, except the loop's own `targets`; then the blocks within it.
fn version_block(block: &mut [Stmt], targets: &[String], branch: bool, unversioned: &HashSet<String>, uses: &Uses, versions: &mut HashMap<String, usize>) {
    let mut block_uses = Uses::default();
    visitor::walk_body(&mut block_uses, block);
    // A branch that ends by returning or raising, with no `break` or `continue` that could leave
    // it before, hands its values to no later statement: each of its top-level assignments may
    // start a version, whatever it reads.
    let leaves_the_function = branch && leaves(block) && !leaves_early(block);
    let names = if leaves_the_function { assigned_names(block) } else { iteration_locals(block) };
    for name in names {
        let source = source_name(&name).to_string();
        let read_only_inside = leaves_the_function || uses.reads(&name) == block_uses.reads(&name);
        if unversioned.contains(&source) || targets.contains(&name) || !read_only_inside {
            continue;
        }
        rename_iteration_local(block, &name, &source, versions);
    }
    version_loop_targets(block, targets, unversioned, uses, versions);
    version_loop_bodies(block, unversioned, uses, versions);
}

/// Gives a new version to the variable each `for` loop in `block` binds for its iterations (its
/// target, or what its body assigns first: `for v in values` reads `v = values[i]` by then),
/// where the function binds the name elsewhere too and reads it only in the bodies of loops that
/// bind it: sgkit counts with an int64 index in one branch's loop and a uint64 one in another's,
/// which as one variable would join as float64.
fn version_loop_targets(block: &mut [Stmt], enclosing_targets: &[String], unversioned: &HashSet<String>, uses: &Uses, versions: &mut HashMap<String, usize>) {
    for statement in block.iter_mut() {
        let Stmt::For(for_loop) = &*statement else { continue };
        let mut loop_uses = Uses::default();
        loop_uses.visit_stmt(statement);
        let renamed: HashMap<String, String> = iteration_bindings(for_loop)
            .into_iter()
            .filter(|name| {
                let bound_elsewhere = uses.writes(name) > loop_uses.writes(name);
                bound_elsewhere && uses.loose_reads(name) == 0 && !unversioned.contains(source_name(name)) && !enclosing_targets.contains(name)
            })
            .map(|name| {
                let source = source_name(&name).to_string();
                let version = versions.entry(source.clone()).or_default();
                *version += 1;
                (name, format!("{source}.{version}"))
            })
            .collect();
        if renamed.is_empty() {
            continue;
        }
        let Stmt::For(for_loop) = statement else { unreachable!("matched a loop") };
        let current = Current { names: RefCell::new(renamed) };
        current.visit_expr(&mut for_loop.target);
        for inner in for_loop.body.iter_mut() {
            transformer::walk_stmt(&current, inner);
        }
    }
}

/// The variables each iteration of `for_loop` binds before its body reads them: its target, and
/// the name its body's first statement assigns from a value that does not read it. None where the
/// loop has an `else`, which reads what the last iteration left.
fn iteration_bindings(for_loop: &StmtFor) -> Vec<String> {
    if !for_loop.orelse.is_empty() {
        return Vec::new();
    }
    let mut names = Vec::new();
    if let Expr::Name(target) = &*for_loop.target {
        names.push(target.id.to_string());
    }
    if let Some(Stmt::Assign(assign)) = for_loop.body.first() {
        if let [Expr::Name(stored)] = &assign.targets[..] {
            let mut mentions = Mentions { name: stored.id.as_str(), found: false };
            mentions.visit_expr(&assign.value);
            if !mentions.found {
                names.push(stored.id.to_string());
            }
        }
    }
    names
}

/// Whether `block` holds a `break` or a `continue` anywhere.
fn leaves_early(block: &[Stmt]) -> bool {
    #[derive(Default)]
    struct Jumps {
        found: bool,
    }
    impl<'a> Visitor<'a> for Jumps {
        fn visit_stmt(&mut self, statement: &'a Stmt) {
            self.found |= matches!(statement, Stmt::Break(_) | Stmt::Continue(_));
            visitor::walk_stmt(self, statement);
        }
    }
    let mut jumps = Jumps::default();
    visitor::walk_body(&mut jumps, block);
    jumps.found
}

/// The names `block` assigns at its top level, in order.
fn assigned_names(block: &[Stmt]) -> Vec<String> {
    let mut names: Vec<String> = Vec::new();
    for statement in block {
        if let Stmt::Assign(assign) = statement {
            for target in &assign.targets {
                if let Expr::Name(name) = target {
                    if !names.iter().any(|known| known == name.id.as_str()) {
                        names.push(name.id.to_string());
                    }
                }
            }
        }
    }
    names
}

/// The names a loop body assigns at its top level twice or more, whose first mention in the body
/// is such an assignment (of a value that does not read them).
fn iteration_locals(body: &[Stmt]) -> Vec<String> {
    let mut assigned_twice = Vec::new();
    let mut counts: HashMap<String, usize> = HashMap::new();
    for statement in body {
        if let Stmt::Assign(assign) = statement {
            for target in &assign.targets {
                if let Expr::Name(name) = target {
                    *counts.entry(name.id.to_string()).or_default() += 1;
                }
            }
        }
    }
    for (name, count) in counts {
        if count < 2 {
            continue;
        }
        let first_mention = body.iter().find(|statement| {
            let mut mentions = Mentions { name: &name, found: false };
            mentions.visit_stmt(statement);
            mentions.found
        });
        let assigned_first = matches!(first_mention, Some(Stmt::Assign(assign))
            if assign.targets.iter().any(|target| matches!(target, Expr::Name(stored) if stored.id.as_str() == name))
                && { let mut mentions = Mentions { name: &name, found: false }; mentions.visit_expr(&assign.value); !mentions.found });
        if assigned_first {
            assigned_twice.push(name);
        }
    }
    assigned_twice.sort();
    assigned_twice
}

/// Gives each top-level assignment of `name` in `body` a version of its own, and every other
/// mention (reads, and assignments in nested blocks, which join) the version current there.
fn rename_iteration_local(body: &mut [Stmt], name: &str, source: &str, versions: &mut HashMap<String, usize>) {
    let current = Current::default();
    for statement in body.iter_mut() {
        match statement {
            Stmt::Assign(assign) if assign.targets.iter().any(|target| matches!(target, Expr::Name(stored) if stored.id.as_str() == name)) => {
                current.visit_expr(&mut assign.value);
                let version = versions.entry(source.to_string()).or_default();
                *version += 1;
                let renamed = format!("{source}.{version}");
                for target in assign.targets.iter_mut() {
                    match target {
                        Expr::Name(stored) if stored.id.as_str() == name => stored.id = Name::new(&renamed),
                        other => current.visit_expr(other),
                    }
                }
                current.names.borrow_mut().insert(name.to_string(), renamed);
            }
            other => transformer::walk_stmt(&current, other),
        }
    }
}

fn collect_names(target: &Expr, names: &mut Vec<String>) {
    match target {
        Expr::Name(name) => names.push(name.id.to_string()),
        Expr::Tuple(tuple) => tuple.elts.iter().for_each(|element| collect_names(element, names)),
        Expr::List(list) => list.elts.iter().for_each(|element| collect_names(element, names)),
        Expr::Starred(starred) => collect_names(&starred.value, names),
        _ => {}
    }
}

/// How many times each name is read and bound.
#[derive(Default)]
struct Uses {
    loads: HashMap<String, usize>,
    stores: HashMap<String, usize>,
    /// The reads outside the body of every `for` loop that binds the name for its iterations (a
    /// read inside one sees only what its iteration bound).
    loose_loads: HashMap<String, usize>,
    /// What the `for` loops whose bodies are being walked bind for their iterations.
    loop_targets: Vec<String>,
}

impl Uses {
    fn reads(&self, name: &str) -> usize {
        self.loads.get(name).copied().unwrap_or(0)
    }

    fn writes(&self, name: &str) -> usize {
        self.stores.get(name).copied().unwrap_or(0)
    }

    fn loose_reads(&self, name: &str) -> usize {
        self.loose_loads.get(name).copied().unwrap_or(0)
    }
}

impl<'a> Visitor<'a> for Uses {
    fn visit_stmt(&mut self, statement: &'a Stmt) {
        match statement {
            Stmt::For(for_loop) => {
                self.visit_expr(&for_loop.target);
                self.visit_expr(&for_loop.iter);
                let bound = iteration_bindings(for_loop);
                let depth = self.loop_targets.len();
                self.loop_targets.extend(bound);
                visitor::walk_body(self, &for_loop.body);
                self.loop_targets.truncate(depth);
                visitor::walk_body(self, &for_loop.orelse);
            }
            _ => visitor::walk_stmt(self, statement),
        }
    }

    fn visit_expr(&mut self, expr: &'a Expr) {
        if let Expr::Name(name) = expr {
            let id = name.id.to_string();
            if name.ctx == ExprContext::Load {
                if !self.loop_targets.contains(&id) {
                    *self.loose_loads.entry(id.clone()).or_default() += 1;
                }
                *self.loads.entry(id).or_default() += 1;
            } else {
                *self.stores.entry(id).or_default() += 1;
            }
        }
        visitor::walk_expr(self, expr);
    }
}

/// Whether `statements` read the variable `name` (any version of it).
fn read_in(statements: &[Stmt], name: &str) -> bool {
    let mut uses = Uses::default();
    visitor::walk_body(&mut uses, statements);
    uses.loads.keys().any(|read| source_name(read) == name)
}

/// Whether a statement or expression mentions `name` (read or stored).
struct Mentions<'n> {
    name: &'n str,
    found: bool,
}

impl<'a> Visitor<'a> for Mentions<'_> {
    fn visit_expr(&mut self, expr: &'a Expr) {
        if matches!(expr, Expr::Name(name) if name.id.as_str() == self.name) {
            self.found = true;
        }
        visitor::walk_expr(self, expr);
    }
}

fn parameter_names(parameters: &Parameters) -> impl Iterator<Item = String> + '_ {
    parameters.iter().map(|parameter| parameter.name().to_string())
}

/// The names an assignment target binds: itself, or the names it unpacks into.
fn bound_names<'t>(target: &'t mut Expr, names: &mut Vec<&'t mut Expr>) {
    match target {
        Expr::Name(_) => names.push(target),
        Expr::Tuple(tuple) => tuple.elts.iter_mut().for_each(|element| bound_names(element, names)),
        Expr::List(list) => list.elts.iter_mut().for_each(|element| bound_names(element, names)),
        Expr::Starred(starred) => bound_names(&mut starred.value, names),
        _ => {}
    }
}

/// What an assignment target assigns: itself, or the targets it unpacks into (names,
/// attributes, elements).
pub(crate) fn unpacked_targets(target: &Expr) -> Vec<&Expr> {
    match target {
        Expr::Tuple(tuple) => tuple.elts.iter().flat_map(unpacked_targets).collect(),
        Expr::List(list) => list.elts.iter().flat_map(unpacked_targets).collect(),
        Expr::Starred(starred) => unpacked_targets(&starred.value),
        leaf => vec![leaf],
    }
}

/// Renames each read of a versioned variable to its current version.
#[derive(Default)]
struct Current {
    names: RefCell<HashMap<String, String>>,
}

impl Transformer for Current {
    fn visit_expr(&self, expr: &mut Expr) {
        if let Expr::Name(name) = expr {
            if let Some(version) = self.names.borrow().get(name.id.as_str()) {
                name.id = Name::new(version);
            }
            return;
        }
        transformer::walk_expr(self, expr);
    }
}

/// The names a statement binds (in their current versions).
#[derive(Default)]
struct Stored {
    names: Vec<String>,
}

impl<'a> Visitor<'a> for Stored {
    fn visit_expr(&mut self, expr: &'a Expr) {
        if let Expr::Name(name) = expr {
            if name.ctx == ExprContext::Store {
                self.names.push(source_name(name.id.as_str()).to_string());
            }
        }
        visitor::walk_expr(self, expr);
    }
}

/// The names that are not versioned: bound by a comprehension, `:=`, an `except ... as` or an
/// import, deleted, declared `global` or `nonlocal`, or named inside a nested function, lambda
/// or class.
#[derive(Default)]
struct Unversioned {
    names: HashSet<String>,
    /// Inside a nested function, lambda or class: every name counts.
    nested: usize,
    /// Inside a comprehension's targets or a `:=`'s: the names stored count.
    binding: usize,
}

impl<'a> Visitor<'a> for Unversioned {
    fn visit_stmt(&mut self, statement: &'a Stmt) {
        match statement {
            Stmt::FunctionDef(nested) => {
                self.names.insert(nested.name.to_string());
                self.names.extend(parameter_names(&nested.parameters));
                self.nested += 1;
                visitor::walk_stmt(self, statement);
                self.nested -= 1;
            }
            Stmt::ClassDef(class) => {
                self.names.insert(class.name.to_string());
                self.nested += 1;
                visitor::walk_stmt(self, statement);
                self.nested -= 1;
            }
            Stmt::Global(global) => self.names.extend(global.names.iter().map(ToString::to_string)),
            Stmt::Nonlocal(nonlocal) => self.names.extend(nonlocal.names.iter().map(ToString::to_string)),
            Stmt::Import(import) => self.names.extend(import.names.iter().map(|alias| alias.asname.as_ref().unwrap_or(&alias.name).to_string())),
            Stmt::ImportFrom(import) => self.names.extend(import.names.iter().map(|alias| alias.asname.as_ref().unwrap_or(&alias.name).to_string())),
            Stmt::Try(attempt) => {
                for handler in &attempt.handlers {
                    let ruff_python_ast::ExceptHandler::ExceptHandler(handler) = handler;
                    if let Some(name) = &handler.name {
                        self.names.insert(name.to_string());
                    }
                }
                visitor::walk_stmt(self, statement);
            }
            _ => visitor::walk_stmt(self, statement),
        }
    }

    fn visit_expr(&mut self, expr: &'a Expr) {
        match expr {
            Expr::Name(name) => {
                if self.nested > 0 || name.ctx == ExprContext::Del || (self.binding > 0 && name.ctx == ExprContext::Store) {
                    self.names.insert(name.id.to_string());
                }
            }
            Expr::Lambda(lambda) => {
                if let Some(parameters) = &lambda.parameters {
                    self.names.extend(parameter_names(parameters));
                }
                self.nested += 1;
                visitor::walk_expr(self, expr);
                self.nested -= 1;
            }
            Expr::Named(_) | Expr::ListComp(_) | Expr::SetComp(_) | Expr::DictComp(_) | Expr::Generator(_) => {
                self.binding += 1;
                visitor::walk_expr(self, expr);
                self.binding -= 1;
            }
            _ => visitor::walk_expr(self, expr),
        }
    }
}
