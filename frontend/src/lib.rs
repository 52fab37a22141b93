//! rumba's frontend: Python source to the `py` dialect.
//!
//! [`SourceModule::parse`] parses a module with `ruff_python_parser`; [`emit_specialisation`] infers
//! the types of one function for given argument types (and of everything it calls) and prints their
//! `py` IR, every op located at its file:line:col.

mod array_calls;
pub mod cfunc;
mod class_operators;
mod cuda;
mod definite_assignment;
mod desugar;
mod dicts;
pub mod diagnostics;
mod emit;
pub mod format_spec;
mod infer;
mod hoist_calls;
mod inline_generators;
mod lift;
mod lists;
mod literal_containers;
mod namespace;
pub mod objmode;
pub mod resolve;
mod star_args;
mod stencil;
pub mod strings;
mod text;
pub mod types;
mod unroll;
mod versions;
mod ufuncs;

pub use diagnostics::{Diagnostic, DiagnosticKind, Diagnostics, MissingImplementation, SourceFile, SourceLocation};
pub use emit::RaiseSite;
pub use format_spec::FormatSpec;
pub use lists::{SORT_SIGNED, SORT_TEXT, SORT_UNSIGNED};
pub use resolve::SourceModule;
pub use stencil::is_stencil;
pub use text::python_repr;
pub use types::{parse_signature, parse_type, ArrayType, Scalar, Signature, Type};

use ruff_text_size::{Ranged, TextRange};
use std::time::{Duration, Instant};

/// The `py` IR of one specialisation and of every function it calls.
#[derive(Clone, Debug)]
pub struct EmittedModule {
    /// MLIR text of a `builtin.module`.
    pub text: String,
    /// The symbol of the requested specialisation.
    pub entry_symbol: String,
    pub arguments: Vec<Type>,
    pub return_type: Type,
    /// For a generator: the type of what it yields.
    pub yields: Option<Type>,
    /// Raise sites by code: code `n` is `raise_sites[n - 1]`.
    pub raise_sites: Vec<RaiseSite>,
    /// No loop and no call to a compiled function anywhere: the code runs in a short, bounded time.
    pub straight_line: bool,
    /// How long type inference and emission took.
    pub timings: Vec<(&'static str, Duration)>,
}

/// How the frontend emits.
#[derive(Clone, Copy, Debug, Default)]
pub struct EmitOptions {
    /// Numba's `parallel=True`: `prange` loops become `scf.parallel` (else they run as `range`).
    pub parallel: bool,
    /// Numba's `boundscheck=True`: an element index outside its array raises IndexError.
    pub boundscheck: bool,
}

/// Infers and emits function `name` specialised on `arguments`.
pub fn emit_specialisation(module: &SourceModule, name: &str, arguments: &[Type], options: EmitOptions) -> Result<EmittedModule, Diagnostics> {
    let Some(function) = module.function(name) else {
        let mut known: Vec<&str> = module.function_names().collect();
        known.sort();
        let diagnostic = module.error(TextRange::default(), DiagnosticKind::Usage, format!("function '{name}' not found in {}", module.file.name));
        return Err(diagnostic.with_note(format!("functions defined there: {}", known.join(", "))).into());
    };
    let started = Instant::now();
    let mut specialisations = infer::Specialisations::new(module);
    let entry = specialisations
        .specialise(name, arguments, function)
        .map_err(|first| Diagnostics(std::iter::once(first).chain(specialisations.later_errors.drain(..)).collect()))?;
    let entry_types = specialisations.functions[entry].clone();
    let inferred = Instant::now();
    let (text, raise_sites, straight_line) = emit::ModuleEmitter::new(&mut specialisations, options).emit_module(entry)?;
    let timings = vec![("type inference", inferred - started), ("emission", inferred.elapsed())];
    Ok(EmittedModule {
        text,
        entry_symbol: entry_types.symbol,
        arguments: entry_types.arguments,
        return_type: entry_types.return_type,
        yields: entry_types.yields,
        raise_sites,
        straight_line,
        timings,
    })
}

/// The source range of an AST node, for diagnostics raised outside the frontend.
pub fn range_of(node: &impl Ranged) -> TextRange {
    node.range()
}
