//! Strings from Rust, without Python: a string argument is `Argument::Str`, made a string of
//! compiled code for the call, and a string result (alone, in a list or as a dict key) comes back as
//! `Value::Str`.

use rumba::{compile_module, Argument, Options, Type, Value};

const SOURCE: &str = "def tally(text):
    counts = {}
    for word in text.split():
        counts[word.lower()] = counts.get(word.lower(), 0) + 1
    return counts, text.upper()[:5] + '!', sorted(counts.keys())
";

#[test]
fn strings_cross_the_boundary_both_ways() {
    let module = compile_module(SOURCE, &Options { file_name: "strings.py".into(), ..Options::default() }).unwrap();
    let function = module.function("tally", &[Type::Unicode]).unwrap();
    let text = "The cat and the Hat and THE bat";
    let result = function.call(&[Argument::Str(text.into())]).unwrap();
    let Value::Tuple(parts) = result else { panic!("expected a tuple, got {result}") };
    // The same steps in Rust: words counted in lower case, in first-seen order.
    let mut expected: Vec<(String, i64)> = Vec::new();
    for word in text.split_whitespace().map(str::to_lowercase) {
        match expected.iter_mut().find(|(seen, _)| *seen == word) {
            Some((_, count)) => *count += 1,
            None => expected.push((word, 1)),
        }
    }
    let Value::Dict(entries) = &parts[0] else { panic!("expected a dict, got {}", parts[0]) };
    let counted: Vec<(String, i64)> = entries
        .iter()
        .map(|(key, value)| match (key, value) {
            (Value::Str(word), Value::Number(count)) => (word.clone(), count.as_i64()),
            other => panic!("expected a string key and a count, got {other:?}"),
        })
        .collect();
    assert_eq!(counted, expected);
    assert!(matches!(&parts[1], Value::Str(shout) if *shout == format!("{}!", &text.to_uppercase()[..5])), "got {}", parts[1]);
    let mut keys: Vec<String> = expected.into_iter().map(|(word, _)| word).collect();
    keys.sort();
    let Value::List(sorted) = &parts[2] else { panic!("expected a list, got {}", parts[2]) };
    assert_eq!(sorted.iter().map(ToString::to_string).collect::<Vec<_>>(), keys.iter().map(|key| format!("'{key}'")).collect::<Vec<_>>());
}
