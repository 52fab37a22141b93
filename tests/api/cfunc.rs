//! `Module::c_function` from Rust: the compiled function's address, called as a C function of
//! numbers, gives what the same steps in Rust give.

use rumba::{compile_module, Options};

const SOURCE: &str = "def polynomial(x, n):
    total = 0.0
    for k in range(n):
        total = total * x + k
    return total
";

#[test]
fn a_c_function_is_called_through_its_address() {
    let module = compile_module(SOURCE, &Options { file_name: "cfunc.py".into(), ..Options::default() }).unwrap();
    let function = module.c_function("polynomial", "float64(float64, int32)").unwrap();
    // SAFETY: the signature above is the wrapper's C signature; `function` keeps its code alive.
    let polynomial: extern "C" fn(f64, i32) -> f64 = unsafe { std::mem::transmute(function.address) };
    let expected = |x: f64, n: i32| (0..n).fold(0.0, |total, k| total * x + f64::from(k));
    for (x, n) in [(0.5, 4), (-2.0, 7), (3.0, 0)] {
        assert_eq!(polynomial(x, n), expected(x, n));
    }
    assert!(module.c_function("polynomial", "(float64, int32)").is_err(), "a cfunc's signature names its return type");
}
