//! `prange` loops: the analysis of reduction variables (`s += e`) and the emission of the loop as
//! `scf.parallel` with one `scf.reduce` per reduction.

use super::{arrays::array_text, *};
use rumba_dialects::Layout;

/// How a `prange` loop combines a reduction variable's per-iteration values.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Reduction {
    /// `s += e`, `s -= e`, `s = s + e`, `s = s - e`
    Add,
    /// `s *= e`, `s /= e`, `s = s * e`, `s = s / e`
    Mul,
    /// `s = min(s, e)`
    Min,
    /// `s = max(s, e)`
    Max,
    /// `s |= e`, `s = s | e`
    BitOr,
    /// `s &= e`, `s = s & e`
    BitAnd,
    /// `s ^= e`, `s = s ^ e`
    BitXor,
}

impl Reduction {
    /// The reduction `s op= e` (or `s = s op e`) performs; `-` and `/` update through `+` and `*`
    /// of their inverses, so the partial results of iterations combine by `+` and `*`.
    fn of_operator(op: Operator) -> Option<Reduction> {
        match op {
            Operator::Add | Operator::Sub => Some(Reduction::Add),
            Operator::Mult | Operator::Div => Some(Reduction::Mul),
            Operator::BitOr => Some(Reduction::BitOr),
            Operator::BitAnd => Some(Reduction::BitAnd),
            Operator::BitXor => Some(Reduction::BitXor),
            _ => None,
        }
    }
}

/// The reduction kind and the expression combined in, for one statement that updates `name`;
/// `None` when the statement assigns `name` some other way.
fn reduction_update<'e>(statement: &'e Stmt, name: &str) -> Option<(Reduction, &'e Expr)> {
    let is_name = |expr: &Expr| matches!(expr, Expr::Name(target) if target.id.as_str() == name);
    match statement {
        Stmt::AugAssign(assign) if is_name(&assign.target) => Reduction::of_operator(assign.op).map(|kind| (kind, &*assign.value)),
        Stmt::Assign(assign) if assign.targets.len() == 1 && is_name(&assign.targets[0]) => match &*assign.value {
            Expr::BinOp(binary) if is_name(&binary.left) => Reduction::of_operator(binary.op).map(|kind| (kind, &*binary.right)),
            // Only the commutative updates may have the variable on the right.
            Expr::BinOp(binary) if is_name(&binary.right) && !matches!(binary.op, Operator::Sub | Operator::Div) => {
                Reduction::of_operator(binary.op).map(|kind| (kind, &*binary.left))
            }
            Expr::Call(call) if call.arguments.args.len() == 2 && call.arguments.keywords.is_empty() => {
                let kind = match &*call.func {
                    Expr::Name(function) if function.id.as_str() == "min" => Reduction::Min,
                    Expr::Name(function) if function.id.as_str() == "max" => Reduction::Max,
                    _ => return None,
                };
                let (first, second) = (&call.arguments.args[0], &call.arguments.args[1]);
                if is_name(first) {
                    Some((kind, second))
                } else if is_name(second) {
                    Some((kind, first))
                } else {
                    None
                }
            }
            _ => None,
        },
        _ => None,
    }
}

/// Counts the loads of `name` in an expression.
fn loads_of(expr: &Expr, name: &str) -> usize {
    struct Loads<'n> {
        name: &'n str,
        count: usize,
    }
    impl<'a> ruff_python_ast::visitor::Visitor<'a> for Loads<'_> {
        fn visit_expr(&mut self, expr: &'a Expr) {
            if let Expr::Name(load) = expr {
                if load.id.as_str() == self.name && load.ctx == ruff_python_ast::ExprContext::Load {
                    self.count += 1;
                }
            }
            ruff_python_ast::visitor::walk_expr(self, expr);
        }
    }
    let mut loads = Loads { name, count: 0 };
    ruff_python_ast::visitor::Visitor::visit_expr(&mut loads, expr);
    loads.count
}

/// How `name` is combined across the iterations of a `prange` body: a reduction when every
/// statement that assigns it is an update of one kind (`reduction_update`) whose other operand does
/// not read it, and no other statement reads it.
fn reduction_of(body: &[Stmt], name: &str) -> Option<Reduction> {
    fn visit(statements: &[Stmt], name: &str, kind: &mut Option<Reduction>, valid: &mut bool) {
        for statement in statements {
            match statement {
                Stmt::If(if_statement) => {
                    *valid &= loads_of(&if_statement.test, name) == 0;
                    visit(&if_statement.body, name, kind, valid);
                    for clause in &if_statement.elif_else_clauses {
                        *valid &= clause.test.as_ref().is_none_or(|test| loads_of(test, name) == 0);
                        visit(&clause.body, name, kind, valid);
                    }
                }
                Stmt::For(for_loop) => {
                    *valid &= loads_of(&for_loop.iter, name) == 0;
                    visit(&for_loop.body, name, kind, valid);
                }
                Stmt::While(while_loop) => {
                    *valid &= loads_of(&while_loop.test, name) == 0;
                    visit(&while_loop.body, name, kind, valid);
                }
                other => match reduction_update(other, name) {
                    Some((update, operand)) => {
                        *valid &= loads_of(operand, name) == 0 && kind.is_none_or(|seen| seen == update);
                        *kind = Some(update);
                    }
                    None => {
                        let mut names = std::collections::HashSet::new();
                        crate::infer::assigned_names(std::slice::from_ref(other), &mut names);
                        let mut reads = 0;
                        let mut counter = ExprCounter { name, count: &mut reads };
                        ruff_python_ast::visitor::Visitor::visit_stmt(&mut counter, other);
                        *valid &= !names.contains(name) && reads == 0;
                    }
                },
            }
        }
    }
    let (mut kind, mut valid) = (None, true);
    visit(body, name, &mut kind, &mut valid);
    kind.filter(|_| valid)
}

