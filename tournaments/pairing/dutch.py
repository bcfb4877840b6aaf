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
   (the completion criterion), so the steps below never dead-end.
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

   Steps 4-6 give the bracket's pairing when it is as good as the bracket
   allows; otherwise the other choices of those steps (another resident,
   another floater, a later transposition or exchange) are searched, in
   that order, for the first pairing that is best by C.04.3's quality
   criteria: fewest floaters, then colours (fewest colour differences past
   +-2 and colours three times running, then fewest unmet colour
   preferences, then fewest unmet strong ones), then fewest repeated
   floats (``dutch_bracket.py``).
7. If no pairing (after the bye) avoids every rematch and colour clash,
   clashes are allowed
   (each player still tries the partners it does not clash with first); if
   rematches are still needed the round is paired by Monrad (``swiss.py``),
   which keeps them as few as possible.

Seats follow the colour rules (``colours.allocate``).  Not implemented from
C.04.3: the criteria on the score differences of floaters and on the next
bracket (C.6, C.7), the float criteria beyond the last round's downfloats
(C.13-C.19), the topscorers' exceptions, and a bye chosen for the colours
it leaves (step 2 chooses it first).  Among equally good pairings, the
order above decides (a floater is chosen before S1 meets S2, where FIDE
floats whoever the first good transposition leaves over).

Tables are keyed ``R<round>-T<board>``, board 1 being the top pair.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from functools import partial

from ..standings import scores
from ..types import GameResult, Player, PlayerId, RoundPairing, Table
from .colours import STRONG, allocate, clash, colour_history, preference, shortfall
from .common import met
from .dutch_bracket import BracketSearch, Wish
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
    search = partial(
        BracketSearch,
        matching,
        adjacent,
        lambda u, v: not clash(prefs[u], prefs[v]),
        _colour_costs(order, history, rank, seed),
        [Wish(p.colour, p.strength >= STRONG) for p in prefs],
        {i for i, pid in enumerate(order) if pid in floated},
    )
    pairs = _Brackets(order, points, matching, search).pair()
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


def _colour_costs(order, history, rank, seed) -> Callable[[int, int], tuple[int, int, int, int]]:
    """``colours.shortfall`` of two players given by index, cached: a
    bracket's search weighs the same pair many times."""
    costs: dict[tuple[int, int], tuple[int, int, int, int]] = {}

    def cost(u: int, v: int) -> tuple[int, int, int, int]:
        pair = (u, v) if u < v else (v, u)
        if pair not in costs:
            costs[pair] = shortfall(order[u], order[v], history, rank, seed)
        return costs[pair]

    return cost


class _Brackets:
    """The bracket-by-bracket pairing from the top (module doc, steps 4-6)."""

    def __init__(self, order, points, matching: Matching, search: Callable[..., BracketSearch]) -> None:
        self.matching = matching
        self.search = search
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
            last = index == len(self.groups) - 1
            pairs, down = self.search(down=down, residents=residents, last=last).run()
            self.pairs += pairs
        # The oracle kept a perfect matching of whoever is left: use it.
        for v in down:
            if self.matching.alive[v]:
                mate = self.matching.mate[v]
                self.matching.remove(v, mate)
                self.pairs.append((min(v, mate), max(v, mate)))
        return self.pairs


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
