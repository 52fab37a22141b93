"""A polynomial written term by term over an array; under fastmath, rumba's eqsat factors it
(Horner's form)."""
import numba


@numba.njit(fastmath=True)
def poly(x):
    return 3.0 * x * x * x * x + 2.0 * x * x * x - 5.0 * x * x + 7.0 * x + 1.0