/// Loads of `name` in `statements`.
fn statement_loads(statements: &[Stmt], name: &str) -> usize {
    let mut count = 0;
    let mut counter = ExprCounter { name, count: &mut count };
    for statement in statements {
        ruff_python_ast::visitor::Visitor::visit_stmt(&mut counter, statement);
    }
    count
}

/// Whether code outside `body` (a `prange` loop's, in `function_body`) may read `name` after the
/// loop has run: a read that does not come before the loop, or any read in a loop around it.
fn read_after_loop(function_body: &[Stmt], body: &[Stmt], name: &str) -> bool {
    use ruff_text_size::{Ranged, TextRange};
    struct Reads<'n> {
        name: &'n str,
        ranges: Vec<TextRange>,
        loops: Vec<TextRange>,
    }
    impl<'a> ruff_python_ast::visitor::Visitor<'a> for Reads<'_> {
        fn visit_stmt(&mut self, statement: &'a Stmt) {
            if matches!(statement, Stmt::For(_) | Stmt::While(_)) {
                self.loops.push(statement.range());
            }
            ruff_python_ast::visitor::walk_stmt(self, statement);
        }
        fn visit_expr(&mut self, expr: &'a Expr) {
            if let Expr::Name(load) = expr {
                if load.id.as_str() == self.name && load.ctx == ruff_python_ast::ExprContext::Load {
                    self.ranges.push(load.range);
                }
            }
            ruff_python_ast::visitor::walk_expr(self, expr);
        }
    }
    let (Some(first), Some(last)) = (body.first(), body.last()) else { return false };
    let loop_body = TextRange::new(first.start(), last.end());
    let mut reads = Reads { name, ranges: Vec::new(), loops: Vec::new() };
    ruff_python_ast::visitor::Visitor::visit_body(&mut reads, function_body);
    let around: Vec<TextRange> = reads.loops.iter().copied().filter(|range| range.contains_range(loop_body) && *range != loop_body).collect();
    reads.ranges.iter().any(|read| {
        !loop_body.contains_range(*read) && (read.end() > loop_body.start() || around.iter().any(|enclosing| enclosing.contains_range(*read)))
    })
}

/// The first load of `name` in `expr`, in evaluation order.
fn first_load<'e>(expr: &'e Expr, name: &str) -> Option<&'e Expr> {
    struct FirstLoad<'e, 'n> {
        name: &'n str,
        found: Option<&'e Expr>,
    }
    impl<'e> ruff_python_ast::visitor::Visitor<'e> for FirstLoad<'e, '_> {
        fn visit_expr(&mut self, expr: &'e Expr) {
            if self.found.is_some() {
                return;
            }
            match expr {
                Expr::Name(load) if load.id.as_str() == self.name && load.ctx == ruff_python_ast::ExprContext::Load => self.found = Some(expr),
                _ => ruff_python_ast::visitor::walk_expr(self, expr),
            }
        }
    }
    let mut visitor = FirstLoad { name, found: None };
    ruff_python_ast::visitor::Visitor::visit_expr(&mut visitor, expr);
    visitor.found
}

