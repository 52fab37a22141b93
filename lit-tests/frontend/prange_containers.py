# A prange iteration that makes a list, dict or set (or calls a function returning one) marks its
# thread's arena when it starts and releases it when it ends, so what it made is freed with it; an
# iteration that makes none calls neither. Changing a container the iterations share is a race:
# a located error.
# RUN: %rumba emit %s --call "own(10)" --parallel --stage py | %FileCheck %s --check-prefix=OWN
# RUN: %rumba emit %s --call "numbers(10)" --parallel --stage py | %FileCheck %s --check-prefix=NUMBERS
# RUN: %not %rumba emit %s --call "shared(10)" --parallel --stage py 2>&1 | %FileCheck %s --check-prefix=SHARED
import numpy as np
from rumba import prange

# OWN-LABEL: func.func @own__si64
# OWN: scf.parallel
# OWN: %[[MARK:.*]] = func.call @rumba_arena_mark() : () -> si64
# OWN: func.call @rumba_list_new()
# OWN: func.call @rumba_arena_release(%[[MARK]]) : (si64) -> ()
# OWN-NEXT: scf.reduce
def own(n):
    out = np.zeros(n)
    for i in prange(n):
        items = [i, i + 1]
        out[i] = len(items)
    return out


# NUMBERS-LABEL: func.func @numbers__si64
# NUMBERS-NOT: rumba_arena
# NUMBERS: scf.reduce
def numbers(n):
    out = np.zeros(n)
    for i in prange(n):
        out[i] = i * 2.0
    return out


# SHARED: prange_containers.py:[[# @LINE + 4]]:9: error: a prange loop cannot change 'items', which its iterations share
def shared(n):
    items = [0]
    for i in prange(n):
        items.append(i)
    return items
