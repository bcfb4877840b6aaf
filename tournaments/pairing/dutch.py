"""Swiss pairing for two-player games by the Dutch system's principles.

:func:`dutch_pairing` pairs the next round (FIDE C.04.3, simplified where
said):

1. Players (withdrawn ones left out) are ranked by points, then pairing
   number (``Player.seed``).  Players on the same points form a *score
   bracket*; brackets are paired from the top down.
2. With an odd number of players the bye (one win's points) goes to the
   lowest-ranked player among those with the fewest byes so far, as far up
   as needed for everybody else to be paired (``swiss.choose_bye``).
3. The absolute criteria hold throughout: no rematch, and no pairing of two
   players with the same absolute colour preference (``colours.clash``).
   Every pairing made is checked with an exact matching oracle
   (``matching.py``): the players still unpaired must all remain pairable
   (the completion criterion), so the greedy steps below never dead-end.
4. A bracket first pairs the players floated down from above (downfloaters,
   highest first) each with the highest resident they may meet.
5. If an odd number of residents remain, the lowest-ranked one who did not
   float down last round floats down (the bye counts as a float).
6. The rest is split into S1 (top half) and S2 (bottom half), and S1[i]
   meets S2[i].  When a pairing is not allowed, S1[i] takes the next S2
   player (a transposition; S2 in order, so the first valid one is the
   lexicographically smallest, as C.04.3 orders transpositions), then the
   lowest S1 players below it (an exchange).  A player who finds nobody in
   the bracket floats down, as do S2 players left over who cannot be paired
   among themselves.
7. If no pairing (after the bye) avoids every rematch and colour clash,
   clashes are allowed
   (each player still tries the partners it does not clash with first); if
   rematches are still needed the round is paired by Monrad (``swiss.py``),
   which keeps them as few as possible.

Seats follow the colour rules (``colours.allocate``).  Not implemented from
C.04.3: the quality criteria that weigh colour preferences and float
histories against each other (only the choice of the odd bracket's
downfloater looks at floats), and the topscorers' exceptions.

Tables are keyed ``R<round>-T<board>``, board 1 being the top pair.
"""

from __future__ import annotations

from collections.abc import Iterable

from ..standings import scores
from ..types import GameResult, Player, PlayerId, RoundPairing, Table
from .colours import allocate, clash, colour_history, preference
from .common import met
from .matching import Matching
from .swiss import choose_bye, swiss_pairing


def dutch_pairing(players: Iterable[Player], results: Iterable[GameResult], round_number: int) -> RoundPairing:
    """Pair round ``round_number`` of a two-player Swiss (module doc).

    :param players: every registered player (withdrawn ones are skipped).
    :param results: every result so far, byes and forfeits included.
    :raises ValueError: when a result names an unknown player.
    """
    players = list(players)
    results = list(results)
    points = scores(players, results)
    seed = {p.id: p.seed for p in players}
    order = sorted(
        (p.id for p in players if not p.withdrawn),
        key=lambda pid: (-points[pid], seed[pid], pid),
    )
    rank = {pid: i for i, pid in enumerate(order)}
    history = colour_history(results)
    prefs = [preference(history.get(pid, ())) for pid in order]
    opponents = met(results)
    fresh = [opponents[pid] for pid in order]

    def allowed(u: int, v: int) -> bool:
        return u != v and order[v] not in fresh[u] and not clash(prefs[u], prefs[v])

    def unmet(u: int, v: int) -> bool:
        return u != v and order[v] not in fresh[u]

    for adjacent in (allowed, unmet):
        adj = [[v for v in range(len(order)) if adjacent(u, v)] for u in range(len(order))]
        matching = Matching(adj, adjacent=adjacent)
        if matching.size == len(order) // 2:
            break
    else:
        return swiss_pairing(players, results, round_number)

    byes: list[GameResult] = []
    if len(order) % 2:
        bye = choose_bye(order, results, matching)
        matching.remove(bye)
        if matching.size < matching.alive_count // 2:
            # Nobody's bye leaves a pairing without rematches (step 7).
            return swiss_pairing(players, results, round_number)
        byes.append(GameResult.bye(round_number, order[bye], key=f"R{round_number}-B1"))

    floated = _floated_down(players, results, round_number - 1)

    def preferred(u: int, v: int) -> bool:
        return not clash(prefs[u], prefs[v])

    pairs = _Brackets(order, points, adjacent, matching, floated, preferred).pair()
    tables = tuple(
        Table(
            round=round_number,
            key=f"R{round_number}-T{board}",
            players=allocate(order[a], order[b], history, rank, seed),
        )
        for board, (a, b) in enumerate(sorted(pairs), start=1)
    )
    return RoundPairing(
        round=round_number,
        tables=tables,
        byes=tuple(r.table[0] for r in byes),
        results=tuple(byes),
    )