/// The first read of `name` in a loop body that may run before the body assigns it (so that it
/// reads a value from before the loop or from another iteration); `assigned` says whether it is
/// assigned on entry (the loop's own variable).
fn read_before_assignment<'b>(body: &'b [Stmt], name: &str, assigned: bool) -> Option<&'b Expr> {
    /// Walks `statements` in order, `Err` at a read that may come before an assignment.
    fn walk<'b>(statements: &'b [Stmt], name: &str, assigned: &mut bool) -> Result<(), &'b Expr> {
        let read_in = |expr: &'b Expr| first_load(expr, name).map_or(Ok(()), Err);
        for statement in statements {
            if *assigned {
                return Ok(());
            }
            match statement {
                Stmt::If(if_statement) => {
                    read_in(&if_statement.test)?;
                    let mut every_branch_assigns = branch(&if_statement.body, name)?;
                    let mut has_else = false;
                    for clause in &if_statement.elif_else_clauses {
                        if let Some(test) = &clause.test {
                            read_in(test)?;
                        }
                        has_else |= clause.test.is_none();
                        every_branch_assigns &= branch(&clause.body, name)?;
                    }
                    *assigned = every_branch_assigns && has_else;
                }
                Stmt::For(for_loop) => {
                    read_in(&for_loop.iter)?;
                    let mut inner = matches!(&*for_loop.target, Expr::Name(target) if target.id.as_str() == name);
                    walk(&for_loop.body, name, &mut inner)?;
                    branch(&for_loop.orelse, name)?;
                    // A loop that runs at least once and never jumps (pymatting's `for j in
                    // range(1): s = 0.0`) assigns what each iteration does.
                    *assigned = inner && runs_at_least_once(&for_loop.iter) && !jumps(&for_loop.body);
                }
                Stmt::While(while_loop) => {
                    read_in(&while_loop.test)?;
                    branch(&while_loop.body, name)?;
                    branch(&while_loop.orelse, name)?;
                }
                Stmt::AugAssign(assign) if matches!(&*assign.target, Expr::Name(target) if target.id.as_str() == name) => return Err(&assign.target),
                // No statement after these runs on their path, so none of them reads the name.
                Stmt::Continue(_) => *assigned = true,
                Stmt::Raise(raise) => {
                    for expr in raise.exc.iter().chain(&raise.cause) {
                        read_in(expr)?;
                    }
                    *assigned = true;
                }
                other => {
                    let mut reads = Vec::new();
                    let mut finder = FirstLoadInStatement { name, found: &mut reads };
                    ruff_python_ast::visitor::Visitor::visit_stmt(&mut finder, other);
                    if let Some(read) = reads.first() {
                        return Err(read);
                    }
                    let mut names = std::collections::HashSet::new();
                    crate::infer::assigned_names(std::slice::from_ref(other), &mut names);
                    *assigned = names.contains(name);
                }
            }
        }
        Ok(())
    }
    /// Whether a branch (or a loop body, which may not run) assigns `name` on every path through it.
    pub(super) fn branch<'b>(statements: &'b [Stmt], name: &str) -> Result<bool, &'b Expr> {
        let mut assigned = false;
        walk(statements, name, &mut assigned)?;
        Ok(assigned)
    }
    let mut assigned = assigned;
    walk(body, name, &mut assigned).err()
}

/// Whether `iter` is `range(n)` or `range(start, stop)` of integer literals with an item.
fn runs_at_least_once(iter: &Expr) -> bool {
    let Expr::Call(call) = iter else { return false };
    if !matches!(&*call.func, Expr::Name(function) if function.id.as_str() == "range") || !call.arguments.keywords.is_empty() {
        return false;
    }
    let literal = |expr: &Expr| match crate::resolve::literal_constant(expr) {
        Some(crate::resolve::Constant::Int(value)) => Some(value),
        _ => None,
    };
    match &call.arguments.args[..] {
        [stop] => literal(stop).is_some_and(|stop| stop >= 1),
        [start, stop] => matches!((literal(start), literal(stop)), (Some(start), Some(stop)) if start < stop),
        _ => false,
    }
}

/// Whether `body` holds a `break` or a `continue` anywhere.
fn jumps(body: &[Stmt]) -> bool {
    struct Jumps(bool);
    impl<'a> ruff_python_ast::visitor::Visitor<'a> for Jumps {
        fn visit_stmt(&mut self, statement: &'a Stmt) {
            self.0 |= matches!(statement, Stmt::Break(_) | Stmt::Continue(_));
            ruff_python_ast::visitor::walk_stmt(self, statement);
        }
    }
    let mut found = Jumps(false);
    ruff_python_ast::visitor::walk_body(&mut found, body);
    found.0
}

struct FirstLoadInStatement<'e, 'n, 'f> {
    name: &'n str,
    found: &'f mut Vec<&'e Expr>,
}

impl<'e> ruff_python_ast::visitor::Visitor<'e> for FirstLoadInStatement<'e, '_, '_> {
    fn visit_expr(&mut self, expr: &'e Expr) {
        if self.found.is_empty() {
            self.found.extend(first_load(expr, self.name));
        }
    }
}

struct ExprCounter<'n, 'c> {
    name: &'n str,
    count: &'c mut usize,
}

impl<'a> ruff_python_ast::visitor::Visitor<'a> for ExprCounter<'_, '_> {
    fn visit_expr(&mut self, expr: &'a Expr) {
        *self.count += loads_of(expr, self.name);
    }
}

