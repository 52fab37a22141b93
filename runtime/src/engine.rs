//! The JIT: an MLIR `ExecutionEngine` at -O3 for the host CPU, and typed calls into it.

use crate::abi::{Argument, Number, PackedArguments, ResultLayout, Value};
use melior::ir::{operation::OperationLike, Module};
use mlir_sys::{mlirExecutionEngineCreate, mlirExecutionEngineDestroy, mlirExecutionEngineLookup, mlirExecutionEngineLookupPacked, mlirExecutionEngineRegisterSymbol, MlirExecutionEngine, MlirStringRef};
use rumba_frontend::{types::accepts, RaiseSite, SourceLocation, Type};
use std::{fmt, sync::Arc};

/// A Python exception raised inside compiled code.
#[derive(Clone, Debug, PartialEq)]
pub struct Exception {
    pub exception: String,
    /// The message argument, if the exception was constructed with one.
    pub message: Option<String>,
    pub location: SourceLocation,
}

impl fmt::Display for Exception {
    fn fmt(&self, formatter: &mut fmt::Formatter) -> fmt::Result {
        match &self.message {
            Some(message) => write!(formatter, "{}: {} (raised at {})", self.exception, message, self.location),
            None => write!(formatter, "{} (raised at {})", self.exception, self.location),
        }
    }
}

impl std::error::Error for Exception {}

/// One JIT-compiled MLIR module (LLVM dialect); shared by the functions compiled into it.
pub struct Engine {
    raw: MlirExecutionEngine,
}

// The engine is immutable once built; MLIR's ExecutionEngine may be invoked from any thread.
unsafe impl Send for Engine {}
unsafe impl Sync for Engine {}

impl Engine {
    /// JIT-compiles a module in the LLVM dialect at `optimization_level` (0..=3) for the host CPU,
    /// with LLVM's OpenMP runtime loaded for its parallel loops.
    pub fn new(module: &Module, optimization_level: usize) -> Result<Self, String> {
        let libomp = crate::threads::libomp_path();
        let libraries = [MlirStringRef { data: libomp.as_ptr(), length: libomp.count_bytes() }];
        let raw = unsafe {
            mlirExecutionEngineCreate(module.as_operation().to_raw_module(), optimization_level as i32, 1, libraries.as_ptr(), false, false)
        };
        if raw.ptr.is_null() {
            return Err("the JIT could not compile the module (LLVM translation failed)".into());
        }
        let runtime_functions = [
            ("rumba_stack_exhausted", crate::stack::rumba_stack_exhausted as *mut std::ffi::c_void),
            ("rumba_arena_mark", crate::arena::rumba_arena_mark as *mut std::ffi::c_void),
            ("rumba_arena_release", crate::arena::rumba_arena_release as *mut std::ffi::c_void),
            ("rumba_parallel_slots", crate::threads::rumba_parallel_slots as *mut std::ffi::c_void),
            ("rumba_set_num_threads", crate::threads::rumba_set_num_threads as *mut std::ffi::c_void),
            ("rumba_get_num_threads", crate::threads::rumba_get_num_threads as *mut std::ffi::c_void),
            ("rumba_get_thread_id", crate::threads::rumba_get_thread_id as *mut std::ffi::c_void),
            ("rumba_parallel_slot", crate::threads::rumba_parallel_slot as *mut std::ffi::c_void),
            ("rumba_can_allocate", crate::memory::rumba_can_allocate as *mut std::ffi::c_void),
            ("_mlir_memref_to_llvm_alloc", crate::memory::_mlir_memref_to_llvm_alloc as *mut std::ffi::c_void),
            ("_mlir_memref_to_llvm_free", crate::memory::_mlir_memref_to_llvm_free as *mut std::ffi::c_void),
            ("rumba_array_hold", crate::memory::rumba_array_hold as *mut std::ffi::c_void),
            ("rumba_complex_power_numpy", crate::complex::rumba_complex_power_numpy as *mut std::ffi::c_void),
            ("rumba_complex_power_python", crate::complex::rumba_complex_power_python as *mut std::ffi::c_void),
            ("rumba_array_retain", crate::memory::rumba_array_retain as *mut std::ffi::c_void),
            ("rumba_int_true_divide", crate::arithmetic::rumba_int_true_divide as *mut std::ffi::c_void),
            ("rumba_hash_int", crate::arithmetic::rumba_hash_int as *mut std::ffi::c_void),
            ("rumba_hash_float", crate::arithmetic::rumba_hash_float as *mut std::ffi::c_void),
            ("rumba_pairwise_sum_f64", crate::reductions::rumba_pairwise_sum_f64 as *mut std::ffi::c_void),
            ("rumba_pairwise_sum_f32", crate::reductions::rumba_pairwise_sum_f32 as *mut std::ffi::c_void),
            ("rumba_pairwise_sum_c64", crate::reductions::rumba_pairwise_sum_c64 as *mut std::ffi::c_void),
            ("rumba_pairwise_sum_c128", crate::reductions::rumba_pairwise_sum_c128 as *mut std::ffi::c_void),
        ];
        for (name, address) in crate::random::symbols().into_iter().chain(crate::text::symbols()).chain(crate::blas::symbols()).chain(crate::lapack::symbols()).chain(crate::lists::symbols()).chain(crate::strings::symbols()).chain(crate::dicts::symbols()).chain(crate::cuda::simulator::symbols()).chain(crate::generators::symbols()).chain(crate::objmode::symbols()).chain(runtime_functions) {
            let name = MlirStringRef { data: name.as_ptr().cast(), length: name.len() };
            unsafe { mlirExecutionEngineRegisterSymbol(raw, name, address) };
        }
        Ok(Self { raw })
    }

