# End to end: compile, run and print as Python's repr; expected values worked out by hand from Python's rules.
# RUN: %rumba run %s --call "floordiv(-7, 2)" | %FileCheck %s --check-prefix=FLOORDIV
# RUN: %rumba run %s --call "modulo(-7, 3)" | %FileCheck %s --check-prefix=MODULO
# RUN: %rumba run %s --call "floordiv(-7.5, 2)" | %FileCheck %s --check-prefix=FLOATDIV
# RUN: %rumba run %s --call "countdown(10)" | %FileCheck %s --check-prefix=COUNTDOWN
# RUN: %rumba run %s --call "fib(20)" | %FileCheck %s --check-prefix=FIB
# RUN: %rumba run %s --call "divmod_pair(17, -5)" | %FileCheck %s --check-prefix=PAIR
# RUN: %not %rumba run %s --call "checked(-1)" 2>&1 | %FileCheck %s --check-prefix=RAISE

# FLOORDIV: {{^}}-4{{$}}
def floordiv(a, b):
    return a // b

# MODULO: {{^}}2{{$}}
def modulo(a, b):
    return a % b

# -7.5 // 2 is floor(-3.75) = -4.0
# FLOATDIV: {{^}}-4.0{{$}}

# 10 + 7 + 4 + 1
# COUNTDOWN: {{^}}22{{$}}
def countdown(n):
    s = 0
    for i in range(n, 0, -3):
        s += i
    return s

# FIB: {{^}}6765{{$}}
def fib(n):
    if n < 2:
        return n
    return fib(n - 1) + fib(n - 2)

# 17 // -5 = -4 and 17 % -5 = -3 (17 = -4 * -5 - 3)
# PAIR: {{^}}(-4, -3){{$}}
def divmod_pair(a, b):
    return a // b, a % b

# RAISE: File "{{.*}}scalars.py", line [[@LINE+4]], column 9
# RAISE: ValueError: negative input
def checked(x):
    if x < 0:
        raise ValueError("negative input")
    return x

# A signature converts the literals to its types: 1 and 3 become int32, the result stays float64.
# RUN: %rumba run %s --call "mean3(1, 3)" --signature "f8(i4, i4)" | %FileCheck %s --check-prefix=SIGNATURE
# SIGNATURE: {{^}}1.2738853503184713{{$}}
def mean3(x, y):
    return (x + y) / 3.14

# An integer power with a negative exponent is an integer, as in Numba: 1 and -1 give themselves by
# the exponent's parity, any other base 0; a zero base raises, and the power must not fault there.
# RUN: %rumba run %s --call "power(-1, -3)" | %FileCheck %s --check-prefix=ODD
# ODD: {{^}}-1{{$}}
# RUN: %rumba run %s --call "power(3, -2)" | %FileCheck %s --check-prefix=SMALL
# SMALL: {{^}}0{{$}}
# RUN: %not %rumba run %s --call "power(0, -1)" 2>&1 | %FileCheck %s --check-prefix=POWER
# POWER: ZeroDivisionError: 0 cannot be raised to a negative power
def power(a, b):
    return a ** b
