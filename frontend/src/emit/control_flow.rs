//! Emission of control flow: `if` chains, `while` loops, `for` loops over `range` (as `scf.for`
//! where the trip count is known on entry, else as `scf.while`), with the values they carry, and
//! `try`/`except`.

use super::*;
use ruff_text_size::TextRange;

impl FunctionEmitter<'_, '_, '_> {
    /// An `if`/`elif`/`else` chain. Array variables its clauses assign that are bound before it or
    /// read after it come out of each `scf.if` as results: what the clause taken left in them, or
    /// their value before the chain (the null array for one not bound yet).
    pub(super) fn emit_if_chain(&mut self, clauses: &[(Option<&Expr>, &[Stmt])], statement: TextRange) -> Result<(), Diagnostic> {
        let bodies: Vec<&[Stmt]> = clauses.iter().map(|(_, body)| *body).collect();
        let carried = self.carried_arrays(&bodies, false, Some(statement));
        self.emit_clauses(clauses, &carried)
    }

    fn emit_clauses(&mut self, clauses: &[(Option<&Expr>, &[Stmt])], carried: &Carried) -> Result<(), Diagnostic> {
        let Some(((test, body), rest)) = clauses.split_first() else { return Ok(()) };
        let Some(test) = test else {
            return self.emit_block(body);
        };
        let raise_points = self.raise_points;
        let condition = self.emit_condition(test)?;
        let then_clause = |this: &mut Self| this.emit_block(body);
        let else_clauses = (!rest.is_empty()).then_some(|this: &mut Self| this.emit_clauses(rest, carried));
        if self.raise_points == raise_points {
            return self.emit_carrying_if(&condition, carried, then_clause, else_clauses);
        }
        // A condition that raised takes neither branch.
        let running = self.running();
        self.emit_carrying_if(&running, carried, |this| this.emit_carrying_if(&condition, carried, then_clause, else_clauses), None::<fn(&mut Self) -> _>)
    }

    /// `scf.if` over two regions that may reassign the `carried` array variables: each region
    /// yields their values as it leaves them (a missing else yields them unchanged), and the
    /// variables are bound to the results after it.
    pub(super) fn emit_carrying_if(
        &mut self,
        condition: &str,
        carried: &Carried,
        then_region: impl FnOnce(&mut Self) -> Result<(), Diagnostic>,
        else_region: Option<impl FnOnce(&mut Self) -> Result<(), Diagnostic>>,
    ) -> Result<(), Diagnostic> {
        let types = carried.types_text().join(", ");
        let carrying_region = |this: &mut Self, body: Box<dyn FnOnce(&mut Self) -> Result<(), Diagnostic> + '_>| {
            this.region(|inner| {
                inner.bind_carried(carried, &carried.initial);
                body(inner)?;
                match inner.current_values(&carried.names) {
                    values if values.is_empty() => inner.line("scf.yield"),
                    values => inner.line(format!("scf.yield {} : {types}", values.join(", "))),
                }
                Ok(())
            })
            .map(|(lines, ())| lines)
        };
        let then_lines = carrying_region(self, Box::new(then_region))?;
        let else_lines = match else_region {
            Some(else_region) => Some(carrying_region(self, Box::new(else_region))?),
            None if carried.names.is_empty() => None,
            None => Some(vec![format!("scf.yield {} : {types}", carried.initial.join(", "))]),
        };
        if carried.names.is_empty() {
            self.emit_if(condition, then_lines, else_lines);
            return Ok(());
        }
        let result = self.fresh();
        let mut regions = vec![(String::new(), then_lines)];
        regions.extend(else_lines.map(|lines| ("} else {".to_string(), lines)));
        self.push_region(format!("{result}:{} = scf.if {condition} -> ({types}) {{", carried.width()), regions, "}".into());
        self.rebind_carried(carried, &carried.results(&result, 0));
        Ok(())
    }

    /// `try: body except Exception: handler else: rest` (made an `if` by `desugar.rs`): the body
    /// runs in a region of its own, where a raise only sets the status and the state; a status
    /// left set is caught (both cleared, its code kept for a bare `raise`) and the handler runs,
    /// else the rest runs unless the body returned or broke out. Each region carries the array variables it assigns.
    pub(super) fn emit_try(&mut self, body: &[Stmt], rest: &[Stmt], handler: &[Stmt], statement: TextRange) -> Result<(), Diagnostic> {
        let always = self.op("arith.constant true");
        let carried = self.carried_arrays(&[body], false, Some(statement));
        self.emit_carrying_if(&always, &carried, |this| this.emit_block(body), None::<fn(&mut Self) -> _>)?;
        let status_slot = self.status_slot.clone();
        let status = self.load(&status_slot, "i32");
        let zero = self.i32_constant(0);
        let raised = self.op(format!("arith.cmpi ne, {status}, {zero} : i32"));
        let carried = self.carried_arrays(&[handler, rest], false, Some(statement));
        let handle = |this: &mut Self| {
            let caught = this.load(&status_slot, "i32");
            let zero = this.i32_constant(0);
            this.store(&zero, &status_slot, "i32");
            this.set_state(0);
            this.caught_codes.push(caught);
            let handled = this.emit_block(handler);
            this.caught_codes.pop();
            handled
        };
        let run_rest = (!rest.is_empty()).then_some(|this: &mut Self| {
            let running = this.running();
            this.emit_carrying_if(&running, &carried, |inner| inner.emit_block(rest), None::<fn(&mut Self) -> _>)
        });
        self.emit_carrying_if(&raised, &carried, handle, run_rest)
    }

    pub(super) fn emit_while(&mut self, test: &Expr, body: &[Stmt], loc: &str) -> Result<(), Diagnostic> {
        self.module_emitter.straight_line = false;
        let carried = self.carried_arrays(&[body], false, Some(statement_range(test, body)));
        let (before_arguments, after_arguments): (Vec<String>, Vec<String>) = (0..carried.width()).map(|_| (self.fresh(), self.fresh())).unzip();
        let types = carried.types_text().join(", ");
        let (before, ()) = self.region(|this| {
            this.bind_carried(&carried, &before_arguments);
            let raise_points = this.raise_points;
            let (condition_lines, condition) = this.region(|inner| inner.emit_condition(test))?;
            let go = if this.raise_points == raise_points {
                this.lines.extend(condition_lines);
                let running = this.running();
                this.op(format!("arith.andi {running}, {condition} : i1"))
            } else {
                // A condition that may raise runs only while nothing stops the loop (after a
                // `break` or `return` in the body it must not run again).
                let running = this.running();
                let result = this.fresh();
                let mut then_lines = condition_lines;
                let (tail, ()) = this.region(|inner| {
                    let still_running = inner.running();
                    let go = inner.op(format!("arith.andi {still_running}, {condition} : i1"));
                    inner.line(format!("scf.yield {go} : i1"));
                    Ok(())
                })?;
                then_lines.extend(tail);
                let (stop, ()) = this.region(|inner| {
                    let stopped = inner.op("arith.constant false");
                    inner.line(format!("scf.yield {stopped} : i1"));
                    Ok(())
                })?;
                this.push_region(format!("{result} = scf.if {running} -> (i1) {{"), vec![(String::new(), then_lines), ("} else {".into(), stop)], "}".into());
                result
            };
            if carried.names.is_empty() {
                this.line(format!("scf.condition({go})"));
            } else {
                this.line(format!("scf.condition({go}) {} : {types}", before_arguments.join(", ")));
            }
            Ok(())
        })?;
        self.loop_depth += 1;
        let after = self.region(|this| {
            this.bind_carried(&carried, &after_arguments);
            this.emit_block(body)?;
            this.clear_state(STATE_CONTINUE);
            match this.carried_values(&carried) {
                values if values.is_empty() => this.line("scf.yield"),
                values => this.line(format!("scf.yield {} : {types}", values.join(", "))),
            }
            Ok(())
        });
        self.loop_depth -= 1;
        let (after, ()) = after?;
        if carried.names.is_empty() {
            self.push_region("scf.while : () -> () {".into(), vec![(String::new(), before), ("} do {".into(), after)], format!("}} {loc}"));
        } else {
            let result = self.fresh();
            let inits: Vec<String> = before_arguments.iter().zip(&carried.initial).map(|(argument, value)| format!("{argument} = {value}")).collect();
            let after_block: Vec<String> = after_arguments.iter().zip(carried.types_text()).map(|(argument, text)| format!("{argument}: {text}")).collect();
            self.push_region(
                format!("{result}:{} = scf.while ({}) : ({types}) -> ({types}) {{", carried.width(), inits.join(", ")),
                vec![(String::new(), before), (format!("}} do {{\n^bb0({}):", after_block.join(", ")), after)],
                format!("}} {loc}"),
            );
            self.rebind_carried(&carried, &carried.results(&result, 0));
        }
        self.clear_state(STATE_BREAK);
        Ok(())
    }

    pub(super) fn emit_for(&mut self, for_loop: &ruff_python_ast::StmtFor, loc: &str) -> Result<(), Diagnostic> {
        self.module_emitter.straight_line = false;
        let module = self.module;
        let range_loop = range_arguments(module, &for_loop.iter)?;
        let bounds = range_loop.bounds;
        let raise_points = self.raise_points;
        let mut values = Vec::new();
        for bound in &bounds {
            let value = self.emit_expr(bound)?;
            values.push(self.to_scalar(value, INT64, bound)?);
        }
        let (start, stop, step) = match values.as_slice() {
            [stop] => (self.scalar_constant(INT64, Constant::Int(0), loc), stop.clone(), None),
            [start, stop] => (start.clone(), stop.clone(), None),
            [start, stop, step] => (start.clone(), stop.clone(), Some(step.clone())),
            _ => unreachable!("range_arguments checks the count"),
        };
        let step_constant = match bounds.get(2).map(|step| literal_constant(step)) {
            None => Some(1),
            Some(Some(Constant::Int(value))) => Some(value),
            Some(_) => None,
        };
        if step_constant == Some(0) {
            return Err(module.typing(bounds[2], "range() arg 3 must not be zero"));
        }
        let step = match step {
            Some(step) => step,
            None => self.scalar_constant(INT64, Constant::Int(1), loc),
        };
        let step = if step_constant.is_none() {
            let zero = self.scalar_constant(INT64, Constant::Int(0), loc);
            let is_zero = self.op(format!("py.cmp \"eq\", {step}, {zero} : si64 {loc}"));
            self.raise_if(&is_zero, "ValueError", "range() arg 3 must not be zero", bounds[2])?;
            // The trip count is still computed on the raising path: divide by 1 there.
            let one = self.scalar_constant(INT64, Constant::Int(1), loc);
            self.op(format!("arith.select {is_zero}, {one}, {step} : si64"))
        } else {
            step
        };
        let mut count = self.range_length(&start, &stop, &step, step_constant, loc);
        if self.raise_points > raise_points {
            // The bounds raised: the loop runs no iteration (one could overwrite the exception's state).
            let running = self.running();
            let zero = self.scalar_constant(INT64, Constant::Int(0), loc);
            count = self.op(format!("arith.select {running}, {count}, {zero} : si64"));
        }

        let Expr::Name(target) = &*for_loop.target else {
            return Err(module.unsupported(&*for_loop.target, "a range loop binds one name"));
        };
        let target_name = target.id.to_string();
        let body = &for_loop.body;
        let start_floor = if bounds.len() == 1 { Some(0) } else { self.floor_of(bounds[0]) };
        let mut assigned = std::collections::HashSet::new();
        crate::infer::assigned_names(body, &mut assigned);
        let floor = start_floor.filter(|_| step_constant.is_some_and(|step| step > 0) && !assigned.contains(&target_name));
        let outer_floor = match floor {
            Some(floor) => self.index_floors.insert(target_name.clone(), floor),
            None => self.index_floors.remove(&target_name),
        };
        let result = self.emit_range_loop(&start, &step, &count, &target_name, body, range_loop.parallel, loc);
        match outer_floor {
            Some(outer) => self.index_floors.insert(target_name, outer),
            None => self.index_floors.remove(&target_name),
        };
        result
    }

    /// Python's `len(range(start, stop, step))` for a non-zero step, exact for every int64 operand:
    /// the distance from the first value to the bound is taken unsigned (it may exceed int64's range)
    /// and divided by the step's magnitude, `(distance - 1) // |step| + 1` iterations when the range
    /// is not empty.
    fn range_length(&mut self, start: &str, stop: &str, step: &str, step_constant: Option<i64>, loc: &str) -> String {
        let (low, high, magnitude) = match step_constant {
            Some(value) if value > 0 => (start.to_string(), stop.to_string(), step.to_string()),
            Some(_) => (stop.to_string(), start.to_string(), self.op(format!("py.neg {step} : si64 {loc}"))),
            None => {
                let zero = self.scalar_constant(INT64, Constant::Int(0), loc);
                let positive = self.op(format!("py.cmp \"gt\", {step}, {zero} : si64 {loc}"));
                let negated = self.op(format!("py.neg {step} : si64 {loc}"));
                (
                    self.op(format!("arith.select {positive}, {start}, {stop} : si64")),
                    self.op(format!("arith.select {positive}, {stop}, {start} : si64")),
                    self.op(format!("arith.select {positive}, {step}, {negated} : si64")),
                )
            }
        };
        let unsigned = Scalar::Int { bits: 64, signed: false };
        let nonempty = self.op(format!("py.cmp \"lt\", {low}, {high} : si64 {loc}"));
        let distance = self.op(format!("py.sub {high}, {low} : si64 {loc}"));
        let distance = self.cast(&distance, INT64, unsigned, loc);
        let count = if matches!(step_constant, Some(1 | -1)) {
            distance
        } else {
            let magnitude = self.cast(&magnitude, INT64, unsigned, loc);
            let one = self.scalar_constant(unsigned, Constant::Int(1), loc);
            let last = self.op(format!("py.sub {distance}, {one} : ui64 {loc}"));
            let steps = self.op(format!("py.floordiv {last}, {magnitude} : ui64 {loc}"));
            self.op(format!("py.add {steps}, {one} : ui64 {loc}"))
        };
        let count = self.cast(&count, unsigned, INT64, loc);
        let zero = self.scalar_constant(INT64, Constant::Int(0), loc);
        self.op(format!("arith.select {nonempty}, {count}, {zero} : si64"))
    }

    /// A range loop's body over `count` iterations, as `scf.parallel`, `scf.for` or `scf.while`.
    #[allow(clippy::too_many_arguments)]
    fn emit_range_loop(&mut self, start: &str, step: &str, count: &str, target_name: &str, body: &[Stmt], parallel: bool, loc: &str) -> Result<(), Diagnostic> {
        let module = self.module;
        if parallel && self.module_emitter.parallel && !self.in_parallel_loop {
            return self.emit_parallel_for(start, step, count, target_name, body, loc);
        }
        let breaks = body_breaks_or_exits(body) || body.iter().any(|statement| statement_may_raise(module, statement, self.module_emitter.boundscheck));
        let (raise_points, raise_sites, emitted) = (self.raise_points, self.module_emitter.raise_sites.len(), self.lines.len());
        let bindings = self.bindings.clone();
        self.loop_depth += 1;
        let mut result = if breaks {
            self.emit_range_while(start, step, count, target_name, body, loc)
        } else {
            self.emit_range_for(start, step, count, target_name, body, loc)
        };
        let exits_early = breaks || self.raise_points > raise_points;
        if !breaks && exits_early && result.is_ok() {
            // The body raises where its syntax did not show it (an array expression, a reduction):
            // emit it again as a loop that stops at the first exception.
            self.lines.truncate(emitted);
            self.module_emitter.raise_sites.truncate(raise_sites);
            self.bindings = bindings;
            result = self.emit_range_while(start, step, count, target_name, body, loc);
        }
        self.loop_depth -= 1;
        result?;
        if exits_early {
            self.clear_state(STATE_BREAK);
        }
        Ok(())
    }

    pub(super) fn loop_variable(&mut self, iteration: &str, start: &str, step: &str, target: &str, loc: &str) -> Result<(), Diagnostic> {
        let offset = self.op(format!("py.mul {iteration}, {step} : si64 {loc}"));
        let value = self.op(format!("py.add {start}, {offset} : si64 {loc}"));
        self.bind(target, Value::Scalar(value, INT64), loc)
    }

    fn emit_range_for(&mut self, start: &str, step: &str, count: &str, target: &str, body: &[Stmt], loc: &str) -> Result<(), Diagnostic> {
        let upper = self.op(format!("py.cast {count} : si64 to index {loc}"));
        let lower = self.op("arith.constant 0 : index");
        let one = self.op("arith.constant 1 : index");
        let induction = self.fresh();
        let carried = self.carried_arrays(&[body], false, Some(statement_range(&body[0], body)));
        let arguments: Vec<String> = (0..carried.width()).map(|_| self.fresh()).collect();
        let types = carried.types_text();
        let (lines, ()) = self.region(|this| {
            this.bind_carried(&carried, &arguments);
            let iteration = this.op(format!("py.cast {induction} : index to si64 {loc}"));
            this.loop_variable(&iteration, start, step, target, loc)?;
            this.emit_block(body)?;
            if exits(body, true) {
                this.clear_state(STATE_CONTINUE);
            }
            match this.carried_values(&carried) {
                values if values.is_empty() => this.line("scf.yield"),
                values => this.line(format!("scf.yield {} : {}", values.join(", "), types.join(", "))),
            }
            Ok(())
        })?;
        let header = format!("scf.for {induction} = {lower} to {upper} step {one}");
        if carried.names.is_empty() {
            self.push_region(format!("{header} {{"), vec![(String::new(), lines)], format!("}} {loc}"));
            return Ok(());
        }
        let result = self.fresh();
        let iter_args: Vec<String> = arguments.iter().zip(&carried.initial).map(|(argument, initial)| format!("{argument} = {initial}")).collect();
        self.push_region(
            format!("{result}:{} = {header} iter_args({}) -> ({}) {{", carried.width(), iter_args.join(", "), types.join(", ")),
            vec![(String::new(), lines)],
            format!("}} {loc}"),
        );
        self.rebind_carried(&carried, &carried.results(&result, 0));
        Ok(())
    }

    /// Binds the carried variables to the loop's results, after it.
    pub(super) fn rebind_carried(&mut self, carried: &Carried, results: &[String]) {
        for (name, value) in carried.values(results) {
            self.bindings.insert(name, Binding::Ssa(Some(value)));
        }
    }

    fn emit_range_while(&mut self, start: &str, step: &str, count: &str, target: &str, body: &[Stmt], loc: &str) -> Result<(), Diagnostic> {
        let initial = self.scalar_constant(INT64, Constant::Int(0), loc);
        let (iteration_before, iteration_after) = (self.fresh(), self.fresh());
        let carried = self.carried_arrays(&[body], false, Some(statement_range(&body[0], body)));
        let (before_arguments, after_arguments): (Vec<String>, Vec<String>) = (0..carried.width()).map(|_| (self.fresh(), self.fresh())).unzip();
        let mut types = vec!["si64".to_string()];
        types.extend(carried.types_text());
        let types = types.join(", ");
        let (before, ()) = self.region(|this| {
            let in_range = this.op(format!("py.cmp \"lt\", {iteration_before}, {count} : si64 {loc}"));
            let running = this.running();
            let go = this.op(format!("arith.andi {running}, {in_range} : i1"));
            let forwarded: Vec<&str> = std::iter::once(iteration_before.as_str()).chain(before_arguments.iter().map(String::as_str)).collect();
            this.line(format!("scf.condition({go}) {} : {types}", forwarded.join(", ")));
            Ok(())
        })?;
        let (after, ()) = self.region(|this| {
            this.bind_carried(&carried, &after_arguments);
            this.loop_variable(&iteration_after, start, step, target, loc)?;
            this.emit_block(body)?;
            this.clear_state(STATE_CONTINUE);
            let one = this.scalar_constant(INT64, Constant::Int(1), loc);
            let next = this.op(format!("py.add {iteration_after}, {one} : si64 {loc}"));
            let yielded: Vec<String> = std::iter::once(next).chain(this.carried_values(&carried)).collect();
            this.line(format!("scf.yield {} : {types}", yielded.join(", ")));
            Ok(())
        })?;
        let result = self.fresh();
        let inits: Vec<String> = std::iter::once(format!("{iteration_before} = {initial}"))
            .chain(before_arguments.iter().zip(&carried.initial).map(|(argument, value)| format!("{argument} = {value}")))
            .collect();
        let after_block: Vec<String> = std::iter::once(format!("{iteration_after}: si64"))
            .chain(after_arguments.iter().zip(carried.types_text()).map(|(argument, text)| format!("{argument}: {text}")))
            .collect();
        self.push_region(
            format!("{result}:{} = scf.while ({}) : ({types}) -> ({types}) {{", 1 + carried.width(), inits.join(", ")),
            vec![(String::new(), before), (format!("}} do {{\n^bb0({}):", after_block.join(", ")), after)],
            format!("}} {loc}"),
        );
        self.rebind_carried(&carried, &carried.results(&result, 1));
        Ok(())
    }

    /// The variables holding arrays (arrays, tuples with arrays) that a loop, branch or guard
    /// carries out of its body (`scf.for`/`scf.while` iter_args, `scf.if` results, a value per
    /// flattened element of the variable's type): those the body assigns that are bound before it,
    /// and, where `statement` spans the construct, those it first binds that are read after it or
    /// may be read before the body assigns them (another iteration's value), which start as null
    /// arrays and zeros. `only_local` keeps the variables of the current region only.
    pub(super) fn carried_arrays(&mut self, bodies: &[&[Stmt]], only_local: bool, statement: Option<TextRange>) -> Carried {
        let mut assigned = std::collections::HashSet::new();
        for body in bodies {
            crate::infer::assigned_names(body, &mut assigned);
        }
        let mut names: Vec<String> = assigned.into_iter().collect();
        names.sort();
        if bodies.iter().any(|body| returns(body)) {
            names.extend(self.return_arrays.iter().cloned());
        }
        let mut carried = Carried::default();
        for name in names {
            if only_local && !self.region_arrays.last().is_some_and(|locals| locals.contains(&name)) {
                continue;
            }
            let value = match (self.bindings.get(&name), self.types.locals.get(&name).cloned()) {
                (Some(Binding::Ssa(Some(value))), _) if value.value_type().contains_array() => Some(value.clone()),
                (Some(Binding::Ssa(None)), Some(local_type)) if local_type.contains_array() && statement.is_some_and(|statement| self.read_outside(&name, statement)) => {
                    let value = self.zero_of(&local_type, "");
                    self.bindings.insert(name.clone(), Binding::Ssa(Some(value.clone())));
                    // Bound from here on in the current region only.
                    if let Some(locals) = self.region_arrays.last_mut() {
                        locals.push(name.clone());
                    }
                    Some(value)
                }
                _ => None,
            };
            if let Some(value) = value {
                carried.initial.extend(value.flat_names());
                carried.types.push(value.value_type());
                carried.names.push(name);
            }
        }
        carried
    }

    /// Whether `name` is read outside `statement`, or inside it where it may not be bound yet.
    fn read_outside(&self, name: &str, statement: TextRange) -> bool {
        struct Reads<'n> {
            name: &'n str,
            statement: TextRange,
            found: bool,
        }
        impl<'a> ruff_python_ast::visitor::Visitor<'a> for Reads<'_> {
            fn visit_expr(&mut self, expr: &'a Expr) {
                if let Expr::Name(load) = expr {
                    if load.id.as_str() == self.name && load.ctx == ruff_python_ast::ExprContext::Load && !self.statement.contains_range(load.range) {
                        self.found = true;
                    }
                }
                ruff_python_ast::visitor::walk_expr(self, expr);
            }
        }
        let mut reads = Reads { name, statement, found: false };
        ruff_python_ast::visitor::walk_body(&mut reads, self.function_body);
        reads.found || self.maybe_unbound.iter().any(|(read, read_name)| read_name == name && statement.contains_range(*read))
    }

    /// Binds the carried variables to a loop region's block arguments, as variables of that region.
    fn bind_carried(&mut self, carried: &Carried, arguments: &[String]) {
        for (name, value) in carried.values(arguments) {
            self.bindings.insert(name.clone(), Binding::Ssa(Some(value)));
            if let Some(locals) = self.region_arrays.last_mut() {
                locals.push(name);
            }
        }
    }

    /// The carried variables' values at the end of an iteration, for the region's yield: an array
    /// the loop started with, one made in this iteration, or a view of either
    /// (`deallocate-temporaries` frees the one each iteration replaces).
    fn carried_values(&self, carried: &Carried) -> Vec<String> {
        self.current_values(&carried.names)
    }
}

/// The text that `first` and the statements of `body` cover: a loop or branch (desugared ones
/// may have statements out of order).
fn statement_range(first: &(impl Ranged + ?Sized), body: &[Stmt]) -> TextRange {
    body.iter().fold(first.range(), |covered, statement| covered.cover(statement.range()))
}
