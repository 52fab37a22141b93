//! Generates the py dialect's C++ from its ODS with `mlir-tblgen` and compiles the registration shim.

use std::{env, path::PathBuf, process::Command};

const LLVM_PREFIX_VAR: &str = "MLIR_SYS_220_PREFIX";

fn main() {
    let prefix = PathBuf::from(env::var(LLVM_PREFIX_VAR).unwrap_or_else(|_| "/usr/lib/llvm-22".into()));
    let include = prefix.join("include");
    let tblgen = prefix.join("bin/mlir-tblgen");
    let out = PathBuf::from(env::var("OUT_DIR").expect("cargo sets OUT_DIR"));
    let td_dir = PathBuf::from(env::var("CARGO_MANIFEST_DIR").expect("cargo sets it")).join("py");

    let generators: &[(&str, &str, &[&str])] = &[
        ("PyDialect.td", "PyDialect.h.inc", &["-gen-dialect-decls", "-dialect=py"]),
        ("PyDialect.td", "PyDialect.cpp.inc", &["-gen-dialect-defs", "-dialect=py"]),
        ("PyDialect.td", "PyTypes.h.inc", &["-gen-typedef-decls", "-typedefs-dialect=py"]),
        ("PyDialect.td", "PyTypes.cpp.inc", &["-gen-typedef-defs", "-typedefs-dialect=py"]),
        ("PyOps.td", "PyOps.h.inc", &["-gen-op-decls"]),
        ("PyOps.td", "PyOps.cpp.inc", &["-gen-op-defs"]),
    ];
    for (td, output, flags) in generators {
        let status = Command::new(&tblgen)
            .args(*flags)
            .arg(format!("-I{}", include.display()))
            .arg(format!("-I{}", td_dir.display()))
            .arg(td_dir.join(td))
            .arg("-o")
            .arg(out.join(output))
            .status()
            .unwrap_or_else(|error| panic!("cannot run {}: {error}", tblgen.display()));
        assert!(status.success(), "mlir-tblgen {flags:?} {td} failed");
    }

    cc::Build::new()
        .cpp(true)
        .std("c++17")
        .file("cpp/py.cpp")
        .include(&include)
        .include(&out)
        .include("cpp")
        .include("py")
        .flag("-Wno-unused-parameter")
        .flag("-Wno-comment")
        .compile("rumba_py_dialect");

    println!("cargo:rustc-env=RUMBA_PY_TD_DIR={}", td_dir.display());
    for path in ["py/PyDialect.td", "py/PyOps.td", "py/MathFunctions.def", "py/LapackRoutines.def", "cpp/py.cpp", "cpp/py.h"] {
        println!("cargo:rerun-if-changed={path}");
    }
}
