# CALL: sqrt(16.0)
# CALL: sqrt(2.0)
# CALL: sqrt(0.0)
# CALL: sqrt(-0.0)
# CALL: sqrt(81)
# CALL: sqrt(1e-4)
# CALL(approx): exp(1.0)
# CALL: exp(0.0)
# CALL(approx): exp(-2.5)
# CALL(approx): exp(10)
# CALL: log(1.0)
# CALL(approx): log(10.0)
# CALL(approx): log(0.5)
# CALL(approx): log(1000)
# CALL: sin(0.0)
# CALL(approx): sin(1.0)
# CALL(approx): sin(-2.5)
# CALL: cos(0.0)
# CALL(approx): cos(1.0)
# CALL(approx): cos(3)
# CALL: tan(0.0)
# CALL(approx): tan(0.5)
# CALL(approx): tan(-1.2)
# CALL: tanh(0.0)
# CALL(approx): tanh(0.5)
# CALL(approx): tanh(-3.0)
# CALL: tanh(50.0)
# CALL(approx): pythagoras(3.0, 4.5)
# CALL: pythagoras(3, 4)
# CALL(approx): sigmoid(0.75)
# CALL(approx): identity_check(0.3)
# CALL(approx): log_exp_roundtrip(2.5)

import math


def sqrt(x):
    return math.sqrt(x)


def exp(x):
    return math.exp(x)


def log(x):
    return math.log(x)


def sin(x):
    return math.sin(x)


def cos(x):
    return math.cos(x)


def tan(x):
    return math.tan(x)


def tanh(x):
    return math.tanh(x)


def pythagoras(a, b):
    return math.sqrt(a * a + b * b)


def sigmoid(x):
    return 1.0 / (1.0 + math.exp(-x))


def identity_check(x):
    return math.sin(x) ** 2 + math.cos(x) ** 2


def log_exp_roundtrip(x):
    return math.log(math.exp(x)), math.exp(math.log(x))