    /// The packed wrapper of `symbol`'s C interface (`llvm.emit_c_interface`): it takes an array of
    /// pointers to the arguments and the result.
    pub fn packed_entry(&self, symbol: &str) -> Result<PackedEntry, String> {
        let interface = format!("_mlir_ciface_{symbol}");
        let name = MlirStringRef { data: interface.as_ptr().cast(), length: interface.len() };
        let address = unsafe { mlirExecutionEngineLookupPacked(self.raw, name) };
        if address.is_null() {
            return Err(format!("no compiled function named '{symbol}'"));
        }
        // SAFETY: the engine makes every packed wrapper `void(void **)`.
        Ok(unsafe { std::mem::transmute::<*mut std::ffi::c_void, PackedEntry>(address) })
    }

    /// The address of function `symbol` as C calls it (a C interface of scalars is one).
    pub fn lookup(&self, symbol: &str) -> Result<usize, String> {
        let name = MlirStringRef { data: symbol.as_ptr().cast(), length: symbol.len() };
        let address = unsafe { mlirExecutionEngineLookup(self.raw, name) };
        match address.is_null() {
            true => Err(format!("no compiled function named '{symbol}'")),
            false => Ok(address as usize),
        }
    }
}

impl Drop for Engine {
    fn drop(&mut self) {
        unsafe { mlirExecutionEngineDestroy(self.raw) }
    }
}

/// The signature of a packed wrapper.
pub type PackedEntry = unsafe extern "C" fn(*mut *mut ());

/// Most scalar arguments [`CompiledFunction::call_numbers`] passes without allocating.
pub const INLINE_SCALARS: usize = 8;

trait ToRawModule {
    fn to_raw_module(&self) -> mlir_sys::MlirModule;
}

impl ToRawModule for melior::ir::OperationRef<'_, '_> {
    fn to_raw_module(&self) -> mlir_sys::MlirModule {
        unsafe { mlir_sys::mlirModuleFromOperation(self.to_raw()) }
    }
}

/// Why a call did not give a value.
#[derive(Debug)]
pub enum CallError {
    /// The compiled code raised a Python exception (boxed: a call's result should move cheaply).
    Raised(Box<Exception>),
    /// The arguments do not fit the compiled signature.
    Arguments(String),
}

impl fmt::Display for CallError {
    fn fmt(&self, formatter: &mut fmt::Formatter) -> fmt::Result {
        match self {
            CallError::Raised(exception) => write!(formatter, "{exception}"),
            CallError::Arguments(message) => write!(formatter, "{message}"),
        }
    }
}

impl std::error::Error for CallError {}

