//! The e-graph language of `eqsat`: a node per op of the IR, spelled from the op itself (its name,
//! the attribute that names what it computes, its other attributes), so that the ops are listed in
//! their `.td` definitions and nowhere else. What a node's result type is, whether its operands
//! share it, and whether it has effects come from the op's definition too (`keeps_operand_type`,
//! `is_pure`); a few ops whose result type the rules must work out for new nodes (`py.dot`,
//! elementwise `py.map`s) are known by name here.

use crate::ir;
use egg::{Analysis, DidMerge, EGraph, FromOp, Id, Language, Symbol};
use mlir_sys::*;
use std::collections::HashMap;
use std::fmt;

/// What a node computes.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Operator {
    /// A value the e-graph does not look into (an argument, the result of an op with effects),
    /// by its position in [`Facts::leaves`].
    Leaf(u32),
    /// An op, as [`spell`] spells it: `py.mul`, `py.math.sqrt`, `map:py.add` (a `py.map` whose
    /// kernel applies `py.add` to its operands' elements in order), `py.constant{value = 2 : si64}`.
    Op(Symbol),
}

#[derive(Debug, Clone, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Node {
    pub operator: Operator,
    /// The result type's text for a node read from the IR; `None` for one the rules made, whose
    /// type follows from its operands. Patterns leave it out, so they match nodes of every type.
    pub result_type: Option<Symbol>,
    pub children: Vec<Id>,
}

impl Language for Node {
    type Discriminant = Operator;

    fn discriminant(&self) -> Operator {
        self.operator
    }

    fn matches(&self, other: &Self) -> bool {
        self.operator == other.operator
            && self.children.len() == other.children.len()
            && (self.result_type.is_none() || other.result_type.is_none() || self.result_type == other.result_type)
    }

    fn children(&self) -> &[Id] {
        &self.children
    }

    fn children_mut(&mut self) -> &mut [Id] {
        &mut self.children
    }
}

impl FromOp for Node {
    type Error = std::convert::Infallible;

    fn from_op(op: &str, children: Vec<Id>) -> Result<Self, Self::Error> {
        Ok(Node { operator: Operator::Op(Symbol::from(op)), result_type: None, children })
    }
}

impl fmt::Display for Node {
    fn fmt(&self, formatter: &mut fmt::Formatter) -> fmt::Result {
        match self.operator {
            Operator::Leaf(position) => write!(formatter, "%{position}"),
            Operator::Op(symbol) => write!(formatter, "{symbol}"),
        }
    }
}

/// The attribute that names what an op computes, spelled after a dot (`py.math.sqrt`).
const NAMING_ATTRIBUTES: [(&str, &str); 3] = [("py.math", "callee"), ("py.cmp", "predicate"), ("py.reduce", "kind")];

/// The ops whose value is their `value` attribute.
pub const CONSTANTS: [&str; 2] = ["py.constant", "arith.constant"];

/// Ops that read arrays but write nothing: nodes within a stretch of a block without writes.
pub const READERS: [&str; 4] = ["py.map", "py.dot", "py.reduce", "py.getitem"];

/// How to make the op a node stands for.
#[derive(Debug, Clone)]
pub enum Build {
    /// An op of this name with these attributes.
    Op { name: String, attributes: Vec<(String, MlirAttribute)> },
    /// A `py.map` whose kernel applies the op `kernel` spells to the operands' elements in order.
    ElementwiseMap { kernel: Symbol },
    /// A copy of this `py.map` (its kernel), given new operands.
    CopyOf(MlirOperation),
}

impl Build {
    /// The name of the op it builds.
    pub fn name(&self) -> &str {
        match self {
            Build::Op { name, .. } => name,
            Build::ElementwiseMap { .. } | Build::CopyOf(_) => "py.map",
        }
    }
}

/// A number a constant node holds.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum Number {
    Integer(i64),
    Float(f64),
}

impl Number {
    pub fn equals(self, value: f64) -> bool {
        match self {
            Number::Integer(integer) => integer as f64 == value,
            Number::Float(float) => float == value,
        }
    }
}

/// What is known of an e-class: its type and, for constants, its value.
#[derive(Clone, Copy)]
pub struct Data {
    pub result_type: Option<MlirType>,
    pub number: Option<Number>,
}

impl fmt::Debug for Data {
    fn fmt(&self, formatter: &mut fmt::Formatter) -> fmt::Result {
        let text = self.result_type.map(ir::print_type);
        formatter.debug_struct("Data").field("result_type", &text).field("number", &self.number).finish()
    }
}

