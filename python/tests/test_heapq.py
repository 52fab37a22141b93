"""Python's heapq module in compiled code (`import heapq` and `from heapq import ...`), over
reflected lists of numbers and of tuples, as CPython's heapq orders them: each function also runs
under CPython on a copy of the same list, and the results and the lists afterwards are compared."""
import heapq
from heapq import heappop, heappush

import numpy as np
import pytest

from rumba import njit


def dijkstra(weights, source):
    n = weights.shape[0]
    distance = np.full(n, np.inf)
    distance[source] = 0.0
    queue = [(0.0, source)]
    order = []
    while len(queue) > 0:
        d, node = heapq.heappop(queue)
        if d > distance[node]:
            continue
        order.append(node)
        for other in range(n):
            if weights[node, other] > 0 and d + weights[node, other] < distance[other]:
                distance[other] = d + weights[node, other]
                heapq.heappush(queue, (distance[other], other))
    return distance, order


def heap_operations(items):
    heapq.heapify(items)
    first = heappop(items)
    heappush(items, 0.5)
    replaced = heapq.heapreplace(items, 10.0)
    kept = heapq.heappushpop(items, -1.0)
    pushed_past = heapq.heappushpop(items, 100.0)
    return first, replaced, kept, pushed_past, heapq.nsmallest(2, items), heapq.nlargest(3, items), heapq.nsmallest(0, items)


def sorted_by_heap(items):
    # Seeded with an item, as Numba's heapq needs to type the heap.
    heap = [items[0]]
    for item in items[1:]:
        heappush(heap, item)
    return [heappop(heap) for _ in range(len(heap))]


def pops_past_the_end(items):
    for _ in range(len(items) + 1):
        heappop(items)


RNG = np.random.default_rng(3)


def test_dijkstra_matches_python():
    weights = RNG.random((8, 8)) * (RNG.random((8, 8)) < 0.4)
    got_distance, got_order = njit(dijkstra)(weights, 0)
    want_distance, want_order = dijkstra(weights, 0)
    np.testing.assert_array_equal(got_distance, want_distance)
    assert got_order == want_order


@pytest.mark.parametrize("items", [[5.0, 3.0, 8.0, 1.0, 9.0, 2.0], [1.0, 1.0, 1.0], list(RNG.random(40))], ids=["small", "equal", "random"])
def test_heap_operations_match_python(items):
    got_items, want_items = list(items), list(items)
    assert njit(heap_operations)(got_items) == heap_operations(want_items)
    assert got_items == want_items


@pytest.mark.parametrize("items", [[3, 1, 2, 1, 5, 0, -4], [(2, 1.5), (1, 0.5), (2, 0.25), (1, 0.75)], [7]], ids=["ints", "tuples", "one"])
def test_pushing_and_popping_sorts_as_python(items):
    assert njit(sorted_by_heap)(list(items)) == sorted_by_heap(list(items))


def test_popping_an_empty_heap_raises_index_error():
    with pytest.raises(IndexError) as expected:
        pops_past_the_end([2.0, 1.0])
    with pytest.raises(IndexError) as got:
        njit(pops_past_the_end)([2.0, 1.0])
    assert str(got.value) == str(expected.value)
