//! Complex numbers as compiled code passes, returns and stores them (complex128, two f64s;
//! complex64, two f32s), and the powers of complex numbers, NumPy's for arrays and CPython's for
//! numbers, which compiled code calls.

use std::ops::{Add, Mul};

/// A complex number of two `$part`s, added part by part and multiplied by the schoolbook product,
/// as NumPy's scalar loops compute them.
macro_rules! complex_number {
    ($complex:ident, $part:ty) => {
        #[repr(C)]
        #[derive(Clone, Copy, Debug, Default, PartialEq)]
        pub struct $complex {
            pub real: $part,
            pub imag: $part,
        }

        impl Add for $complex {
            type Output = Self;
            fn add(self, other: Self) -> Self {
                $complex { real: self.real + other.real, imag: self.imag + other.imag }
            }
        }

        impl Mul for $complex {
            type Output = Self;
            fn mul(self, other: Self) -> Self {
                $complex { real: self.real * other.real - self.imag * other.imag, imag: self.real * other.imag + self.imag * other.real }
            }
        }
    };
}
complex_number!(Complex64, f32);
complex_number!(Complex128, f64);

impl Complex128 {
    const ONE: Self = Complex128 { real: 1.0, imag: 0.0 };

    fn is_zero(self) -> bool {
        self.real == 0.0 && self.imag == 0.0
    }

    /// `self ** n` by binary powering from 1 (the first product is `1 * self`, as NumPy's and
    /// CPython's loops compute it).
    fn powered(self, n: u64) -> Self {
        let (mut result, mut square, mut mask) = (Self::ONE, self, 1u64);
        while mask <= n {
            if n & mask != 0 {
                result = result * square;
            }
            mask <<= 1;
            if mask <= n {
                square = square * square;
            }
        }
        result
    }
}

/// `dividend / divisor` as NumPy's `cdiv` computes it (Smith's algorithm, by a reciprocal scale).
fn numpy_quotient(dividend: Complex128, divisor: Complex128) -> Complex128 {
    let (Complex128 { real: a, imag: b }, Complex128 { real: c, imag: d }) = (dividend, divisor);
    if c.abs() >= d.abs() {
        if c == 0.0 && d == 0.0 {
            return Complex128 { real: a / c.abs(), imag: b / d.abs() };
        }
        let ratio = d / c;
        let scale = 1.0 / (c + d * ratio);
        Complex128 { real: (a + b * ratio) * scale, imag: (b - a * ratio) * scale }
    } else {
        let ratio = c / d;
        let scale = 1.0 / (d + c * ratio);
        Complex128 { real: (a * ratio + b) * scale, imag: (b * ratio - a) * scale }
    }
}

/// `dividend / divisor` as CPython's `_Py_c_quot` computes it (Smith's algorithm); the divisor is
/// not zero.
fn python_quotient(dividend: Complex128, divisor: Complex128) -> Complex128 {
    let (Complex128 { real: a, imag: b }, Complex128 { real: c, imag: d }) = (dividend, divisor);
    if c.abs() >= d.abs() {
        let ratio = d / c;
        let denominator = c + d * ratio;
        Complex128 { real: (a + b * ratio) / denominator, imag: (b - a * ratio) / denominator }
    } else if d.abs() >= c.abs() {
        let ratio = c / d;
        let denominator = c * ratio + d;
        Complex128 { real: (a * ratio + b) / denominator, imag: (b * ratio - a) / denominator }
    } else {
        Complex128 { real: f64::NAN, imag: f64::NAN }
    }
}

unsafe extern "C" {
    /// The C library's `cpow` (a C `double complex` is passed and returned as this struct is).
    fn cpow(base: Complex128, exponent: Complex128) -> Complex128;
}

/// `base ** exponent` on complex arrays, as NumPy's `npy_cpow`: 1 for a zero exponent, 0 or NaN
/// for a zero base, products for integer exponents below 100 in magnitude, else `cpow`.
pub extern "C" fn rumba_complex_power_numpy(base: Complex128, exponent: Complex128) -> Complex128 {
    if exponent.is_zero() {
        return Complex128::ONE;
    }
    if base.is_zero() {
        return if exponent.real > 0.0 { Complex128::default() } else { Complex128 { real: f64::NAN, imag: f64::NAN } };
    }
    let n = exponent.real as i64;
    if exponent.imag == 0.0 && n as f64 == exponent.real && n.unsigned_abs() < 100 {
        let powered = match n {
            1 => base,
            2 => base * base,
            3 => base * (base * base),
            _ => base.powered(n.unsigned_abs()),
        };
        return if n < 0 { numpy_quotient(Complex128::ONE, powered) } else { powered };
    }
    unsafe { cpow(base, exponent) }
}

/// `base ** exponent` on complex numbers, as CPython's `complex.__pow__`: products for integer
/// exponents of at most 100 in magnitude (the reciprocal for negative ones), else the polar
/// formula. A zero base with a negative or complex exponent is compiled code's ZeroDivisionError,
/// raised before the call.
pub extern "C" fn rumba_complex_power_python(base: Complex128, exponent: Complex128) -> Complex128 {
    if exponent.imag == 0.0 && exponent.real == exponent.real.floor() && exponent.real.abs() <= 100.0 {
        let n = exponent.real as i64;
        let powered = base.powered(n.unsigned_abs());
        return if n > 0 { powered } else { python_quotient(Complex128::ONE, powered) };
    }
    if exponent.is_zero() {
        return Complex128::ONE;
    }
    if base.is_zero() {
        return Complex128::default();
    }
    let magnitude = base.real.hypot(base.imag);
    let mut length = magnitude.powf(exponent.real);
    let angle = base.imag.atan2(base.real);
    let mut phase = angle * exponent.real;
    if exponent.imag != 0.0 {
        length /= (angle * exponent.imag).exp();
        phase += exponent.imag * magnitude.ln();
    }
    Complex128 { real: length * phase.cos(), imag: length * phase.sin() }
}
