//! rumba: a JIT compiler for numerical Python on MLIR.
//!
//! [`compile_module`] parses a Python module; [`Module::function`] compiles one of its functions
//! specialised on argument types (or on a Numba signature with [`Module::function_with_signature`])
//! through the `py` dialect, rumba's passes and LLVM, and hands back a [`CompiledFunction`] callable
//! with scalars and array views.
//!
//! ```no_run
//! let module = rumba::compile_module("def f(x, y):\n    return (x + y) / 3.14\n", &rumba::Options::default()).unwrap();
//! let f = module.function_with_signature("f", "f8(i4, i4)").unwrap();
//! let value = f.call(&[rumba::Number::I32(1).into(), rumba::Number::I32(3).into()]).unwrap();
//! assert_eq!(value.to_string(), "1.2738853503184713");
//! ```

use melior::{
    ir::{block::BlockLike, operation::{OperationLike, OperationMutLike}},
    Context,
};
use std::{cell::RefCell, collections::HashMap, fmt, rc::Rc, sync::Arc, time::Instant};

mod timings;

pub use rumba_frontend::{
    format_spec::float_repr as python_float_repr,
    is_stencil, parse_signature, parse_type,
    resolve::{Binding, Constant, ConstantArray, FunctionSource, NUMPY_PRELUDE_FILE},
    types, ArrayType, Diagnostic, DiagnosticKind, Diagnostics, RaiseSite, Scalar, Signature, SourceLocation, SourceModule, Type,
};
pub use rumba_dialects::Layout;
pub use rumba_passes::eqsat::Limits as EqsatLimits;
pub use rumba_passes::pipeline::{stage_names, ExtraPass};
pub use rumba_runtime::{
    abi::Argument,
    cuda,
    engine::CallError,
    generators,
    text,
    threads::{num_threads, set_num_threads},
    ArrayArgument, Exception, Number, OwnedArray, Value,
};

/// The `@jitclass` classes of the process: registered with their fields, given their members.
pub mod classes {
    pub use rumba_frontend::resolve::{define_members, register_class, ClassMember, MemberKind};
}

/// `with objmode(...)` blocks: what compiled code knows of each, and the hook that runs them.
pub mod objmode {
    pub use rumba_frontend::objmode::{with_owner, ObjmodeSite, OBJMODE_EXCEPTION};
    pub use rumba_runtime::objmode::{install_hook, Hook};
}

/// Element types that cross into compiled code as they are in memory.
pub trait Element: Copy + 'static {
    const SCALAR: Scalar;
}

macro_rules! element {
    ($($rust:ty => $scalar:expr),* $(,)?) => {
        $(impl Element for $rust {
            const SCALAR: Scalar = $scalar;
        })*
    };
}

element! {
    bool => Scalar::Bool,
    i8 => Scalar::Int { bits: 8, signed: true },
    i16 => Scalar::Int { bits: 16, signed: true },
    i32 => Scalar::Int { bits: 32, signed: true },
    i64 => Scalar::Int { bits: 64, signed: true },
    u8 => Scalar::Int { bits: 8, signed: false },
    u16 => Scalar::Int { bits: 16, signed: false },
    u32 => Scalar::Int { bits: 32, signed: false },
    u64 => Scalar::Int { bits: 64, signed: false },
    f32 => Scalar::Float { bits: 32 },
    f64 => Scalar::Float { bits: 64 },
    num_complex::Complex<f32> => Scalar::Complex { bits: 64 },
    num_complex::Complex<f64> => Scalar::Complex { bits: 128 },
}

fn array_argument<T: Element>(data: *mut T, shape: &[usize], strides: &[isize]) -> Argument {
    let itemsize = std::mem::size_of::<T>() as i64;
    Argument::Array(ArrayArgument {
        data: data.cast(),
        dtype: T::SCALAR,
        shape: shape.iter().map(|&extent| extent as i64).collect(),
        byte_strides: strides.iter().map(|&stride| stride as i64 * itemsize).collect(),
    })
}

/// An array the compiled code may read and write in place, without a copy.
pub fn array_mut<T: Element, D: ndarray::Dimension>(view: &mut ndarray::ArrayViewMut<'_, T, D>) -> Argument {
    array_argument(view.as_mut_ptr(), view.shape(), view.strides())
}

