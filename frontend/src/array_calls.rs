//! Calls that take or make whole arrays: reductions (`a.sum(axis=0)`, `np.argmax(a)`), `np.dot`,
//! creation (`np.arange`, `np.linspace`, `np.full`, `np.zeros_like`, ...) and shape methods
//! (`.copy()`, `.astype()`, `.reshape()`, `.transpose()`). What a call is and what it returns are
//! decided here, once, for type inference and emission alike.

use crate::{
    diagnostics::Diagnostic,
    resolve::{literal_constant, Constant, Global, SourceModule},
    types::{promote, ArrayType, Scalar, Type, FLOAT64, INT64},
};
use ruff_python_ast::{Expr, ExprCall};
use ruff_text_size::Ranged;
use rumba_dialects::Layout;

/// A reduction: `sum`, `prod`, `mean`, `min`, `max`, `argmin` or `argmax`.
pub type ReductionKind = &'static str;

/// An array call, its operand expressions picked out of positional and keyword arguments.
pub enum ArrayCall<'e> {
    /// `keepdims=True` keeps the reduced dimensions with extent 1.
    /// `dtype`: the elements converted to it first (of sums, products and means).
    Reduce { kind: ReductionKind, array: &'e Expr, axis: Option<&'e Expr>, keepdims: bool, dtype: Option<&'e Expr> },
    Dot(&'e Expr, &'e Expr),
    Copy(&'e Expr),
    AsType(&'e Expr, &'e Expr),
    /// `a.view(dtype)`: the array's memory read as elements of another type, as NumPy's `view`.
    ViewAs(&'e Expr, Option<&'e Expr>),
    Reshape(&'e Expr, Vec<&'e Expr>),
    Transpose(&'e Expr),
    /// `np.empty_like`/`zeros_like`/`ones_like(a, dtype=None)` and `np.full_like(a, value, dtype=None)`.
    Like { array: &'e Expr, fill: Fill<'e>, dtype: Option<&'e Expr> },
    /// `np.empty`/`zeros`/`ones(shape, dtype=float)` and `np.full(shape, value, dtype=None)`.
    New { shape: &'e Expr, fill: Fill<'e>, dtype: Option<&'e Expr> },
    /// `np.arange([start,] stop[, step], dtype=None)`.
    Arange { start: Option<&'e Expr>, stop: &'e Expr, step: Option<&'e Expr>, dtype: Option<&'e Expr> },
    /// `np.linspace(start, stop, num=50, endpoint=True)`.
    Linspace { start: &'e Expr, stop: &'e Expr, num: Option<&'e Expr>, endpoint: bool },
    /// `np.array(values, dtype=None)` (a copy) and `np.asarray(values, dtype=None)`: of an array,
    /// of a (nested) list or tuple literal of numbers or of arrays, or of a tuple of numbers.
    FromValues { values: &'e Expr, dtype: Option<&'e Expr>, copy: bool },
    /// `np.concatenate`, `np.stack`, `np.hstack`, `np.vstack`, `np.column_stack` of a list or tuple
    /// of arrays.
    Join { name: &'static str, arrays: &'e Expr, axis: Option<&'e Expr> },
    /// The prelude's `np._as_strided(a, shape, strides, writeable)`: a view of `a`'s memory with
    /// the extents and strides (in bytes, as NumPy's) of two tuples; read-only unless `writeable`
    /// is `True`.
    AsStrided { array: &'e Expr, shape: &'e Expr, strides: &'e Expr, writeable: bool },
}

/// How a join places its arrays: along an existing dimension, or stacked along a new one.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct JoinPlan {
    pub stack: bool,
    pub axis: usize,
}

/// What `np.<name>(arrays, axis)` does with arrays of `ndim` dimensions, as NumPy's definitions
/// of the five in terms of concatenate and stack.
pub fn join_plan(module: &SourceModule, name: &str, ndim: usize, axis: Option<&Expr>, node: &dyn Ranged) -> Result<JoinPlan, Diagnostic> {
    let at = |axis: usize| Ok(JoinPlan { stack: false, axis });
    let stacked = |axis: usize| Ok(JoinPlan { stack: true, axis });
    match (name, ndim) {
        (_, 0) => Err(module.typing(&node.range(), format!("np.{name}: zero-dimensional arrays cannot be concatenated"))),
        ("concatenate", _) => at(axis.map(|axis| axis_of(module, axis, ndim)).transpose()?.unwrap_or(0)),
        ("stack", _) => stacked(axis.map(|axis| axis_of(module, axis, ndim + 1)).transpose()?.unwrap_or(0)),
        ("vstack", 1) => stacked(0),
        ("vstack", _) => at(0),
        ("hstack", 1) => at(0),
        ("hstack", _) => at(1),
        ("column_stack", 1) => stacked(1),
        ("column_stack", 2) => at(1),
        _ => Err(module.unsupported(&node.range(), format!("np.{name} of {ndim}-d arrays is not supported yet"))),
    }
}

/// The shape of a (nested) list or tuple literal and its elements in C order, each a number or an
/// array expression (anything but a list or tuple literal). `None` for an expression that is not
/// such a literal; an error for one that is not rectangular.
pub fn literal_elements<'e>(module: &SourceModule, expr: &'e Expr) -> Result<Option<(Vec<usize>, Vec<&'e Expr>)>, Diagnostic> {
    let items = match expr {
        Expr::List(list) => &list.elts,
        Expr::Tuple(tuple) => &tuple.elts,
        _ => return Ok(None),
    };
    let mut inner_shape: Option<Vec<usize>> = None;
    let mut elements = Vec::new();
    for item in items {
        let (shape, mut nested) = literal_elements(module, item)?.unwrap_or_else(|| (Vec::new(), vec![item]));
        if inner_shape.as_ref().is_some_and(|known| *known != shape) {
            return Err(module.typing(expr, "setting an array element with a sequence: the nested lists have different lengths"));
        }
        inner_shape = Some(shape);
        elements.append(&mut nested);
    }
    let mut shape = vec![items.len()];
    shape.extend(inner_shape.unwrap_or_default());
    Ok(Some((shape, elements)))
}

/// The element type of an array made of values of `types` (all numbers, or all arrays of one
/// number of dimensions), and the dimensions each value adds; `None` while a type is unknown.
fn values_dtype(module: &SourceModule, values: &Expr, types: &[Type]) -> Result<Option<(Scalar, usize)>, Diagnostic> {
    if types.contains(&Type::Unknown) {
        return Ok(None);
    }
    let element = |found: &Type| match found {
        Type::Scalar(scalar) => Some((*scalar, 0)),
        Type::Array(array) => Some((array.dtype, array.ndim)),
        _ => None,
    };
    let elements: Option<Vec<(Scalar, usize)>> = types.iter().map(element).collect();
    match elements {
        Some(elements) if !elements.is_empty() && elements.iter().all(|&(_, ndim)| ndim == elements[0].1) => {
            Ok(Some((elements.iter().map(|&(dtype, _)| dtype).reduce(promote).expect("not empty"), elements[0].1)))
        }
        Some(elements) if elements.is_empty() => Err(module.unsupported(values, "np.array of an empty list is not supported yet (its dtype is float64; use np.empty(0))")),
        _ => Err(module.unsupported(values, "np.array takes numbers or arrays of one number of dimensions here")),
    }
}

/// The types of the arrays a join takes: the elements of a list or tuple literal, or of a tuple.
pub fn joined_types(module: &SourceModule, name: &str, arrays: &Expr, type_of: &mut dyn FnMut(&Expr) -> Result<Type, Diagnostic>) -> Result<Option<Vec<ArrayType>>, Diagnostic> {
    let types = match arrays {
        Expr::List(list) => list.elts.iter().map(&mut *type_of).collect::<Result<Vec<_>, _>>()?,
        Expr::Tuple(tuple) => tuple.elts.iter().map(&mut *type_of).collect::<Result<Vec<_>, _>>()?,
        other => match type_of(other)? {
            Type::Tuple(elements, _) => elements,
            Type::Unknown => return Ok(None),
            found => return Err(module.typing(other, format!("np.{name} takes a list or tuple of arrays, got {found}"))),
        },
    };
    if types.contains(&Type::Unknown) {
        return Ok(None);
    }
    let arrays_found: Vec<ArrayType> = types.iter().filter_map(|found| if let Type::Array(array) = found { Some(*array) } else { None }).collect();
    if arrays_found.len() != types.len() || types.is_empty() {
        return Err(module.typing(arrays, format!("np.{name} takes a non-empty list or tuple of arrays")));
    }
    if arrays_found.iter().any(|array| array.ndim != arrays_found[0].ndim) {
        return Err(module.typing(arrays, format!("np.{name}: all the input arrays must have the same number of dimensions")));
    }
    Ok(Some(arrays_found))
}

/// What a `*_like` call writes into its new array.
pub enum Fill<'e> {
    Nothing,
    Constant(i64),
    Value(&'e Expr),
}

fn reduction_kind(name: &str) -> Option<ReductionKind> {
    Some(match name {
        "sum" => "sum",
        "prod" => "prod",
        "mean" => "mean",
        "min" | "amin" => "min",
        "max" | "amax" => "max",
        "argmin" => "argmin",
        "argmax" => "argmax",
        _ => return None,
    })
}

/// The arguments of a call by position and by keyword, matched against parameter names.
struct Arguments<'e> {
    values: Vec<Option<&'e Expr>>,
}

impl<'e> Arguments<'e> {
    fn bind(module: &SourceModule, call: &'e ExprCall, leading: Option<&'e Expr>, parameters: &[&str], what: &str) -> Result<Self, Diagnostic> {
        let mut values: Vec<Option<&'e Expr>> = vec![None; parameters.len()];
        let positional: Vec<&'e Expr> = leading.into_iter().chain(call.arguments.args.iter()).collect();
        if positional.len() > parameters.len() {
            return Err(module.typing(call, format!("{what} takes at most {} arguments, got {}", parameters.len(), positional.len())));
        }
        for (slot, argument) in values.iter_mut().zip(positional) {
            *slot = Some(argument);
        }
        for keyword in &call.arguments.keywords {
            let name = keyword.arg.as_ref().map(|arg| arg.as_str()).unwrap_or_default();
            let Some(position) = parameters.iter().position(|parameter| *parameter == name) else {
                return Err(module.unsupported(keyword, format!("{what}: the keyword '{name}' is not supported")));
            };
            if values[position].replace(&keyword.value).is_some() {
                return Err(module.typing(keyword, format!("{what} got '{name}' twice")));
            }
        }
        Ok(Self { values })
    }

    fn required(&self, module: &SourceModule, call: &ExprCall, index: usize, what: &str) -> Result<&'e Expr, Diagnostic> {
        self.values[index].ok_or_else(|| module.typing(call, format!("{what} is missing an argument")))
    }
}

/// Where an array call may be written: `np.name(a, ...)`, `a.name(...)`, or either.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Written {
    Function,
    Method,
    Both,
}

/// The NumPy functions and `ndarray` methods this module recognises, each with NumPy's parameters
/// in NumPy's order (a method's receiver is the first). Calls bind their arguments by these
/// (`reshape` and `arange` also take NumPy's positional forms), and the functions page lists them.
pub const ARRAY_CALLS: &[(&str, Written, &[&str])] = {
    use Written::{Both, Function, Method};
    const SUMS: &[&str] = &["a", "axis", "dtype", "out", "keepdims"];
    const EXTREMES: &[&str] = &["a", "axis", "out", "keepdims"];
    &[
        ("sum", Both, SUMS),
        ("prod", Both, SUMS),
        ("mean", Both, SUMS),
        ("min", Both, EXTREMES),
        ("max", Both, EXTREMES),
        ("amin", Function, EXTREMES),
        ("amax", Function, EXTREMES),
        ("argmin", Both, EXTREMES),
        ("argmax", Both, EXTREMES),
        ("dot", Both, &["a", "b"]),
        ("copy", Both, &["a"]),
        ("transpose", Both, &["a"]),
        ("astype", Method, &["a", "dtype"]),
        ("view", Method, &["a", "dtype"]),
        ("reshape", Both, &["a", "shape"]),
        ("empty", Function, &["shape", "dtype"]),
        ("zeros", Function, &["shape", "dtype"]),
        ("ones", Function, &["shape", "dtype"]),
        ("full", Function, &["shape", "fill_value", "dtype"]),
        ("empty_like", Function, &["a", "dtype"]),
        ("zeros_like", Function, &["a", "dtype"]),
        ("ones_like", Function, &["a", "dtype"]),
        ("full_like", Function, &["a", "fill_value", "dtype"]),
        ("arange", Function, &["start", "stop", "step", "dtype"]),
        ("linspace", Function, &["start", "stop", "num", "endpoint"]),
        ("array", Function, &["object", "dtype"]),
        ("asarray", Function, &["object", "dtype"]),
        ("concatenate", Function, &["arrays", "axis"]),
        ("stack", Function, &["arrays", "axis"]),
        ("hstack", Function, &["tup"]),
        ("vstack", Function, &["tup"]),
        ("column_stack", Function, &["tup"]),
        ("_as_strided", Function, &["a", "shape", "strides", "writeable"]),
    ]
};

/// The array call `call` is, or `None` for any other call. `is_local` tells which names are local
/// variables (and so shadow the `numpy` module's name).
pub fn array_call<'e>(module: &SourceModule, call: &'e ExprCall, is_local: &dyn Fn(&str) -> bool) -> Result<Option<ArrayCall<'e>>, Diagnostic> {
    let Expr::Attribute(attribute) = &*call.func else { return Ok(None) };
    let numpy = match &*attribute.value {
        Expr::Name(base) if !is_local(base.id.as_str()) => match module.global(base.id.as_str()) {
            Some(Global::Module("numpy")) => true,
            Some(Global::Module(_)) => return Ok(None),
            _ => false,
        },
        // `cuda.atomic.max(...)`: a function of the module's namespace, not a method.
        Expr::Attribute(namespace) if matches!(&*namespace.value, Expr::Name(base) if !is_local(base.id.as_str()) && module.global(base.id.as_str()) == Some(&Global::Module("cuda"))) => return Ok(None),
        _ => false,
    };
    let Some(&(name, written, parameters)) = ARRAY_CALLS.iter().find(|(known, ..)| *known == attribute.attr.as_str()) else { return Ok(None) };
    if written == if numpy { Written::Method } else { Written::Function } {
        return Ok(None);
    }
    // A transpose in the order of `axes` is the prelude's.
    if name == "transpose" && (call.arguments.args.len() > usize::from(numpy) || !call.arguments.keywords.is_empty()) {
        return Ok(None);
    }
    // A method's receiver is its first argument.
    let receiver = (!numpy).then_some(&*attribute.value);
    let what = if numpy { format!("np.{name}") } else { format!(".{name}()") };
    let bind = || Arguments::bind(module, call, receiver, parameters, &what);
    Ok(Some(if let Some(kind) = reduction_kind(name) {
        if numpy && call.arguments.args.is_empty() {
            return Ok(None);
        }
        // `out=` only as None.
        let arguments = bind()?;
        let given = |name: &str| arguments.values[parameters.iter().position(|parameter| *parameter == name).expect("a parameter")].filter(|value| !matches!(value, Expr::NoneLiteral(_)));
        if let Some(value) = parameters.contains(&"out").then(|| given("out")).flatten() {
            return Err(module.unsupported(value, format!("{what}: the 'out' argument is not supported yet")));
        }
        let keepdims = match given("keepdims") {
            None => false,
            Some(Expr::BooleanLiteral(literal)) => literal.value,
            Some(other) => return Err(module.unsupported(other, format!("{what}: keepdims must be True or False written out"))),
        };
        let dtype = parameters.contains(&"dtype").then(|| given("dtype")).flatten();
        ArrayCall::Reduce { kind, array: arguments.required(module, call, 0, &what)?, axis: given("axis"), keepdims, dtype }
    } else {
        match name {
            "dot" => {
                let arguments = bind()?;
                ArrayCall::Dot(arguments.required(module, call, 0, &what)?, arguments.required(module, call, 1, &what)?)
            }
            "copy" => ArrayCall::Copy(bind()?.required(module, call, 0, &what)?),
            "transpose" => ArrayCall::Transpose(bind()?.required(module, call, 0, &what)?),
            "astype" => {
                let arguments = bind()?;
                ArrayCall::AsType(arguments.required(module, call, 0, &what)?, arguments.required(module, call, 1, &what)?)
            }
            "view" => {
                let arguments = bind()?;
                ArrayCall::ViewAs(arguments.required(module, call, 0, &what)?, arguments.values[1])
            }
            "reshape" => {
                let array = receiver.or(call.arguments.args.first()).ok_or_else(|| module.typing(call, "np.reshape takes an array and a shape"))?;
                let rest = &call.arguments.args[usize::from(numpy)..];
                if let Some(keyword) = call.arguments.keywords.first() {
                    return Err(module.unsupported(keyword, format!("{what}: keywords are not supported")));
                }
                let shape = match rest {
                    [Expr::Tuple(tuple)] => tuple.elts.iter().collect(),
                    [] => return Err(module.typing(call, format!("{what} takes a shape"))),
                    extents => extents.iter().collect(),
                };
                ArrayCall::Reshape(array, shape)
            }
            "empty" | "zeros" | "ones" | "full" | "empty_like" | "zeros_like" | "ones_like" | "full_like" => {
                let kind = name.trim_end_matches("_like");
                let arguments = bind()?;
                let fill = match kind {
                    "zeros" => Fill::Constant(0),
                    "ones" => Fill::Constant(1),
                    "full" => Fill::Value(arguments.required(module, call, 1, &what)?),
                    _ => Fill::Nothing,
                };
                let (source, dtype) = (arguments.required(module, call, 0, &what)?, *arguments.values.last().expect("dtype is the last parameter"));
                if kind.len() < name.len() {
                    ArrayCall::Like { array: source, fill, dtype }
                } else {
                    ArrayCall::New { shape: source, fill, dtype }
                }
            }
            "arange" => {
                // NumPy's `arange(start_or_stop, stop=None, step=None, dtype=None)`: one bound is the stop.
                let arguments = bind()?;
                let [start, stop, step, dtype] = arguments.values[..] else { unreachable!("np.arange has four parameters") };
                let (start, stop) = match (start, stop) {
                    (Some(stop), None) | (None, Some(stop)) => (None, stop),
                    (Some(start), Some(stop)) => (Some(start), stop),
                    (None, None) => return Err(module.typing(call, "np.arange takes one to three numbers")),
                };
                ArrayCall::Arange { start, stop, step, dtype }
            }
            "array" | "asarray" => {
                let arguments = bind()?;
                ArrayCall::FromValues { values: arguments.required(module, call, 0, &what)?, dtype: arguments.values[1], copy: name == "array" }
            }
            "concatenate" | "stack" | "hstack" | "vstack" | "column_stack" => {
                let arguments = bind()?;
                ArrayCall::Join { name, arrays: arguments.required(module, call, 0, &what)?, axis: arguments.values.get(1).copied().flatten() }
            }
            "_as_strided" => {
                let arguments = bind()?;
                let writeable = match arguments.required(module, call, 3, &what)? {
                    Expr::BooleanLiteral(literal) => literal.value,
                    other => return Err(module.unsupported(other, format!("{what}: writeable must be True or False written out"))),
                };
                ArrayCall::AsStrided {
                    array: arguments.required(module, call, 0, &what)?,
                    shape: arguments.required(module, call, 1, &what)?,
                    strides: arguments.required(module, call, 2, &what)?,
                    writeable,
                }
            }
            "linspace" => {
                let arguments = bind()?;
                let endpoint = match arguments.values[3] {
                    None => true,
                    Some(Expr::BooleanLiteral(literal)) => literal.value,
                    Some(other) => return Err(module.unsupported(other, "np.linspace: endpoint must be True or False written out")),
                };
                ArrayCall::Linspace {
                    start: arguments.required(module, call, 0, &what)?,
                    stop: arguments.required(module, call, 1, &what)?,
                    num: arguments.values[2],
                    endpoint,
                }
            }
            other => unreachable!("ARRAY_CALLS lists '{other}' without an arm here"),
        }
    }))
}

