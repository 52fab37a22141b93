//! `lower-py` for numbers: Python's floor division, modulo and shifts, truth, casts, element
//! indices that count from the end, and the `math` functions lowered by hand or to libm calls.

use super::*;

/// Python's `a // b` on a nonzero divisor.
pub(super) fn floor_divide(b: &Builder, kind: ScalarKind, lhs: MlirValue, rhs: MlirValue) -> MlirValue {
    match kind {
        ScalarKind::Float(_) => python_float_divmod(b, lhs, rhs).0,
        ScalarKind::Signed(_) | ScalarKind::Index => {
            // x // -1 is -x (wrapping), also for INT_MIN where the division would trap.
            let (by_minus_one, safe_divisor) = divisor_without_minus_one(b, rhs);
            let quotient = b.binary("arith.floordivsi", lhs, safe_divisor);
            let negated = b.binary("arith.subi", b.integer(ir::value_type(lhs), 0), lhs);
            b.select(by_minus_one, negated, quotient)
        }
        ScalarKind::Unsigned(_) | ScalarKind::Bool => b.binary("arith.divui", lhs, rhs),
    }
}

/// Python's `a % b` on a nonzero divisor: the result has the divisor's sign.
pub(super) fn modulo(b: &Builder, kind: ScalarKind, lhs: MlirValue, rhs: MlirValue) -> MlirValue {
    match kind {
        ScalarKind::Float(_) => python_float_divmod(b, lhs, rhs).1,
        ScalarKind::Signed(_) | ScalarKind::Index => {
            // x % -1 is 0, and so is x % 1: dividing by 1 instead avoids INT_MIN % -1 trapping.
            let (_, safe_divisor) = divisor_without_minus_one(b, rhs);
            let zero = b.integer(ir::value_type(lhs), 0);
            let remainder = b.binary("arith.remsi", lhs, safe_divisor);
            let nonzero = b.compare(false, "ne", remainder, zero);
            let signs_differ = b.binary("arith.xori", b.compare(false, "slt", remainder, zero), b.compare(false, "slt", rhs, zero));
            let adjust = b.binary("arith.andi", nonzero, signs_differ);
            let adjusted = b.binary("arith.addi", remainder, rhs);
            b.select(adjust, adjusted, remainder)
        }
        ScalarKind::Unsigned(_) | ScalarKind::Bool => b.binary("arith.remui", lhs, rhs),
    }
}

