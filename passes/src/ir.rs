//! A thin layer over the MLIR C API for passes that rewrite IR in place: names, types, attributes and
//! an insertion point that creates operations before an anchor.

use mlir_sys::*;
use std::ffi::CString;

pub fn string_ref(text: &str) -> MlirStringRef {
    MlirStringRef { data: text.as_ptr().cast(), length: text.len() }
}

pub fn to_string(reference: MlirStringRef) -> String {
    if reference.data.is_null() {
        return String::new();
    }
    let bytes = unsafe { std::slice::from_raw_parts(reference.data.cast::<u8>(), reference.length) };
    String::from_utf8_lossy(bytes).into_owned()
}

pub fn op_name(operation: MlirOperation) -> String {
    unsafe { to_string(mlirIdentifierStr(mlirOperationGetName(operation))) }
}

pub fn operands(operation: MlirOperation) -> Vec<MlirValue> {
    unsafe { (0..mlirOperationGetNumOperands(operation)).map(|index| mlirOperationGetOperand(operation, index)).collect() }
}

pub fn results(operation: MlirOperation) -> Vec<MlirValue> {
    unsafe { (0..mlirOperationGetNumResults(operation)).map(|index| mlirOperationGetResult(operation, index)).collect() }
}

/// Every use of `value`: the operation and the operand position.
pub fn uses(value: MlirValue) -> Vec<(MlirOperation, u32)> {
    let mut found = Vec::new();
    unsafe {
        let mut operand = mlirValueGetFirstUse(value);
        while !operand.ptr.is_null() {
            found.push((mlirOpOperandGetOwner(operand), mlirOpOperandGetOperandNumber(operand)));
            operand = mlirOpOperandGetNextUse(operand);
        }
    }
    found
}

/// Ops whose memref result views their first operand's memory.
pub const VIEWS: [&str; 6] = ["memref.cast", "memref.subview", "memref.transpose", "memref.reinterpret_cast", "memref.expand_shape", "memref.collapse_shape"];

/// Ops that may write into an array: between a producer and its consumer, one would change what the
/// producer's kernel reads once it runs at the consumer (`c = a + 1; a[0] = 9; a + c`).
pub const ARRAY_WRITES: [&str; 8] = ["py.setitem", "py.copy", "py.fill", "py.lapack", "py.random", "py.atomic", "py.atomic_cas", "func.call"];

/// Whether `operation`, or one it holds, may write into an array (stores into one-number stack
/// slots, which no array is, aside).
pub fn writes_arrays(operation: MlirOperation) -> bool {
    collect_operations(operation, |nested| {
        let name = op_name(nested);
        ARRAY_WRITES.contains(&name.as_str()) || (name == "memref.store" && unsafe { mlirShapedTypeGetRank(value_type(mlirOperationGetOperand(nested, 1))) } != 0)
    })
    .into_iter()
    .next()
    .is_some()
}

pub fn defining_operation(value: MlirValue) -> Option<MlirOperation> {
    unsafe { mlirValueIsAOpResult(value).then(|| mlirOpResultGetOwner(value)) }
}

/// The value whose memory `value` views, through casts and views.
pub fn root_memref(mut value: MlirValue) -> MlirValue {
    while let Some(view) = defining_operation(value).filter(|operation| VIEWS.contains(&op_name(*operation).as_str())) {
        value = unsafe { mlirOperationGetOperand(view, 0) };
    }
    value
}

/// Whether `operation` is `ancestor` or nested in it.
pub fn is_ancestor(ancestor: MlirOperation, mut operation: MlirOperation) -> bool {
    while !operation.ptr.is_null() {
        if unsafe { mlirOperationEqual(ancestor, operation) } {
            return true;
        }
        operation = unsafe { mlirOperationGetParentOperation(operation) };
    }
    false
}

unsafe extern "C" {
    fn mlirOperationCreateParse(context: MlirContext, source: MlirStringRef, source_name: MlirStringRef) -> MlirOperation;
}