impl FunctionEmitter<'_, '_, '_> {
    /// A `prange` loop under `parallel=True`: `scf.parallel` over the trip count. Every scalar the
    /// body assigns gets a private slot per iteration (starting from the value before the loop),
    /// reduction variables start from their operation's identity and combine through `scf.reduce`,
    /// and a raise in any iteration is published to the function's status after it.
    pub(super) fn emit_parallel_for(&mut self, start: &str, step: &str, count: &str, target: &str, body: &[Stmt], loc: &str) -> Result<(), Diagnostic> {
        let module = self.module;
        if let Some(exit) = first_break_or_return(body) {
            return Err(module.unsupported(exit, "a prange loop cannot break or return: its iterations run in parallel"));
        }
        let array_reductions = self.array_reductions(body)?;
        // An array variable the body reassigns is private to each iteration, which starts from
        // the array before the loop (aeon's distances rebind a work array per pair), as in Numba;
        // after the loop it is that array again, so a read there would not see any iteration's.
        let mut private_arrays = self.carried_arrays(&[body], false, None).names;
        private_arrays.retain(|name| !array_reductions.iter().any(|reduction| &reduction.name == name));
        if let Some(name) = private_arrays.iter().find(|name| read_after_loop(self.function_body, body, name)) {
            let at = first_assignment(body, name).unwrap_or(&body[0]);
            return Err(module.unsupported(at, format!("a prange loop cannot reassign the array '{name}' that is read after it: its iterations run in parallel, each with its own (an array it updates only with += and -=, or *= and /=, is a reduction)")));
        }
        let slots = if array_reductions.is_empty() { None } else { Some(self.call_runtime(PARALLEL_SLOTS, &[], loc)) };
        let mut partials_of_arrays = Vec::new();
        for reduction in &array_reductions {
            let slots = slots.clone().expect("called where there are array reductions");
            let mut extents = vec![slots];
            extents.extend(self.extents(&reduction.array, reduction.array_type, loc));
            let parts_type = ArrayType { ndim: reduction.array_type.ndim + 1, layout: Layout::C, readonly: false, ..reduction.array_type };
            let identity = Constant::Int(if reduction.kind == Reduction::Mul { 1 } else { 0 });
            let identity = self.scalar_constant(reduction.array_type.dtype, identity, loc);
            let Value::Array(parts, _) = self.new_array(parts_type, &extents, Some(identity), reduction.update)? else { unreachable!("new_array gives an array") };
            partials_of_arrays.push((parts, parts_type));
        }
        if let Some((at, name)) = self.shared_container_change(body) {
            return Err(module.unsupported(at, format!("a prange loop cannot change '{name}', which its iterations share: they run in parallel, so the changes would race; make the list, dict or set in the loop body, or write into an array indexed by the iteration")));
        }
        let mut assigned = std::collections::HashSet::new();
        crate::infer::assigned_names(body, &mut assigned);
        assigned.insert(target.to_string());
        let mut assigned: Vec<String> = assigned.into_iter().collect();
        assigned.sort();
        let mut reductions = Vec::new();
        let mut private = Vec::new();
        for name in assigned {
            let Some(Binding::Slots(slots, local_type)) = self.bindings.get(&name).cloned() else { continue };
            match (reduction_of(body, &name), slots.as_slice()) {
                (Some(_), [(_, Scalar::Complex { .. })]) if name != target => {
                    return Err(module.unsupported(&body[0], format!("'{name}' is a complex reduction, which a prange loop does not support yet")));
                }
                (Some(kind), [(slot, scalar)]) if name != target => reductions.push((name, kind, slot.clone(), *scalar)),
                _ => private.push((name, slots, local_type)),
            }
        }
        for (name, _, _) in &private {
            if let Some(read) = read_before_assignment(body, name, name == target) {
                return Err(module.unsupported(
                    read,
                    format!("'{name}' is read in this prange loop before the iteration assigns it, so its value would depend on the order the iterations run in; a reduction updates it with +=, -=, *=, /=, |=, &=, ^=, min or max only"),
                ));
            }
        }
        // Variables read after the loop get the value of the last iteration, as in a serial loop.
        let last_values: Vec<(String, Vec<(String, Scalar)>)> = private
            .iter()
            .filter(|(name, _, _)| statement_loads(self.function_body, name) > statement_loads(body, name))
            .map(|(name, slots, _)| (name.clone(), slots.clone()))
            .collect();
        if let Some((name, _)) = last_values.iter().find(|(name, _)| private.iter().any(|(private_name, _, local_type)| private_name == name && local_type.holds_handle())) {
            let at = first_assignment(body, name).unwrap_or(&body[0]);
            return Err(module.unsupported(at, format!("'{name}' is made by each iteration of this prange loop and read after it, but what an iteration makes lives only as long as the iteration")));
        }
        let initial: Vec<String> = reductions.iter().map(|(_, _, slot, scalar)| self.load(slot, &scalar.mlir())).collect();
        let upper = self.op(format!("py.cast {count} : si64 to index {loc}"));
        let lower = self.op("arith.constant 0 : index");
        let one = self.op("arith.constant 1 : index");
        let last = self.op(format!("arith.subi {upper}, {one} : index"));
        let induction = self.fresh();
        let shared = (self.state_slot.clone(), self.status_slot.clone());
        let outer_bindings = self.bindings.clone();
        let may_raise = exits(body, false) || body.iter().any(|statement| statement_may_raise(module, statement, self.module_emitter.boundscheck));
        self.in_parallel_loop = true;
        self.loop_depth += 1;
        let region = self.region(|this| {
            this.state_slot = this.alloca("i32");
            this.status_slot = this.alloca("i32");
            let zero = this.i32_constant(0);
            let (state, status) = (this.state_slot.clone(), this.status_slot.clone());
            this.store(&zero, &state, "i32");
            this.store(&zero, &status, "i32");
            for (name, slots, local_type) in &private {
                let mut copies = Vec::new();
                for (outer, scalar) in slots {
                    let copy = this.alloca(&scalar.mlir());
                    let value = this.load(outer, &scalar.mlir());
                    this.store(&value, &copy, &scalar.mlir());
                    copies.push((copy, *scalar));
                }
                this.bindings.insert(name.clone(), Binding::Slots(copies, local_type.clone()));
            }
            if let Some(locals) = this.region_arrays.last_mut() {
                locals.extend(private_arrays.iter().cloned());
            }
            let mut partial_slots = Vec::new();
            for (name, kind, _, scalar) in &reductions {
                let copy = this.alloca(&scalar.mlir());
                let identity = this.reduction_identity(*kind, *scalar, loc);
                this.store(&identity, &copy, &scalar.mlir());
                this.bindings.insert(name.clone(), Binding::Slots(vec![(copy.clone(), *scalar)], Type::Scalar(*scalar)));
                partial_slots.push(copy);
            }
            if !array_reductions.is_empty() {
                // Each thread adds into its own copy of the array, which start at zero.
                let slot = this.call_runtime(PARALLEL_SLOT, &[], loc);
                for (reduction, (parts, parts_type)) in array_reductions.iter().zip(&partials_of_arrays) {
                    let part = this.part_view(parts, *parts_type, &slot, reduction.array_type, loc);
                    this.bindings.insert(reduction.name.clone(), Binding::Ssa(Some(part)));
                }
            }
            let iteration = this.op(format!("py.cast {induction} : index to si64 {loc}"));
            this.loop_variable(&iteration, start, step, target, loc)?;
            let raise_points = this.raise_points;
            let arena_mark_at = this.lines.len();
            this.makes_arena_objects = false;
            this.emit_block(body)?;
            if this.makes_arena_objects {
                // What the iteration made is freed when it ends: a worker thread's arena is never
                // released by a call, and nothing the iteration made outlives it.
                let mark = this.fresh();
                this.module_emitter.runtime_calls.insert(ARENA_MARK);
                this.lines.insert(arena_mark_at, format!("{mark} = func.call @{}() : {} {loc}", ARENA_MARK.0, ARENA_MARK.1));
                this.call_runtime(ARENA_RELEASE, &[mark], loc);
            }
            // A raise the statements did not show (a dict's KeyError) is published too.
            let may_raise = may_raise || this.raise_points > raise_points;
            if !last_values.is_empty() {
                let is_last = this.op(format!("arith.cmpi eq, {induction}, {last} : index"));
                let (lines, ()) = this.region(|inner| {
                    for (name, outer_slots) in &last_values {
                        let Some(Binding::Slots(private_slots, _)) = inner.bindings.get(name).cloned() else { unreachable!("private variables have slots") };
                        for ((private_slot, scalar), (outer_slot, _)) in private_slots.iter().zip(outer_slots) {
                            let value = inner.load(private_slot, &scalar.mlir());
                            inner.store(&value, outer_slot, &scalar.mlir());
                        }
                    }
                    inner.line("scf.yield");
                    Ok(())
                })?;
                this.emit_if(&is_last, lines, None);
            }
            if may_raise {
                let status = this.load(&this.status_slot.clone(), "i32");
                let zero = this.i32_constant(0);
                let failed = this.op(format!("arith.cmpi ne, {status}, {zero} : i32"));
                let (shared_state, shared_status) = shared.clone();
                let (lines, ()) = this.region(|inner| {
                    let exit = inner.i32_constant(STATE_EXIT);
                    inner.op(format!("memref.atomic_rmw assign {status}, {shared_status}[] : (i32, memref<i32>) -> i32"));
                    inner.op(format!("memref.atomic_rmw assign {exit}, {shared_state}[] : (i32, memref<i32>) -> i32"));
                    inner.line("scf.yield");
                    Ok(())
                })?;
                this.emit_if(&failed, lines, None);
            }
            let partials: Vec<String> =
                partial_slots.iter().zip(&reductions).map(|(slot, (_, _, _, scalar))| this.load(slot, &scalar.mlir())).collect();
            if partials.is_empty() {
                this.line("scf.reduce");
            } else {
                let types: Vec<String> = reductions.iter().map(|(_, _, _, scalar)| scalar.mlir()).collect();
                let combiners: Vec<String> = reductions.iter().map(|(_, kind, _, scalar)| reduction_combiner(*kind, *scalar)).collect();
                this.line(format!("scf.reduce({} : {}) {{", partials.join(", "), types.join(", ")));
                this.line(combiners.join("}, {\n"));
                this.line("}");
            }
            Ok(())
        });
        self.loop_depth -= 1;
        self.in_parallel_loop = false;
        self.bindings = outer_bindings;
        (self.state_slot, self.status_slot) = shared;
        let (lines, ()) = region?;
        if reductions.is_empty() {
            let header = format!("scf.parallel ({induction}) = ({lower}) to ({upper}) step ({one}) {{");
            self.push_region(header, vec![(String::new(), lines)], format!("}} {loc}"));
            return self.combine_array_reductions(&array_reductions, &partials_of_arrays, slots, loc);
        }
        let results = self.fresh();
        let types: Vec<String> = reductions.iter().map(|(_, _, _, scalar)| scalar.mlir()).collect();
        let header = format!(
            "{results}:{} = scf.parallel ({induction}) = ({lower}) to ({upper}) step ({one}) init ({}) -> ({}) {{",
            reductions.len(),
            initial.join(", "),
            types.join(", ")
        );
        self.push_region(header, vec![(String::new(), lines)], format!("}} {loc}"));
        for (index, (_, _, slot, scalar)) in reductions.iter().enumerate() {
            self.store(&format!("{results}#{index}"), slot, &scalar.mlir());
        }
        self.combine_array_reductions(&array_reductions, &partials_of_arrays, slots, loc)
    }

    /// The arrays a `prange` body updates only in place by `+=` and `-=`, or by `*=` and `/=`
    /// (Numba's array reductions): bound before the loop, read by no other statement of the body.
    fn array_reductions<'b>(&mut self, body: &'b [Stmt]) -> Result<Vec<ArrayReduction<'b>>, Diagnostic> {
        let mut assigned = std::collections::HashSet::new();
        crate::infer::assigned_names(body, &mut assigned);
        let mut names: Vec<String> = assigned.into_iter().collect();
        names.sort();
        let mut found = Vec::new();
        for name in names {
            let Some(Binding::Ssa(Some(Value::Array(array, array_type)))) = self.bindings.get(&name).cloned() else { continue };
            let Some(update @ Stmt::AugAssign(_)) = first_assignment(body, &name) else { continue };
            let Some(kind @ (Reduction::Add | Reduction::Mul)) = reduction_of(body, &name) else { continue };
            if !updated_in_place(body, &name) {
                continue;
            }
            if array_type.layout == Layout::F || array_type.readonly {
                return Err(self.module.unsupported(update, format!("'{name}' is an array reduction of a prange loop, which takes a C-ordered or strided writable array; copy it first")));
            }
            found.push(ArrayReduction { name, array, array_type, kind, update });
        }
        Ok(found)
    }

    /// The thread's copy `parts[slot]` of an array reduction (a strided view of the array's shape).
    fn part_view(&mut self, parts: &str, parts_type: ArrayType, slot: &str, array_type: ArrayType, loc: &str) -> Value {
        let array_type = ArrayType { layout: Layout::A, readonly: false, ..array_type };
        let dims: Vec<String> = std::iter::once("-1".to_string()).chain((0..array_type.ndim).map(|_| "0".to_string())).collect();
        let view = self.op(format!("py.view {parts}[{slot}] {{dims = array<i64: {}>}} : {} -> {} {loc}", dims.join(", "), array_text(parts_type), array_text(array_type)));
        Value::Array(view, array_type)
    }

    /// After a loop with array reductions: each thread's copy added (multiplied) into the array.
    fn combine_array_reductions(&mut self, array_reductions: &[ArrayReduction], partials: &[(String, ArrayType)], slots: Option<String>, loc: &str) -> Result<(), Diagnostic> {
        let Some(slots) = slots else { return Ok(()) };
        let upper = self.op(format!("py.cast {slots} : si64 to index {loc}"));
        let lower = self.op("arith.constant 0 : index");
        let one = self.op("arith.constant 1 : index");
        let induction = self.fresh();
        let (lines, ()) = self.region(|this| {
            let slot = this.op(format!("py.cast {induction} : index to si64 {loc}"));
            for (reduction, (parts, parts_type)) in array_reductions.iter().zip(partials) {
                let Value::Array(part, part_type) = this.part_view(parts, *parts_type, &slot, reduction.array_type, loc) else { unreachable!("a view is an array") };
                let (array, array_type, dtype) = (&reduction.array, reduction.array_type, reduction.array_type.dtype);
                let sum_type = ArrayType { layout: Layout::C, readonly: false, ..array_type };
                let (left, right) = (this.fresh(), this.fresh());
                let (kernel, ()) = this.region(|inner| {
                    let combine = if reduction.kind == Reduction::Mul { Operator::Mult } else { Operator::Add };
                    let sum = inner.elementwise_kernel(&crate::infer::ElementwiseOp::Binary(combine), &[(left.clone(), dtype), (right.clone(), dtype)], dtype, None, reduction.update)?;
                    inner.line(format!("py.yield {sum} : {}", dtype.mlir()));
                    Ok(())
                })?;
                let sum = this.fresh();
                let header = format!("{sum} = py.map {array}, {part} : ({}, {}) -> {} {{", array_text(array_type), array_text(part_type), array_text(sum_type));
                let mut body = vec![format!("^bb0({left}: {}, {right}: {}):", dtype.mlir(), dtype.mlir())];
                body.extend(kernel);
                this.push_region(header, vec![(String::new(), body)], format!("}} {loc}"));
                this.line(format!("py.copy {sum}, {array} : {}, {} {loc}", array_text(sum_type), array_text(array_type)));
            }
            this.line("scf.yield");
            Ok(())
        })?;
        self.push_region(format!("scf.for {induction} = {lower} to {upper} step {one} {{"), vec![(String::new(), lines)], format!("}} {loc}"));
        Ok(())
    }

    /// The value a reduction starts each iteration from: 0, 1, or the type's extreme.
    fn reduction_identity(&mut self, kind: Reduction, scalar: Scalar, loc: &str) -> String {
        let constant = match (kind, scalar) {
            // -0.0, not 0.0: -0.0 + x is x for every x (0.0 + -0.0 is 0.0), so LLVM folds it away.
            (Reduction::Add, Scalar::Float { .. }) => Constant::Float(-0.0),
            (Reduction::Add, _) => Constant::Int(0),
            (Reduction::Mul, _) => Constant::Int(1),
            (Reduction::Min, Scalar::Float { .. }) => Constant::Float(f64::INFINITY),
            (Reduction::Max, Scalar::Float { .. }) => Constant::Float(f64::NEG_INFINITY),
            (Reduction::Min, Scalar::Int { bits, signed: true }) => Constant::Int(i64::MAX >> (64 - bits)),
            (Reduction::Max, Scalar::Int { bits, signed: true }) => Constant::Int(i64::MIN >> (64 - bits)),
            // All ones: the largest unsigned value of any width (constants print by their bits).
            (Reduction::Min, Scalar::Int { .. }) => Constant::Int(-1),
            (Reduction::Max, _) => Constant::Int(0),
            (Reduction::Min, Scalar::Bool) => Constant::Bool(true),
            (Reduction::BitOr | Reduction::BitXor, _) => Constant::Int(0),
            // All ones (true for a bool).
            (Reduction::BitAnd, _) => Constant::Int(-1),
            (_, Scalar::Complex { .. }) => unreachable!("prange loops reject complex reductions"),
        };
        self.scalar_constant(scalar, constant, loc)
    }
}

