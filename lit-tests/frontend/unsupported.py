# Unsupported constructs are located diagnostics with the source line and a caret, and a non-zero exit.
# RUN: %not %rumba emit %s --call "f(1)" --stage py 2>&1 | %FileCheck %s

# CHECK: unsupported.py:[[@LINE+4]]:9: error: generator expressions are not supported
# CHECK-NEXT: {{^}}        y = (v for v in range(x))
# CHECK-NEXT: {{^}}            ^
def f(x):
    y = (v for v in range(x))
    return y
