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

/// The modulus of CPython's hashes of numbers, the Mersenne prime 2**61 - 1.
const HASH_MODULUS: u64 = (1 << 61) - 1;

/// CPython's `hash(value)` of an int (of a `uint64` where `unsigned` is not zero): the value
/// modulo 2**61 - 1 with its sign, -2 for -1.
pub extern "C" fn rumba_hash_int(value: i64, unsigned: i64) -> i64 {
    let hash = match (unsigned != 0, value < 0) {
        (false, true) => -((value.unsigned_abs() % HASH_MODULUS) as i64),
        _ => (value as u64 % HASH_MODULUS) as i64,
    };
    if hash == -1 { -2 } else { hash }
}

/// CPython's `hash(value)` of a float (`_Py_HashDouble`): an integral value hashes as the int;
/// NaN hashes 0, as before Python 3.10 (CPython now hashes the object's identity).
pub extern "C" fn rumba_hash_float(value: f64) -> i64 {
    if value.is_infinite() {
        return if value > 0.0 { 314_159 } else { -314_159 };
    }
    if value.is_nan() || value == 0.0 {
        return 0;
    }
    // value = mantissa * 2**exponent with 0.5 <= |mantissa| < 1; the mantissa's bits are folded
    // in 28 at a time, each step a rotation by 28 modulo 2**61 - 1.
    let bits = value.abs().to_bits();
    let (mut mantissa, mut exponent) = match (bits >> 52) as i64 {
        0 => {
            let scaled = value.abs() * f64::from_bits(0x4350_0000_0000_0000);
            (f64::from_bits((scaled.to_bits() & !(0x7ff << 52)) | (1022 << 52)), ((scaled.to_bits() >> 52) as i64) - 1022 - 54)
        }
        biased => (f64::from_bits((bits & !(0x7ff << 52)) | (1022 << 52)), biased - 1022),
    };
    let mut hash: u64 = 0;
    while mantissa != 0.0 {
        hash = ((hash << 28) & HASH_MODULUS) | hash >> (61 - 28);
        mantissa *= 268_435_456.0;
        exponent -= 28;
        let digit = mantissa as u64;
        mantissa -= digit as f64;
        hash += digit;
        if hash >= HASH_MODULUS {
            hash -= HASH_MODULUS;
        }
    }
    let exponent = if exponent >= 0 { exponent % 61 } else { 60 - (-1 - exponent) % 61 };
    hash = ((hash << exponent) & HASH_MODULUS) | hash >> (61 - exponent);
    let hash = if value < 0.0 { -(hash as i64) } else { hash as i64 };
    if hash == -1 { -2 } else { hash }
}

#[cfg(test)]
mod tests {
    use super::{rumba_hash_float, rumba_hash_int, rumba_int_true_divide};

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

    #[test]
    fn numbers_hash_as_in_cpython() {
        assert_eq!(rumba_hash_int(1 << 62, 0), 2);
        assert_eq!(rumba_hash_int(i64::MIN, 0), -4);
        assert_eq!(rumba_hash_int(-1, 0), -2);
        assert_eq!(rumba_hash_int(-1, 1), 7);
        assert_eq!(rumba_hash_float(1.5), 1152921504606846977);
        assert_eq!(rumba_hash_float(0.1), 230584300921369408);
        assert_eq!(rumba_hash_float(-2.5), -1152921504606846978);
        assert_eq!(rumba_hash_float(1e300), 1224995262755759164);
        assert_eq!(rumba_hash_float(5e-324), 16777216);
        assert_eq!(rumba_hash_float(-1.0), -2);
        assert_eq!(rumba_hash_float(7.0), 7);
    }
}
