# A dict is an si64 handle like a list; a key is written word by word into the dict's scratch key,
# then found (a missing key calls the prelude's KeyError) or inserted, and the value is read or
# written at the entry it gives; a one-word key (a number) goes to the finding or inserting call
# itself. A loop over a dict walks the list of its keys. A set is a dict whose values have no words;
# `|` is `rumba_set_combine` with operation 0.
# RUN: %rumba emit %s --function lookup --signature "(i8,)" --stage py | %FileCheck %s --check-prefix=LOOKUP
# RUN: %rumba emit %s --function pairs --signature "(i8,)" --stage py | %FileCheck %s --check-prefix=PAIRS
# RUN: %rumba emit %s --function joined --signature "(i8,)" --stage py | %FileCheck %s --check-prefix=SET
# RUN: %rumba run %s --call "check(6)" | %FileCheck %s --check-prefix=RESULT

# LOOKUP-LABEL: func.func @lookup__si64(%arg0: si64) -> (i32, f64)
# LOOKUP: %[[DICT:.*]] = call @rumba_dict_new() : () -> si64
# LOOKUP: %[[NEW:.*]] = {{(func\.)?}}call @rumba_dict_insert_word(%[[DICT]], %{{.*}}, %{{.*}}) : (si64, si64, si64) -> si64
# LOOKUP: {{(func\.)?}}call @rumba_dict_set_f64(%[[DICT]], %[[NEW]], %{{.*}}, %{{.*}}) : (si64, si64, si64, f64) -> ()
# LOOKUP: %[[FOUND:.*]] = {{(func\.)?}}call @rumba_dict_find_word(%[[HANDLE:.*]], %arg0) : (si64, si64) -> si64
# LOOKUP: %[[MISSING:.*]] = py.cmp "lt", %[[FOUND]], %{{.*}} : si64
# LOOKUP: scf.if %[[MISSING]] {
# LOOKUP: func.call @np._key_error__si64(%arg0)
# LOOKUP: {{(func\.)?}}call @rumba_dict_get_f64(%[[HANDLE]], %[[FOUND]], %{{.*}}) : (si64, si64, si64) -> f64
# LOOKUP: func.func private @rumba_dict_find_word(si64, si64) -> si64 attributes {memory_effects
def lookup(k):
    table = {1: 0.5, 2: 1.5}
    return table[k]


# PAIRS-LABEL: func.func @pairs__si64(%arg0: si64) -> (i32, si64)
# PAIRS: {{(func\.)?}}call @rumba_dict_key(%[[DICT:.*]], %{{.*}}) : (si64, si64) -> ()
# PAIRS-NEXT: {{(func\.)?}}call @rumba_dict_key(%[[DICT]], %{{.*}}) : (si64, si64) -> ()
# PAIRS-NEXT: {{(func\.)?}}call @rumba_dict_insert(%[[DICT]], %{{.*}}) : (si64, si64) -> si64
# PAIRS: {{(func\.)?}}call @rumba_dict_key(%[[HANDLE:.*]], %arg0) : (si64, si64) -> ()
# PAIRS: %[[FOUND:.*]] = {{(func\.)?}}call @rumba_dict_find(%[[HANDLE]]) : (si64) -> si64
def pairs(k):
    table = {(1, 2): 3}
    return table[(k, k + 1)]


# RESULT: ({0: 0, 2: 4, 4: 16}, 20, [(0, 0), (2, 4), (4, 16)], {0, 2, 4, 1, 3})
def check(n):
    squares = {i: i * i for i in range(n) if i % 2 == 0}
    total = 0
    for key in squares:
        total += squares[key]
    return squares, total, squares.items(), joined(n)


# SET-LABEL: func.func @joined__si64
# SET: %[[EVENS:.*]] = call @rumba_dict_new() : () -> si64
# SET: scf.for
# SET: {{(func\.)?}}call @rumba_dict_insert_word(%{{.*}}, %{{.*}}, %[[NO_WORDS:.*]]) : (si64, si64, si64) -> si64
# SET: %[[ODDS:.*]] = call @rumba_dict_new() : () -> si64
# SET: call @rumba_dict_insert_word(%[[ODDS]], %{{.*}}, %{{.*}}) : (si64, si64, si64) -> si64
# SET: call @rumba_dict_insert_word(%[[ODDS]], %{{.*}}, %{{.*}}) : (si64, si64, si64) -> si64
# SET-NEXT: %[[UNION:.*]] = py.constant 0 : si64
# SET-NEXT: call @rumba_set_combine(%{{.*}}, %[[ODDS]], %[[UNION]]) : (si64, si64, si64) -> si64
def joined(n):
    evens = {i for i in range(0, n, 2)}
    return evens | {1, 3}