/// An array the compiled code only reads, without a copy. Writing to it from compiled code is
/// undefined behaviour; pass [`array_mut`] for functions that store into their arguments.
pub fn array<T: Element, D: ndarray::Dimension>(view: &ndarray::ArrayView<'_, T, D>) -> Argument {
    array_argument(view.as_ptr().cast_mut(), view.shape(), view.strides())
}

/// How to compile.
#[derive(Clone, Debug)]
pub struct Options {
    /// The name diagnostics and raise sites use for the source.
    pub file_name: String,
    /// LLVM optimisation level, 0 to 3.
    pub optimization_level: usize,
    /// LLVM fast-math flags for floating-point operations, as Numba's `fastmath` takes them: empty
    /// for strict IEEE semantics, `["fast"]` for all, or a selection of `nnan`, `ninf`, `nsz`,
    /// `arcp`, `contract`, `afn`, `reassoc`.
    pub fastmath: Vec<String>,
    /// Numba's `parallel=True`: `prange` loops run their iterations on OpenMP threads.
    pub parallel: bool,
    /// Numba's `boundscheck=True`: an element index outside its array raises IndexError.
    pub boundscheck: bool,
    /// Names bound by value, over what the source says of them: the globals and closure
    /// variables of the function being compiled, as Python holds them (Numba freezes them at the
    /// first compilation too). Empty: names mean what the module's source text binds them to.
    pub environment: Vec<(String, Binding)>,
    /// Equality saturation (stage `eqsat`) within these limits; `None` leaves the stage out.
    pub eqsat: Option<EqsatLimits>,
    /// Passes run after named stages ([`stage_names`]; after `py`, before any of rumba's): a pass
    /// of the embedder's own, or a textual pipeline, inside the real pipeline.
    pub extra_passes: Vec<(String, ExtraPass)>,
}

impl Default for Options {
    fn default() -> Self {
        Self {
            file_name: "<module>".into(),
            optimization_level: 3,
            fastmath: Vec::new(),
            parallel: false,
            boundscheck: false,
            environment: Vec::new(),
            eqsat: Some(EqsatLimits::default()),
            extra_passes: Vec::new(),
        }
    }
}

const FASTMATH_FLAGS: [&str; 8] = ["fast", "nnan", "ninf", "nsz", "arcp", "contract", "afn", "reassoc"];

/// Why a compilation failed.
#[derive(Debug)]
pub enum Error {
    /// A problem in the user's source or request, located.
    Diagnostics(Diagnostics),
    /// The compiler itself failed (a bug): the message says at which stage.
    Internal(String),
}

impl fmt::Display for Error {
    fn fmt(&self, formatter: &mut fmt::Formatter) -> fmt::Result {
        match self {
            Error::Diagnostics(diagnostics) => write!(formatter, "{diagnostics}"),
            Error::Internal(message) => write!(formatter, "internal compiler error: {message}"),
        }
    }
}

impl std::error::Error for Error {}

impl From<Diagnostics> for Error {
    fn from(diagnostics: Diagnostics) -> Self {
        Error::Diagnostics(diagnostics)
    }
}

/// A compiled function C can call (`@cfunc`), at `address` while this value (which holds its
/// code) lives.
#[derive(Clone)]
pub struct CFunction {
    _engine: Arc<rumba_runtime::Engine>,
    pub address: usize,
    pub signature: Signature,
}

/// A compiled specialisation; a signature's declared return type converts the numbers of the result.
#[derive(Clone)]
pub struct CompiledFunction {
    inner: rumba_runtime::CompiledFunction,
    declared_return: Option<Type>,
    /// The declared return type where its numbers differ from the inferred ones.
    converted_return: Option<Type>,
    straight_line: bool,
    synchronizes: bool,
    /// For a generator: the type of what it yields.
    yields: Option<Type>,
}

impl CompiledFunction {
    pub fn arguments(&self) -> &[Type] {
        &self.inner.arguments
    }

    /// The type the call gives back.
    pub fn return_type(&self) -> &Type {
        self.declared_return.as_ref().unwrap_or(&self.inner.return_type)
    }

