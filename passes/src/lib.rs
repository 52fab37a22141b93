//! rumba's passes, one a file, each registered under a stable name so that textual pipelines and
//! `rumba-opt` can name it, and the pipeline of named stages from `py` to the LLVM dialect.
//!
//! | pass | file | what it does |
//! |------|------|--------------|
//! | `parfor` | `parfor.rs` | chains of elementwise `py.map`s fused into one `py.map` (one loop) |
//! | `eqsat` | `eqsat.rs` | equality saturation (`egg`) over each block's pure dataflow: algebra on numbers and arrays, extracted by cost |
//! | `lower-py` | `lower_py.rs` | `py` ops to arith/math/memref/linalg with Python's semantics; py types to builtin types |
//! | `blas-products` | `blas_products.rs` | linalg's products of float arrays as calls to BLAS through the runtime |
//! | `version-unit-strides` | `version_unit_strides.rs` | functions looping over arrays of any layout get a body for unit innermost strides |
//! | `forward-scalar-stores` | `forward_scalar_stores.rs` | loads of scalar stack slots replaced by the value stored last |
//! | `raise-loop-nests` | `raise_loop_nests.rs` | perfect loop nests accumulating into a fresh array as `linalg.generic` |
//! | `vectorize-loop-nests` | `vectorize_loop_nests.rs` | raised nests tiled and vectorised by the transform dialect |
//! | `deallocate-temporaries` | `deallocate_temporaries.rs` | `memref.dealloc` for the memory each owner (an allocation, a callee's array, a value a loop or branch carries) holds and does not hand on |
//! | `serialize-nested-parallel` | `serialize_nested_parallel.rs` | `scf.parallel` nested in another as `scf.for` loops |
//! | `hoist-parallel-allocas` | `hoist_parallel_allocas.rs` | per-iteration private slots of OpenMP loops to per-thread slots |
//! | `hoist-static-allocas` | `hoist_static_allocas.rs` | constant-size `llvm.alloca`s of loops (call descriptors) to the entry block |
//! | `internalize-functions` | `internalize_functions.rs` | functions the runtime does not look up (all but C interfaces) made internal, so LLVM inlines and drops them |
//! | `outline-cuda-kernels` | `outline_cuda_kernels.rs` | a CUDA kernel's functions into a `gpu.module`, its intrinsics as `gpu` ops |
//! | `extern-dynamic-shared-memory` | `extern_dynamic_shared_memory.rs` | the dynamic shared memory's global made external, so that it follows the static shared arrays |

pub mod blas_products;
pub mod deallocate_temporaries;
pub mod eqsat;
pub mod extern_dynamic_shared_memory;
pub mod forward_scalar_stores;
pub mod hoist_parallel_allocas;
pub mod hoist_static_allocas;
pub mod internalize_functions;
mod ir;
pub mod lower_py;
pub mod outline_cuda_kernels;
pub mod parfor;
pub mod pipeline;
pub mod raise_loop_nests;
pub mod serialize_nested_parallel;
pub mod vectorize_loop_nests;
pub mod version_unit_strides;

