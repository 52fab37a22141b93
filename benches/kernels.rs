//! criterion benches of the seed kernels and of the Python benchmark's kernels (`bench/kernels/`,
//! the very same source files) through `compile_module`: compile time (parse, infer, lower, JIT) and
//! steady-state call time, reported separately. Run with `cargo bench`.

use criterion::{criterion_group, criterion_main, BatchSize, Criterion};
use ndarray::{Array1, Array2, ShapeBuilder};
use rumba::{array, array_mut, compile_module, Argument, Number, Options, Type};

const BUBBLESORT: &str = include_str!("../examples/bubblesort.py");
const MATMUL: &str = include_str!("../examples/matmul.py");

fn shuffled_floats(count: usize) -> Vec<f32> {
    let mut values: Vec<f32> = (0..count).map(|step| step as f32 * 0.01).collect();
    let mut state = 0x9e37_79b9_7f4a_7c15u64;
    for index in (1..values.len()).rev() {
        state = state.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
        values.swap(index, (state >> 33) as usize % (index + 1));
    }
    values
}

fn matrices(n: usize) -> (Array2<f64>, Array2<f64>) {
    let values = |seed: u64| -> Vec<f64> { (0..n * n).map(|index| ((index as u64 * 2654435761 + seed) % 10007) as f64 / 10007.0).collect() };
    let a = Array2::from_shape_vec((n, n), values(1)).expect("n * n values");
    let b = Array2::from_shape_vec((n, n).f(), values(2)).expect("n * n values");
    (a, b)
}

fn bubblesort(criterion: &mut Criterion) {
    let input = shuffled_floats(1000);
    let mut probe = Array1::from(input.clone());
    let types: Vec<Type> = vec![array_mut(&mut probe.view_mut()).value_type()];
    criterion.bench_function("bubblesort/compile", |bencher| {
        bencher.iter(|| {
            let module = compile_module(BUBBLESORT, &Options::default()).expect("parses");
            module.function("bubblesort", &types).expect("compiles")
        })
    });
    let module = compile_module(BUBBLESORT, &Options::default()).expect("parses");
    let function = module.function("bubblesort", &types).expect("compiles");
    criterion.bench_function("bubblesort/run 1000 f32", |bencher| {
        bencher.iter_batched_ref(
            || Array1::from(input.clone()),
            |data| function.call(&[array_mut(&mut data.view_mut())]).expect("runs"),
            BatchSize::SmallInput,
        )
    });
}

fn matmul(criterion: &mut Criterion) {
    let (a, b) = matrices(8);
    let types: Vec<Type> = vec![array(&a.view()).value_type(), array(&b.view()).value_type()];
    criterion.bench_function("matmul/compile", |bencher| {
        bencher.iter(|| {
            let module = compile_module(MATMUL, &Options::default()).expect("parses");
            module.function("matrix_multiply_loops_jit", &types).expect("compiles")
        })
    });
    let module = compile_module(MATMUL, &Options::default()).expect("parses");
    let function = module.function("matrix_multiply_loops_jit", &types).expect("compiles");
    let mut group = criterion.benchmark_group("matmul/run f64, A in C order, B in F order");
    group.sample_size(10);
    for n in [128usize, 256, 512] {
        let (a, b) = matrices(n);
        group.bench_function(format!("{n}"), |bencher| bencher.iter(|| function.call(&[array(&a.view()), array(&b.view())]).expect("runs")));
    }
    group.finish();
}

const TOTAL: &str = "
def total(values):
    s = 0.0
    for i in range(values.shape[0]):
        s += values[i]
    return s
";

/// The effect of `fastmath` on a float sum reduction: strict IEEE order against reassociation
/// (which lets LLVM vectorise the sum).
fn fastmath_sum(criterion: &mut Criterion) {
    let values = Array1::from_iter((0..1_000_000).map(|index| (index % 1000) as f64 * 0.001));
    let types = vec![array(&values.view()).value_type()];
    let mut group = criterion.benchmark_group("sum 1M f64");
    for (label, fastmath) in [("strict", Vec::new()), ("fastmath", vec!["fast".to_string()])] {
        let module = compile_module(TOTAL, &Options { fastmath, ..Options::default() }).expect("parses");
        let function = module.function("total", &types).expect("compiles");
        group.bench_function(label, |bencher| bencher.iter(|| function.call(&[array(&values.view())]).expect("runs")));
    }
    group.finish();
}

const PRANGE_SUM: &str = "
from rumba import prange

def total(values):
    s = 0.0
    for i in prange(values.shape[0]):
        s += values[i]
    return s
";