/// The analysis: types and constant values of classes, and what each operator builds.
pub struct Facts {
    pub context: MlirContext,
    pub leaves: Vec<MlirValue>,
    types: HashMap<Symbol, MlirType>,
    builds: HashMap<Symbol, Build>,
    keeps_type: HashMap<String, bool>,
}

impl Facts {
    pub fn new(context: MlirContext) -> Self {
        Self { context, leaves: Vec::new(), types: HashMap::new(), builds: HashMap::new(), keeps_type: HashMap::new() }
    }

    /// The node for `operation` (one result; its operands' classes are `children`), with what
    /// builds it recorded.
    pub fn node_of(&mut self, operation: MlirOperation, children: Vec<Id>) -> Node {
        let result = unsafe { mlirOperationGetResult(operation, 0) };
        let result_type = ir::value_type(result);
        let type_symbol = Symbol::from(ir::print_type(result_type));
        self.types.insert(type_symbol, result_type);
        let spelled = spell(operation);
        let symbol = spelled[0].0;
        for (spelled_symbol, build) in spelled {
            self.builds.entry(spelled_symbol).or_insert(build);
        }
        Node { operator: Operator::Op(symbol), result_type: Some(type_symbol), children }
    }

    /// The node of a constant of `result_type` (a float or integer type) holding `value`.
    pub fn constant(&mut self, value: Number, result_type: MlirType) -> Option<Node> {
        let python_number = unsafe { mlirTypeIsAFloat(result_type) || (mlirTypeIsAInteger(result_type) && !mlirIntegerTypeIsSignless(result_type)) };
        if !python_number {
            return None;
        }
        let type_text = ir::print_type(result_type);
        // Floats as their bits in hexadecimal, which the parser reads exactly at either width.
        let text = match value {
            Number::Integer(integer) => format!("{integer} : {type_text}"),
            Number::Float(float) if type_text == "f32" => format!("0x{:08X} : f32", (float as f32).to_bits()),
            Number::Float(float) => format!("0x{:016X} : {type_text}", float.to_bits()),
        };
        self.op_node("py.constant", &[("value", &text)], result_type, Vec::new())
    }

    /// The node of op `name` with `attributes` (parsed from their text) and `result_type`.
    pub fn op_node(&mut self, name: &str, attributes: &[(&str, &str)], result_type: MlirType, children: Vec<Id>) -> Option<Node> {
        let mut parsed = Vec::new();
        for (attribute, text) in attributes {
            let value = unsafe { mlirAttributeParseGet(self.context, ir::string_ref(text)) };
            if value.ptr.is_null() {
                return None;
            }
            parsed.push((attribute.to_string(), value));
        }
        let symbol = Symbol::from(spelling(name, &parsed));
        self.builds.entry(symbol).or_insert(Build::Op { name: name.to_string(), attributes: parsed });
        let type_symbol = Symbol::from(ir::print_type(result_type));
        self.types.insert(type_symbol, result_type);
        Some(Node { operator: Operator::Op(symbol), result_type: Some(type_symbol), children })
    }

    /// The node of the op `spelling` names, its type left to follow from its operands.
    pub fn node_from_spelling(&mut self, spelling: &str, children: Vec<Id>) -> Node {
        Node { operator: Operator::Op(Symbol::from(spelling)), result_type: None, children }
    }

    /// What builds `symbol`: recorded from the IR, or read from its spelling (the rules' ops).
    pub fn build(&mut self, symbol: Symbol) -> Build {
        if let Some(build) = self.builds.get(&symbol) {
            return build.clone();
        }
        let text = symbol.as_str();
        let build = match text.strip_prefix("map:") {
            Some(kernel) => Build::ElementwiseMap { kernel: Symbol::from(kernel) },
            None => {
                let named = NAMING_ATTRIBUTES.iter().find_map(|(name, attribute)| {
                    let value = text.strip_prefix(name)?.strip_prefix('.')?;
                    let string = unsafe { mlirStringAttrGet(self.context, ir::string_ref(value)) };
                    Some(Build::Op { name: name.to_string(), attributes: vec![(attribute.to_string(), string)] })
                });
                named.unwrap_or(Build::Op { name: text.to_string(), attributes: Vec::new() })
            }
        };
        self.builds.insert(symbol, build.clone());
        build
    }

    /// Whether the op `name` has operands and a result of one type.
    pub fn keeps_operand_type(&mut self, name: &str) -> bool {
        let context = self.context;
        *self.keeps_type.entry(name.to_string()).or_insert_with(|| rumba_dialects::keeps_operand_type(context, name))
    }