/// `np.finfo(dtype).name` and `np.iinfo(dtype).name`: the machine limit's type and value
/// (NumPy's: a float of the float type, a Python int), or `None` for any other attribute.
pub fn machine_limit(module: &SourceModule, attribute: &ruff_python_ast::ExprAttribute, type_of: &mut dyn FnMut(&Expr) -> Result<Type, Diagnostic>) -> Result<Option<(Scalar, Constant)>, Diagnostic> {
    let Expr::Call(call) = &*attribute.value else { return Ok(None) };
    let Expr::Attribute(function) = &*call.func else { return Ok(None) };
    let numpy = matches!(&*function.value, Expr::Name(base) if module.global(base.id.as_str()) == Some(&Global::Module("numpy")));
    if !numpy || !matches!(function.attr.as_str(), "finfo" | "iinfo") {
        return Ok(None);
    }
    let [dtype] = &call.arguments.args[..] else {
        return Err(module.typing(call, format!("np.{}() takes one dtype", function.attr)));
    };
    // A dtype, or a number whose type it is (`np.iinfo(x)`, as NumPy takes one).
    let dtype = match dtype_or(module, Some(dtype), FLOAT64, type_of) {
        Ok(Some(scalar)) => scalar,
        Ok(None) => return Ok(None),
        Err(error) => match type_of(dtype)? {
            Type::Scalar(scalar) => scalar,
            _ => return Err(error),
        },
    };
    let name = attribute.attr.as_str();
    let limit = match (function.attr.as_str(), dtype) {
        ("finfo", Scalar::Float { bits: 32 }) => match name {
            "eps" => Some(f64::from(f32::EPSILON)),
            "epsneg" => Some(f64::from(f32::EPSILON) / 2.0),
            "max" => Some(f64::from(f32::MAX)),
            "min" => Some(f64::from(f32::MIN)),
            "tiny" | "smallest_normal" => Some(f64::from(f32::MIN_POSITIVE)),
            "resolution" => Some(f64::from(1e-6f32)),
            _ => None,
        }
        .map(|value| (dtype, Constant::Float(value))),
        ("finfo", Scalar::Float { .. }) => match name {
            "eps" => Some(f64::EPSILON),
            "epsneg" => Some(f64::EPSILON / 2.0),
            "max" => Some(f64::MAX),
            "min" => Some(f64::MIN),
            "tiny" | "smallest_normal" => Some(f64::MIN_POSITIVE),
            "resolution" => Some(1e-15),
            _ => None,
        }
        .map(|value| (dtype, Constant::Float(value))),
        ("iinfo", Scalar::Int { bits, signed }) => {
            let (min, max): (i128, i128) = if signed { (-(1i128 << (bits - 1)), (1i128 << (bits - 1)) - 1) } else { (0, (1i128 << bits) - 1) };
            let value = match name {
                "min" => Some(min),
                "max" => Some(max),
                "bits" => Some(i128::from(bits)),
                _ => None,
            };
            match value.map(i64::try_from) {
                Some(Ok(value)) => Some((INT64, Constant::Int(value))),
                Some(Err(_)) => return Err(module.unsupported(attribute, "np.iinfo(np.uint64).max is beyond int64, which compiled code computes with")),
                None => None,
            }
        }
        (kind, other) => return Err(module.typing(call, format!("np.{kind}() of {} is not supported", other.numba_name()))),
    };
    limit.map(Some).ok_or_else(|| module.unsupported(attribute, format!("np.{}().{name} is not supported", function.attr)))
}

