//! Lists from Rust, without Python: a list argument is made a list of compiled code for the call,
//! its contents after the call come back beside the result, and a returned list is a `Value::List`;
//! lists of arrays too (an `ndarray` view passed as an element).

use rumba::{compile_module, Argument, Number, Options, Scalar, Type, Value};

const SOURCE: &str = "def grow(items, n):
    for i in range(n):
        items.append(items[-1] * 2)
    return [item + 1 for item in items if item % 3 != 0]
";

fn numbers(value: &Value) -> Vec<i64> {
    let Value::List(elements) = value else { panic!("expected a list, got {value}") };
    elements.iter().map(|element| if let Value::Number(number) = element { number.as_i64() } else { panic!("expected a number") }).collect()
}

#[test]
fn list_arguments_are_reflected_and_returned_lists_read() {
    let module = compile_module(SOURCE, &Options { file_name: "lists.py".into(), ..Options::default() }).unwrap();
    let int64 = Type::Scalar(Scalar::Int { bits: 64, signed: true });
    let items = Argument::List(int64.clone(), vec![Argument::Number(Number::I64(3)), Argument::Number(Number::I64(5))]);
    let arguments = [items, Argument::Number(Number::I64(3))];
    let function = module.function("grow", &[Type::List(Box::new(int64)), Type::Scalar(Scalar::Int { bits: 64, signed: true })]).unwrap();
    let (result, reflected) = function.call_reflecting(&arguments).unwrap();
    // The same steps in Rust: [3, 5] grows to [3, 5, 10, 20, 40]; the items not divisible by 3, plus one.
    let mut expected_items = vec![3i64, 5];
    for _ in 0..3 {
        expected_items.push(expected_items.last().unwrap() * 2);
    }
    let expected: Vec<i64> = expected_items.iter().filter(|item| *item % 3 != 0).map(|item| item + 1).collect();
    assert_eq!(numbers(&result), expected);
    assert_eq!(reflected.len(), 1);
    assert_eq!(numbers(&reflected[0]), expected_items);
}

const ARRAYS: &str = "import numpy as np

def scaled(rows, factor):
    rows.append(rows[0] * factor)
    return [row[1:] for row in rows]
";

fn elements(value: &Value) -> Vec<Vec<f64>> {
    let Value::List(elements) = value else { panic!("expected a list, got {value}") };
    elements.iter().map(|element| if let Value::Array(array) = element { array.to_f64_vec() } else { panic!("expected an array") }).collect()
}

#[test]
fn lists_of_arrays_from_rust_are_reflected_and_returned() {
    let module = compile_module(ARRAYS, &Options { file_name: "arrays.py".into(), ..Options::default() }).unwrap();
    let first = ndarray::Array1::from(vec![1.0, 2.0, 3.0]);
    let second = ndarray::Array1::from(vec![4.0, 5.0]);
    let rows = Argument::List(Type::Array(rumba::ArrayType::new(Scalar::Float { bits: 64 }, 1, rumba::Layout::C)), vec![rumba::array(&first.view()), rumba::array(&second.view())]);
    let arguments = [rows, Argument::Number(Number::F64(10.0))];
    let types: Vec<Type> = arguments.iter().map(Argument::value_type).collect();
    let function = module.function("scaled", &types).unwrap();
    let (result, reflected) = function.call_reflecting(&arguments).unwrap();
    // The same steps in Rust: the first row times the factor is appended, then each row without its first element.
    let grown = vec![vec![1.0, 2.0, 3.0], vec![4.0, 5.0], vec![10.0, 20.0, 30.0]];
    let expected: Vec<Vec<f64>> = grown.iter().map(|row| row[1..].to_vec()).collect();
    assert_eq!(elements(&result), expected);
    assert_eq!(elements(&reflected[0]), grown);
}