    /// The result type of a node with `symbol` from its operands' types; `None` where the
    /// operator's type does not follow from them (a node the rules made is then never chosen).
    /// `py.math` functions of floats give their operand's type (those the rules make do).
    pub fn derived_type(&mut self, symbol: Symbol, operands: &[Option<MlirType>]) -> Option<MlirType> {
        match self.build(symbol) {
            Build::Op { name, .. } if name == "py.dot" => self.dot_type(operands.first().copied()??, operands.get(1).copied()??),
            Build::Op { name, .. } => {
                let first = operands.first().copied()??;
                let same = operands.iter().all(|operand| operand.is_some_and(|other| unsafe { mlirTypeEqual(other, first) }));
                let keeps = self.keeps_operand_type(&name) || (name == "py.math" && unsafe { mlirTypeIsAFloat(first) });
                (same && keeps).then_some(first)
            }
            Build::ElementwiseMap { kernel } => {
                let elements: Option<Vec<MlirType>> = operands.iter().map(|operand| operand.map(element_type)).collect();
                let kernel_type = self.derived_type(kernel, &elements?.into_iter().map(Some).collect::<Vec<_>>())?;
                let rank = operands.iter().map(|operand| rank(operand.unwrap_or(kernel_type))).max()?;
                (rank > 0).then(|| self.array_type(kernel_type, rank)).flatten()
            }
            Build::CopyOf(_) => None,
        }
    }

    /// `np.dot`'s result type for 1-D and 2-D operands of one element type.
    fn dot_type(&mut self, lhs: MlirType, rhs: MlirType) -> Option<MlirType> {
        let (left, right) = (rank(lhs), rank(rhs));
        if !(1..=2).contains(&left) || !(1..=2).contains(&right) || unsafe { !mlirTypeEqual(element_type(lhs), element_type(rhs)) } {
            return None;
        }
        match left + right - 2 {
            0 => Some(element_type(lhs)),
            result => self.array_type(element_type(lhs), result),
        }
    }

    /// `!py.array<dtype, ndim, C>`: what new arrays are.
    fn array_type(&mut self, dtype: MlirType, ndim: usize) -> Option<MlirType> {
        let parsed = ir::parse_type(self.context, &format!("!py.array<{}, {ndim}, C>", ir::print_type(dtype)));
        (!parsed.ptr.is_null()).then_some(parsed)
    }

    /// The value of a constant node, or of a cast of one.
    fn number(&mut self, node: &Node, operands: &[Data], result_type: Option<MlirType>) -> Option<Number> {
        let Operator::Op(symbol) = node.operator else { return None };
        match self.build(symbol) {
            Build::Op { name, attributes } if CONSTANTS.contains(&name.as_str()) => {
                let value = attributes.iter().find(|(attribute, _)| attribute == "value")?.1;
                unsafe {
                    if mlirAttributeIsAFloat(value) {
                        Some(Number::Float(mlirFloatAttrGetValueDouble(value)))
                    } else if mlirAttributeIsAInteger(value) && mlirIntegerTypeGetWidth(mlirAttributeGetType(value)) > 1 && !mlirIntegerTypeIsUnsigned(mlirAttributeGetType(value)) {
                        // (An unsigned constant's bits read as signed would be another number.)
                        Some(Number::Integer(mlirIntegerAttrGetValueInt(value)))
                    } else {
                        None
                    }
                }
            }
            Build::Op { name, .. } if matches!(name.as_str(), "py.add" | "py.sub" | "py.mul") => {
                let (lhs, rhs) = (operands.first()?.number?, operands.get(1)?.number?);
                fold(&name, lhs, rhs, result_type?)
            }
            // A signed integer keeps its value as a float or a 64-bit integer; a narrower integer
            // would wrap it.
            Build::Op { name, .. } if name == "py.cast" => match (operands.first()?.number?, unsafe { mlirTypeIsAFloat(result_type?) }) {
                (Number::Integer(integer), true) => Some(Number::Float(integer as f64)),
                (Number::Integer(integer), false) => matches!(ir::print_type(result_type?).as_str(), "si64" | "i64").then_some(Number::Integer(integer)),
                (Number::Float(_), _) => None,
            },
            _ => None,
        }
    }
}

