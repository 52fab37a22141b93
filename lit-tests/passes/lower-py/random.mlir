// lower-py on py.random and py.seed: calls to the runtime's per-thread generator, declared once in
// the module.
// RUN: %rumba-opt %s --pass-pipeline='builtin.module(lower-py)' | %FileCheck %s

// CHECK-DAG: func.func private @rumba_random() -> f64
// CHECK-DAG: func.func private @rumba_seed(i64)
// CHECK-LABEL: func.func @draw
// CHECK-SAME: (%[[SEED:.*]]: i64)
// CHECK: call @rumba_seed(%[[SEED]]) : (i64) -> ()
// CHECK: %[[X:.*]] = call @rumba_random() : () -> f64
// CHECK: %[[Y:.*]] = call @rumba_random() : () -> f64
// CHECK: arith.addf %[[X]], %[[Y]] : f64
func.func @draw(%seed: si64) -> f64 {
  py.seed %seed : si64
  %x = py.random : f64
  %y = py.random : f64
  %s = py.add %x, %y : f64
  return %s : f64
}