use melior::{
    dialect::DialectHandle,
    ir::{r#type::TypeId, OperationRef},
    pass::{create_external, ExternalPass},
};
use mlir_sys::MlirPass;
use std::sync::Once;

#[repr(align(8))]
struct PassId;

/// `unsafe extern "C" fn $create() -> MlirPass` for a module pass that runs `$run` on the module
/// operation (a `bool` result of `false` signals failure), for `register_pass`.
macro_rules! module_pass {
    ($create:ident, $type_name:literal, $argument:literal, $description:literal, [$($dialect:expr),*], $run:expr) => {
        unsafe extern "C" fn $create() -> MlirPass {
            static ID: PassId = PassId;
            create_external(
                |module: OperationRef, pass: ExternalPass| {
                    let run: fn(mlir_sys::MlirOperation) -> bool = $run;
                    if !run(module.to_raw()) {
                        pass.signal_failure();
                    }
                },
                TypeId::create(&ID),
                $type_name,
                $argument,
                $description,
                "builtin.module",
                &[$($dialect),*],
            )
            .to_raw()
        }
    };
}

module_pass!(create_parfor, "Parfor", "parfor", "Fuse chains of elementwise py.map operations into one py.map", [], |module| {
    parfor::parfor(module);
    true
});
module_pass!(
    create_eqsat,
    "Eqsat",
    "eqsat",
    "Rewrite the pure dataflow of each block by equality saturation and rebuild its cheapest form",
    [],
    |module| std::panic::catch_unwind(|| eqsat::eqsat(module)).is_ok()
);
module_pass!(
    create_lower_py,
    "LowerPy",
    "lower-py",
    "Lower the py dialect to arith, math, memref and linalg",
    [
        DialectHandle::arith(),
        unsafe { DialectHandle::from_raw(mlir_sys::mlirGetDialectHandle__math__()) },
        DialectHandle::memref(),
        DialectHandle::linalg(),
        DialectHandle::llvm()
    ],
    |module| lower_py::lower_py(module).is_ok()
);
module_pass!(
    create_deallocate_temporaries,
    "DeallocateTemporaries",
    "deallocate-temporaries",
    "Free the arrays a function allocates, a call returns to it, or a loop or branch carries, where nothing hands them on",
    [DialectHandle::memref(), DialectHandle::scf()],
    |module| {
        deallocate_temporaries::deallocate_temporaries(module);
        true
    }
);
module_pass!(
    create_serialize_nested_parallel,
    "SerializeNestedParallel",
    "serialize-nested-parallel",
    "Rewrite scf.parallel loops nested in another scf.parallel as scf.for loops",
    [DialectHandle::scf()],
    |module| {
        serialize_nested_parallel::serialize_nested_parallel(module);
        true
    }
);
module_pass!(
    create_hoist_parallel_allocas,
    "HoistParallelAllocas",
    "hoist-parallel-allocas",
    "Move the private allocas of OpenMP loop bodies to per-thread slots and inline their alloca scopes",
    [],
    |module| {
        hoist_parallel_allocas::hoist_parallel_allocas(module);
        true
    }
);

module_pass!(
    create_hoist_static_allocas,
    "HoistStaticAllocas",
    "hoist-static-allocas",
    "Move constant-size llvm.alloca ops outside the entry block (descriptors of calls in loops) to the entry block",
    [],
    |module| {
        hoist_static_allocas::hoist_static_allocas(module);
        true
    }
);

module_pass!(
    create_internalize_functions,
    "InternalizeFunctions",
    "internalize-functions",
    "Give llvm.func ops that are not looked up from outside (all but C interfaces) internal linkage, and alwaysinline where one call names them",
    [],
    |module| {
        internalize_functions::internalize_functions(module);
        true
    }
);

module_pass!(
    create_version_unit_strides,
    "VersionUnitStrides",
    "version-unit-strides",
    "Give functions that loop over arrays of any layout a copy for arrays with innermost stride 1",
    [DialectHandle::scf(), DialectHandle::memref()],
    |module| {
        version_unit_strides::version_unit_strides(module);
        true
    }
);
module_pass!(
    create_forward_scalar_stores,
    "ForwardScalarStores",
    "forward-scalar-stores",
    "Replace loads of rank-0 stack slots by the value stored to them last",
    [],
    |module| {
        forward_scalar_stores::forward_scalar_stores(module);
        true
    }
);
module_pass!(
    create_raise_loop_nests,
    "RaiseLoopNests",
    "raise-loop-nests",
    "Raise perfect scf.for nests that accumulate into a fresh array to linalg.generic",
    [DialectHandle::arith(), DialectHandle::memref(), DialectHandle::linalg()],
    |module| {
        raise_loop_nests::raise_loop_nests(module);
        true
    }
);
module_pass!(
    create_vectorize_loop_nests,
    "VectorizeLoopNests",
    "vectorize-loop-nests",
    "Tile and vectorise the linalg.generic ops raise-loop-nests made",
    [DialectHandle::scf(), DialectHandle::memref(), unsafe { DialectHandle::from_raw(mlir_sys::mlirGetDialectHandle__vector__()) }, unsafe { DialectHandle::from_raw(mlir_sys::mlirGetDialectHandle__transform__()) }],
    vectorize_loop_nests::vectorize_loop_nests
);
module_pass!(
    create_outline_cuda_kernels,
    "OutlineCudaKernels",
    "outline-cuda-kernels",
    "Move a CUDA kernel's functions into a gpu.module, with its intrinsics as gpu ops and a gpu.func per kernel",
    [DialectHandle::gpu(), DialectHandle::arith(), unsafe { DialectHandle::from_raw(mlir_sys::mlirGetDialectHandle__nvvm__()) }],
    outline_cuda_kernels::outline_cuda_kernels
);

module_pass!(
    create_extern_dynamic_shared_memory,
    "ExternDynamicSharedMemory",
    "extern-dynamic-shared-memory",
    "Make the global of a kernel's dynamic shared memory external, so that it starts after the static shared arrays",
    [],
    |module| {
        extern_dynamic_shared_memory::extern_dynamic_shared_memory(module);
        true
    }
);

module_pass!(
    create_blas_products,
    "BlasProducts",
    "blas-products",
    "Call BLAS through rumba's runtime for linalg's products of f32/f64 memrefs outside parallel loops",
    [DialectHandle::func(), DialectHandle::memref()],
    |module| blas_products::blas_products(module).is_ok()
);

/// Registers every upstream pass and rumba's own (once per process) so that pipelines can name them.
pub fn register_passes() {
    static REGISTER: Once = Once::new();
    REGISTER.call_once(|| {
        melior::utility::register_all_passes();
        rumba_dialects::register_pass(create_parfor);
        rumba_dialects::register_pass(create_eqsat);
        rumba_dialects::register_pass(create_lower_py);
        rumba_dialects::register_pass(create_hoist_parallel_allocas);
        rumba_dialects::register_pass(create_hoist_static_allocas);
        rumba_dialects::register_pass(create_internalize_functions);
        rumba_dialects::register_pass(create_serialize_nested_parallel);
        rumba_dialects::register_pass(create_deallocate_temporaries);
        rumba_dialects::register_pass(create_blas_products);
        rumba_dialects::register_pass(create_version_unit_strides);
        rumba_dialects::register_pass(create_forward_scalar_stores);
        rumba_dialects::register_pass(create_raise_loop_nests);
        rumba_dialects::register_pass(create_vectorize_loop_nests);
        rumba_dialects::register_pass(create_outline_cuda_kernels);
        rumba_dialects::register_pass(create_extern_dynamic_shared_memory);
    });
}
