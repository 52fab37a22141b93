//! Arithmetic that compiled code leaves to the runtime for operands outside a fast path.

/// `numerator / denominator` of two ints rounded once, as CPython's `int / int` is: compiled code
/// converts both to float and divides while both are within ±2**53 (then the quotient of the
/// converted values is exact), and calls this beyond. The caller has raised for a zero divisor.
pub extern "C" fn rumba_int_true_divide(numerator: i64, denominator: i64) -> f64 {
    if denominator == 0 {
        return f64::NAN;
    }
    let negative = (numerator < 0) != (denominator < 0);
    let (dividend, divisor) = (u128::from(numerator.unsigned_abs()), u128::from(denominator.unsigned_abs()));
    let magnitude = if dividend == 0 {
        0.0
    } else {
        // Scale so that the integer quotient has 55 or 56 bits: 53 kept, one to round by, and a
        // sticky bit that records a non-zero remainder, so that one conversion rounds correctly.
        let bits = |x: u128| 128 - x.leading_zeros() as i32;
        let shift = 55 + bits(divisor) - bits(dividend);
        let (scaled_dividend, scaled_divisor) = if shift >= 0 { (dividend << shift, divisor) } else { (dividend, divisor << -shift) };
        let quotient = scaled_dividend / scaled_divisor;
        let sticky = u128::from(scaled_dividend % scaled_divisor != 0);
        let rounded = (quotient | sticky) as u64 as f64;
        // 2**-shift is a normal float for every shift two int64 magnitudes give (-8..=118).
        rounded * f64::from_bits(((1023 - shift) as u64) << 52)
    };
    if negative { -magnitude } else { magnitude }
}

#[cfg(test)]
mod tests {
    use super::rumba_int_true_divide;

    #[test]
    fn quotients_are_rounded_once() {
        // 3 / (2**53 + 1): CPython gives 3.330669073875469e-16; float(3) / float(2**53 + 1) is one ulp above.
        assert_eq!(rumba_int_true_divide(3, (1 << 53) + 1), 3.330669073875469e-16);
        assert_eq!(rumba_int_true_divide(i64::MAX, 1), 9.223372036854775807e18);
        assert_eq!(rumba_int_true_divide(i64::MIN, -1), 9.223372036854775808e18);
        assert_eq!(rumba_int_true_divide(1, i64::MIN), -1.0842021724855044e-19);
        assert_eq!(rumba_int_true_divide(-7, 2), -3.5);
        assert_eq!(rumba_int_true_divide(0, -5).to_bits(), (-0.0f64).to_bits());
        // Ties go to even: (2**54 + 2) / 2 = 2**53 + 1 lies halfway between two floats.
        assert_eq!(rumba_int_true_divide((1 << 54) + 2, 2), 9007199254740992.0);
        assert_eq!(rumba_int_true_divide((1 << 54) + 6, 2), 9007199254740996.0);
    }
}
