//! Unrolls the rest of a block at an item of a heterogeneous tuple taken at run time: `v = t[i]`
//! (what `desugar.rs` makes of `for v in t:`, `for v in literal_unroll(t):` and `for i, v in
//! enumerate(t):`) where `t` is `(1, 'a', 2.5)` becomes
//!
//! ```text
//! if i == 0:
//!     v.u0 = t[0]; <rest with v.u0>
//! elif i == 1:
//!     v.u1 = t[1]; <rest with v.u1>
//! else:
//!     v.u2 = t[2]; <rest with v.u2>
//! ```
//!
//! as Numba's `literal_unroll` versions the loop body for each type. In each copy, the names that
//! the rest of the block alone uses (the item and the temporaries made from it) get a name of
//! their own, so that each copy types them for its item; names also used elsewhere keep one type.
//! `break` and `continue` stay inside the loop, whose body the chain is. The type walker applies
//! this in `pruned_block`, where it knows the tuple's type, so inference and emission see the same
//! copies. The copies keep the source ranges of the block they copy, so that errors point at it;
//! expression types can then no longer be remembered by range (`SettledTypes`).

use ruff_python_ast::{
    name::Name,
    visitor::{
        self,
        transformer::{self, Transformer},
        Visitor,
    },
    AtomicNodeIndex, CmpOp, ElifElseClause, Expr, ExprCompare, ExprContext, ExprNumberLiteral, Int, Number, Stmt, StmtIf,
};
use ruff_text_size::{Ranged, TextRange, TextSize};
use std::collections::HashSet;

/// The suffix that names a copy's own variable: `v.u2` is `v` in the copy for item 2.
const COPY_MARK: &str = ".u";

/// The name a copy's variable has in the source: `v` for `v.u2`.
pub fn source_name(name: &str) -> &str {
    match name.rsplit_once(COPY_MARK) {
        Some((stem, copy)) if !stem.is_empty() && !copy.is_empty() && copy.bytes().all(|byte| byte.is_ascii_digit()) => stem,
        _ => name,
    }
}

/// The subscripts of an assignment's value that take an item at a position known only at run time
/// (`t[i]`, also inside a tuple display, as `enumerate` makes): the candidates for unrolling.
pub fn runtime_items(statement: &Stmt) -> Vec<&ruff_python_ast::ExprSubscript> {
    let Stmt::Assign(assign) = statement else { return Vec::new() };
    let values: Vec<&Expr> = match &*assign.value {
        Expr::Tuple(tuple) => tuple.elts.iter().collect(),
        value => vec![value],
    };
    values
        .into_iter()
        .filter_map(|value| match value {
            Expr::Subscript(subscript) if !matches!(&*subscript.slice, Expr::NumberLiteral(_) | Expr::UnaryOp(_) | Expr::Slice(_) | Expr::Tuple(_)) => Some(subscript),
            _ => None,
        })
        .collect()
}

/// `body` with `body[position..]` copied once for each of the `length` items of the tuple that
/// `item` (a subscript of `body[position]`) indexes, and the names the copies gave their own.
pub fn unroll(body: &[Stmt], position: usize, item: TextRange, length: usize, function_body: &[Stmt]) -> (Vec<Stmt>, Vec<String>) {
    let segment = &body[position..];
    let own = own_names(segment, function_body);
    let Expr::Subscript(subscript) = find_subscript(&segment[0], item).expect("the item is a subscript of the statement") else { unreachable!("found a subscript") };
    let index = (*subscript.slice).clone();
    let mut copies: Vec<(Option<Expr>, Vec<Stmt>)> = (0..length)
        .map(|copy| {
            let copier = Copier { item, copy, own: &own };
            let statements: Vec<Stmt> = segment
                .iter()
                .map(|statement| {
                    let mut statement = statement.clone();
                    copier.visit_stmt(&mut statement);
                    statement
                })
                .collect();
            (Some(equals(index.clone(), copy)), statements)
        })
        .collect();
    let mut unrolled = body[..position].to_vec();
    let mut new_names: Vec<String> = (0..length).flat_map(|copy| own.iter().map(move |name| copy_name(name, copy))).collect();
    new_names.sort();
    if length == 1 {
        unrolled.extend(copies.pop().expect("one copy").1);
        return (unrolled, new_names);
    }
    copies.last_mut().expect("two copies or more").0 = None;
    let mut copies = copies.into_iter();
    let (test, first) = copies.next().expect("a first copy");
    let at = segment[0].range();
    let elif_else_clauses = copies.map(|(test, body)| ElifElseClause { node_index: AtomicNodeIndex::default(), range: at, test, body: body.into() }).collect();
    unrolled.push(Stmt::If(StmtIf { node_index: AtomicNodeIndex::default(), range: at, test: Box::new(test.expect("the first copy is tested")), body: first.into(), elif_else_clauses }));
    (unrolled, new_names)
}

fn copy_name(name: &str, copy: usize) -> String {
    format!("{name}{COPY_MARK}{copy}")
}

