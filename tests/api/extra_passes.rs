//! Passes from outside the pipeline (`Options::extra_passes`): the example crate's passes run inside
//! the real pipeline, textual pipelines run after the stage they name, and a wrong stage or
//! pipeline is a diagnostic.

#[allow(dead_code)]
#[path = "../../examples/custom_pass.rs"]
mod custom_pass;

use rumba::{compile_module, ExtraPass, Options, Type};
use std::sync::{
    atomic::{AtomicUsize, Ordering},
    Arc,
};

#[test]
fn a_built_pass_runs_inside_the_pipeline() {
    assert_eq!(custom_pass::call_f(Vec::new(), 5.0, 3.0), 11.0);
    let rewrite = ("py".to_string(), ExtraPass::Built(Arc::new(custom_pass::add_to_sub)));
    assert_eq!(custom_pass::call_f(vec![rewrite], 5.0, 3.0), 5.0 - 3.0 * 2.0);
    let seen = Arc::new(AtomicUsize::new(0));
    let counted = seen.clone();
    let census = ("parfor".to_string(), ExtraPass::Built(Arc::new(move || custom_pass::census(counted.clone()))));
    assert_eq!(custom_pass::call_f(vec![census], 5.0, 3.0), 11.0);
    // a + b * 2.0: the constant, the product and the sum at least.
    assert!(seen.load(Ordering::Relaxed) >= 3, "the census saw {} py ops", seen.load(Ordering::Relaxed));
}

#[test]
fn a_textual_pipeline_runs_after_its_stage() {
    let source = "def f(x):\n    return -(-x) + x * 2.0 + x * 2.0\n";
    let arguments = [Type::Scalar(rumba::Scalar::Float { bits: 64 })];
    let emit = |options: &Options, stage: &str| compile_module(source, options).expect("parses").emit("f", &arguments, stage).expect("emits");
    // The frontend emits `x * 2.0` twice; common-subexpression elimination keeps one.
    assert_eq!(emit(&Options::default(), "py").matches("py.mul").count(), 2);
    let with_cse = Options { extra_passes: vec![("py".into(), ExtraPass::Pipeline("cse".into()))], ..Options::default() };
    assert_eq!(emit(&with_cse, "py").matches("py.mul").count(), 1);
    assert!(emit(&Options { eqsat: None, ..Options::default() }, "eqsat").contains("py.neg"), "without the eqsat stage the negations stay");
    assert!(!emit(&Options::default(), "eqsat").contains("py.neg"), "eqsat removes -(-x)");
}

#[test]
fn a_wrong_stage_or_pipeline_is_a_diagnostic() {
    for (stage, pipeline, expected) in [("nope", "cse", "stage 'nope', which does not exist"), ("std", "no-such-pass", "'no-such-pass' added after stage std does not parse")] {
        let options = Options { extra_passes: vec![(stage.into(), ExtraPass::Pipeline(pipeline.into()))], ..Options::default() };
        let Err(diagnostics) = compile_module("def f(x):\n    return x\n", &options) else { panic!("{stage}:{pipeline} is refused") };
        assert!(diagnostics.to_string().contains(expected), "{diagnostics}");
    }
}
