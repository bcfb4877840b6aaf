"""Forming ladder tables: pure functions over plain data, plus the
vacation hook.

``form_tables`` decides who plays whom in one matchmaking round:

1. Who plays: with M candidates and tables of N, ``M // N`` tables are
   formed.  If some candidates must sit out, those with the fewest ladder
   games running, then those waiting longest, go first.
2. Who sits together: the chosen players are sorted by rating, highest
   first.  The highest unseated player anchors a table and picks the other
   N-1 seats from the next few unseated players by rating (a small
   look-ahead window).  Tables are formed one at a time, each as the first
   of the best plan for the next few tables (a horizon as deep as a bounded
   search allows), a plan being best with the fewest rematches (an opponent
   from either player's last 3 ladder games) over all its tables, then the
   smallest total rating spread, then the nearest in rating order.  So a
   table does not take a rematch-free pairing that forces rematches on the
   tables after it.

Rematches are avoided where the windows allow it, never at the price of
leaving a table unformed.  Each candidate is seated at most once per round;
a member who wants several games gets one more per round until full.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Collection, Hashable, Mapping, Sequence
from dataclasses import dataclass
from itertools import combinations
from math import comb
from typing import Any

#: How many players past the N-1 nearest an anchor may look at to dodge a
#: rematch.  Larger windows avoid more rematches but seat wider spreads.
LOOKAHEAD = 4
#: How many seatings the plan behind one table may weigh: the horizon is as
#: deep as this allows, so a round costs at most about ``tables * PLAN_BUDGET``
#: seatings whatever the ladder's size.
PLAN_BUDGET = 20_000
#: The most tables planned ahead (duels could afford more, to little gain).
MAX_HORIZON = 4


@dataclass(frozen=True, slots=True)
class Candidate:
    """A ladder member with a free slot this round."""

    #: Hashable and orderable (a user id): ties are broken by it.
    key: Hashable
    rating: float
    #: Ladder games running now (fewer plays first when seats are short).
    running: int = 0
    #: When the member last got a ladder game (or joined); earlier waits longer.
    waiting_since: dt.datetime | None = None


# Keyed by Any: Mapping is invariant in its key, and callers key by user id.
_Recent = Mapping[Any, Collection[Hashable]]


def rematches(table: Sequence[Hashable], recent: Mapping[Hashable, Collection[Hashable]]) -> int:
    """Pairs at ``table`` that met in either player's recent ladder games."""
    count = 0
    for a, b in combinations(table, 2):
        if b in recent.get(a, ()) or a in recent.get(b, ()):
            count += 1
    return count


def _priority(candidate: Candidate) -> tuple:
    waiting = candidate.waiting_since
    return (
        candidate.running,
        waiting is not None,
        waiting or dt.datetime.min,
        candidate.key,
    )


def form_tables(
    candidates: Sequence[Candidate],
    size: int,
    recent: _Recent | None = None,
    *,
    lookahead: int = LOOKAHEAD,
) -> list[tuple[Hashable, ...]]:
    """Tables of ``size`` candidate keys for one round (see the module
    docstring); each table lists its keys from highest to lowest rating.

    :raises ValueError: ``size`` below 2 or a key given twice.
    """
    if size < 2:
        raise ValueError("A table needs at least 2 players.")
    if len({c.key for c in candidates}) != len(candidates):
        raise ValueError("A candidate is given twice.")
    tables_left = len(candidates) // size
    playing = sorted(candidates, key=_priority)[: tables_left * size]
    search = _PlanSearch(sorted(playing, key=lambda c: (-c.rating, c.key)), size, lookahead, recent or {})
    horizon = _horizon(size, lookahead)
    tables = []
    unseated = _Unseated((), 0)
    while tables_left:
        table, unseated = search.first_table(unseated, min(horizon, tables_left))
        tables.append(tuple(c.key for c in table))
        tables_left -= 1
    return tables


def _horizon(size: int, lookahead: int) -> int:
    """Tables planned ahead: as many as ``PLAN_BUDGET`` affords, at least one."""
    choices = comb(size - 1 + lookahead, size - 1)
    depth = 1
    while depth < MAX_HORIZON and choices ** (depth + 1) <= PLAN_BUDGET:
        depth += 1
    return depth


@dataclass(frozen=True, slots=True)
class _Unseated:
    """Who is still unseated, highest rating first: ``pending`` (passed over
    by earlier tables, all above the rest), then ``ranked[offset:]``."""

    pending: tuple[Candidate, ...]
    offset: int


