//! The named stages from `py` to the LLVM dialect, in order. `rumba emit --stage NAME` and
//! `inspect_mlir(stage)` print the IR after any of them; later stages (`llvm`, `asm`) are produced
//! by the runtime from the last one.

use melior::{ir::Module, pass::PassManager, utility::parse_pass_pipeline, Context};
use std::time::{Duration, Instant};

/// One stage: a name users can ask for and the pass pipeline that produces it from the stage before.
#[derive(Clone, Copy, Debug)]
pub struct Stage {
    pub name: &'static str,
    pub pipeline: &'static str,
    pub summary: &'static str,
}

/// The frontend's output is stage `py`; each stage below runs on the result of the one before.
pub const STAGES: &[Stage] = &[
    Stage {
        name: "py-opt",
        pipeline: "builtin.module(cse)",
        summary: "py IR after common-subexpression elimination (canonicalization waits for signless types)",
    },
    Stage {
        name: "parfor",
        pipeline: "builtin.module(parfor)",
        summary: "array expressions fused: each chain of elementwise operations is one py.map, one loop",
    },
    Stage {
        name: "eqsat",
        pipeline: "builtin.module(eqsat,parfor)",
        summary: "equality saturation over each block's pure dataflow (exact identities; reassociation, matrix chains and the other fast-math rules under their flags), rebuilt at the lowest cost, and the maps it made fused",
    },
    Stage {
        name: "std",
        pipeline: "builtin.module(lower-py,deallocate-temporaries,blas-products,convert-complex-to-standard,canonicalize,cse)",
        summary: "arith/math/memref/linalg/scf: Python semantics spelled out, arrays as strided memrefs, temporaries freed, products of float and complex arrays as BLAS calls (before complex numbers become pairs of floats, which linalg's products cannot hold)",
    },
    Stage {
        name: "vector",
        pipeline: "builtin.module(version-unit-strides,forward-scalar-stores,func.func(loop-invariant-code-motion),canonicalize,raise-loop-nests,vectorize-loop-nests,canonicalize)",
        summary: "functions looping over arrays of any layout versioned for unit strides; loop variables in SSA form; perfect loop nests that accumulate into a fresh array raised to linalg, tiled and vectorised",
    },
    Stage {
        name: "loops",
        pipeline: "builtin.module(func.func(convert-linalg-to-loops,lower-vector-mask,lower-vector-multi-reduction),convert-vector-to-scf{full-unroll=true target-rank=1},convert-math-to-funcs{convert-ctlz=false},func.func(arith-expand),canonicalize)",
        summary: "linalg ops as scf loops, vector transfers as 1-D ones, integer powers as helper functions, composite arith ops expanded",
    },
    Stage {
        name: "openmp",
        pipeline: "builtin.module(convert-scf-to-openmp,hoist-parallel-allocas,canonicalize)",
        summary: "scf.parallel loops (prange under parallel=True) as OpenMP parallel worksharing loops with reductions",
    },
    Stage {
        name: "llvm-dialect",
        pipeline: "builtin.module(convert-scf-to-cf,expand-strided-metadata,lower-affine,finalize-memref-to-llvm{use-generic-functions=true},convert-math-to-llvm,convert-math-to-libm,convert-vector-to-llvm,convert-complex-to-llvm,convert-arith-to-llvm,convert-index-to-llvm,convert-ub-to-llvm,convert-func-to-llvm,convert-cf-to-llvm,convert-openmp-to-llvm,reconcile-unrealized-casts,canonicalize,hoist-static-allocas)",
        summary: "the LLVM dialect, ready for translation to LLVM IR; stack slots of loops made once, on entry",
    },
];

/// Every stage name in order, `py` first.
pub fn stage_names() -> Vec<&'static str> {
    std::iter::once("py").chain(STAGES.iter().map(|stage| stage.name)).collect()
}

/// The `loops` stage under `parallel=True`: the parallel dimensions of linalg ops (array
/// expressions, the kept dimensions of reductions along an axis) become `scf.parallel` loops, which
/// run on threads unless they are inside a `prange` body already.
const PARALLEL_LOOPS: &str = "builtin.module(func.func(convert-linalg-to-parallel-loops,lower-vector-mask,lower-vector-multi-reduction),convert-vector-to-scf{full-unroll=true target-rank=1},serialize-nested-parallel,convert-math-to-funcs{convert-ctlz=false},func.func(arith-expand),canonicalize)";

