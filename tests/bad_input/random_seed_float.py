# CALL: f(2.5)
# ERROR: 7:5: random.seed
import random


def f(x):
    random.seed(x)
