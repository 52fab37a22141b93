//! The seed notebooks' cells that rumba runs so far, through the Rust API, printing what the
//! notebooks print. Run with `cargo run --release --example seeds`.

use ndarray::{Array1, Array2, ShapeBuilder};
use rumba::{array, array_mut, compile_module, CallError, Number, Options, Value};
use std::time::Instant;

fn module(file: &str) -> rumba::Module {
    let path = format!("{}/examples/{file}", env!("CARGO_MANIFEST_DIR"));
    let source = std::fs::read_to_string(&path).unwrap_or_else(|error| panic!("{path}: {error}"));
    compile_module(&source, &Options { file_name: path, ..Options::default() }).unwrap_or_else(|diagnostics| panic!("{diagnostics}"))
}

/// Median seconds per call of `run` over `repeats` calls.
fn median_seconds(repeats: usize, mut run: impl FnMut()) -> f64 {
    let mut times: Vec<f64> = (0..repeats)
        .map(|_| {
            let start = Instant::now();
            run();
            start.elapsed().as_secs_f64()
        })
        .collect();
    times.sort_by(f64::total_cmp);
    times[repeats / 2]
}

/// A deterministic shuffle (LCG-driven Fisher-Yates).
fn shuffle(values: &mut [f32]) {
    let mut state = 0x9e37_79b9_7f4a_7c15u64;
    for index in (1..values.len()).rev() {
        state = state.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
        values.swap(index, (state >> 33) as usize % (index + 1));
    }
}

/// Python's spelling of a bool.
fn python_bool(value: bool) -> &'static str {
    if value {
        "True"
    } else {
        "False"
    }
}

fn seed_000() {
    println!("== seed 000: bubblesort, signatures");
    let original: Vec<f32> = (0..1000).map(|step| (step as f64 * 0.01) as f32).collect();
    let mut shuffled = original.clone();
    shuffle(&mut shuffled);
    let sorter = module("bubblesort.py");
    for signature in [None, Some("void(f4[:])")] {
        let mut sorted = Array1::from(shuffled.clone());
        let arguments = [array_mut(&mut sorted.view_mut())];
        let start = Instant::now();
        let function = match signature {
            Some(signature) => sorter.function_with_signature("bubblesort", signature),
            None => sorter.function("bubblesort", &[arguments[0].value_type()]),
        }
        .unwrap_or_else(|error| panic!("{error}"));
        function.call(&arguments).unwrap_or_else(|error| panic!("{error}"));
        let first = start.elapsed().as_secs_f64();
        println!("bubblesort{}: np.array_equal(sorted_arr, original) -> {}", signature.map(|s| format!(" [{s}]")).unwrap_or_default(), python_bool(sorted.to_vec() == original));
        let steady = median_seconds(21, || {
            sorted.assign(&Array1::from(shuffled.clone()));
            function.call(&[array_mut(&mut sorted.view_mut())]).unwrap_or_else(|error| panic!("{error}"));
        });
        println!("  first call (with compilation): {:.1} ms, later calls: {:.1} us", first * 1e3, steady * 1e6);
    }
    let f = module("signature.py").function_with_signature("f", "float64(int32, int32)").unwrap_or_else(|error| panic!("{error}"));
    let value = f.call(&[Number::I32(1).into(), Number::I32(3).into()]).unwrap_or_else(|error| panic!("{error}"));
    println!("f(1, 3) -> {value}");
}

fn seed_003() {
    println!("== seed 003: matrix multiplication with loops");
    let matmul = module("matmul.py");
    for n in [128usize, 256] {
        let values = |seed: u64| -> Vec<f64> { (0..n * n).map(|index| ((index as u64 * 2654435761 + seed) % 10007) as f64 / 10007.0).collect() };
        let a = Array2::from_shape_vec((n, n), values(1)).unwrap_or_else(|error| panic!("{error}"));
        let b = Array2::from_shape_vec((n, n).f(), values(2)).unwrap_or_else(|error| panic!("{error}"));
        let arguments = [array(&a.view()), array(&b.view())];
        let types: Vec<_> = arguments.iter().map(rumba::Argument::value_type).collect();
        let start = Instant::now();
        let function = matmul.function("matrix_multiply_loops_jit", &types).unwrap_or_else(|error| panic!("{error}"));
        let Value::Array(product) = function.call(&arguments).unwrap_or_else(|error| panic!("{error}")) else {
            panic!("matmul returns an array")
        };
        let first = start.elapsed().as_secs_f64();
        let expected = a.dot(&b);
        let close = product.to_f64_vec().iter().zip(expected.iter()).all(|(got, want)| (got - want).abs() <= 1e-8 + 1e-5 * want.abs());
        println!("n = {n}: np.allclose(C_jit, A @ B) -> {}", python_bool(close));
        let steady = median_seconds(7, || drop(function.call(&arguments)));
        println!("  first call (with compilation): {:.1} ms, later calls: {:.2} ms", first * 1e3, steady * 1e3);
    }
    let a = Array2::<f64>::zeros((4, 3));
    let b = Array2::<f64>::zeros((2, 4));
    let arguments = [array(&a.view()), array(&b.view())];
    let types: Vec<_> = arguments.iter().map(rumba::Argument::value_type).collect();
    let function = matmul.function("matrix_multiply_loops_jit", &types).unwrap_or_else(|error| panic!("{error}"));
    match function.call(&arguments) {
        Err(CallError::Raised(exception)) => println!("mismatched shapes -> {exception}"),
        other => println!("mismatched shapes -> unexpected {:?}", other.map(|value| value.to_string())),
    }
}

/// The five-point average computed here with ndarray indexing, independently of rumba.
fn five_point_average(a: &Array2<f64>) -> Array2<f64> {
    let (rows, columns) = a.dim();
    Array2::from_shape_fn((rows, columns), |(i, j)| {
        if i == 0 || j == 0 || i + 1 == rows || j + 1 == columns {
            0.0
        } else {
            0.25 * (a[[i, j + 1]] + a[[i + 1, j]] + a[[i, j - 1]] + a[[i - 1, j]])
        }
    })
}

fn seed_001() {
    println!("== seed 001: stencils");
    let stencils = module("stencil.py");
    let a = Array2::from_shape_fn((10, 10), |(i, j)| ((i * 10 + j) as f64).powf(1.5));
    let arguments = [array(&a.view())];
    let types: Vec<_> = arguments.iter().map(rumba::Argument::value_type).collect();
    let expected = five_point_average(&a);
    for name in ["kernel1", "smooth"] {
        let function = stencils.function(name, &types).unwrap_or_else(|error| panic!("{error}"));
        let Value::Array(result) = function.call(&arguments).unwrap_or_else(|error| panic!("{error}")) else {
            panic!("a stencil returns an array")
        };
        let close = result.to_f64_vec().iter().zip(expected.iter()).all(|(got, want)| (got - want).abs() <= 1e-12 * want.abs().max(1.0));
        println!("{name}(a): np.allclose(result, expected) -> {}", python_bool(close));
    }
}

fn main() {
    seed_000();
    seed_001();
    seed_003();
}
