//! rumba's runtime: the JIT engine, the calling convention between Rust and compiled code, arrays
//! handed across without copies, and the exception channel.
//!
//! Compiled functions return `(i32 status, results...)`. A non-zero status is the code of the raise
//! site whose exception is in flight; [`Exception`] carries its type, message and source location.

pub mod abi;
pub mod arena;
pub mod arithmetic;
pub mod blas;
pub mod complex;
pub mod cuda;
pub mod dicts;
pub mod engine;
pub mod generators;
pub mod lapack;
pub mod lists;
pub mod memory;
pub mod objmode;
pub mod random;
pub mod reductions;
pub mod slices;
pub mod stack;
pub mod strings;
pub mod text;
pub mod threads;
pub mod translate;

pub use abi::{ArrayArgument, Number, OwnedArray, Value};
pub use engine::{CompiledFunction, Engine, Exception};