/// An array that a `prange` body adds (multiplies) into: each thread updates a copy of its own,
/// starting from the identity, and the copies are combined into the array after the loop.
struct ArrayReduction<'b> {
    name: String,
    array: String,
    array_type: ArrayType,
    kind: Reduction,
    /// The first statement that updates it.
    update: &'b Stmt,
}

/// Where a thread's arena stands, and the release of what was made since (runtime `arena.rs`).
const ARENA_MARK: RuntimeFunction = ("rumba_arena_mark", "() -> si64");
const ARENA_RELEASE: RuntimeFunction = ("rumba_arena_release", "(si64) -> ()");
/// How many copies array reductions need (one per thread a loop may run on), and which one the
/// calling thread updates (runtime `threads.rs`).
const PARALLEL_SLOTS: RuntimeFunction = ("rumba_parallel_slots", "() -> si64");
const PARALLEL_SLOT: RuntimeFunction = ("rumba_parallel_slot", "() -> si64");

/// The first statement of a loop body, at any depth, that assigns `name`.
fn first_assignment<'b>(body: &'b [Stmt], name: &str) -> Option<&'b Stmt> {
    body.iter().find_map(|statement| match statement {
        Stmt::If(if_statement) => first_assignment(&if_statement.body, name).or_else(|| if_statement.elif_else_clauses.iter().find_map(|clause| first_assignment(&clause.body, name))),
        Stmt::For(for_loop) => first_assignment(&for_loop.body, name),
        Stmt::While(while_loop) => first_assignment(&while_loop.body, name),
        other => {
            let mut names = std::collections::HashSet::new();
            crate::infer::assigned_names(std::slice::from_ref(other), &mut names);
            names.contains(name).then_some(other)
        }
    })
}