/// `(divisor == -1, divisor with -1 replaced by 1)`: signed division by -1 traps on INT_MIN.
fn divisor_without_minus_one(b: &Builder, divisor: MlirValue) -> (MlirValue, MlirValue) {
    let r#type = ir::value_type(divisor);
    let by_minus_one = b.compare(false, "eq", divisor, b.integer(r#type, -1));
    (by_minus_one, b.select(by_minus_one, b.integer(r#type, 1), divisor))
}

/// CPython's `float_divmod`: (floor quotient, modulo) with its signed-zero and rounding rules.
fn python_float_divmod(b: &Builder, lhs: MlirValue, rhs: MlirValue) -> (MlirValue, MlirValue) {
    let r#type = ir::value_type(lhs);
    let zero = b.float(r#type, 0.0);
    let one = b.float(r#type, 1.0);
    let half = b.float(r#type, 0.5);
    let remainder = b.binary("arith.remf", lhs, rhs);
    let quotient = b.binary("arith.divf", b.binary("arith.subf", lhs, remainder), rhs);
    let remainder_nonzero = b.compare(true, "une", remainder, zero);
    let signs_differ = b.binary("arith.xori", b.compare(true, "olt", rhs, zero), b.compare(true, "olt", remainder, zero));
    let adjust = b.binary("arith.andi", remainder_nonzero, signs_differ);
    let modulo_adjusted = b.select(adjust, b.binary("arith.addf", remainder, rhs), remainder);
    let modulo = b.select(remainder_nonzero, modulo_adjusted, b.binary("math.copysign", zero, rhs));
    let quotient = b.select(adjust, b.binary("arith.subf", quotient, one), quotient);
    let floored = b.unary("math.floor", quotient);
    let round_up = b.compare(true, "ogt", b.binary("arith.subf", quotient, floored), half);
    let floored = b.select(round_up, b.binary("arith.addf", floored, one), floored);
    let quotient_nonzero = b.compare(true, "une", quotient, zero);
    let signed_zero = b.binary("math.copysign", zero, b.binary("arith.divf", lhs, rhs));
    (b.select(quotient_nonzero, floored, signed_zero), modulo)
}

/// Shifts by a count at or past the width give 0 (left, logical right) or the sign (arithmetic right).
pub(super) fn shift(b: &Builder, name: &str, kind: ScalarKind, lhs: MlirValue, rhs: MlirValue) -> MlirValue {
    let r#type = ir::value_type(lhs);
    let bits = width(kind) as i64;
    let width_value = b.integer(r#type, bits);
    let zero = b.integer(r#type, 0);
    let in_range = b.compare(false, "ult", rhs, width_value);
    match (name, kind) {
        ("py.lshift", _) => b.select(in_range, b.binary("arith.shli", lhs, rhs), zero),
        (_, ScalarKind::Signed(_)) => {
            let clamped = b.select(in_range, rhs, b.integer(r#type, bits - 1));
            b.binary("arith.shrsi", lhs, clamped)
        }
        _ => b.select(in_range, b.binary("arith.shrui", lhs, rhs), zero),
    }
}

pub(super) fn truth(b: &Builder, kind: ScalarKind, operand: MlirValue) -> MlirValue {
    let r#type = ir::value_type(operand);
    match kind {
        ScalarKind::Bool => operand,
        ScalarKind::Float(_) => b.compare(true, "une", operand, b.float(r#type, 0.0)),
        _ => b.compare(false, "ne", operand, b.integer(r#type, 0)),
    }
}

pub(super) fn cast(b: &Builder, from: ScalarKind, to: ScalarKind, operand: MlirValue, target: MlirType) -> MlirValue {
    use ScalarKind::*;
    let name = match (from, to) {
        (_, Bool) => return truth(b, from, operand),
        (Index, _) | (_, Index) => {
            if matches!(from, Unsigned(_) | Bool) || matches!(to, Unsigned(_)) {
                "arith.index_castui"
            } else {
                "arith.index_cast"
            }
        }
        (Float(a), Float(z)) if a == z => return operand,
        (Float(a), Float(z)) => {
            if a < z {
                "arith.extf"
            } else {
                "arith.truncf"
            }
        }
        // A float outside the integer's range converts to poison; frozen, it is some fixed value
        // instead, and no later branch on it is undefined behaviour.
        // Narrow unsigned types through int64, as NumPy's casts do on x86: -8.0 becomes 248 in uint8.
        (Float(_), Unsigned(bits)) if bits < 64 => {
            let wide = b.integer_type(64);
            let converted = b.value("llvm.freeze", &[b.value("arith.fptosi", &[operand], wide, &[])], wide, &[]);
            return b.value("arith.trunci", &[converted], target, &[]);
        }
        (Float(_), Unsigned(_)) => return b.value("llvm.freeze", &[b.value("arith.fptoui", &[operand], target, &[])], target, &[]),
        (Float(_), _) => return b.value("llvm.freeze", &[b.value("arith.fptosi", &[operand], target, &[])], target, &[]),
        (Signed(_), Float(_)) => "arith.sitofp",
        (_, Float(_)) => "arith.uitofp",
        (from, to) if width(from) == width(to) => return operand,
        (from, to) if width(from) > width(to) => "arith.trunci",
        (Signed(_), _) => "arith.extsi",
        _ => "arith.extui",
    };
    b.value(name, &[operand], target, &[])
}

/// Element indices as `index`, negative ones counted from the end of their dimension.
pub(super) fn element_indices(b: &Builder, array: MlirValue, indices: &[MlirValue], index_types: &[MlirType]) -> Result<Vec<MlirValue>, String> {
    let index_type = b.index_type();
    let zero = b.integer(index_type, 0);
    indices
        .iter()
        .zip(index_types)
        .enumerate()
        .map(|(dim, (index, index_type_before))| {
            let kind = kind_of(*index_type_before)?;
            let position = cast(b, kind, ScalarKind::Index, *index, index_type);
            if matches!(kind, ScalarKind::Unsigned(_) | ScalarKind::Bool) {
                return Ok(position);
            }
            let dim_index = b.integer(index_type, dim as i64);
            let extent = b.value("memref.dim", &[array, dim_index], index_type, &[]);
            let negative = b.compare(false, "slt", position, zero);
            Ok(b.select(negative, b.binary("arith.addi", position, extent), position))
        })
        .collect()
}

/// A call to libm's `name` (`namef` on float32) on `operands` of type `float`.
pub(super) fn libm_call(b: &Builder, name: &str, operands: &[MlirValue], float: MlirType) -> Result<MlirValue, String> {
    let name = if ir::print_type(float) == "f32" { format!("{name}f") } else { name.to_string() };
    Ok(call_runtime(b, &name, operands, Some(float))?.expect("libm's functions here return a float"))
}

/// The `py.math` functions `MathFunctions.def` leaves to `lower-py`, on operands of kind `kind`.
pub(super) fn math_by_hand(b: &Builder, callee: &str, kind: ScalarKind, operands: &[MlirValue], result_type: MlirType) -> Result<MlirValue, String> {
    let float = matches!(kind, ScalarKind::Float(_));
    let unsigned = matches!(kind, ScalarKind::Unsigned(_) | ScalarKind::Bool);
    Ok(match (callee, float) {
        ("abs", true) => b.unary("math.absf", operands[0]),
        ("abs", false) if unsigned => operands[0],
        ("abs", false) => b.unary("math.absi", operands[0]),
        // NumPy's sign: 1, -1 or 0 (a positive zero for either zero), and NaN for NaN.
        ("sign", true) => {
            let (x, zero) = (operands[0], b.float(result_type, 0.0));
            let signed_one = b.select(b.compare(true, "olt", x, zero), b.float(result_type, -1.0), b.float(result_type, 1.0));
            let nonzero = b.select(b.compare(true, "oeq", x, zero), zero, signed_one);
            b.select(b.compare(true, "uno", x, x), x, nonzero)
        }
        ("sign", false) => {
            let (x, zero) = (operands[0], b.integer(result_type, 0));
            let positive = b.select(b.compare(false, if unsigned { "ugt" } else { "sgt" }, x, zero), b.integer(result_type, 1), zero);
            if unsigned { positive } else { b.select(b.compare(false, "slt", x, zero), b.integer(result_type, -1), positive) }
        }
        ("minimum", true) => b.binary("arith.minimumf", operands[0], operands[1]),
        ("maximum", true) => b.binary("arith.maximumf", operands[0], operands[1]),
        ("minimum", false) => b.binary(if unsigned { "arith.minui" } else { "arith.minsi" }, operands[0], operands[1]),
        ("maximum", false) => b.binary(if unsigned { "arith.maxui" } else { "arith.maxsi" }, operands[0], operands[1]),
        // NumPy's npy_logaddexp(2): equal operands (infinities too) give x + log(2) (x + 1); else
        // the larger plus log1p(exp(-|x - y|)), in base 2 for logaddexp2; NaN if either is.
        ("logaddexp" | "logaddexp2", true) => {
            let base2 = callee == "logaddexp2";
            let (x, y) = (operands[0], operands[1]);
            let difference = b.binary("arith.subf", x, y);
            let magnitude = b.unary("math.absf", difference);
            let power = b.unary(if base2 { "math.exp2" } else { "math.exp" }, b.unary("arith.negf", magnitude));
            let mut log1p = libm_call(b, "log1p", &[power], result_type)?;
            if base2 {
                log1p = b.binary("arith.mulf", log1p, b.float(result_type, std::f64::consts::LOG2_E));
            }
            let larger = b.select(b.compare(true, "ogt", difference, b.float(result_type, 0.0)), x, y);
            let apart = b.binary("arith.addf", larger, log1p);
            let equal = b.binary("arith.addf", x, b.float(result_type, if base2 { 1.0 } else { std::f64::consts::LN_2 }));
            let apart_or_nan = b.select(b.compare(true, "uno", difference, difference), difference, apart);
            b.select(b.compare(true, "oeq", x, y), equal, apart_or_nan)
        }
        (other, _) => return Err(format!("py.math: no lowering for '{other}' on {kind:?}")),
    })
}
