//! What `eqsat` extracts by: the work a node does, arrays priced by their element count with every
//! extent taken as [`EXTENT`] (their extents are not known when compiling), so that a matrix
//! product costs the cube of it and a matrix-vector product its square.

use super::language::{rank, Facts, Node, Operator, CONSTANTS};
use egg::{CostFunction, EGraph, Id};

/// The extent assumed for every dimension.
const EXTENT: f64 = 1000.0;

pub struct Cost<'a> {
    pub egraph: &'a EGraph<Node, Facts>,
}

impl CostFunction<Node> for Cost<'_> {
    type Cost = f64;

    fn cost<C: FnMut(Id) -> f64>(&mut self, node: &Node, mut costs: C) -> f64 {
        own_cost(self.egraph, node) + node.children.iter().map(|child| costs(*child)).sum::<f64>()
    }
}

/// The work of `node` alone.
pub fn own_cost(egraph: &EGraph<Node, Facts>, node: &Node) -> f64 {
    let Operator::Op(symbol) = node.operator else { return 0.0 };
    let ranks: Vec<usize> = node.children.iter().map(|child| egraph[*child].data.result_type.map_or(0, rank)).collect();
    let elements = |rank: usize| EXTENT.powi(rank.min(3) as i32);
    let widest = ranks.iter().copied().max().unwrap_or(0);
    let text = symbol.as_str();
    if let Some(kernel) = text.strip_prefix("map:") {
        return elements(widest) * (1.0 + scalar_cost(kernel));
    }
    if let Some(kernel) = text.strip_prefix("py.map#") {
        return elements(widest) * (1.0 + kernel.matches(" = ").count() as f64);
    }
    if text == "py.dot" {
        return 2.0 * elements((ranks.iter().sum::<usize>()).saturating_sub(1));
    }
    if text.starts_with("py.reduce") {
        return elements(widest);
    }
    if CONSTANTS.iter().any(|constant| text.starts_with(constant)) {
        return 0.0;
    }
    scalar_cost(text)
}

/// The work of one scalar op: divisions and remainders cost as four simple ops, square roots
/// as four, other functions as eight, powers as sixteen.
fn scalar_cost(text: &str) -> f64 {
    let name = text.split('{').next().unwrap_or(text);
    match name {
        "py.truediv" | "py.floordiv" | "py.mod" | "arith.divf" | "arith.divsi" | "arith.remf" | "arith.remsi" | "py.math.sqrt" => 4.0,
        "py.pow" => 16.0,
        _ if name.starts_with("py.math.") => 8.0,
        _ => 1.0,
    }
}
