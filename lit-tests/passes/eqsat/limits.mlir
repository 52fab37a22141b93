// The module attribute `rumba.eqsat_limits` bounds eqsat's rewriting: `iterations` (rounds of
// applying every rule), `nodes` (e-nodes in a stretch's e-graph) and `milliseconds`. At 0
// iterations, past the node limit, or out of time, no rule applies and the IR stays; constants
// still fold, as that is what the e-graph knows of a class rather than a rule. One iteration
// applies the rules that match the IR; one that matches what another made needs a second.
// RUN: %rumba-opt %s --split-input-file --pass-pipeline='builtin.module(eqsat)' | %FileCheck %s

// CHECK-LABEL: func.func @no_iterations(
// CHECK-SAME: %[[X:[^:]+]]: f64)
// CHECK-NEXT: %[[TWO:.*]] = py.constant 2.000000e+00 : f64
// CHECK-NEXT: %[[R:.*]] = py.pow %[[X]], %[[TWO]] : f64
// CHECK-NEXT: return %[[R]] : f64
// CHECK-LABEL: func.func @no_iterations_fold(
// CHECK-NEXT: %[[C:.*]] = py.constant 5.500000e+00 : f64
// CHECK-NEXT: return %[[C]] : f64
module attributes {rumba.eqsat_limits = {iterations = 0 : i64}} {
  func.func @no_iterations(%x: f64) -> f64 {
    %two = py.constant 2.0 : f64
    %r = py.pow %x, %two : f64
    return %r : f64
  }
  func.func @no_iterations_fold() -> f64 {
    %a = py.constant 2.0 : f64
    %b = py.constant 3.5 : f64
    %r = py.add %a, %b : f64
    return %r : f64
  }
}

// -----

// pow-two matches the IR: one iteration. 1.0 * x needs mul-commute, then mul-one on the product
// it made: not in one.
// CHECK-LABEL: func.func @one_iteration(
// CHECK-SAME: %[[X:[^:]+]]: f64)
// CHECK-NEXT: %[[R:.*]] = py.mul %[[X]], %[[X]] : f64
// CHECK-NEXT: return %[[R]] : f64
// CHECK-LABEL: func.func @one_iteration_two_steps(
// CHECK-SAME: %[[X:[^:]+]]: f64)
// CHECK-NEXT: %[[ONE:.*]] = py.constant 1.000000e+00 : f64
// CHECK-NEXT: %[[R:.*]] = py.mul %[[ONE]], %[[X]] : f64
// CHECK-NEXT: return %[[R]] : f64
module attributes {rumba.eqsat_limits = {iterations = 1 : i64}} {
  func.func @one_iteration(%x: f64) -> f64 {
    %two = py.constant 2.0 : f64
    %r = py.pow %x, %two : f64
    return %r : f64
  }
  func.func @one_iteration_two_steps(%x: f64) -> f64 {
    %one = py.constant 1.0 : f64
    %r = py.mul %one, %x : f64
    return %r : f64
  }
}

// -----

// CHECK-LABEL: func.func @two_iterations_two_steps(
// CHECK-SAME: %[[X:[^:]+]]: f64)
// CHECK-NEXT: return %[[X]] : f64
module attributes {rumba.eqsat_limits = {iterations = 2 : i64}} {
  func.func @two_iterations_two_steps(%x: f64) -> f64 {
    %one = py.constant 1.0 : f64
    %r = py.mul %one, %x : f64
    return %r : f64
  }
}

// -----

// The e-graph of x ** 2.0 has three nodes already.
// CHECK-LABEL: func.func @node_limit(
// CHECK-SAME: %[[X:[^:]+]]: f64)
// CHECK-NEXT: %[[TWO:.*]] = py.constant 2.000000e+00 : f64
// CHECK-NEXT: %[[R:.*]] = py.pow %[[X]], %[[TWO]] : f64
// CHECK-NEXT: return %[[R]] : f64
module attributes {rumba.eqsat_limits = {nodes = 1 : i64}} {
  func.func @node_limit(%x: f64) -> f64 {
    %two = py.constant 2.0 : f64
    %r = py.pow %x, %two : f64
    return %r : f64
  }
}

// -----

// CHECK-LABEL: func.func @no_time(
// CHECK-SAME: %[[X:[^:]+]]: f64)
// CHECK-NEXT: %[[TWO:.*]] = py.constant 2.000000e+00 : f64
// CHECK-NEXT: %[[R:.*]] = py.pow %[[X]], %[[TWO]] : f64
// CHECK-NEXT: return %[[R]] : f64
module attributes {rumba.eqsat_limits = {milliseconds = 0 : i64}} {
  func.func @no_time(%x: f64) -> f64 {
    %two = py.constant 2.0 : f64
    %r = py.pow %x, %two : f64
    return %r : f64
  }
}

// -----

// Limits it does not name keep their defaults, which let the rule apply.
// CHECK-LABEL: func.func @other_limits(
// CHECK-SAME: %[[X:[^:]+]]: f64)
// CHECK-NEXT: %[[R:.*]] = py.mul %[[X]], %[[X]] : f64
// CHECK-NEXT: return %[[R]] : f64
module attributes {rumba.eqsat_limits = {nodes = 100 : i64}} {
  func.func @other_limits(%x: f64) -> f64 {
    %two = py.constant 2.0 : f64
    %r = py.pow %x, %two : f64
    return %r : f64
  }
}