class _Brackets:
    """The greedy bracket-by-bracket pairing (module doc, steps 4-6)."""

    def __init__(self, order, points, adjacent, matching: Matching, floated, preferred) -> None:
        self.order = order
        self.adjacent = adjacent
        self.preferred = preferred
        self.matching = matching
        self.floated = {i for i, pid in enumerate(order) if pid in floated}
        self.pairs: list[tuple[int, int]] = []
        self.groups: list[list[int]] = []
        for v, pid in enumerate(order):
            if not matching.alive[v]:
                continue
            if self.groups and points[order[self.groups[-1][0]]] == points[pid]:
                self.groups[-1].append(v)
            else:
                self.groups.append([v])

    def pair(self) -> list[tuple[int, int]]:
        down: list[int] = []
        for index, residents in enumerate(self.groups):
            down = self._bracket(down, residents, last=index == len(self.groups) - 1)
        # The oracle kept a perfect matching of whoever is left: use it.
        for v in down:
            if self.matching.alive[v]:
                self._take(v, self.matching.mate[v])
        return self.pairs

    def _bracket(self, down: list[int], residents: list[int], last: bool) -> list[int]:
        left: list[int] = []
        free = list(residents)
        for m in down:  # step 4
            partner = self._first(m, free)
            if partner is None:
                left.append(m)
            else:
                free.remove(partner)
        if len(free) % 2 and not last:  # step 5
            floater = next((v for v in reversed(free) if v not in self.floated), free[-1])
            free.remove(floater)
            left.append(floater)
        half = len(free) // 2
        s1, s2 = free[:half], free[half:]
        for i, v in enumerate(s1):  # step 6
            if not self.matching.alive[v]:
                continue
            others = [u for u in s2 if self.matching.alive[u]]
            others += [u for u in reversed(s1[i + 1 :]) if self.matching.alive[u]]
            if self._first(v, others) is None:
                left.append(v)
        rest = [u for u in s2 if self.matching.alive[u]]
        for i, v in enumerate(rest):
            if self.matching.alive[v] and self._first(v, rest[i + 1 :]) is None:
                left.append(v)
        return sorted(v for v in left if self.matching.alive[v])

    def _first(self, v: int, candidates: list[int]) -> int | None:
        """Pair ``v`` with the first of ``candidates`` it may meet, those it
        does not clash with in colour first; the partner, or None."""
        ordered = [u for u in candidates if self.preferred(v, u)]
        ordered += [u for u in candidates if not self.preferred(v, u)]
        return next((u for u in ordered if self._try(v, u)), None)

    def _try(self, a: int, b: int) -> bool:
        """Pair ``a`` and ``b`` if allowed and the rest stays pairable."""
        matching = self.matching
        if not (matching.alive[a] and matching.alive[b] and self.adjacent(a, b)):
            return False
        if matching.mate[a] == b:
            self._take(a, b)
            return True
        saved = matching.snapshot()
        matching.remove(a, b)
        if matching.size == matching.alive_count // 2:
            self.pairs.append((min(a, b), max(a, b)))
            return True
        matching.restore(saved)
        return False

    def _take(self, a: int, b: int) -> None:
        self.matching.remove(a, b)
        self.pairs.append((min(a, b), max(a, b)))


def _floated_down(players: list[Player], results: list[GameResult], round_number: int) -> set[PlayerId]:
    """Who floated down in ``round_number``: met a player on fewer points
    (as the scores stood before that round) or had a bye."""
    if round_number < 1:
        return set()
    before = scores(players, [r for r in results if r.round < round_number])
    floated: set[PlayerId] = set()
    for result in results:
        if result.round != round_number:
            continue
        if result.is_bye and not result.half_point:
            floated.update(result.table)
        elif len(result.table) == 2 and not result.forfeited:
            a, b = result.table
            if before[a] != before[b]:
                floated.add(a if before[a] > before[b] else b)
    return floated
