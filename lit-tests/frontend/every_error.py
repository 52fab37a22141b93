# A compilation reports every statement that fails on its own, in order; a statement that fails
# only because it reads a name an earlier failed statement assigned (y = x * 2) is not reported.
# RUN: not %rumba run %s --call "f(1.0, 2)" 2>&1 | %FileCheck %s

# CHECK: every_error.py:13:9: error: unsupported operand types for +
# CHECK-NOT: every_error.py:14:
# CHECK: every_error.py:15:9: error: attribute 'nonexistent' of int64 is not supported
# CHECK-NEXT: w = n.nonexistent
# CHECK-NOT: error:


def f(a, n):
    x = a + "text"
    y = x * 2
    w = n.nonexistent
    return n
