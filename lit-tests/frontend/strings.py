# Strings known only when the code runs (Numba's unicode_type) are si64 handles of the runtime's
# strings. Text made of values (`+`, f-strings) is py.format, a string value's format "\02" and its
# spec; a literal compared with a run-time string is made a string (py.format of its text alone);
# comparisons, slices and iteration call the runtime's string functions.
# RUN: %rumba emit %s --signature "(unicode_type, i8)" --function greet --stage py | %FileCheck %s --check-prefix=GREET
# RUN: %rumba emit %s --signature "(unicode_type,)" --function scan --stage py | %FileCheck %s --check-prefix=SCAN


# GREET-LABEL: func.func @greet__U__si64(%arg0: si64, %arg1: si64) -> (i32, si64)
# GREET: py.format ["hi ", ""](%arg0 : si64) formats ["\02"] : si64
# GREET: %[[LITERAL:.*]] = py.format ["hi bob"]() formats [] : si64
# GREET: %[[ORDER:.*]] = call @rumba_str_compare(%{{.*}}, %[[LITERAL]]) : (si64, si64) -> si64
# GREET: %[[ZERO:.*]] = py.constant 0 : si64
# GREET: py.cmp "eq", %[[ORDER]], %[[ZERO]] : si64
# `[0:2]`: start 0, stop 2, step 1, both bounds given (bits 0 and 1).
# GREET: %[[START:.*]] = py.constant 0 : si64
# GREET: %[[STOP:.*]] = py.constant 2 : si64
# GREET: %[[STEP:.*]] = py.constant 1 : si64
# GREET: %[[GIVEN:.*]] = py.constant 3 : si64
# GREET: func.call @rumba_str_slice(%{{.*}}, %[[START]], %[[STOP]], %[[STEP]], %[[GIVEN]])
# GREET: py.format ["", ":", ""](%arg0, %arg1 : si64, si64) formats ["\02", ""] : si64
def greet(name, n):
    text = "hi " + name
    if text == "hi bob":
        return text[0:2]
    return f"{name}:{n}"


# A loop over a string (held in a slot) reads its length, then each character, checked against
# the length, as a string of its own.
# SCAN-LABEL: func.func @scan__U(%arg0: si64) -> (i32, si64)
# SCAN: call @rumba_str_len(%{{.*}}) : (si64) -> si64
# SCAN: scf.while
# SCAN: func.call @rumba_str_len(%{{.*}}) : (si64) -> si64
# SCAN: func.call @rumba_str_char(%{{.*}}, %{{.*}}) : (si64, si64) -> si64
# SCAN: func.call @rumba_str_ord(%{{.*}}) : (si64) -> si64
def scan(s):
    total = 0
    for ch in s:
        total += ord(ch)
    return total