/// The result type of a reduction over elements of type `dtype`, as NumPy's.
pub fn reduction_result(kind: ReductionKind, dtype: Scalar) -> Scalar {
    match (kind, dtype) {
        ("sum" | "prod", Scalar::Bool | Scalar::Int { signed: true, .. }) => INT64,
        ("sum" | "prod", Scalar::Int { signed: false, .. }) => Scalar::Int { bits: 64, signed: false },
        ("mean", Scalar::Float { bits: 32 }) => Scalar::Float { bits: 32 },
        ("mean", Scalar::Complex { .. }) => dtype,
        ("mean", _) => FLOAT64,
        ("argmin" | "argmax", _) => INT64,
        _ => dtype,
    }
}

/// What a reduction's `axis=` argument names.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum ReductionAxis {
    /// No argument, or `None`: every element at once.
    All,
    /// An integer literal: that dimension.
    Literal(usize),
    /// An integer known when running: the dimension it names then (ValueError if none).
    Runtime,
    /// The empty tuple: no dimension, each element on its own (a copy).
    Nothing,
}

/// What the `axis` argument of reduction `kind` on an array of `ndim` dimensions names; `None`
/// while its type is unknown.
pub fn reduction_axis(module: &SourceModule, kind: &str, axis: Option<&Expr>, ndim: usize, keepdims: bool, type_of: &mut dyn FnMut(&Expr) -> Result<Type, Diagnostic>) -> Result<Option<ReductionAxis>, Diagnostic> {
    let Some(axis) = axis else { return Ok(Some(ReductionAxis::All)) };
    if let Some(Constant::Int(_)) = literal_constant(axis) {
        return axis_of(module, axis, ndim).map(|dim| Some(ReductionAxis::Literal(dim)));
    }
    if matches!(axis, Expr::Tuple(tuple) if tuple.elts.is_empty()) {
        if kind.starts_with("arg") {
            return Err(module.unsupported(axis, format!("{kind} takes one axis, not ()")));
        }
        return Ok(Some(ReductionAxis::Nothing));
    }
    match type_of(axis)? {
        Type::Unknown => Ok(None),
        Type::None => Ok(Some(ReductionAxis::All)),
        Type::Scalar(Scalar::Int { .. }) if keepdims => Err(module.unsupported(axis, "keepdims=True takes an integer literal axis")),
        Type::Scalar(Scalar::Int { .. }) => Ok(Some(ReductionAxis::Runtime)),
        other => Err(module.unsupported(axis, format!("axis must be an integer, None or (), got {other}"))),
    }
}

