//! `rumba-opt` exports the MLIR C API and rumba's pass registration to the pass plugins it loads
//! (`--load-pass-plugin`), which are linked against nothing and find them in the executable.

fn main() {
    for symbol in ["mlir*", "rumbaRegisterPass"] {
        println!("cargo:rustc-link-arg-bin=rumba-opt=-Wl,--export-dynamic-symbol={symbol}");
    }
}
