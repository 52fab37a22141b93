//! Names bound by value through `Options::environment`, as the Python side binds a function's
//! globals and closure: they override what the source text says, and an unknown module is an error.

use rumba::{compile_module, Binding, Constant, Number, Options, Value};

const SOURCE: &str = "import math\n\nSCALE = 1.0\n\ndef scaled(x):\n    return root(x) * SCALE + OFFSET\n";

fn environment(scale: f64) -> Vec<(String, Binding)> {
    vec![
        ("root".into(), Binding::Member("math".into(), "sqrt".into())),
        ("SCALE".into(), Binding::Constant(Constant::Float(scale))),
        ("OFFSET".into(), Binding::Constant(Constant::Int(3))),
    ]
}

#[test]
fn bound_names_override_the_source() {
    for scale in [1.0, 2.5, -4.0] {
        let options = Options { file_name: "scaled.py".into(), environment: environment(scale), ..Options::default() };
        let module = compile_module(SOURCE, &options).expect("parses");
        let function = module.function_with_signature("scaled", "f8(f8)").expect("compiles");
        let Value::Number(Number::F64(result)) = function.call_numbers(&[Number::F64(16.0)]).expect("runs") else { panic!("a float result") };
        assert_eq!(result, 4.0 * scale + 3.0);
    }
}

#[test]
fn an_unknown_module_is_an_error_naming_it() {
    let options = Options { environment: vec![("sp".into(), Binding::Module("scipy".into()))], ..Options::default() };
    let Err(diagnostics) = compile_module(SOURCE, &options) else { panic!("scipy is not a module compiled code knows") };
    assert!(diagnostics.to_string().contains("'sp' is the module 'scipy', which compiled code does not support"), "{diagnostics}");
}

#[test]
fn a_bound_array_is_a_constant_compiled_code_reads() {
    let source = "def lookup(i):\n    return TABLE[i] * 2.0 + TABLE.shape[0]\n";
    let values = [0.5f64, 1.5, 4.0];
    let table = rumba::ConstantArray { dtype: rumba::Scalar::Float { bits: 64 }, shape: vec![3], bytes: values.iter().flat_map(|value| value.to_ne_bytes()).collect() };
    let options = Options { environment: vec![("TABLE".into(), Binding::Array(std::sync::Arc::new(table)))], ..Options::default() };
    let module = compile_module(source, &options).expect("parses");
    let function = module.function_with_signature("lookup", "f8(i8)").expect("compiles");
    for (index, value) in values.iter().enumerate() {
        let Value::Number(Number::F64(result)) = function.call_numbers(&[Number::I64(index as i64)]).expect("runs") else { panic!("a float result") };
        assert_eq!(result, value * 2.0 + 3.0);
    }
}

#[test]
fn a_bound_array_whose_bytes_do_not_fit_its_shape_is_an_error() {
    let table = rumba::ConstantArray { dtype: rumba::Scalar::Float { bits: 64 }, shape: vec![3], bytes: vec![0; 7] };
    let options = Options { environment: vec![("TABLE".into(), Binding::Array(std::sync::Arc::new(table)))], ..Options::default() };
    let Err(diagnostics) = compile_module(SOURCE, &options) else { panic!("7 bytes are not 3 float64 elements") };
    assert!(diagnostics.to_string().contains("'TABLE' is an array of 3 elements of float64 but holds 7 bytes"), "{diagnostics}");
}

/// A function of another module, as the Python side binds one: compiled with the caller from its
/// own source, reading its own globals (`SCALE` there is not the caller's) and its own module's
/// functions, reached by name and as a module's attribute.
#[test]
fn a_function_of_another_module_reads_its_own_globals() {
    let helpers = rumba::FunctionSource {
        module: "helpers".into(),
        name: "scaled".into(),
        source: "SCALE = 10.0\n\ndef twice(x):\n    return 2.0 * x\n\ndef scaled(x):\n    return twice(x) * SCALE + OFFSET\n".into(),
        file_name: "helpers.py".into(),
        environment: vec![("OFFSET".into(), Binding::Constant(Constant::Int(1)))],
    };
    let source = "SCALE = 3.0\n\ndef twice(x):\n    return -x\n\ndef caller(x):\n    return scaled(x) + lib.scaled(x) + twice(x) * SCALE\n";
    let function = Binding::Function(std::sync::Arc::new(helpers));
    let options = Options {
        environment: vec![("scaled".into(), function.clone()), ("lib".into(), Binding::Namespace(vec![("scaled".into(), function)]))],
        ..Options::default()
    };
    let module = compile_module(source, &options).expect("parses");
    let compiled = module.function_with_signature("caller", "f8(f8)").expect("compiles");
    let Value::Number(Number::F64(result)) = compiled.call_numbers(&[Number::F64(2.0)]).expect("runs") else { panic!("a float result") };
    assert_eq!(result, 2.0 * (2.0 * 2.0 * 10.0 + 1.0) - 2.0 * 3.0);
}

#[test]
fn a_refused_function_is_an_error_where_it_is_called() {
    let options = Options { environment: vec![("helper".into(), Binding::Refused("cannot be compiled: no source".into()))], ..Options::default() };
    let module = compile_module("def caller(x):\n    return helper(x)\n", &options).expect("parses");
    let Err(error) = module.function_with_signature("caller", "f8(f8)") else { panic!("helper has no source") };
    assert!(error.to_string().contains("<module>:2:12: error: 'helper' cannot be compiled: no source"), "{error}");
}