/// The dimension an `axis=` argument names in an array of `ndim` dimensions: an integer literal,
/// negative counting from the end.
pub fn axis_of(module: &SourceModule, axis: &Expr, ndim: usize) -> Result<usize, Diagnostic> {
    let Some(Constant::Int(value)) = literal_constant(axis) else {
        return Err(module.unsupported(axis, "axis must be an integer literal"));
    };
    let resolved = if value < 0 { value + ndim as i64 } else { value };
    usize::try_from(resolved)
        .ok()
        .filter(|&dim| dim < ndim)
        .ok_or_else(|| module.typing(axis, format!("axis {value} is out of bounds for an array of dimension {ndim}")))
}

/// The element type named by a `dtype=` argument or a NumPy scalar class.
fn dtype_of(module: &SourceModule, expr: &Expr) -> Result<Scalar, Diagnostic> {
    let name = match expr {
        Expr::Name(name) => match module.global(name.id.as_str()) {
            Some(Global::ModuleMember("numpy", member)) => member.clone(),
            None => name.id.to_string(),
            _ => String::new(),
        },
        Expr::Attribute(attribute) => match &*attribute.value {
            Expr::Name(base) if module.global(base.id.as_str()) == Some(&Global::Module("numpy")) => attribute.attr.to_string(),
            _ => String::new(),
        },
        Expr::StringLiteral(literal) => literal.value.to_str().to_string(),
        _ => String::new(),
    };
    Scalar::from_name(&name).ok_or_else(|| module.unsupported(expr, "unsupported dtype"))
}

