//! `@stencil` kernels: their options, read from the decorator in the source, and the plan of one
//! specialisation (which arguments are indexed relative to the output element, the neighbourhood
//! the kernel reads, the border value).
//!
//! A stencil specialises into two functions: the *kernel*, the user's body compiled with each
//! relative index `a[-1, 0]` read as `a[i - 1, j]` around centre indices passed as extra arguments,
//! and the *stencil*, which allocates the output (or takes `out`), fills it with `cval`, and calls
//! the kernel at every centre whose neighbourhood lies inside the input.

use crate::{
    diagnostics::{Diagnostic, DiagnosticKind},
    resolve::{literal_constant, math_constant, Constant, Global, SourceModule},
    types::Type,
};
use ruff_python_ast::{visitor::{self, Visitor}, Expr, StmtFunctionDef, UnaryOp};
use ruff_text_size::{Ranged, TextRange};

/// The options of one `@stencil` decorator.
#[derive(Clone, Debug, Default)]
pub struct StencilOptions {
    /// `neighborhood=((-1, 1), (-2, 0))`: the least and greatest relative index in each dimension.
    pub neighborhood: Option<Vec<(i64, i64)>>,
    /// `cval=`: the value of output elements whose neighbourhood leaves the input (else 0).
    pub cval: Option<Constant>,
    /// `standard_indexing=("b",)`: arguments indexed as ordinary arrays, not relative to the centre.
    pub standard_indexing: Vec<String>,
    /// The decorator, for errors about its options.
    pub range: TextRange,
}

/// What one stencil specialisation computes; shared by its kernel and its loop function.
#[derive(Clone, Debug)]
pub struct StencilPlan {
    /// Positions of the arguments indexed relative to the centre; the first gives the output's shape.
    pub relative: Vec<usize>,
    pub ndim: usize,
    /// Per dimension, the least and greatest relative index read: as `neighborhood=` gives them, or
    /// inferred from the kernel's constant indices (then the least ≤ 0 ≤ the greatest).
    pub neighborhood: Vec<(i64, i64)>,
    pub cval: Option<Constant>,
    /// Whether the last argument is `out`, the array the stencil writes into and returns.
    pub has_out: bool,
    /// The kernel's specialisation.
    pub kernel: usize,
}

/// Whether `decorator` names rumba's (or Numba's) `stencil`. A name the module does not bind counts
/// too: a function compiled without its module (defined in a notebook cell) comes without imports.
fn names_stencil(module_globals: &dyn Fn(&str) -> Option<Global>, decorator: &Expr) -> bool {
    match decorator {
        Expr::Name(name) if name.id.as_str() == "stencil" => match module_globals("stencil") {
            None => true,
            Some(Global::ModuleMember("rumba", member)) => member == "stencil",
            Some(_) => false,
        },
        Expr::Attribute(attribute) if attribute.attr.as_str() == "stencil" => match &*attribute.value {
            Expr::Name(base) => match module_globals(base.id.as_str()) {
                None => matches!(base.id.as_str(), "numba" | "rumba"),
                Some(global) => global == Global::Module("rumba"),
            },
            _ => false,
        },
        _ => false,
    }
}

/// Whether function `name` of `module` is a `@stencil` kernel (called, it applies the kernel to
/// whole arrays).
pub fn is_stencil(module: &SourceModule, name: &str) -> bool {
    module.function(name).is_some_and(|function| options(module, function).is_some())
}

/// The options of `function` if one of its decorators is `@stencil`; an option that is not a
/// literal, or that rumba does not know, is an error located at it.
pub fn options(module: &SourceModule, function: &StmtFunctionDef) -> Option<Result<StencilOptions, Diagnostic>> {
    let module_globals = |name: &str| module.global(name).cloned();
    let error = |range, message| module.error(range, DiagnosticKind::Usage, message);
    function.decorator_list.iter().find_map(|decorator| {
        let expression = &decorator.expression;
        if names_stencil(&module_globals, expression) {
            return Some(Ok(StencilOptions { range: expression.range(), ..StencilOptions::default() }));
        }
        match expression {
            Expr::Call(call) if names_stencil(&module_globals, &call.func) => Some(call_options(&module_globals, call, &error)),
            _ => None,
        }
    })
}

