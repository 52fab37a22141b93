//! CUDA kernels (`@cuda.jit`) on two targets: the real GPU through the CUDA driver API, loaded at run
//! time so that building rumba needs no CUDA ([`device`]), and the CPU, where a kernel compiled for
//! the host runs in a simulator that gives each thread its geometry and runs a block's threads as
//! coroutines that switch at `syncthreads` ([`simulator`]). Tests and machines without a GPU use the
//! simulator; the choice between them is the engine's.

pub mod device;
pub mod simulator;
