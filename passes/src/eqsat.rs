//! `eqsat`: equality saturation over the pure dataflow of each block, with `egg`.
//!
//! Each block is cut into stretches at the ops that may write into an array (a `py.setitem`, a
//! copy, a call, ...). Within a stretch, every op with one result and no effect besides reading
//! arrays (pure ops, `py.map`, `py.dot`, `py.reduce`, `py.getitem`) is an e-node; every other value
//! is an opaque leaf, and constants from anywhere are nodes. The rules of `eqsat/rules.rs`, those
//! that hold under the function's fast-math flags (`py.fastmath`), rewrite the e-graph until it
//! saturates or meets its limits (nodes, iterations, time: [`Limits`], read from the module's
//! `rumba.eqsat_limits`). Each value the stretch hands on is then extracted at the lowest cost
//! (`eqsat/cost.rs`, which prices arrays by their element count) and, where those values cost less
//! in all than what the IR computes for them (each counted once), rebuilt in front of the op that
//! made it; the ops nothing uses any more are erased. Exact identities apply always; reassociation (matrix chains included), reciprocals,
//! signed-zero, NaN, infinity and approximate-function rules only under their flags.
//!
//! It runs after `parfor`, so a fused elementwise kernel is one block of scalar ops, and `parfor`
//! runs again after it to fuse the maps it makes.

mod cost;
mod language;
mod rules;

use crate::ir;
use cost::{own_cost, Cost};
use egg::{EGraph, Extractor, Id, Runner};
use language::{elementwise_kernel, element_type, Build, Facts, Node, Operator, CONSTANTS, READERS};
use mlir_sys::*;
use std::collections::{HashMap, HashSet};
use std::time::Duration;

/// How far one stretch's saturation may go.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Limits {
    /// E-nodes in the e-graph.
    pub nodes: usize,
    /// Rounds of applying every rule.
    pub iterations: usize,
    pub time: Duration,
}

impl Default for Limits {
    fn default() -> Self {
        Self { nodes: 5_000, iterations: 12, time: Duration::from_millis(20) }
    }
}

/// The module attribute that overrides [`Limits`]: `{nodes = 5000, iterations = 12, milliseconds = 20}`.
pub const LIMITS_ATTRIBUTE: &str = "rumba.eqsat_limits";

impl Limits {
    fn of(module: MlirOperation) -> Self {
        let mut limits = Self::default();
        let dictionary = ir::attribute(module, LIMITS_ATTRIBUTE);
        if dictionary.ptr.is_null() || unsafe { !mlirAttributeIsADictionary(dictionary) } {
            return limits;
        }
        let entry = |name: &str| unsafe {
            let value = mlirDictionaryAttrGetElementByName(dictionary, ir::string_ref(name));
            (!value.ptr.is_null() && mlirAttributeIsAInteger(value)).then(|| mlirIntegerAttrGetValueInt(value).max(0) as u64)
        };
        if let Some(nodes) = entry("nodes") {
            limits.nodes = nodes as usize;
        }
        if let Some(iterations) = entry("iterations") {
            limits.iterations = iterations as usize;
        }
        if let Some(milliseconds) = entry("milliseconds") {
            limits.time = Duration::from_millis(milliseconds);
        }
        limits
    }
}

/// Runs the pass on a module.
pub fn eqsat(module: MlirOperation) {
    let limits = Limits::of(module);
    for function in ir::collect_operations(module, |operation| ir::op_name(operation) == "func.func") {
        let rewrites = rules::rewrites(&fastmath_flags(function));
        for block in blocks_innermost_first(function) {
            let positions: HashMap<*mut std::ffi::c_void, usize> = block_operations(block).into_iter().enumerate().map(|(position, operation)| (operation.ptr, position)).collect();
            for stretch in stretches(block) {
                Stretch { block, positions: &positions }.saturate(&stretch, &rewrites, limits);
            }
        }
    }
}

/// The function's fast-math flags (`py.fastmath = #arith.fastmath<nnan,ninf>`) by LLVM's names.
fn fastmath_flags(function: MlirOperation) -> Vec<String> {
    let flags = ir::attribute(function, "py.fastmath");
    if flags.ptr.is_null() {
        return Vec::new();
    }
    let text = ir::print_attribute(flags);
    let inside = text.split_once('<').and_then(|(_, rest)| rest.rsplit_once('>')).map_or("", |(inside, _)| inside);
    inside.split(',').map(|flag| flag.trim().to_string()).filter(|flag| !flag.is_empty() && flag != "none").collect()
}

