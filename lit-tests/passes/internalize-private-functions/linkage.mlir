// internalize-private-functions gives each private llvm.func with a body internal linkage, and
// `alwaysinline` where one call names it. Public functions, declarations (runtime entry points) and
// a private function called from two places keep their attributes otherwise.
// RUN: %rumba-opt %s --pass-pipeline='builtin.module(internalize-private-functions)' | %FileCheck %s

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