/// A number literal, a constant of `math` or `numpy` (`np.nan`, `-math.inf`), or a number the
/// module binds (`R = 2`).
fn constant(module_globals: &dyn Fn(&str) -> Option<Global>, value: &Expr) -> Option<Constant> {
    match value {
        Expr::Name(name) => match module_globals(name.id.as_str()) {
            Some(Global::Constant(constant)) => Some(constant),
            _ => None,
        },
        Expr::Attribute(attribute) => match &*attribute.value {
            Expr::Name(base) if matches!(module_globals(base.id.as_str()), Some(Global::Module("math" | "numpy"))) => {
                math_constant(attribute.attr.as_str()).map(Constant::Float)
            }
            _ => None,
        },
        Expr::UnaryOp(unary) if unary.op == UnaryOp::USub => match constant(module_globals, &unary.operand)? {
            Constant::Float(value) => Some(Constant::Float(-value)),
            Constant::Int(value) => value.checked_neg().map(Constant::Int),
            _ => literal_constant(value),
        },
        other => literal_constant(other),
    }
}

fn call_options(module_globals: &dyn Fn(&str) -> Option<Global>, call: &ruff_python_ast::ExprCall, error: &dyn Fn(TextRange, String) -> Diagnostic) -> Result<StencilOptions, Diagnostic> {
    let mut options = StencilOptions { range: call.range(), ..StencilOptions::default() };
    let mode = |value: &Expr| match value {
        Expr::StringLiteral(literal) if literal.value.to_str() == "constant" => Ok(()),
        other => Err(error(other.range(), "func_or_mode: only 'constant' (a border of cval) is supported".into())),
    };
    match call.arguments.args.as_ref() {
        [] => {}
        [value] => mode(value)?,
        [_, extra, ..] => return Err(error(extra.range(), "stencil() takes its options as keywords".into())),
    }
    for keyword in call.arguments.keywords.iter() {
        let value = &keyword.value;
        match keyword.arg.as_ref().map(|arg| arg.as_str()) {
            Some("neighborhood") => options.neighborhood = Some(neighborhood(module_globals, value, error)?),
            Some("cval") => {
                let cval = constant(module_globals, value).ok_or_else(|| error(value.range(), "cval must be a number literal or a constant such as np.nan".into()))?;
                options.cval = Some(cval);
            }
            Some("standard_indexing") => {
                let names = match value {
                    Expr::Tuple(tuple) => tuple.elts.iter().collect::<Vec<_>>(),
                    Expr::List(list) => list.elts.iter().collect(),
                    other => vec![other],
                };
                for name in names {
                    match name {
                        Expr::StringLiteral(literal) => options.standard_indexing.push(literal.value.to_str().to_string()),
                        other => return Err(error(other.range(), "standard_indexing names arguments as string literals".into())),
                    }
                }
            }
            Some("func_or_mode") => mode(value)?,
            Some(other) => return Err(error(keyword.range(), format!("stencil() got an unexpected option '{other}'"))),
            None => return Err(error(keyword.range(), "stencil() options are literals written in the decorator".into())),
        }
    }
    Ok(options)
}

fn neighborhood(module_globals: &dyn Fn(&str) -> Option<Global>, value: &Expr, error: &dyn Fn(TextRange, String) -> Diagnostic) -> Result<Vec<(i64, i64)>, Diagnostic> {
    let invalid = || error(value.range(), "neighborhood is a tuple of (least, greatest) integer pairs, one per dimension".into());
    let Expr::Tuple(dimensions) = value else { return Err(invalid()) };
    dimensions
        .elts
        .iter()
        .map(|pair| match pair {
            Expr::Tuple(pair) if pair.elts.len() == 2 => match (constant(module_globals, &pair.elts[0]), constant(module_globals, &pair.elts[1])) {
                (Some(Constant::Int(least)), Some(Constant::Int(greatest))) if least <= greatest => Ok((least, greatest)),
                _ => Err(invalid()),
            },
            _ => Err(invalid()),
        })
        .collect()
}

/// Every subscript of a relatively indexed argument in a kernel body.
struct RelativeSubscripts<'a> {
    names: &'a [&'a str],
    found: Vec<&'a ruff_python_ast::ExprSubscript>,
}

impl<'a> Visitor<'a> for RelativeSubscripts<'a> {
    fn visit_expr(&mut self, expr: &'a Expr) {
        if let Expr::Subscript(subscript) = expr {
            if matches!(&*subscript.value, Expr::Name(name) if self.names.contains(&name.id.as_str())) {
                self.found.push(subscript);
            }
        }
        visitor::walk_expr(self, expr);
    }
}

