# A generator's `yield value` hands the value to the runtime word by word, as a list stores an
# element (an int as si64, a float as f64, a tuple item by item), then suspends; resumed to be
# closed, the yield raises GeneratorExit. The function itself returns nothing but its status.
# RUN: %rumba emit %s --signature "(int64)" --function pairs --stage py | %FileCheck %s

# CHECK-LABEL: func.func @pairs__si64(%arg0: si64) -> i32
# CHECK: scf.while
# CHECK: py.truediv %{{.*}}, %{{.*}} : f64
# CHECK: func.call @rumba_generator_word(%{{.*}}) : (si64) -> ()
# CHECK-NEXT: func.call @rumba_generator_word_f64(%{{.*}}) : (f64) -> ()
# CHECK-NEXT: %[[CLOSED:.*]] = func.call @rumba_generator_yield() : () -> i1
# CHECK-NEXT: scf.if %[[CLOSED]] {
# CHECK-NEXT: py.raise "GeneratorExit"
# CHECK: func.func private @rumba_generator_word(si64)
# CHECK: func.func private @rumba_generator_word_f64(f64)
# CHECK: func.func private @rumba_generator_yield() -> i1
def pairs(n):
    for i in range(n):
        yield i, i / 2
