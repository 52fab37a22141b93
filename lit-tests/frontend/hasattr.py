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


# `getattr(x, "name", default)` is `x.name if hasattr(x, "name") else default`, decided the same
# way: of a float, `.imag` is read (a zero), `.shape` is the default; no branch is left.
# RUN: %rumba emit %s --signature "(float64)" --function defaults --stage py | %FileCheck %s --check-prefix=DEFAULT
# DEFAULT-LABEL: func.func @defaults__f64(
# DEFAULT-NOT: scf.if
# DEFAULT: memref.store %{{.*}}, %{{.*}}[] : memref<si64>
# DEFAULT-NEXT: %[[ZERO:.*]] = py.constant 0.000000e+00 : f64
# DEFAULT-NEXT: %[[ONE:.*]] = py.constant 1 : si64
# DEFAULT-NEXT: %[[MINUS:.*]] = py.neg %[[ONE]] : si64
# DEFAULT: return %{{.*}}, %[[ZERO]], %[[MINUS]] : i32, f64, si64
def defaults(x):
    return getattr(x, "imag", 5.0), getattr(x, "shape", -1)
