//! Generators, as Numba runs them: calling a compiled generator function from Python makes a
//! generator whose body is the compiled function, run as a stackful coroutine (`corosensei`, as the
//! CUDA simulator's threads are). Each `next()` resumes it until its next `yield`, which hands the
//! value over word by word (`rumba_generator_word`, laid out as a list element) and suspends
//! (`rumba_generator_yield`); the words are read back as a value of the yield type. The lists,
//! strings and array holds the body makes belong to the generator, not to whatever call happens
//! to be running when it resumes: they are taken out of the thread's arena after each resume and
//! freed when the generator finishes or is dropped. A generator dropped before it finished is
//! closed as Python closes one: resumed with the close flag, its `yield` raises `GeneratorExit`,
//! whose way out of the compiled function frees what it holds.

use crate::abi::{Argument, Value};
use corosensei::{stack::DefaultStack, Coroutine, CoroutineResult, Yielder};
use rumba_frontend::Type;
use std::cell::{Cell, RefCell};

/// The stack a generator's body runs on: address space, committed as the body touches it.
const STACK_BYTES: usize = 8 << 20;

/// How often a dropped generator is resumed to be closed; one that still yields after that (it
/// caught `GeneratorExit`) is abandoned.
const CLOSE_ATTEMPTS: usize = 16;

thread_local! {
    /// The yielder of the generator body running on this thread.
    static YIELDER: Cell<*const Yielder<bool, ()>> = const { Cell::new(std::ptr::null()) };
    /// The words of the value the running body is yielding.
    static WORDS: RefCell<Vec<u64>> = const { RefCell::new(Vec::new()) };
}

/// A running generator whose body fails with errors `E`; not `Send`: it resumes on the thread
/// that made it.
pub struct Generator<E> {
    body: Coroutine<bool, (), Result<(), E>, DefaultStack>,
    yield_type: Type,
    /// The call's arguments, which yielded arrays may be views of.
    arguments: Vec<Argument>,
    /// What the body made in the thread's arena so far.
    made: Vec<crate::arena::Owned>,
}

impl<E: 'static> Generator<E> {
    /// A generator that runs `run` (the compiled call) when first resumed; the error says why the
    /// generator's stack could not be had.
    pub(crate) fn new(run: impl FnOnce() -> Result<(), E> + 'static, yield_type: Type, arguments: Vec<Argument>) -> Result<Self, String> {
        let stack = DefaultStack::new(STACK_BYTES).map_err(|error| format!("could not allocate a generator's stack: {error}"))?;
        let body = Coroutine::with_stack(stack, move |yielder: &Yielder<bool, ()>, _close: bool| {
            YIELDER.set(yielder);
            run()
        });
        Ok(Self { body, yield_type, arguments, made: Vec::new() })
    }
}

impl<E> Generator<E> {
    /// Runs the generator to its next `yield`: the value yielded, or None once it has returned
    /// (and on every call after that); an exception the body raised is the error.
    pub fn next(&mut self) -> Result<Option<Value>, E> {
        if self.body.done() {
            return Ok(None);
        }
        match self.resume(false) {
            // SAFETY: the words are the yielded value's, laid out for the yield type as a list
            // element's; its arrays are held by this generator's arena.
            CoroutineResult::Yield(()) => Ok(Some(WORDS.with(|words| unsafe { crate::abi::element_value(&self.yield_type, &mut words.borrow().iter().copied(), &self.arguments) }))),
            CoroutineResult::Return(result) => {
                crate::arena::free(std::mem::take(&mut self.made));
                result.map(|()| None)
            }
        }
    }

    fn resume(&mut self, close: bool) -> CoroutineResult<(), Result<(), E>> {
        let _outermost = crate::memory::OutermostCall::enter(|memory| crate::abi::push_argument_memory(&self.arguments, memory));
        let mark = crate::arena::mark();
        WORDS.with(|words| words.borrow_mut().clear());
        let result = self.body.resume(close);
        self.made.extend(crate::arena::take(mark));
        result
    }
}

impl<E> Drop for Generator<E> {
    fn drop(&mut self) {
        for _ in 0..CLOSE_ATTEMPTS {
            if !self.body.started() || self.body.done() {
                break;
            }
            let _ = self.resume(true);
        }
        if self.body.started() && !self.body.done() {
            // Unwinding the stack would unwind through compiled code, which aborts; abandoning it
            // leaks what the body's frames hold.
            // SAFETY: nothing on the abandoned stack is used again.
            unsafe { self.body.force_reset() };
        }
        crate::arena::free(std::mem::take(&mut self.made));
    }
}

/// One word of the value being yielded: an integer, a bool, a handle or a descriptor's word.
pub extern "C" fn rumba_generator_word(word: i64) {
    WORDS.with(|words| words.borrow_mut().push(word as u64));
}

/// One word of the value being yielded: a float (a complex number's part).
pub extern "C" fn rumba_generator_word_f64(word: f64) {
    WORDS.with(|words| words.borrow_mut().push(word.to_bits()));
}

/// `yield`: suspends the running generator body until it is resumed; whether it is resumed to be
/// closed (then the body raises `GeneratorExit`). Outside a generator body there is nothing to
/// suspend: closed.
pub extern "C" fn rumba_generator_yield() -> bool {
    let yielder = YIELDER.get();
    if yielder.is_null() {
        return true;
    }
    // SAFETY: the body set the yielder when it started and resets it here after each suspension
    // (other generators' bodies run on this thread meanwhile), so it is the running body's, on
    // its live stack. A suspended body is never unwound (`Drop` closes or abandons it), so
    // `suspend` returns normally.
    let close = unsafe { (*yielder).suspend(()) };
    YIELDER.set(yielder);
    close
}

pub fn symbols() -> [(&'static str, *mut std::ffi::c_void); 3] {
    [
        ("rumba_generator_word", rumba_generator_word as *mut std::ffi::c_void),
        ("rumba_generator_word_f64", rumba_generator_word_f64 as *mut std::ffi::c_void),
        ("rumba_generator_yield", rumba_generator_yield as *mut std::ffi::c_void),
    ]
}