fn block_operations(block: MlirBlock) -> Vec<MlirOperation> {
    let mut found = Vec::new();
    let mut operation = unsafe { mlirBlockGetFirstOperation(block) };
    while !operation.ptr.is_null() {
        found.push(operation);
        operation = unsafe { mlirOperationGetNextInBlock(operation) };
    }
    found
}

/// Every block nested in `operation`, the blocks inside an op before the block that holds it, so
/// that erasing an op never leaves a block still to visit.
fn blocks_innermost_first(operation: MlirOperation) -> Vec<MlirBlock> {
    let mut found = Vec::new();
    for region in 0..unsafe { mlirOperationGetNumRegions(operation) } {
        let mut block = unsafe { mlirRegionGetFirstBlock(mlirOperationGetRegion(operation, region)) };
        while !block.ptr.is_null() {
            for nested in block_operations(block) {
                found.extend(blocks_innermost_first(nested));
            }
            found.push(block);
            block = unsafe { mlirBlockGetNextInRegion(block) };
        }
    }
    found
}

/// The block's ops cut after each one that may write into an array.
fn stretches(block: MlirBlock) -> Vec<Vec<MlirOperation>> {
    let mut found = vec![Vec::new()];
    for operation in block_operations(block) {
        found.last_mut().expect("one stretch at least").push(operation);
        if ir::writes_arrays(operation) {
            found.push(Vec::new());
        }
    }
    found
}

/// Whether `operation` becomes an e-node: one result, and nothing done besides reading arrays.
fn is_node(operation: MlirOperation) -> bool {
    let name = ir::op_name(operation);
    let regions_allowed = unsafe { mlirOperationGetNumRegions(operation) } == 0 || name == "py.map";
    let one_result = unsafe { mlirOperationGetNumResults(operation) } == 1;
    one_result && regions_allowed && (READERS.contains(&name.as_str()) || (rumba_dialects::is_pure(operation) && !name.starts_with("py.yield")))
}

fn is_constant(operation: MlirOperation) -> bool {
    CONSTANTS.contains(&ir::op_name(operation).as_str())
}

/// A block being rewritten: where its ops are, for checking that a value comes before its use.
struct Stretch<'a> {
    block: MlirBlock,
    positions: &'a HashMap<*mut std::ffi::c_void, usize>,
}

/// The e-graph of one stretch and what ties it to the IR.
struct Graph {
    egraph: EGraph<Node, Facts>,
    /// The class of each value read.
    classes: HashMap<*const std::ffi::c_void, Id>,
    /// The stretch's ops that are nodes, in order, with their node.
    nodes: Vec<(MlirOperation, Node)>,
}

impl Graph {
    /// The node of `operation`, its result type left out where its operands' types imply it, so
    /// that it is the very node a rule's pattern builds (e-matching looks such nodes up).
    fn node_of(&mut self, operation: MlirOperation, children: Vec<Id>) -> Node {
        let mut node = self.egraph.analysis.node_of(operation, children);
        let Operator::Op(symbol) = node.operator else { return node };
        let operand_types: Vec<Option<MlirType>> = node.children.iter().map(|child| self.egraph[*child].data.result_type).collect();
        let result_type = ir::value_type(result_of(operation));
        if self.egraph.analysis.derived_type(symbol, &operand_types).is_some_and(|derived| unsafe { mlirTypeEqual(derived, result_type) }) {
            node.result_type = None;
        }
        node
    }

    fn class_of(&mut self, value: MlirValue) -> Id {
        if let Some(class) = self.classes.get(&value.ptr) {
            return *class;
        }
        let constant = ir::defining_operation(value).filter(|operation| is_constant(*operation) && unsafe { mlirOperationGetNumResults(*operation) } == 1);
        let class = match constant {
            Some(operation) => {
                let node = self.egraph.analysis.node_of(operation, Vec::new());
                self.egraph.add(node)
            }
            None => {
                let position = self.egraph.analysis.leaves.len() as u32;
                self.egraph.analysis.leaves.push(value);
                self.egraph.add(Node { operator: Operator::Leaf(position), result_type: None, children: Vec::new() })
            }
        };
        self.classes.insert(value.ptr, class);
        class
    }
}

