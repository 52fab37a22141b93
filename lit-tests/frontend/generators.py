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


# A loop over a generator in compiled code runs the generator's body in the loop's function
# (inline_generators.rs): no coroutine, each yield followed by the loop's body in a one-pass loop
# (`scf.for`), the generator's own loop a `scf.for` still. A `break` in the loop's body sets a stop
# flag that leaves the one-pass loop, the generator's loops and a one-pass loop around the whole
# generator, which then are `scf.while` loops.
# RUN: %rumba emit %s --signature "(int64)" --function consumes --stage py | %FileCheck %s --check-prefix=INLINED
# RUN: %rumba emit %s --signature "(int64)" --function stops --stage py | %FileCheck %s --check-prefix=STOPS
# INLINED-LABEL: func.func @consumes__si64(%arg0: si64) -> (i32, f64)
# INLINED-NOT: rumba_generator
# INLINED-NOT: call @pairs
# INLINED: scf.for
# INLINED: py.truediv
# INLINED: scf.for
# INLINED: py.add %{{.*}}, %{{.*}} : f64
def consumes(n):
    total = 0.0
    for i, half in pairs(n):
        total += i + half
    return total


# STOPS-LABEL: func.func @stops__si64(
# STOPS: scf.while
# STOPS: scf.while
# STOPS: py.truediv
# STOPS: scf.while
# STOPS: py.add %{{.*}}, %{{.*}} : f64
def stops(n):
    total = 0.0
    for i, half in pairs(n):
        if half > 2.0:
            break
        total += i
    return total
