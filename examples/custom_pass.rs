//! A pass of the embedder's own inside rumba's real pipeline: built with melior in this crate and
//! added after a named stage through `Options::extra_passes`, it runs whenever a function of the
//! module compiles, exactly as rumba's own passes do. Two toy passes show the hook: one counts the
//! `py` ops it sees, the other rewrites every `py.add` into a `py.sub` (which the function's result
//! then shows). Run with `cargo run --release --example custom_pass`.

use melior::{
    ir::{r#type::TypeId, OperationRef},
    pass::{create_external, ExternalPass, Pass},
};
use mlir_sys::*;
use rumba::{compile_module, ExtraPass, Number, Options, Value};
use std::sync::{
    atomic::{AtomicUsize, Ordering},
    Arc,
};

#[repr(align(8))]
struct PassId;

static CENSUS: PassId = PassId;
static ADD_TO_SUB: PassId = PassId;

/// The operations nested in `root` (itself included) whose name starts with `prefix`.
fn operations_named(root: MlirOperation, prefix: &str) -> Vec<MlirOperation> {
    struct Found<'a> {
        prefix: &'a str,
        operations: Vec<MlirOperation>,
    }
    unsafe extern "C" fn visit(operation: MlirOperation, data: *mut std::ffi::c_void) -> MlirWalkResult {
        let found = unsafe { &mut *(data as *mut Found) };
        let name = unsafe { mlirIdentifierStr(mlirOperationGetName(operation)) };
        let name = unsafe { std::slice::from_raw_parts(name.data.cast::<u8>(), name.length) };
        if name.starts_with(found.prefix.as_bytes()) {
            found.operations.push(operation);
        }
        MlirWalkResult_MlirWalkResultAdvance
    }
    let mut found = Found { prefix, operations: Vec::new() };
    unsafe { mlirOperationWalk(root, Some(visit), (&mut found as *mut Found).cast(), MlirWalkOrder_MlirWalkPostOrder) };
    found.operations
}

/// Adds the number of `py` ops of each module it runs on to `seen`.
pub fn census(seen: Arc<AtomicUsize>) -> Pass {
    create_external(
        move |module: OperationRef, _: ExternalPass| {
            seen.fetch_add(operations_named(module.to_raw(), "py.").len(), Ordering::Relaxed);
        },
        TypeId::create(&CENSUS),
        "Census",
        "census",
        "Count the py ops of the module",
        "builtin.module",
        &[],
    )
}

/// Rewrites every `py.add` into a `py.sub` of the same operands.
pub fn add_to_sub() -> Pass {
    create_external(
        |module: OperationRef, _: ExternalPass| {
            for add in operations_named(module.to_raw(), "py.add") {
                unsafe {
                    let name = "py.sub";
                    let mut state = mlirOperationStateGet(MlirStringRef { data: name.as_ptr().cast(), length: name.len() }, mlirOperationGetLocation(add));
                    let operands: Vec<MlirValue> = (0..mlirOperationGetNumOperands(add)).map(|position| mlirOperationGetOperand(add, position)).collect();
                    let result = mlirOperationGetResult(add, 0);
                    let result_type = mlirValueGetType(result);
                    mlirOperationStateAddOperands(&mut state, operands.len() as isize, operands.as_ptr());
                    mlirOperationStateAddResults(&mut state, 1, &result_type);
                    let sub = mlirOperationCreate(&mut state);
                    mlirBlockInsertOwnedOperationBefore(mlirOperationGetBlock(add), add, sub);
                    mlirValueReplaceAllUsesOfWith(result, mlirOperationGetResult(sub, 0));
                    mlirOperationDestroy(add);
                }
            }
        },
        TypeId::create(&ADD_TO_SUB),
        "AddToSub",
        "add-to-sub",
        "Rewrite every py.add into a py.sub",
        "builtin.module",
        &[],
    )
}

pub const SOURCE: &str = "def f(a, b):\n    return a + b * 2.0\n";

/// `f(a, b)` compiled with `extra_passes`.
pub fn call_f(extra_passes: Vec<(String, ExtraPass)>, a: f64, b: f64) -> f64 {
    let module = compile_module(SOURCE, &Options { file_name: "custom_pass.py".into(), extra_passes, ..Options::default() }).expect("parses");
    let function = module.function_with_signature("f", "f8(f8, f8)").expect("compiles");
    match function.call_numbers(&[Number::F64(a), Number::F64(b)]).expect("runs") {
        Value::Number(Number::F64(result)) => result,
        other => panic!("f returned {other:?}"),
    }
}

fn main() {
    let seen = Arc::new(AtomicUsize::new(0));
    let counted = seen.clone();
    let census_after_eqsat = ("eqsat".to_string(), ExtraPass::Built(Arc::new(move || census(counted.clone()))));
    println!("f(5, 3) = {} with a census after eqsat, which saw {} py ops", call_f(vec![census_after_eqsat], 5.0, 3.0), seen.load(Ordering::Relaxed));
    let rewrite_after_py = ("py".to_string(), ExtraPass::Built(Arc::new(add_to_sub)));
    println!("f(5, 3) = {} with py.add rewritten into py.sub after stage py", call_f(vec![rewrite_after_py], 5.0, 3.0));
}
