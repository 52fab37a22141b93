"""A @jitclass holding an array and a running total, stepped by methods that loop over the array
field and write the total (issue 14)."""
import numba


@numba.experimental.jitclass([("data", numba.float64[:]), ("total", numba.float64)])
class Accumulator:
    def __init__(self, data):
        self.data = data
        self.total = 0.0

    def add_all(self):
        for i in range(self.data.shape[0]):
            self.total += self.data[i]
        return self.total

    def scale(self, factor):
        for i in range(self.data.shape[0]):
            self.data[i] *= factor


@numba.njit
def jitclass_accumulator(data, steps):
    accumulator = Accumulator(data.copy())
    for _ in range(steps):
        accumulator.add_all()
        accumulator.scale(0.5)
    return accumulator.total
