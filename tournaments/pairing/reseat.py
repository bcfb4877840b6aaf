"""Reseating a table knockout's round away from repeat opponents.

:func:`table_knockout` deals every round's players to the tables by seed in
serpentine order.  From round 2 on that seating may put players together
who already met (9 players at tables of 3, top 2 through: 1 and 7 meet in
round 1 and are dealt together again).  :func:`reseat` keeps the seeded
seating when it has no repeat opponents, and otherwise looks for the one
closest to it with the fewest:

- A seating's cost is, in this order: the repeats (earlier games shared by
  pairs at a table, as the multi-player Swiss counts them), the players not
  at their seeded table, and the imbalance (over the tables, how far the
  sum of the seed ranks at a table is from the seeded table's, so a swap
  between close seeds is preferred to one between a top and a bottom seed).
- A local search swaps two players at different tables, always the swap
  that lowers the cost most (among equals, the closest seeds, then the
  higher seeds), until no swap lowers it.  Only players of a repeated pair,
  or players away from their seeded table, start a swap, so a step costs
  O(those players x players).
- If repeats are left (the search got stuck) in a field of up to
  ``SEARCH_PLAYERS``, a depth-first search looks for a seating without any
  (players in seed order, each trying their seeded table first), within
  ``SEARCH_BUDGET`` steps; the local search then brings what it finds back
  as close to the seeded seating as it can without adding a repeat.
- The tables are then numbered by their best seed, as the deal numbers
  them.

Everything is deterministic: a round pairs the same way twice.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Sequence

from ..types import PlayerId
from .swiss_tables import repeats

SEARCH_PLAYERS = 64
SEARCH_BUDGET = 20_000

Meetings = dict[PlayerId, dict[PlayerId, int]]


def reseat(seeded: Sequence[Sequence[PlayerId]], meetings: Meetings, rank: dict[PlayerId, int]) -> list[list[PlayerId]]:
    """The tables of ``seeded`` (the same sizes, numbered by best seed)
    with the fewest repeat opponents this search finds, as close to
    ``seeded`` as it can (module doc).  ``seeded`` itself when it has no
    repeats.

    :param meetings: how often each pair met before (``common.met``).
    :param rank: each seated player's seed rank (0 the best).
    """
    groups = [list(group) for group in seeded]
    if not repeats(groups, meetings):
        return groups
    best = _Seating(groups, groups, meetings, rank).descend()
    if repeats(best, meetings) and sum(map(len, groups)) <= SEARCH_PLAYERS:
        found = _rematch_free_near(groups, meetings, rank)
        if found is not None:
            best = _Seating(found, groups, meetings, rank).descend()
    # Swaps may leave the top seed at table 2: number the tables by their
    # best seed, as the serpentine deal does.
    return sorted(best, key=lambda group: min(rank[p] for p in group))


class _Seating:
    """A seating under local search, with what a swap's cost needs kept up
    to date: where each player sits, each table's seed-rank sum, and how
    many earlier games each player shared with the players of each table."""

    def __init__(
        self,
        start: Sequence[Sequence[PlayerId]],
        seeded: Sequence[Sequence[PlayerId]],
        meetings: Meetings,
        rank: dict[PlayerId, int],
    ) -> None:
        self.meetings = meetings
        self.rank = rank
        self.home = {p: t for t, group in enumerate(seeded) for p in group}
        self.target = [sum(rank[p] for p in group) for group in seeded]
        self.groups = [list(group) for group in start]
        self.where = {p: t for t, group in enumerate(self.groups) for p in group}
        self.sums = [sum(rank[p] for p in group) for group in self.groups]
        self.shared: dict[PlayerId, dict[int, int]] = defaultdict(lambda: defaultdict(int))
        for p, t in self.where.items():
            for q, times in meetings.get(p, {}).items():
                if q in self.where:
                    self.shared[q][t] += times

    def descend(self) -> list[list[PlayerId]]:
        """Make the best cost-lowering swap until there is none; the tables.

        Each swap lowers (repeats, moved, imbalance), a tuple of
        non-negative integers, so the loop ends.
        """
        while (swap := self._best_swap()) is not None:
            self._swap(*swap)
        return self.groups

    def _best_swap(self) -> tuple[PlayerId, PlayerId] | None:
        """The swap lowering (repeats, moved, imbalance) most, the closest
        seeds then the higher ones among equals; None if no swap lowers it.

        The innermost loop runs O(players^2) times a step on a bad seeding
        of a large field, so it is written out with local names rather than
        calls (a 256-player knockout's second round stays well under 1 s).
        """
        where, home, rank, sums, target = self.where, self.home, self.rank, self.sums, self.target
        best_key: tuple | None = None
        best = None
        for x in self._starters():
            a, sx, rx, hx = where[x], self.shared[x], rank[x], home[x]
            sxa, row, off_a = sx[a], self.meetings.get(x, {}), sums[a] - target[a]
            for y in self._partners(x):
                b, sy = where[y], self.shared[y]
                repeat = sx[b] + sy[a] - sxa - sy[b] - 2 * row.get(y, 0)
                # Most pairs add repeats or fall behind the best: stop early.
                if repeat > 0 or (best_key is not None and repeat > best_key[0]):
                    continue
                moved = (b != hx) + (a != home[y]) - (a != hx) - (b != home[y])
                shift, off_b = rank[y] - rx, sums[b] - target[b]
                imbalance = abs(off_a + shift) + abs(off_b - shift) - abs(off_a) - abs(off_b)
                if (repeat, moved, imbalance) >= (0, 0, 0):
                    continue
                ry = rank[y]
                key = (repeat, moved, imbalance, abs(rx - ry), min(rx, ry), max(rx, ry))
                if best_key is None or key < best_key:
                    best_key, best = key, (x, y)
        return best

    def _starters(self) -> list[PlayerId]:
        """Players of a repeated pair, and players away from their seeded
        table: a swap lowering the cost moves one of them."""
        return [p for p, t in self.where.items() if self.shared[p][t] or t != self.home[p]]

    def _partners(self, x: PlayerId) -> list[PlayerId]:
        """Whom ``x`` may swap with: anyone at another table if ``x`` has a
        repeat there; else (``x`` is away from home, and only the moved
        players or the imbalance can drop) the players of ``x``'s seeded
        table and those seeded at ``x``'s table."""
        here = self.where[x]
        if self.shared[x][here]:
            return [y for y, t in self.where.items() if t != here]
        return [y for y, t in self.where.items() if t != here and (t == self.home[x] or self.home[y] == here)]

    def _swap(self, x: PlayerId, y: PlayerId) -> None:
        a, b = self.where[x], self.where[y]
        self.groups[a][self.groups[a].index(x)] = y
        self.groups[b][self.groups[b].index(y)] = x
        self.where[x], self.where[y] = b, a
        shift = self.rank[y] - self.rank[x]
        self.sums[a] += shift
        self.sums[b] -= shift
        for player, old, new in ((x, a, b), (y, b, a)):
            for q, times in self.meetings.get(player, {}).items():
                if q in self.where:
                    self.shared[q][old] -= times
                    self.shared[q][new] += times


def _rematch_free_near(
    seeded: Sequence[Sequence[PlayerId]], meetings: Meetings, rank: dict[PlayerId, int]
) -> list[list[PlayerId]] | None:
    """Tables of the sizes of ``seeded`` where nobody meets an earlier
    opponent, or None if none is found within ``SEARCH_BUDGET`` steps.

    Depth-first: players in seed order, each trying their seeded table
    first, then the others in table order, so the first seating found
    keeps the top seeds where the seeding put them.
    """
    sizes = [len(group) for group in seeded]
    home = {p: t for t, group in enumerate(seeded) for p in group}
    order = sorted(home, key=rank.__getitem__)
    tables: list[list[PlayerId]] = [[] for _ in sizes]
    steps = 0

    def place(i: int) -> bool:
        nonlocal steps
        if i == len(order):
            return True
        player = order[i]
        row = meetings.get(player, {})
        choices = [home[player]] + [t for t in range(len(sizes)) if t != home[player]]
        for t in choices:
            if len(tables[t]) == sizes[t] or any(row.get(q, 0) for q in tables[t]):
                continue
            steps += 1
            if steps > SEARCH_BUDGET:
                return False
            tables[t].append(player)
            if place(i + 1):
                return True
            tables[t].pop()
        return False

    return tables if place(0) else None