/// The element type a dtype argument names: a NumPy type or its name, or `a.dtype` of an array or
/// number `a` (`None` while `a`'s type is unknown); `default` where there is no argument.
/// The array a reduction reduces: `array`, or with `dtype=` its elements converted to that type,
/// which is the result's (any number for sums and products, floats and complex for means); `None`
/// while the dtype's type is unknown.
pub fn reduced_elements(module: &SourceModule, kind: ReductionKind, array: ArrayType, dtype: Option<&Expr>, type_of: &mut dyn FnMut(&Expr) -> Result<Type, Diagnostic>) -> Result<Option<ArrayType>, Diagnostic> {
    let Some(given) = dtype else { return Ok(Some(array)) };
    let Some(scalar) = dtype_or(module, Some(given), array.dtype, type_of)? else { return Ok(None) };
    let kept = matches!(kind, "sum" | "prod") && scalar != Scalar::Bool || reduction_result(kind, scalar) == scalar;
    if !kept {
        return Err(module.unsupported(given, format!("np.{kind} with dtype={} is not supported yet", scalar.numba_name())));
    }
    Ok(Some(ArrayType { dtype: scalar, ..array }))
}

fn dtype_or(module: &SourceModule, dtype: Option<&Expr>, default: Scalar, type_of: &mut dyn FnMut(&Expr) -> Result<Type, Diagnostic>) -> Result<Option<Scalar>, Diagnostic> {
    let Some(dtype) = dtype else { return Ok(Some(default)) };
    match dtype_of(module, dtype) {
        Ok(scalar) => Ok(Some(scalar)),
        // Not a name NumPy gives a dtype: a dtype as a value (`a.dtype`, a variable holding one).
        Err(error) => match type_of(dtype) {
            Ok(Type::DType(scalar)) => Ok(Some(scalar)),
            Ok(Type::Unknown) => Ok(None),
            _ => Err(error),
        },
    }
}

