//! `rumba-opt`: mlir-opt's driver with every upstream dialect and pass plus rumba's.

fn main() {
    rumba_passes::register_passes();
    let args: Vec<String> = std::env::args().collect();
    std::process::exit(rumba_dialects::opt_main(&args));
}
