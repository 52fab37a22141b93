//! Lists from Rust, without Python: a list argument is made a list of compiled code for the call,
//! its contents after the call come back beside the result, and a returned list is a `Value::List`.

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
