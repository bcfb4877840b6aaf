"""The Edmonds matching behind Swiss pairing, against a brute force."""

import functools
import itertools

from hypothesis import given, settings
from hypothesis import strategies as st

from tournaments.pairing.matching import Matching


def brute_force(alive, edges):
    vertices = sorted(alive)
    usable = [(a, b) for a, b in edges if a in alive and b in alive]

    @functools.cache
    def best(used):
        free = [v for v in vertices if v not in used]
        if not free:
            return 0
        v = free[0]
        answer = best(used | {v})
        for a, b in usable:
            if v in (a, b):
                other = b if a == v else a
                if other not in used:
                    answer = max(answer, 1 + best(used | {v, other}))
        return answer

    return best(frozenset())


@st.composite
def graphs(draw):
    n = draw(st.integers(1, 11))
    edges = draw(st.sets(st.sampled_from(list(itertools.combinations(range(n), 2)) or [(0, 0)])))
    edges = {e for e in edges if e[0] != e[1]}
    removals = draw(st.lists(st.integers(0, n - 1), max_size=n))
    return n, edges, removals


def check(matching, alive, edges):
    assert matching.size == brute_force(frozenset(alive), edges)
    pairs = {frozenset((v, matching.mate[v])) for v in alive if matching.mate[v] != -1}
    assert len(pairs) == matching.size
    for pair in pairs:
        a, b = sorted(pair)
        assert (a, b) in edges and a in alive and b in alive


@settings(max_examples=300, deadline=None)
@given(graphs())
def test_matching_is_maximum_and_stays_maximum_as_vertices_leave(graph):
    n, edges, removals = graph
    adj = [sorted({b for a, b in edges if a == v} | {a for a, b in edges if b == v}) for v in range(n)]
    matching = Matching(adj)
    alive = set(range(n))
    check(matching, alive, edges)
    for index in range(0, len(removals), 2):
        gone = removals[index : index + 2]
        saved = matching.snapshot()
        matching.remove(*gone)
        alive -= set(gone)
        check(matching, alive, edges)
        if index == 0:
            matching.restore(saved)
            alive |= set(gone)
            check(matching, alive, edges)
