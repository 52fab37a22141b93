# A variable bound to `iter(x)` is rewritten before typing (desugar.rs): it keeps `x` and a
# one-element position array, which `next(it)` and `next(it, default)` (the prelude's
# `_iter_next`/`_iter_next_or`) and `for v in it` (`_iter_rest`, the items not taken yet) advance.
# RUN: %rumba emit %s --signature "(float64[::1])" --function steps --stage py | %FileCheck %s

# CHECK-LABEL: func.func @steps__f64x1C(
# CHECK: %[[POSITION:.*]]:2 = call @np._iter_position__()
# CHECK: call @np._iter_next__f64x1C__si64x1C(%arg0, %[[POSITION]]#1)
# CHECK: call @np._iter_next_or__f64x1C__si64x1C__f64(%arg0, %[[POSITION]]#1,
# CHECK: %[[REST:.*]]:2 = call @np._iter_rest__f64x1C__si64x1C(%arg0, %[[POSITION]]#1)
# CHECK: scf.for
def steps(values):
    it = iter(values)
    total = next(it) + next(it, 0.0)
    for value in it:
        total += value
    return total