    /// Whether the code has no loop and no call: it runs in a short, bounded time, so a caller may
    /// keep its locks (Python's GIL) across the call rather than pay for releasing them.
    pub fn is_straight_line(&self) -> bool {
        self.straight_line
    }

    /// Whether the code waits for other CUDA threads (`cuda.syncthreads()` and its reductions, warp
    /// shuffles): the simulator then runs each thread of a block as a coroutine of its own.
    pub fn synchronizes(&self) -> bool {
        self.synchronizes
    }

    /// For a generator function: the type of the values its generators yield.
    pub fn yields(&self) -> Option<&Type> {
        self.yields.as_ref()
    }

    /// The generator a call of a generator function makes: nothing runs before its first `next`.
    pub fn generator(&self, arguments: &[Argument]) -> Result<generators::Generator<CallError>, CallError> {
        let yield_type = self.yields.clone().unwrap_or(Type::None);
        self.inner.generator(arguments, yield_type)
    }

    /// The symbol of the specialisation in the compiled module.
    pub fn symbol(&self) -> &str {
        &self.inner.symbol
    }

    pub fn call(&self, arguments: &[Argument]) -> Result<Value, CallError> {
        self.callable()?;
        self.declared(self.inner.call(arguments)?)
    }

    /// A generator function is not called: its calls make generators ([`generator`](Self::generator)).
    fn callable(&self) -> Result<(), CallError> {
        match self.yields {
            Some(_) => Err(CallError::Arguments(format!("'{}' is a generator function: its calls make generators (`CompiledFunction::generator`)", self.inner.symbol))),
            None => Ok(()),
        }
    }

    /// Calls the function, giving back also the contents of its list arguments after the call
    /// (in order, lists inside tuples included), which a caller writes back into its own lists.
    pub fn call_reflecting(&self, arguments: &[Argument]) -> Result<(Value, Vec<Value>), CallError> {
        self.callable()?;
        let (value, reflected) = self.inner.call_reflecting(arguments)?;
        Ok((self.declared(value)?, reflected))
    }

    /// Calls a function whose arguments are all scalars, cheaper than [`call`](Self::call).
    pub fn call_numbers(&self, numbers: &[Number]) -> Result<Value, CallError> {
        self.callable()?;
        self.declared(self.inner.call_numbers(numbers)?)
    }

    /// `value` as the declared return type.
    fn declared(&self, value: Value) -> Result<Value, CallError> {
        Ok(match &self.converted_return {
            Some(declared) => converted(value, declared),
            None => value,
        })
    }
}

/// `value` with its numbers converted to those of `declared` (a number, or a tuple holding some).
fn converted(value: Value, declared: &Type) -> Value {
    match (declared, value) {
        (Type::Scalar(scalar), Value::Number(number)) => Value::Number(convert_number(number, *scalar)),
        (Type::Tuple(types, _), Value::Tuple(elements)) => Value::Tuple(elements.into_iter().zip(types).map(|(element, declared)| converted(element, declared)).collect()),
        (_, value) => value,
    }
}

/// `number` as a value of type `scalar`, converting as NumPy's `astype` does.
pub fn convert_number(number: Number, scalar: Scalar) -> Number {
    let float = number.as_f64();
    let integer = number.as_i64();
    match scalar {
        Scalar::Bool => Number::Bool(float != 0.0),
        Scalar::Float { bits: 32 } => Number::F32(float as f32),
        Scalar::Float { .. } => Number::F64(float),
        Scalar::Int { bits: 8, signed: true } => Number::I8(integer as i8),
        Scalar::Int { bits: 16, signed: true } => Number::I16(integer as i16),
        Scalar::Int { bits: 32, signed: true } => Number::I32(integer as i32),
        Scalar::Int { signed: true, .. } => Number::I64(integer),
        Scalar::Int { bits: 8, .. } => Number::U8(integer as u8),
        Scalar::Int { bits: 16, .. } => Number::U16(integer as u16),
        Scalar::Int { bits: 32, .. } => Number::U32(integer as u32),
        Scalar::Int { .. } => Number::U64(integer as u64),
        Scalar::Complex { bits: 64 } => match number {
            Number::Complex(real, imag) => Number::Complex64(real as f32, imag as f32),
            Number::Complex64(..) => number,
            _ => Number::Complex64(float as f32, 0.0),
        },
        Scalar::Complex { .. } => match number {
            Number::Complex(..) => number,
            Number::Complex64(real, imag) => Number::Complex(f64::from(real), f64::from(imag)),
            _ => Number::Complex(float, 0.0),
        },
    }
}

