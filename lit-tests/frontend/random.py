# np.random functions are the prelude's (`_random_name`), drawing from the runtime's NumPy
# generator; Python's random module keeps py.random. The prelude's one drawing function takes the
# distribution as a string known when compiling: each gets its own specialisation (`snormal_`).
# RUN: %rumba emit %s --call "draws(3)" --stage py | %FileCheck %s

# CHECK-LABEL: func.func @draws__si64
# CHECK: py.random : f64
# CHECK: call @np._random_normal__f64__f64__none
# CHECK: call @np._random_randint__si64__none__none
# CHECK-LABEL: func.func private @np._random_normal__f64__f64__none
# CHECK-LABEL: func.func private @np._draw__snormal___f64__f64
# CHECK: call @rumba_np_gauss() : () -> f64
# CHECK-NOT: call @rumba_np
# CHECK-LABEL: func.func private @np._draw__sintegers___si64__si64
# CHECK: call @rumba_np_bounded(%{{.*}}) : (si64) -> si64
# CHECK: func.func private @rumba_np_bounded(si64) -> si64
# CHECK: func.func private @rumba_np_gauss() -> f64
def draws(n):
    return random.random() + np.random.normal(1.0, 2.0) + np.random.randint(n)


import random
import numpy as np
