# fastmath puts LLVM fast-math flags on floating-point operations; without it they stay strict.
# RUN: %rumba emit %s --call "dot3(1.0, 2.0)" --stage std --fastmath fast | %FileCheck %s --check-prefix=STD
# RUN: %rumba emit %s --call "dot3(1.0, 2.0)" --stage llvm --fastmath fast | %FileCheck %s --check-prefix=FAST
# RUN: %rumba emit %s --call "dot3(1.0, 2.0)" --stage llvm --fastmath nnan,ninf | %FileCheck %s --check-prefix=SOME
# RUN: %rumba emit %s --call "dot3(1.0, 2.0)" --stage llvm | %FileCheck %s --check-prefix=STRICT
# RUN: %not %rumba emit %s --call "dot3(1.0, 2.0)" --fastmath fastest 2>&1 | %FileCheck %s --check-prefix=UNKNOWN

# STD-LABEL: func.func @dot3__f64__f64
# STD: arith.mulf %{{.*}}, %{{.*}} fastmath<fast> : f64
# STD: math.sqrt %{{.*}} fastmath<fast> : f64
# FAST: fmul fast double
# FAST: call fast double @llvm.sqrt.f64
# SOME: fmul nnan ninf double
# STRICT-NOT: fast
# STRICT-NOT: nnan
# STRICT: fmul double
# UNKNOWN: error: unknown fastmath flag 'fastest'
import math


def dot3(x, y):
    return math.sqrt(x * y + x * x)