/// A CUDA kernel compiled to PTX.
#[derive(Clone, Debug)]
pub struct PtxKernel {
    /// The kernel's `.entry` in the PTX, which launches name.
    pub entry: String,
    pub ptx: String,
    /// The argument types it was specialised on; an array argument is passed as its memref
    /// descriptor's fields (allocated and aligned pointers, offset, extents, strides).
    pub arguments: Vec<Type>,
}

/// A parsed Python module whose functions compile on demand, one specialisation per argument types.
pub struct Module {
    source: SourceModule,
    options: Options,
    context: Context,
    messages: Rc<RefCell<Vec<String>>>,
    compiled: RefCell<HashMap<(String, Vec<Type>, bool), CompiledFunction>>,
}

/// Parses `source`; functions are compiled when asked for.
pub fn compile_module(source: &str, options: &Options) -> Result<Module, Diagnostics> {
    rumba_passes::register_passes();
    let started = Instant::now();
    let mut source = SourceModule::parse(source, &options.file_name)?;
    timings::report(&options.file_name, &[("parse", started.elapsed())]);
    if let Err(message) = source.bind(&options.environment) {
        return Err(source.error(Default::default(), DiagnosticKind::Usage, message).into());
    }
    if let Err(message) = rumba_runtime::threads::apply_environment() {
        return Err(source.error(Default::default(), DiagnosticKind::Usage, message).into());
    }
    if let Some(unknown) = options.fastmath.iter().find(|flag| !FASTMATH_FLAGS.contains(&flag.as_str())) {
        let diagnostic = source.error(Default::default(), DiagnosticKind::Usage, format!("unknown fastmath flag '{unknown}'"));
        return Err(diagnostic.with_note(format!("fastmath flags are {}", FASTMATH_FLAGS.join(", "))).into());
    }
    let context = rumba_dialects::create_context();
    if let Err(message) = check_extra_passes(&context, &options.extra_passes) {
        return Err(source.error(Default::default(), DiagnosticKind::Usage, message).into());
    }
    let messages = Rc::new(RefCell::new(Vec::new()));
    let sink = messages.clone();
    context.attach_diagnostic_handler(move |diagnostic| {
        sink.borrow_mut().push(format!("{}: {diagnostic}", diagnostic.location()));
        true
    });
    Ok(Module { source, options: options.clone(), context, messages, compiled: RefCell::new(HashMap::new()) })
}

/// Checks that each added pass names a stage (of the CPU or the CUDA target) and that each
/// textual pipeline parses.
fn check_extra_passes(context: &Context, extra_passes: &[(String, ExtraPass)]) -> Result<(), String> {
    let stages: Vec<&str> = stage_names().into_iter().chain(rumba_passes::pipeline::gpu_stage_names()).collect();
    for (stage, pass) in extra_passes {
        if !stages.contains(&stage.as_str()) {
            return Err(format!("a pass is added after stage '{stage}', which does not exist; stages are {}", stage_names().join(", ")));
        }
        if let ExtraPass::Pipeline(text) = pass {
            let manager = melior::pass::PassManager::new(context);
            rumba_passes::pipeline::add_pipeline(&manager, text).map_err(|error| format!("the pipeline '{text}' added after stage {stage} does not parse: {error}"))?;
        }
    }
    Ok(())
}

/// What [`Module::emit`] prints after the last IR stage.
const LLVM_STAGES: [&str; 2] = ["llvm", "asm"];

impl Module {
    pub fn source(&self) -> &SourceModule {
        &self.source
    }

    /// Binds more names by value after parsing (a function passed as an argument, bound under a
    /// name of its own); compiled specialisations stay as they are.
    pub fn bind(&mut self, environment: &[(String, Binding)]) -> Result<(), Error> {
        self.source.bind(environment).map_err(|message| Error::Diagnostics(self.source.error(Default::default(), DiagnosticKind::Usage, message).into()))
    }

