//! Tests of the Rust API through `compile_module`: the seed programs on arrays, signatures and errors.
//! (One test binary: each links MLIR statically.)

mod cfunc;
mod complex_arrays;
mod environment;
mod extra_passes;
mod linalg;
mod lists;
mod seeds;
mod strings;
