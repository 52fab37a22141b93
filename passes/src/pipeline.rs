//! The named stages from `py` to the LLVM dialect, in order. `rumba emit --stage NAME` and
//! `inspect_mlir(stage)` print the IR after any of them; later stages (`llvm`, `asm`) are produced
//! by the runtime from the last one.

use melior::{
    ir::Module,
    pass::{Pass, PassManager},
    utility::parse_pass_pipeline,
    Context,
};
use std::sync::Arc;
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
        pipeline: "builtin.module(convert-scf-to-cf,expand-strided-metadata,lower-affine,finalize-memref-to-llvm{use-generic-functions=true},convert-math-to-llvm,convert-math-to-libm,convert-vector-to-llvm,convert-complex-to-llvm,convert-arith-to-llvm,convert-index-to-llvm,convert-ub-to-llvm,convert-func-to-llvm,convert-cf-to-llvm,convert-openmp-to-llvm,reconcile-unrealized-casts,canonicalize,hoist-static-allocas,internalize-functions)",
        summary: "the LLVM dialect, ready for translation to LLVM IR; stack slots of loops made once, on entry; every function but the C interfaces internal, for LLVM to inline and drop",
    },
];

/// A pass added to the pipeline after a named stage.
#[derive(Clone)]
pub enum ExtraPass {
    /// A textual pipeline: `canonicalize,cse`, or anchored, `builtin.module(func.func(cse))`.
    Pipeline(String),
    /// A pass built in Rust (with melior, in the embedder's crate) that runs on the module; made
    /// anew for each compilation, since a pass manager owns the passes it runs.
    Built(Arc<dyn Fn() -> Pass + Send + Sync>),
}

impl std::fmt::Debug for ExtraPass {
    fn fmt(&self, formatter: &mut std::fmt::Formatter) -> std::fmt::Result {
        match self {
            ExtraPass::Pipeline(text) => write!(formatter, "Pipeline({text:?})"),
            ExtraPass::Built(_) => write!(formatter, "Built(..)"),
        }
    }
}

/// Adds the textual pipeline `text` to `manager`, anchored on the module unless it says
/// `builtin.module(...)` itself.
pub fn add_pipeline(manager: &PassManager, text: &str) -> Result<(), String> {
    let anchored = if text.starts_with("builtin.module(") { text.to_string() } else { format!("builtin.module({text})") };
    parse_pass_pipeline(manager.as_operation_pass_manager(), &anchored).map_err(|error| error.to_string())
}

/// How a compilation's pipeline differs from the stages' own: stages left out, and passes run after
/// a stage (after `py`: before any of rumba's).
#[derive(Clone, Debug, Default)]
pub struct Customization {
    pub skipped: Vec<String>,
    pub extra: Vec<(String, ExtraPass)>,
}

impl Customization {
    /// Checks that every stage named exists among `stages`.
    fn check(&self, stages: &[&str]) -> Result<(), String> {
        for name in self.skipped.iter().chain(self.extra.iter().map(|(stage, _)| stage)) {
            if !stages.contains(&name.as_str()) {
                return Err(format!("unknown stage '{name}'; stages are {}", stages.join(", ")));
            }
        }
        Ok(())
    }

    /// Runs the passes added after `stage`.
    fn run_after(&self, stage: &str, context: &Context, module: &mut Module) -> Result<(), String> {
        for (_, extra) in self.extra.iter().filter(|(after, _)| after == stage) {
            let manager = PassManager::new(context);
            match extra {
                ExtraPass::Pipeline(text) => add_pipeline(&manager, text).map_err(|error| format!("the pipeline '{text}' added after stage {stage}: {error}"))?,
                ExtraPass::Built(make) => manager.add_pass(make()),
            }
            manager.run(module).map_err(|_| format!("a pass added after stage {stage} failed"))?;
        }
        Ok(())
    }
}

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
pub fn run_stages(context: &Context, module: &mut Module, last: Option<&str>, parallel: bool, customization: &Customization) -> Result<Vec<(&'static str, Duration)>, String> {
    let stages = STAGES.iter().map(|stage| (stage.name, if parallel && stage.name == "loops" { PARALLEL_LOOPS } else { stage.pipeline }.to_string()));
    run_pipelines(context, module, stages.collect(), last, customization)
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
pub fn run_gpu_stages(context: &Context, module: &mut Module, last: Option<&str>, chip: &str, libraries: &[String], customization: &Customization) -> Result<Vec<(&'static str, Duration)>, String> {
    let shared = STAGES.iter().take_while(|stage| stage.name != "vector").map(|stage| (stage.name, stage.pipeline.to_string()));
    let stages = shared.chain(gpu_stages(chip, libraries).into_iter().map(|(name, pipeline, _)| (name, pipeline))).collect();
    run_pipelines(context, module, stages, last, customization)
}

fn run_pipelines(context: &Context, module: &mut Module, stages: Vec<(&'static str, String)>, last: Option<&str>, customization: &Customization) -> Result<Vec<(&'static str, Duration)>, String> {
    let mut timings = Vec::new();
    let names: Vec<&str> = std::iter::once("py").chain(stages.iter().map(|(name, _)| *name)).collect();
    if let Some(last) = last {
        if !names.contains(&last) {
            return Err(format!("unknown stage '{last}'; stages are {}", names.join(", ")));
        }
    }
    customization.check(&names)?;
    let started = Instant::now();
    customization.run_after("py", context, module)?;
    if customization.extra.iter().any(|(stage, _)| stage == "py") {
        timings.push(("passes after py", started.elapsed()));
    }
    if last == Some("py") {
        return Ok(timings);
    }
    for (name, pipeline) in stages {
        let started = Instant::now();
        if !customization.skipped.iter().any(|skipped| skipped == name) {
            let manager = PassManager::new(context);
            parse_pass_pipeline(manager.as_operation_pass_manager(), &pipeline).map_err(|error| format!("stage {name}: {error}"))?;
            manager.run(module).map_err(|_| format!("stage {name} failed"))?;
        }
        customization.run_after(name, context, module)?;
        timings.push((name, started.elapsed()));
        if Some(name) == last {
            break;
        }
    }
    Ok(timings)
}