    /// Gives the overload `key` its implementation for arguments of `arguments`' types, compiled
    /// with the module (what a `MissingImplementation` error asked for); compiled
    /// specialisations stay as they are.
    pub fn implement(&mut self, key: &str, arguments: Vec<Type>, implementation: &Arc<FunctionSource>) -> Result<(), Error> {
        self.source.implement(key, arguments, implementation).map_err(|message| Error::Diagnostics(self.source.error(Default::default(), DiagnosticKind::Usage, message).into()))
    }

    /// Compiles the members of the `@jitclass` classes among `types` with the module: what a
    /// function taking their instances calls. Call it before compiling for such types.
    pub fn include_classes(&mut self, types: &[Type]) -> Result<(), Error> {
        self.source.include_classes(types).map_err(|message| Error::Diagnostics(self.source.error(Default::default(), DiagnosticKind::Usage, message).into()))
    }

    /// Compiles (or finds) `name` specialised on `arguments`.
    pub fn function(&self, name: &str, arguments: &[Type]) -> Result<CompiledFunction, Error> {
        self.compile(name, arguments, false)
    }

    /// `function`; where `simulated`, a CUDA kernel for the simulator
    /// (`rumba_runtime::cuda::simulator`): every element access checked against its array's
    /// extent, shared arrays in the memory of the block running.
    fn compile(&self, name: &str, arguments: &[Type], simulated: bool) -> Result<CompiledFunction, Error> {
        let key = (name.to_string(), arguments.to_vec(), simulated);
        if let Some(function) = self.compiled.borrow().get(&key) {
            return Ok(function.clone());
        }
        let emitted = rumba_frontend::emit_specialisation(&self.source, name, arguments, self.emit_options())?;
        let (module, mut steps) = self.lower(&emitted.text, None, simulated)?;
        let codegen_started = Instant::now();
        let engine = rumba_runtime::Engine::new(&module, self.options.optimization_level).map_err(Error::Internal)?;
        let straight_line = emitted.straight_line;
        let yields = emitted.yields.clone();
        let function = CompiledFunction {
            inner: rumba_runtime::CompiledFunction::new(
                Arc::new(engine),
                emitted.entry_symbol,
                emitted.arguments,
                emitted.return_type,
                emitted.raise_sites,
            )
            .map_err(Error::Internal)?,
            declared_return: None,
            converted_return: None,
            straight_line,
            synchronizes: [rumba_dialects::cuda::SYNCTHREADS, rumba_dialects::cuda::SHUFFLE_PREFIX].iter().any(|meeting| emitted.text.contains(&format!("@{meeting}"))),
            yields,
        };
        steps.push(("llvm codegen", codegen_started.elapsed()));
        steps.splice(0..0, emitted.timings);
        timings::report(name, &steps);
        self.compiled.borrow_mut().insert(key, function.clone());
        Ok(function)
    }

    /// Compiles `name` for a signature in Numba's notation (`"f8(i4, i4)"`, `"void(f4[:])"`).
    pub fn function_with_signature(&self, name: &str, signature: &str) -> Result<CompiledFunction, Error> {
        let signature = self.parse_signature_for(name, signature)?;
        let mut function = self.function(name, &signature.arguments)?;
        if let Some(declared) = signature.return_type {
            let inferred = function.inner.return_type.clone();
            if !fits_declared_result(&declared, &inferred) {
                let definition = self.source.function(name).map(rumba_frontend::range_of).unwrap_or_default();
                let diagnostic = self.source.error(definition, DiagnosticKind::Typing, format!("the signature declares {declared} but '{name}' returns {inferred}"));
                return Err(Error::Diagnostics(diagnostic.into()));
            }
            function.converted_return = (declared != inferred).then(|| declared.clone());
            function.declared_return = Some(declared);
        }
        Ok(function)
    }

