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
use ruff_text_size::{Ranged, TextRange};
use std::collections::{HashMap, HashSet};

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
    let (in_segment, assigned) = name_counts(segment);
    let (in_function, _) = name_counts(function_body);
    let own: HashSet<String> = in_segment.into_iter().filter(|(name, count)| assigned.contains(name) && in_function.get(name) == Some(count)).map(|(name, _)| name).collect();
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

/// How often each name occurs (read or assigned) in `body`, and the names it assigns.
fn name_counts(body: &[Stmt]) -> (HashMap<String, usize>, HashSet<String>) {
    #[derive(Default)]
    struct Counter(HashMap<String, usize>, HashSet<String>);
    impl<'a> Visitor<'a> for Counter {
        fn visit_expr(&mut self, expr: &'a Expr) {
            if let Expr::Name(name) = expr {
                *self.0.entry(name.id.to_string()).or_default() += 1;
                if name.ctx != ExprContext::Load {
                    self.1.insert(name.id.to_string());
                }
            }
            visitor::walk_expr(self, expr);
        }
    }
    let mut counter = Counter::default();
    visitor::walk_body(&mut counter, body);
    (counter.0, counter.1)
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
