# `hasattr(x, "name")` is decided when compiling, by whether `x.name` types (desugar.rs rewrites
# it to `__rumba_hasattr(x.name)`): a float has `.real` but no `.shape`, so only the `else`
# branch is emitted and the result is the constant true.
# RUN: %rumba emit %s --signature "(float64)" --function probes --stage py | %FileCheck %s

# CHECK-LABEL: func.func @probes__f64(
# CHECK-NOT: scf.if
# CHECK: %[[HUNDRED:.*]] = py.constant 100 : si64
# CHECK: %[[TRUE:.*]] = py.constant true
# CHECK: return %{{.*}}, %{{.*}}, %[[TRUE]] : i32, si64, i1
def probes(x):
    total = 0
    if hasattr(x, "shape"):
        total += x.shape[0]
    else:
        total += 100
    return total, hasattr(x, "real")