    /// Compiles `name` for a signature in Numba's notation as a function C can call (`@cfunc`):
    /// numbers in, a number (or nothing, for `void`) out.
    pub fn c_function(&self, name: &str, signature: &str) -> Result<CFunction, Error> {
        let parsed = self.parse_signature_for(name, signature)?;
        let definition = || self.source.function(name).map(rumba_frontend::range_of).unwrap_or_default();
        let Some(declared) = parsed.return_type.clone() else {
            return Err(Error::Diagnostics(self.source.error(definition(), DiagnosticKind::Usage, format!("the cfunc signature '{signature}' must name the return type ('void' for none)")).into()));
        };
        let emitted = rumba_frontend::emit_specialisation(&self.source, name, &parsed.arguments, self.emit_options())?;
        let text = rumba_frontend::cfunc::with_c_wrapper(&emitted, name, &declared)
            .map_err(|message| Error::Diagnostics(self.source.error(definition(), DiagnosticKind::Unsupported, message).into()))?;
        let (module, _) = self.lower(&text, None, false)?;
        let engine = rumba_runtime::Engine::new(&module, self.options.optimization_level).map_err(Error::Internal)?;
        let wrapper = format!("_mlir_ciface_{}", rumba_frontend::cfunc::wrapper_symbol(&emitted.entry_symbol));
        let address = engine.lookup(&wrapper).map_err(Error::Internal)?;
        Ok(CFunction { _engine: Arc::new(engine), address, signature: parsed })
    }

    fn parse_signature_for(&self, name: &str, signature: &str) -> Result<Signature, Error> {
        parse_signature(signature).map_err(|message| {
            let definition = self.source.function(name).map(rumba_frontend::range_of).unwrap_or_default();
            Error::Diagnostics(self.source.error(definition, DiagnosticKind::Usage, format!("bad signature: {message}")).into())
        })
    }

    /// The IR of `name` specialised on `arguments` after `stage` (see [`stage_names`], plus `llvm`
    /// for optimised LLVM IR and `asm` for host assembly).
    pub fn emit(&self, name: &str, arguments: &[Type], stage: &str) -> Result<String, Error> {
        let emitted = rumba_frontend::emit_specialisation(&self.source, name, arguments, self.emit_options())?;
        if LLVM_STAGES.contains(&stage) {
            let (module, _) = self.lower(&emitted.text, None, false)?;
            let output = if stage == "llvm" { rumba_runtime::translate::Output::LlvmIr } else { rumba_runtime::translate::Output::Assembly };
            return rumba_runtime::translate::emit(&module, output).map_err(Error::Internal);
        }
        let (module, _) = self.lower(&emitted.text, Some(stage), false)?;
        Ok(module.as_operation().to_string())
    }

    /// Compiles CUDA kernel `name` for the CPU, for the simulator (`rumba_runtime::cuda::simulator`)
    /// to run thread by thread, its element accesses checked as a GPU's memory faults would; a
    /// kernel that returns a value is an error.
    pub fn simulated_kernel(&self, name: &str, arguments: &[Type]) -> Result<CompiledFunction, Error> {
        let function = self.compile(name, arguments, true)?;
        self.check_kernel_returns_nothing(name, function.return_type())?;
        Ok(function)
    }

    /// Compiles CUDA kernel `name` to PTX for `chip` (`sm_80`, `sm_90`, ...).
    /// `libraries` are LLVM bitcode files linked into the kernel: NVIDIA's libdevice, which the
    /// math functions (`math.exp`, ...) call.
    pub fn ptx_kernel(&self, name: &str, arguments: &[Type], chip: &str, libraries: &[String]) -> Result<PtxKernel, Error> {
        let (module, emitted) = self.lower_kernel(name, arguments, None, chip, libraries)?;
        let ptx = rumba_passes::outline_cuda_kernels::ptx_of(module.as_operation().to_raw())
            .ok_or_else(|| Error::Internal(format!("the GPU pipeline made no PTX for '{name}'")))?;
        let symbol = rumba_passes::outline_cuda_kernels::ptx_name(&emitted.entry_symbol).unwrap_or_else(|| emitted.entry_symbol.clone());
        let entry = format!("{symbol}{}", rumba_passes::outline_cuda_kernels::KERNEL_SUFFIX);
        Ok(PtxKernel { entry, ptx, arguments: emitted.arguments })
    }

    /// The IR of CUDA kernel `name` after `stage` of the GPU target (see
    /// [`rumba_passes::pipeline::gpu_stage_names`]).
    pub fn emit_kernel(&self, name: &str, arguments: &[Type], stage: &str, chip: &str, libraries: &[String]) -> Result<String, Error> {
        let (module, _) = self.lower_kernel(name, arguments, Some(stage), chip, libraries)?;
        Ok(module.as_operation().to_string())
    }