/// One operation parsed from `source`, not yet inserted anywhere; `None` where it does not parse.
///
/// # Safety
/// `context` must be live and have the operation's dialect loaded.
pub unsafe fn parse_operation(context: MlirContext, source: &str) -> Option<MlirOperation> {
    let operation = unsafe { mlirOperationCreateParse(context, string_ref(source), string_ref("rumba")) };
    (!operation.ptr.is_null()).then_some(operation)
}

/// The `builtin.module` around `operation`.
pub fn enclosing_module(mut operation: MlirOperation) -> Option<MlirOperation> {
    while op_name(operation) != "builtin.module" {
        operation = unsafe { mlirOperationGetParentOperation(operation) };
        if operation.ptr.is_null() {
            return None;
        }
    }
    Some(operation)
}

pub fn value_type(value: MlirValue) -> MlirType {
    unsafe { mlirValueGetType(value) }
}

pub fn attribute(operation: MlirOperation, name: &str) -> MlirAttribute {
    unsafe { mlirOperationGetAttributeByName(operation, string_ref(name)) }
}

pub fn string_attribute(operation: MlirOperation, name: &str) -> String {
    unsafe { to_string(mlirStringAttrGetValue(attribute(operation, name))) }
}

pub fn integer_attribute(operation: MlirOperation, name: &str) -> i64 {
    unsafe { mlirIntegerAttrGetValueInt(attribute(operation, name)) }
}

pub fn dense_i64_attribute(operation: MlirOperation, name: &str) -> Vec<i64> {
    let values = attribute(operation, name);
    (0..unsafe { mlirDenseArrayGetNumElements(values) }).map(|index| unsafe { mlirDenseI64ArrayGetElement(values, index) }).collect()
}

pub fn parse_type(context: MlirContext, text: &str) -> MlirType {
    unsafe { mlirTypeParseGet(context, string_ref(text)) }
}

/// An MLIR print callback that appends each chunk to the `String` behind `data`.
pub unsafe extern "C" fn append_chunk(chunk: MlirStringRef, data: *mut std::ffi::c_void) {
    unsafe { (*(data as *mut String)).push_str(&to_string(chunk)) }
}