/// `lhs op rhs` computed as the IR would: wrapping on 64-bit integers, rounded to the float type's
/// width on `f32` and `f64`; `None` for other types.
fn fold(name: &str, lhs: Number, rhs: Number, result_type: MlirType) -> Option<Number> {
    let text = ir::print_type(result_type);
    match (lhs, rhs) {
        (Number::Integer(lhs), Number::Integer(rhs)) if text == "si64" || text == "i64" => Some(Number::Integer(match name {
            "py.add" => lhs.wrapping_add(rhs),
            "py.sub" => lhs.wrapping_sub(rhs),
            _ => lhs.wrapping_mul(rhs),
        })),
        (Number::Float(lhs), Number::Float(rhs)) if text == "f64" => Some(Number::Float(match name {
            "py.add" => lhs + rhs,
            "py.sub" => lhs - rhs,
            _ => lhs * rhs,
        })),
        (Number::Float(lhs), Number::Float(rhs)) if text == "f32" => {
            let (lhs, rhs) = (lhs as f32, rhs as f32);
            Some(Number::Float(match name {
                "py.add" => lhs + rhs,
                "py.sub" => lhs - rhs,
                _ => lhs * rhs,
            } as f64))
        }
        _ => None,
    }
}

impl Analysis<Node> for Facts {
    type Data = Data;

    fn make(egraph: &mut EGraph<Node, Self>, node: &Node) -> Data {
        let operands: Vec<Data> = node.children.iter().map(|child| egraph[*child].data).collect();
        let facts = &mut egraph.analysis;
        let result_type = match (node.operator, node.result_type) {
            (Operator::Leaf(position), _) => Some(ir::value_type(facts.leaves[position as usize])),
            (_, Some(symbol)) => facts.types.get(&symbol).copied(),
            (Operator::Op(symbol), None) => facts.derived_type(symbol, &operands.iter().map(|operand| operand.result_type).collect::<Vec<_>>()),
        };
        let number = facts.number(node, &operands, result_type);
        Data { result_type, number }
    }

    fn merge(&mut self, into: &mut Data, from: Data) -> DidMerge {
        let mut changed = false;
        if into.result_type.is_none() && from.result_type.is_some() {
            into.result_type = from.result_type;
            changed = true;
        }
        if into.number.is_none() && from.number.is_some() {
            into.number = from.number;
            changed = true;
        }
        DidMerge(changed, true)
    }

    /// A class whose value is a known number gets that number's constant, which costs nothing.
    fn modify(egraph: &mut EGraph<Node, Self>, class: Id) {
        let data = egraph[class].data;
        let (Some(number), Some(result_type)) = (data.number, data.result_type) else { return };
        if egraph[class].nodes.iter().any(|node| node.children.is_empty()) {
            return;
        }
        if let Some(constant) = egraph.analysis.constant(number, result_type) {
            let added = egraph.add(constant);
            egraph.union(class, added);
        }
    }
}

