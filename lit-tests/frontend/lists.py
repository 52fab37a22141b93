# A list is an si64 handle held in a slot like a number; making it and its length are calls of the
# runtime's list functions, reading, writing and appending are the module's own. A float element is stored as one f64 word; a read checks the index
# (negative from the end) and raises IndexError outside the list; `+` copies and extends; a
# comprehension is the loop that appends to a new list.
# RUN: %rumba emit %s --function last_half --signature "(i8,)" --stage py | %FileCheck %s --check-prefix=READ
# RUN: %rumba emit %s --function joined --signature "(i8,)" --stage py | %FileCheck %s --check-prefix=JOIN
# RUN: %rumba run %s --call "check(5)" | %FileCheck %s --check-prefix=RESULT
# RUN: %rumba emit %s --function replaced --signature "(i8,)" --stage py | %FileCheck %s --check-prefix=SLICE
# A signature may name lists compiled code cannot hold: a located error, not a crash.
# RUN: %not %rumba emit %s --function last_half --signature "(set(f8[:]),)" --stage py 2>&1 | %FileCheck %s --check-prefix=REFUSED
# REFUSED: lists.py:{{[0-9]+}}:1: error: 'last_half' cannot take set(float64[:])
# An array element is the words of its descriptor (3 + 2n for n dimensions), which
# `py.array_to_words` gives (holding the memory for the list); a read makes the array back from
# them as a new reference.
# RUN: %rumba emit %s --function arrays --signature "(i8,)" --stage py | %FileCheck %s --check-prefix=ARRAYS
# RUN: %rumba run %s --call "arrays(4)" | %FileCheck %s --check-prefix=ARRAYS-RESULT
# Sorting a list of (int, float) pairs: two words an element, compared as CPython compares tuples,
# the first word as a signed int (0), the second as a float (2, two bits up): kinds 8.
# RUN: %rumba emit %s --function sorted_pairs --signature "(i8,)" --stage py | %FileCheck %s --check-prefix=SORT
# A join of a list variable is the prelude's loop over the list, with the axis as a number.
# RUN: %rumba emit %s --function joined_list --signature "(i8,)" --stage py | %FileCheck %s --check-prefix=JOINED-LIST

import numpy as np

# READ-LABEL: func.func @last_half__si64(%arg0: si64) -> (i32, f64)
# READ: %[[NEW:.*]] = call @rumba_list_new() : () -> si64
# READ: memref.store %[[NEW]], %[[SLOT:.*]][] : memref<si64>
# READ: scf.for
# READ: %[[LIST:.*]] = memref.load %[[SLOT]][] : memref<si64>
# READ: %[[HALF:.*]] = py.mul %{{.*}}, %{{.*}} : f64
# READ: {{(func\.)?}}call @rumba_list_push_f64(%[[LIST]], %[[HALF]]) : (si64, f64) -> ()
# READ: %[[LENGTH:.*]] = call @rumba_list_len(%{{.*}}, %{{.*}}) : (si64, si64) -> si64
# READ: %[[NEGATIVE:.*]] = py.cmp "lt", %[[INDEX:.*]], %{{.*}} : si64
# READ: %[[FROM_END:.*]] = py.add %[[INDEX]], %[[LENGTH]] : si64
# READ: %[[CHECKED:.*]] = arith.select %[[NEGATIVE]], %[[FROM_END]], %[[INDEX]] : si64
# READ: py.cmp "ge", %[[CHECKED]], %[[LENGTH]] : si64
# READ: py.raise "IndexError", "list index out of range"
# The element is read only inside the list, by a read that checks nothing itself.
# READ: %[[NOT_NEGATIVE:.*]] = py.cmp "ge", %[[CHECKED]], %{{.*}} : si64
# READ: %[[BELOW:.*]] = py.cmp "lt", %[[CHECKED]], %[[LENGTH]] : si64
# READ: %[[INSIDE:.*]] = arith.andi %[[NOT_NEGATIVE]], %[[BELOW]] : i1
# READ: scf.if %[[INSIDE]] -> (f64) {
# READ: call @rumba_list_load_f64(%{{.*}}, %{{.*}}) : (si64, si64) -> f64
# READ: } else {
# READ-NEXT: %[[ZERO:.*]] = py.constant 0.0{{.*}} : f64
# READ-NEXT: scf.yield %[[ZERO]] : f64
# The module defines the reads and appends itself: loads and stores of the runtime's list header
# `{data, length, capacity}`, the runtime called only for room.
# READ: func.func private @rumba_list_grow(i64)
# READ: func.func private @rumba_list_len(si64, si64) -> si64 attributes {memory_effects
# READ-LABEL: func.func private @rumba_list_load_f64(
# READ-NEXT: builtin.unrealized_conversion_cast
# READ-NEXT: builtin.unrealized_conversion_cast
# READ-NEXT: %[[HEADER:.*]] = llvm.inttoptr %{{.*}} : i64 to !llvm.ptr
# READ-NEXT: %[[DATA:.*]] = llvm.load %[[HEADER]] : !llvm.ptr -> !llvm.ptr
# READ-NEXT: %[[AT:.*]] = llvm.getelementptr %[[DATA]][%{{.*}}]
# READ-NEXT: %[[ELEMENT:.*]] = llvm.load %[[AT]] : !llvm.ptr -> f64
# READ-NEXT: return %[[ELEMENT]] : f64
# READ-LABEL: func.func private @rumba_list_push_f64(
# READ: %[[LENGTH:.*]] = llvm.load %{{.*}} : !llvm.ptr -> i64
# READ: %[[CAPACITY:.*]] = llvm.load %{{.*}} : !llvm.ptr -> i64
# READ: %[[FULL:.*]] = arith.cmpi eq, %[[LENGTH]], %[[CAPACITY]] : i64
# READ: scf.if %[[FULL]] {
# READ: func.call @rumba_list_grow(
# READ: llvm.store %arg1, %{{.*}} : f64, !llvm.ptr
# READ: %[[LONGER:.*]] = arith.addi %[[LENGTH]], %{{.*}} : i64
# READ: llvm.store %[[LONGER]], %{{.*}} : i64, !llvm.ptr
def last_half(n):
    items = []
    for i in range(n):
        items.append(i * 0.5)
    return items[-1]


