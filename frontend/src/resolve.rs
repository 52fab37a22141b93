//! The module a function lives in: its functions, its imports and its literal constants, and what a
//! name inside a compiled function refers to.

use crate::diagnostics::{Diagnostic, DiagnosticKind, Diagnostics, SourceFile};
use ruff_python_ast::{Expr, Number, Stmt, StmtFunctionDef};
use ruff_text_size::{Ranged, TextRange};
use std::{
    collections::{HashMap, HashSet},
    sync::Arc,
};

/// A module-level literal, folded into compiled code as Numba folds global constants.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Constant {
    Int(i64),
    Float(f64),
    Bool(bool),
    /// A complex number: real and imaginary parts.
    Complex(f64, f64),
}

/// What a global name refers to.
#[derive(Clone, Debug, PartialEq)]
pub enum Global {
    /// A function of the module, or of another module included with it (by its name there,
    /// `helpers.norm`): compiled too when called.
    Function(String),
    /// An imported module we know: `math`, `cmath`, `numpy`, `operator`, `random`, `rumba`
    /// (also imported as `numba`) or `cuda` (`rumba.cuda`, `numba.cuda`).
    Module(&'static str),
    /// A function imported by name: `from math import sqrt` is `("math", "sqrt")`.
    ModuleMember(&'static str, String),
    Constant(Constant),
    /// A NumPy scalar (`np.int32(0)`, `np.float32(0.5)`): a constant of its own type, which
    /// promotes as a NumPy scalar does.
    Scalar(crate::types::Scalar, Constant),
    /// A string or `None`, known when compiling (`Type::Str` or `Type::None`).
    Known(crate::types::Type),
    /// A tuple of numbers, strings, `None` and tuples of these, folded in as constants; of a
    /// namedtuple class, its instance.
    Tuple(Vec<Global>, Option<Arc<crate::types::TupleClass>>),
    /// An array bound by value, frozen into compiled code as a read-only constant.
    Array(Arc<ConstantArray>),
    /// A module compiled code does not know (the user's own): its members the code reads are
    /// bound as globals of their own, `helpers.norm`, which `helpers.norm` in the code reads.
    Namespace,
    /// A value compiled code cannot use, with why (a function whose source is not available):
    /// an error where the code uses it.
    Refused(String),
    /// A function (or, under `.name`, a method) with `@overload` implementations, by its key:
    /// which implementation a call runs depends on its arguments' types, and the caller gives
    /// them on demand ([`SourceModule::implement`]).
    Overload(String),
    /// A namedtuple class: calling it makes an instance.
    TupleClass(Arc<crate::types::TupleClass>),
    /// A `@jitclass` class: calling it makes an instance and runs its `__init__`.
    Class(Arc<crate::types::ClassType>),
    /// An exception class that is not a built-in one, by its module and qualified name
    /// (`librosa.util.exceptions.ParameterError`): compiled code raises it.
    Exception(String),
    /// A Numba type object that is not a number type (`float_array = types.float64[:]`): it
    /// names the type where code takes one (`typed.Dict.empty(key_type, value_type)`).
    TypeValue(crate::types::Type),
}

/// A function that is not a definition of the module's source (of another module, a closure,
/// a notebook's earlier cell), compiled with the code that calls it, in its own environment.
#[derive(Clone, Debug, PartialEq)]
pub struct FunctionSource {
    /// The Python module it belongs to, which names it in compiled code (`helpers.norm`).
    pub module: String,
    /// The name of its definition in `source`.
    pub name: String,
    /// Source holding the definition on its own lines: its file, or the definition alone, padded.
    pub source: String,
    pub file_name: String,
    /// Its globals and closure, bound by value.
    pub environment: Vec<(String, Binding)>,
}

/// The elements of an array bound by value, in C order, as Numba freezes global arrays: compiled
/// code reads them as they were when it was compiled and cannot write them.
#[derive(Clone, Debug, PartialEq)]
pub struct ConstantArray {
    pub dtype: crate::types::Scalar,
    pub shape: Vec<usize>,
    /// The elements' bytes in native order, `shape`'s product times the dtype's size.
    pub bytes: Vec<u8>,
}

/// What a name of a function's environment (its globals and closure, read by value where the
/// function is defined) holds, as far as compiled code can use it.
#[derive(Clone, Debug, PartialEq)]
pub enum Binding {
    /// A module: `math`, `numpy`, `operator`, `random`, `numba` or `rumba`, by its own name.
    Module(String),
    /// A function of such a module (`sqrt = math.sqrt`, `prange = numba.prange`).
    Member(String, String),
    /// A number or a bool.
    Constant(Constant),
    /// A NumPy scalar, by its type and value.
    Scalar(crate::types::Scalar, Constant),
    /// A string or `None` (`Type::Str` or `Type::None`).
    Known(crate::types::Type),
    /// A tuple of numbers, strings, `None` and tuples of these; of a namedtuple class, its instance.
    Tuple(Vec<Binding>, Option<Arc<crate::types::TupleClass>>),
    /// A NumPy array (of numbers or bools), frozen.
    Array(Arc<ConstantArray>),
    /// A compiled or plain Python function the module's source does not define.
    Function(Arc<FunctionSource>),
    /// A module compiled code does not know, by the members the code reads.
    Namespace(Vec<(String, Binding)>),
    /// A value compiled code cannot use, with why; an error only where the code uses it.
    Refused(String),
    /// A function with `@overload` implementations, by its key; bound under `.name`, the method
    /// `name` with `@overload_method` implementations.
    Overload(String),
    /// A `collections.namedtuple` class.
    TupleClass(Arc<crate::types::TupleClass>),
    /// A `@jitclass` class ([`register_class`]).
    Class(Arc<crate::types::ClassType>),
    /// A user's exception class, by its module and qualified name.
    Exception(String),
    /// A Numba type object other than a number type, by its text (`float64[:]`, `list(int64)`).
    TypeValue(String),
    /// The function bound to the name (given after its own binding) is the kernel of a
    /// `@vectorize` ufunc, with the signatures it was declared with (none for a lazy one):
    /// compiled code calls it on arrays element by element.
    Vectorized(Vec<String>),
    /// The signatures the dispatcher bound to the name (given after its function's own binding)
    /// was compiled for (`@njit("i4(i8[:])")`): compiled callers convert to them, as Numba's do.
    Declared(Vec<String>),
    /// The types the dispatcher's `locals=` option declares for the function's variables (given
    /// after its function's own binding), by variable name and type text.
    Locals(Vec<(String, String)>),
    /// The values of the function's defaults (given after its own binding), by parameter name,
    /// as Python evaluated them where the function is defined.
    Defaults(Vec<(String, Binding)>),
}

/// What a dispatcher declares about the function bound to its name, besides the function itself.
enum Declaration<'b> {
    Signatures(&'b [String]),
    Locals(&'b [(String, String)]),
    Vectorized(&'b [String]),
    Defaults(&'b [(String, Binding)]),
}

impl<'b> Declaration<'b> {
    fn of(binding: &'b Binding) -> Option<Self> {
        match binding {
            Binding::Declared(signatures) => Some(Self::Signatures(signatures)),
            Binding::Locals(locals) => Some(Self::Locals(locals)),
            Binding::Vectorized(signatures) => Some(Self::Vectorized(signatures)),
            Binding::Defaults(values) => Some(Self::Defaults(values)),
            _ => None,
        }
    }
}

/// A parsed Python module.
pub struct SourceModule {
    pub file: SourceFile,
    functions: HashMap<String, StmtFunctionDef>,
    globals: HashMap<String, Global>,
    /// Where the prelude lies in `file.text`.
    prelude: std::ops::Range<usize>,
    /// The functions of other modules compiled with this one, with the names they are called by.
    included: Vec<(Arc<FunctionSource>, String)>,
    /// Each overload's implementations given so far: the argument types, the function's name.
    implementations: HashMap<String, Vec<(Vec<crate::types::Type>, String)>>,
    /// The members of each `@jitclass` class compiled with the module, by the class's number:
    /// name, kind, and the name of the function compiled for it.
    classes: HashMap<usize, Vec<(String, MemberKind, String)>>,
    /// The signatures functions were declared with, by the name they are compiled under.
    declared: HashMap<String, Vec<crate::types::Signature>>,
    /// The types functions' `locals=` options declare for their variables, by the name the
    /// functions are compiled under.
    declared_locals: HashMap<String, HashMap<String, crate::types::Type>>,
    /// The values of functions' defaults Python evaluated, by the name the functions are compiled
    /// under: a default these give is compiled as its value, not as its source.
    default_values: HashMap<String, Vec<(String, Binding)>>,
    /// The kernels of `@vectorize` ufuncs, by the name they are compiled under.
    vectorized: HashSet<String>,
}

fn known_module(name: &str) -> Option<&'static str> {
    match name {
        "math" => Some("math"),
        "cmath" => Some("cmath"),
        "numpy" => Some("numpy"),
        "numpy.linalg" => Some("linalg"),
        "numpy.lib.stride_tricks" => Some("stride_tricks"),
        "operator" => Some("operator"),
        "heapq" => Some("heapq"),
        "random" => Some("random"),
        "numba" | "rumba" => Some("rumba"),
        "numba.cuda" | "rumba.cuda" => Some("cuda"),
        "numba.typed" | "rumba.typed" => Some("typed"),
        "numba.types" | "rumba.types" => Some("types"),
        _ => None,
    }
}

/// NumPy functions written in Python (`prelude/numpy.py`), compiled with the module that calls them.
pub(crate) const NUMPY_PRELUDE: &str = include_str!("prelude/numpy.py");
/// The file name diagnostics give the prelude's lines.
pub const NUMPY_PRELUDE_FILE: &str = "<rumba prelude>/numpy.py";

/// The name under which the prelude's function `name` is known: `np.cumsum`, which no Python
/// function of the user's module can be called.
pub fn prelude_name(name: &str) -> String {
    format!("np.{name}")
}

/// The functions and globals a module's top-level statements define.
#[derive(Default)]
struct Definitions {
    functions: HashMap<String, StmtFunctionDef>,
    globals: HashMap<String, Global>,
}

impl Definitions {
    fn read(&mut self, statement: Stmt) {
        match statement {
            Stmt::FunctionDef(function) => {
                self.globals.insert(function.name.to_string(), Global::Function(function.name.to_string()));
                self.functions.insert(function.name.to_string(), function);
            }
            Stmt::Import(import) => {
                for alias in &import.names {
                    let Some(module) = known_module(alias.name.as_str()) else { continue };
                    let bound = alias.asname.as_ref().unwrap_or(&alias.name).to_string();
                    self.globals.insert(bound, Global::Module(module));
                }
            }
            Stmt::ImportFrom(import) => {
                let Some(module) = import.module.as_ref().and_then(|name| known_module(name.as_str())) else {
                    return;
                };
                for alias in &import.names {
                    let bound = alias.asname.as_ref().unwrap_or(&alias.name).to_string();
                    // `from numba import cuda` imports a module.
                    let global = match (module, alias.name.as_str()) {
                        ("rumba", "cuda") => Global::Module("cuda"),
                        ("rumba", "typed") => Global::Module("typed"),
                        ("rumba", "types") => Global::Module("types"),
                        ("numpy", "linalg") => Global::Module("linalg"),
                        _ => Global::ModuleMember(module, alias.name.to_string()),
                    };
                    self.globals.insert(bound, global);
                }
            }
            Stmt::Assign(assign) if assign.targets.len() == 1 => {
                let Expr::Name(name) = &assign.targets[0] else { return };
                if let Some(literal) = literal_global(&assign.value) {
                    self.globals.insert(name.id.to_string(), literal);
                }
            }
            _ => {}
        }
    }

    /// Versions the variables reassigned at the top level of each function (`versions.rs`),
    /// lifts the functions defined inside functions to the module (`lift.rs`), makes `*args`
    /// parameters tuples (`star_args.rs`), then rewrites the loops of every function
    /// (`desugar.rs`), in name order, so that the names and ranges the rewrites make are the same
    /// every time.
    fn desugar(&mut self, file: &mut SourceFile) {
        let mut pending: Vec<String> = self.functions.keys().cloned().collect();
        pending.sort_unstable_by(|a, b| b.cmp(a));
        while let Some(name) = pending.pop() {
            let function = self.functions.get_mut(&name).expect("a key of the map");
            crate::versions::version_variables(function);
            for lifted in crate::lift::lift_nested_functions(&name, function, file) {
                let lifted_name = lifted.name.to_string();
                self.globals.insert(lifted_name.clone(), Global::Function(lifted_name.clone()));
                self.functions.insert(lifted_name.clone(), lifted);
                pending.push(lifted_name);
            }
        }
        let mut names: Vec<String> = self.functions.keys().cloned().collect();
        names.sort();
        let mut variadic = HashMap::new();
        for name in &names {
            let function = self.functions.get_mut(name).expect("a key of the map");
            if let Some(named) = crate::star_args::collapse_star_parameter(function) {
                let star = function.parameters.args.last().expect("the star parameter, now the last").name().to_string();
                variadic.insert(name.clone(), (named, star));
            }
        }
        if !variadic.is_empty() {
            for name in &names {
                crate::star_args::pack_star_arguments(self.functions.get_mut(name).expect("a key of the map"), &variadic, file);
            }
        }
        let globals = &self.globals;
        // Loops over `range`, `prange` and the names the module imports `prange` as stay range loops.
        let ranges = |name: &str| match globals.get(name) {
            Some(Global::ModuleMember(_, member)) => member == "prange",
            Some(_) => false,
            None => matches!(name, "range" | "prange" | crate::desugar::PARALLEL_RANGE),
        };
        // `list(x)` and `dict()`, and Numba's `typed.List(x)` and `typed.Dict()` however they are
        // imported, make lists and dicts.
        let lists = |callee: &Expr| names_container(globals, callee, "list", "List");
        let dicts = |callee: &Expr| names_container(globals, callee, "dict", "Dict");
        let builtins = |name: &str| !globals.contains_key(name);
        let generators = crate::inline_generators::generators(self.functions.iter());
        let inlining = std::cell::RefCell::new(Vec::new());
        let known = crate::desugar::KnownCalls { ranges: &ranges, lists: &lists, dicts: &dicts, builtins: &builtins, generators: &generators, inlining: &inlining };
        for name in &names {
            let function = self.functions.get_mut(name).expect("a key of the map");
            crate::desugar::bind_range_variables(function, file, &builtins);
            crate::desugar::bind_slice_variables(function, file, &builtins);
            crate::desugar::bind_iterator_variables(function, file, &builtins);
            crate::desugar::desugar(&mut function.body, file, &known);
        }
    }
}

/// Whether `callee` is the built-in `builtin` or Numba's `typed.<typed>` (by any import of it,
/// or as `numba.typed.<typed>`).
pub(crate) fn names_container(globals: &HashMap<String, Global>, callee: &Expr, builtin: &str, typed: &str) -> bool {
    match callee {
        Expr::Name(name) => match globals.get(name.id.as_str()) {
            Some(Global::ModuleMember("typed", member)) => member == typed,
            Some(_) => false,
            None => name.id.as_str() == builtin,
        },
        Expr::Attribute(attribute) => {
            attribute.attr.as_str() == typed
                && match &*attribute.value {
                    Expr::Name(base) => globals.get(base.id.as_str()) == Some(&Global::Module("typed")),
                    Expr::Attribute(module) => module.attr.as_str() == "typed" && matches!(&*module.value, Expr::Name(base) if globals.get(base.id.as_str()) == Some(&Global::Module("rumba"))),
                    _ => false,
                }
        }
        _ => false,
    }
}

impl SourceModule {
    /// Parses a module's source, with rumba's prelude after it; a syntax error is a located
    /// diagnostic.
    pub fn parse(source: &str, file_name: &str) -> Result<Self, Diagnostics> {
        let mut file = SourceFile::new(file_name, source);
        let prelude_start = file.append(NUMPY_PRELUDE_FILE, NUMPY_PRELUDE);
        let parsed = ruff_python_parser::parse_module(&file.text).map_err(|error| {
            Diagnostic::at(&file, error.location, DiagnosticKind::Syntax, format!("invalid syntax: {}", error.error))
        })?;
        let mut module = Definitions::default();
        let mut prelude = Definitions::default();
        for statement in parsed.into_syntax().body {
            if statement.range().start().to_usize() >= prelude_start {
                prelude.read(statement);
            } else {
                module.read(statement);
            }
        }
        module.desugar(&mut file);
        prelude.desugar(&mut file);
        let mut functions = module.functions;
        functions.extend(prelude.functions.into_iter().map(|(name, function)| (prelude_name(&name), function)));
        let mut globals = module.globals;
        // The prelude's imports and constants bind only names the module leaves free.
        for (name, global) in prelude.globals {
            if matches!(global, Global::Module(_) | Global::Constant(_)) {
                globals.entry(name).or_insert(global);
            }
        }
        globals.insert(crate::desugar::PRELUDE_MODULE.to_string(), Global::Module("numpy"));
        let prelude = prelude_start..file.text.len();
        let mut module = Self { file, functions, globals, prelude, included: Vec::new(), implementations: HashMap::new(), classes: HashMap::new(), declared: HashMap::new(), declared_locals: HashMap::new(), default_values: HashMap::new(), vectorized: HashSet::new() };
        module.settle_functions();
        Ok(module)
    }

    /// Binds the names of a function's environment by value, over what the module's source says
    /// of them: the values are those Python holds when the function is first compiled. A module
    /// or function outside what compiled code knows is an error naming it.
    pub fn bind(&mut self, environment: &[(String, Binding)]) -> Result<(), String> {
        for (name, binding) in environment {
            if let Some(declaration) = Declaration::of(binding) {
                let function = self.globals.get(name).cloned();
                self.declare(name, function, declaration)?;
                continue;
            }
            for (name, global) in self.globals_of(name, binding)? {
                // A function of the module is called by its definition, whatever else binds its
                // name, unless it is overloaded or bound to another definition (one of several of
                // its name in the file, or another module's).
                if !matches!(self.globals.get(&name), Some(Global::Function(_))) || matches!(global, Global::Overload(_) | Global::Function(_)) {
                    self.globals.insert(name, global);
                }
            }
        }
        if self.globals.values().any(|global| *global == Global::Namespace) {
            let own: Vec<String> = self.function_names().map(str::to_string).collect();
            for name in own {
                let function = self.functions.remove(&name).expect("a function of the module");
                self.functions.insert(name, crate::namespace::rename_globals(function, &self.globals, ""));
            }
        }
        self.settle_functions();
        Ok(())
    }

    /// The module's functions (its own and those included) as the module's values make them:
    /// defaults given by value or naming constants folded, NumPy's functions imported by name
    /// called as `np.name`, `typed.Dict()` and `typed.List()` bound by value written as `{}` and
    /// `[]`.
    fn settle_functions(&mut self) {
        let globals = &self.globals;
        for (name, function) in self.functions.iter_mut() {
            if !name.starts_with("np.") {
                fold_constant_defaults(name, function, globals, self.default_values.get(name).map_or(&[], Vec::as_slice));
                crate::namespace::qualify_numpy_calls(function, globals);
                crate::namespace::empty_typed_containers(function, globals);
            }
        }
    }

    /// Records the signatures `name`'s dispatcher declares, for the function `name` is bound to.
    fn declare(&mut self, name: &str, function: Option<Global>, declaration: Declaration<'_>) -> Result<(), String> {
        let Some(Global::Function(compiled)) = function else { return Ok(()) };
        match declaration {
            Declaration::Signatures(signatures) => {
                let parsed = signatures
                    .iter()
                    .map(|signature| crate::types::parse_signature(signature).map_err(|message| format!("'{name}' declares a signature rumba cannot read: {message}")))
                    .collect::<Result<_, _>>()?;
                self.declared.insert(compiled, parsed);
            }
            Declaration::Vectorized(signatures) => {
                self.vectorized.insert(compiled.clone());
                // Called on numbers, the kernel converts as a function declared with them does.
                if !signatures.is_empty() {
                    return self.declare(name, Some(Global::Function(compiled)), Declaration::Signatures(signatures));
                }
            }
            Declaration::Locals(locals) => {
                let parsed = locals
                    .iter()
                    .map(|(variable, text)| {
                        let declared = crate::types::parse_type(text).map_err(|message| format!("'{name}' declares its local '{variable}' with a type rumba cannot read: {message}"))?;
                        Ok((variable.clone(), declared))
                    })
                    .collect::<Result<_, String>>()?;
                self.declared_locals.insert(compiled, parsed);
            }
            Declaration::Defaults(values) => {
                // A value no literal writes (a dtype, a function, an array) is bound as a global
                // of a name no source can hold, which the default names.
                for (parameter, value) in values {
                    if binding_literal(value, TextRange::default()).is_none() {
                        let globals = self.globals_of(&default_global(&compiled, parameter), value)?;
                        self.globals.extend(globals);
                    }
                }
                self.default_values.insert(compiled, values.to_vec());
            }
        }
        Ok(())
    }

    /// Whether the function compiled as `name` is the kernel of a `@vectorize` ufunc.
    pub fn is_vectorized(&self, name: &str) -> bool {
        self.vectorized.contains(name)
    }

    /// The type the `locals=` option of the function compiled as `function` declares for its
    /// variable `variable`, if any.
    pub fn declared_local(&self, function: &str, variable: &str) -> Option<&crate::types::Type> {
        self.declared_locals.get(function)?.get(variable)
    }

    /// The signatures the function compiled as `name` was declared with, if any.
    pub fn declared(&self, name: &str) -> Option<&[crate::types::Signature]> {
        self.declared.get(name).map(Vec::as_slice)
    }

    /// The globals the environment's `name`, bound to `binding`, makes in compiled code: the
    /// name's, and for a namespace its members' (`helpers.norm`).
    fn globals_of(&mut self, name: &str, binding: &Binding) -> Result<Vec<(String, Global)>, String> {
        let global = match binding {
            Binding::Module(module) => Global::Module(known_module(module).ok_or_else(|| format!("'{name}' is the module '{module}', which compiled code does not support"))?),
            Binding::Member(module, member) => {
                Global::ModuleMember(known_module(module).ok_or_else(|| format!("'{name}' is '{module}.{member}', which compiled code does not support"))?, member.clone())
            }
            Binding::Constant(constant) => Global::Constant(*constant),
            Binding::Scalar(scalar, constant) => Global::Scalar(*scalar, *constant),
            Binding::Known(known) => Global::Known(known.clone()),
            Binding::Tuple(elements, class) => Global::Tuple(elements.iter().map(|element| constant_element(name, element)).collect::<Result<_, _>>()?, class.clone()),
            Binding::Array(array) => {
                let elements: usize = array.shape.iter().product();
                if elements * array.dtype.size_in_bytes() != array.bytes.len() {
                    return Err(format!("'{name}' is an array of {elements} elements of {} but holds {} bytes", array.dtype.numba_name(), array.bytes.len()));
                }
                if array.dtype.is_complex() {
                    return Err(format!("'{name}' is an array of complex numbers, which compiled code does not support yet"));
                }
                Global::Array(array.clone())
            }
            Binding::Function(function) => Global::Function(self.include(function)?),
            Binding::Refused(reason) => Global::Refused(reason.clone()),
            Binding::Overload(key) => Global::Overload(key.clone()),
            Binding::TupleClass(class) => Global::TupleClass(class.clone()),
            Binding::Exception(class) => Global::Exception(class.clone()),
            Binding::TypeValue(text) => match crate::types::parse_type(text) {
                Ok(named) => Global::TypeValue(named),
                Err(reason) => Global::Refused(format!("is the type {text}, which compiled code cannot read: {reason}")),
            },
            // Recorded by `bind` and `include`, which know the function the name is bound to.
            Binding::Declared(_) | Binding::Locals(_) | Binding::Vectorized(_) | Binding::Defaults(_) => return Ok(Vec::new()),
            Binding::Class(class) => {
                self.include_class(class)?;
                Global::Class(class.clone())
            }
            Binding::Namespace(members) => {
                let mut globals = vec![(name.to_string(), Global::Namespace)];
                for (member, binding) in members {
                    let member = format!("{name}.{member}");
                    if let Some(declaration) = Declaration::of(binding) {
                        let function = globals.iter().rev().find(|(bound, _)| *bound == member).map(|(_, global)| global.clone());
                        self.declare(&member, function, declaration)?;
                        continue;
                    }
                    globals.extend(self.globals_of(&member, binding)?);
                }
                return Ok(globals);
            }
        };
        Ok(vec![(name.to_string(), global)])
    }

    /// Compiles a function of another module with this one: its source is appended to the
    /// module's, its functions and globals are renamed into a namespace of their own
    /// (`helpers.norm`, `helpers.SCALE`), and its environment is bound there. Returns the name
    /// it is called by.
    fn include(&mut self, source: &Arc<FunctionSource>) -> Result<String, String> {
        if let Some((_, name)) = self.included.iter().find(|(included, _)| included == source) {
            return Ok(name.clone());
        }
        let prefix = self.namespace_for(&source.module);
        let compiled_name = format!("{prefix}{}", source.name);
        self.included.push((source.clone(), compiled_name.clone()));
        let start = self.file.append(&source.file_name, &source.source);
        // Parsed where it lies in the text, so that its ranges locate in it.
        let placed = "\n".repeat(start) + &source.source;
        let parsed = ruff_python_parser::parse_module(&placed).map_err(|error| {
            Diagnostic::at(&self.file, error.location, DiagnosticKind::Syntax, format!("invalid syntax: {}", error.error)).to_string()
        })?;
        let mut definitions = Definitions::default();
        for statement in parsed.into_syntax().body {
            definitions.read(statement);
        }
        if !definitions.functions.contains_key(&source.name) {
            return Err(format!("the source of '{}' given in {} does not define it", source.name, source.file_name));
        }
        for global in definitions.globals.values_mut() {
            if let Global::Function(name) = global {
                *name = format!("{prefix}{name}");
            }
        }
        for (name, binding) in &source.environment {
            if let Some(declaration) = Declaration::of(binding) {
                self.declare(name, definitions.globals.get(name).cloned(), declaration)?;
                continue;
            }
            for (name, global) in self.globals_of(name, binding)? {
                if !matches!(definitions.globals.get(&name), Some(Global::Function(_))) || matches!(global, Global::Overload(_) | Global::Function(_)) {
                    definitions.globals.insert(name, global);
                }
            }
        }
        let bound_before_desugaring: HashSet<String> = definitions.globals.keys().cloned().collect();
        definitions.desugar(&mut self.file);
        // The functions lifted out of the module's functions (`outer.inner`) are in its namespace too.
        for (name, global) in definitions.globals.iter_mut() {
            if let (false, Global::Function(lifted)) = (bound_before_desugaring.contains(name), global) {
                *lifted = format!("{prefix}{lifted}");
            }
        }
        for (name, function) in definitions.functions {
            self.functions.insert(format!("{prefix}{name}"), crate::namespace::rename_globals(function, &definitions.globals, &prefix));
        }
        for (name, global) in definitions.globals {
            // Methods are not named by a module's globals: `.name` means the same everywhere.
            let name = if name.starts_with('.') { name } else { format!("{prefix}{name}") };
            self.globals.insert(name, global);
        }
        Ok(compiled_name)
    }

    /// Compiles the members of `class` with the module, and those of the classes its fields hold
    /// (once each: a member's environment names its own class).
    pub fn include_class(&mut self, class: &crate::types::ClassType) -> Result<(), String> {
        if self.classes.contains_key(&class.id) {
            return Ok(());
        }
        self.classes.insert(class.id, Vec::new());
        let mut compiled = Vec::new();
        for member in members_of(class.id) {
            compiled.push((member.name, member.kind, self.include(&member.source)?));
        }
        self.classes.insert(class.id, compiled);
        let field_types: Vec<crate::types::Type> = class.fields.iter().map(|(_, field_type)| field_type.clone()).collect();
        self.include_classes(&field_types)
    }

    /// Compiles the members of every `@jitclass` class among `types` (inside tuples and
    /// containers too) with the module: what a function taking such instances calls.
    pub fn include_classes(&mut self, types: &[crate::types::Type]) -> Result<(), String> {
        use crate::types::Type;
        for held in types {
            match held {
                Type::Instance(class) => self.include_class(class)?,
                Type::Tuple(elements, _) => self.include_classes(elements)?,
                Type::List(element) | Type::Set(element) | Type::Optional(element) => self.include_classes(std::slice::from_ref(element))?,
                Type::Dict(key, value) => self.include_classes(&[(**key).clone(), (**value).clone()])?,
                _ => {}
            }
        }
        Ok(())
    }

    /// The function compiled for member `name` of kind `kind` of `class`, if it has one.
    pub fn class_member(&self, class: &crate::types::ClassType, name: &str, kind: MemberKind) -> Option<&str> {
        let members = self.classes.get(&class.id)?;
        members.iter().find(|(member, member_kind, _)| member == name && *member_kind == kind).map(|(_, _, compiled)| compiled.as_str())
    }

    /// A prefix no name of the module starts with, for the names of an included module.
    fn namespace_for(&self, module: &str) -> String {
        let readable: String = module.chars().map(|character| if character.is_ascii_alphanumeric() || character == '_' || character == '.' { character } else { '_' }).collect();
        // An included function's name is taken before its own environment is bound (which may
        // include more), and its definitions are added.
        let included = self.included.iter().map(|(_, name)| name);
        let taken = |prefix: &str| prefix == "np." || self.functions.keys().chain(self.globals.keys()).chain(included.clone()).any(|name| name.starts_with(prefix));
        let mut prefix = format!("{readable}.");
        let mut suffix = 1;
        while taken(&prefix) {
            suffix += 1;
            prefix = format!("{readable}${suffix}.");
        }
        prefix
    }

    /// Compiles `implementation` with the module as what the overload `key` runs for arguments
    /// of `arguments`' types.
    pub fn implement(&mut self, key: &str, arguments: Vec<crate::types::Type>, implementation: &Arc<FunctionSource>) -> Result<(), String> {
        let name = self.include(implementation)?;
        self.implementations.entry(key.to_string()).or_default().push((arguments, name));
        Ok(())
    }

    /// The function the overload `key` runs for arguments of `arguments`' types, if it has been given.
    pub fn implementation(&self, key: &str, arguments: &[crate::types::Type]) -> Option<&str> {
        let implementations = self.implementations.get(key)?;
        implementations.iter().find(|(types, _)| types == arguments).map(|(_, name)| name.as_str())
    }

    /// The overload of the method `name`, if there is one.
    pub fn method_overload(&self, name: &str) -> Option<&str> {
        match self.globals.get(&format!(".{name}")) {
            Some(Global::Overload(key)) => Some(key),
            _ => None,
        }
    }

    pub fn function(&self, name: &str) -> Option<&StmtFunctionDef> {
        self.functions.get(name)
    }

    /// The names of the module's own functions (not the prelude's).
    pub fn function_names(&self) -> impl Iterator<Item = &str> {
        // The prelude's and other modules' names are dotted (`np.cumsum`, `helpers.norm`).
        self.functions.keys().map(String::as_str).filter(|name| !name.contains('.'))
    }

    /// The name `function` is known by: its own (prefixed for another module's), or `np.name`
    /// for the prelude's.
    pub fn name_of(&self, function: &StmtFunctionDef) -> String {
        if self.prelude.contains(&function.range.start().to_usize()) {
            prelude_name(function.name.as_str())
        } else {
            function.name.to_string()
        }
    }

    /// Whether `range` lies in the prelude's source (NumPy's functions written in Python).
    pub fn in_prelude(&self, range: TextRange) -> bool {
        self.prelude.contains(&range.start().to_usize())
    }

    /// The prelude function `np.name` implements, if there is one.
    pub fn prelude_function(&self, name: &str) -> Option<String> {
        let name = prelude_name(name);
        self.functions.contains_key(&name).then_some(name)
    }

    pub fn global(&self, name: &str) -> Option<&Global> {
        self.globals.get(name)
    }

    pub fn error(&self, range: TextRange, kind: DiagnosticKind, message: impl Into<String>) -> Diagnostic {
        Diagnostic::at(&self.file, range, kind, message)
    }

    pub fn unsupported(&self, node: &(impl Ranged + ?Sized), message: impl Into<String>) -> Diagnostic {
        self.error(node.range(), DiagnosticKind::Unsupported, message)
    }

    pub fn typing(&self, node: &(impl Ranged + ?Sized), message: impl Into<String>) -> Diagnostic {
        self.error(node.range(), DiagnosticKind::Typing, message)
    }
}

/// Parameter defaults other than literals as the literals of the values Python evaluated when the
/// function was defined: given by value (`rtol=16 * np.finfo(float).eps`), or naming a constant
/// of the module (`tol=TOL`), so that a caller evaluates the value, not the source in its own
/// scope.
fn fold_constant_defaults(compiled: &str, function: &mut StmtFunctionDef, globals: &HashMap<String, Global>, values: &[(String, Binding)]) {
    let parameters = &mut function.parameters;
    for parameter in parameters.posonlyargs.iter_mut().chain(parameters.args.iter_mut()).chain(parameters.kwonlyargs.iter_mut()) {
        let Some(default) = parameter.default.as_deref() else { continue };
        if is_literal_default(default) {
            continue;
        }
        let range = default.range();
        let name = parameter.parameter.name.as_str();
        let value = values.iter().find(|(parameter, _)| parameter == name).map(|(_, value)| value);
        let folded = match (value, default) {
            (Some(value), _) => binding_literal(value, range).or_else(|| {
                let bound = default_global(compiled, name);
                globals.contains_key(&bound).then(|| Expr::Name(ruff_python_ast::ExprName { node_index: Default::default(), range, id: bound.into(), ctx: ruff_python_ast::ExprContext::Load }))
            }),
            (None, Expr::Name(name)) => match globals.get(name.id.as_str()) {
                Some(Global::Constant(constant)) => Some(constant_literal(constant, range)),
                Some(Global::Known(crate::types::Type::None)) => Some(none_literal(range)),
                _ => None,
            },
            (None, _) => None,
        };
        if let Some(folded) = folded {
            parameter.default = Some(Box::new(folded));
        }
    }
}

/// The global a default of `function`'s `parameter` is bound to where no literal writes its value;
/// the `.` keeps it apart from every name a source can bind.
fn default_global(function: &str, parameter: &str) -> String {
    format!("{function}.__defaults__.{parameter}")
}

/// A value of an environment as a literal a default may be: a number, a bool, None, or a tuple
/// of these.
fn binding_literal(value: &Binding, range: TextRange) -> Option<Expr> {
    match value {
        Binding::Constant(constant) => Some(constant_literal(constant, range)),
        Binding::Known(crate::types::Type::None) => Some(none_literal(range)),
        Binding::Tuple(elements, None) => Some(Expr::Tuple(ruff_python_ast::ExprTuple {
            node_index: Default::default(),
            range,
            elts: elements.iter().map(|element| binding_literal(element, range)).collect::<Option<_>>()?,
            ctx: ruff_python_ast::ExprContext::Load,
            parenthesized: true,
        })),
        _ => None,
    }
}

fn none_literal(range: TextRange) -> Expr {
    Expr::NoneLiteral(ruff_python_ast::ExprNoneLiteral { node_index: Default::default(), range })
}

/// The literal of a constant: `-` applied to the magnitude where it is a negative integer.
fn constant_literal(constant: &Constant, range: TextRange) -> Expr {
    let literal = |value: Number| Expr::NumberLiteral(ruff_python_ast::ExprNumberLiteral { node_index: Default::default(), range, value });
    match *constant {
        Constant::Bool(value) => Expr::BooleanLiteral(ruff_python_ast::ExprBooleanLiteral { node_index: Default::default(), range, value }),
        Constant::Float(value) => literal(Number::Float(value)),
        Constant::Complex(real, imag) => literal(Number::Complex { real, imag }),
        Constant::Int(value) if value >= 0 => literal(Number::Int(ruff_python_ast::Int::from(value as u64))),
        Constant::Int(value) => Expr::UnaryOp(ruff_python_ast::ExprUnaryOp {
            node_index: Default::default(),
            range,
            op: ruff_python_ast::UnaryOp::USub,
            operand: Box::new(literal(Number::Int(ruff_python_ast::Int::from(value.unsigned_abs())))),
        }),
    }
}

/// Whether a parameter's default is a literal a call may evaluate its own copy of: a number, a
/// boolean, a string, None, or a tuple of these (`args=()`); or the global of a value given for
/// it (`default_global`), which names the same value in every caller.
pub fn is_literal_default(default: &Expr) -> bool {
    match default {
        Expr::Tuple(tuple) => tuple.elts.iter().all(is_literal_default),
        Expr::Name(name) => name.id.contains(".__defaults__."),
        Expr::NoneLiteral(_) | Expr::StringLiteral(_) => true,
        other => literal_constant(other).is_some(),
    }
}

/// The value of a literal expression (`3`, `-2.5`, `True`), if it is one.
pub fn literal_constant(expr: &Expr) -> Option<Constant> {
    match expr {
        Expr::NumberLiteral(literal) => match &literal.value {
            Number::Int(int) => int.as_i64().map(Constant::Int),
            Number::Float(float) => Some(Constant::Float(*float)),
            Number::Complex { real, imag } => Some(Constant::Complex(*real, *imag)),
        },
        Expr::BooleanLiteral(literal) => Some(Constant::Bool(literal.value)),
        Expr::UnaryOp(unary) if unary.op == ruff_python_ast::UnaryOp::USub => {
            match literal_constant(&unary.operand)? {
                Constant::Int(value) => Some(Constant::Int(value.checked_neg()?)),
                Constant::Float(value) => Some(Constant::Float(-value)),
                Constant::Bool(value) => Some(Constant::Int(-(value as i64))),
                Constant::Complex(real, imag) => Some(Constant::Complex(-real, -imag)),
            }
        }
        _ => None,
    }
}

/// The value of an integer literal beyond int64 that fits 64 bits, which Numba types uint64 (no
/// `literal_constant`, so that nothing reads it as an int64 when compiling).
pub fn unsigned_literal(expr: &Expr) -> Option<u64> {
    match expr {
        Expr::NumberLiteral(literal) => match &literal.value {
            Number::Int(int) if int.as_i64().is_none() => int.as_u64(),
            _ => None,
        },
        _ => None,
    }
}

/// The global a module-level literal binds: a number, a string, `None`, or a tuple of these.
fn literal_global(expr: &Expr) -> Option<Global> {
    match expr {
        Expr::StringLiteral(literal) => Some(Global::Known(crate::types::Type::Str(literal.value.to_str().to_string()))),
        Expr::NoneLiteral(_) => Some(Global::Known(crate::types::Type::None)),
        Expr::Tuple(tuple) => tuple.elts.iter().map(literal_global).collect::<Option<_>>().map(|elements| Global::Tuple(elements, None)),
        other => literal_constant(other).map(Global::Constant),
    }
}

/// An element of a tuple bound by value: a number, a string, `None` or a tuple of these.
fn constant_element(name: &str, binding: &Binding) -> Result<Global, String> {
    match binding {
        Binding::Constant(constant) => Ok(Global::Constant(*constant)),
        Binding::Scalar(scalar, constant) => Ok(Global::Scalar(*scalar, *constant)),
        Binding::Known(known) => Ok(Global::Known(known.clone())),
        Binding::Tuple(elements, class) => Ok(Global::Tuple(elements.iter().map(|element| constant_element(name, element)).collect::<Result<_, _>>()?, class.clone())),
        _ => Err(format!("'{name}' is a tuple holding values other than numbers, strings and None, which compiled code does not support")),
    }
}

/// The value of a float constant of `math` or `numpy` by name (`pi`, `e`, `tau`, `inf`, `nan`).
pub fn math_constant(name: &str) -> Option<f64> {
    match name {
        "pi" => Some(std::f64::consts::PI),
        "e" => Some(std::f64::consts::E),
        "tau" => Some(std::f64::consts::TAU),
        "inf" => Some(f64::INFINITY),
        "nan" => Some(f64::NAN),
        _ => None,
    }
}


/// Python's built-in exception classes that compiled code may raise.
pub fn is_builtin_exception(name: &str) -> bool {
    matches!(
        name,
        "Exception"
            | "ValueError"
            | "TypeError"
            | "IndexError"
            | "KeyError"
            | "ZeroDivisionError"
            | "ArithmeticError"
            | "OverflowError"
            | "RuntimeError"
            | "NotImplementedError"
            | "AssertionError"
            | "LookupError"
            | "StopIteration"
            | "UnboundLocalError"
            | "NameError"
            | "RecursionError"
            | "MemoryError"
            | "AttributeError"
            | "FloatingPointError"
            | "OSError"
            | "SystemError"
            | "Warning"
            | "UserWarning"
            | "RuntimeWarning"
            | "DeprecationWarning"
            | "FutureWarning"
    )
}

// The `@jitclass` classes of this process. A class is registered once, with its fields, when it is
// decorated; its methods and properties are given later, when it is first used, so that their
// environments are read then (as Numba reads globals at first compile). A module compiles a
// class's members with the code that uses it ([`SourceModule::include_class`]).

/// What a member of a class is to compiled code.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum MemberKind {
    /// A method (`__init__` among them), called with the instance as its first argument.
    Method,
    /// A property's getter, run where the attribute is read.
    Getter,
    /// A property's setter, run where the attribute is assigned.
    Setter,
    /// A static method, called on the class or an instance without it.
    Static,
}

/// A method or property function of a class, compiled from its own source.
#[derive(Clone, Debug, PartialEq)]
pub struct ClassMember {
    pub name: String,
    pub kind: MemberKind,
    pub source: Arc<FunctionSource>,
}

/// Each class registered, by its number, with its members once given.
static CLASSES: std::sync::Mutex<Vec<(Arc<crate::types::ClassType>, Vec<ClassMember>)>> = std::sync::Mutex::new(Vec::new());

fn classes() -> std::sync::MutexGuard<'static, Vec<(Arc<crate::types::ClassType>, Vec<ClassMember>)>> {
    CLASSES.lock().unwrap_or_else(|poisoned| poisoned.into_inner())
}

/// A new class of qualified name `name` with these fields; an error names a field whose type
/// an instance cannot hold.
pub fn register_class(name: &str, fields: Vec<(String, crate::types::Type)>) -> Result<Arc<crate::types::ClassType>, String> {
    if let Some((field, field_type)) = fields.iter().find(|(_, field_type)| !field_type.is_list_element() || field_type.has_unknown()) {
        return Err(format!("field '{field}' of jitclass {name} has type {field_type}, which a jitclass instance cannot hold"));
    }
    let mut classes = classes();
    let class = Arc::new(crate::types::ClassType { name: name.to_string(), id: classes.len(), fields });
    classes.push((class.clone(), Vec::new()));
    Ok(class)
}

/// Gives class `id` its members.
pub fn define_members(id: usize, members: Vec<ClassMember>) -> Result<(), String> {
    let mut classes = classes();
    let (_, defined) = classes.get_mut(id).ok_or_else(|| format!("no jitclass has the number {id}"))?;
    *defined = members;
    Ok(())
}

/// The members given to class `id` so far.
fn members_of(id: usize) -> Vec<ClassMember> {
    classes().get(id).map(|(_, members)| members.clone()).unwrap_or_default()
}