/// A compiled specialisation, callable from any thread.
#[derive(Clone)]
pub struct CompiledFunction {
    /// Keeps the code `entry` points into alive.
    _engine: Arc<Engine>,
    entry: PackedEntry,
    pub symbol: String,
    pub arguments: Vec<Type>,
    pub return_type: Type,
    result_layout: Arc<ResultLayout>,
    /// Whether the entry returns its status in a struct with values; a result of no values
    /// (None, a tuple of Nones) is the status alone.
    result_is_struct: bool,
    raise_sites: Arc<Vec<RaiseSite>>,
}

impl CompiledFunction {
    pub fn new(engine: Arc<Engine>, symbol: String, arguments: Vec<Type>, return_type: Type, raise_sites: Vec<RaiseSite>) -> Result<Self, String> {
        let entry = engine.packed_entry(&symbol)?;
        let result_layout = Arc::new(ResultLayout::new(&return_type));
        let result_is_struct = !return_type.flat_mlir().is_empty();
        Ok(Self { _engine: engine, entry, symbol, arguments, return_type, result_layout, result_is_struct, raise_sites: Arc::new(raise_sites) })
    }

    /// Calls the function; arrays are passed by reference and may be written in place.
    pub fn call(&self, arguments: &[Argument]) -> Result<Value, CallError> {
        self.call_reflecting(arguments).map(|(value, _)| value)
    }

    /// Calls the function, and gives back with its result the contents of each list and dict
    /// argument after the call, in order, for the caller to write back into its own (Numba's
    /// reflected lists). The lists and dicts the call made are freed before it returns.
    pub fn call_reflecting(&self, arguments: &[Argument]) -> Result<(Value, Vec<Value>), CallError> {
        self.check(arguments.iter().map(Argument::value_type))?;
        let _outermost = crate::memory::OutermostCall::enter(|memory| crate::abi::push_argument_memory(arguments, memory));
        let mark = crate::arena::mark();
        let mut packed = PackedArguments::default();
        let result = packed.pack(arguments).map_err(CallError::Arguments).and_then(|()| self.invoke(&mut packed, arguments));
        let mut containers = Vec::new();
        crate::abi::container_arguments(arguments, &mut containers);
        // SAFETY: the handles are the lists and dicts `pack` made for this call, alive until the release.
        let reflected = match result {
            Ok(_) => packed.container_handles.iter().zip(&containers).map(|(&handle, container)| unsafe { crate::abi::container_value(handle, container, arguments) }).collect(),
            Err(_) => Vec::new(),
        };
        crate::arena::release(mark);
        result.map(|value| (value, reflected))
    }

    /// A generator running this function, a generator's body yielding values of `yield_type`
    /// (`generators.rs`): nothing runs before its first `next`.
    pub fn generator(&self, arguments: &[Argument], yield_type: Type) -> Result<crate::generators::Generator<CallError>, CallError> {
        self.check(arguments.iter().map(Argument::value_type))?;
        let function = self.clone();
        let body_arguments = arguments.to_vec();
        let run = move || {
            let mut packed = PackedArguments::default();
            packed.pack(&body_arguments).map_err(CallError::Arguments)?;
            function.invoke(&mut packed, &body_arguments).map(drop)
        };
        crate::generators::Generator::new(run, yield_type, arguments.to_vec()).map_err(CallError::Arguments)
    }

    /// Calls a function that takes scalars only, without the general arguments' bookkeeping: the
    /// cheapest call there is, for functions called millions of times. Up to
    /// [`INLINE_SCALARS`] arguments and a scalar (or no) result, the slots, the pointers and the
    /// result struct are fixed arrays on the stack.
    pub fn call_numbers(&self, numbers: &[Number]) -> Result<Value, CallError> {
        self.check(numbers.iter().map(|number| Type::Scalar(number.scalar())))?;
        let mark = crate::arena::mark();
        let result = self.call_numbers_inline(numbers);
        crate::arena::release(mark);
        result
    }