    fn lower_kernel(&self, name: &str, arguments: &[Type], last: Option<&str>, chip: &str, libraries: &[String]) -> Result<(melior::ir::Module<'_>, rumba_frontend::EmittedModule), Error> {
        let emitted = rumba_frontend::emit_specialisation(&self.source, name, arguments, self.emit_options())?;
        self.check_kernel_returns_nothing(name, &emitted.return_type)?;
        let mut module = self.parse_emitted(&emitted.text)?;
        let kernel = melior::ir::Attribute::unit(&self.context);
        let body = module.body();
        let mut operation = body.first_operation_mut();
        while let Some(mut function) = operation {
            if function.attribute("sym_name").ok().and_then(|name| melior::ir::attribute::StringAttribute::try_from(name).ok()).is_some_and(|name| name.value() == emitted.entry_symbol) {
                function.set_discardable_attribute(rumba_passes::outline_cuda_kernels::KERNEL_ATTRIBUTE, kernel);
            }
            operation = function.next_in_block_mut();
        }
        rumba_passes::pipeline::run_gpu_stages(&self.context, &mut module, last, chip, libraries, &self.customization()).map_err(|message| {
            let messages = self.take_messages();
            match self.located(&messages) {
                Some(diagnostics) => Error::Diagnostics(diagnostics),
                None => Error::Internal(format!("{message}:\n{messages}")),
            }
        })?;
        Ok((module, emitted))
    }

    fn check_kernel_returns_nothing(&self, name: &str, return_type: &Type) -> Result<(), Error> {
        if *return_type == Type::None {
            return Ok(());
        }
        let definition = self.source.function(name).map(rumba_frontend::range_of).unwrap_or_default();
        let message = format!("a CUDA kernel cannot return a value, and '{name}' returns {return_type}: write results into an array argument");
        Err(Error::Diagnostics(self.source.error(definition, DiagnosticKind::Typing, message).into()))
    }

    /// The errors a pass reported at the user's source (`loc("file":line:col): message`), as
    /// diagnostics; `None` if any is not located there.
    fn located(&self, messages: &str) -> Option<Diagnostics> {
        let mut diagnostics = Vec::new();
        for message in messages.lines().filter(|line| line.starts_with("loc(")) {
            let (place, text) = message.strip_prefix("loc(\"")?.split_once("): ")?;
            let (file, position) = place.split_once("\":")?;
            let (line, column) = position.split_once(':')?;
            let location = SourceLocation { file: file.to_string(), line: line.parse().ok()?, column: column.parse().ok()? };
            let source_line = self.source.file.source_line(&location).to_string();
            diagnostics.push(Diagnostic { kind: DiagnosticKind::Unsupported, location, message: text.to_string(), source_line, notes: Vec::new(), missing_implementation: None });
        }
        (!diagnostics.is_empty()).then_some(Diagnostics(diagnostics))
    }

    fn emit_options(&self) -> rumba_frontend::EmitOptions {
        rumba_frontend::EmitOptions { parallel: self.options.parallel, boundscheck: self.options.boundscheck }
    }

    /// Puts `py.fastmath = #arith.fastmath<flags>` on every function, for `lower-py` to apply.
    fn mark_fastmath(&self, module: &melior::ir::Module<'_>) {
        let text = format!("#arith.fastmath<{}>", self.options.fastmath.join(","));
        if let Some(flags) = melior::ir::Attribute::parse(&self.context, &text) {
            self.mark_functions(module, "py.fastmath", flags);
        }
    }

    /// Puts the attribute `name = value` on every function of `module`, for `lower-py` to read.
    fn mark_functions(&self, module: &melior::ir::Module<'_>, name: &str, value: melior::ir::Attribute<'_>) {
        let body = module.body();
        let mut operation = body.first_operation_mut();
        while let Some(mut function) = operation {
            if function.name().as_string_ref().as_str() == Ok("func.func") {
                function.set_discardable_attribute(name, value);
            }
            operation = function.next_in_block_mut();
        }
    }

