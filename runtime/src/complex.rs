//! A complex128 number as compiled code passes, returns and stores one: two f64s.

use std::ops::{Add, Mul};

#[repr(C)]
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Complex128 {
    pub real: f64,
    pub imag: f64,
}

impl Add for Complex128 {
    type Output = Self;
    fn add(self, other: Self) -> Self {
        Complex128 { real: self.real + other.real, imag: self.imag + other.imag }
    }
}

/// The schoolbook product, as NumPy's scalar loops compute it.
impl Mul for Complex128 {
    type Output = Self;
    fn mul(self, other: Self) -> Self {
        Complex128 { real: self.real * other.real - self.imag * other.imag, imag: self.real * other.imag + self.imag * other.real }
    }
}
