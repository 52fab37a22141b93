//! NumPy's ufuncs, one entry each: how many operands, how NumPy types the result, and the scalar
//! kernel emission builds, which serves NumPy scalars and fused array maps alike. The ufuncs that
//! are Python operators (`np.add`, `np.less`, `np.negative`) become those operators, so that `+`
//! and `np.add` are one code path. `math` functions share the kernels of their NumPy namesakes
//! ([`math_kernel`]).

use crate::infer::ElementwiseOp;
use crate::types::{Scalar, FLOAT64};
use ruff_python_ast::{CmpOp, Operator, UnaryOp};

/// What an elementwise function computes on one element of each operand.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Kernel {
    /// A Python operator, with NumPy's semantics on arrays.
    Binary(Operator),
    Unary(UnaryOp),
    Compare(CmpOp),
    /// `py.math` of this name (`dialects/py/MathFunctions.def`) on operands cast to the result type.
    Math(&'static str),
    /// `floor`, `ceil`, `trunc`: `py.math` on floats, integers and booleans unchanged.
    Rounding(&'static str),
    Square,
    Reciprocal,
    /// `x * (180 / π)`, the constant computed in the element type, as NumPy's `npy_degrees`.
    Degrees,
    /// `x * (π / 180)`.
    Radians,
    IsNan,
    IsInf,
    IsFinite,
    SignBit,
    LogicalAnd,
    LogicalOr,
    LogicalXor,
    LogicalNot,
    /// `heaviside(x, h)`: 0 below zero, `h` at zero, 1 above, NaN for NaN.
    Heaviside,
    /// `clip(a, low, high)`: `minimum(maximum(a, low), high)`.
    Clip,
    /// `where(condition, x, y)`.
    Where,
    /// The real part, the imaginary part or the conjugate of a complex number (`complex.re`,
    /// `complex.im`, `complex.conj`): the prelude's `np.real`, `np.imag` and `np.conj` of complex
    /// arrays.
    ComplexPart(&'static str),
}

/// How NumPy types a ufunc's result from its operands' common type (an operator ufunc is typed as
/// its operator).
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Rule {
    /// A float: float32 and float64 stay, int32 and wider give float64, int16 float32; NumPy gives
    /// float16 for int8, uint8 and bool, which rumba does not have.
    Float,
    /// Like `Float`, for functions NumPy has only float loops for and rumba computes on floats only.
    FloatOperands,
    /// The common type itself.
    Common,
    /// The common type, which must be a number other than bool (NumPy has no boolean loop).
    Numeric,
    Bool,
}

#[derive(Debug)]
pub struct Ufunc {
    pub name: &'static str,
    pub arity: usize,
    pub kernel: Kernel,
    pub rule: Rule,
}

const fn ufunc(name: &'static str, arity: usize, kernel: Kernel, rule: Rule) -> Ufunc {
    Ufunc { name, arity, kernel, rule }
}

/// Every ufunc rumba compiles, under NumPy's names (aliases included).
pub static UFUNCS: &[Ufunc] = &[
    ufunc("add", 2, Kernel::Binary(Operator::Add), Rule::Common),
    ufunc("subtract", 2, Kernel::Binary(Operator::Sub), Rule::Common),
    ufunc("multiply", 2, Kernel::Binary(Operator::Mult), Rule::Common),
    ufunc("divide", 2, Kernel::Binary(Operator::Div), Rule::Common),
    ufunc("true_divide", 2, Kernel::Binary(Operator::Div), Rule::Common),
    ufunc("floor_divide", 2, Kernel::Binary(Operator::FloorDiv), Rule::Common),
    ufunc("remainder", 2, Kernel::Binary(Operator::Mod), Rule::Common),
    ufunc("mod", 2, Kernel::Binary(Operator::Mod), Rule::Common),
    ufunc("power", 2, Kernel::Binary(Operator::Pow), Rule::Common),
    ufunc("bitwise_and", 2, Kernel::Binary(Operator::BitAnd), Rule::Common),
    ufunc("bitwise_or", 2, Kernel::Binary(Operator::BitOr), Rule::Common),
    ufunc("bitwise_xor", 2, Kernel::Binary(Operator::BitXor), Rule::Common),
    ufunc("left_shift", 2, Kernel::Binary(Operator::LShift), Rule::Common),
    ufunc("right_shift", 2, Kernel::Binary(Operator::RShift), Rule::Common),
    ufunc("negative", 1, Kernel::Unary(UnaryOp::USub), Rule::Common),
    ufunc("positive", 1, Kernel::Unary(UnaryOp::UAdd), Rule::Common),
    ufunc("invert", 1, Kernel::Unary(UnaryOp::Invert), Rule::Common),
    ufunc("bitwise_not", 1, Kernel::Unary(UnaryOp::Invert), Rule::Common),
    ufunc("less", 2, Kernel::Compare(CmpOp::Lt), Rule::Bool),
    ufunc("less_equal", 2, Kernel::Compare(CmpOp::LtE), Rule::Bool),
    ufunc("greater", 2, Kernel::Compare(CmpOp::Gt), Rule::Bool),
    ufunc("greater_equal", 2, Kernel::Compare(CmpOp::GtE), Rule::Bool),
    ufunc("equal", 2, Kernel::Compare(CmpOp::Eq), Rule::Bool),
    ufunc("not_equal", 2, Kernel::Compare(CmpOp::NotEq), Rule::Bool),
    ufunc("sqrt", 1, Kernel::Math("sqrt"), Rule::Float),
    ufunc("exp", 1, Kernel::Math("exp"), Rule::Float),
    ufunc("exp2", 1, Kernel::Math("exp2"), Rule::Float),
    ufunc("expm1", 1, Kernel::Math("expm1"), Rule::Float),
    ufunc("log", 1, Kernel::Math("log"), Rule::Float),
    ufunc("log2", 1, Kernel::Math("log2"), Rule::Float),
    ufunc("log10", 1, Kernel::Math("log10"), Rule::Float),
    ufunc("log1p", 1, Kernel::Math("log1p"), Rule::Float),
    ufunc("sin", 1, Kernel::Math("sin"), Rule::Float),
    ufunc("cos", 1, Kernel::Math("cos"), Rule::Float),
    ufunc("tan", 1, Kernel::Math("tan"), Rule::Float),
    ufunc("arcsin", 1, Kernel::Math("arcsin"), Rule::Float),
    ufunc("arccos", 1, Kernel::Math("arccos"), Rule::Float),
    ufunc("arctan", 1, Kernel::Math("arctan"), Rule::Float),
    ufunc("sinh", 1, Kernel::Math("sinh"), Rule::Float),
    ufunc("cosh", 1, Kernel::Math("cosh"), Rule::Float),
    ufunc("tanh", 1, Kernel::Math("tanh"), Rule::Float),
    ufunc("arcsinh", 1, Kernel::Math("arcsinh"), Rule::Float),
    ufunc("arccosh", 1, Kernel::Math("arccosh"), Rule::Float),
    ufunc("arctanh", 1, Kernel::Math("arctanh"), Rule::Float),
    ufunc("cbrt", 1, Kernel::Math("cbrt"), Rule::Float),
    ufunc("fabs", 1, Kernel::Math("fabs"), Rule::Float),
    ufunc("rint", 1, Kernel::Math("rint"), Rule::Float),
    ufunc("degrees", 1, Kernel::Degrees, Rule::Float),
    ufunc("rad2deg", 1, Kernel::Degrees, Rule::Float),
    ufunc("radians", 1, Kernel::Radians, Rule::Float),
    ufunc("deg2rad", 1, Kernel::Radians, Rule::Float),
    ufunc("arctan2", 2, Kernel::Math("arctan2"), Rule::Float),
    ufunc("hypot", 2, Kernel::Math("hypot"), Rule::Float),
    ufunc("copysign", 2, Kernel::Math("copysign"), Rule::Float),
    ufunc("nextafter", 2, Kernel::Math("nextafter"), Rule::Float),
    ufunc("logaddexp", 2, Kernel::Math("logaddexp"), Rule::Float),
    ufunc("logaddexp2", 2, Kernel::Math("logaddexp2"), Rule::Float),
    ufunc("heaviside", 2, Kernel::Heaviside, Rule::Float),
    ufunc("fmod", 2, Kernel::Math("fmod"), Rule::FloatOperands),
    ufunc("floor", 1, Kernel::Rounding("floor"), Rule::Common),
    ufunc("ceil", 1, Kernel::Rounding("ceil"), Rule::Common),
    ufunc("trunc", 1, Kernel::Rounding("trunc"), Rule::Common),
    ufunc("abs", 1, Kernel::Math("abs"), Rule::Common),
    ufunc("absolute", 1, Kernel::Math("abs"), Rule::Common),
    ufunc("sign", 1, Kernel::Math("sign"), Rule::Numeric),
    ufunc("square", 1, Kernel::Square, Rule::Numeric),
    ufunc("reciprocal", 1, Kernel::Reciprocal, Rule::FloatOperands),
    ufunc("minimum", 2, Kernel::Math("minimum"), Rule::Common),
    ufunc("maximum", 2, Kernel::Math("maximum"), Rule::Common),
    ufunc("fmin", 2, Kernel::Math("fmin"), Rule::Common),
    ufunc("fmax", 2, Kernel::Math("fmax"), Rule::Common),
    ufunc("clip", 3, Kernel::Clip, Rule::Common),
    ufunc("isnan", 1, Kernel::IsNan, Rule::Bool),
    ufunc("isinf", 1, Kernel::IsInf, Rule::Bool),
    ufunc("isfinite", 1, Kernel::IsFinite, Rule::Bool),
    ufunc("signbit", 1, Kernel::SignBit, Rule::Bool),
    ufunc("logical_and", 2, Kernel::LogicalAnd, Rule::Bool),
    ufunc("logical_or", 2, Kernel::LogicalOr, Rule::Bool),
    ufunc("logical_xor", 2, Kernel::LogicalXor, Rule::Bool),
    ufunc("logical_not", 1, Kernel::LogicalNot, Rule::Bool),
    ufunc("where", 3, Kernel::Where, Rule::Common),
    ufunc("_real_part", 1, Kernel::ComplexPart("re"), Rule::Common),
    ufunc("_imag_part", 1, Kernel::ComplexPart("im"), Rule::Common),
    ufunc("_conjugate", 1, Kernel::ComplexPart("conj"), Rule::Common),
];

/// The `complex` dialect ops that compute the ufunc of the same `py.math` name on complex numbers.
pub const COMPLEX_MATH: [&str; 9] = ["sqrt", "exp", "expm1", "log", "log1p", "sin", "cos", "tan", "tanh"];

/// The element type of an elementwise operation whose operands' common type is `complex`, or why
/// rumba does not compute it.
pub fn complex_result(op: &ElementwiseOp, complex: Scalar) -> Result<Scalar, String> {
    let kernel = match op {
        // `**` with a literal integer exponent; emission refuses any other.
        ElementwiseOp::Binary(Operator::Add | Operator::Sub | Operator::Mult | Operator::Div | Operator::Pow) | ElementwiseOp::Unary(UnaryOp::USub | UnaryOp::UAdd) => return Ok(complex),
        ElementwiseOp::Compare(_) => return Ok(Scalar::Bool),
        ElementwiseOp::Binary(operator) => return Err(format!("'{}' on arrays of {} is not supported", operator.as_str(), complex.numba_name())),
        ElementwiseOp::Unary(operator) => return Err(format!("unary {} on arrays of {} is not supported", operator.as_str(), complex.numba_name())),
        ElementwiseOp::Numpy(name) => (name, lookup(name).map(|ufunc| ufunc.kernel)),
    };
    match kernel {
        (_, Some(Kernel::Math(name))) if COMPLEX_MATH.contains(&name) => Ok(complex),
        (_, Some(Kernel::Math("abs") | Kernel::ComplexPart("re" | "im"))) => Ok(complex.part()),
        (_, Some(Kernel::Square | Kernel::Reciprocal | Kernel::Where | Kernel::ComplexPart(_))) => Ok(complex),
        (_, Some(Kernel::IsNan | Kernel::IsInf | Kernel::IsFinite)) => Ok(Scalar::Bool),
        (name, _) => Err(format!("np.{name} of {} is not supported yet", complex.numba_name())),
    }
}

/// The modules whose functions the prelude writes as `_module_name` (`_cmath_sqrt` is
/// `cmath.sqrt`).
pub const PRELUDE_MODULES: [&str; 7] = ["math", "cmath", "operator", "heapq", "cuda", "stride_tricks", "rumba"];

/// The ufunc NumPy calls `name`.
pub fn lookup(name: &str) -> Option<&'static Ufunc> {
    UFUNCS.iter().find(|ufunc| ufunc.name == name)
}

/// The result type of `ufunc` on operands whose common type is `common`, or why there is none.
pub fn result_type(ufunc: &Ufunc, common: Scalar) -> Result<Scalar, String> {
    // NumPy computes int8, uint8 and bool in float16, which Numba has not: its loop is the next,
    // float32's, as for int16.
    let float = |common: Scalar| match common {
        Scalar::Float { .. } => common,
        Scalar::Int { bits: 32 | 64, .. } => FLOAT64,
        Scalar::Int { .. } | Scalar::Bool => Scalar::Float { bits: 32 },
        Scalar::Complex { .. } => unreachable!("complex operands take complex_result_type"),
    };
    match ufunc.rule {
        Rule::Float => Ok(float(common)),
        Rule::FloatOperands if common.is_float() => Ok(common),
        Rule::FloatOperands => Err(format!("np.{} of {} is not supported yet (floats only)", ufunc.name, common.numba_name())),
        Rule::Common => Ok(common),
        Rule::Numeric if common == Scalar::Bool => Err(format!("np.{} does not take booleans (NumPy has no boolean loop for it)", ufunc.name)),
        Rule::Numeric => Ok(common),
        Rule::Bool => Ok(Scalar::Bool),
    }
}

/// The `math` functions rumba compiles, each with the kernel it shares with its NumPy namesake
/// (`math.floor`, `ceil` and `trunc` then convert to int, as Python's do).
pub static MATH_FUNCTIONS: &[(&str, Kernel)] = &[
    ("sqrt", Kernel::Math("sqrt")),
    ("exp", Kernel::Math("exp")),
    ("exp2", Kernel::Math("exp2")),
    ("expm1", Kernel::Math("expm1")),
    ("log", Kernel::Math("log")),
    ("log2", Kernel::Math("log2")),
    ("log10", Kernel::Math("log10")),
    ("log1p", Kernel::Math("log1p")),
    ("sin", Kernel::Math("sin")),
    ("cos", Kernel::Math("cos")),
    ("tan", Kernel::Math("tan")),
    ("asin", Kernel::Math("arcsin")),
    ("acos", Kernel::Math("arccos")),
    ("atan", Kernel::Math("arctan")),
    ("sinh", Kernel::Math("sinh")),
    ("cosh", Kernel::Math("cosh")),
    ("tanh", Kernel::Math("tanh")),
    ("asinh", Kernel::Math("arcsinh")),
    ("acosh", Kernel::Math("arccosh")),
    ("atanh", Kernel::Math("arctanh")),
    ("cbrt", Kernel::Math("cbrt")),
    ("erf", Kernel::Math("erf")),
    ("erfc", Kernel::Math("erfc")),
    ("gamma", Kernel::Math("gamma")),
    ("lgamma", Kernel::Math("lgamma")),
    ("fabs", Kernel::Math("fabs")),
    ("floor", Kernel::Rounding("floor")),
    ("ceil", Kernel::Rounding("ceil")),
    ("trunc", Kernel::Rounding("trunc")),
    ("degrees", Kernel::Degrees),
    ("radians", Kernel::Radians),
    ("isnan", Kernel::IsNan),
    ("isinf", Kernel::IsInf),
    ("isfinite", Kernel::IsFinite),
    ("pow", Kernel::Math("pow")),
    ("atan2", Kernel::Math("arctan2")),
    ("hypot", Kernel::Math("hypot")),
    ("copysign", Kernel::Math("copysign")),
    ("fmod", Kernel::Math("fmod")),
    ("nextafter", Kernel::Math("nextafter")),
];

/// The kernel of `math.<name>`.
pub fn math_kernel(name: &str) -> Option<Kernel> {
    MATH_FUNCTIONS.iter().find(|(math_name, _)| *math_name == name).map(|(_, kernel)| *kernel)
}

#[cfg(test)]
mod tests {
    use super::*;

/// The list of supported functions in `docs/functions.md`, generated from the tables above.
    pub fn functions_markdown() -> String {
        let rule = |rule: Rule| match rule {
            Rule::Float => "float (float32 stays; int16 gives float32, wider ints float64)",
            Rule::FloatOperands => "float operands only",
            Rule::Common => "the operands' common type",
            Rule::Numeric => "the operands' common type, not bool",
            Rule::Bool => "bool",
        };
        let mut text = String::from(
            "# Functions rumba compiles\n\n\
             Generated from `frontend/src/ufuncs.rs` by `cargo test -p rumba-frontend` with \
             `RUMBA_BLESS=1`; the test fails when this file is out of date.\n\n\
             ## NumPy ufuncs\n\n\
             Each works on arrays (fused into one loop with the rest of the expression) and on numbers, with\n\
             NumPy 2's result types (NEP 50). A result NumPy computes in float16 is a located error.\n\
             On complex128 arrays and numbers: `+ - * /`, `==`, `!=`, `< <= > >=` on arrays (NumPy's order), negation, `np.abs` (float64), `np.square`, `np.reciprocal`,\n\
             `np.where`, `np.isnan`/`isinf`/`isfinite` and `np.{}`.\n\n\
             | function | operands | result |\n|---|---|---|\n",
        )
        .replacen("{}", &COMPLEX_MATH.join("`, `np."), 1);
        // `_real_part`, `_imag_part` and `_conjugate` are the helpers of the prelude's `np.real`, `np.imag` and `np.conj`.
        for ufunc in UFUNCS.iter().filter(|ufunc| !ufunc.name.starts_with('_')) {
            let result = match ufunc.kernel {
                Kernel::Binary(operator) => format!("as `{}` on arrays", operator.as_str()),
                Kernel::Unary(operator) => format!("as unary `{}` on arrays", operator.as_str()),
                _ => rule(ufunc.rule).to_string(),
            };
            text.push_str(&format!("| `np.{}` | {} | {result} |\n", ufunc.name, ufunc.arity));
        }
        text.push_str("\n## `math`\n\nPython's semantics on numbers; outside a function's domain the result is NaN or inf, as in C and Numba (see `docs/decisions.md`).\n\n");
        let names: Vec<String> = MATH_FUNCTIONS.iter().map(|(name, _)| format!("`math.{name}`")).collect();
        text.push_str(&names.join(", "));
        text.push_str("\n\n## Array functions and methods\n\nEmitted as `py` dialect ops (`frontend/src/array_calls.rs`), with NumPy's parameters; `a.name(...)` is the `ndarray` method.\n\n");
        let array_calls: Vec<String> = crate::array_calls::ARRAY_CALLS
            .iter()
            .filter(|(name, ..)| !name.starts_with('_'))
            .map(|(name, written, parameters)| {
                let function = format!("`np.{name}({})`", parameters.join(", "));
                let method = format!("`a.{name}({})`", parameters[1..].join(", "));
                match written {
                    crate::array_calls::Written::Function => function,
                    crate::array_calls::Written::Method => method,
                    crate::array_calls::Written::Both => format!("{function} and {method}"),
                }
            })
            .collect();
        text.push_str(&array_calls.join(", "));
        text.push_str("\n\n## NumPy functions and Python built-ins in the prelude\n\nWritten in Python in `frontend/src/prelude/numpy.py` and compiled by rumba with the code that calls them.\n\n");
        let prelude: Vec<String> = include_str!("prelude/numpy.py")
            .lines()
            .filter_map(|line| line.strip_prefix("def ")?.split_once('('))
            .filter_map(|(name, parameters)| {
                // `_random_name` is `np.random.name` (`_linalg_name` `np.linalg.name`), `_method_name(a, ...)` the method
                // `a.name(...)`, `_builtin_name` Python's `name`, `_math_name` `math.name` (and so
                // for the other `PRELUDE_MODULES`); other names with `_` are the file's helpers.
                let parameters = parameters.trim_end_matches(':');
                if let Some(method) = name.strip_prefix("_method_") {
                    let rest = parameters.split_once(", ").map_or(")", |(_, rest)| rest);
                    return Some(format!("`a.{method}({rest}`"));
                }
                if let Some(builtin) = name.strip_prefix("_builtin_") {
                    return Some(format!("`{builtin}({parameters}`"));
                }
                for module in PRELUDE_MODULES {
                    if let Some(function) = name.strip_prefix(&format!("_{module}_")) {
                        return Some(format!("`{module}.{}({parameters}`", function.replace("__", ".")));
                    }
                }
                let qualified = match name.strip_prefix("_random_").map(|random| ("random", random)).or_else(|| name.strip_prefix("_linalg_").map(|linalg| ("linalg", linalg))) {
                    Some((submodule, function)) => format!("{submodule}.{function}"),
                    None if name.starts_with('_') => return None,
                    None => name.to_string(),
                };
                Some(format!("`np.{qualified}({parameters}`"))
            })
            .collect();
        text.push_str(&prelude.join(", "));
        text.push_str("\n\n## CUDA kernels' intrinsics\n\n`cuda.threadIdx`, `cuda.blockIdx`, `cuda.blockDim`, `cuda.gridDim` (`.x`, `.y`, `.z`), `cuda.laneid`, `cuda.warpsize`, and:\n\n");
        for (signature, what) in crate::cuda::INTRINSICS {
            text.push_str(&format!("- `cuda.{signature}`: {what}\n"));
        }
        text
    }

    #[test]
    fn the_prelude_defines_each_function_once() {
        // A second definition would silently replace the first for every caller.
        let parsed = ruff_python_parser::parse_module(crate::resolve::NUMPY_PRELUDE).expect("the prelude parses");
        let mut seen = std::collections::HashSet::new();
        for statement in parsed.into_syntax().body {
            if let ruff_python_ast::Stmt::FunctionDef(function) = statement {
                assert!(seen.insert(function.name.to_string()), "the prelude defines '{}' twice", function.name);
            }
        }
    }

    #[test]
    fn the_functions_page_lists_every_function() {
        let path = concat!(env!("CARGO_MANIFEST_DIR"), "/../docs/functions.md");
        let generated = functions_markdown();
        if std::env::var_os("RUMBA_BLESS").is_some() {
            std::fs::write(path, &generated).expect("docs/functions.md is writable");
        }
        let written = std::fs::read_to_string(path).unwrap_or_default();
        assert!(written == generated, "docs/functions.md is out of date: run RUMBA_BLESS=1 cargo test -p rumba-frontend");
    }

    #[test]
    fn every_math_kernel_names_a_py_math_function() {
        for kernel in UFUNCS.iter().map(|ufunc| ufunc.kernel).chain(MATH_FUNCTIONS.iter().map(|(_, kernel)| *kernel)) {
            if let Kernel::Math(name) | Kernel::Rounding(name) = kernel {
                assert!(rumba_dialects::math_function(name).is_some(), "py.math has no function '{name}'");
            }
        }
    }
}
