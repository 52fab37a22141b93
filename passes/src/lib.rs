//! rumba's passes, one a file, each registered under a stable name so that textual pipelines and
//! `rumba-opt` can name it, and the pipeline of named stages from `py` to the LLVM dialect.
//!
//! | pass | file | what it does |
//! |------|------|--------------|
//! | `parfor` | `parfor.rs` | chains of elementwise `py.map`s fused into one `py.map` (one loop) |
//! | `lower-py` | `lower_py.rs` | `py` ops to arith/math/memref/linalg with Python's semantics; py types to builtin types |
//! | `deallocate-temporaries` | `deallocate_temporaries.rs` | `memref.dealloc` for allocations no return, call or yield hands on |
//! | `serialize-nested-parallel` | `serialize_nested_parallel.rs` | `scf.parallel` nested in another as `scf.for` loops |
//! | `hoist-parallel-allocas` | `hoist_parallel_allocas.rs` | per-iteration private slots of OpenMP loops to per-thread slots |

pub mod deallocate_temporaries;
pub mod hoist_parallel_allocas;
mod ir;
pub mod lower_py;
pub mod parfor;
pub mod pipeline;
pub mod serialize_nested_parallel;

use melior::{
    dialect::DialectHandle,
    ir::{r#type::TypeId, OperationRef},
    pass::{create_external, ExternalPass},
};
use mlir_sys::MlirPass;
use std::sync::Once;

#[repr(align(8))]
struct PassId;

static LOWER_PY_ID: PassId = PassId;
static HOIST_PARALLEL_ALLOCAS_ID: PassId = PassId;
static PARFOR_ID: PassId = PassId;
static SERIALIZE_NESTED_PARALLEL_ID: PassId = PassId;
static DEALLOCATE_TEMPORARIES_ID: PassId = PassId;

unsafe extern "C" fn create_deallocate_temporaries() -> MlirPass {
    create_external(
        |module: OperationRef, _pass: ExternalPass| deallocate_temporaries::deallocate_temporaries(module.to_raw()),
        TypeId::create(&DEALLOCATE_TEMPORARIES_ID),
        "DeallocateTemporaries",
        "deallocate-temporaries",
        "Free the arrays a function allocates and does not return, pass on or yield",
        "builtin.module",
        &[DialectHandle::memref()],
    )
    .to_raw()
}

unsafe extern "C" fn create_serialize_nested_parallel() -> MlirPass {
    create_external(
        |module: OperationRef, _pass: ExternalPass| serialize_nested_parallel::serialize_nested_parallel(module.to_raw()),
        TypeId::create(&SERIALIZE_NESTED_PARALLEL_ID),
        "SerializeNestedParallel",
        "serialize-nested-parallel",
        "Rewrite scf.parallel loops nested in another scf.parallel as scf.for loops",
        "builtin.module",
        &[DialectHandle::scf()],
    )
    .to_raw()
}

unsafe extern "C" fn create_parfor() -> MlirPass {
    create_external(
        |module: OperationRef, _pass: ExternalPass| parfor::parfor(module.to_raw()),
        TypeId::create(&PARFOR_ID),
        "Parfor",
        "parfor",
        "Fuse chains of elementwise py.map operations into one py.map",
        "builtin.module",
        &[],
    )
    .to_raw()
}

unsafe extern "C" fn create_hoist_parallel_allocas() -> MlirPass {
    create_external(
        |module: OperationRef, _pass: ExternalPass| hoist_parallel_allocas::hoist_parallel_allocas(module.to_raw()),
        TypeId::create(&HOIST_PARALLEL_ALLOCAS_ID),
        "HoistParallelAllocas",
        "hoist-parallel-allocas",
        "Move the private allocas of OpenMP loop bodies to per-thread slots and inline their alloca scopes",
        "builtin.module",
        &[],
    )
    .to_raw()
}

unsafe extern "C" fn create_lower_py() -> MlirPass {
    let math = unsafe { DialectHandle::from_raw(mlir_sys::mlirGetDialectHandle__math__()) };
    create_external(
        |module: OperationRef, pass: ExternalPass| {
            if lower_py::lower_py(module.to_raw()).is_err() {
                pass.signal_failure();
            }
        },
        TypeId::create(&LOWER_PY_ID),
        "LowerPy",
        "lower-py",
        "Lower the py dialect to arith, math, memref and linalg",
        "builtin.module",
        &[DialectHandle::arith(), math, DialectHandle::memref(), DialectHandle::linalg()],
    )
    .to_raw()
}

/// Registers every upstream pass and rumba's own (once per process) so that pipelines can name them.
pub fn register_passes() {
    static REGISTER: Once = Once::new();
    REGISTER.call_once(|| {
        melior::utility::register_all_passes();
        rumba_dialects::register_pass(create_parfor);
        rumba_dialects::register_pass(create_lower_py);
        rumba_dialects::register_pass(create_hoist_parallel_allocas);
        rumba_dialects::register_pass(create_serialize_nested_parallel);
        rumba_dialects::register_pass(create_deallocate_temporaries);
    });
}