/// Whether every statement of a loop body that assigns `name` is an augmented assignment (which
/// writes an array in place rather than binding a new one).
fn updated_in_place(body: &[Stmt], name: &str) -> bool {
    body.iter().all(|statement| match statement {
        Stmt::If(if_statement) => updated_in_place(&if_statement.body, name) && if_statement.elif_else_clauses.iter().all(|clause| updated_in_place(&clause.body, name)),
        Stmt::For(for_loop) => updated_in_place(&for_loop.body, name),
        Stmt::While(while_loop) => updated_in_place(&while_loop.body, name),
        Stmt::AugAssign(_) => true,
        other => {
            let mut names = std::collections::HashSet::new();
            crate::infer::assigned_names(std::slice::from_ref(other), &mut names);
            !names.contains(name)
        }
    })
}

/// The body of an `scf.reduce` region combining two partial values of a reduction.
fn reduction_combiner(kind: Reduction, scalar: Scalar) -> String {
    let ty = scalar.mlir();
    // A parallel reduction combines partial results in no fixed order, so a float sum or product
    // may be reassociated: `reassoc` lets LLVM keep several partial sums in each thread's loop.
    // min/max as `select(cmp(lhs, rhs), lhs, rhs)`: the shape OpenMP lowering recognises.
    let body = match (kind, scalar) {
        (Reduction::Add, Scalar::Float { .. }) => format!("  %r = arith.addf %lhs, %rhs fastmath<reassoc> : {ty}"),
        (Reduction::Mul, Scalar::Float { .. }) => format!("  %r = arith.mulf %lhs, %rhs fastmath<reassoc> : {ty}"),
        (Reduction::Add, _) => format!("  %r = py.add %lhs, %rhs : {ty}"),
        (Reduction::Mul, _) => format!("  %r = py.mul %lhs, %rhs : {ty}"),
        (Reduction::Min, _) => format!("  %c = py.cmp \"le\", %lhs, %rhs : {ty}\n  %r = arith.select %c, %lhs, %rhs : {ty}"),
        (Reduction::Max, _) => format!("  %c = py.cmp \"ge\", %lhs, %rhs : {ty}\n  %r = arith.select %c, %lhs, %rhs : {ty}"),
        (Reduction::BitOr, _) => format!("  %r = py.bitor %lhs, %rhs : {ty}"),
        (Reduction::BitAnd, _) => format!("  %r = py.bitand %lhs, %rhs : {ty}"),
        (Reduction::BitXor, _) => format!("  %r = py.bitxor %lhs, %rhs : {ty}"),
    };
    format!("^bb0(%lhs: {ty}, %rhs: {ty}):\n{body}\n  scf.reduce.return %r : {ty}")
}

