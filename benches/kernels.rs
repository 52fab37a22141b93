//! criterion benches of the seed kernels through `compile_module`: compile time (parse, infer, lower,
//! JIT) and steady-state call time, reported separately. Run with `cargo bench`.

use criterion::{criterion_group, criterion_main, BatchSize, Criterion};
use ndarray::{Array1, Array2, ShapeBuilder};
use rumba::{array, array_mut, compile_module, Options, Type};

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

criterion_group!(benches, bubblesort, matmul, fastmath_sum, prange_sum);
criterion_main!(benches);