/// The type of an array call, given a way to type its operand expressions.
pub fn array_call_type(module: &SourceModule, call: &ExprCall, array_call: &ArrayCall, type_of: &mut dyn FnMut(&Expr) -> Result<Type, Diagnostic>) -> Result<Type, Diagnostic> {
    let array_operand = |expr: &Expr, what: &str, type_of: &mut dyn FnMut(&Expr) -> Result<Type, Diagnostic>| -> Result<Option<ArrayType>, Diagnostic> {
        match type_of(expr)? {
            Type::Unknown => Ok(None),
            Type::Array(array) => Ok(Some(array)),
            other => Err(module.typing(expr, format!("{what} takes an array, got {other}"))),
        }
    };
    let new_array = |dtype: Scalar, ndim: usize| Type::Array(ArrayType::new(dtype, ndim, Layout::C));
    Ok(match array_call {
        ArrayCall::Reduce { kind, array, axis, keepdims, dtype } => {
            let Some(array) = array_operand(array, kind, type_of)? else { return Ok(Type::Unknown) };
            let Some(array) = reduced_elements(module, kind, array, *dtype, type_of)? else { return Ok(Type::Unknown) };
            // A sum or product in a dtype of its own accumulates in that type (wrapping as it does).
            let result = if dtype.is_some() { array.dtype } else { reduction_result(kind, array.dtype) };
            let Some(axis) = reduction_axis(module, kind, *axis, array.ndim, *keepdims, type_of)? else { return Ok(Type::Unknown) };
            match axis {
                ReductionAxis::Nothing => new_array(result, array.ndim),
                _ if *keepdims => new_array(result, array.ndim),
                ReductionAxis::Literal(_) | ReductionAxis::Runtime if array.ndim > 1 => new_array(result, array.ndim - 1),
                _ => Type::Scalar(result),
            }
        }
        ArrayCall::Dot(left, right) => {
            let (Some(left_type), Some(right_type)) = (array_operand(left, "np.dot", type_of)?, array_operand(right, "np.dot", type_of)?) else { return Ok(Type::Unknown) };
            dot_type(module, call, left_type, right_type)?
        }
        ArrayCall::Copy(array) => match array_operand(array, "copy", type_of)? {
            Some(array) => new_array(array.dtype, array.ndim),
            None => Type::Unknown,
        },
        ArrayCall::AsType(array, dtype) => match array_operand(array, "astype", type_of)? {
            Some(array) => match dtype_or(module, Some(dtype), array.dtype, type_of)? {
                Some(dtype) => new_array(dtype, array.ndim),
                None => Type::Unknown,
            },
            None => Type::Unknown,
        },
        ArrayCall::ViewAs(array, dtype) => match array_operand(array, "view", type_of)? {
            Some(array) => match dtype_or(module, *dtype, array.dtype, type_of)? {
                Some(dtype) if dtype == array.dtype => Type::Array(array),
                Some(dtype) if dtype == Scalar::Bool || array.dtype == Scalar::Bool => {
                    return Err(module.unsupported(call, "a view of a bool array, or as bool, is not supported yet"));
                }
                Some(dtype) if dtype.size_in_bytes() == array.dtype.size_in_bytes() => Type::Array(ArrayType { dtype, ..array }),
                Some(_) if array.ndim == 0 => {
                    return Err(module.typing(call, "changing the dtype of a 0-d array is only supported if the itemsize is unchanged"));
                }
                Some(dtype) => Type::Array(ArrayType { dtype, layout: if array.layout == Layout::C { Layout::C } else { Layout::A }, ..array }),
                None => Type::Unknown,
            },
            None => Type::Unknown,
        },
        ArrayCall::Reshape(array, shape) => match array_operand(array, "reshape", type_of)? {
            Some(array) => match &shape[..] {
                // `a.reshape(b.shape)`: a tuple of extents.
                [tuple] if matches!(type_of(tuple)?, Type::Tuple(..)) => {
                    let Type::Tuple(extents, _) = type_of(tuple)? else { unreachable!("matched a tuple") };
                    for extent in &extents {
                        expect_integer(module, tuple, extent.clone())?;
                    }
                    Type::Array(reshaped(array, extents.len()))
                }
                _ => {
                    for extent in shape {
                        expect_integer(module, extent, type_of(extent)?)?;
                    }
                    Type::Array(reshaped(array, shape.len()))
                }
            },
            None => Type::Unknown,
        },
        ArrayCall::AsStrided { array, shape, strides, writeable } => {
            let Some(array) = array_operand(array, "np._as_strided", type_of)? else { return Ok(Type::Unknown) };
            let (Type::Tuple(extents, _), Type::Tuple(steps, _)) = (type_of(shape)?, type_of(strides)?) else {
                return Err(module.typing(call, "np._as_strided takes a shape and strides as tuples"));
            };
            if extents.len() != steps.len() {
                return Err(module.typing(call, format!("np._as_strided: {} extent(s) but {} stride(s)", extents.len(), steps.len())));
            }
            let ndim = extents.len();
            for (tuple, numbers) in [(shape, extents), (strides, steps)] {
                for number in numbers {
                    expect_integer(module, tuple, number)?;
                }
            }
            Type::Array(ArrayType { ndim, layout: Layout::A, readonly: array.readonly || !writeable, ..array })
        }
        ArrayCall::Transpose(array) => match array_operand(array, "transpose", type_of)? {
            Some(array) => Type::Array(transposed(array)),
            None => Type::Unknown,
        },
        ArrayCall::Like { array, fill, dtype } => {
            // A number is a 0-d array (lenstronomy's `np.zeros_like(phi, dtype=np.complex128)`).
            let array = match type_of(array)? {
                Type::Scalar(scalar) => ArrayType::new(scalar, 0, Layout::C),
                _ => match array_operand(array, "a *_like function", type_of)? {
                    Some(array) => array,
                    None => return Ok(Type::Unknown),
                },
            };
            if let Fill::Value(value) = fill {
                expect_number(module, value, type_of(value)?)?;
            }
            match dtype_or(module, *dtype, array.dtype, type_of)? {
                Some(dtype) => new_array(dtype, array.ndim),
                None => Type::Unknown,
            }
        }
        ArrayCall::New { shape, fill, dtype } => {
            let Some(ndim) = shape_rank(module, shape, type_of(shape)?)? else { return Ok(Type::Unknown) };
            let default = match fill {
                Fill::Value(value) => match expect_number(module, value, type_of(value)?)? {
                    Some(value_type) => value_type,
                    None => return Ok(Type::Unknown),
                },
                _ => FLOAT64,
            };
            match dtype_or(module, *dtype, default, type_of)? {
                Some(dtype) => new_array(dtype, ndim),
                None => Type::Unknown,
            }
        }
        ArrayCall::Arange { start, stop, step, dtype } => {
            let mut element = INT64;
            for bound in [*start, Some(*stop), *step].into_iter().flatten() {
                if let Some(scalar) = expect_number(module, bound, type_of(bound)?)? {
                    element = promote(element, scalar.widened());
                }
            }
            match dtype_or(module, *dtype, element, type_of)? {
                Some(dtype) => new_array(dtype, 1),
                None => Type::Unknown,
            }
        }
        ArrayCall::FromValues { values, dtype, copy } => {
            let found = match literal_elements(module, values)? {
                Some((shape, elements)) => {
                    let mut element_types = Vec::with_capacity(elements.len());
                    for element in elements {
                        element_types.push(type_of(element)?);
                    }
                    values_dtype(module, values, &element_types)?.map(|(dtype, inner_ndim)| (dtype, shape.len() + inner_ndim))
                }
                None => match type_of(values)? {
                    Type::Array(array) if !copy && dtype.is_none() => return Ok(Type::Array(array)),
                    Type::Array(array) => Some((array.dtype, array.ndim)),
                    Type::Tuple(elements, _) => values_dtype(module, values, &elements)?.filter(|&(_, inner_ndim)| inner_ndim == 0).map(|(dtype, _)| (dtype, 1)),
                    // A number is a 0-d array.
                    Type::Scalar(scalar) => Some((scalar, 0)),
                    Type::List(element) => match *element {
                        Type::Scalar(scalar) => Some((scalar, 1)),
                        // Rows of a list of lists, or a list of arrays stacked (shapes checked when running).
                        Type::List(row) if matches!(*row, Type::Scalar(_)) => row.scalar().map(|scalar| (scalar, 2)),
                        // Rows of a list of tuples of numbers (pairs of indices, points).
                        Type::Tuple(items, None) if !items.is_empty() && items.iter().all(|item| matches!(item, Type::Scalar(_))) => {
                            items.iter().filter_map(Type::scalar).reduce(promote).map(|scalar| (scalar, 2))
                        }
                        Type::Array(array) => Some((array.dtype, array.ndim + 1)),
                        // Typed by appends that inference has not reached yet.
                        Type::Unknown => None,
                        other => return Err(module.unsupported(*values, format!("np.array of list({other}) is not supported yet (arrays, and lists or tuples of numbers or arrays)"))),
                    },
                    Type::Unknown => None,
                    other => return Err(module.unsupported(*values, format!("np.array of {other} is not supported yet (arrays, and lists or tuples of numbers or arrays)"))),
                },
            };
            match found {
                Some((found_dtype, ndim)) => match dtype_or(module, *dtype, found_dtype, type_of)? {
                    Some(dtype) => new_array(dtype, ndim),
                    None => Type::Unknown,
                },
                None => Type::Unknown,
            }
        }
        ArrayCall::Join { name, arrays, axis } => match joined_types(module, name, arrays, type_of)? {
            Some(types) => {
                let plan = join_plan(module, name, types[0].ndim, *axis, call)?;
                let dtype = types.iter().map(|array| array.dtype).reduce(promote).expect("a join has arrays");
                new_array(dtype, types[0].ndim + usize::from(plan.stack))
            }
            None => Type::Unknown,
        },
        ArrayCall::Linspace { start, stop, num, .. } => {
            expect_number(module, start, type_of(start)?)?;
            expect_number(module, stop, type_of(stop)?)?;
            if let Some(num) = num {
                expect_integer(module, num, type_of(num)?)?;
            }
            new_array(FLOAT64, 1)
        }
    })
}

