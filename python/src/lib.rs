//! `rumba._rumba`: the Python extension. It holds no compiler logic: it hands source text, argument
//! types and signatures to rumba's Rust API, converts arguments (NumPy arrays by pointer, no copy)
//! and results (arrays made by compiled code become NumPy arrays that own their memory), and maps
//! errors to Python exceptions.

mod cuda;

use numpy::{
    npyffi::{self, NpyTypes, PY_ARRAY_API},
    Element as NumpyElement, PyArrayDescr, PyArrayDescrMethods, PyUntypedArray, PyUntypedArrayMethods,
};
use pyo3::{
    exceptions::PyTypeError,
    prelude::*,
    types::{PyBool, PyCapsule, PyComplex, PyFloat, PyList, PyTuple},
};
use rumba::{Argument, ArrayArgument, CallError, DiagnosticKind, Error, Number, OwnedArray, Scalar, Type, Value};
use smallvec::{smallvec, SmallVec};
use std::{
    ffi::CString,
    sync::{Mutex, RwLock},
};

/// A parsed module. MLIR contexts are not thread-safe, so every compilation holds the lock; they are
/// not bound to a thread either, which is what makes the module `Send`.
struct LockedModule(rumba::Module);

// SAFETY: the module is only reached through the `Mutex` in `Compiler`, one thread at a time.
unsafe impl Send for LockedModule {}

fn error_class<'py>(py: Python<'py>, name: &str) -> PyResult<Bound<'py, PyAny>> {
    py.import("rumba.errors")?.getattr(name)
}

fn compile_error(py: Python<'_>, error: Error) -> PyErr {
    if let Error::Diagnostics(diagnostics) = &error {
        if let Some(missing) = diagnostics.first().and_then(|diagnostic| diagnostic.missing_implementation.as_ref()) {
            // Not an error for the user: the dispatcher gives the implementation and compiles again.
            return match error_class(py, "MissingImplementation").and_then(|class| class.call1((missing.key.clone(), missing.arguments.clone(), diagnostics.to_string()))) {
                Ok(instance) => PyErr::from_value(instance),
                Err(error) => error,
            };
        }
    }
    let (class, message) = match &error {
        Error::Diagnostics(diagnostics) => {
            let class = match diagnostics.first().map(|diagnostic| diagnostic.kind) {
                Some(DiagnosticKind::Unsupported) => "UnsupportedError",
                _ => "TypingError",
            };
            (class, diagnostics.to_string())
        }
        Error::Internal(message) => ("InternalError", message.clone()),
    };
    match error_class(py, class).and_then(|class| class.call1((message,))) {
        Ok(instance) => PyErr::from_value(instance),
        Err(error) => error,
    }
}

fn parse_types(types: &[String]) -> PyResult<Vec<Type>> {
    types.iter().map(|text| rumba::parse_type(text).map_err(PyTypeError::new_err)).collect()
}

/// A module's source, whose functions compile on demand.
#[pyclass(frozen, module = "rumba._rumba")]
struct Compiler {
    module: Mutex<LockedModule>,
    /// The number that marks the objmode blocks it compiles as its own (`OBJMODE_GLOBALS`).
    owner: usize,
}

impl Compiler {
    fn with_module<T: Send>(&self, py: Python<'_>, work: impl FnOnce(&rumba::Module) -> Result<T, Error> + Send) -> PyResult<T> {
        py.detach(|| {
            let module = self.module.lock().unwrap_or_else(|poisoned| poisoned.into_inner());
            rumba::objmode::with_owner(self.owner, || work(&module.0))
        })
        .map_err(|error| compile_error(py, error))
    }

    /// Compiles the members of the jitclasses among `types` with the module.
    fn include_classes(&self, py: Python<'_>, types: &[Type]) -> PyResult<()> {
        let mut module = self.module.lock().unwrap_or_else(|poisoned| poisoned.into_inner());
        module.0.include_classes(types).map_err(|error| compile_error(py, error))
    }
}

/// One binding of a compiler's environment, from its Python description.
fn binding_of(description: &Bound<'_, PyTuple>) -> PyResult<rumba::Binding> {
    let kind: String = description.get_item(0)?.extract()?;
    Ok(match kind.as_str() {
        "module" => rumba::Binding::Module(description.get_item(1)?.extract()?),
        "member" => rumba::Binding::Member(description.get_item(1)?.extract()?, description.get_item(2)?.extract()?),
        "constant" => {
            let value = description.get_item(1)?;
            rumba::Binding::Constant(if value.is_instance_of::<pyo3::types::PyBool>() {
                rumba::Constant::Bool(value.extract()?)
            } else if value.is_instance_of::<pyo3::types::PyInt>() {
                rumba::Constant::Int(value.extract()?)
            } else if value.is_instance_of::<pyo3::types::PyFloat>() {
                rumba::Constant::Float(value.extract()?)
            } else {
                use pyo3::types::PyComplexMethods;
                let complex = value.cast::<pyo3::types::PyComplex>()?;
                rumba::Constant::Complex(complex.real(), complex.imag())
            })
        }
        "scalar" => {
            let dtype: String = description.get_item(1)?.extract()?;
            let scalar = Scalar::from_name(&dtype).ok_or_else(|| PyTypeError::new_err(format!("compiled code cannot hold a NumPy {dtype}")))?;
            let value = description.get_item(2)?;
            rumba::Binding::Scalar(scalar, if value.is_instance_of::<pyo3::types::PyBool>() {
                rumba::Constant::Bool(value.extract()?)
            } else if value.is_instance_of::<pyo3::types::PyInt>() {
                rumba::Constant::Int(value.extract()?)
            } else {
                rumba::Constant::Float(value.extract()?)
            })
        }
        "string" => rumba::Binding::Known(rumba::Type::Str(description.get_item(1)?.extract()?)),
        "none" => rumba::Binding::Known(rumba::Type::None),
        "tuple" => {
            let elements = description.get_item(1)?.extract::<Vec<Bound<'_, PyTuple>>>()?.iter().map(binding_of).collect::<PyResult<_>>()?;
            let class = match description.len() {
                3 => Some(tuple_class(&description.get_item(2)?).ok_or_else(|| PyTypeError::new_err("a namedtuple value's binding takes its namedtuple class"))?),
                _ => None,
            };
            rumba::Binding::Tuple(elements, class)
        }
        "enum" => rumba::Binding::Tuple(vec![binding_of(&description.get_item(2)?.cast_into()?)?], Some(enum_class(&description.get_item(1)?)?)),
        "array" => {
            let dtype: String = description.get_item(1)?.extract()?;
            let dtype = Scalar::from_name(&dtype).ok_or_else(|| PyTypeError::new_err(format!("compiled code cannot hold arrays of {dtype}")))?;
            rumba::Binding::Array(std::sync::Arc::new(rumba::ConstantArray {
                dtype,
                shape: description.get_item(2)?.extract()?,
                bytes: description.get_item(3)?.extract()?,
            }))
        }
        "function" => rumba::Binding::Function(std::sync::Arc::new(rumba::FunctionSource {
            module: description.get_item(1)?.extract()?,
            name: description.get_item(2)?.extract()?,
            source: description.get_item(3)?.extract()?,
            file_name: description.get_item(4)?.extract()?,
            environment: environment_of(description.get_item(5)?.extract()?)?,
        })),
        "refused" => rumba::Binding::Refused(description.get_item(1)?.extract()?),
        "overload" => rumba::Binding::Overload(description.get_item(1)?.extract()?),
        "namespace" => rumba::Binding::Namespace(environment_of(description.get_item(1)?.extract()?)?),
        "exception" => rumba::Binding::Exception(description.get_item(1)?.extract()?),
        "declared" => rumba::Binding::Declared(description.get_item(1)?.extract()?),
        "locals" => rumba::Binding::Locals(description.get_item(1)?.extract()?),
        "defaults" => rumba::Binding::Defaults(environment_of(description.get_item(1)?.extract()?)?),
        "typevalue" => rumba::Binding::TypeValue(description.get_item(1)?.extract()?),
        "vectorized" => rumba::Binding::Vectorized(description.get_item(1)?.extract()?),
        "namedtuple" => rumba::Binding::TupleClass(tuple_class(&description.get_item(1)?).ok_or_else(|| PyTypeError::new_err("a namedtuple binding takes a namedtuple class"))?),
        "jitclass" => match rumba::parse_type(&description.get_item(1)?.extract::<String>()?).map_err(PyTypeError::new_err)? {
            Type::Instance(class) => rumba::Binding::Class(class),
            other => return Err(PyTypeError::new_err(format!("a jitclass binding takes an instance type, not {other}"))),
        },
        other => return Err(PyTypeError::new_err(format!("unknown environment binding '{other}'"))),
    })
}

/// The namedtuple classes compiled code has met (bound by value, or as an argument's class), by
/// their qualified names: a result of one's type becomes an instance of it.
static TUPLE_CLASSES: Mutex<Vec<(String, Py<PyAny>)>> = Mutex::new(Vec::new());

/// `class` as compiled code types its instances, if it is a namedtuple class (a subclass of tuple
/// with `_fields`); remembered, the latest of a qualified name winning, to make results of it.
fn tuple_class(class: &Bound<'_, PyAny>) -> Option<std::sync::Arc<rumba::types::TupleClass>> {
    if !class.cast::<pyo3::types::PyType>().ok()?.is_subclass_of::<PyTuple>().ok()? {
        return None;
    }
    let fields: Vec<String> = class.getattr("_fields").ok()?.extract().ok()?;
    Some(rumba::types::TupleClass::named(remember_tuple_class(class).ok()?, fields))
}

/// `class`, an `enum.Enum` subclass, as compiled code types its members; remembered as
/// `tuple_class` remembers namedtuple classes.
fn enum_class(class: &Bound<'_, PyAny>) -> PyResult<std::sync::Arc<rumba::types::TupleClass>> {
    Ok(rumba::types::TupleClass::enumeration(remember_tuple_class(class)?))
}

/// Records `class` under its qualified name (the latest of a name winning), which it returns.
fn remember_tuple_class(class: &Bound<'_, PyAny>) -> PyResult<String> {
    let module: String = class.getattr("__module__")?.extract()?;
    let qualified: String = class.getattr("__qualname__")?.extract()?;
    let name = format!("{module}.{qualified}");
    let mut classes = TUPLE_CLASSES.lock().unwrap_or_else(|poisoned| poisoned.into_inner());
    match classes.iter_mut().find(|(known, _)| *known == name) {
        Some(entry) => entry.1 = class.clone().unbind(),
        None => classes.push((name.clone(), class.clone().unbind())),
    }
    Ok(name)
}