    fn call_numbers_inline(&self, numbers: &[Number]) -> Result<Value, CallError> {
        let result_scalar = match self.return_type {
            Type::Scalar(scalar) => Some(scalar),
            Type::None => None,
            _ => return self.call_numbers_packed(numbers),
        };
        if numbers.len() > INLINE_SCALARS {
            return self.call_numbers_packed(numbers);
        }
        let mut slots = [[0u64; 2]; INLINE_SCALARS];
        for (slot, number) in slots.iter_mut().zip(numbers) {
            *slot = number.slot();
        }
        // `{i32 status, scalar}`: 24 bytes at most (a complex result).
        let mut result = [0u64; 3];
        let mut result_struct = result.as_mut_ptr();
        let mut pointers = [std::ptr::null_mut::<()>(); INLINE_SCALARS + 1];
        let first_argument = usize::from(result_scalar.is_some());
        for (pointer, slot) in pointers[first_argument..].iter_mut().zip(&mut slots[..numbers.len()]) {
            *pointer = slot.as_mut_ptr().cast();
        }
        if result_scalar.is_some() {
            pointers[0] = (&raw mut result_struct).cast();
        } else {
            pointers[numbers.len()] = result_struct.cast();
        }
        // SAFETY: the pointers follow `PackedArguments::pointers`' layout for scalar arguments,
        // checked against the signature above, and `result` holds the two-field result struct.
        unsafe { (self.entry)(pointers.as_mut_ptr()) };
        // SAFETY: the status is the struct's first field.
        let status = unsafe { result.as_ptr().cast::<i32>().read() };
        if status != 0 {
            return Err(self.raised(status));
        }
        Ok(match (result_scalar, self.result_layout.first_offset()) {
            // SAFETY: the scalar lies at its offset in the struct the call wrote.
            (Some(scalar), Some(offset)) => Value::Number(unsafe { Number::read(scalar, result.as_ptr().cast::<u8>().add(offset)) }),
            _ => Value::None,
        })
    }

    fn call_numbers_packed(&self, numbers: &[Number]) -> Result<Value, CallError> {
        let mut packed = PackedArguments::default();
        packed.pack_numbers(numbers);
        self.invoke(&mut packed, &[])
    }

    /// The exception compiled code raised at the site `status` numbers.
    fn raised(&self, status: i32) -> CallError {
        let site = self.raise_sites.get(status as usize - 1).cloned().unwrap_or_else(|| RaiseSite {
            exception: "SystemError".into(),
            message: Some(format!("compiled code returned the unknown status {status}")),
            formatted: false,
            location: SourceLocation { file: String::new(), line: 0, column: 0 },
        });
        let message = if site.formatted { crate::text::take_message(status).or(site.message) } else { site.message };
        CallError::Raised(Box::new(Exception { exception: site.exception, message, location: site.location }))
    }

    fn check(&self, given: impl ExactSizeIterator<Item = Type>) -> Result<(), CallError> {
        if given.len() != self.arguments.len() {
            return Err(CallError::Arguments(format!("expected {} argument(s), got {}", self.arguments.len(), given.len())));
        }
        for (position, (declared, given)) in self.arguments.iter().zip(given).enumerate() {
            if !accepts(declared, &given) {
                return Err(CallError::Arguments(format!("argument {position} is {given}, the compiled signature takes {declared}")));
            }
        }
        Ok(())
    }

    /// Runs the compiled code on `packed` and reads its result; `arguments` are the arrays passed,
    /// which a returned array may be a view of.
    fn invoke(&self, packed: &mut PackedArguments, arguments: &[Argument]) -> Result<Value, CallError> {
        let layout = &self.result_layout;
        let mut buffer: smallvec::SmallVec<[u64; 16]> = smallvec::smallvec![0u64; layout.size.div_ceil(8).max(1)];
        let result_is_struct = self.result_is_struct;
        let mut result_slot = std::ptr::null_mut();
        let mut pointers = smallvec::SmallVec::new();
        packed.pointers(buffer.as_mut_ptr().cast(), result_is_struct, &mut result_slot, &mut pointers);
        // SAFETY: the pointers match the entry's signature: `PackedArguments` lays them out from the
        // argument types checked above, and the buffer has the result struct's size.
        unsafe { (self.entry)(pointers.as_mut_ptr()) };
        let bytes = unsafe { std::slice::from_raw_parts(buffer.as_ptr().cast::<u8>(), layout.size.max(4)) };
        let status = i32::from_ne_bytes([bytes[0], bytes[1], bytes[2], bytes[3]]);
        if status != 0 {
            return Err(self.raised(status));
        }
        Ok(unsafe { layout.read(&self.return_type, bytes, arguments) })
    }
}
