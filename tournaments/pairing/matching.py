"""Maximum-cardinality matching in a general graph (Edmonds' blossoms).

Swiss pairing uses it as an exact oracle: "can the players still unpaired
be paired without a rematch, and if not, with how few?".  Vertices are
0..n-1; ``adj[v]`` lists v's neighbours (players v has not met yet).

The matching is kept between questions and repaired incrementally: taking
vertices out of the graph cannot increase the maximum, so the search stops
as soon as the old size (or half the vertices left) is reached, which in a
Swiss field with few rounds played is usually after a single augmenting
path from a freed partner.

The search is the classic O(V^3) formulation of Edmonds' algorithm (as in
e-maxx's "Edmonds' algorithm for maximum matching"), restricted to the
vertices still alive.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Callable, Sequence


class Matching:
    """A maximum matching of the graph induced by the alive vertices."""

    def __init__(
        self,
        adj: Sequence[Sequence[int]],
        adjacent: Callable[[int, int], bool] | None = None,
    ) -> None:
        """``adjacent(u, v)`` answers an edge query in O(1); by default it
        is built from ``adj`` (a Swiss caller passes a cheaper one)."""
        self.adj = adj
        if adjacent is None:
            neighbours = [set(row) for row in adj]
            adjacent = lambda u, v: v in neighbours[u]  # noqa: E731
        self.adjacent = adjacent
        self.n = len(adj)
        self.mate = [-1] * self.n
        self.alive = [True] * self.n
        self.alive_count = self.n
        self.size = 0
        # Greedy first, in vertex order: with vertices numbered by rank this
        # is already the Monrad pairing, so the exact phase rarely has work.
        for v in range(self.n):
            if self.mate[v] == -1:
                for u in adj[v]:
                    if u > v and self.mate[u] == -1:
                        self._pair(u, v)
                        break
        self._maximise(first=(), bound=self.n // 2)

    def remove(self, *vertices: int) -> None:
        """Take ``vertices`` out of the graph and restore maximality."""
        exposed = []
        bound = self.size
        for v in vertices:
            if not self.alive[v]:
                continue
            self.alive[v] = False
            self.alive_count -= 1
            u = self.mate[v]
            if u != -1:
                self.mate[u] = self.mate[v] = -1
                self.size -= 1
                if self.alive[u]:
                    exposed.append(u)
        if not exposed:
            # Only exposed vertices or pairs of mates left: what remains of
            # a maximum matching is still maximum in the smaller graph.
            return
        # The old size bounds the new one (the graph only lost vertices), so
        # the search stops as soon as it is reached, usually after one path.
        self._maximise(first=exposed, bound=min(bound, self.alive_count // 2))

    def _maximise(self, first: Sequence[int], bound: int) -> None:
        # Trying every exposed vertex once makes the matching maximum
        # whatever the starting matching: a vertex with no augmenting path
        # never gets one by augmenting elsewhere (Berge / Edmonds).
        for v in [*first, *range(self.n)]:
            if self.size >= bound:
                return
            if self.alive[v] and self.mate[v] == -1:
                self._augment_from(v)

    def snapshot(self) -> tuple[list[int], list[bool], int, int]:
        """Save the state, to try a removal and maybe undo it."""
        return self.mate[:], self.alive[:], self.alive_count, self.size

    def restore(self, saved: tuple[list[int], list[bool], int, int]) -> None:
        """Go back to a state saved with :meth:`snapshot`."""
        mate, alive, self.alive_count, self.size = saved
        self.mate, self.alive = mate[:], alive[:]

    def _pair(self, u: int, v: int) -> None:
        self.mate[u], self.mate[v] = v, u
        self.size += 1

    def _augment_from(self, root: int) -> bool:
        if self._short_path(root):
            return True
        end = self._find_path(root)
        if end == -1:
            return False
        v = end
        while v != -1:
            pv = self._parent[v]
            ppv = self.mate[pv]
            self.mate[v], self.mate[pv] = pv, v
            v = ppv
        self.size += 1
        return True

    def _short_path(self, root: int) -> bool:
        """Augment along a path of length 1 or 3 from ``root``, if any.

        A Swiss field is a dense graph: the players freed by a removal can
        nearly always meet directly, or swap partners with one pair.  The
        general search below shrinks a blossom at almost every step in such
        a graph, which costs O(V) each, so these short paths come first.
        """
        mate, alive, adjacent = self.mate, self.alive, self.adjacent
        exposed = [v for v in range(self.n) if alive[v] and mate[v] == -1 and v != root]
        if not exposed:
            return False
        for z in exposed:
            if adjacent(root, z):
                self._pair(root, z)
                return True
        for x in self.adj[root]:
            y = mate[x]
            if not alive[x] or y == -1:
                continue
            for z in exposed:
                if adjacent(y, z):
                    self.mate[root], self.mate[x] = x, root
                    self.mate[y], self.mate[z] = z, y
                    self.size += 1
                    return True
        return False

    def _find_path(self, root: int) -> int:
        n, adj, mate, alive = self.n, self.adj, self.mate, self.alive
        used = [False] * n
        parent = [-1] * n
        base = list(range(n))
        self._parent = parent
        used[root] = True
        queue = deque([root])
        while queue:
            v = queue.popleft()
            for to in adj[v]:
                if not alive[to] or base[v] == base[to] or mate[v] == to:
                    continue
                if to == root or (mate[to] != -1 and parent[mate[to]] != -1):
                    cur = self._lca(v, to, base, parent)
                    blossom = [False] * n
                    self._mark(v, cur, to, base, parent, blossom)
                    self._mark(to, cur, v, base, parent, blossom)
                    for i in range(n):
                        if alive[i] and blossom[base[i]]:
                            base[i] = cur
                            if not used[i]:
                                used[i] = True
                                queue.append(i)
                elif parent[to] == -1:
                    parent[to] = v
                    if mate[to] == -1:
                        return to
                    used[mate[to]] = True
                    queue.append(mate[to])
        return -1

    def _lca(self, a: int, b: int, base: list[int], parent: list[int]) -> int:
        mate = self.mate
        seen = set()
        while True:
            a = base[a]
            seen.add(a)
            if mate[a] == -1:
                break
            a = parent[mate[a]]
        while True:
            b = base[b]
            if b in seen:
                return b
            b = parent[mate[b]]

    def _mark(
        self,
        v: int,
        b: int,
        child: int,
        base: list[int],
        parent: list[int],
        blossom: list[bool],
    ) -> None:
        mate = self.mate
        while base[v] != b:
            blossom[base[v]] = blossom[base[mate[v]]] = True
            parent[v] = child
            child = mate[v]
            v = parent[mate[v]]