/// Whether `value` is a member of an `enum.Enum` class.
fn is_enum_member(value: &Bound<'_, PyAny>) -> bool {
    value.py().import("enum").and_then(|module| module.getattr("Enum")).is_ok_and(|enum_type| value.is_instance(&enum_type).unwrap_or(false))
}

/// An instance of the namedtuple class `class` of `elements` (of an enum class, its member of that value).
fn tuple_instance(py: Python<'_>, class: &rumba::types::TupleClass, elements: Vec<Py<PyAny>>) -> PyResult<Py<PyAny>> {
    let classes = TUPLE_CLASSES.lock().unwrap_or_else(|poisoned| poisoned.into_inner());
    let found = classes.iter().find(|(known, _)| *known == class.name).map(|(_, found)| found.clone_ref(py));
    drop(classes);
    let found = found.ok_or_else(|| PyTypeError::new_err(format!("the namedtuple class {} has not been seen by this process", class.name)))?;
    Ok(found.bind(py).call1(PyTuple::new(py, elements)?)?.unbind())
}

/// The `@jitclass` classes of this process, by their numbers (`rumba::classes`): a
/// result of one's instance type becomes an instance of it.
static JIT_CLASSES: Mutex<Vec<Py<PyAny>>> = Mutex::new(Vec::new());

/// Registers `class` (the Python class `rumba.experimental.jitclass` made) as a jitclass of
/// qualified name `name` with `fields` (names and types in rumba's notation); returns its
/// instances' type.
#[pyfunction]
fn register_class(class: Bound<'_, PyAny>, name: &str, fields: Vec<(String, String)>) -> PyResult<String> {
    let fields = fields
        .into_iter()
        .map(|(field, text)| Ok((field.clone(), rumba::parse_type(&text).map_err(|error| PyTypeError::new_err(format!("field '{field}' of jitclass {name}: {error}")))?)))
        .collect::<PyResult<Vec<_>>>()?;
    let mut classes = JIT_CLASSES.lock().unwrap_or_else(|poisoned| poisoned.into_inner());
    let registered = rumba::classes::register_class(name, fields).map_err(PyTypeError::new_err)?;
    debug_assert_eq!(registered.id, classes.len());
    classes.push(class.unbind());
    Ok(Type::Instance(registered).to_string())
}