/// The first `break` or `return` of a loop body (not of loops nested in it).
fn first_break_or_return(body: &[Stmt]) -> Option<&Stmt> {
    body.iter().find_map(|statement| match statement {
        Stmt::Break(_) | Stmt::Return(_) => Some(statement),
        Stmt::If(if_statement) => first_break_or_return(&if_statement.body)
            .or_else(|| if_statement.elif_else_clauses.iter().find_map(|clause| first_break_or_return(&clause.body))),
        _ => None,
    })
}

impl FunctionEmitter<'_, '_, '_> {
    /// The first change in a `prange` body of a list, dict, set or instance that the iteration did
    /// not make itself, with the name it is reached through.
    fn shared_container_change<'b>(&mut self, body: &'b [Stmt]) -> Option<(&'b Expr, String)> {
        let mut changes = ContainerChanges::default();
        for statement in body {
            ruff_python_ast::visitor::Visitor::visit_stmt(&mut changes, statement);
        }
        let ContainerChanges { changed, made, rebound } = changes;
        for (at, receiver) in changed {
            let Some(root) = root_name(receiver) else { continue };
            if made.contains(root) && !rebound.contains(root) {
                continue;
            }
            let shared = matches!(self.expr_type(receiver), Ok(Type::List(_) | Type::Dict(..) | Type::Set(_) | Type::Instance(_)));
            if shared {
                return Some((at, root.to_string()));
            }
        }
        None
    }
}

