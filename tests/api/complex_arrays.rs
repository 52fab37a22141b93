//! complex128 and complex64 arrays from Rust, without Python: an `ndarray` of `Complex<f64>` (or
//! `Complex<f32>`) passed in place and a complex array returned, checked against the same
//! arithmetic done here.

use ndarray::Array1;
use num_complex::Complex;
use rumba::{array_mut, compile_module, Number, Options, Type, Value};

const SOURCE: &str = "import numpy as np

def rotate(z):
    z[0] = z[0] * 1j
    return z * z + 1, z.sum()
";

#[test]
fn complex_arrays_pass_in_place_and_come_back() {
    let module = compile_module(SOURCE, &Options { file_name: "complex_arrays.py".into(), ..Options::default() }).unwrap();
    let mut z = Array1::from_shape_fn(5, |i| Complex::new(i as f64 - 2.0, 0.5 * i as f64));
    let expected_first = z[0] * Complex::new(0.0, 1.0);
    let arguments = [array_mut(&mut z.view_mut())];
    let types: Vec<Type> = arguments.iter().map(rumba::Argument::value_type).collect();
    let result = module.function("rotate", &types).unwrap().call(&arguments).unwrap();
    assert_eq!(z[0], expected_first);
    let Value::Tuple(parts) = result else { panic!("expected a tuple, got {result}") };
    let Value::Array(squares) = &parts[0] else { panic!("expected an array") };
    for (i, value) in z.iter().enumerate() {
        let square = value * value + 1.0;
        let Some(Number::Complex(real, imag)) = squares.get(&[i as i64]) else { panic!("expected a complex element") };
        assert!((real - square.re).abs() <= 1e-12 && (imag - square.im).abs() <= 1e-12, "{i}: {real}+{imag}j against {square}");
    }
    let total: Complex<f64> = z.iter().sum();
    assert!(matches!(parts[1], Value::Number(Number::Complex(real, imag)) if real == total.re && imag == total.im), "{}", parts[1]);
}

#[test]
fn complex64_arrays_pass_in_place_and_come_back() {
    let module = compile_module(SOURCE, &Options { file_name: "complex_arrays.py".into(), ..Options::default() }).unwrap();
    let mut z = Array1::from_shape_fn(5, |i| Complex::new(i as f32 - 2.0, 0.5 * i as f32));
    let expected_first = z[0] * Complex::new(0.0, 1.0);
    let arguments = [array_mut(&mut z.view_mut())];
    let types: Vec<Type> = arguments.iter().map(rumba::Argument::value_type).collect();
    let result = module.function("rotate", &types).unwrap().call(&arguments).unwrap();
    assert_eq!(z[0], expected_first);
    let Value::Tuple(parts) = result else { panic!("expected a tuple, got {result}") };
    let Value::Array(squares) = &parts[0] else { panic!("expected an array") };
    for (i, value) in z.iter().enumerate() {
        let square = value * value + 1.0;
        let Some(Number::Complex64(real, imag)) = squares.get(&[i as i64]) else { panic!("expected a complex64 element") };
        assert!((real - square.re).abs() <= 1e-5 && (imag - square.im).abs() <= 1e-5, "{i}: {real}+{imag}j against {square}");
    }
    let total: Complex<f32> = z.iter().sum();
    assert!(matches!(parts[1], Value::Number(Number::Complex64(real, imag)) if real == total.re && imag == total.im), "{}", parts[1]);
}