class _PlanSearch:
    """Depth-first search, with pruning, for the best plan of the next few
    tables over ``ranked`` (the players of the round, highest rating first)."""

    def __init__(self, ranked: list[Candidate], size: int, lookahead: int, recent: _Recent) -> None:
        self.ranked, self.size, self.recent = ranked, size, recent
        self.reach = size + lookahead  # the anchor and its window

    def first_table(self, unseated: _Unseated, depth: int) -> tuple[tuple[Candidate, ...], _Unseated]:
        """The first table of the best ``depth``-table plan from ``unseated``,
        and who is unseated after it."""
        self.best: tuple[int, float] | None = None
        self.best_first: tuple[tuple[Candidate, ...], _Unseated] | None = None
        head = self._head(unseated)
        for rem, spread, chosen in self._seatings(head):
            if self.best is not None and (rem, spread) >= self.best:
                break  # the rest cost no less
            table, after = self._seat(head, chosen, unseated)
            if depth == 1:
                self.best, self.best_first = (rem, spread), (table, after)
            elif self._extend(after, depth - 1, (rem, spread)):
                self.best_first = (table, after)
        assert self.best_first is not None  # whole tables are left: some seating exists
        return self.best_first

    def _extend(self, unseated: _Unseated, depth: int, cost: tuple[int, float]) -> bool:
        """Look for a plan cheaper than the best so far that continues with
        ``depth`` more tables from ``unseated``; True if one was found.

        Costs only grow deeper down, so a plan no cheaper than the best is
        dropped: among equals the first found (nearest in rating order) stays.
        """
        head = self._head(unseated)
        found = False
        for rem, spread, chosen in self._seatings(head):
            total = (cost[0] + rem, cost[1] + spread)
            if self.best is not None and total >= self.best:
                break  # the rest cost no less
            if depth == 1:
                self.best = total
                return True  # seatings come cheapest first
            if self._extend(self._seat(head, chosen, unseated)[1], depth - 1, total):
                found = True
        return found

    def _head(self, unseated: _Unseated) -> tuple[Candidate, ...]:
        """The highest unseated player and its window."""
        taken = self.reach - len(unseated.pending)
        return unseated.pending + tuple(self.ranked[unseated.offset : unseated.offset + taken])

    def _seatings(self, head: tuple[Candidate, ...]) -> list[tuple[int, float, tuple[int, ...]]]:
        """``(rematches, spread, chosen)`` for every table ``head[0]`` can
        anchor with the players of ``head`` at ``chosen``, cheapest first
        (so the first plan found is a good bound)."""
        # clashes[i]: bit j set when head[i] and head[j] met recently.
        clashes = [0] * len(head)
        for i, j in combinations(range(len(head)), 2):
            if rematches((head[i].key, head[j].key), self.recent):
                clashes[i] |= 1 << j
                clashes[j] |= 1 << i
        top = head[0].rating
        seatings: list[tuple[int, float, tuple[int, ...]]] = []

        def grow(chosen: tuple[int, ...], mask: int, count: int) -> None:
            # Combinations in order, each seat adding its clashes with those
            # already chosen (shared prefixes are counted once).
            if len(chosen) == self.size:
                seatings.append((count, top - head[chosen[-1]].rating, chosen))
                return
            for i in range(chosen[-1] + 1, len(head) - self.size + len(chosen) + 1):
                grow((*chosen, i), mask | 1 << i, count + (clashes[i] & mask).bit_count())

        grow((0,), 1, 0)
        # Stable: equal costs keep the nearest-in-rating-order seating first.
        seatings.sort(key=lambda s: s[:2])
        return seatings

    def _seat(
        self, head: tuple[Candidate, ...], chosen: tuple[int, ...], unseated: _Unseated
    ) -> tuple[tuple[Candidate, ...], _Unseated]:
        """The table of ``head`` at ``chosen``, and who is unseated after it."""
        table = tuple(head[i] for i in chosen)
        left = tuple(c for i, c in enumerate(head) if i not in chosen)
        return table, _Unseated(left, unseated.offset + len(head) - len(unseated.pending))


def closest_fill(
    seated_ratings: Sequence[float],
    candidates: Sequence[Candidate],
    seats: int,
    recent: _Recent | None = None,
    seated: Sequence[Hashable] = (),
) -> list[Hashable] | None:
    """Pick ``seats`` more players for a table already holding ``seated``
    (with ``seated_ratings``): the fewest rematches with those seated, then
    nearest to their average rating.  None when there are too few."""
    if seats <= 0:
        return []
    if len(candidates) < seats:
        return None
    recent = recent or {}
    centre = sum(seated_ratings) / len(seated_ratings)

    def cost(c: Candidate) -> tuple:
        clashes = sum(1 for s in seated if s in recent.get(c.key, ()) or c.key in recent.get(s, ()))
        return (clashes, abs(c.rating - centre), _priority(c))

    return [c.key for c in sorted(candidates, key=cost)[:seats]]