/// Methods that change the list, dict or set they are called on.
const CHANGING_METHODS: [&str; 16] = [
    "append", "extend", "insert", "pop", "remove", "reverse", "sort", "clear", "setdefault", "popitem", "update", "add", "discard",
    "intersection_update", "difference_update", "symmetric_difference_update",
];

/// What a `prange` body changes in place (each change's expression and the container it changes),
/// the names it binds to containers it makes (`l = []`, `d = dict()`, `s = {x}`), and the names it
/// binds in any other way, which may alias a container it shares.
#[derive(Default)]
struct ContainerChanges<'b> {
    changed: Vec<(&'b Expr, &'b Expr)>,
    made: std::collections::HashSet<&'b str>,
    rebound: std::collections::HashSet<&'b str>,
}

impl<'b> ruff_python_ast::visitor::Visitor<'b> for ContainerChanges<'b> {
    fn visit_stmt(&mut self, statement: &'b Stmt) {
        match statement {
            Stmt::Assign(assign) => {
                let makes = matches!(assign.targets.as_slice(), [Expr::Name(_)]) && !matches!(&*assign.value, Expr::Name(_) | Expr::Attribute(_) | Expr::Subscript(_) | Expr::If(_) | Expr::BoolOp(_));
                for target in &assign.targets {
                    match target {
                        Expr::Name(name) if makes => {
                            self.made.insert(name.id.as_str());
                        }
                        other => self.bind(other),
                    }
                }
            }
            Stmt::AugAssign(assign) => match &*assign.target {
                Expr::Name(_) => self.changed.push((&assign.target, &assign.target)),
                target => self.bind(target),
            },
            Stmt::AnnAssign(assign) => self.bind(&assign.target),
            Stmt::For(for_loop) => self.bind(&for_loop.target),
            Stmt::With(with) => with.items.iter().filter_map(|item| item.optional_vars.as_deref()).for_each(|target| self.bind(target)),
            Stmt::Delete(delete) => self.changed.extend(delete.targets.iter().filter_map(|target| subscripted(target).map(|base| (target, base)))),
            _ => {}
        }
        ruff_python_ast::visitor::walk_stmt(self, statement);
    }

    fn visit_expr(&mut self, expr: &'b Expr) {
        if let Expr::Call(call) = expr {
            if let Expr::Attribute(method) = &*call.func {
                if CHANGING_METHODS.contains(&method.attr.as_str()) {
                    self.changed.push((expr, &method.value));
                }
            }
        }
        ruff_python_ast::visitor::walk_expr(self, expr);
    }
}

impl<'b> ContainerChanges<'b> {
    /// `target` assigned: a name is rebound; an item or attribute of a container is changed.
    fn bind(&mut self, target: &'b Expr) {
        match target {
            Expr::Name(name) => {
                self.rebound.insert(name.id.as_str());
            }
            Expr::Tuple(tuple) => tuple.elts.iter().for_each(|element| self.bind(element)),
            Expr::List(list) => list.elts.iter().for_each(|element| self.bind(element)),
            Expr::Subscript(subscript) => self.changed.push((target, &subscript.value)),
            Expr::Attribute(attribute) => self.changed.push((target, &attribute.value)),
            _ => {}
        }
    }
}

/// The container `target` deletes from: `d` of `del d[k]`.
fn subscripted(target: &Expr) -> Option<&Expr> {
    match target {
        Expr::Subscript(subscript) => Some(&subscript.value),
        _ => None,
    }
}

/// The variable an expression of items and attributes starts from: `d` of `d[k].items`.
fn root_name(expr: &Expr) -> Option<&str> {
    match expr {
        Expr::Name(name) => Some(name.id.as_str()),
        Expr::Subscript(subscript) => root_name(&subscript.value),
        Expr::Attribute(attribute) => root_name(&attribute.value),
        _ => None,
    }
}
