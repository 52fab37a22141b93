# A file that is not valid UTF-8 is a located error: the file, the line and column of the first bad
# byte, and its byte offset (here the 0xff on line 2, column 16, byte 25).
# RUN: printf 'def f(x):\n    return 1 # \377\n' > %t.py
# RUN: %not %rumba run %t.py --call "f(1)" 2>&1 | %FileCheck %s
# CHECK: encoding.py.tmp.py:2:16: error: the file is not valid UTF-8 (byte offset 25)
