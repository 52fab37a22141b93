//! `yield value` in a generator: the value goes to the runtime word by word, as a list stores an
//! element (`element_words`), and `rumba_generator_yield` suspends the coroutine the generator runs
//! on (`runtime/src/generators.rs`) until the next `next()`. Resumed to be closed (the generator
//! was dropped before it finished), the yield raises `GeneratorExit`, whose path out of the
//! function frees what the function holds.

use super::*;

const GENERATOR_WORD: RuntimeFunction = ("rumba_generator_word", "(si64) -> ()");
const GENERATOR_WORD_F64: RuntimeFunction = ("rumba_generator_word_f64", "(f64) -> ()");
const GENERATOR_YIELD: RuntimeFunction = ("rumba_generator_yield", "() -> i1");

impl FunctionEmitter<'_, '_, '_> {
    pub(super) fn emit_yield(&mut self, yielded: &ruff_python_ast::ExprYield) -> Result<Value, Diagnostic> {
        let loc = location(self.module, yielded);
        let yield_type = self.types.yields.clone().expect("inference gives a generator's yield type");
        let value = match &yielded.value {
            Some(value) => self.emit_expr_optional(value)?,
            None => Value::None,
        };
        if yield_type != Type::None {
            let value = self.convert(value, &yield_type, yielded)?;
            let mut words = Vec::new();
            self.element_words(value, &mut words, &loc);
            for (word, float) in words {
                self.call_runtime(if float { GENERATOR_WORD_F64 } else { GENERATOR_WORD }, &[word], &loc);
            }
        }
        let closed = self.call_runtime(GENERATOR_YIELD, &[], &loc);
        self.raise_if(&closed, "GeneratorExit", "the generator was closed", yielded)?;
        Ok(Value::None)
    }
}