pub fn print_type(r#type: MlirType) -> String {
    let mut text = String::new();
    unsafe { mlirTypePrint(r#type, Some(append_chunk), (&mut text as *mut String).cast()) };
    text
}

pub fn print_attribute(attribute: MlirAttribute) -> String {
    let mut text = String::new();
    unsafe { mlirAttributePrint(attribute, Some(append_chunk), (&mut text as *mut String).cast()) };
    text
}

/// Scalar type facts the lowering dispatches on.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ScalarKind {
    Signed(u32),
    Unsigned(u32),
    Bool,
    Float(u32),
    Index,
}

pub fn scalar_kind(r#type: MlirType) -> Option<ScalarKind> {
    unsafe {
        if mlirTypeIsAIndex(r#type) {
            Some(ScalarKind::Index)
        } else if mlirTypeIsAInteger(r#type) {
            let width = mlirIntegerTypeGetWidth(r#type);
            Some(if mlirIntegerTypeIsSigned(r#type) {
                ScalarKind::Signed(width)
            } else if mlirIntegerTypeIsUnsigned(r#type) {
                ScalarKind::Unsigned(width)
            } else if width == 1 {
                ScalarKind::Bool
            } else {
                ScalarKind::Signed(width)
            })
        } else if mlirTypeIsAF32(r#type) {
            Some(ScalarKind::Float(32))
        } else if mlirTypeIsAF64(r#type) {
            Some(ScalarKind::Float(64))
        } else {
            None
        }
    }
}

/// The floating-point operations that take LLVM fast-math flags (`fastmath` attribute).
fn takes_fastmath(name: &str) -> bool {
    matches!(name, "arith.addf" | "arith.subf" | "arith.mulf" | "arith.divf" | "arith.remf" | "arith.negf" | "arith.cmpf")
        || (name.starts_with("math.") && !matches!(name, "math.absi" | "math.ipowi"))
}

/// Whether the function around `operation` has the attribute `name`.
/// Whether an operation named `name` encloses `operation`.
pub fn has_ancestor(operation: MlirOperation, name: &str) -> bool {
    let mut current = unsafe { mlirOperationGetParentOperation(operation) };
    while !current.ptr.is_null() {
        if op_name(current) == name {
            return true;
        }
        current = unsafe { mlirOperationGetParentOperation(current) };
    }
    false
}

pub fn enclosing_function_has(operation: MlirOperation, name: &str) -> bool {
    let mut current = operation;
    while !current.ptr.is_null() && op_name(current) != "func.func" {
        current = unsafe { mlirOperationGetParentOperation(current) };
    }
    !current.ptr.is_null() && !attribute(current, name).ptr.is_null()
}

/// `location` as `file:line:col` (a file location's), or as MLIR prints it.
pub fn location_text(location: MlirLocation) -> String {
    let mut text = String::new();
    unsafe { mlirLocationPrint(location, Some(append_chunk), (&mut text as *mut String).cast()) };
    match text.strip_prefix("loc(\"").and_then(|rest| rest.strip_suffix(')')).and_then(|rest| rest.split_once("\":")) {
        Some((file, position)) => format!("{file}:{position}"),
        None => text,
    }
}

/// The `py.fastmath` attribute of the function around `operation`, if it has one.
fn enclosing_fastmath(operation: MlirOperation) -> Option<MlirAttribute> {
    let mut current = operation;
    while !current.ptr.is_null() {
        if op_name(current) == "func.func" {
            let flags = attribute(current, "py.fastmath");
            return (!flags.ptr.is_null()).then_some(flags);
        }
        current = unsafe { mlirOperationGetParentOperation(current) };
    }
    None
}

/// Creates operations in front of an anchor operation. Floating-point operations get the fast-math
/// flags of the function they land in (`py.fastmath`, set for `fastmath=True`).
#[derive(Clone, Copy)]
pub struct Builder {
    pub context: MlirContext,
    pub location: MlirLocation,
    block: MlirBlock,
    anchor: MlirOperation,
    fastmath: Option<MlirAttribute>,
}

impl Builder {
    /// Inserts in front of `anchor`, at its location.
    pub fn before(anchor: MlirOperation) -> Self {
        unsafe {
            Self {
                context: mlirOperationGetContext(anchor),
                location: mlirOperationGetLocation(anchor),
                block: mlirOperationGetBlock(anchor),
                anchor,
                fastmath: enclosing_fastmath(anchor),
            }
        }
    }

    /// Inserts at the start of the entry block of the function around `anchor` (for stack slots,
    /// which must not be allocated again on every iteration of a loop), or of the body of the
    /// parallel loop around it: a slot there is each iteration's (each thread's, once
    /// `hoist-parallel-allocas` has run), where one in the function would be shared by the threads.
    pub fn at_slot_scope_entry(anchor: MlirOperation) -> Self {
        let mut scope = anchor;
        while !scope.ptr.is_null() && !matches!(op_name(scope).as_str(), "func.func" | "scf.parallel" | "omp.parallel") {
            scope = unsafe { mlirOperationGetParentOperation(scope) };
        }
        if scope.ptr.is_null() {
            return Self::before(anchor);
        }
        let entry = unsafe { mlirRegionGetFirstBlock(mlirOperationGetRegion(scope, 0)) };
        Self::before(unsafe { mlirBlockGetFirstOperation(entry) })
    }

    pub fn create(&self, name: &str, operands: &[MlirValue], result_types: &[MlirType], attributes: &[(&str, MlirAttribute)]) -> MlirOperation {
        self.create_with_regions(name, operands, result_types, attributes, 0)
    }

    /// Creates an operation with `regions` empty regions for the caller to fill.
    pub fn create_with_regions(
        &self,
        name: &str,
        operands: &[MlirValue],
        result_types: &[MlirType],
        attributes: &[(&str, MlirAttribute)],
        regions: usize,
    ) -> MlirOperation {
        unsafe {
            let mut state = mlirOperationStateGet(string_ref(name), self.location);
            let owned: Vec<MlirRegion> = (0..regions).map(|_| mlirRegionCreate()).collect();
            mlirOperationStateAddOwnedRegions(&mut state, owned.len() as isize, owned.as_ptr());
            mlirOperationStateAddOperands(&mut state, operands.len() as isize, operands.as_ptr());
            mlirOperationStateAddResults(&mut state, result_types.len() as isize, result_types.as_ptr());
            let fastmath = self.fastmath.filter(|_| takes_fastmath(name)).map(|flags| ("fastmath", flags));
            let named: Vec<MlirNamedAttribute> = attributes
                .iter()
                .chain(fastmath.as_ref())
                .map(|(attribute_name, value)| {
                    let identifier = mlirIdentifierGet(self.context, string_ref(attribute_name));
                    MlirNamedAttribute { name: identifier, attribute: *value }
                })
                .collect();
            mlirOperationStateAddAttributes(&mut state, named.len() as isize, named.as_ptr());
            let operation = mlirOperationCreate(&mut state);
            mlirBlockInsertOwnedOperationBefore(self.block, self.anchor, operation);
            operation
        }
    }

    /// Creates an operation with one result and returns the result.
    pub fn value(&self, name: &str, operands: &[MlirValue], result_type: MlirType, attributes: &[(&str, MlirAttribute)]) -> MlirValue {
        unsafe { mlirOperationGetResult(self.create(name, operands, &[result_type], attributes), 0) }
    }

    /// The operation new operations go in front of.
    pub fn anchor(&self) -> MlirOperation {
        self.anchor
    }

    pub fn parse_attribute(&self, text: &str) -> MlirAttribute {
        unsafe { mlirAttributeParseGet(self.context, string_ref(text)) }
    }

    /// A `array<i64: ...>` attribute of `values`, which may be none (`array<i64>`).
    pub fn i64_array(&self, values: &[i64]) -> MlirAttribute {
        let listed: Vec<String> = values.iter().map(i64::to_string).collect();
        self.parse_attribute(&if listed.is_empty() { "array<i64>".to_string() } else { format!("array<i64: {}>", listed.join(", ")) })
    }

    pub fn integer_type(&self, width: u32) -> MlirType {
        unsafe { mlirIntegerTypeGet(self.context, width) }
    }

    pub fn index_type(&self) -> MlirType {
        unsafe { mlirIndexTypeGet(self.context) }
    }

    /// `arith.constant` of an integer (or index) type; signed and unsigned types give signless ones.
    pub fn integer(&self, r#type: MlirType, value: i64) -> MlirValue {
        let r#type = unsafe {
            if mlirTypeIsAInteger(r#type) && !mlirIntegerTypeIsSignless(r#type) {
                mlirIntegerTypeGet(self.context, mlirIntegerTypeGetWidth(r#type))
            } else {
                r#type
            }
        };
        let attribute = unsafe { mlirIntegerAttrGet(r#type, value) };
        self.value("arith.constant", &[], r#type, &[("value", attribute)])
    }

    pub fn float(&self, r#type: MlirType, value: f64) -> MlirValue {
        let attribute = unsafe { mlirFloatAttrDoubleGet(self.context, r#type, value) };
        self.value("arith.constant", &[], r#type, &[("value", attribute)])
    }

    /// `arith.cmpi`/`arith.cmpf` with a predicate by name (`slt`, `olt`, `une`, ...).
    pub fn compare(&self, float: bool, predicate: &str, lhs: MlirValue, rhs: MlirValue) -> MlirValue {
        const INTEGER_PREDICATES: [&str; 10] = ["eq", "ne", "slt", "sle", "sgt", "sge", "ult", "ule", "ugt", "uge"];
        const FLOAT_PREDICATES: [&str; 16] =
            ["false", "oeq", "ogt", "oge", "olt", "ole", "one", "ord", "ueq", "ugt", "uge", "ult", "ule", "une", "uno", "true"];
        let (name, predicates): (&str, &[&str]) = if float { ("arith.cmpf", &FLOAT_PREDICATES) } else { ("arith.cmpi", &INTEGER_PREDICATES) };
        let value = predicates.iter().position(|known| *known == predicate).expect("the lowering names known predicates");
        let predicate = unsafe { mlirIntegerAttrGet(self.integer_type(64), value as i64) };
        let i1 = self.integer_type(1);
        self.value(name, &[lhs, rhs], i1, &[("predicate", predicate)])
    }

    pub fn select(&self, condition: MlirValue, if_true: MlirValue, if_false: MlirValue) -> MlirValue {
        self.value("arith.select", &[condition, if_true, if_false], value_type(if_true), &[])
    }

    pub fn binary(&self, name: &str, lhs: MlirValue, rhs: MlirValue) -> MlirValue {
        self.value(name, &[lhs, rhs], value_type(lhs), &[])
    }

    pub fn unary(&self, name: &str, operand: MlirValue) -> MlirValue {
        self.value(name, &[operand], value_type(operand), &[])
    }

    pub fn emit_error(&self, message: &str) {
        let text = CString::new(message).unwrap_or_default();
        unsafe { mlirEmitError(self.location, text.as_ptr()) }
    }
}

/// Replaces every use of `operation`'s results with `replacements` and erases it.
pub fn replace_operation(operation: MlirOperation, replacements: &[MlirValue]) {
    unsafe {
        for (result, replacement) in results(operation).into_iter().zip(replacements) {
            mlirValueReplaceAllUsesOfWith(result, *replacement);
        }
        mlirOperationDestroy(operation);
    }
}

/// Every operation nested in `root`, innermost first, collected before any is rewritten.
pub fn collect_operations(root: MlirOperation, mut keep: impl FnMut(MlirOperation) -> bool) -> Vec<MlirOperation> {
    let mut collected: Vec<MlirOperation> = Vec::new();
    unsafe extern "C" fn visit(operation: MlirOperation, data: *mut std::ffi::c_void) -> MlirWalkResult {
        let sink = unsafe { &mut *(data as *mut Vec<MlirOperation>) };
        sink.push(operation);
        MlirWalkResult_MlirWalkResultAdvance
    }
    unsafe { mlirOperationWalk(root, Some(visit), (&mut collected as *mut Vec<MlirOperation>).cast(), MlirWalkOrder_MlirWalkPostOrder) };
    collected.retain(|operation| keep(*operation));
    collected
}

/// Every block argument of every region nested in `operation` (the operation's own regions included).
pub fn block_arguments(operation: MlirOperation) -> Vec<MlirValue> {
    let mut arguments = Vec::new();
    unsafe {
        for region_index in 0..mlirOperationGetNumRegions(operation) {
            let region = mlirOperationGetRegion(operation, region_index);
            let mut block = mlirRegionGetFirstBlock(region);
            while !block.ptr.is_null() {
                for index in 0..mlirBlockGetNumArguments(block) {
                    arguments.push(mlirBlockGetArgument(block, index));
                }
                block = mlirBlockGetNextInRegion(block);
            }
        }
    }
    arguments
}

/// Moves every operation of `block` but its terminator in front of `anchor`, in order, and returns
/// the terminator's operands (what a kernel region yields).
pub fn move_body_before(block: MlirBlock, anchor: MlirOperation) -> Vec<MlirValue> {
    unsafe {
        let terminator = mlirBlockGetTerminator(block);
        let mut operation = mlirBlockGetFirstOperation(block);
        while !operation.ptr.is_null() && !mlirOperationEqual(operation, terminator) {
            let next = mlirOperationGetNextInBlock(operation);
            mlirOperationMoveBefore(operation, anchor);
            operation = next;
        }
        operands(terminator)
    }
}

/// Appends to region `region` of `operation` a block with arguments of `argument_types`, ending in
/// an operand-less `terminator` (`scf.yield`, `linalg.yield`) to build in front of; returns both.
/// `scf.if %condition { scf.yield }` built before `b`'s anchor; returns the then-block's terminator,
/// before which the guarded ops go.
pub fn then_terminator(b: &Builder, condition: MlirValue) -> MlirOperation {
    let branch = b.create_with_regions("scf.if", &[condition], &[], &[], 2);
    append_terminated_block(branch, 0, &[], "scf.yield").1
}

pub fn append_terminated_block(operation: MlirOperation, region: isize, argument_types: &[MlirType], terminator: &str) -> (MlirBlock, MlirOperation) {
    unsafe {
        let location = mlirOperationGetLocation(operation);
        let locations = vec![location; argument_types.len()];
        let block = mlirBlockCreate(argument_types.len() as isize, argument_types.as_ptr(), locations.as_ptr());
        mlirRegionAppendOwnedBlock(mlirOperationGetRegion(operation, region), block);
        let mut state = mlirOperationStateGet(string_ref(terminator), location);
        let terminator = mlirOperationCreate(&mut state);
        mlirBlockAppendOwnedOperation(block, terminator);
        (block, terminator)
    }
}

/// A call to the external function `name` (of rumba's runtime), declared in the module with
/// `argument_types` on first use. A function taking or returning a memref is called through its C
/// interface (`_mlir_ciface_<name>`, which takes and writes descriptors through pointers).
pub fn call_external(b: &Builder, name: &str, operands: &[MlirValue], argument_types: &[MlirType], result: Option<MlirType>) -> Result<Option<MlirValue>, String> {
    let module = enclosing_module(b.anchor()).ok_or_else(|| format!("{name}: not inside a module"))?;
    let body = unsafe { mlirRegionGetFirstBlock(mlirOperationGetRegion(module, 0)) };
    let declared = collect_operations(module, |operation| op_name(operation) == "func.func" && string_attribute(operation, "sym_name") == name);
    if declared.is_empty() {
        let arguments: Vec<String> = argument_types.iter().map(|r#type| print_type(*r#type)).collect();
        let results = result.map(print_type).unwrap_or_default();
        let declaration = Builder::before(unsafe { mlirBlockGetFirstOperation(body) });
        let mut attributes = vec![
            ("sym_name", b.parse_attribute(&format!("{name:?}"))),
            ("function_type", b.parse_attribute(&format!("({}) -> ({results})", arguments.join(", ")))),
            ("sym_visibility", b.parse_attribute("\"private\"")),
        ];
        if argument_types.iter().chain(&result).any(|r#type| unsafe { mlirTypeIsAMemRef(*r#type) }) {
            attributes.push(("llvm.emit_c_interface", unsafe { mlirUnitAttrGet(b.context) }));
        }
        declaration.create_with_regions("func.func", &[], &[], &attributes, 1);
    }
    let callee = ("callee", b.parse_attribute(&format!("@{name}")));
    let call = b.create("func.call", operands, &result.into_iter().collect::<Vec<_>>(), &[callee]);
    Ok(result.map(|_| results(call)[0]))
}

/// `memref.extract_strided_metadata` of `array`: its results, base first, then offset, sizes, strides.
pub fn strided_metadata(builder: &Builder, array: MlirValue, rank: usize) -> Vec<MlirValue> {
    let index = builder.index_type();
    let base_type = unsafe { mlirMemRefTypeContiguousGet(mlirShapedTypeGetElementType(value_type(array)), 0, std::ptr::null(), mlirAttributeGetNull()) };
    let mut result_types = vec![base_type];
    result_types.extend(std::iter::repeat_n(index, 1 + 2 * rank));
    results(builder.create("memref.extract_strided_metadata", &[array], &result_types, &[]))
}

/// `value`, a ranked memref of type `memref` (or a value that becomes one when types are
/// converted), cast to strided layout with every size, stride and the offset dynamic: the one type
/// a runtime function declared for arrays of any layout takes.
pub fn fully_dynamic(b: &Builder, value: MlirValue, memref: MlirType) -> MlirValue {
    let rank = unsafe { mlirShapedTypeGetRank(memref) } as usize;
    let element = print_type(unsafe { mlirShapedTypeGetElementType(memref) });
    let dynamic = parse_type(b.context, &format!("memref<{}{element}, strided<[{}], offset: ?>>", "?x".repeat(rank), vec!["?"; rank].join(", ")));
    b.value("memref.cast", &[value], dynamic, &[])
}
