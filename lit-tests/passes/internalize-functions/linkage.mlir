// internalize-functions gives internal linkage to each llvm.func with a body that the runtime does
// not look up: private ones, and a compiled function behind its C interface (`_mlir_ciface_`, which
// stays external); `alwaysinline` where one call names it. Other public functions, declarations
// (runtime entry points) and a function called from two places keep their attributes otherwise.
// RUN: %rumba-opt %s --pass-pipeline='builtin.module(internalize-functions)' | %FileCheck %s

// CHECK: llvm.func @runtime_entry(i64) -> i64 attributes {sym_visibility = "private"}
llvm.func @runtime_entry(i64) -> i64 attributes {sym_visibility = "private"}

// CHECK: llvm.func internal @called_once(%{{.*}}: i64) -> i64 attributes {passthrough = ["alwaysinline"], sym_visibility = "private"}
llvm.func @called_once(%x: i64) -> i64 attributes {sym_visibility = "private"} {
  %y = llvm.call @runtime_entry(%x) : (i64) -> i64
  llvm.return %y : i64
}

// CHECK: llvm.func internal @called_twice(%{{.*}}: i64) -> i64 attributes {sym_visibility = "private"}
llvm.func @called_twice(%x: i64) -> i64 attributes {sym_visibility = "private"} {
  llvm.return %x : i64
}

// A recursive function called from one place has two call sites: that one and its own.
// CHECK: llvm.func internal @recursive(%{{.*}}: i64) -> i64 attributes {sym_visibility = "private"}
llvm.func @recursive(%x: i64) -> i64 attributes {sym_visibility = "private"} {
  %y = llvm.call @recursive(%x) : (i64) -> i64
  llvm.return %y : i64
}

// CHECK: llvm.func @entry(%{{.*}}: i64) -> i64 {
llvm.func @entry(%x: i64) -> i64 {
  %a = llvm.call @called_once(%x) : (i64) -> i64
  %b = llvm.call @called_twice(%a) : (i64) -> i64
  %c = llvm.call @called_twice(%b) : (i64) -> i64
  %d = llvm.call @recursive(%c) : (i64) -> i64
  llvm.return %d : i64
}

// CHECK: llvm.func internal @compiled(%{{.*}}: i64) -> i64 attributes {llvm.emit_c_interface, passthrough = ["alwaysinline"]}
llvm.func @compiled(%x: i64) -> i64 attributes {llvm.emit_c_interface} {
  llvm.return %x : i64
}

// CHECK: llvm.func @_mlir_ciface_compiled(%{{.*}}: i64) -> i64 attributes {llvm.emit_c_interface}
llvm.func @_mlir_ciface_compiled(%x: i64) -> i64 attributes {llvm.emit_c_interface} {
  %y = llvm.call @compiled(%x) : (i64) -> i64
  llvm.return %y : i64
}
