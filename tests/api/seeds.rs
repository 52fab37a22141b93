//! The seed notebooks' CPU cells through the Rust API, checked against results computed here
//! independently of rumba.

use ndarray::{Array1, Array2, ShapeBuilder};
use rumba::{array, array_mut, compile_module, CallError, Error, Number, Options, Type, Value};

const BUBBLESORT: &str = include_str!("../../examples/bubblesort.py");
const MATMUL: &str = include_str!("../../examples/matmul.py");
const STENCIL: &str = include_str!("../../examples/stencil.py");

/// 1-based line and column of the first occurrence of `needle` in `source`.
fn position_of(source: &str, needle: &str) -> (usize, usize) {
    source
        .lines()
        .enumerate()
        .find_map(|(index, line)| line.find(needle).map(|column| (index + 1, column + 1)))
        .expect("the needle is in the source")
}

fn options(file_name: &str) -> Options {
    Options { file_name: file_name.into(), ..Options::default() }
}

/// A deterministic shuffle (an LCG drives Fisher-Yates) so the test needs no random crate.
fn shuffled(values: &[f32]) -> Vec<f32> {
    let mut shuffled = values.to_vec();
    let mut state = 0x2545_f491_4f6c_dd1du64;
    for index in (1..shuffled.len()).rev() {
        state = state.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
        shuffled.swap(index, (state >> 33) as usize % (index + 1));
    }
    shuffled
}

#[test]
fn bubblesort_sorts_the_callers_array_in_place() {
    let original: Vec<f32> = (0..1000).map(|step| step as f32 * 0.01).collect();
    let module = compile_module(BUBBLESORT, &options("bubblesort.py")).unwrap();
    for signature in [None, Some("void(f4[:])")] {
        let function = match signature {
            Some(signature) => module.function_with_signature("bubblesort", signature).unwrap(),
            None => module.function("bubblesort", &[Type::Array(rumba::ArrayType::new(rumba::Scalar::Float { bits: 32 }, 1, rumba::Layout::C))]).unwrap(),
        };
        let mut data = Array1::from(shuffled(&original));
        assert_ne!(data.to_vec(), original);
        let result = function.call(&[array_mut(&mut data.view_mut())]).unwrap();
        assert!(matches!(result, Value::None));
        assert_eq!(data.to_vec(), original, "signature {signature:?}");
    }
}

/// The product computed here with plain loops over ndarray indexing, independently of rumba.
fn reference_product(a: &Array2<f64>, b: &Array2<f64>) -> Array2<f64> {
    let (m, n) = a.dim();
    let p = b.dim().1;
    Array2::from_shape_fn((m, p), |(i, j)| (0..n).map(|k| a[[i, k]] * b[[k, j]]).sum())
}

fn test_matrix(rows: usize, columns: usize, seed: u64, fortran: bool) -> Array2<f64> {
    let values: Vec<f64> = (0..rows * columns).map(|index| ((index as u64 * 2654435761 + seed) % 1000) as f64 / 997.0 - 0.5).collect();
    if fortran {
        Array2::from_shape_vec((rows, columns).f(), values).unwrap()
    } else {
        Array2::from_shape_vec((rows, columns), values).unwrap()
    }
}

#[test]
fn matmul_loops_match_the_reference_product_in_c_and_f_order() {
    let module = compile_module(MATMUL, &options("matmul.py")).unwrap();
    for (a_fortran, b_fortran) in [(false, true), (false, false), (true, true), (true, false)] {
        let a = test_matrix(7, 5, 1, a_fortran);
        let b = test_matrix(5, 3, 2, b_fortran);
        let arguments = [array(&a.view()), array(&b.view())];
        let types: Vec<Type> = arguments.iter().map(rumba::Argument::value_type).collect();
        let function = module.function("matrix_multiply_loops_jit", &types).unwrap();
        let Value::Array(product) = function.call(&arguments).unwrap() else { panic!("expected an array") };
        assert_eq!(product.shape, vec![7, 3]);
        let expected = reference_product(&a, &b);
        for i in 0..7 {
            for j in 0..3 {
                let got = product.get(&[i, j]).unwrap().as_f64();
                assert!((got - expected[[i as usize, j as usize]]).abs() <= 1e-12, "C[{i}, {j}] = {got}");
            }
        }
    }
}

