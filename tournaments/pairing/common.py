"""Helpers every pairing format shares: table sizes, seats, history.

Choices the formats' usual rules leave open, made here:

- **Table sizes.**  With n players and a chosen table size k there are
  t = ceil(n / k) tables whose sizes differ by at most 1, the larger tables
  first (for example Alhambra with 14 players at k = 4 plays 4+4+3+3).
  If that would make a table smaller than the game's minimum (``min_size``,
  2 unless the game needs more), there are fewer tables and the players left
  over get a bye; so at k = 2 an odd player out gets the bye, as usual.
- **Seat order** (who moves first) at tables of more than two
  (:class:`SeatBalance`): each player's seat positions are kept as even as
  the rounds allow.  The table takes, of all its seat orders, the one that
  puts players least often where they have sat before (the sum, over the
  table, of how many times each player already had that position), then the
  one closest to the order of earliness: players who have moved early less
  often sit earlier (each past game gives a player (N - 1 - seat) / (N - 1),
  1 for the first seat and 0 for the last), then the previous game's share
  (a player who was last time later moves earlier when otherwise level),
  then rank.  Two-player games follow their format's rule instead: FIDE's
  colour rules in a Swiss (``colours.py``), the Berger colours in a round
  robin, :func:`knockout_seats` in a bracket.
- **Positions** are seats as the table's size sees them (:func:`position`):
  counted from the nearer end, so the first seat is the same position at
  every table, and so is the last (the second, the second-to-last, ...).
  When a Swiss mixes tables of 3 and 2, a player who was last at a 3 is
  not put last again at a 2, though the 2's last seat has index 1, the 3's
  middle one.  The middle seat of an odd table counts from the front.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Callable, Iterable, Sequence
from fractions import Fraction
from itertools import permutations

from ..types import GameResult, Player, PlayerId
from .colours import FIRST, SECOND, colour_history


def table_sizes(players: int, size: int, min_size: int = 2) -> list[int]:
    """Sizes of the tables for ``players`` players, largest first.

    The players beyond ``sum(result)`` sit out (bye).  Sizes differ by at
    most 1 and none is above ``size`` or below ``min_size``.

    :raises ValueError: unless 1 <= min_size <= size.
    """
    if not 1 <= min_size <= size:
        raise ValueError(f"need 1 <= min_size ({min_size}) <= size ({size})")
    if players < min_size:
        return []
    tables = -(-players // size)
    while players // tables < min_size:
        tables -= 1
    seated = min(players, tables * size)
    base, extra = divmod(seated, tables)
    return [base + 1] * extra + [base] * (tables - extra)


class SeatBalance:
    """How often each player moved early so far (see the module docstring).

    Built once per pairing from every earlier result (forfeits and byes are
    not games and do not count), then asked for each new table.
    """

    def __init__(self, history: Iterable[GameResult]) -> None:
        self.total: dict[PlayerId, Fraction] = defaultdict(Fraction)
        self.last: dict[PlayerId, tuple[int, Fraction]] = {}
        # How often each player sat at each position (:func:`position`).
        self.positions: dict[PlayerId, dict[int, int]] = defaultdict(lambda: defaultdict(int))
        for result in history:
            size = len(result.table)
            if size < 2 or result.forfeited:
                continue
            for seat, player in enumerate(result.table):
                share = Fraction(size - 1 - seat, size - 1)
                self.total[player] += share
                self.positions[player][position(seat, size)] += 1
                if player not in self.last or self.last[player][0] < result.round:
                    self.last[player] = (result.round, share)

    def order(self, table: Iterable[PlayerId], rank: Callable[[PlayerId], object]) -> tuple[PlayerId, ...]:
        """The players of ``table`` in seat order; ``rank`` is the last key.

        Tables of up to 6 try every seat order (720 at most).
        """
        no_game = (0, Fraction(0))
        earliness = sorted(table, key=lambda p: (self.total[p], self.last.get(p, no_game)[1], rank(p)))
        if len(earliness) > 6:
            return tuple(earliness)
        place = {p: i for i, p in enumerate(earliness)}

        def cost(seating: tuple[PlayerId, ...]) -> tuple[int, tuple[int, ...]]:
            size = len(seating)
            repeats = sum(self.positions[p][position(seat, size)] for seat, p in enumerate(seating))
            return repeats, tuple(place[p] for p in seating)

        return min(permutations(earliness), key=cost)


def position(seat: int, size: int) -> int:
    """Seat ``seat`` (0-based) of a table of ``size`` as a position that
    means the same at every table size: 0, 1, ... counted from the front
    for the front half (the middle seat of an odd table included), -1, -2,
    ... counted from the back for the rest (-1 is always the last seat).
    """
    from_back = size - seat
    return seat if seat < from_back else -from_back


def knockout_seats(
    pair: Sequence[PlayerId],
    results: Iterable[GameResult],
    seed_of: dict[PlayerId, int],
    round_number: int,
) -> tuple[PlayerId, ...]:
    """Seat order of a two-player knockout game: first moves alternate.

    Of the two seat orders the game takes the one that

    1. breaks fewer of the limits a Swiss keeps (``colours.py``): nobody
       sits in the same seat three times running or moves first two games
       more (or fewer) than second;
    2. then lets more players sit where they did not sit in their last
       game: one who was second moves first against one who was first, and
       against a player with no game yet (a first-round bye), whose seat
       the round would otherwise decide;
    3. then the higher seed moves first in odd rounds and the lower seed in
       even ones (round 1, or both last sat alike).

    Tables of other sizes keep the order given.
    """
    if len(pair) != 2:
        return tuple(pair)
    mine = set(pair)
    history = colour_history(r for r in results if mine & set(r.table))
    high, low = sorted(pair, key=seed_of.__getitem__)
    by_round = (high, low) if round_number % 2 else (low, high)
    # ``min`` keeps the first of equals: the round's order.
    return min((by_round, by_round[::-1]), key=lambda order: _seat_cost(order, history))


def _seat_cost(order: tuple[PlayerId, PlayerId], history: dict[PlayerId, list[int]]) -> tuple[int, int]:
    """(limits broken, players repeating their last seat) for ``order``."""
    broken = repeats = 0
    for player, colour in zip(order, (FIRST, SECOND), strict=True):
        past = history.get(player, [])
        broken += abs(sum(past) + colour) > 2
        broken += past[-2:] == [colour, colour]
        repeats += past[-1:] == [colour]
    return broken, repeats


def by_seed(players: Iterable[Player]) -> list[Player]:
    """Players sorted by seed (ties, which should not happen, by id)."""
    return sorted(players, key=lambda p: (p.seed, p.id))


def met(results: Iterable[GameResult]) -> dict[PlayerId, dict[PlayerId, int]]:
    """How many times each pair of players sat at a played table together.

    Forfeits do not count: the players never met over the board.
    """
    count: dict[PlayerId, dict[PlayerId, int]] = defaultdict(lambda: defaultdict(int))
    for result in results:
        present = result.played
        if len(present) < 2:
            continue
        for a in present:
            for b in present:
                if a != b:
                    count[a][b] += 1
    return count


def rounds_of(results: Iterable[GameResult]) -> dict[int, list[GameResult]]:
    """Results grouped by round number, rounds in increasing order."""
    grouped: dict[int, list[GameResult]] = defaultdict(list)
    for result in results:
        grouped[result.round].append(result)
    return dict(sorted(grouped.items()))


def snake(ordered: Sequence[PlayerId], sizes: Sequence[int]) -> list[list[PlayerId]]:
    """Deal ``ordered`` players to tables of ``sizes`` in serpentine order.

    Seeds 1..t go to tables 1..t, seeds t+1..2t back from table t to 1, and
    so on, skipping full tables: every table gets a fair mix of strong and
    weak players (Match Play's group seeding, brackets-manager's
    ``groups.seed_optimized``).
    """
    tables: list[list[PlayerId]] = [[] for _ in sizes]
    order = list(range(len(sizes)))
    pending = iter(ordered[: sum(sizes)])
    left = sum(sizes)
    forward = True
    while left:
        for index in order if forward else reversed(order):
            if left and len(tables[index]) < sizes[index]:
                tables[index].append(next(pending))
                left -= 1
        forward = not forward
    return tables