/// The prelude function that computes `left @ right` on stacks of matrices.
pub const STACKED_PRODUCT: &str = "np._matmul_stacks";

/// Whether `left @ right` is a product of stacks of matrices (a 3-D operand, the other 2-D or 3-D),
/// which `STACKED_PRODUCT` computes; more dimensions, or a vector with a stack, are a located error.
pub fn stacked_product(module: &SourceModule, node: &dyn Ranged, left: ArrayType, right: ArrayType) -> Result<bool, Diagnostic> {
    if left.ndim <= 2 && right.ndim <= 2 {
        return Ok(false);
    }
    if !(2..=3).contains(&left.ndim) || !(2..=3).contains(&right.ndim) || matches!(promote(left.dtype, right.dtype), Scalar::Bool | Scalar::Complex { .. }) {
        return Err(module.unsupported(node, format!("'@' of {} and {} is not supported (stacks of matrices are 3-D, with a matrix or another stack)", Type::Array(left), Type::Array(right))));
    }
    Ok(true)
}

/// The type of `np.dot(left, right)` or `left @ right` on 1-D and 2-D arrays: a number for two
/// vectors, else a new array of the dimensions that are not summed over.
pub fn dot_type(module: &SourceModule, node: &dyn Ranged, left: ArrayType, right: ArrayType) -> Result<Type, Diagnostic> {
    let dtype = promote(left.dtype, right.dtype);
    if dtype == Scalar::Bool || left.ndim > 2 || right.ndim > 2 {
        return Err(module.unsupported(node, format!("np.dot of {} and {} is not supported", Type::Array(left), Type::Array(right))));
    }
    Ok(match left.ndim + right.ndim - 2 {
        0 => Type::Scalar(dtype),
        ndim => Type::Array(ArrayType::new(dtype, ndim, Layout::C)),
    })
}