/// The element type of an array type, or the type itself.
pub fn element_type(r#type: MlirType) -> MlirType {
    let parts = rumba_dialects::array_type_parts(unsafe { melior::ir::Type::from_raw(r#type) });
    parts.map(|parts| melior::ir::r#type::TypeLike::to_raw(&parts.dtype)).unwrap_or(r#type)
}

/// An array type's dimension count; 0 for a number.
pub fn rank(r#type: MlirType) -> usize {
    rumba_dialects::array_type_parts(unsafe { melior::ir::Type::from_raw(r#type) }).map_or(0, |parts| parts.ndim)
}

/// Whether numbers of `r#type` (or its elements) are integers.
pub fn is_integer(r#type: MlirType) -> bool {
    unsafe { mlirTypeIsAInteger(element_type(r#type)) }
}

/// Whether numbers of `r#type` (or its elements) are floats.
pub fn is_float(r#type: MlirType) -> bool {
    unsafe { mlirTypeIsAFloat(element_type(r#type)) }
}

/// The attributes of `operation`, by name.
fn attributes(operation: MlirOperation) -> Vec<(String, MlirAttribute)> {
    let count = unsafe { mlirOperationGetNumAttributes(operation) };
    let mut found: Vec<(String, MlirAttribute)> = (0..count)
        .map(|position| unsafe {
            let named = mlirOperationGetAttribute(operation, position);
            (ir::to_string(mlirIdentifierStr(named.name)), named.attribute)
        })
        .collect();
    found.sort_by(|a, b| a.0.cmp(&b.0));
    found
}

/// `name`, its naming attribute after a dot, its other attributes printed in braces.
fn spelling(name: &str, attributes: &[(String, MlirAttribute)]) -> String {
    let naming = NAMING_ATTRIBUTES.iter().find(|(op, _)| *op == name).map(|(_, attribute)| *attribute);
    let mut text = name.to_string();
    let mut others = Vec::new();
    for (attribute, value) in attributes {
        if Some(attribute.as_str()) == naming && unsafe { mlirAttributeIsAString(*value) } {
            text.push('.');
            text.push_str(&ir::to_string(unsafe { mlirStringAttrGetValue(*value) }));
        } else {
            others.push(format!("{attribute} = {}", ir::print_attribute(*value)));
        }
    }
    if !others.is_empty() {
        text.push_str(&format!("{{{}}}", others.join(", ")));
    }
    text
}

/// The kernel op of a `py.map` that applies one op to its operands' elements, and which operand
/// each of the op's operands is (`x * x` reads operand 0 twice). An operand the op does not read
/// must be a number: leaving it out then changes no shape.
pub fn elementwise_kernel(map: MlirOperation) -> Option<(MlirOperation, Vec<usize>)> {
    unsafe {
        let block = mlirRegionGetFirstBlock(mlirOperationGetRegion(map, 0));
        let kernel = mlirBlockGetFirstOperation(block);
        if kernel.ptr.is_null() {
            return None;
        }
        let terminator = mlirOperationGetNextInBlock(kernel);
        if terminator.ptr.is_null() || !mlirOperationGetNextInBlock(terminator).ptr.is_null() {
            return None;
        }
        let arguments: Vec<MlirValue> = (0..mlirBlockGetNumArguments(block)).map(|position| mlirBlockGetArgument(block, position)).collect();
        let read: Option<Vec<usize>> = ir::operands(kernel).iter().map(|operand| arguments.iter().position(|argument| mlirValueEqual(*argument, *operand))).collect();
        let read = read?;
        let unread_are_numbers = ir::operands(map).iter().enumerate().all(|(position, operand)| read.contains(&position) || rank(ir::value_type(*operand)) == 0);
        let yields_it = mlirOperationGetNumResults(kernel) == 1 && ir::operands(terminator).first().is_some_and(|yielded| mlirValueEqual(*yielded, mlirOperationGetResult(kernel, 0)));
        let plain = mlirOperationGetNumRegions(kernel) == 0 && rumba_dialects::is_pure(kernel);
        (!read.is_empty() && unread_are_numbers && yields_it && plain).then_some((kernel, read))
    }
}

/// The spelling of `operation` and what builds it again, then those of the kernel op of an
/// elementwise map.
fn spell(operation: MlirOperation) -> Vec<(Symbol, Build)> {
    let name = ir::op_name(operation);
    if name != "py.map" {
        let attributes = attributes(operation);
        return vec![(Symbol::from(spelling(&name, &attributes)), Build::Op { name, attributes })];
    }
    match elementwise_kernel(operation) {
        Some((kernel, _)) => {
            let mut spelled = spell(kernel);
            let kernel_symbol = spelled[0].0;
            spelled.insert(0, (Symbol::from(format!("map:{kernel_symbol}")), Build::ElementwiseMap { kernel: kernel_symbol }));
            spelled
        }
        // A kernel that reads values from outside the map (a divisor computed before it) is equal
        // to another only where those are the same values, which its text does not show.
        None if captured(operation).is_empty() => vec![(Symbol::from(format!("py.map#{}", print_local(operation))), Build::CopyOf(operation))],
        None => vec![(Symbol::from(format!("py.map#{}@{:p}", print_local(operation), operation.ptr)), Build::CopyOf(operation))],
    }
}

/// The values the regions of `operation` read from outside it.
pub fn captured(operation: MlirOperation) -> Vec<MlirValue> {
    let inside = ir::block_arguments(operation);
    let mut found: Vec<MlirValue> = Vec::new();
    for nested in ir::collect_operations(operation, |nested| unsafe { !mlirOperationEqual(nested, operation) }) {
        for operand in ir::operands(nested) {
            let defined_inside = match ir::defining_operation(operand) {
                Some(producer) => ir::is_ancestor(operation, producer),
                None => inside.iter().any(|argument| unsafe { mlirValueEqual(*argument, operand) }),
            };
            if !defined_inside && !found.iter().any(|seen| unsafe { mlirValueEqual(*seen, operand) }) {
                found.push(operand);
            }
        }
    }
    found
}

/// `operation` printed on its own, its values named from its own first result and the values from
/// outside it unnamed: what it computes from its operands, wherever it is. (A detached copy is
/// printed: an op in a function is named after the function's other values.)
fn print_local(operation: MlirOperation) -> String {
    let mut text = String::new();
    unsafe {
        let copy = mlirOperationClone(operation);
        let flags = mlirOpPrintingFlagsCreate();
        mlirOpPrintingFlagsUseLocalScope(flags);
        mlirOperationPrintWithFlags(copy, flags, Some(ir::append_chunk), (&mut text as *mut String).cast());
        mlirOpPrintingFlagsDestroy(flags);
        mlirOperationDestroy(copy);
    }
    text
}
