//! The `py` dialect: Python semantics on typed scalars and NumPy arrays.
//!
//! The dialect is defined in ODS (`py/*.td`), compiled to C++ by `build.rs` and registered through a
//! C-API shim. Rust sees it through [`py_dialect_handle`] and a few type helpers; everything else is
//! built with melior's generic `OperationBuilder` under the op names the `.td` declares.

use melior::{
    dialect::{DialectHandle, DialectRegistry},
    ir::{r#type::TypeLike, Type},
    utility::{register_all_dialects, register_all_llvm_translations},
    Context,
};
use mlir_sys::{MlirContext, MlirDialectHandle, MlirOperation, MlirPass, MlirStringRef, MlirType};

unsafe extern "C" {
    fn mlirGetDialectHandle__py__() -> MlirDialectHandle;
    fn rumbaTypeIsPyArray(r#type: MlirType) -> bool;
    fn rumbaPyArrayTypeGetDtype(r#type: MlirType) -> MlirType;
    fn rumbaPyArrayTypeGetNdim(r#type: MlirType) -> u32;
    fn rumbaPyArrayTypeGetLayout(r#type: MlirType) -> std::ffi::c_char;
    fn rumbaOperationIsPure(operation: MlirOperation) -> bool;
    fn rumbaOperationNameKeepsOperandType(context: MlirContext, name: MlirStringRef) -> bool;
    fn rumbaRegisterPass(factory: unsafe extern "C" fn() -> MlirPass);
    fn rumbaOptMain(argc: i32, argv: *mut *mut std::ffi::c_char) -> i32;
}

/// The registration handle of the `py` dialect.
pub fn py_dialect_handle() -> DialectHandle {
    unsafe { DialectHandle::from_raw(mlirGetDialectHandle__py__()) }
}

/// A context with every upstream dialect, the `py` dialect and the LLVM IR translations loaded.
pub fn create_context() -> Context {
    let registry = DialectRegistry::new();
    register_all_dialects(&registry);
    py_dialect_handle().insert_dialect(&registry);
    let context = Context::new();
    // Functions are compiled one at a time and are small: the thread pool that MLIR would run
    // their passes on costs more than it saves (a fifth of a first call on two cores).
    context.enable_multi_threading(false);
    context.append_dialect_registry(&registry);
    context.load_all_available_dialects();
    register_all_llvm_translations(&context);
    context
}

/// Memory layout of a `!py.array`: which dimension, if any, has unit stride.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Layout {
    /// Row-major: the last dimension has unit stride.
    C,
    /// Column-major: the first dimension has unit stride.
    F,
    /// Any strides.
    A,
}

impl Layout {
    pub fn letter(self) -> char {
        match self {
            Layout::C => 'C',
            Layout::F => 'F',
            Layout::A => 'A',
        }
    }
}

/// The parameters of a `!py.array` type.
#[derive(Clone, Copy, Debug)]
pub struct ArrayTypeParts<'c> {
    pub dtype: Type<'c>,
    pub ndim: usize,
    pub layout: Layout,
}

/// Splits a `!py.array<dtype, ndim, layout>` into its parameters; `None` for any other type.
pub fn array_type_parts(r#type: Type<'_>) -> Option<ArrayTypeParts<'_>> {
    unsafe {
        if !rumbaTypeIsPyArray(r#type.to_raw()) {
            return None;
        }
        let layout = match rumbaPyArrayTypeGetLayout(r#type.to_raw()) as u8 {
            b'C' => Layout::C,
            b'F' => Layout::F,
            _ => Layout::A,
        };
        Some(ArrayTypeParts {
            dtype: Type::from_raw(rumbaPyArrayTypeGetDtype(r#type.to_raw())),
            ndim: rumbaPyArrayTypeGetNdim(r#type.to_raw()) as usize,
            layout,
        })
    }
}

/// Whether `operation` has no effect besides its results, as its op definition's traits say.
pub fn is_pure(operation: MlirOperation) -> bool {
    unsafe { rumbaOperationIsPure(operation) }
}

/// Whether the op registered as `name` has operands and a result of one type
/// (`SameOperandsAndResultType` in its definition).
pub fn keeps_operand_type(context: MlirContext, name: &str) -> bool {
    unsafe { rumbaOperationNameKeepsOperandType(context, MlirStringRef { data: name.as_ptr().cast(), length: name.len() }) }
}

/// Registers a pass factory so that textual pipelines and `rumba-opt` can name the pass.
pub fn register_pass(factory: unsafe extern "C" fn() -> MlirPass) {
    unsafe { rumbaRegisterPass(factory) }
}

/// Runs mlir-opt's driver (with every upstream and rumba dialect and every registered pass) on the
/// process arguments; returns the exit code.
pub fn opt_main(args: &[String]) -> i32 {
    let owned: Vec<std::ffi::CString> = args
        .iter()
        .map(|arg| std::ffi::CString::new(arg.as_str()).unwrap_or_default())
        .collect();
    let mut argv: Vec<*mut std::ffi::c_char> = owned.iter().map(|arg| arg.as_ptr().cast_mut()).collect();
    unsafe { rumbaOptMain(argv.len() as i32, argv.as_mut_ptr()) }
}

/// The format of a `py.print` or `py.raise` value that is a list's, dict's or set's handle (an
/// `si64`): this prefix, then the container's type as `parse_type` reads it (`list(float64)`).
pub const CONTAINER_FORMAT_PREFIX: char = '\u{1}';

/// The format of a `py.print`, `py.raise` or `py.format` value that is a string's handle (an
/// `si64`), written as `str` writes it: this prefix, then the format spec.
pub const TEXT_FORMAT_PREFIX: char = '\u{2}';

/// The names by which `py` IR speaks of CUDA kernels' intrinsics, shared by the frontend that
/// emits them, the GPU target's `outline-cuda-kernels` and the simulator's runtime.
pub mod cuda {
    /// `func.call @rumba_cuda_geometry(code) : (i32) -> i64`: `threadIdx`, `blockIdx`, `blockDim`
    /// or `gridDim` (code / 3) along x, y or z (code % 3).
    pub const GEOMETRY: &str = "rumba_cuda_geometry";
    /// `func.call @rumba_cuda_syncthreads()`: the block's barrier.
    pub const SYNCTHREADS: &str = "rumba_cuda_syncthreads";
    /// `func.call @rumba_cuda_syncthreads_reduce(reduction, predicate) : (i32, i32) -> i32`: the
    /// barrier with a reduction (0 count, 1 and, 2 or) of the threads' predicates.
    pub const SYNCTHREADS_REDUCE: &str = "rumba_cuda_syncthreads_reduce";
    /// `func.call @rumba_cuda_shuffle_<T>(mode, value, lane) : (i32, T, i64) -> T`, `T` one of
    /// `i32 i64 f32 f64`: a warp shuffle, modes as `gpu.shuffle` numbers them (0 xor, 1 down,
    /// 2 up, 3 idx).
    pub const SHUFFLE_PREFIX: &str = "rumba_cuda_shuffle_";
    /// The symbols of the `memref.global`s of `cuda.shared.array`s start with this.
    pub const SHARED_PREFIX: &str = "__rumba_shared_";
    /// `func.call @rumba_cuda_dynamic_shared_memory() : () -> memref<?xi8>`: the block's dynamic
    /// shared memory, as many bytes as the launch asked for (`py.shared_array`).
    pub const DYNAMIC_SHARED_MEMORY: &str = "rumba_cuda_dynamic_shared_memory";
    /// `func.call @rumba_cuda_static_shared_memory(bytes) : (i64) -> memref<?xi8>`: in the
    /// simulator, the block's memory for the module's `cuda.shared.array`s, `bytes` in all.
    pub const STATIC_SHARED_MEMORY: &str = "rumba_cuda_static_shared_memory";
}

/// How a `py.math` function is computed on floats (`py/MathFunctions.def`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum MathLowering {
    /// One op of that name on the operands (`math.sqrt`, `arith.remf`).
    Op(&'static str),
    /// A call to libm's function of that name.
    Libm(&'static str),
    /// Spelled out by `lower-py`.
    LowerPy,
}

/// One function `py.math` names (`py/MathFunctions.def`, which the op's verifier reads too).
#[derive(Clone, Copy, Debug)]
pub struct MathFunction {
    pub name: &'static str,
    pub arity: usize,
    /// Whether it takes floats only (else any number type, one for all operands and the result).
    pub floats_only: bool,
    pub lowering: MathLowering,
}

/// Every function `py.math` names, in `MathFunctions.def`'s order.
pub fn math_functions() -> &'static [MathFunction] {
    static FUNCTIONS: std::sync::LazyLock<Vec<MathFunction>> = std::sync::LazyLock::new(|| {
        include_str!("../py/MathFunctions.def")
            .lines()
            .filter_map(|line| line.strip_prefix("PY_MATH(")?.strip_suffix(')'))
            .map(|fields| {
                let fields: Vec<&'static str> = fields.split(',').map(str::trim).collect();
                let [name, arity, operands, lowering] = fields[..] else { panic!("MathFunctions.def: PY_MATH takes 4 fields: {fields:?}") };
                let lowering = lowering.trim_matches('"');
                MathFunction {
                    name,
                    arity: arity.parse().expect("MathFunctions.def: the arity is a number"),
                    floats_only: operands == "FLOATS",
                    lowering: match lowering.strip_prefix("libm:") {
                        Some(function) => MathLowering::Libm(function),
                        None if lowering == "lower-py" => MathLowering::LowerPy,
                        None => MathLowering::Op(lowering),
                    },
                }
            })
            .collect()
    });
    &FUNCTIONS
}

/// One LAPACK routine `py.lapack` calls (`py/LapackRoutines.def`, which the op's verifier reads
/// too): its name without the type letter, and one letter per operand (`C` float or complex
/// array, `R` array of its real type, `I` int32 vector, `n` si64 option, `x` f64 option).
#[derive(Clone, Copy, Debug)]
pub struct LapackRoutine {
    pub name: &'static str,
    pub operands: &'static str,
}

/// Every routine `py.lapack` calls, in `LapackRoutines.def`'s order.
pub fn lapack_routines() -> &'static [LapackRoutine] {
    static ROUTINES: std::sync::LazyLock<Vec<LapackRoutine>> = std::sync::LazyLock::new(|| {
        include_str!("../py/LapackRoutines.def")
            .lines()
            .filter_map(|line| line.strip_prefix("PY_LAPACK(")?.strip_suffix(')'))
            .map(|fields| {
                let (name, operands) = fields.split_once(',').expect("LapackRoutines.def: PY_LAPACK takes 2 fields");
                LapackRoutine { name: name.trim(), operands: operands.trim().trim_matches('"') }
            })
            .collect()
    });
    &ROUTINES
}

/// The `py.math` function named `name`.
pub fn math_function(name: &str) -> Option<&'static MathFunction> {
    math_functions().iter().find(|function| function.name == name)
}
