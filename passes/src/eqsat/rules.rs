//! The rewrite rules of `eqsat`, as data: each says on which numbers it holds (integers, which
//! wrap, and floats under which fast-math flags) and what its variables must be. Rules over
//! scalar ops also hold elementwise, on `py.map`s of one op (`map:py.pow`), where no variable
//! that only the left side names is an array (dropping one would change the result's shape); they
//! are lifted there when their right side is an op, not a bare variable (an array operand in place
//! of a new array would alias it).

use super::language::{element_type, is_float, is_integer, rank, Facts, Node, Number, Operator};
use crate::ir;
use egg::{Applier, EGraph, Id, Pattern, PatternAst, Rewrite, SearchMatches, Searcher, Subst, Symbol, Var};
use mlir_sys::MlirType;
use std::collections::HashSet;
use std::sync::{Arc, Mutex};

/// What a variable of a rule must be.
#[derive(Clone, Copy, Debug)]
pub enum Require {
    /// A constant equal to this number (either zero for 0).
    Number(&'static str, f64),
    /// The integer 0 or the float +0.0.
    PositiveZero(&'static str),
    /// The integer 0 or the float -0.0.
    NegativeZero(&'static str),
    /// An array of this many dimensions (0: a number).
    Rank(&'static str, usize),
    /// Arrays whose first extents are equal: one value, or ones whose `py.dim 0` are one class.
    SameExtent(&'static str, &'static str),
}

/// What the match becomes.
#[derive(Clone, Copy, Debug)]
pub enum Rhs {
    Pattern(&'static str),
    /// A constant of the match's type.
    Constant(f64),
    /// `py.dot` of two 1-D arrays broadcast to their common extent (a stride of 0 repeats an
    /// array of extent 1), as `np.sum(a * b)` broadcasts them.
    BroadcastDot(&'static str, &'static str),
}

#[derive(Clone, Copy, Debug)]
pub struct Rule {
    pub name: &'static str,
    pub lhs: &'static str,
    pub rhs: Rhs,
    /// Whether it holds on integers (two's complement arithmetic wraps, so rings' laws hold).
    pub integers: bool,
    /// The fast-math flags under which it holds on floats (`Some(&[])`: always); `None`: never.
    pub floats: Option<&'static [&'static str]>,
    pub requires: &'static [Require],
}

const EXACT: Option<&[&str]> = Some(&[]);

const fn rule(name: &'static str, lhs: &'static str, rhs: &'static str, integers: bool, floats: Option<&'static [&'static str]>, requires: &'static [Require]) -> Rule {
    Rule { name, lhs, rhs: Rhs::Pattern(rhs), integers, floats, requires }
}

/// Every rule, grouped by what makes it valid.
pub const RULES: &[Rule] = &[
    // Exact on integers and floats alike.
    rule("add-commute", "(py.add ?a ?b)", "(py.add ?b ?a)", true, EXACT, &[]),
    rule("mul-commute", "(py.mul ?a ?b)", "(py.mul ?b ?a)", true, EXACT, &[]),
    rule("mul-one", "(py.mul ?x ?one)", "?x", true, EXACT, &[Require::Number("?one", 1.0)]),
    rule("truediv-one", "(py.truediv ?x ?one)", "?x", false, EXACT, &[Require::Number("?one", 1.0)]),
    rule("sub-zero", "(py.sub ?x ?zero)", "?x", true, EXACT, &[Require::PositiveZero("?zero")]),
    rule("add-negative-zero", "(py.add ?x ?zero)", "?x", true, EXACT, &[Require::NegativeZero("?zero")]),
    rule("neg-neg", "(py.neg (py.neg ?x))", "?x", true, EXACT, &[]),
    rule("pow-two", "(py.pow ?x ?two)", "(py.mul ?x ?x)", true, EXACT, &[Require::Number("?two", 2.0)]),
    rule("transpose-transpose", "(py.transpose (py.transpose ?x))", "?x", true, EXACT, &[]),
    // Exact on integers; on floats they change rounding, so they need `reassoc`.
    rule("add-associate", "(py.add (py.add ?a ?b) ?c)", "(py.add ?a (py.add ?b ?c))", true, Some(&["reassoc"]), &[]),
    rule("add-associate-back", "(py.add ?a (py.add ?b ?c))", "(py.add (py.add ?a ?b) ?c)", true, Some(&["reassoc"]), &[]),
    rule("mul-associate", "(py.mul (py.mul ?a ?b) ?c)", "(py.mul ?a (py.mul ?b ?c))", true, Some(&["reassoc"]), &[]),
    rule("mul-associate-back", "(py.mul ?a (py.mul ?b ?c))", "(py.mul (py.mul ?a ?b) ?c)", true, Some(&["reassoc"]), &[]),
    rule("factor-add", "(py.add (py.mul ?a ?b) (py.mul ?a ?c))", "(py.mul ?a (py.add ?b ?c))", true, Some(&["reassoc"]), &[]),
    rule("factor-sub", "(py.sub (py.mul ?a ?b) (py.mul ?a ?c))", "(py.mul ?a (py.sub ?b ?c))", true, Some(&["reassoc"]), &[]),
    rule("dot-associate", "(py.dot (py.dot ?a ?b) ?c)", "(py.dot ?a (py.dot ?b ?c))", true, Some(&["reassoc"]), &[Require::Rank("?b", 2)]),
    rule("dot-associate-back", "(py.dot ?a (py.dot ?b ?c))", "(py.dot (py.dot ?a ?b) ?c)", true, Some(&["reassoc"]), &[Require::Rank("?b", 2)]),
    rule("dot-scale-left", "(py.dot (map:py.mul ?s ?a) ?b)", "(map:py.mul ?s (py.dot ?a ?b))", true, Some(&["reassoc"]), &[Require::Rank("?s", 0)]),
    rule("dot-scale-right", "(py.dot ?a (map:py.mul ?s ?b))", "(map:py.mul ?s (py.dot ?a ?b))", true, Some(&["reassoc"]), &[Require::Rank("?s", 0)]),
    Rule {
        name: "sum-of-broadcast-products",
        lhs: "(py.reduce.sum (map:py.mul ?a ?b))",
        rhs: Rhs::BroadcastDot("?a", "?b"),
        integers: true,
        floats: Some(&["reassoc"]),
        requires: &[Require::Rank("?a", 1), Require::Rank("?b", 1)],
    },
    rule(
        "sum-of-products",
        "(py.reduce.sum (map:py.mul ?a ?b))",
        "(py.dot ?a ?b)",
        true,
        Some(&["reassoc"]),
        &[Require::Rank("?a", 1), Require::Rank("?b", 1), Require::SameExtent("?a", "?b")],
    ),
    // Reciprocals: one division for two.
    rule("truediv-truediv", "(py.truediv (py.truediv ?x ?y) ?z)", "(py.truediv ?x (py.mul ?y ?z))", false, Some(&["arcp", "reassoc"]), &[]),
    // Signed zeros.
    rule("add-zero", "(py.add ?x ?zero)", "?x", false, Some(&["nsz"]), &[Require::Number("?zero", 0.0)]),
    rule("pow-half", "(py.pow ?x ?half)", "(py.math.sqrt ?x)", false, Some(&["nsz", "ninf"]), &[Require::Number("?half", 0.5)]),
    // NaNs and infinities.
    Rule { name: "sub-self", lhs: "(py.sub ?x ?x)", rhs: Rhs::Constant(0.0), integers: true, floats: Some(&["nnan", "ninf"]), requires: &[] },
    Rule { name: "mul-zero", lhs: "(py.mul ?x ?zero)", rhs: Rhs::Constant(0.0), integers: true, floats: Some(&["nnan", "ninf", "nsz"]), requires: &[Require::Number("?zero", 0.0)] },
    Rule { name: "truediv-self", lhs: "(py.truediv ?x ?x)", rhs: Rhs::Constant(1.0), integers: false, floats: Some(&["nnan", "ninf"]), requires: &[] },
    // Approximate functions.
    rule("sqrt-square", "(py.mul (py.math.sqrt ?x) (py.math.sqrt ?x))", "?x", false, Some(&["afn", "nnan"]), &[]),
    rule("exp-log", "(py.math.exp (py.math.log ?x))", "?x", false, Some(&["afn", "nnan"]), &[]),
    rule("log-exp", "(py.math.log (py.math.exp ?x))", "?x", false, Some(&["afn", "ninf"]), &[]),
    rule("exp-product", "(py.mul (py.math.exp ?a) (py.math.exp ?b))", "(py.math.exp (py.add ?a ?b))", false, Some(&["afn", "reassoc"]), &[]),
];

/// A rewrite with the operator its left side starts with and the operators its right side makes,
/// so that a stretch runs only the rewrites that can match in it (egg checks its limits, reading
/// the clock, after each rewrite it searches and applies).
pub struct Keyed {
    pub rewrite: Rewrite<Node, Facts>,
    root: String,
    makes: Vec<String>,
}

/// An operator's name and naming attribute, without its other attributes (`py.dim{dim = 0 : i64}` is
/// `py.dim`).
pub fn operator_key(spelling: &str) -> &str {
    spelling.split('{').next().unwrap_or(spelling)
}

/// The operators a pattern's text names.
fn operators(pattern: &str) -> Vec<String> {
    pattern.split('(').skip(1).filter_map(|rest| rest.split_whitespace().next()).map(|operator| operator_key(operator).to_string()).collect()
}

/// The rewrites that can apply to an e-graph whose operators are `present`: those whose left side
/// starts with one of them or with one that such a rewrite makes.
pub fn relevant<'a>(rewrites: &'a [Keyed], present: impl Iterator<Item = String>) -> Vec<&'a Rewrite<Node, Facts>> {
    let mut operators: HashSet<String> = present.collect();
    let mut chosen = vec![false; rewrites.len()];
    let mut changed = true;
    while changed {
        changed = false;
        for (keyed, chosen) in rewrites.iter().zip(chosen.iter_mut()) {
            if !*chosen && operators.contains(&keyed.root) {
                *chosen = true;
                changed = true;
                operators.extend(keyed.makes.iter().cloned());
            }
        }
    }
    rewrites.iter().zip(chosen).filter(|(_, chosen)| *chosen).map(|(keyed, _)| &keyed.rewrite).collect()
}

/// The rewrites that hold in a function with fast-math `flags` (LLVM's names; `fast` is all), made
/// once per process for each set of flags.
pub fn rewrites(flags: &[String]) -> Arc<Vec<Keyed>> {
    static MADE: Mutex<Vec<(Vec<String>, Arc<Vec<Keyed>>)>> = Mutex::new(Vec::new());
    let mut made = MADE.lock().unwrap_or_else(|poisoned| poisoned.into_inner());
    if let Some((_, rewrites)) = made.iter().find(|(made_for, _)| made_for.as_slice() == flags) {
        return rewrites.clone();
    }
    let rewrites = Arc::new(make_rewrites(flags));
    made.push((flags.to_vec(), rewrites.clone()));
    rewrites
}

fn make_rewrites(flags: &[String]) -> Vec<Keyed> {
    let allowed = |needed: &[&str]| needed.iter().all(|flag| flags.iter().any(|given| given == flag || given == "fast"));
    let mut rewrites = Vec::new();
    for rule in RULES {
        let floats = rule.floats.is_some_and(|needed| allowed(needed));
        if !rule.integers && !floats {
            continue;
        }
        for (suffix, lhs, rhs_text, rhs, dropped) in variants(rule) {
            let (Ok(searcher), Some(rhs)) = (lhs.parse::<Pattern<Node>>(), rhs) else { continue };
            let makes = match rule.rhs {
                Rhs::Pattern(_) => operators(&rhs_text),
                Rhs::Constant(_) => vec!["py.constant".to_string()],
                Rhs::BroadcastDot(..) => ["py.dot", "py.as_strided", "py.stride", "py.dim", "py.cmp.eq", "arith.select", "py.constant"].map(String::from).to_vec(),
            };
            let root = operators(&lhs).into_iter().next().unwrap_or_default();
            let applier = Apply { rhs, integers: rule.integers, floats, requires: rule.requires, dropped };
            if let Ok(rewrite) = Rewrite::new(format!("{}{suffix}", rule.name), searcher, applier) {
                rewrites.push(Keyed { rewrite, root, makes });
            }
        }
    }
    if let Ok(rewrite) = Rewrite::new("extent-of-result", ExtentOfResult, ExtentOfResult) {
        rewrites.push(Keyed { rewrite, root: "py.dim".into(), makes: vec!["py.dim".into()] });
    }
    rewrites
}

/// `py.dim` of an array an op made, as `py.dim` of an operand: the extents of an elementwise map
/// with one array operand are that array's, and `np.dot`'s are the outer operands' own (its
/// summed extents are equal, which the frontend checks first). Exact: a shape check that read
/// the made array reads the operand, and the made array may then not be needed at all.
struct ExtentOfResult;

/// The dimension a `py.dim` node asks for, read from its spelling (`py.dim{dim = 1 : i64}`).
fn dimension_of(node: &Node) -> Option<usize> {
    let Operator::Op(symbol) = node.operator else { return None };
    symbol.as_str().strip_prefix("py.dim{dim = ")?.split(' ').next()?.parse().ok()
}

/// The operand and dimension whose extent is dimension `dimension` of the array `made` computes.
/// `made_rank` is the dimension count of what `made` computes.
fn extent_source(egraph: &EGraph<Node, Facts>, made: &Node, made_rank: usize, dimension: usize) -> Option<(Id, usize)> {
    let Operator::Op(symbol) = made.operator else { return None };
    let ranks: Vec<usize> = made.children.iter().map(|child| egraph[*child].data.result_type.map_or(0, rank)).collect();
    let text = symbol.as_str();
    if text.starts_with("map:") || text.starts_with("py.map#") {
        let arrays: Vec<usize> = (0..ranks.len()).filter(|position| ranks[*position] > 0).collect();
        return (arrays.len() == 1 && ranks[arrays[0]] == made_rank).then(|| (made.children[arrays[0]], dimension));
    }
    if text != "py.dot" {
        return None;
    }
    match (ranks.first()?, ranks.get(1)?, dimension) {
        (2, _, 0) => Some((made.children[0], 0)),
        (2, 2, 1) => Some((made.children[1], 1)),
        (1, 2, 0) => Some((made.children[1], 1)),
        _ => None,
    }
}

fn dimension_variable(dimension: usize) -> Var {
    format!("?extent{dimension}").parse().expect("a variable name")
}

impl Searcher<Node, Facts> for ExtentOfResult {
    fn search_eclass_with_limit(&self, egraph: &EGraph<Node, Facts>, class: Id, limit: usize) -> Option<SearchMatches<'_, Node>> {
        let mut substs = Vec::new();
        for node in &egraph[class].nodes {
            let Some(dimension) = dimension_of(node) else { continue };
            let made_rank = egraph[node.children[0]].data.result_type.map_or(0, rank);
            for made in &egraph[node.children[0]].nodes {
                if let Some((operand, operand_dimension)) = extent_source(egraph, made, made_rank, dimension) {
                    let mut subst = Subst::default();
                    subst.insert(dimension_variable(operand_dimension), operand);
                    substs.push(subst);
                }
            }
        }
        substs.truncate(limit);
        (!substs.is_empty()).then_some(SearchMatches { eclass: class, substs, ast: None })
    }

    fn vars(&self) -> Vec<Var> {
        Vec::new()
    }
}

impl Applier<Node, Facts> for ExtentOfResult {
    fn apply_one(&self, egraph: &mut EGraph<Node, Facts>, matched: Id, subst: &Subst, _: Option<&PatternAst<Node>>, _: Symbol) -> Vec<Id> {
        let Some(result_type) = egraph[matched].data.result_type else { return Vec::new() };
        let Some((dimension, operand)) = (0..3).find_map(|dimension| subst.get(dimension_variable(dimension)).map(|operand| (dimension, *operand))) else { return Vec::new() };
        let Some(node) = egraph.analysis.op_node("py.dim", &[("dim", &format!("{dimension} : i64"))], result_type, vec![operand]) else { return Vec::new() };
        let added = egraph.add(node);
        if egraph.union(matched, added) {
            vec![added]
        } else {
            Vec::new()
        }
    }
}

/// The rule over numbers, and over elementwise maps where that holds: name suffix, left side,
/// right side (as text, and built), and the variables only the left side names (which must then be
/// numbers).
fn variants(rule: &Rule) -> Vec<(&'static str, String, String, Option<RhsBuilt>, Vec<Var>)> {
    let rhs_text = match rule.rhs {
        Rhs::Pattern(text) => text,
        _ => "",
    };
    let mut found = vec![("", rule.lhs.to_string(), rhs_text.to_string(), built(rule.rhs, |text| text.to_string()), Vec::new())];
    let array_rule = ["(py.dot", "(py.transpose", "(py.reduce"].iter().any(|prefix| rule.lhs.starts_with(prefix));
    let liftable = matches!(rule.rhs, Rhs::Pattern(text) if text.starts_with('(')) && rule.lhs.starts_with("(py.") && !array_rule;
    if liftable {
        let lift = |text: &str| text.replace("(py.", "(map:py.");
        let dropped = variables(rule.lhs).into_iter().filter(|variable| !variables(rhs_text).contains(variable)).filter_map(|variable| variable.parse().ok()).collect();
        found.push(("-elementwise", lift(rule.lhs), lift(rhs_text), built(rule.rhs, lift), dropped));
    }
    found
}

fn variables(pattern: &str) -> Vec<String> {
    pattern.split(|c: char| c.is_whitespace() || c == '(' || c == ')').filter(|token| token.starts_with('?')).map(str::to_string).collect()
}

fn built(rhs: Rhs, spell: impl Fn(&str) -> String) -> Option<RhsBuilt> {
    match rhs {
        Rhs::Pattern(text) => spell(text).parse::<Pattern<Node>>().ok().map(|pattern| RhsBuilt::Pattern(pattern.ast)),
        Rhs::Constant(value) => Some(RhsBuilt::Constant(value)),
        Rhs::BroadcastDot(lhs, rhs) => Some(RhsBuilt::BroadcastDot(lhs.parse().ok()?, rhs.parse().ok()?)),
    }
}

enum RhsBuilt {
    Pattern(PatternAst<Node>),
    Constant(f64),
    BroadcastDot(Var, Var),
}

/// Adds a rule's right side and merges it with the match, where the match's numbers are ones the
/// rule holds on, its variables are what it requires, and both sides have one type.
struct Apply {
    rhs: RhsBuilt,
    integers: bool,
    floats: bool,
    requires: &'static [Require],
    dropped: Vec<Var>,
}

impl Apply {
    fn requirement_holds(&self, egraph: &EGraph<Node, Facts>, subst: &Subst, requirement: Require) -> bool {
        let class = |name: &str| name.parse::<Var>().ok().and_then(|variable| subst.get(variable).copied());
        let number = |name: &str| class(name).and_then(|id| egraph[id].data.number);
        match requirement {
            Require::Number(name, value) => number(name).is_some_and(|found| found.equals(value)),
            Require::PositiveZero(name) => matches!(number(name), Some(Number::Integer(0))) || matches!(number(name), Some(Number::Float(zero)) if zero == 0.0 && zero.is_sign_positive()),
            Require::NegativeZero(name) => matches!(number(name), Some(Number::Integer(0))) || matches!(number(name), Some(Number::Float(zero)) if zero == 0.0 && zero.is_sign_negative()),
            Require::Rank(name, expected) => class(name).and_then(|id| egraph[id].data.result_type).is_some_and(|found| rank(found) == expected),
            Require::SameExtent(first, second) => match (class(first), class(second)) {
                (Some(first), Some(second)) => egraph.find(first) == egraph.find(second) || first_extent(egraph, first).is_some_and(|extent| Some(extent) == first_extent(egraph, second)),
                _ => false,
            },
        }
    }
}

/// `py.dot` of the 1-D arrays `lhs` and `rhs` viewed at their common extent: `n = dim(lhs) == 1 ?
/// dim(rhs) : dim(lhs)`, and each viewed with extent `n` and stride 0 where its own extent is 1.
fn broadcast_dot(egraph: &mut EGraph<Node, Facts>, lhs: Id, rhs: Id) -> Option<Id> {
    let context = egraph.analysis.context;
    let parse = |text: &str| Some(ir::parse_type(context, text)).filter(|parsed| !parsed.ptr.is_null());
    let (extent_type, truth) = (parse("si64")?, parse("i1")?);
    let add = |egraph: &mut EGraph<Node, Facts>, name: &str, attributes: &[(&str, &str)], result_type: MlirType, children: Vec<Id>| -> Option<Id> {
        let node = egraph.analysis.op_node(name, attributes, result_type, children)?;
        Some(egraph.add(node))
    };
    let one = add(egraph, "py.constant", &[("value", "1 : si64")], extent_type, Vec::new())?;
    let zero = add(egraph, "py.constant", &[("value", "0 : si64")], extent_type, Vec::new())?;
    let extent_and_unit = |egraph: &mut EGraph<Node, Facts>, array: Id| -> Option<(Id, Id)> {
        let extent = add(egraph, "py.dim", &[("dim", "0 : i64")], extent_type, vec![array])?;
        let unit = add(egraph, "py.cmp", &[("predicate", "\"eq\"")], truth, vec![extent, one])?;
        Some((extent, unit))
    };
    let (lhs_extent, lhs_unit) = extent_and_unit(egraph, lhs)?;
    let (rhs_extent, _) = extent_and_unit(egraph, rhs)?;
    let extent = add(egraph, "arith.select", &[], extent_type, vec![lhs_unit, rhs_extent, lhs_extent])?;
    let view = |egraph: &mut EGraph<Node, Facts>, array: Id, array_extent: Id| -> Option<Id> {
        let element = element_type(egraph[array].data.result_type?);
        let view_type = parse(&format!("!py.array<{}, 1, A>", ir::print_type(element)))?;
        let stride = add(egraph, "py.stride", &[("dim", "0 : i64")], extent_type, vec![array])?;
        let unit = add(egraph, "py.cmp", &[("predicate", "\"eq\"")], truth, vec![array_extent, one])?;
        let step = add(egraph, "arith.select", &[], extent_type, vec![unit, zero, stride])?;
        add(egraph, "py.as_strided", &[("operandSegmentSizes", "array<i32: 1, 1, 1>")], view_type, vec![array, extent, step])
    };
    let (lhs_view, rhs_view) = (view(egraph, lhs, lhs_extent)?, view(egraph, rhs, rhs_extent)?);
    let dot = egraph.analysis.node_from_spelling("py.dot", vec![lhs_view, rhs_view]);
    Some(egraph.add(dot))
}

/// The class of `py.dim %array, 0`, if the e-graph has that node.
fn first_extent(egraph: &EGraph<Node, Facts>, array: Id) -> Option<Id> {
    let dim = super::language::Operator::Op(Symbol::from("py.dim{dim = 0 : i64}"));
    let array = egraph.find(array);
    egraph.classes().find(|class| class.nodes.iter().any(|node| node.operator == dim && egraph.find(node.children[0]) == array)).map(|class| class.id)
}

impl Applier<Node, Facts> for Apply {
    fn apply_one(&self, egraph: &mut EGraph<Node, Facts>, matched: Id, subst: &Subst, _: Option<&PatternAst<Node>>, _: Symbol) -> Vec<Id> {
        let Some(result_type) = egraph[matched].data.result_type else { return Vec::new() };
        let numbers_hold = (self.integers && is_integer(result_type)) || (self.floats && is_float(result_type));
        let dropped_are_numbers = self.dropped.iter().all(|variable| subst.get(*variable).and_then(|id| egraph[*id].data.result_type).is_some_and(|found| rank(found) == 0));
        if !numbers_hold || !dropped_are_numbers || !self.requires.iter().all(|requirement| self.requirement_holds(egraph, subst, *requirement)) {
            return Vec::new();
        }
        let added = match &self.rhs {
            RhsBuilt::Pattern(ast) => egraph.add_instantiation(ast, subst),
            RhsBuilt::Constant(value) => {
                let number = if is_integer(result_type) { Number::Integer(*value as i64) } else { Number::Float(*value) };
                if rank(result_type) != 0 {
                    return Vec::new();
                }
                match egraph.analysis.constant(number, result_type) {
                    Some(node) => egraph.add(node),
                    None => return Vec::new(),
                }
            }
            RhsBuilt::BroadcastDot(lhs, rhs) => match broadcast_dot(egraph, subst[*lhs], subst[*rhs]) {
                Some(added) => added,
                None => return Vec::new(),
            },
        };
        let same_type = egraph[added].data.result_type.is_some_and(|found| unsafe { mlir_sys::mlirTypeEqual(found, result_type) });
        if same_type && egraph.union(matched, added) {
            vec![added]
        } else {
            Vec::new()
        }
    }
}
