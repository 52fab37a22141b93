# `sorted(items, key=lambda pair: pair[1])` is rewritten before typing (desugar.rs): the items are
# copied into a list, the keys built into another by a loop with the lambda's body inline (a
# float64 read from each pair), and the prelude's `_sorted_by_keys` sorts (key, position) pairs, a
# stable sort, and reads the items back in that order.
# RUN: %rumba emit %s --signature "(list((int64, float64)),)" --function by_second --stage py | %FileCheck %s

# CHECK-LABEL: func.func @by_second__LTsi64_f64__(%arg0: si64) -> (i32, si64)
# CHECK: call @rumba_list_new()
# CHECK: func.call @rumba_list_get_f64(
# CHECK: func.call @rumba_list_push_f64(
# CHECK: call @np._sorted_by_keys__LTsi64_f64____Lf64___i1(%{{.*}}, %{{.*}}, %{{.*}}) : (si64, si64, i1) -> (i32, si64)
# CHECK-LABEL: func.func private @np._sorted_by_keys__LTsi64_f64____Lf64___i1
# CHECK: call @rumba_list_sort(
def by_second(pairs):
    return sorted(pairs, key=lambda pair: pair[1])