impl Stretch<'_> {
    fn saturate(&self, operations: &[MlirOperation], rewrites: &[rules::Keyed], limits: Limits) {
        let Some(first) = operations.first() else { return };
        let context = unsafe { mlirOperationGetContext(*first) };
        let mut graph = Graph { egraph: EGraph::new(Facts::new(context)), classes: HashMap::new(), nodes: Vec::new() };
        for operation in operations.iter().copied().filter(|operation| is_node(*operation)) {
            let mut operands = ir::operands(operation);
            if let Some((_, read)) = (ir::op_name(operation) == "py.map").then(|| elementwise_kernel(operation)).flatten() {
                operands = read.iter().map(|position| operands[*position]).collect();
            }
            let children = operands.into_iter().map(|operand| graph.class_of(operand)).collect();
            let node = graph.node_of(operation, children);
            let class = graph.egraph.add(node.clone());
            graph.classes.insert(result_of(operation).ptr, class);
            graph.nodes.push((operation, node));
        }
        if graph.nodes.iter().filter(|(operation, _)| !is_constant(*operation)).count() == 0 {
            return;
        }
        let present = graph.egraph.classes().flat_map(|class| class.nodes.iter()).filter_map(|node| match node.operator {
            Operator::Op(symbol) => Some(rules::operator_key(symbol.as_str()).to_string()),
            Operator::Leaf(_) => None,
        });
        let rewrites = rules::relevant(rewrites, present);
        let runner: Runner<Node, Facts, ()> = Runner::new(Facts::new(context))
            .with_egraph(graph.egraph)
            .with_node_limit(limits.nodes)
            .with_iter_limit(limits.iterations)
            .with_time_limit(limits.time)
            .run(rewrites);
        graph.egraph = runner.egraph;
        self.rebuild(graph);
    }

    /// Rebuilds the values the stretch hands on in their cheapest form, where that costs less than
    /// what the IR computes for them (counting each value once, however many use it), then erases
    /// the ops left unused.
    fn rebuild(&self, mut graph: Graph) {
        let extractor = Extractor::new(&graph.egraph, Cost { egraph: &graph.egraph });
        let best: HashMap<Id, Node> = graph.egraph.classes().map(|class| (class.id, extractor.find_best_node(class.id).clone())).collect();
        drop(extractor);
        let node_operations: Vec<*mut std::ffi::c_void> = graph.nodes.iter().map(|(operation, _)| operation.ptr).collect();
        let roots: Vec<MlirOperation> = graph.nodes.iter().map(|(operation, _)| *operation).filter(|operation| hands_on(*operation, &node_operations)).collect();
        if extracted_cost(&graph, &best, &roots) < original_cost(&graph, &roots) {
            let mut locations: HashMap<Id, MlirLocation> = HashMap::new();
            for (operation, _) in &graph.nodes {
                let class = graph.egraph.find(graph.classes[&result_of(*operation).ptr]);
                locations.entry(class).or_insert(unsafe { mlirOperationGetLocation(*operation) });
            }
            let mut built: HashMap<Id, MlirValue> = HashMap::new();
            let mut builder = Builder { graph: &mut graph, best: &best, locations: &locations, built: &mut built, stretch: self };
            for root in roots {
                let class = builder.graph.classes[&result_of(root).ptr];
                let value = match sharing(root) {
                    Sharing::Shared => builder.value(class, root),
                    Sharing::Fresh => builder.fresh_array(class, root),
                    Sharing::Kept => None,
                };
                if let Some(value) = value {
                    unsafe { mlirValueReplaceAllUsesOfWith(result_of(root), value) };
                }
            }
        }
        for (operation, _) in graph.nodes.iter().rev() {
            if unsafe { mlirValueGetFirstUse(result_of(*operation)) }.ptr.is_null() {
                unsafe { mlirOperationDestroy(*operation) };
            }
        }
    }

    /// Whether `value` is defined where an op in front of `anchor` can read it.
    fn available(&self, value: MlirValue, anchor: MlirOperation) -> bool {
        match ir::defining_operation(value) {
            Some(producer) if unsafe { mlirBlockEqual(mlirOperationGetBlock(producer), self.block) } => {
                self.positions.get(&producer.ptr).zip(self.positions.get(&anchor.ptr)).is_some_and(|(producer, anchor)| producer < anchor)
            }
            _ => true,
        }
    }
}

/// Ops that make a new array.
const FRESH_ARRAYS: [&str; 3] = ["py.map", "py.dot", "py.reduce"];

