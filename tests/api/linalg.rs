//! Products through BLAS and `np.linalg` through LAPACK from Rust, without Python: `@` on C- and
//! F-ordered matrices against a product computed here, and `np.linalg.solve` checked by
//! multiplying back; a singular matrix raises `numpy.linalg.LinAlgError`.

use ndarray::{Array1, Array2, ShapeBuilder};
use rumba::{array, compile_module, CallError, Options, Type, Value};

const SOURCE: &str = "import numpy as np

def product(a, b):
    return a @ b

def solve(a, b):
    return np.linalg.solve(a, b)
";

fn options() -> Options {
    Options { file_name: "linalg.py".into(), ..Options::default() }
}

fn matrix(rows: usize, columns: usize, seed: u64, fortran: bool) -> Array2<f64> {
    let values: Vec<f64> = (0..rows * columns).map(|index| ((index as u64 * 2654435761 + seed) % 1000) as f64 / 997.0 - 0.5).collect();
    let shape = if fortran { (rows, columns).f() } else { (rows, columns).into_shape_with_order() };
    Array2::from_shape_vec(shape, values).unwrap()
}

fn element(value: &Value, index: &[i64]) -> f64 {
    let Value::Array(array) = value else { panic!("expected an array") };
    array.get(index).unwrap().as_f64()
}

#[test]
fn products_of_c_and_f_matrices_match_a_product_computed_here() {
    let module = compile_module(SOURCE, &options()).unwrap();
    for (a_fortran, b_fortran) in [(false, false), (true, false), (false, true), (true, true)] {
        let (a, b) = (matrix(40, 30, 1, a_fortran), matrix(30, 20, 2, b_fortran));
        let arguments = [array(&a.view()), array(&b.view())];
        let types: Vec<Type> = arguments.iter().map(rumba::Argument::value_type).collect();
        let result = module.function("product", &types).unwrap().call(&arguments).unwrap();
        for i in 0..40 {
            for j in 0..20 {
                let expected: f64 = (0..30).map(|k| a[[i, k]] * b[[k, j]]).sum();
                assert!((element(&result, &[i as i64, j as i64]) - expected).abs() <= 1e-12, "({i}, {j})");
            }
        }
    }
}

#[test]
fn solve_gives_x_with_a_x_equal_to_b() {
    let module = compile_module(SOURCE, &options()).unwrap();
    let mut a = matrix(12, 12, 3, true);
    for i in 0..12 {
        a[[i, i]] += 4.0;
    }
    let b = Array1::from_shape_fn(12, |i| i as f64 - 5.5);
    let arguments = [array(&a.view()), array(&b.view())];
    let types: Vec<Type> = arguments.iter().map(rumba::Argument::value_type).collect();
    let x = module.function("solve", &types).unwrap().call(&arguments).unwrap();
    for i in 0..12 {
        let back: f64 = (0..12).map(|k| a[[i, k]] * element(&x, &[k as i64])).sum();
        assert!((back - b[i]).abs() <= 1e-10, "row {i}: {back} against {}", b[i]);
    }
}

#[test]
fn solving_with_a_singular_matrix_raises_linalg_error() {
    let module = compile_module(SOURCE, &options()).unwrap();
    let a = Array2::from_shape_vec((2, 2), vec![1.0, 2.0, 2.0, 4.0]).unwrap();
    let b = Array1::from(vec![1.0, 1.0]);
    let arguments = [array(&a.view()), array(&b.view())];
    let types: Vec<Type> = arguments.iter().map(rumba::Argument::value_type).collect();
    match module.function("solve", &types).unwrap().call(&arguments) {
        Err(CallError::Raised(exception)) => {
            assert_eq!(exception.exception, "numpy.linalg.LinAlgError");
            assert_eq!(exception.message.as_deref(), Some("Singular matrix"));
        }
        other => panic!("expected LinAlgError, got {:?}", other.map(|value| value.to_string())),
    }
}