# JOIN-LABEL: func.func @joined__si64
# JOIN: call @rumba_list_new()
# JOIN: scf.for
# JOIN: {{(func\.)?}}call @rumba_list_push(%{{.*}}, %{{.*}}) : (si64, si64) -> ()
# JOIN: %[[COPY:.*]] = call @rumba_list_copy(%[[LEFT:.*]]) : (si64) -> si64
# JOIN-NEXT: {{(func\.)?}}call @rumba_list_extend(%[[COPY]], %{{.*}}) : (si64, si64) -> ()
# JOIN: return %{{.*}}, %[[COPY]] : i32, si64
def joined(n):
    squares = [i * i for i in range(n)]
    return squares + [n, n]


# RESULT: ([0, 1, 4, 9, 16, 5, 5], 2.0, [(1, 2.5), (3, 4.5)])
def check(n):
    pairs = [(1, 2.5)]
    pairs.append((3, 4.5))
    return joined(n), last_half(n), pairs


# A zero step raises first; the slice is assigned only where nothing has raised, and an extended
# slice of another length than the list given raises CPython's ValueError with both sizes.
# SLICE-LABEL: func.func @replaced__si64
# SLICE: py.raise "ValueError", "slice step cannot be zero"
# SLICE: %[[SELECTED:.*]] = scf.if %{{.*}} -> (si64) {
# SLICE-NEXT: func.call @rumba_list_assign_slice(
# SLICE: %[[GIVEN:.*]] = call @rumba_list_len(
# SLICE: py.raise "ValueError", "attempt to assign sequence of size {} to extended slice of size {}" formatted {{.*}}(%[[GIVEN]], %[[SELECTED]] : si64, si64)
def replaced(n):
    items = [1, 2, 3]
    items[::n] = [7, 8]
    return items


# ARRAYS-LABEL: func.func @arrays__si64
# ARRAYS: %[[WORDS:.*]]:5 = py.array_to_words %{{.*}} : !py.array<f64, 1, C> -> si64, si64, si64, si64, si64
# ARRAYS: {{(func\.)?}}call @rumba_list_push(%{{.*}}, %[[WORDS]]#0) : (si64, si64) -> ()
# ARRAYS: {{(func\.)?}}call @rumba_list_push(%{{.*}}, %[[WORDS]]#4) : (si64, si64) -> ()
# ARRAYS: %[[W0:.*]] = call @rumba_list_get(%{{.*}}, %{{.*}}) : (si64, si64) -> si64
# ARRAYS-COUNT-4: call @rumba_list_get(
# ARRAYS: py.array_from_words %[[W0]], %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}} : !py.array<f64, 1, C>
# ARRAYS-RESULT: 6.0
def arrays(n):
    items = []
    for i in range(n):
        items.append(np.ones(3) * i)
    return items[-1].sum() - items[1][0] * 3


# JOINED-LIST-LABEL: func.func @joined_list__si64
# JOINED-LIST: cf.cond_br
# JOINED-LIST: %[[AXIS:.*]] = py.constant 1 : si64
# JOINED-LIST-NEXT: call @np._concatenate_list__Lf64x2C___si64(%{{.*}}, %[[AXIS]]) : (si64, si64) -> (i32, !py.array<f64, 2, C>)
# JOINED-LIST: call @np._stack_list__Lf64x2C___si64
def joined_list(n):
    items = [np.ones((2, n)) * k for k in range(3)]
    return np.concatenate(items, axis=1), np.stack(items)


# SORT-LABEL: func.func @sorted_pairs__si64
# SORT: %[[KINDS:.*]] = py.constant 8 : si64
# SORT-NEXT: %[[WIDTH:.*]] = py.constant 2 : si64
# SORT-NEXT: {{(func\.)?}}call @rumba_list_sort(%{{.*}}, %[[WIDTH]], %[[KINDS]]) : (si64, si64, si64) -> ()
def sorted_pairs(n):
    pairs = [(n - i, i * 0.5) for i in range(n)]
    pairs.sort()
    return pairs[0][1]


# A None element is one zero word, so that a list of Nones has a length; `extend` by a tuple
# appends each item converted to the element type (an int as an f64 word).
# RUN: %rumba emit %s --function nones --signature "(i8,)" --stage py | %FileCheck %s --check-prefix=NONES
# NONES-LABEL: func.func @nones__si64(%arg0: si64) -> (i32, si64)
# NONES: %[[ITEMS:[0-9]+]] = call @rumba_list_new() : () -> si64
# NONES-NEXT: %[[ZERO:[0-9]+]] = py.constant 0 : si64
# NONES-NEXT: call @rumba_list_push(%[[ITEMS]], %[[ZERO]]) : (si64, si64) -> ()
# NONES: %[[WIDENED:[0-9]+]] = py.cast %arg0 : si64 to f64
# NONES-NEXT: call @rumba_list_push_f64(%{{[0-9]+}}, %[[WIDENED]]) : (si64, f64) -> ()
def nones(n):
    items = [None]
    items.append(None)
    floats = [0.5]
    floats.extend((n,))
    return len(items) + len(floats)
