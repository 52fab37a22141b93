//! Links LLVM's OpenMP runtime: `prange` loops compile to `__kmpc_*` calls that the JIT resolves in
//! the process, and `set_num_threads` calls `omp_set_num_threads`.

fn main() {
    let prefix = std::env::var("LLVM_SYS_221_PREFIX").unwrap_or_else(|_| "/usr/lib/llvm-22".into());
    println!("cargo:rustc-link-search=native={prefix}/lib");
    println!("cargo:rustc-link-lib=dylib=omp");
    println!("cargo:rustc-link-arg=-Wl,-rpath,{prefix}/lib");
    println!("cargo:rerun-if-env-changed=LLVM_SYS_221_PREFIX");
}