/// The indices of `a[i, j]`, one expression each.
pub fn index_expressions(slice: &Expr) -> Vec<&Expr> {
    match slice {
        Expr::Tuple(tuple) => tuple.elts.iter().collect(),
        single => vec![single],
    }
}

/// Plans the stencil `function` with `options` on `arguments` (the last one `out` when there is one
/// more than the kernel's parameters). `kernel` is the kernel's specialisation, not inferred yet.
pub fn plan(module: &SourceModule, function: &StmtFunctionDef, options: &StencilOptions, arguments: &[Type], kernel: usize, call: &dyn Ranged) -> Result<StencilPlan, Diagnostic> {
    let parameters: Vec<&str> = function.parameters.args.iter().map(|parameter| parameter.name().as_str()).collect();
    let has_out = arguments.len() == parameters.len() + 1;
    if arguments.len() != parameters.len() && !has_out {
        return Err(module.error(
            call.range(),
            DiagnosticKind::Usage,
            format!("stencil '{}' takes {} argument(s) (and out=) but {} were given", function.name, parameters.len(), arguments.len()),
        ));
    }
    if let Some(unknown) = options.standard_indexing.iter().find(|name| !parameters.contains(&name.as_str())) {
        return Err(module.error(options.range, DiagnosticKind::Usage, format!("standard_indexing names '{unknown}', which is not a parameter of '{}'", function.name)));
    }
    let relative: Vec<usize> = (0..parameters.len())
        .filter(|&position| matches!(arguments[position], Type::Array(_)) && !options.standard_indexing.iter().any(|name| name == parameters[position]))
        .collect();
    let Some(&first) = relative.first() else {
        return Err(module.typing(call, format!("stencil '{}' needs an array argument indexed relative to the centre", function.name)));
    };
    let Type::Array(shape_source) = arguments[first] else { unreachable!("relative arguments are arrays") };
    let ndim = shape_source.ndim;
    for &position in &relative {
        if let Type::Array(array) = arguments[position] {
            if array.ndim != ndim {
                return Err(module.typing(call, format!("stencil '{}': '{}' has {} dimension(s) and '{}' has {ndim}", function.name, parameters[position], array.ndim, parameters[first])));
            }
        }
    }
    if has_out {
        match arguments.last() {
            Some(Type::Array(out)) if out.readonly => return Err(module.typing(call, "out is a read-only array: the stencil cannot write into it")),
            Some(Type::Array(out)) if out.ndim == ndim => {}
            Some(other) => return Err(module.typing(call, format!("out must be a {ndim}-d array like the stencil's input, got {other}"))),
            None => unreachable!("out is an argument"),
        }
    }
    let neighborhood = match &options.neighborhood {
        Some(given) if given.len() != ndim => {
            return Err(module.error(options.range, DiagnosticKind::Usage, format!("neighborhood has {} dimension(s) but the input array has {ndim}", given.len())));
        }
        Some(given) => given.clone(),
        None => {
            let names: Vec<&str> = relative.iter().map(|&position| parameters[position]).collect();
            inferred_neighborhood(module, function, &names, ndim)?
        }
    };
    Ok(StencilPlan { relative, ndim, neighborhood, cval: options.cval, has_out, kernel })
}

/// The least and greatest constant relative index in each dimension, 0 included.
fn inferred_neighborhood(module: &SourceModule, function: &StmtFunctionDef, names: &[&str], ndim: usize) -> Result<Vec<(i64, i64)>, Diagnostic> {
    let mut subscripts = RelativeSubscripts { names, found: Vec::new() };
    subscripts.visit_body(&function.body);
    let mut neighborhood = vec![(0, 0); ndim];
    for subscript in subscripts.found {
        let indices = index_expressions(&subscript.slice);
        if indices.len() != ndim {
            return Err(module.typing(&*subscript.slice, format!("a stencil kernel indexes its {ndim}-d inputs with {ndim} relative indices, got {}", indices.len())));
        }
        for (bounds, index) in neighborhood.iter_mut().zip(indices) {
            let Some(Constant::Int(offset)) = literal_constant(index) else {
                return Err(module.error(
                    index.range(),
                    DiagnosticKind::Usage,
                    "stencil kernel index is not a constant integer: give the stencil neighborhood=((least, greatest), ...)",
                ));
            };
            *bounds = (bounds.0.min(offset), bounds.1.max(offset));
        }
    }
    Ok(neighborhood)
}