    /// The options' changes to the stages.
    fn customization(&self) -> rumba_passes::pipeline::Customization {
        let skipped = if self.options.eqsat.is_none() { vec!["eqsat".to_string()] } else { Vec::new() };
        rumba_passes::pipeline::Customization { skipped, extra: self.options.extra_passes.clone() }
    }

    /// The frontend's text as a verified module, marked for fast-math and with the limits of
    /// equality saturation where asked.
    fn parse_emitted(&self, text: &str) -> Result<melior::ir::Module<'_>, Error> {
        let mut module = melior::ir::Module::parse(&self.context, text)
            .ok_or_else(|| Error::Internal(format!("the frontend's py IR does not parse:\n{}", with_failing_lines(&self.take_messages(), text))))?;
        if !module.as_operation().verify() {
            return Err(Error::Internal(format!("the frontend's py IR does not verify:\n{}", self.take_messages())));
        }
        if !self.options.fastmath.is_empty() {
            self.mark_fastmath(&module);
        }
        if let Some(limits) = self.options.eqsat.filter(|limits| *limits != EqsatLimits::default()) {
            let text = format!("{{nodes = {} : i64, iterations = {} : i64, milliseconds = {} : i64}}", limits.nodes, limits.iterations, limits.time.as_millis());
            if let Some(attribute) = melior::ir::Attribute::parse(&self.context, &text) {
                module.as_operation_mut().set_discardable_attribute(rumba_passes::eqsat::LIMITS_ATTRIBUTE, attribute);
            }
        }
        Ok(module)
    }

    fn take_messages(&self) -> String {
        std::mem::take(&mut *self.messages.borrow_mut()).join("\n")
    }

    /// Parses the frontend's text and runs the pipeline up to `last` (all of it for `None`); returns
    /// the module and how long parsing and each stage took.
    fn lower(&self, text: &str, last: Option<&str>, simulated: bool) -> Result<(melior::ir::Module<'_>, timings::Steps), Error> {
        let started = Instant::now();
        let mut module = self.parse_emitted(text)?;
        if simulated {
            for marker in [rumba_passes::lower_py::BOUNDS_CHECK_ATTRIBUTE, rumba_passes::lower_py::SIMULATED_ATTRIBUTE] {
                self.mark_functions(&module, marker, melior::ir::Attribute::unit(&self.context));
            }
        }
        let mut steps = vec![("parse py IR", started.elapsed())];
        let stages = rumba_passes::pipeline::run_stages(&self.context, &mut module, last, self.options.parallel, &self.customization())
            .map_err(|message| Error::Internal(format!("{message}:\n{}", self.take_messages())))?;
        steps.extend(stages);
        Ok((module, steps))
    }
}

/// `messages` of MLIR's parser followed by the lines of `text` they point at (`loc("-":LINE:COL)`).
fn with_failing_lines(messages: &str, text: &str) -> String {
    let mut shown = messages.to_string();
    for (at, marker) in messages.match_indices("loc(\"-\":") {
        let line = messages[at + marker.len()..].split(':').next().and_then(|line| line.parse::<usize>().ok());
        if let Some(source) = line.and_then(|line| text.lines().nth(line.saturating_sub(1))) {
            shown.push_str(&format!("\n  {}", source.trim()));
        }
    }
    shown
}

/// Whether a function returning `inferred` may be declared to return `declared`: a real number
/// converts to any declared number (a complex one only to a complex number), an array of any
/// layout is declared with `[:]`, in tuples too (`converted` converts the numbers).
fn fits_declared_result(declared: &Type, inferred: &Type) -> bool {
    match (declared, inferred) {
        _ if declared == inferred => true,
        // Numbers convert as Numba casts a result to the declared type (int64 to uint64 too).
        (Type::Scalar(declared), Type::Scalar(inferred)) => declared.is_complex() || !inferred.is_complex(),
        (Type::Array(declared), Type::Array(inferred)) => declared.layout == Layout::A && declared.dtype == inferred.dtype && declared.ndim == inferred.ndim,
        (Type::Tuple(declared, _), Type::Tuple(inferred, _)) => {
            declared.len() == inferred.len() && declared.iter().zip(inferred).all(|(declared, inferred)| fits_declared_result(declared, inferred))
        }
        _ => false,
    }
}
