"""Forming ladder tables: pure functions over plain data, plus the
vacation hook.

``form_tables`` decides who plays whom in one matchmaking round:

1. Who plays: with M candidates and tables of N, ``M // N`` tables are
   formed.  If some candidates must sit out, those with the fewest ladder
   games running, then those waiting longest, go first.
2. Who sits together: the chosen players are sorted by rating, highest
   first.  The highest unseated player anchors a table and picks the other
   N-1 seats from the next few players by rating (a small look-ahead
   window), choosing the combination with the fewest rematches (an
   opponent from either player's last 3 ladder games), then the smallest
   rating spread, then the nearest in rating order.

Rematches are avoided where the window allows it, never at the price of
leaving a table unformed.  Each candidate is seated at most once per round;
a member who wants several games gets one more per round until full.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Collection, Hashable, Mapping, Sequence
from dataclasses import dataclass
from itertools import combinations
from typing import Any

#: How many players past the N-1 nearest an anchor may look at to dodge a
#: rematch.  Larger windows avoid more rematches but seat wider spreads.
LOOKAHEAD = 4


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
    recent = recent or {}
    tables_wanted = len(candidates) // size
    playing = sorted(candidates, key=_priority)[: tables_wanted * size]
    remaining = sorted(playing, key=lambda c: (-c.rating, c.key))
    tables = []
    while remaining:
        anchor, rest = remaining[0], remaining[1:]
        window = rest[: size - 1 + lookahead]
        best = None
        for chosen in combinations(range(len(window)), size - 1):
            seated = [anchor, *(window[i] for i in chosen)]
            keys = [c.key for c in seated]
            spread = anchor.rating - min(c.rating for c in seated)
            score = (rematches(keys, recent), spread, chosen)
            if best is None or score < best[0]:
                best = (score, chosen)
        assert best is not None  # ``remaining`` holds whole tables: the window fills one
        picked = {id(window[i]) for i in best[1]}
        tables.append((anchor.key, *(window[i].key for i in best[1])))
        remaining = [c for c in rest if id(c) not in picked]
    return tables


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