/// `index == copy`.
fn equals(index: Expr, copy: usize) -> Expr {
    let at = index.range();
    let literal = integer(copy, at);
    Expr::Compare(ExprCompare { node_index: AtomicNodeIndex::default(), range: at, left: Box::new(index), ops: vec![CmpOp::Eq].into(), comparators: vec![literal].into() })
}

fn integer(value: usize, at: TextRange) -> Expr {
    Expr::NumberLiteral(ExprNumberLiteral { node_index: AtomicNodeIndex::default(), range: at, value: Number::Int(Int::from(u32::try_from(value).expect("tuples are shorter than 2**32"))) })
}

fn find_subscript(statement: &Stmt, item: TextRange) -> Option<&Expr> {
    let Stmt::Assign(assign) = statement else { return None };
    match &*assign.value {
        Expr::Tuple(tuple) => tuple.elts.iter().find(|value| value.range() == item),
        value => (value.range() == item).then_some(value),
    }
}

/// The names a copy of `segment` may give a name of its own: each is assigned in the segment before
/// it is read there, and no statement outside the segment reads the value a copy left: the first
/// use after the segment assigns it (the next loop over a tuple with the same variable), and so
/// does the first use before the segment in each loop around it, which runs again after it.
/// Uses are ordered as the code runs them (desugared statements have no source order).
fn own_names(segment: &[Stmt], function_body: &[Stmt]) -> HashSet<String> {
    let in_segment: HashSet<(String, TextSize)> = Uses::of(segment).uses.into_iter().map(|using| (using.name, using.at)).collect();
    let function = Uses::of(function_body);
    let mut positions = function.uses.iter().enumerate().filter(|(_, using)| in_segment.contains(&(using.name.clone(), using.at))).map(|(position, _)| position);
    let Some(first) = positions.next() else { return HashSet::new() };
    let last = positions.last().unwrap_or(first);
    let loop_entries: Vec<usize> = function.loops.iter().filter(|(entry, exit)| *entry <= first && *exit > last).map(|(entry, _)| *entry).collect();
    let first_use_assigns = |name: &str, range: std::ops::Range<usize>| function.uses[range].iter().find(|using| using.name == name).map(|using| using.stored);
    let assigned: HashSet<&str> = function.uses[first..=last].iter().filter(|using| using.stored).map(|using| using.name.as_str()).collect();
    assigned
        .into_iter()
        .filter(|name| {
            first_use_assigns(name, first..last + 1) == Some(true)
                && first_use_assigns(name, last + 1..function.uses.len()) != Some(false)
                && loop_entries.iter().all(|entry| first_use_assigns(name, *entry..first) != Some(false))
        })
        .map(str::to_string)
        .collect()
}

/// A name's use: where it is in the source and whether it only assigns the name.
struct Use {
    name: String,
    at: TextSize,
    stored: bool,
}

/// The uses of names in a block in the order the code makes them (an assignment's value before its
/// targets; an augmented assignment's target is a read), and the loops, as the first and the
/// last-plus-one positions of the uses inside each.
#[derive(Default)]
struct Uses {
    uses: Vec<Use>,
    loops: Vec<(usize, usize)>,
}

impl Uses {
    fn of(body: &[Stmt]) -> Uses {
        let mut uses = Uses::default();
        visitor::walk_body(&mut uses, body);
        uses
    }
}

impl<'a> Visitor<'a> for Uses {
    fn visit_stmt(&mut self, stmt: &'a Stmt) {
        match stmt {
            Stmt::Assign(assign) => {
                self.visit_expr(&assign.value);
                assign.targets.iter().for_each(|target| self.visit_expr(target));
            }
            Stmt::AugAssign(assign) => {
                self.visit_expr(&assign.value);
                match &*assign.target {
                    Expr::Name(name) => self.uses.push(Use { name: name.id.to_string(), at: name.range.start(), stored: false }),
                    target => self.visit_expr(target),
                }
            }
            Stmt::For(_) | Stmt::While(_) => {
                let entry = self.uses.len();
                visitor::walk_stmt(self, stmt);
                self.loops.push((entry, self.uses.len()));
            }
            _ => visitor::walk_stmt(self, stmt),
        }
    }

    fn visit_expr(&mut self, expr: &'a Expr) {
        if let Expr::Name(name) = expr {
            self.uses.push(Use { name: name.id.to_string(), at: name.range.start(), stored: name.ctx != ExprContext::Load });
        }
        visitor::walk_expr(self, expr);
    }
}

/// Makes one copy: the item's subscript takes the copy's position, the copy's own names their
/// copy's names.
struct Copier<'o> {
    item: TextRange,
    copy: usize,
    own: &'o HashSet<String>,
}

impl Transformer for Copier<'_> {
    fn visit_expr(&self, expr: &mut Expr) {
        match expr {
            Expr::Subscript(subscript) if subscript.range == self.item => {
                let at = subscript.slice.range();
                *subscript.slice = integer(self.copy, at);
                self.visit_expr(&mut subscript.value);
            }
            Expr::Name(name) if self.own.contains(name.id.as_str()) => name.id = Name::new(copy_name(&name.id, self.copy)),
            _ => transformer::walk_expr(self, expr),
        }
    }
}