/// Gives the jitclass whose instances have type `instance_type` its members: `(name, kind,
/// description)`, kind `method`, `getter`, `setter` or `static`, described as an environment's
/// `("function", ...)` is.
#[pyfunction]
fn define_class_members(instance_type: &str, members: Vec<(String, String, Bound<'_, PyTuple>)>) -> PyResult<()> {
    let Ok(Type::Instance(class)) = rumba::parse_type(instance_type) else {
        return Err(PyTypeError::new_err(format!("'{instance_type}' is not a jitclass instance type")));
    };
    let mut defined = Vec::new();
    for (name, kind, description) in members {
        let kind = match kind.as_str() {
            "method" => rumba::classes::MemberKind::Method,
            "getter" => rumba::classes::MemberKind::Getter,
            "setter" => rumba::classes::MemberKind::Setter,
            "static" => rumba::classes::MemberKind::Static,
            other => return Err(PyTypeError::new_err(format!("unknown jitclass member kind '{other}'"))),
        };
        let rumba::Binding::Function(source) = binding_of(&description)? else {
            return Err(PyTypeError::new_err(format!("member '{name}' is not described as ('function', ...)")));
        };
        defined.push(rumba::classes::ClassMember { name, kind, source });
    }
    rumba::classes::define_members(class.id, defined).map_err(PyTypeError::new_err)
}

/// A jitclass instance as compiled code takes it: a list holding the tuple of its fields (an
/// instance field left None, an empty list).
fn instance_argument(value: &Bound<'_, PyAny>, class: &rumba::types::ClassType, position: usize) -> PyResult<Argument> {
    let fields = class.fields.iter().map(|(field, field_type)| convert_argument(&value.getattr(field.as_str())?, field_type, position)).collect::<PyResult<_>>()?;
    Ok(Argument::List(class.tuple(), vec![Argument::Tuple(fields)]))
}

/// The values of an instance's fields that compiled code left in `contents` (a list holding the
/// tuple of them), as Python objects; none for an instance that was never made (None).
fn instance_fields(py: Python<'_>, contents: Value, class: &rumba::types::ClassType, args: &Bound<'_, PyTuple>) -> PyResult<Option<Vec<Py<PyAny>>>> {
    let Value::List(mut element) = contents else { unreachable!("an instance is a list") };
    let Some(Value::Tuple(values)) = element.pop() else { return Ok(None) };
    let fields = values.into_iter().zip(&class.fields).map(|(value, (_, field_type))| value_to_python(py, value, field_type, args)).collect::<PyResult<Vec<_>>>()?;
    Ok(Some(fields))
}

/// Sets the fields of the Python instance `instance` to `fields`.
fn set_fields(instance: &Bound<'_, PyAny>, class: &rumba::types::ClassType, fields: Vec<Py<PyAny>>) -> PyResult<()> {
    class.fields.iter().zip(fields).try_for_each(|((name, _), value)| instance.setattr(name.as_str(), value))
}

fn environment_of(descriptions: Vec<(String, Bound<'_, PyTuple>)>) -> PyResult<Vec<(String, rumba::Binding)>> {
    descriptions.into_iter().map(|(name, value)| Ok((name, binding_of(&value)?))).collect()
}

#[pymethods]
impl Compiler {
    /// `environment` binds names by value: `(name, ("module", "numpy"))`, `(name, ("member",
    /// "math", "sqrt"))`, `(name, ("constant", number))`, `(name, ("string", text))`, `(name, ("none",))`, `(name, ("tuple", [description, ...]))`, `(name, ("array", dtype, shape,
    /// bytes))`, `(name, ("function", module, name, source, file_name, environment))` or
    /// `(name, ("namespace", environment))` (a module, by the members the code reads), `(name,
    /// ("namedtuple", class))` or
    /// `(name, ("refused", why))` (a value compiled code cannot use).
    #[new]
    /// `eqsat` false leaves out equality saturation; `eqsat_limits` overrides some of its limits
    /// (`nodes`, `iterations`, `milliseconds`). `pipeline` lists `(stage, textual
    /// pipeline)` to run after stages.
    /// `objmode_globals` are the names objmode blocks see (the function's globals and closure).
    #[pyo3(signature = (source, file_name, optimization_level = 3, fastmath = Vec::new(), parallel = false, environment = Vec::new(), boundscheck = false, eqsat = true, eqsat_limits = None, pipeline = Vec::new(), objmode_globals = None))]
    #[allow(clippy::too_many_arguments)]
    fn new(
        py: Python<'_>,
        source: &str,
        file_name: &str,
        optimization_level: usize,
        fastmath: Vec<String>,
        parallel: bool,
        environment: Vec<(String, Bound<'_, PyTuple>)>,
        boundscheck: bool,
        eqsat: bool,
        eqsat_limits: Option<std::collections::HashMap<String, u64>>,
        pipeline: Vec<(String, String)>,
        objmode_globals: Option<Bound<'_, pyo3::types::PyDict>>,
    ) -> PyResult<Self> {
        let environment = environment_of(environment)?;
        let mut limits = rumba::EqsatLimits::default();
        for (name, value) in eqsat_limits.unwrap_or_default() {
            match name.as_str() {
                "nodes" => limits.nodes = value as usize,
                "iterations" => limits.iterations = value as usize,
                "milliseconds" => limits.time = std::time::Duration::from_millis(value),
                _ => return Err(PyTypeError::new_err(format!("unknown eqsat limit '{name}' (limits are nodes, iterations, milliseconds)"))),
            }
        }
        let eqsat = eqsat.then_some(limits);
        let extra_passes = pipeline.into_iter().map(|(stage, text)| (stage, rumba::ExtraPass::Pipeline(text))).collect();
        let options = rumba::Options { file_name: file_name.to_string(), optimization_level, fastmath, parallel, boundscheck, environment, eqsat, extra_passes };
        let module = rumba::compile_module(source, &options).map_err(|diagnostics| compile_error(py, Error::Diagnostics(diagnostics)))?;
        let mut globals = OBJMODE_GLOBALS.lock().unwrap_or_else(|poisoned| poisoned.into_inner());
        globals.push((file_name.to_string(), objmode_globals.map(Bound::unbind)));
        Ok(Self { module: Mutex::new(LockedModule(module)), owner: globals.len() - 1 })
    }

    /// Binds more names by value, described as the constructor's `environment` is.
    fn bind(&self, py: Python<'_>, environment: Vec<(String, Bound<'_, PyTuple>)>) -> PyResult<()> {
        let environment = environment_of(environment)?;
        let mut module = self.module.lock().unwrap_or_else(|poisoned| poisoned.into_inner());
        module.0.bind(&environment).map_err(|error| compile_error(py, error))
    }

    /// Gives the overload `key` its implementation for argument types `types`, described as an
    /// environment's `("function", ...)` is: what a `MissingImplementation` error asked for.
    fn implement(&self, py: Python<'_>, key: &str, types: Vec<String>, implementation: Bound<'_, PyTuple>) -> PyResult<()> {
        let types = parse_types(&types)?;
        let rumba::Binding::Function(implementation) = binding_of(&implementation)? else {
            return Err(PyTypeError::new_err("an implementation is described as ('function', ...)"));
        };
        let mut module = self.module.lock().unwrap_or_else(|poisoned| poisoned.into_inner());
        module.0.implement(key, types, &implementation).map_err(|error| compile_error(py, error))
    }

    /// Compiles `name` for argument types in Numba's notation (`"int64"`, `"float32[::1]"`).
    fn compile(&self, py: Python<'_>, name: &str, types: Vec<String>) -> PyResult<Function> {
        let types = parse_types(&types)?;
        self.include_classes(py, &types)?;
        let inner = self.with_module(py, |module| module.function(name, &types))?;
        Ok(Function::new(inner))
    }

    /// Whether `name` is decorated with `@stencil` in the source: compiling it applies the kernel
    /// to whole arrays.
    fn is_stencil(&self, py: Python<'_>, name: &str) -> PyResult<bool> {
        self.with_module(py, |module| Ok(rumba::is_stencil(module.source(), name)))
    }

    /// Compiles `name` for a signature in Numba's notation (`"f8(i4, i4)"`, `"void(f4[:])"`).
    fn compile_signature(&self, py: Python<'_>, name: &str, signature: &str) -> PyResult<Function> {
        let inner = self.with_module(py, |module| module.function_with_signature(name, signature))?;
        Ok(Function::new(inner))
    }

    /// Compiles `name` for a signature in Numba's notation as a function C can call (`@cfunc`).
    fn compile_c_function(&self, py: Python<'_>, name: &str, signature: &str) -> PyResult<CFunction> {
        Ok(CFunction { inner: self.with_module(py, |module| module.c_function(name, signature))? })
    }

    /// The IR of `name` for `types` after `stage` (`py`, `std`, ..., `llvm`, `asm`).
    fn emit(&self, py: Python<'_>, name: &str, types: Vec<String>, stage: &str) -> PyResult<String> {
        let types = parse_types(&types)?;
        self.include_classes(py, &types)?;
        self.with_module(py, |module| module.emit(name, &types, stage))
    }

    /// Compiles CUDA kernel `name` for the simulator.
    fn compile_kernel(&self, py: Python<'_>, name: &str, types: Vec<String>) -> PyResult<()> {
        let types = parse_types(&types)?;
        self.with_module(py, |module| module.simulated_kernel(name, &types)).map(drop)
    }

    /// Runs CUDA kernel `name` in the simulator on `grid` blocks of `block` threads, with
    /// `shared_bytes` of dynamic shared memory each.
    #[allow(clippy::too_many_arguments)]
    fn launch_simulated(&self, py: Python<'_>, name: &str, types: Vec<String>, grid: [u32; 3], block: [u32; 3], shared_bytes: usize, args: &Bound<'_, PyTuple>) -> PyResult<()> {
        let types = parse_types(&types)?;
        let kernel = self.with_module(py, |module| module.simulated_kernel(name, &types))?;
        if args.len() != types.len() {
            return Err(PyTypeError::new_err(format!("{name}[...]() takes {} argument(s), got {}", types.len(), args.len())));
        }
        let arguments = args.iter().zip(&types).enumerate().map(|(position, (value, declared))| convert_argument(&value, declared, position)).collect::<PyResult<Vec<_>>>()?;
        cuda::launch_simulated(py, kernel, grid, block, shared_bytes, arguments)
    }

    /// CUDA kernel `name` as PTX for `chip`, linked with `libdevice` (a path, or empty for none):
    /// its entry and the PTX text.
    fn kernel_ptx(&self, py: Python<'_>, name: &str, types: Vec<String>, chip: &str, libdevice: &str) -> PyResult<(String, String)> {
        let types = parse_types(&types)?;
        let libraries: Vec<String> = if libdevice.is_empty() { Vec::new() } else { vec![libdevice.to_string()] };
        let kernel = self.with_module(py, |module| module.ptx_kernel(name, &types, chip, &libraries))?;
        Ok((kernel.entry, kernel.ptx))
    }

    /// The IR of CUDA kernel `name` after `stage` of the GPU target.
    fn emit_kernel(&self, py: Python<'_>, name: &str, types: Vec<String>, stage: &str, chip: &str) -> PyResult<String> {
        let types = parse_types(&types)?;
        self.with_module(py, |module| module.emit_kernel(name, &types, stage, chip, &[]))
    }
}

/// The arguments of one call; they point into NumPy arrays the caller keeps alive across the call.
struct CallArguments(SmallVec<[Argument; 4]>);

// SAFETY: the pointers stay valid while the GIL is released: the caller's frame holds the arrays.
unsafe impl Send for CallArguments {}

/// A compiled function C can call; its code lives as long as this object.
#[pyclass(frozen, module = "rumba._rumba")]
struct CFunction {
    inner: rumba::CFunction,
}

#[pymethods]
impl CFunction {
    /// The function's address, for C callers (and `ctypes`).
    #[getter]
    fn address(&self) -> usize {
        self.inner.address
    }

    /// The names of the result's and the arguments' types (`"none"` for no result).
    #[getter]
    fn c_types(&self) -> (String, Vec<String>) {
        let signature = &self.inner.signature;
        let result = signature.return_type.as_ref().map_or_else(|| "none".to_string(), ToString::to_string);
        (result, signature.arguments.iter().map(ToString::to_string).collect())
    }
}

/// One compiled specialisation.
#[pyclass(frozen, module = "rumba._rumba")]
struct Function {
    inner: rumba::CompiledFunction,
    /// The argument types when all are scalars: such calls take `call_numbers`.
    scalar_arguments: Option<SmallVec<[Scalar; 4]>>,
}

fn scalar_of_descr(descr: &Bound<'_, PyArrayDescr>) -> Option<Scalar> {
    let bits = (descr.itemsize() * 8) as u8;
    match descr.kind() {
        b'b' => Some(Scalar::Bool),
        b'i' => Some(Scalar::Int { bits, signed: true }),
        b'u' => Some(Scalar::Int { bits, signed: false }),
        b'f' if bits == 32 || bits == 64 => Some(Scalar::Float { bits }),
        b'c' if bits == 64 || bits == 128 => Some(Scalar::Complex { bits }),
        _ => None,
    }
}

/// A scalar argument as the declared type, converting as Numba does (an int for a float parameter,
/// not a float for an int one).
fn convert_number(value: &Bound<'_, PyAny>, scalar: Scalar, position: usize) -> PyResult<Number> {
    let mismatch = || PyTypeError::new_err(format!("argument {position}: expected {}, got {}", Type::Scalar(scalar), value.get_type()));
    // An int that does not fit is Python's OverflowError, anything else a type mismatch.
    let out_of_range = || match value.is_instance_of::<pyo3::types::PyInt>() {
        true => pyo3::exceptions::PyOverflowError::new_err(format!("argument {position}: int {value} does not fit {}", Type::Scalar(scalar))),
        false => mismatch(),
    };
    let python_number = value.is_exact_instance_of::<PyFloat>() || value.is_exact_instance_of::<pyo3::types::PyInt>();
    if !python_number && numpy_scalar(value) == Some(scalar) {
        return Ok(numpy_number(value, scalar));
    }
    match scalar {
        Scalar::Bool => Ok(Number::Bool(value.is_truthy()?)),
        Scalar::Int { signed: false, bits: 64 } if !value.is_instance_of::<PyBool>() => {
            let number = value.extract::<u64>().map_err(|_| out_of_range())?;
            Ok(rumba::convert_number(Number::U64(number), scalar))
        }
        Scalar::Int { .. } => {
            // A float given where a signature declares an integer is truncated, as Numba converts it.
            if value.is_instance_of::<PyFloat>() {
                return Ok(rumba::convert_number(Number::F64(value.extract::<f64>()?), scalar));
            }
            let number = value.extract::<i64>().map_err(|_| out_of_range())?;
            Ok(rumba::convert_number(Number::I64(number), scalar))
        }
        Scalar::Float { .. } => {
            let number = value.extract::<f64>().map_err(|_| mismatch())?;
            Ok(rumba::convert_number(Number::F64(number), scalar))
        }
        Scalar::Complex { .. } => {
            if let Ok(complex) = value.cast::<PyComplex>() {
                return Ok(rumba::convert_number(Number::Complex(complex.real(), complex.imag()), scalar));
            }
            let number = value.extract::<f64>().map_err(|_| mismatch())?;
            Ok(rumba::convert_number(Number::Complex(number, 0.0), scalar))
        }
    }
}

fn convert_argument(value: &Bound<'_, PyAny>, declared: &Type, position: usize) -> PyResult<Argument> {
    let mismatch = || PyTypeError::new_err(format!("argument {position}: expected {declared}, got {}", value.get_type()));
    match declared {
        Type::Scalar(scalar) => Ok(Argument::from(convert_number(value, *scalar, position)?)),
        Type::Array(_) => {
            let array = value.cast::<PyUntypedArray>().map_err(|_| mismatch())?;
            let dtype = scalar_of_descr(&array.dtype()).ok_or_else(mismatch)?;
            let data = unsafe { (*array.as_array_ptr()).data }.cast::<u8>();
            Ok(Argument::Array(ArrayArgument {
                data,
                dtype,
                shape: array.shape().iter().map(|&extent| extent as i64).collect(),
                byte_strides: array.strides().iter().map(|&stride| stride as i64).collect(),
            }))
        }
        Type::Unicode => Ok(Argument::Str(value.cast_exact::<pyo3::types::PyString>().map_err(|_| mismatch())?.to_str()?.to_string())),
        Type::Str(expected) if value.cast_exact::<pyo3::types::PyString>().is_ok_and(|string| string.to_str().is_ok_and(|text| text == expected)) => Ok(Argument::Known(declared.clone())),
        // Which function was passed is checked where the call was dispatched (in Python).
        Type::Function(_) if value.is_callable() => Ok(Argument::Known(declared.clone())),
        Type::DType(scalar) if dtype_of(value) == Some(*scalar) => Ok(Argument::Known(declared.clone())),
        // An optional number: its flag, then the number (zero where it is None).
        Type::Optional(held) => match &**held {
            Type::Scalar(scalar) => {
                let (present, number) = if value.is_none() { (false, 0i64.into_pyobject(value.py())?.into_any()) } else { (true, value.clone()) };
                Ok(Argument::Tuple(vec![Argument::from(Number::Bool(present)), Argument::from(convert_number(&number, *scalar, position)?)]))
            }
            _ => Err(PyTypeError::new_err(format!("argument {position}: passing {declared} is not supported yet (optional numbers are)"))),
        },
        Type::None if value.is_none() => Ok(Argument::None),
        Type::None => Err(mismatch()),
        Type::Tuple(element_types, Some(class)) if class.kind == rumba::types::TupleKind::Enum => {
            if !is_enum_member(value) || remember_tuple_class(&value.get_type())? != class.name {
                return Err(mismatch());
            }
            Ok(Argument::Tuple(vec![convert_argument(&value.getattr("value")?, &element_types[0], position)?]))
        }
        Type::Tuple(element_types, _) => {
            let tuple = value.cast::<PyTuple>().map_err(|_| mismatch())?;
            if tuple.len() != element_types.len() {
                return Err(mismatch());
            }
            Ok(Argument::Tuple(tuple.iter().zip(element_types).map(|(element, element_type)| convert_argument(&element, element_type, position)).collect::<PyResult<_>>()?))
        }
        // Each would come back a new Python object: the caller's would not see the changes.
        Type::List(_) | Type::Dict(..) | Type::Set(_) if declared.holds_instance() => {
            Err(PyTypeError::new_err(format!("argument {position}: passing a {declared} from Python is not supported yet (jitclass instances in a list, dict or set); pass them in a tuple")))
        }
        Type::List(element_type) => {
            let list = value.cast::<PyList>().map_err(|_| mismatch())?;
            let elements = list.iter().map(|element| convert_argument(&element, element_type, position)).collect::<PyResult<_>>()?;
            Ok(Argument::List((**element_type).clone(), elements))
        }
        Type::Dict(key_type, value_type) => {
            let dict = value.cast::<pyo3::types::PyDict>().map_err(|_| mismatch())?;
            let entries = dict
                .iter()
                .map(|(key, value)| Ok((convert_argument(&key, key_type, position)?, convert_argument(&value, value_type, position)?)))
                .collect::<PyResult<_>>()?;
            Ok(Argument::Dict((**key_type).clone(), (**value_type).clone(), entries))
        }
        Type::Set(element_type) => {
            let set = value.cast::<pyo3::types::PySet>().map_err(|_| mismatch())?;
            let items = set.iter().map(|item| convert_argument(&item, element_type, position)).collect::<PyResult<_>>()?;
            Ok(Argument::Set((**element_type).clone(), items))
        }
        Type::Instance(class) if value.is_none() => Ok(Argument::List(class.tuple(), Vec::new())),
        Type::Instance(class) => {
            let given: Option<String> = value.get_type().getattr("_rumba_type").ok().and_then(|given| given.extract().ok());
            if given.as_deref() != Some(declared.to_string().as_str()) {
                return Err(mismatch());
            }
            instance_argument(value, class, position)
        }
        _ => Err(PyTypeError::new_err(format!("argument {position}: passing {declared} is not supported yet"))),
    }
}

fn number_to_python(py: Python<'_>, number: Number) -> PyResult<Py<PyAny>> {
    Ok(match number {
        Number::Bool(value) => PyBool::new(py, value).to_owned().into_any().unbind(),
        Number::F32(value) => value.into_pyobject(py)?.into_any().unbind(),
        Number::F64(value) => value.into_pyobject(py)?.into_any().unbind(),
        Number::U64(value) => value.into_pyobject(py)?.into_any().unbind(),
        Number::Complex(real, imag) => PyComplex::from_doubles(py, real, imag).into_any().unbind(),
        Number::Complex64(real, imag) => PyComplex::from_doubles(py, f64::from(real), f64::from(imag)).into_any().unbind(),
        other => other.as_i64().into_pyobject(py)?.into_any().unbind(),
    })
}

fn descr_of(py: Python<'_>, scalar: Scalar) -> Bound<'_, PyArrayDescr> {
    match scalar {
        Scalar::Bool => bool::get_dtype(py),
        Scalar::Int { bits: 8, signed: true } => i8::get_dtype(py),
        Scalar::Int { bits: 16, signed: true } => i16::get_dtype(py),
        Scalar::Int { bits: 32, signed: true } => i32::get_dtype(py),
        Scalar::Int { signed: true, .. } => i64::get_dtype(py),
        Scalar::Int { bits: 8, .. } => u8::get_dtype(py),
        Scalar::Int { bits: 16, .. } => u16::get_dtype(py),
        Scalar::Int { bits: 32, .. } => u32::get_dtype(py),
        Scalar::Int { .. } => u64::get_dtype(py),
        Scalar::Float { bits: 32 } => f32::get_dtype(py),
        Scalar::Float { .. } => f64::get_dtype(py),
        Scalar::Complex { bits: 64 } => numpy::Complex32::get_dtype(py),
        Scalar::Complex { .. } => numpy::Complex64::get_dtype(py),
    }
}

/// Wraps an array from compiled code as a NumPy array: over memory compiled code allocated, with a
/// base that frees it; over an argument's memory, with that argument as its base (a view of it).
/// A `readonly` array (`np.broadcast_to`'s view) is not writeable.
fn array_to_python(py: Python<'_>, array: OwnedArray, readonly: bool, args: &Bound<'_, PyTuple>) -> PyResult<Py<PyAny>> {
    let itemsize = array.dtype.size_in_bytes() as isize;
    let mut dims: Vec<npyffi::npy_intp> = array.shape.iter().map(|&extent| extent as npyffi::npy_intp).collect();
    let mut strides: Vec<npyffi::npy_intp> = array.strides.iter().map(|&stride| stride as isize * itemsize).collect();
    let dtype = array.dtype;
    let descr = descr_of(py, dtype);
    let ndim = dims.len() as i32;
    let borrowed_from = array.borrowed_from.clone();
    let (data, allocation) = array.into_raw_parts();
    let owner = match (&borrowed_from, allocation) {
        (Some(path), _) => {
            let mut owner = args.get_item(path[0])?;
            let mut positions = path[1..].iter().copied();
            while let Some(position) = positions.next() {
                let fields = owner.get_type().getattr("_rumba_type").and_then(|_| owner.get_type().getattr("__slots__")?.extract::<Vec<String>>());
                owner = match (owner.cast::<pyo3::types::PyDict>(), fields) {
                    (Ok(dict), _) => dict.values().get_item(position)?,
                    // A jitclass instance is passed as a list holding the tuple of its fields:
                    // past the list's one element, a field.
                    (_, Ok(fields)) => owner.getattr(fields[positions.next().unwrap_or_default()].as_str())?,
                    _ => owner.get_item(position)?,
                };
            }
            // An argument's array handed back whole is that array, as in Numba (`r is out`; a
            // reflected container then compares equal to the caller's), unless the result must
            // not be written through and the array may.
            if is_whole(&owner, data, dtype, &dims, &strides, ndim) && !(readonly && is_writeable(&owner)) {
                return Ok(owner.unbind());
            }
            owner
        }
        // The capsule holds a share of the allocation: the memory goes with the last array over it.
        (None, Some(allocation)) => PyCapsule::new_with_destructor(py, allocation, Some(CString::new("rumba.array")?), |allocation, _| drop(allocation))?.into_any(),
        (None, None) => return Err(pyo3::exceptions::PyRuntimeError::new_err("an array from compiled code has no owner")),
    };
    // A view of a read-only argument stays read-only: it must not open a way to write into it.
    let writeable = !readonly && (borrowed_from.is_none() || is_writeable(&owner));
    let flags = npyffi::NPY_ARRAY_ALIGNED | if writeable { npyffi::NPY_ARRAY_WRITEABLE } else { 0 };
    unsafe {
        let subtype = PY_ARRAY_API.get_type_object(py, NpyTypes::PyArray_Type);
        let object = PY_ARRAY_API.PyArray_NewFromDescr(
            py,
            subtype,
            descr.into_dtype_ptr(),
            ndim,
            dims.as_mut_ptr(),
            strides.as_mut_ptr(),
            data.cast(),
            flags,
            std::ptr::null_mut(),
        );
        if object.is_null() {
            return Err(PyErr::fetch(py));
        }
        let array = Bound::from_owned_ptr(py, object);
        if PY_ARRAY_API.PyArray_SetBaseObject(py, object.cast(), owner.into_ptr()) != 0 {
            return Err(PyErr::fetch(py));
        }
        Ok(array.unbind())
    }
}

/// Whether `value` is not an array, or an array whose 'writeable' flag is on.
fn is_writeable(value: &Bound<'_, PyAny>) -> bool {
    match value.cast::<PyUntypedArray>() {
        Ok(array) => (unsafe { (*array.as_array_ptr()).flags } & npyffi::NPY_ARRAY_WRITEABLE) != 0,
        Err(_) => true,
    }
}

/// Whether `owner` is an array of exactly this data, dtype, shape and strides.
fn is_whole(owner: &Bound<'_, PyAny>, data: *mut u8, dtype: Scalar, dims: &[npyffi::npy_intp], strides: &[npyffi::npy_intp], ndim: i32) -> bool {
    let Ok(array) = owner.cast::<PyUntypedArray>() else { return false };
    let raw = unsafe { &*array.as_array_ptr() };
    raw.data.cast::<u8>() == data && scalar_of_descr(&array.dtype()) == Some(dtype) && raw.nd == ndim && array.shape().iter().zip(dims).all(|(a, b)| *a as isize == *b) && array.strides().iter().zip(strides).all(|(a, b)| *a as isize == *b)
}

/// `value`, of type `value_type`, as a Python object.
fn value_to_python(py: Python<'_>, value: Value, value_type: &Type, args: &Bound<'_, PyTuple>) -> PyResult<Py<PyAny>> {
    // An optional value that is not None is its value.
    let value_type = match value_type {
        Type::Optional(held) => held,
        other => other,
    };
    if let Type::Instance(class) = value_type {
        let Some(fields) = instance_fields(py, value, class, args)? else { return Ok(py.None()) };
        let python_class = JIT_CLASSES.lock().unwrap_or_else(|poisoned| poisoned.into_inner())[class.id].clone_ref(py);
        let instance = python_class.bind(py).call_method1("__new__", (python_class.bind(py),))?;
        set_fields(&instance, class, fields)?;
        return Ok(instance.unbind());
    }
    Ok(match value {
        Value::None => py.None(),
        Value::Number(number) => number_to_python(py, number)?,
        Value::Tuple(elements) => {
            let Type::Tuple(element_types, class) = value_type else { unreachable!("a tuple's type is a tuple type") };
            let elements = elements.into_iter().zip(element_types).map(|(element, element_type)| value_to_python(py, element, element_type, args)).collect::<PyResult<Vec<_>>>()?;
            match class.as_deref() {
                None => PyTuple::new(py, elements)?.into_any().unbind(),
                Some(class) => match class.kind {
                    rumba::types::TupleKind::NamedTuple | rumba::types::TupleKind::Enum => tuple_instance(py, class, elements)?,
                    rumba::types::TupleKind::LiteralList => PyList::new(py, elements)?.into_any().unbind(),
                    rumba::types::TupleKind::LiteralDict => {
                        let dict = pyo3::types::PyDict::new(py);
                        for (key, value) in class.fields.iter().zip(elements) {
                            dict.set_item(key, value)?;
                        }
                        dict.into_any().unbind()
                    }
                },
            }
        }
        Value::Array(array) => array_to_python(py, *array, matches!(value_type, Type::Array(array_type) if array_type.readonly), args)?,
        Value::List(elements) => {
            let Type::List(element_type) = value_type else { unreachable!("a list's type is a list type") };
            let elements = elements.into_iter().map(|element| value_to_python(py, element, element_type, args)).collect::<PyResult<Vec<_>>>()?;
            PyList::new(py, elements)?.into_any().unbind()
        }
        Value::Dict(entries) => {
            let Type::Dict(key_type, value_type) = value_type else { unreachable!("a dict's type is a dict type") };
            // A `numba.typed.Dict`, as Numba gives every dict compiled code returns.
            let typed_dict = py.import("rumba.typed")?.getattr("Dict")?.call_method1("empty", (key_type.to_string(), value_type.to_string()))?;
            let dict = typed_dict.cast::<pyo3::types::PyDict>().map_err(|_| PyTypeError::new_err("rumba.typed.Dict is a dict"))?;
            for (key, value) in entries {
                dict.set_item(value_to_python(py, key, key_type, args)?, value_to_python(py, value, value_type, args)?)?;
            }
            typed_dict.unbind()
        }
        Value::Set(members) => {
            let Type::Set(element_type) = value_type else { unreachable!("a set's type is a set type") };
            let members = members.into_iter().map(|member| value_to_python(py, member, element_type, args)).collect::<PyResult<Vec<_>>>()?;
            pyo3::types::PySet::new(py, members)?.into_any().unbind()
        }
        Value::Str(text) => pyo3::types::PyString::new(py, &text).into_any().unbind(),
    })
}

/// Writes the contents compiled code left in its list, dict and set arguments back into the caller's,
/// in the order `call_reflecting` gives them (those inside tuples included). A container the call
/// left equal is left alone, so that its items keep their Python types (`[1, 2.5]` is passed as
/// floats, and stays `[1, 2.5]`), as Numba writes back only lists that changed; a list of arrays is
/// equal when it holds the same arrays. Every container's contents are made before any is written
/// back: an array in one may be a view of an array that another holds, named by its position.
fn reflect_containers(py: Python<'_>, args: &Bound<'_, PyTuple>, declared: &[Type], reflected: Vec<Value>) -> PyResult<()> {
    let mut containers = Vec::new();
    reflected_containers(args, declared, &mut containers);
    let mut written = Vec::new();
    for ((container, container_type), contents) in containers.into_iter().zip(reflected) {
        let contents = match container_type {
            Type::Instance(class) => Err(instance_fields(py, contents, class, args)?),
            _ => Ok(value_to_python(py, contents, container_type, args)?),
        };
        written.push((container, container_type, contents));
    }
    for (container, container_type, contents) in written {
        let contents = match (container_type, contents) {
            (Type::Instance(class), Err(fields)) => {
                // A jitclass instance's fields are set, whatever they hold.
                if let Some(fields) = fields {
                    set_fields(&container, class, fields)?;
                }
                continue;
            }
            (_, contents) => contents.expect("only instances have fields"),
        };
        // Arrays that are not the same object compare elementwise, which has no truth value.
        if container.eq(&contents).unwrap_or(false) {
            continue;
        }
        match container_type {
            Type::List(_) => container.set_item(pyo3::types::PySlice::full(py), contents)?,
            _ => {
                container.call_method0("clear")?;
                container.call_method1("update", (contents,))?;
            }
        }
    }
    Ok(())
}

/// The list, dict and set arguments among `level` (a tuple of the arguments, or one inside them),
/// with their types, in order.
fn reflected_containers<'py, 't>(level: &Bound<'py, PyTuple>, declared: &'t [Type], containers: &mut Vec<(Bound<'py, PyAny>, &'t Type)>) {
    for (value, declared) in level.iter().zip(declared) {
        match declared {
            Type::List(_) | Type::Dict(..) | Type::Set(_) => containers.push((value, declared)),
            Type::Instance(_) if !value.is_none() => containers.push((value, declared)),
            Type::Tuple(elements, _) => {
                if let Ok(inner) = value.cast::<PyTuple>() {
                    reflected_containers(inner, elements, containers);
                }
            }
            _ => {}
        }
    }
}

/// The file each compiler compiles and the names its objmode blocks see, by its number
/// (`Compiler::owner`).
static OBJMODE_GLOBALS: Mutex<Vec<(String, Option<Py<pyo3::types::PyDict>>)>> = Mutex::new(Vec::new());

/// The Python function each objmode block runs as, by its site's number.
static OBJMODE_BLOCKS: Mutex<Vec<(usize, Py<PyAny>)>> = Mutex::new(Vec::new());

thread_local! {
    /// What the last objmode block that raised raised, for compiled code's caller to raise.
    static OBJMODE_RAISED: std::cell::RefCell<Option<PyErr>> = const { std::cell::RefCell::new(None) };
}

/// Runs an objmode block in Python (the runtime's hook): its inputs as Python objects, its
/// declared variables converted to their types and handed to `keep` while the objects they were
/// converted from are alive; `false` where it raised (kept in `OBJMODE_RAISED`).
fn run_objmode(site: &rumba::objmode::ObjmodeSite, inputs: Vec<(Value, Type)>, keep: &mut dyn FnMut(&[Argument])) -> bool {
    Python::attach(|py| {
        let run = || -> PyResult<()> {
            let function = objmode_function(py, site)?;
            let no_arguments = PyTuple::empty(py);
            let values = inputs.into_iter().map(|(value, value_type)| value_to_python(py, value, &value_type, &no_arguments)).collect::<PyResult<Vec<_>>>()?;
            let returned = function.bind(py).call1(PyTuple::new(py, values)?)?;
            let returned = returned.cast::<PyTuple>()?;
            let outputs = returned
                .iter()
                .zip(&site.outputs)
                .enumerate()
                .map(|(position, (value, (name, declared)))| {
                    convert_argument(&value, declared, position).map_err(|error| {
                        let reason = error.value(py).to_string();
                        let reason = reason.split_once(": ").map_or(reason.as_str(), |(_, reason)| reason);
                        PyTypeError::new_err(format!("objmode variable '{name}' must be {declared}: {reason}"))
                    })
                })
                .collect::<PyResult<Vec<Argument>>>()?;
            keep(&outputs);
            Ok(())
        };
        match run() {
            Ok(()) => true,
            Err(error) => {
                OBJMODE_RAISED.with(|raised| *raised.borrow_mut() = Some(error));
                false
            }
        }
    })
}

/// The Python function that runs objmode block `site`: its statements in a function of its inputs
/// returning its declared variables, defined in its compiler's globals on its own lines of its file.
fn objmode_function(py: Python<'_>, site: &rumba::objmode::ObjmodeSite) -> PyResult<Py<PyAny>> {
    let key = site as *const rumba::objmode::ObjmodeSite as usize;
    if let Some((_, function)) = OBJMODE_BLOCKS.lock().unwrap_or_else(|poisoned| poisoned.into_inner()).iter().find(|(known, _)| *known == key) {
        return Ok(function.clone_ref(py));
    }
    let owner = OBJMODE_GLOBALS.lock().unwrap_or_else(|poisoned| poisoned.into_inner()).get(site.owner).map(|(file_name, globals)| (file_name.clone(), globals.as_ref().map(|globals| globals.clone_ref(py))));
    let globals = match owner {
        Some((file_name, Some(globals))) if file_name == site.file_name => globals.into_bound(py),
        // A block of a function of another module, compiled with the caller: that module's globals.
        _ => module_globals(py, &site.file_name)?.unwrap_or_else(|| pyo3::types::PyDict::new(py)),
    };
    let parameters: Vec<&str> = site.inputs.iter().map(|(name, _)| name.as_str()).collect();
    let results: Vec<String> = site.outputs.iter().map(|(name, _)| format!("{name}, ")).collect();
    let body: String = site.source.lines().map(|line| format!("    {line}\n")).collect();
    let text = format!("{}def __rumba_objmode_block({}):\n{body}    return ({})\n", "\n".repeat(site.first_line.saturating_sub(2)), parameters.join(", "), results.concat());
    let builtins = py.import("builtins")?;
    let code = builtins.getattr("compile")?.call1((text, site.file_name.as_str(), "exec"))?;
    let namespace = pyo3::types::PyDict::new(py);
    builtins.getattr("exec")?.call1((code, globals, &namespace))?;
    let function = namespace.get_item("__rumba_objmode_block")?.ok_or_else(|| PyTypeError::new_err("the objmode block did not define its function"))?.unbind();
    OBJMODE_BLOCKS.lock().unwrap_or_else(|poisoned| poisoned.into_inner()).push((key, function.clone_ref(py)));
    Ok(function)
}

/// The globals of the loaded module whose file is `file_name`, if there is one.
fn module_globals<'py>(py: Python<'py>, file_name: &str) -> PyResult<Option<Bound<'py, pyo3::types::PyDict>>> {
    let modules = py.import("sys")?.getattr("modules")?.call_method0("copy")?;
    for (_, module) in modules.cast::<pyo3::types::PyDict>()?.iter() {
        let file: Option<String> = module.getattr("__file__").ok().and_then(|file| file.extract().ok());
        if file.as_deref() == Some(file_name) {
            return Ok(Some(module.getattr("__dict__")?.cast_into::<pyo3::types::PyDict>()?));
        }
    }
    Ok(None)
}

fn raised(py: Python<'_>, exception: &rumba::Exception) -> PyErr {
    if exception.exception == rumba::objmode::OBJMODE_EXCEPTION {
        if let Some(raised) = OBJMODE_RAISED.with(|raised| raised.borrow_mut().take()) {
            return raised;
        }
    }
    // Built-in classes by name, others (`numpy.linalg.LinAlgError`) by module and name.
    let (module, class) = exception.exception.rsplit_once('.').unwrap_or(("builtins", exception.exception.as_str()));
    // The prelude's `_key_error` raises with the key's repr; CPython's KeyError holds the key.
    let key_error = exception.exception == "KeyError" && exception.location.file == rumba::NUMPY_PRELUDE_FILE;
    let instance = py
        .import(module)
        .and_then(|module| module.getattr(class))
        .and_then(|class| match &exception.message {
            Some(message) if key_error => {
                let key = py.import("ast").and_then(|ast| ast.call_method1("literal_eval", (message.clone(),)));
                class.call1((key.unwrap_or_else(|_| pyo3::types::PyString::new(py, message).into_any()),))
            }
            Some(message) => class.call1((message.clone(),)),
            None => class.call0(),
        });
    match instance {
        Ok(instance) => {
            let note = format!("raised in compiled code at {}", exception.location);
            // A note is best effort: the exception itself is what matters.
            let _ = instance.call_method1("add_note", (note,));
            PyErr::from_value(instance)
        }
        Err(error) => error,
    }
}

impl Function {
    fn new(inner: rumba::CompiledFunction) -> Self {
        let scalar_arguments = inner.arguments().iter().map(|declared| if let Type::Scalar(scalar) = declared { Some(*scalar) } else { None }).collect();
        Self { inner, scalar_arguments }
    }

    fn call(&self, py: Python<'_>, args: &Bound<'_, PyTuple>) -> PyResult<Py<PyAny>> {
        let declared = self.inner.arguments();
        if args.len() != declared.len() {
            return Err(PyTypeError::new_err(format!("expected {} argument(s), got {}", declared.len(), args.len())));
        }
        if let Some(yield_type) = self.inner.yields() {
            let mut arguments = Vec::with_capacity(args.len());
            for (position, (value, declared)) in args.iter().zip(declared).enumerate() {
                arguments.push(convert_argument(&value, declared, position)?);
            }
            let inner = self.inner.generator(&arguments).map_err(|error| call_error(py, error))?;
            let generator = Generator { inner: std::cell::RefCell::new(inner), yield_type: yield_type.clone(), args: args.clone().unbind() };
            return Ok(Bound::new(py, generator)?.into_any().unbind());
        }
        // Releasing the GIL costs more than straight-line code takes to run; loops release it.
        let result = if let Some(scalars) = &self.scalar_arguments {
            let mut numbers: SmallVec<[Number; 4]> = SmallVec::new();
            for (position, (value, &scalar)) in args.iter().zip(scalars).enumerate() {
                numbers.push(convert_number(&value, scalar, position)?);
            }
            if self.inner.is_straight_line() { self.inner.call_numbers(&numbers) } else { py.detach(|| self.inner.call_numbers(&numbers)) }
        } else {
            let mut arguments: SmallVec<[Argument; 4]> = SmallVec::new();
            for (position, (value, declared)) in args.iter().zip(declared).enumerate() {
                arguments.push(convert_argument(&value, declared, position)?);
            }
            if declared.iter().any(|declared| declared.contains(&|part| matches!(part, Type::List(_) | Type::Dict(..) | Type::Set(_) | Type::Instance(_)))) {
                let (value, reflected) = self.inner.call_reflecting(&arguments).map_err(|error| call_error(py, error))?;
                // The result first: its views of arrays in list arguments name them by position.
                let result = value_to_python(py, value, self.inner.return_type(), args)?;
                reflect_containers(py, args, declared, reflected)?;
                return Ok(result);
            }
            if self.inner.is_straight_line() {
                self.inner.call(&arguments)
            } else {
                let arguments = CallArguments(arguments);
                py.detach(move || {
                    let arguments = arguments;
                    self.inner.call(&arguments.0)
                })
            }
        };
        match result {
            Ok(value) => value_to_python(py, value, self.inner.return_type(), args),
            Err(error) => Err(call_error(py, error)),
        }
    }
}

/// A generator a compiled generator function made (`rumba_runtime::generators`); it runs on the
/// thread that made it.
#[pyclass(unsendable, module = "rumba._rumba")]
struct Generator {
    inner: std::cell::RefCell<rumba::generators::Generator<CallError>>,
    yield_type: Type,
    /// The call's arguments: they stay alive while the generator runs, and yielded arrays may be
    /// views of them.
    args: Py<PyTuple>,
}

#[pymethods]
impl Generator {
    fn __iter__(slf: Bound<'_, Self>) -> Bound<'_, Self> {
        slf
    }

    fn __next__(&self, py: Python<'_>) -> PyResult<Option<Py<PyAny>>> {
        let Ok(mut inner) = self.inner.try_borrow_mut() else {
            return Err(pyo3::exceptions::PyValueError::new_err("generator already executing"));
        };
        match inner.next() {
            Ok(Some(value)) => value_to_python(py, value, &self.yield_type, self.args.bind(py)).map(Some),
            Ok(None) => Ok(None),
            Err(error) => Err(call_error(py, error)),
        }
    }
}

fn call_error(py: Python<'_>, error: CallError) -> PyErr {
    match error {
        CallError::Raised(exception) => raised(py, &exception),
        CallError::Arguments(message) => PyTypeError::new_err(message),
    }
}

#[pymethods]
impl Function {
    #[pyo3(signature = (*args))]
    fn __call__(&self, py: Python<'_>, args: &Bound<'_, PyTuple>) -> PyResult<Py<PyAny>> {
        self.call(py, args)
    }

    /// The argument types, in Numba's notation.
    #[getter]
    fn arguments(&self) -> Vec<String> {
        self.inner.arguments().iter().map(ToString::to_string).collect()
    }

    #[getter]
    fn return_type(&self) -> String {
        self.inner.return_type().to_string()
    }
}

/// The type rumba specialises on for one argument, read without building strings: Python
/// bool/int/float/complex, NumPy arrays (dtype, ndim, layout from NumPy's contiguity flags; not of
/// complex numbers) and NumPy scalars (complex128 included).
fn type_of(value: &Bound<'_, PyAny>) -> Option<Type> {
    if value.is_none() {
        return Some(Type::None);
    }
    if value.is_instance_of::<PyBool>() {
        return Some(Type::Scalar(Scalar::Bool));
    }
    if value.is_exact_instance_of::<pyo3::types::PyInt>() {
        return Some(Type::Scalar(Scalar::Int { bits: 64, signed: true }));
    }
    if value.is_exact_instance_of::<PyFloat>() {
        return Some(Type::Scalar(Scalar::Float { bits: 64 }));
    }
    if value.is_exact_instance_of::<PyComplex>() {
        return Some(Type::Scalar(Scalar::Complex { bits: 128 }));
    }
    if let Ok(tuple) = value.cast_exact::<PyTuple>() {
        return tuple.iter().map(|element| type_of(&element)).collect::<Option<Vec<Type>>>().map(Type::tuple);
    }
    if let Ok(tuple) = value.cast::<PyTuple>() {
        let class = tuple_class(&value.get_type())?;
        return tuple.iter().map(|element| type_of(&element)).collect::<Option<Vec<Type>>>().map(|elements| Type::Tuple(elements, Some(class)));
    }
    // A string is a value of Numba's `unicode_type` (literals are for compiled code's constants).
    if value.is_exact_instance_of::<pyo3::types::PyString>() {
        return Some(Type::Unicode);
    }
    if let Ok(instance_type) = value.get_type().getattr("_rumba_type") {
        return rumba::parse_type(&instance_type.extract::<String>().ok()?).ok();
    }
    if let Ok(list) = value.cast::<PyList>() {
        // Numba's reflected list: the items' joined type; an empty list has none, unless it is a
        // `typed.List` made by `empty_list`, which names it.
        let mut element = Type::Unknown;
        for item in list.iter() {
            element = rumba::types::unify(&element, &type_of(&item)?)?;
        }
        if element == Type::Unknown {
            let named = value.getattr("_item_type").ok().and_then(|named| named.extract::<String>().ok());
            element = rumba::parse_type(&named?).ok()?;
        }
        return (element.is_list_element() && !element.has_unknown()).then(|| Type::List(Box::new(element)));
    }
    if let Ok(dict) = value.cast::<pyo3::types::PyDict>() {
        // The keys' and the values' joined types; an empty dict has none, unless it is a
        // `typed.Dict` made by `empty`, which names them.
        let (mut key, mut item) = (Type::Unknown, Type::Unknown);
        for (entry_key, entry_value) in dict.iter() {
            key = rumba::types::unify(&key, &type_of(&entry_key)?)?;
            item = rumba::types::unify(&item, &type_of(&entry_value)?)?;
        }
        if key == Type::Unknown {
            let named = |attribute: &str| value.getattr(attribute).ok().and_then(|named| named.extract::<String>().ok()).and_then(|named| rumba::parse_type(&named).ok());
            (key, item) = (named("_key_type")?, named("_value_type")?);
        }
        let dict_type = Type::Dict(Box::new(key), Box::new(item));
        return (dict_type.is_list_element() && !dict_type.has_unknown()).then_some(dict_type);
    }
    if let Ok(set) = value.cast::<pyo3::types::PySet>() {
        // The items' joined type; an empty set has none.
        let mut element = Type::Unknown;
        for item in set.iter() {
            element = rumba::types::unify(&element, &type_of(&item)?)?;
        }
        return (element.is_dict_key() && !element.has_unknown()).then(|| Type::Set(Box::new(element)));
    }
    if let Ok(array) = value.cast::<PyUntypedArray>() {
        if is_masked(value) || !array.dtype().is_native_byteorder().unwrap_or(true) {
            return None;
        }
        let dtype = scalar_of_descr(&array.dtype())?;
        let flags = unsafe { (*array.as_array_ptr()).flags };
        let layout = if flags & npyffi::NPY_ARRAY_C_CONTIGUOUS != 0 {
            rumba::Layout::C
        } else if flags & npyffi::NPY_ARRAY_F_CONTIGUOUS != 0 {
            rumba::Layout::F
        } else {
            rumba::Layout::A
        };
        let ndim = array.ndim();
        let readonly = flags & npyffi::NPY_ARRAY_WRITEABLE == 0;
        return Some(Type::Array(rumba::ArrayType { dtype, ndim, layout, readonly }));
    }
    // After the arrays, which calls pass far more often.
    if is_enum_member(value) {
        // An IntEnum's member is its integer; another enum's is its value, of its class.
        if value.is_instance_of::<pyo3::types::PyInt>() {
            return Some(Type::Scalar(Scalar::Int { bits: 64, signed: true }));
        }
        let member_value = type_of(&value.getattr("value").ok()?)?;
        return matches!(member_value, Type::Scalar(Scalar::Int { .. } | Scalar::Float { .. })).then(|| Type::Tuple(vec![member_value], enum_class(&value.get_type()).ok()));
    }
    if let Some(dtype) = dtype_of(value) {
        return Some(Type::DType(dtype));
    }
    let descr = value.getattr("dtype").ok()?;
    let descr = descr.cast::<PyArrayDescr>().ok()?;
    scalar_of_descr(descr).map(Type::Scalar)
}

/// The element type `value` names, if it is a dtype (`np.dtype('float32')`) or one of NumPy's
/// scalar types (`np.float64`): compiled code takes it as a constant, as Numba's `DType` and
/// `NumberClass`.
fn dtype_of(value: &Bound<'_, PyAny>) -> Option<Scalar> {
    if let Ok(descr) = value.cast::<PyArrayDescr>() {
        return scalar_of_descr(descr);
    }
    let class = value.cast::<pyo3::types::PyType>().ok()?;
    let generic = unsafe { PY_ARRAY_API.get_type_object(value.py(), NpyTypes::PyGenericArrType_Type) };
    if !unsafe { pyo3::ffi::PyType_IsSubtype(class.as_type_ptr(), generic) != 0 } {
        return None;
    }
    scalar_of_descr(&PyArrayDescr::new(value.py(), value).ok()?)
}

/// Whether `value` is a NumPy masked array, whose mask compiled code could not honour.
fn is_masked(value: &Bound<'_, PyAny>) -> bool {
    !value.is_exact_instance_of::<numpy::PyArray1<u8>>() && value.get_type().name().is_ok_and(|name| name == "MaskedArray")
}

/// Why `value` cannot be passed to compiled code, for the `TypeError`.
fn refusal(value: &Bound<'_, PyAny>) -> String {
    if let Ok(array) = value.cast::<PyUntypedArray>() {
        if is_masked(value) {
            return "rumba cannot pass a masked array to compiled code (its mask would be ignored); pass .data or .filled()".into();
        }
        if !array.dtype().is_native_byteorder().unwrap_or(true) {
            return format!("rumba cannot pass an array of non-native byte order ({}) to compiled code; convert it with .astype(a.dtype.newbyteorder('='))", array.dtype());
        }
    }
    if value.cast::<PyList>().is_ok_and(|list| list.is_empty()) {
        return "rumba cannot pass an empty list to compiled code: the type of its elements is unknown (Numba cannot type it either)".into();
    }
    if value.is_instance_of::<PyList>() {
        return "rumba cannot pass this list to compiled code: its items must be numbers of one kind, arrays of one dtype and number of dimensions, tuples of them, or such lists".into();
    }
    if value.cast::<pyo3::types::PyDict>().is_ok_and(|dict| dict.is_empty()) {
        return "rumba cannot pass an empty dict to compiled code: the types of its keys and values are unknown (make it with rumba.typed.Dict.empty(key_type, value_type))".into();
    }
    if value.cast::<pyo3::types::PySet>().is_ok_and(|set| set.is_empty()) {
        return "rumba cannot pass an empty set to compiled code: the type of its items is unknown".into();
    }
    if value.is_instance_of::<pyo3::types::PySet>() {
        return "rumba cannot pass this set to compiled code: its items must be numbers of one kind or tuples of them".into();
    }
    if value.is_instance_of::<pyo3::types::PyDict>() {
        return "rumba cannot pass this dict to compiled code: its keys must be numbers of one kind or tuples of them, and its values numbers, arrays, tuples, lists or dicts of one type".into();
    }
    format!("rumba cannot pass a value of type {} to compiled code", value.get_type())
}

/// The native base of `rumba.Dispatcher`: compiled specialisations by argument types, so that a call
/// finds its code without leaving Rust. On a miss `__call__` calls the Python side's
/// `_compile_and_call(*args)`.
#[pyclass(frozen, subclass, module = "rumba._rumba")]
struct DispatchTable {
    /// Searched in order: a dispatcher has a handful of specialisations, and comparing types beats
    /// hashing them.
    entries: RwLock<Vec<(SmallVec<[u32; 4]>, Py<Function>)>>,
}

/// A compact code for a type a call can pass: equal codes, equal types. The dispatch table compares
/// these rather than `Type`s.
fn type_code(r#type: &Type) -> Option<u32> {
    match r#type {
        Type::Scalar(scalar) => Some(scalar_code(scalar)),
        Type::Array(array) => Some(scalar_code(&array.dtype) | (array.ndim as u32) << 12 | (array.layout as u32) << 20 | 1 << 24 | (array.readonly as u32) << 25),
        Type::None => Some(5),
        Type::DType(scalar) => Some(scalar_code(scalar) | 1 << 26),
        Type::Instance(class) => u32::try_from(class.id).ok().filter(|id| *id < 1 << 26).map(|id| id | 1 << 27),
        _ => None,
    }
}

const fn scalar_code(scalar: &Scalar) -> u32 {
    match scalar {
        Scalar::Bool => 1,
        Scalar::Int { bits, signed } => 2 | (*bits as u32) << 2 | (*signed as u32) << 10,
        Scalar::Float { bits } => 3 | (*bits as u32) << 2,
        Scalar::Complex { bits } => 4 | (*bits as u32) << 2,
    }
}

/// The type code of one argument: Python's own numbers and NumPy's scalars directly, anything
/// else through its type.
fn argument_code(value: &Bound<'_, PyAny>) -> Option<u32> {
    const INT64: u32 = scalar_code(&Scalar::Int { bits: 64, signed: true });
    const FLOAT64: u32 = scalar_code(&Scalar::Float { bits: 64 });
    if value.is_exact_instance_of::<pyo3::types::PyInt>() {
        Some(INT64)
    } else if value.is_exact_instance_of::<PyFloat>() {
        Some(FLOAT64)
    } else if let Some(scalar) = numpy_scalar(value) {
        Some(scalar_code(&scalar))
    } else {
        type_code(&type_of(value)?)
    }
}

/// The element type of a NumPy scalar (`np.float64(1.0)`, `np.int32(3)`), told by its exact type
/// without an attribute lookup: they are common arguments, and passing one should cost no more
/// than in Numba.
fn numpy_scalar(value: &Bound<'_, PyAny>) -> Option<Scalar> {
    let py = value.py();
    let exact_type = value.get_type().as_type_ptr();
    let int = |bits: usize, signed| Scalar::Int { bits: (bits * 8) as u8, signed };
    let long = std::mem::size_of::<std::ffi::c_long>();
    [
        (NpyTypes::PyDoubleArrType_Type, Scalar::Float { bits: 64 }),
        (NpyTypes::PyFloatArrType_Type, Scalar::Float { bits: 32 }),
        (NpyTypes::PyLongArrType_Type, int(long, true)),
        (NpyTypes::PyLongLongArrType_Type, int(8, true)),
        (NpyTypes::PyIntArrType_Type, int(4, true)),
        (NpyTypes::PyShortArrType_Type, int(2, true)),
        (NpyTypes::PyByteArrType_Type, int(1, true)),
        (NpyTypes::PyULongArrType_Type, int(long, false)),
        (NpyTypes::PyULongLongArrType_Type, int(8, false)),
        (NpyTypes::PyUIntArrType_Type, int(4, false)),
        (NpyTypes::PyUShortArrType_Type, int(2, false)),
        (NpyTypes::PyUByteArrType_Type, int(1, false)),
        (NpyTypes::PyBoolArrType_Type, Scalar::Bool),
        (NpyTypes::PyCFloatArrType_Type, Scalar::Complex { bits: 64 }),
        (NpyTypes::PyCDoubleArrType_Type, Scalar::Complex { bits: 128 }),
    ]
    .into_iter()
    .find_map(|(numpy_type, scalar)| (unsafe { PY_ARRAY_API.get_type_object(py, numpy_type) } == exact_type).then_some(scalar))
}

/// The number a NumPy scalar whose element type is `scalar` holds, read from it.
fn numpy_number(value: &Bound<'_, PyAny>, scalar: Scalar) -> Number {
    let mut bytes = [0u8; 16];
    unsafe { PY_ARRAY_API.PyArray_ScalarAsCtype(value.py(), value.as_ptr(), bytes.as_mut_ptr().cast()) };
    let word = |size: usize| {
        let mut padded = [0u8; 8];
        padded[..size].copy_from_slice(&bytes[..size]);
        u64::from_ne_bytes(padded)
    };
    match scalar {
        Scalar::Bool => Number::Bool(bytes[0] != 0),
        Scalar::Int { bits: 8, signed: true } => Number::I8(word(1) as u8 as i8),
        Scalar::Int { bits: 16, signed: true } => Number::I16(word(2) as u16 as i16),
        Scalar::Int { bits: 32, signed: true } => Number::I32(word(4) as u32 as i32),
        Scalar::Int { signed: true, .. } => Number::I64(word(8) as i64),
        Scalar::Int { bits: 8, .. } => Number::U8(word(1) as u8),
        Scalar::Int { bits: 16, .. } => Number::U16(word(2) as u16),
        Scalar::Int { bits: 32, .. } => Number::U32(word(4) as u32),
        Scalar::Int { .. } => Number::U64(word(8)),
        Scalar::Float { bits: 32 } => Number::F32(f32::from_bits(word(4) as u32)),
        Scalar::Float { .. } => Number::F64(f64::from_bits(word(8))),
        Scalar::Complex { bits: 64 } => Number::Complex64(f32::from_bits(word(4) as u32), f32::from_ne_bytes(bytes[4..8].try_into().expect("four bytes"))),
        Scalar::Complex { .. } => Number::Complex(f64::from_bits(word(8)), f64::from_ne_bytes(bytes[8..16].try_into().expect("eight bytes"))),
    }
}

impl DispatchTable {
    fn lookup(&self, py: Python<'_>, args: &Bound<'_, PyTuple>) -> Option<Py<Function>> {
        let mut codes: SmallVec<[u32; 4]> = SmallVec::new();
        for value in args.iter() {
            codes.push(argument_code(&value)?);
        }
        let entries = self.entries.read().unwrap_or_else(|poisoned| poisoned.into_inner());
        entries.iter().find(|(known, _)| *known == codes).map(|(_, function)| function.clone_ref(py))
    }
}

#[pymethods]
impl DispatchTable {
    #[new]
    #[pyo3(signature = (*_args, **_kwargs))]
    fn new(_args: &Bound<'_, PyTuple>, _kwargs: Option<&Bound<'_, pyo3::types::PyDict>>) -> Self {
        Self { entries: RwLock::new(Vec::new()) }
    }

    /// The argument types of `args` in Numba's notation; `TypeError` for values rumba cannot pass.
    fn types_of(&self, args: &Bound<'_, PyTuple>) -> PyResult<Vec<String>> {
        args.iter()
            .map(|value| {
                type_of(&value).map(|r#type| r#type.to_string()).ok_or_else(|| PyTypeError::new_err(refusal(&value)))
            })
            .collect()
    }

    /// Makes `function` the specialisation for arguments of `types`. Types without a code (tuples)
    /// are not dispatched natively: calls with them find their specialisation in Python.
    fn insert(&self, types: Vec<String>, function: Py<Function>) -> PyResult<()> {
        let Some(codes) = parse_types(&types)?.iter().map(type_code).collect::<Option<SmallVec<[u32; 4]>>>() else { return Ok(()) };
        let mut entries = self.entries.write().unwrap_or_else(|poisoned| poisoned.into_inner());
        match entries.iter_mut().find(|(known, _)| *known == codes) {
            Some(entry) => entry.1 = function,
            None => entries.push((codes, function)),
        }
        Ok(())
    }

    /// Forgets every specialisation (`recompile`).
    fn clear(&self) {
        self.entries.write().unwrap_or_else(|poisoned| poisoned.into_inner()).clear();
    }

    /// Calls the specialisation for the arguments' types, compiling it first on a miss.
    #[pyo3(signature = (*args, **kwargs))]
    fn __call__(slf: &Bound<'_, Self>, args: &Bound<'_, PyTuple>, kwargs: Option<&Bound<'_, pyo3::types::PyDict>>) -> PyResult<Py<PyAny>> {
        let py = slf.py();
        if let Some(kwargs) = kwargs.filter(|kwargs| !kwargs.is_empty()) {
            return Ok(slf.call_method("_compile_and_call", args, Some(kwargs))?.unbind());
        }
        match slf.get().lookup(py, args) {
            Some(function) => function.get().call(py, args),
            None => Ok(slf.call_method1("_compile_and_call", args)?.unbind()),
        }
    }
}

/// One typed loop of a `@vectorize` ufunc or `@guvectorize` gufunc: a compiled loop over the
/// `nin + nout` operands, each an array of the outer extent and then the operand's core dimensions.
struct UfuncLoop {
    function: rumba::CompiledFunction,
    dtypes: Vec<Scalar>,
    /// Per operand, its core dimensions as positions among the gufunc's distinct core dimensions
    /// (empty for every operand of a ufunc).
    core_dimensions: Vec<Vec<usize>>,
}

/// NumPy's inner loop for every rumba ufunc and gufunc: the operands as strided arrays (broadcast
/// operands have stride 0), handed to the compiled loop without copies. NumPy passes the outer
/// extent, then each distinct core dimension's extent, in `dimensions`; each operand's outer step,
/// then every operand's core strides in turn, in `steps`.
unsafe extern "C" fn ufunc_inner_loop(args: *mut *mut std::ffi::c_char, dimensions: *mut npyffi::npy_intp, steps: *mut npyffi::npy_intp, data: *mut std::ffi::c_void) {
    // SAFETY: NumPy passes the `data` pointer registered with this loop, and the pointers, extents
    // and steps its signature describes.
    let ufunc_loop = unsafe { &*(data as *const UfuncLoop) };
    let mut core_step = ufunc_loop.dtypes.len();
    let arguments: Vec<Argument> = ufunc_loop
        .dtypes
        .iter()
        .zip(&ufunc_loop.core_dimensions)
        .enumerate()
        .map(|(operand, (dtype, core))| {
            let (pointer, step, length) = unsafe { (*args.add(operand), *steps.add(operand), *dimensions) };
            let mut shape = smallvec![length as i64];
            let mut byte_strides = smallvec![step as i64];
            for &dimension in core {
                shape.push(unsafe { *dimensions.add(1 + dimension) } as i64);
                byte_strides.push(unsafe { *steps.add(core_step) } as i64);
                core_step += 1;
            }
            Argument::Array(ArrayArgument { data: pointer.cast(), dtype: *dtype, shape, byte_strides })
        })
        .collect();
    if let Err(error) = ufunc_loop.function.call(&arguments) {
        Python::attach(|py| match error {
            CallError::Raised(exception) => raised(py, &exception).restore(py),
            CallError::Arguments(message) => PyTypeError::new_err(message).restore(py),
        });
    }
}

/// A `numpy.ufunc` whose loops are compiled functions: `loops` pairs each loop's operand types
/// (inputs then outputs, scalars in Numba's notation) with the compiled loop. With a `signature`
/// (`"(n),(n)->()"`) it is a generalised ufunc, and `core_dimensions` gives each operand's core
/// dimensions as positions among the signature's distinct names. `identity` is NumPy's code for the
/// value `reduce` starts from (`PyUFunc_None` by default).
#[pyfunction]
#[pyo3(signature = (name, doc, nin, nout, loops, signature=None, core_dimensions=None, identity=-1))]
#[allow(clippy::too_many_arguments)]
fn make_ufunc(
    py: Python<'_>,
    name: &str,
    doc: &str,
    nin: usize,
    nout: usize,
    loops: Vec<(Vec<String>, Py<Function>)>,
    signature: Option<&str>,
    core_dimensions: Option<Vec<Vec<usize>>>,
    identity: i32,
) -> PyResult<Py<PyAny>> {
    let core_dimensions = core_dimensions.unwrap_or_else(|| vec![Vec::new(); nin + nout]);
    if core_dimensions.len() != nin + nout {
        return Err(PyTypeError::new_err(format!("{name} has {} operands, but core dimensions for {}", nin + nout, core_dimensions.len())));
    }
    let mut functions: Vec<npyffi::PyUFuncGenericFunction> = Vec::new();
    let mut data: Vec<*mut std::ffi::c_void> = Vec::new();
    let mut types: Vec<std::ffi::c_char> = Vec::new();
    for (operand_types, function) in loops {
        let dtypes = parse_types(&operand_types)?
            .into_iter()
            .map(|operand| operand.scalar().ok_or_else(|| PyTypeError::new_err(format!("ufunc operands are scalars, got {operand}"))))
            .collect::<PyResult<Vec<Scalar>>>()?;
        if dtypes.len() != nin + nout {
            return Err(PyTypeError::new_err(format!("a loop of {name} needs {} operand types, got {}", nin + nout, dtypes.len())));
        }
        types.extend(dtypes.iter().map(|dtype| descr_of(py, *dtype).num() as std::ffi::c_char));
        let ufunc_loop = Box::new(UfuncLoop { function: function.get().inner.clone(), dtypes, core_dimensions: core_dimensions.clone() });
        data.push(Box::into_raw(ufunc_loop).cast());
        functions.push(Some(ufunc_inner_loop));
    }
    let loop_count = functions.len() as i32;
    // NumPy keeps these tables for the ufunc's lifetime and never frees them: they live as long as the
    // process, like the ufuncs C extensions define statically.
    let functions = functions.leak();
    let data = data.leak();
    let types = types.leak();
    let name = CString::new(name)?.into_raw();
    let doc = CString::new(doc)?.into_raw();
    let signature = signature.map(CString::new).transpose()?.map_or(std::ptr::null_mut(), CString::into_raw);
    unsafe {
        let ufunc = npyffi::PY_UFUNC_API.PyUFunc_FromFuncAndDataAndSignature(
            py,
            functions.as_mut_ptr(),
            data.as_mut_ptr(),
            types.as_mut_ptr(),
            loop_count,
            nin as i32,
            nout as i32,
            identity,
            name,
            doc,
            0,
            signature,
        );
        Ok(Bound::from_owned_ptr_or_err(py, ufunc)?.unbind())
    }
}

/// A Numba signature's return type (None when it is to be inferred) and argument types.
#[pyfunction]
fn parse_signature(text: &str) -> PyResult<(Option<String>, Vec<String>)> {
    let signature = rumba::parse_signature(text).map_err(PyTypeError::new_err)?;
    Ok((signature.return_type.map(|r#type| r#type.to_string()), signature.arguments.iter().map(ToString::to_string).collect()))
}

/// Sets how many threads the calling thread's parallel loops use.
#[pyfunction]
fn set_num_threads(count: i64) -> PyResult<()> {
    rumba::set_num_threads(count).map_err(pyo3::exceptions::PyValueError::new_err)
}

/// How many threads the calling thread's parallel loops use.
#[pyfunction]
fn get_num_threads() -> usize {
    rumba::num_threads()
}

/// The stage names `inspect_mlir(stage=...)` accepts, in pipeline order.
#[pyfunction]
fn stages() -> Vec<String> {
    rumba::stage_names().into_iter().map(String::from).chain(["llvm".into(), "asm".into()]).collect()
}

/// What `print` writes in compiled code goes to `sys.stdout` (a notebook's cell output, pytest's
/// capture), and arrays are written by NumPy's `str`, as Python's `print` writes them.
fn install_hooks() {
    rumba::objmode::install_hook(run_objmode);
    rumba::text::set_output(|text| {
        Python::attach(|py| {
            // As print(), which writes nowhere when sys.stdout is None (pythonw).
            let _ = py.import("sys").and_then(|sys| sys.getattr("stdout")).and_then(|stdout| if stdout.is_none() { Ok(stdout) } else { stdout.call_method1("write", (text,)) });
        })
    });
    rumba::text::set_array_formatter(|array| Python::attach(|py| numpy_str(py, array).unwrap_or_else(|error| format!("<array: {error}>"))));
}

/// NumPy's `str` of an array compiled code holds, through a read-only view of its memory.
fn numpy_str(py: Python<'_>, array: &rumba::text::ArrayText) -> PyResult<String> {
    let itemsize = array.dtype.size_in_bytes() as isize;
    let mut dims: Vec<npyffi::npy_intp> = array.shape.iter().map(|&extent| extent as npyffi::npy_intp).collect();
    let mut strides: Vec<npyffi::npy_intp> = array.strides.iter().map(|&stride| stride as isize * itemsize).collect();
    unsafe {
        let subtype = PY_ARRAY_API.get_type_object(py, NpyTypes::PyArray_Type);
        let object = PY_ARRAY_API.PyArray_NewFromDescr(
            py,
            subtype,
            descr_of(py, array.dtype).into_dtype_ptr(),
            dims.len() as i32,
            dims.as_mut_ptr(),
            strides.as_mut_ptr(),
            array.data.cast_mut().cast(),
            npyffi::NPY_ARRAY_ALIGNED,
            std::ptr::null_mut(),
        );
        if object.is_null() {
            return Err(PyErr::fetch(py));
        }
        Bound::from_owned_ptr(py, object).str()?.extract()
    }
}

#[pymodule]
fn _rumba(module: &Bound<'_, PyModule>) -> PyResult<()> {
    install_hooks();
    module.add_class::<Compiler>()?;
    module.add_class::<Function>()?;
    module.add_class::<Generator>()?;
    module.add_class::<CFunction>()?;
    module.add_class::<DispatchTable>()?;
    module.add_class::<cuda::DeviceBuffer>()?;
    module.add_class::<cuda::HostBuffer>()?;
    module.add_class::<cuda::CudaStream>()?;
    module.add_class::<cuda::PageLock>()?;
    module.add_function(wrap_pyfunction!(cuda::cuda_synchronize_foreign_stream, module)?)?;
    module.add_class::<cuda::CudaModule>()?;
    module.add_class::<cuda::CudaEvent>()?;
    module.add_function(wrap_pyfunction!(cuda::cuda_is_available, module)?)?;
    module.add_function(wrap_pyfunction!(cuda::cuda_compute_capability, module)?)?;
    module.add_function(wrap_pyfunction!(cuda::cuda_device_name, module)?)?;
    module.add_function(wrap_pyfunction!(cuda::cuda_synchronize, module)?)?;
    module.add_function(wrap_pyfunction!(cuda::cuda_copy_to_device, module)?)?;
    module.add_function(wrap_pyfunction!(cuda::cuda_copy_to_host, module)?)?;
    module.add_function(wrap_pyfunction!(stages, module)?)?;
    module.add_function(wrap_pyfunction!(set_num_threads, module)?)?;
    module.add_function(wrap_pyfunction!(get_num_threads, module)?)?;
    module.add_function(wrap_pyfunction!(make_ufunc, module)?)?;
    module.add_function(wrap_pyfunction!(parse_signature, module)?)?;
    module.add_function(wrap_pyfunction!(register_class, module)?)?;
    module.add_function(wrap_pyfunction!(define_class_members, module)?)?;
    Ok(())
}