/// A `prange` sum over 10M float64 values: the same source serial (parallel off, prange is range) and
/// on OpenMP threads (parallel on).
fn prange_sum(criterion: &mut Criterion) {
    let values = Array1::from_iter((0..10_000_000).map(|index| (index % 1000) as f64 * 0.001));
    let types = vec![array(&values.view()).value_type()];
    let mut group = criterion.benchmark_group("prange sum 10M f64");
    group.sample_size(20);
    for (label, parallel) in [("serial", false), ("parallel", true)] {
        let module = compile_module(PRANGE_SUM, &Options { parallel, ..Options::default() }).expect("parses");
        let function = module.function("total", &types).expect("compiles");
        group.bench_function(label, |bencher| bencher.iter(|| function.call(&[array(&values.view())]).expect("runs")));
    }
    group.finish();
}

/// Benches compiling `function` from `source` for the types of `arguments()`, then calling it on
/// fresh arguments each time (made outside the timed region).
fn kernel<I>(criterion: &mut Criterion, label: &str, source: &str, function: &str, options: Options, mut inputs: impl FnMut() -> I, arguments: impl Fn(&mut I) -> Vec<Argument>) {
    let types: Vec<Type> = arguments(&mut inputs()).iter().map(Argument::value_type).collect();
    let mut group = criterion.benchmark_group(label);
    group.sample_size(10);
    group.bench_function("compile", |bencher| {
        bencher.iter(|| compile_module(source, &options).expect("parses").function(function, &types).expect("compiles"))
    });
    let module = compile_module(source, &options).expect("parses");
    let compiled = module.function(function, &types).expect("compiles");
    group.bench_function("run", |bencher| bencher.iter_batched_ref(&mut inputs, |input| compiled.call(&arguments(input)).expect("runs"), BatchSize::LargeInput));
    group.finish();
}

fn grid(rows: usize, columns: usize, seed: u64) -> Array2<f64> {
    Array2::from_shape_fn((rows, columns), |(row, column)| (((row * columns + column) as u64 * 2654435761 + seed) % 10007) as f64 / 10007.0)
}

fn harness_kernels(criterion: &mut Criterion) {
    let numbers = |values: &[Number]| values.iter().map(|value| Argument::Number(*value)).collect::<Vec<_>>();
    kernel(criterion, "scalar f(1, 3)", include_str!("../bench/kernels/scalar_f.py"), "f", Options::default(), || (), |_| numbers(&[Number::I32(1), Number::I32(3)]));
    let scalar_f = compile_module(include_str!("../bench/kernels/scalar_f.py"), &Options::default()).expect("parses");
    let scalar_f = scalar_f.function_with_signature("f", "float64(int32, int32)").expect("compiles");
    criterion.bench_function("scalar f(1, 3)/call_numbers", |bencher| bencher.iter(|| scalar_f.call_numbers(&[Number::I32(1), Number::I32(3)]).expect("runs")));
    for n in [64, 1000] {
        kernel(criterion, &format!("go_fast {n}x{n}"), include_str!("../bench/kernels/go_fast.py"), "go_fast", Options::default(), || grid(n, n, 3), |a| vec![array(&a.view())]);
    }
    kernel(
        criterion,
        "normalize 1Mx3 f32",
        include_str!("../bench/kernels/normalize.py"),
        "normalize",
        Options::default(),
        || grid(1_000_000, 3, 5).mapv(|value| value as f32 + 0.5),
        |x| vec![array_mut(&mut x.view_mut())],
    );
    kernel(criterion, "pairwise_distance 1000x3", include_str!("../bench/kernels/pairwise_distance.py"), "pairwise_distance", Options::default(), || grid(1000, 3, 7), |x| vec![array(&x.view())]);
    kernel(
        criterion,
        "histogram 1M into 100 bins",
        include_str!("../bench/kernels/histogram.py"),
        "histogram",
        Options::default(),
        || Array1::from_iter((0..1_000_000u64).map(|index| (index * 2654435761 % 10007) as f64 / 10007.0)),
        |a| vec![array(&a.view()), Argument::Number(Number::I64(100)), Argument::Number(Number::F64(0.0)), Argument::Number(Number::F64(1.0))],
    );
    kernel(criterion, "stencil 1000x1000", include_str!("../bench/kernels/stencil.py"), "laplacian", Options::default(), || grid(1000, 1000, 11), |a| vec![array(&a.view())]);
    kernel(criterion, "monte_carlo_pi 1M", include_str!("../bench/kernels/monte_carlo_pi.py"), "monte_carlo_pi", Options::default(), || (), |_| numbers(&[Number::I64(1_000_000)]));
    kernel(
        criterion,
        "mandelbrot 200x300, 100 iterations",
        include_str!("../bench/kernels/mandelbrot.py"),
        "create_fractal",
        Options::default(),
        || Array2::<u8>::zeros((200, 300)),
        |image| {
            let mut arguments = numbers(&[Number::F64(-2.0), Number::F64(1.0), Number::F64(-1.0), Number::F64(1.0)]);
            arguments.push(array_mut(&mut image.view_mut()));
            arguments.push(Argument::Number(Number::I64(100)));
            arguments
        },
    );
}

criterion_group!(benches, bubblesort, matmul, fastmath_sum, prange_sum, harness_kernels);
criterion_main!(benches);
