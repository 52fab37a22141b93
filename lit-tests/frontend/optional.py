# An optional number (None on one path, a number on another) is a flag (i1, set where there is a
# number) and the number, zero where there is none: in slots for a variable, in results for a return.
# `is None` reads the flag; a read where a number is needed checks it and raises TypeError.
# RUN: %rumba emit %s --signature "(f8,)" --function positive_or_none --stage py | %FileCheck %s --check-prefix=RETURN
# RUN: %rumba emit %s --signature "(i8, i8)" --function first_multiple --stage py | %FileCheck %s --check-prefix=VARIABLE
# RUN: %rumba emit %s --signature "(i8,)" --function shows --stage py | %FileCheck %s --check-prefix=PRINT


# RETURN-LABEL: func.func @positive_or_none__f64(%arg0: f64) -> (i32, i1, f64)
# The value returned: flag set, the number.
# RETURN: %[[SET:.*]] = py.constant true
# RETURN: memref.store %[[SET]], %[[FLAG:.*]][] : memref<i1>
# RETURN: memref.store %arg0, %[[NUMBER:.*]][] : memref<f64>
# None returned: flag clear, zero.
# RETURN: %[[CLEAR:.*]] = py.constant false
# RETURN: %[[ZERO:.*]] = py.constant 0.000000e+00 : f64
# RETURN: return %{{.*}}, %[[CLEAR]], %[[ZERO]] : i32, i1, f64
def positive_or_none(x):
    if x > 0:
        return x
    return None


# VARIABLE-LABEL: func.func @first_multiple__si64__si64
# The variable's slots, zero (None) on entry.
# VARIABLE: %[[FLAG:.*]] = memref.alloca() : memref<i1>
# VARIABLE: %[[NONE:.*]] = py.constant false
# VARIABLE: memref.store %[[NONE]], %[[FLAG]][] : memref<i1>
# VARIABLE: %[[NUMBER:.*]] = memref.alloca() : memref<si64>
# `index = i` sets the flag.
# VARIABLE: scf.while
# VARIABLE: %[[SET:.*]] = py.constant true
# VARIABLE: memref.store %[[SET]], %[[FLAG]][] : memref<i1>
# `index is None`:
# VARIABLE: %[[READ:.*]] = memref.load %[[FLAG]][] : memref<i1>
# VARIABLE: %[[IS_NONE:.*]] = py.not %[[READ]] : i1
# VARIABLE: scf.if %[[IS_NONE]] {
# `index * 10` reads the number, None raising.
# VARIABLE: %[[CHECKED:.*]] = memref.load %[[FLAG]][] : memref<i1>
# VARIABLE: %[[HELD:.*]] = memref.load %[[NUMBER]][] : memref<si64>
# VARIABLE: %[[MISSING:.*]] = py.not %[[CHECKED]] : i1
# VARIABLE: scf.if %[[MISSING]] {
# VARIABLE-NEXT: py.raise "TypeError", "expected int64, got None"
# VARIABLE: py.mul %[[HELD]], %{{.*}} : si64
def first_multiple(n, k):
    index = None
    for i in range(1, n):
        if i % k == 0:
            index = i
            break
    if index is None:
        return -1
    return index * 10


# `print` of an optional value is one `py.print` for each case, under the flag.
# PRINT-LABEL: func.func @shows__si64
# PRINT: %[[FLAG:.*]] = memref.load %{{.*}}[] : memref<i1>
# PRINT-NEXT: %[[NUMBER:.*]] = memref.load %{{.*}}[] : memref<si64>
# PRINT-NEXT: scf.if %[[FLAG]] {
# PRINT-NEXT: py.print ["value: ", "\0A"](%[[NUMBER]] : si64) formats [""]
# PRINT-NEXT: } else {
# PRINT-NEXT: py.print ["value: None\0A"]() formats []
# An optional value inside a printed tuple is a case as one outside is: the tuple is its brackets,
# commas and items.
# PRINT: py.print ["(", ", ", ")\0A"](%{{.*}}, %[[TWO:.*]] : si64, si64) formats ["", ""]
# PRINT: py.print ["(None, ", ")\0A"](%[[TWO]] : si64) formats [""]
def shows(x):
    value = None
    if x > 0:
        value = x
    print("value:", value)
    print((value, 2))
