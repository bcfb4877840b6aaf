"""Swiss pairing for multi-player tables.

:func:`swiss_table_pairing` seats the next round from the results so far:

1. Players are listed in pairing order (points, Buchholz,
   Sonneborn-Berger, then seed: ``tournaments.standings.pairing_order``);
   withdrawn players are left out.
2. Table sizes come from ``table_sizes``: ceil(n / k) tables whose sizes
   differ by at most 1, the larger ones at the top.  If the game's minimum
   leaves players over, they get a bye worth one win's points: the
   lowest-ranked among those with the fewest byes so far (a walkover win
   counts as a bye).
3. The list is cut into consecutive tables, so players on similar scores
   meet.
4. Local swaps limit repeated co-players: the cost of a seating is, over
   every table, the number of earlier games each pair at it has already
   shared.  Repeatedly, the swap of two players between *neighbouring*
   tables that lowers the cost most is made (among equal gains, the one
   between the closest-ranked players), until no such swap helps.  Swaps
   stay between neighbours so scores stay close.
5. If co-players still repeat, a depth-first search looks for a seating
   with no repeat at all (tables filled in turn, each opened by the
   highest-ranked player left and filled in standings order, so scores
   stay as close as the search allows), within a budget of
   ``SEARCH_BUDGET`` steps and for fields of up to ``SEARCH_PLAYERS``
   players (one level of search per player).  The tables are opened in
   the order of step 2 first; if that finds no seating, a second search
   (with a budget of its own) lets each opener take a table of any size
   still unopened, larger first, since with tables of different sizes
   the only rematch-free seatings may put a top player at a smaller table.
   Tables are then numbered in the order they were opened.  The seating of
   step 4 stands if neither search finds one.
6. If co-players still repeat (a larger field, or a search out of budget),
   swaps between any two tables are tried (:func:`repair`): a player of a
   repeated pair swaps with the closest-ranked player whose swap lowers
   the cost, failing that with one whose swap keeps it, up to
   ``REPAIR_STEPS`` swaps; the seating with the fewest repeats seen
   stands, after the swaps between neighbouring tables of step 4 are
   made on it again wherever they still lower the cost.  Scores at a table may then differ more than step 3 gives.

Seats: see ``common.SeatBalance`` (positions rotate as evenly as the
rounds allow).  Tables are keyed ``R<round>-T<index>``.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterable, Sequence

from ..standings import pairing_order
from ..types import GameResult, Player, PlayerId, RoundPairing, Table
from .common import SeatBalance, met, table_sizes


def swiss_table_pairing(
    players: Iterable[Player],
    results: Iterable[GameResult],
    round_number: int,
    *,
    size: int,
    min_size: int = 2,
) -> RoundPairing:
    """Seat round ``round_number`` of a multi-player Swiss.

    :param size: the chosen table size k (tables get k or fewer players).
    :param min_size: the game's minimum number of players.
    :raises ValueError: on bad sizes or a result naming an unknown player.
    """
    players = list(players)
    results = list(results)
    withdrawn = {p.id for p in players if p.withdrawn}
    order = [pid for pid in pairing_order(players, results) if pid not in withdrawn]
    rank = {pid: i for i, pid in enumerate(order)}
    sizes = table_sizes(len(order), size, min_size)
    spare = len(order) - sum(sizes)
    byes = _choose_byes(order, results, spare)
    seated = [p for p in order if p not in byes]
    groups, start = [], 0
    for table_size in sizes:
        groups.append(seated[start : start + table_size])
        start += table_size
    meetings = met(results)
    improve(groups, meetings, rank)
    if repeats(groups, meetings) and len(seated) <= SEARCH_PLAYERS:
        groups = rematch_free(seated, sizes, meetings) or groups
    if repeats(groups, meetings):
        repair(groups, meetings, rank)
        # Repair keeps the best seating its walk saw, which a swap between
        # neighbours may still better: polish it as step 4 did the cut.
        improve(groups, meetings, rank)
    balance = SeatBalance(results)
    tables = tuple(
        Table(
            round=round_number,
            key=f"R{round_number}-T{index}",
            players=balance.order(group, rank.__getitem__),
        )
        for index, group in enumerate(groups, start=1)
    )
    bye_list = sorted(byes, key=rank.__getitem__)
    return RoundPairing(
        round=round_number,
        tables=tables,
        byes=tuple(bye_list),
        results=tuple(
            GameResult.bye(round_number, p, key=f"R{round_number}-B{i}") for i, p in enumerate(bye_list, start=1)
        ),
    )


def _choose_byes(order: list[PlayerId], results: list[GameResult], count: int) -> set[PlayerId]:
    had = Counter(p for r in results for p in r.unplayed_winners)
    position = {pid: i for i, pid in enumerate(order)}
    candidates = sorted(order, key=lambda p: (had[p], -position[p]))
    return set(candidates[:count])


SEARCH_BUDGET = 20_000
SEARCH_PLAYERS = 64


def rematch_free(ordered: Sequence[PlayerId], sizes: Sequence[int], meetings: dict) -> list[list[PlayerId]] | None:
    """Tables of ``sizes`` from ``ordered`` with no earlier co-players, or
    None if the search (module doc, step 5) finds none within its budget.

    The tables are listed in the order they were opened.
    """
    in_order = _seat_without_rematch(ordered, sizes, meetings, any_size=False)
    if in_order is not None:
        return in_order
    return _seat_without_rematch(ordered, sizes, meetings, any_size=True)


def _seat_without_rematch(
    ordered: Sequence[PlayerId], sizes: Sequence[int], meetings: dict, any_size: bool
) -> list[list[PlayerId]] | None:
    """The depth-first search of :func:`rematch_free`, in one of its two
    passes: the tables opened in the order of ``sizes``, or (``any_size``)
    each opener trying every size still unopened, in that order."""
    free = [True] * len(ordered)
    unopened = list(sizes)
    tables: list[list[PlayerId]] = []
    steps = 0

    def fits(player: PlayerId, table: list[PlayerId]) -> bool:
        row = meetings.get(player, {})
        return not any(row.get(other, 0) for other in table)

    def open_next() -> bool:
        if not unopened:
            return True
        # Tables of one size are alike: trying each size once is enough.
        choices = sorted(set(unopened), key=unopened.index) if any_size else unopened[:1]
        for size in choices:
            index = unopened.index(size)
            del unopened[index]
            tables.append([])
            if fill(tables[-1], size, -1):
                return True
            tables.pop()
            unopened.insert(index, size)
        return False

    def fill(table: list[PlayerId], size: int, after: int) -> bool:
        nonlocal steps
        if len(table) == size:
            return open_next()
        if table:
            choices = [i for i in range(after + 1, len(ordered)) if free[i] and fits(ordered[i], table)]
        else:  # the highest-ranked player left opens the table
            choices = [free.index(True)]
        for i in choices:
            steps += 1
            if steps > SEARCH_BUDGET:
                return False
            free[i] = False
            table.append(ordered[i])
            if fill(table, size, i):
                return True
            table.pop()
            free[i] = True
        return False

    return tables if open_next() else None


def repeats(groups: Sequence[Sequence[PlayerId]], meetings: dict) -> int:
    """The cost of a seating: earlier games shared by pairs at a table."""
    return sum(meetings.get(a, {}).get(b, 0) for group in groups for i, a in enumerate(group) for b in group[i + 1 :])


def improve(groups: list[list[PlayerId]], meetings: dict, rank: dict[PlayerId, int]) -> None:
    """Swap players between neighbouring tables while it lowers the cost.

    Works in place.  Each swap lowers a non-negative integer cost, so the
    loop ends; each pass costs O(tables x size^3).
    """

    def seen(a: PlayerId, group: Sequence[PlayerId], skip: PlayerId) -> int:
        row = meetings.get(a)
        if not row:
            return 0
        return sum(row.get(c, 0) for c in group if c != skip)

    def best_swap(upper: list[PlayerId], lower: list[PlayerId]) -> tuple | None:
        best = None
        for x in upper:
            for y in lower:
                gain = seen(x, upper, x) + seen(y, lower, y) - seen(y, upper, x) - seen(x, lower, y)
                if gain > 0:
                    key = (-gain, abs(rank[x] - rank[y]), rank[x], rank[y])
                    if best is None or key < best[0]:
                        best = (key, x, y)
        return best

    changed = True
    while changed:
        changed = False
        for t in range(len(groups) - 1):
            upper, lower = groups[t], groups[t + 1]
            if not (_has_repeat(upper, meetings) or _has_repeat(lower, meetings)):
                continue
            found = best_swap(upper, lower)
            if found is None:
                continue
            _, x, y = found
            upper[upper.index(x)] = y
            lower[lower.index(y)] = x
            changed = True


REPAIR_STEPS = 400
REPAIR_TABU = 6


def repair(groups: list[list[PlayerId]], meetings: dict, rank: dict[PlayerId, int]) -> None:
    """Swap players between any two tables to remove the repeats left
    (module doc, step 6).  Works in place; the seating only changes for
    one with fewer repeats.

    Each step takes a player of a repeated pair (a random one, from a
    generator seeded alike every time, so a round pairs the same way
    twice) and swaps them with the player elsewhere whose swap lowers the
    cost, the closest-ranked first; failing that, with the closest-ranked
    one whose swap keeps the cost (a sideways step), leaving out the
    players moved in the last ``REPAIR_TABU`` steps so the walk does not
    undo itself.  ``REPAIR_STEPS`` steps at most, O(players x size) each.
    """
    rng = random.Random(len(rank))
    where = {pid: t for t, group in enumerate(groups) for pid in group}
    current = best = repeats(groups, meetings)
    best_seating = [list(group) for group in groups]
    moved: dict[PlayerId, int] = {}

    def shared(a: PlayerId, group: Sequence[PlayerId], skip: PlayerId) -> int:
        row = meetings.get(a)
        return sum(row.get(c, 0) for c in group if c != skip and c != a) if row else 0

    for step in range(REPAIR_STEPS):
        clashing = [a for group in groups for a in group if any(meetings.get(a, {}).get(b, 0) for b in group if b != a)]
        if not clashing:
            break
        x = clashing[rng.randrange(len(clashing))]
        home = groups[where[x]]
        choice = None
        for y, t in where.items():
            if t == where[x] or moved.get(y, -REPAIR_TABU) > step - REPAIR_TABU:
                continue
            away = groups[t]
            delta = shared(x, away, y) + shared(y, home, x) - shared(x, home, x) - shared(y, away, y)
            if delta > 0:
                continue
            key = (delta < 0, -abs(rank[x] - rank[y]), rng.random())
            if choice is None or key > choice[0]:
                choice = (key, y, delta)
        if choice is None:
            continue
        _, y, delta = choice
        tx, ty = where[x], where[y]
        groups[tx][groups[tx].index(x)] = y
        groups[ty][groups[ty].index(y)] = x
        where[x], where[y] = ty, tx
        moved[x] = moved[y] = step
        current += delta
        if current < best:
            best, best_seating = current, [list(group) for group in groups]
    groups[:] = best_seating


def _has_repeat(group: Sequence[PlayerId], meetings: dict) -> bool:
    return any(meetings.get(a, {}).get(b, 0) for i, a in enumerate(group) for b in group[i + 1 :])
