//! The module a function lives in: its functions, its imports and its literal constants, and what a
//! name inside a compiled function refers to.

use crate::diagnostics::{Diagnostic, DiagnosticKind, Diagnostics, SourceFile};
use ruff_python_ast::{Expr, Number, Stmt, StmtFunctionDef};
use ruff_text_size::{Ranged, TextRange};
use std::{collections::HashMap, sync::Arc};

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
    /// A function defined in the same module: compiled too when called.
    Function(String),
    /// An imported module we know: `math`, `numpy`, `operator`, `random`, or `rumba` (also imported
    /// as `numba`).
    Module(&'static str),
    /// A function imported by name: `from math import sqrt` is `("math", "sqrt")`.
    ModuleMember(&'static str, String),
    Constant(Constant),
    /// An array bound by value, frozen into compiled code as a read-only constant.
    Array(Arc<ConstantArray>),
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
    /// A NumPy array (of numbers or bools), frozen.
    Array(Arc<ConstantArray>),
}

/// A parsed Python module.
pub struct SourceModule {
    pub file: SourceFile,
    functions: HashMap<String, StmtFunctionDef>,
    globals: HashMap<String, Global>,
    /// Where the prelude starts in `file.text`.
    prelude_start: usize,
}

fn known_module(name: &str) -> Option<&'static str> {
    match name {
        "math" => Some("math"),
        "numpy" => Some("numpy"),
        "operator" => Some("operator"),
        "random" => Some("random"),
        "numba" | "rumba" => Some("rumba"),
        _ => None,
    }
}

/// NumPy functions written in Python (`prelude/numpy.py`), compiled with the module that calls them.
const NUMPY_PRELUDE: &str = include_str!("prelude/numpy.py");
/// The file name diagnostics give the prelude's lines.
const NUMPY_PRELUDE_FILE: &str = "<rumba prelude>/numpy.py";

/// The name under which the prelude's function `name` is known: `np.cumsum`, which no Python
/// function of the user's module can be called.
pub fn prelude_name(name: &str) -> String {
    format!("np.{name}")
}

impl SourceModule {
    /// Parses a module's source, with rumba's prelude after it; a syntax error is a located
    /// diagnostic.
    pub fn parse(source: &str, file_name: &str) -> Result<Self, Diagnostics> {
        let mut file = SourceFile::with_appendix(file_name, source, NUMPY_PRELUDE_FILE, NUMPY_PRELUDE);
        let parsed = ruff_python_parser::parse_module(&file.text).map_err(|error| {
            Diagnostic::at(&file, error.location, DiagnosticKind::Syntax, format!("invalid syntax: {}", error.error))
        })?;
        let prelude_start = source.len();
        let mut functions = HashMap::new();
        let mut globals = HashMap::new();
        for statement in parsed.into_syntax().body {
            let in_prelude = statement.range().start().to_usize() > prelude_start;
            match statement {
                Stmt::FunctionDef(function) if in_prelude => {
                    functions.insert(prelude_name(function.name.as_str()), function);
                }
                // The prelude's imports bind only names the module leaves free.
                Stmt::Import(import) if in_prelude => {
                    for alias in &import.names {
                        let Some(module) = known_module(alias.name.as_str()) else { continue };
                        globals.entry(alias.asname.as_ref().unwrap_or(&alias.name).to_string()).or_insert(Global::Module(module));
                    }
                }
                Stmt::FunctionDef(function) => {
                    globals.insert(function.name.to_string(), Global::Function(function.name.to_string()));
                    functions.insert(function.name.to_string(), function);
                }
                Stmt::Import(import) => {
                    for alias in &import.names {
                        let Some(module) = known_module(alias.name.as_str()) else { continue };
                        let bound = alias.asname.as_ref().unwrap_or(&alias.name).to_string();
                        globals.insert(bound, Global::Module(module));
                    }
                }
                Stmt::ImportFrom(import) => {
                    let Some(module) = import.module.as_ref().and_then(|name| known_module(name.as_str())) else {
                        continue;
                    };
                    for alias in &import.names {
                        let bound = alias.asname.as_ref().unwrap_or(&alias.name).to_string();
                        globals.insert(bound, Global::ModuleMember(module, alias.name.to_string()));
                    }
                }
                Stmt::Assign(assign) if assign.targets.len() == 1 => {
                    if let (Expr::Name(name), Some(constant)) = (&assign.targets[0], literal_constant(&assign.value)) {
                        globals.insert(name.id.to_string(), Global::Constant(constant));
                    }
                }
                _ => {}
            }
        }
        globals.insert(crate::desugar::PRELUDE_MODULE.to_string(), Global::Module("numpy"));
        // Loops over `range`, `prange` and the names the module imports `prange` as stay range loops.
        let ranges = |name: &str| match globals.get(name) {
            Some(Global::ModuleMember(_, member)) => member == "prange",
            Some(_) => false,
            None => matches!(name, "range" | "prange"),
        };
        // In name order, so that the names and ranges the rewrite makes are the same every time.
        let mut names: Vec<String> = functions.keys().cloned().collect();
        names.sort();
        for name in names {
            let function = functions.get_mut(&name).expect("a key of the map");
            crate::desugar::desugar(&mut function.body, &mut file, &ranges);
        }
        Ok(Self { file, functions, globals, prelude_start })
    }

    /// Binds the names of a function's environment by value, over what the module's source says
    /// of them: the values are those Python holds when the function is first compiled. A module
    /// or function outside what compiled code knows is an error naming it.
    pub fn bind(&mut self, environment: &[(String, Binding)]) -> Result<(), String> {
        for (name, binding) in environment {
            let global = match binding {
                Binding::Module(module) => Global::Module(known_module(module).ok_or_else(|| format!("'{name}' is the module '{module}', which compiled code does not support"))?),
                Binding::Member(module, member) => {
                    Global::ModuleMember(known_module(module).ok_or_else(|| format!("'{name}' is '{module}.{member}', which compiled code does not support"))?, member.clone())
                }
                Binding::Constant(constant) => Global::Constant(*constant),
                Binding::Array(array) => {
                    let elements: usize = array.shape.iter().product();
                    if elements * array.dtype.size_in_bytes() != array.bytes.len() {
                        return Err(format!("'{name}' is an array of {elements} elements of {} but holds {} bytes", array.dtype.numba_name(), array.bytes.len()));
                    }
                    if array.dtype == crate::types::Scalar::Complex {
                        return Err(format!("'{name}' is an array of complex numbers, which compiled code does not support yet"));
                    }
                    Global::Array(array.clone())
                }
            };
            // A function of the module is called by its definition, whatever else binds its name.
            if !matches!(self.globals.get(name), Some(Global::Function(_))) {
                self.globals.insert(name.clone(), global);
            }
        }
        Ok(())
    }

    pub fn function(&self, name: &str) -> Option<&StmtFunctionDef> {
        self.functions.get(name)
    }

    /// The names of the module's own functions (not the prelude's).
    pub fn function_names(&self) -> impl Iterator<Item = &str> {
        self.functions.keys().map(String::as_str).filter(|name| !name.starts_with("np."))
    }

    /// The name `function` is known by: its own, or `np.name` for the prelude's.
    pub fn name_of(&self, function: &StmtFunctionDef) -> String {
        if function.range.start().to_usize() > self.prelude_start {
            prelude_name(function.name.as_str())
        } else {
            function.name.to_string()
        }
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
    )
}