/// Ops whose array result is a view of their first operand's memory.
const VIEWS: [&str; 4] = ["py.view", "py.transpose", "py.reshape", "py.as_strided"];

/// Whether `user` only reads the array it has as operand `position`.
fn only_reads(user: MlirOperation, position: u32) -> bool {
    match ir::op_name(user).as_str() {
        "py.dim" | "py.stride" | "py.getitem" | "py.map" | "py.dot" | "py.reduce" => true,
        "py.copy" => position == 0,
        _ => false,
    }
}

/// Whether the array `value`, or a view of it, may be written or handed on (returned, stored,
/// passed to a call): any use but a read.
fn exposed(value: MlirValue) -> bool {
    ir::uses(value).into_iter().any(|(user, position)| {
        if VIEWS.contains(&ir::op_name(user).as_str()) && position == 0 {
            exposed(result_of(user))
        } else {
            !only_reads(user, position)
        }
    })
}

/// How a root's value may be rebuilt without changing which arrays share memory.
enum Sharing {
    /// Only read (as are its views): any value of its class will do, shared with other uses.
    Shared,
    /// A new array that is written or handed on, with no views: a new array of its own.
    Fresh,
    /// A view of a new array that is written or handed on, or such an array with views of it:
    /// rebuilding it would part what writes through one from what reads through the other.
    Kept,
}

fn sharing(root: MlirOperation) -> Sharing {
    let result = result_of(root);
    if language::rank(ir::value_type(result)) == 0 {
        return Sharing::Shared;
    }
    let name = ir::op_name(root);
    if FRESH_ARRAYS.contains(&name.as_str()) {
        let viewed = ir::uses(result).iter().any(|(user, position)| *position == 0 && VIEWS.contains(&ir::op_name(*user).as_str()));
        return match (exposed(result), viewed) {
            (false, _) => Sharing::Shared,
            (true, false) => Sharing::Fresh,
            (true, true) => Sharing::Kept,
        };
    }
    let mut base = result;
    while let Some(view) = ir::defining_operation(base).filter(|operation| VIEWS.contains(&ir::op_name(*operation).as_str())) {
        base = unsafe { mlirOperationGetOperand(view, 0) };
    }
    let of_new_array = ir::defining_operation(base).is_some_and(|producer| FRESH_ARRAYS.contains(&ir::op_name(producer).as_str()));
    if of_new_array && exposed(base) {
        Sharing::Kept
    } else {
        Sharing::Shared
    }
}

fn result_of(operation: MlirOperation) -> MlirValue {
    unsafe { mlirOperationGetResult(operation, 0) }
}

/// The work of the stretch's ops that the roots' values need, each once.
fn original_cost(graph: &Graph, roots: &[MlirOperation]) -> f64 {
    let node_of: HashMap<*mut std::ffi::c_void, &Node> = graph.nodes.iter().map(|(operation, node)| (operation.ptr, node)).collect();
    let mut needed: HashMap<*mut std::ffi::c_void, &Node> = HashMap::new();
    let mut pending: Vec<MlirOperation> = roots.to_vec();
    while let Some(operation) = pending.pop() {
        let Some(node) = node_of.get(&operation.ptr) else { continue };
        if needed.insert(operation.ptr, node).is_none() {
            pending.extend(ir::operands(operation).into_iter().filter_map(ir::defining_operation));
        }
    }
    needed.values().map(|node| own_cost(&graph.egraph, node)).sum()
}

/// The work of the cheapest forms of the roots' values, each class once.
fn extracted_cost(graph: &Graph, best: &HashMap<Id, Node>, roots: &[MlirOperation]) -> f64 {
    let mut needed: HashSet<Id> = HashSet::new();
    let mut pending: Vec<Id> = roots.iter().map(|root| graph.classes[&result_of(*root).ptr]).collect();
    while let Some(class) = pending.pop() {
        let class = graph.egraph.find(class);
        if needed.insert(class) {
            pending.extend(best[&class].children.iter().copied());
        }
    }
    needed.iter().map(|class| own_cost(&graph.egraph, &best[class])).sum()
}

/// Whether an op other than the stretch's nodes uses the result of `operation`.
fn hands_on(operation: MlirOperation, node_operations: &[*mut std::ffi::c_void]) -> bool {
    ir::uses(unsafe { mlirOperationGetResult(operation, 0) }).iter().any(|(user, _)| !node_operations.contains(&user.ptr))
}