/// How many dimensions a shape argument of type `shape_type` gives: a tuple of integers (a literal
/// or `a.shape`) or one integer; `None` while its type is unknown.
fn shape_rank(module: &SourceModule, shape: &Expr, shape_type: Type) -> Result<Option<usize>, Diagnostic> {
    let rank = match shape_type {
        Type::Unknown => return Ok(None),
        Type::Scalar(Scalar::Int { .. }) => 1,
        Type::Tuple(extents, _) if extents.iter().all(|extent| matches!(extent, Type::Scalar(Scalar::Int { .. }) | Type::Unknown)) => extents.len(),
        other => return Err(module.typing(shape, format!("a shape is an integer or a tuple of integers, got {other}"))),
    };
    Ok(Some(rank))
}

/// An array's transpose: its dimensions reversed, a C array becoming an F one and the reverse.
/// What `a.reshape(...)` to `ndim` dimensions gives: a C-contiguous view of a C-contiguous array,
/// else of a copy, which is read-only, as writes through it could not reach `a` as they would in
/// NumPy.
pub fn reshaped(array: ArrayType, ndim: usize) -> ArrayType {
    ArrayType { ndim, layout: Layout::C, readonly: array.readonly || array.layout != Layout::C, ..array }
}

pub fn transposed(array: ArrayType) -> ArrayType {
    let layout = match array.layout {
        _ if array.ndim == 1 => array.layout,
        Layout::C => Layout::F,
        Layout::F => Layout::C,
        Layout::A => Layout::A,
    };
    ArrayType { layout, ..array }
}

fn expect_number(module: &SourceModule, expr: &Expr, found: Type) -> Result<Option<Scalar>, Diagnostic> {
    match found {
        Type::Scalar(scalar) => Ok(Some(scalar)),
        Type::Unknown => Ok(None),
        other => Err(module.typing(expr, format!("expected a number, got {other}"))),
    }
}

fn expect_integer(module: &SourceModule, expr: &Expr, found: Type) -> Result<(), Diagnostic> {
    match found {
        Type::Scalar(Scalar::Int { .. }) | Type::Unknown => Ok(()),
        other => Err(module.typing(expr, format!("expected an integer, got {other}"))),
    }
}