/// Runs the stages after `py` up to and including `last` (all of them for `None`); `parallel` picks
/// the `loops` pipeline that makes linalg's parallel dimensions `scf.parallel` loops. Returns how
/// long each stage took.
pub fn run_stages(context: &Context, module: &mut Module, last: Option<&str>, parallel: bool) -> Result<Vec<(&'static str, Duration)>, String> {
    let stages = STAGES.iter().map(|stage| (stage.name, if parallel && stage.name == "loops" { PARALLEL_LOOPS } else { stage.pipeline }.to_string()));
    run_pipelines(context, module, stages.collect(), last)
}

/// The stages of the CUDA target: the CPU's up to `std`, then these, which make the kernel's
/// module PTX for `chip` (`sm_80`, ...), linked with the LLVM bitcode files `libraries`.
pub fn gpu_stages(chip: &str, libraries: &[String]) -> Vec<(&'static str, String, &'static str)> {
    let link = if libraries.is_empty() { String::new() } else { format!(" l={}", libraries.join(",")) };
    vec![
        (
            "gpu",
            "builtin.module(func.func(convert-linalg-to-loops,arith-expand),convert-math-to-funcs{convert-ctlz=false},canonicalize,outline-cuda-kernels)".to_string(),
            "the kernel and the functions it calls in a gpu.module (integer powers as helper functions), CUDA intrinsics as gpu ops, a gpu.func per kernel",
        ),
        (
            "nvvm",
            format!("builtin.module(nvvm-attach-target{{chip={chip} O=3{link}}},gpu.module(convert-scf-to-cf,expand-strided-metadata,lower-affine,convert-gpu-to-nvvm,canonicalize,reconcile-unrealized-casts),extern-dynamic-shared-memory)"),
            "the gpu.module in the LLVM and NVVM dialects, with its NVVM target",
        ),
        ("ptx", "builtin.module(gpu-module-to-binary{format=isa})".to_string(), "the gpu.module as a gpu.binary holding PTX"),
    ]
}

/// Every stage name of the CUDA target in order, `py` first.
pub fn gpu_stage_names() -> Vec<&'static str> {
    let shared = STAGES.iter().take_while(|stage| stage.name != "vector").map(|stage| stage.name);
    std::iter::once("py").chain(shared).chain(gpu_stages("sm_80", &[]).into_iter().map(|(name, ..)| name)).collect()
}

/// Runs the CUDA target's stages after `py` up to and including `last` (all of them for `None`).
pub fn run_gpu_stages(context: &Context, module: &mut Module, last: Option<&str>, chip: &str, libraries: &[String]) -> Result<Vec<(&'static str, Duration)>, String> {
    let shared = STAGES.iter().take_while(|stage| stage.name != "vector").map(|stage| (stage.name, stage.pipeline.to_string()));
    let stages = shared.chain(gpu_stages(chip, libraries).into_iter().map(|(name, pipeline, _)| (name, pipeline))).collect();
    run_pipelines(context, module, stages, last)
}

fn run_pipelines(context: &Context, module: &mut Module, stages: Vec<(&'static str, String)>, last: Option<&str>) -> Result<Vec<(&'static str, Duration)>, String> {
    let mut timings = Vec::new();
    if last == Some("py") {
        return Ok(timings);
    }
    if let Some(last) = last {
        if !stages.iter().any(|(name, _)| *name == last) {
            let names: Vec<&str> = std::iter::once("py").chain(stages.iter().map(|(name, _)| *name)).collect();
            return Err(format!("unknown stage '{last}'; stages are {}", names.join(", ")));
        }
    }
    for (name, pipeline) in stages {
        let started = Instant::now();
        let manager = PassManager::new(context);
        parse_pass_pipeline(manager.as_operation_pass_manager(), &pipeline).map_err(|error| format!("stage {name}: {error}"))?;
        manager.run(module).map_err(|_| format!("stage {name} failed"))?;
        timings.push((name, started.elapsed()));
        if Some(name) == last {
            break;
        }
    }
    Ok(timings)
}