/// Builds the cheapest form of classes in front of an anchor, each class once.
struct Builder<'a> {
    graph: &'a mut Graph,
    best: &'a HashMap<Id, Node>,
    locations: &'a HashMap<Id, MlirLocation>,
    built: &'a mut HashMap<Id, MlirValue>,
    stretch: &'a Stretch<'a>,
}

impl Builder<'_> {
    /// The value of `class` built in front of `anchor`, once for every use; `None` where its
    /// cheapest form reads a value defined after `anchor`.
    fn value(&mut self, class: Id, anchor: MlirOperation) -> Option<MlirValue> {
        let class = self.graph.egraph.find(class);
        if let Some(value) = self.built.get(&class) {
            return Some(*value);
        }
        let value = self.make(class, anchor)?;
        if !matches!(self.best.get(&class)?.operator, Operator::Leaf(_)) {
            self.built.insert(class, value);
        }
        Some(value)
    }

    /// A new array for `class`, made in front of `anchor` and shared with nothing (its operands may
    /// be): what replaces an array that is written or handed on. `None` where the cheapest form is
    /// not an op that makes a new array.
    fn fresh_array(&mut self, class: Id, anchor: MlirOperation) -> Option<MlirValue> {
        let class = self.graph.egraph.find(class);
        let Operator::Op(symbol) = self.best.get(&class)?.operator else { return None };
        let makes_array = FRESH_ARRAYS.contains(&self.graph.egraph.analysis.build(symbol).name());
        makes_array.then(|| self.make(class, anchor)).flatten()
    }

    /// The cheapest form of `class` in front of `anchor`, its operands through [`Builder::value`].
    fn make(&mut self, class: Id, anchor: MlirOperation) -> Option<MlirValue> {
        let node = self.best.get(&class)?.clone();
        match node.operator {
            Operator::Leaf(position) => {
                let value = self.graph.egraph.analysis.leaves[position as usize];
                self.stretch.available(value, anchor).then_some(value)
            }
            Operator::Op(symbol) => {
                let operands = node.children.iter().map(|child| self.value(*child, anchor)).collect::<Option<Vec<_>>>()?;
                let result_type = self.graph.egraph[class].data.result_type?;
                let mut b = ir::Builder::before(anchor);
                if let Some(location) = self.locations.get(&class) {
                    b.location = *location;
                }
                Some(match self.graph.egraph.analysis.build(symbol) {
                    Build::Op { name, attributes } => {
                        let attributes: Vec<(&str, MlirAttribute)> = attributes.iter().map(|(name, value)| (name.as_str(), *value)).collect();
                        b.value(&name, &operands, result_type, &attributes)
                    }
                    Build::ElementwiseMap { kernel } => self.elementwise_map(&b, kernel, &operands, result_type)?,
                    Build::CopyOf(template) => unsafe {
                        if !language::captured(template).into_iter().all(|value| self.stretch.available(value, anchor)) {
                            return None;
                        }
                        let copy = mlirOperationClone(template);
                        mlirOperationSetOperands(copy, operands.len() as isize, operands.as_ptr());
                        mlirBlockInsertOwnedOperationBefore(mlirOperationGetBlock(anchor), anchor, copy);
                        mlirOperationGetResult(copy, 0)
                    },
                })
            }
        }
    }

    /// `py.map` of `operands` whose kernel applies the op `kernel` spells to their elements.
    fn elementwise_map(&mut self, b: &ir::Builder, kernel: egg::Symbol, operands: &[MlirValue], result_type: MlirType) -> Option<MlirValue> {
        let Build::Op { name, attributes } = self.graph.egraph.analysis.build(kernel) else { return None };
        let map = b.create_with_regions("py.map", operands, &[result_type], &[], 1);
        let element_types: Vec<MlirType> = operands.iter().map(|operand| element_type(ir::value_type(*operand))).collect();
        let (block, terminator) = ir::append_terminated_block(map, 0, &element_types, "py.yield");
        let arguments: Vec<MlirValue> = (0..element_types.len()).map(|position| unsafe { mlirBlockGetArgument(block, position as isize) }).collect();
        let attributes: Vec<(&str, MlirAttribute)> = attributes.iter().map(|(name, value)| (name.as_str(), *value)).collect();
        let element = ir::Builder::before(terminator).value(&name, &arguments, element_type(result_type), &attributes);
        unsafe { mlirOperationSetOperands(terminator, 1, &element) };
        Some(unsafe { mlirOperationGetResult(map, 0) })
    }
}