#[test]
fn matmul_raises_value_error_on_mismatched_shapes() {
    let module = compile_module(MATMUL, &options("matmul.py")).unwrap();
    let a = test_matrix(4, 3, 1, false);
    let b = test_matrix(2, 4, 2, true);
    let arguments = [array(&a.view()), array(&b.view())];
    let types: Vec<Type> = arguments.iter().map(rumba::Argument::value_type).collect();
    let function = module.function("matrix_multiply_loops_jit", &types).unwrap();
    match function.call(&arguments) {
        Err(CallError::Raised(exception)) => {
            assert_eq!(exception.exception, "ValueError");
            assert_eq!(exception.message.as_deref(), Some("Inner matrix dimensions must agree."));
            let (line, column) = position_of(MATMUL, "raise ValueError");
            assert_eq!((exception.location.file.as_str(), exception.location.line, exception.location.column), ("matmul.py", line, column));
        }
        other => panic!("expected ValueError, got {:?}", other.map(|value| value.to_string())),
    }
}

#[test]
fn stencil_applies_the_kernel_inside_the_border_and_zero_on_it() {
    let module = compile_module(STENCIL, &options("stencil.py")).unwrap();
    for fortran in [false, true] {
        let a = test_matrix(6, 9, 3, fortran);
        let arguments = [array(&a.view())];
        let types: Vec<Type> = arguments.iter().map(rumba::Argument::value_type).collect();
        for name in ["kernel1", "smooth"] {
            let function = module.function(name, &types).unwrap();
            let Value::Array(result) = function.call(&arguments).unwrap() else { panic!("expected an array") };
            assert_eq!(result.shape, vec![6, 9]);
            for i in 0..6usize {
                for j in 0..9usize {
                    let expected = if i == 0 || j == 0 || i == 5 || j == 8 {
                        0.0
                    } else {
                        0.25 * (a[[i, j + 1]] + a[[i + 1, j]] + a[[i, j - 1]] + a[[i - 1, j]])
                    };
                    assert_eq!(result.get(&[i as i64, j as i64]).unwrap().as_f64(), expected, "{name}: out[{i}, {j}]");
                }
            }
        }
    }
}

#[test]
fn signature_fixes_the_specialisation() {
    let module = compile_module("def f(x, y):\n    return (x + y) / 3.14\n", &options("f.py")).unwrap();
    let function = module.function_with_signature("f", "float64(int32, int32)").unwrap();
    assert_eq!(function.arguments(), vec![Type::Scalar(rumba::Scalar::Int { bits: 32, signed: true }); 2].as_slice());
    let value = function.call(&[Number::I32(1).into(), Number::I32(3).into()]).unwrap();
    assert_eq!(value.to_string(), format!("{}", rumba::python_float_repr((1.0 + 3.0) / 3.14)));
    let shorthand = module.function_with_signature("f", "f8(i4, i4)").unwrap();
    assert_eq!(shorthand.call(&[Number::I32(1).into(), Number::I32(3).into()]).unwrap().to_string(), value.to_string());
    let rejected = function.call(&[Number::I64(1).into(), Number::I64(3).into()]);
    assert!(matches!(rejected, Err(CallError::Arguments(message)) if message.contains("int32")));
}

#[test]
fn unsupported_source_is_a_located_diagnostic() {
    let module = compile_module("def f(x):\n    y = (v for v in x)\n    return y\n", &options("bad.py")).unwrap();
    match module.function("f", &[Type::Scalar(rumba::Scalar::Int { bits: 64, signed: true })]) {
        Err(Error::Diagnostics(diagnostics)) => {
            let first = diagnostics.first().unwrap();
            assert_eq!((first.location.line, first.location.column), (2, 9));
            assert!(first.to_string().contains("        ^"), "{first}");
        }
        other => panic!("expected a diagnostic, got {:?}", other.err()),
    }
    let syntax = compile_module("def f(x)\n    return x\n", &options("syntax.py"));
    assert!(syntax.err().unwrap().to_string().starts_with("syntax.py:1:"));
}

#[test]
fn complex_numbers_cross_the_rust_api() {
    let module = compile_module("def f(z, x):\n    return z * z + x, z.imag\n", &options("complex.py")).unwrap();
    let function = module.function("f", &[Type::Scalar(rumba::Scalar::Complex { bits: 128 }), Type::Scalar(rumba::Scalar::Float { bits: 64 })]).unwrap();
    let value = function.call(&[Number::Complex(1.5, -2.0).into(), Number::F64(0.25).into()]).unwrap();
    // (1.5 - 2j)**2 + 0.25 = (2.25 - 4 + 0.25) - 6j, computed with CPython's product formula.
    assert_eq!(value.to_string(), "((-1.5-6j), -2.0)");
}
