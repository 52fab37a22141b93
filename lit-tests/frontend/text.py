# print and exception messages with values: literal text (strings, sep, end, tuples' brackets,
# None) is folded into the text pieces; numbers and arrays are operands with their specs, f-string
# specs and %-conversions alike; a message without values stays a static py.raise.
# RUN: %rumba emit %s --call "show(2.5, 3)" --stage py | %FileCheck %s

# CHECK-LABEL: func.func @show__f64__si64
# CHECK-SAME: (%[[X:[a-z0-9]+]]: f64, %[[N:[a-z0-9]+]]: si64)
# CHECK: py.print ["x is-", "-", "!"](%[[X]], %[[N]] : f64, si64) formats ["", ""]
# CHECK: py.print ["(", ", ", ") None ", " ", "\0A"](%[[N]], %[[X]], %{{.*}}, %{{.*}} : si64, f64, i1, si64) formats ["", "", "", "05d"]
# CHECK: py.raise "ValueError", "too many: {} of {}" formatted ["too many: ", " of ", ""](%[[N]], %[[X]] : si64, f64) formats ["", ".1f"] code 1
# CHECK: py.raise "ValueError", "no values" code 2
def show(x, n):
    print("x is", x, n, sep="-", end="!")
    print((n, x), None, x > n, "%05d" % n)
    if n > 10:
        raise ValueError(f"too many: {n} of {x:.1f}")
    if n < 0:
        raise ValueError("no " + "values")
    return n
