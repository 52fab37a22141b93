// rumba-opt loads a pass plugin as mlir-opt does: examples/pass_plugin/py_census.c, built here
// against nothing, registers `py-census`, which records the number of py ops in the module.
// RUN: cc -shared -fPIC -I/usr/lib/llvm-22/include %S/../../examples/pass_plugin/py_census.c -o %t.so
// RUN: %rumba-opt %s --load-pass-plugin=%t.so --pass-pipeline='builtin.module(py-census)' | %FileCheck %s

// Three py ops: the constant, the product and the sum; func.return is not one.
// CHECK: module attributes {py_census.ops = 3 : i64}
func.func @f(%x: f64) -> f64 {
  %two = py.constant 2.0 : f64
  %product = py.mul %x, %two : f64
  %sum = py.add %product, %x : f64
  return %sum : f64
}
