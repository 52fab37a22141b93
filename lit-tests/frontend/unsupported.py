# Unsupported constructs are located diagnostics with the source line and a caret, and a non-zero exit.
# RUN: %not %rumba emit %s --call "f(1)" --stage py 2>&1 | %FileCheck %s

# CHECK: unsupported.py:[[@LINE+4]]:9: error: dicts are not supported
# CHECK-NEXT: {{^}}        y = {1: x}
# CHECK-NEXT: {{^}}            ^
def f(x):
    y = {1: x}
    return y
