"""Round robin for two-player games: Berger tables.

:func:`round_robin_round` gives the games of one round; the whole schedule
is fixed when the tournament starts, so it depends only on the registered
players and the round number.  Multi-player round robins ("groups of table
size, each group plays one game, the top M go to a final table") are a
knockout of tables with a larger final and live in ``tables.py``
(:func:`tournaments.pairing.tables.group_stage`).

- Berger numbers are the seeding positions (1 = top seed), not a draw.
  With an odd number of players a phantom player n + 1 is added; whoever
  meets it rests that round (no game, no points).
- The tables are FIDE's Berger tables (C.05 Annex 1): in round r the
  players i, j < n with i + j = r + 1 (mod n - 1) meet, and each meets n
  when 2i = r + 1 (mod n - 1); player n moves first in even rounds.  The
  first player of each game is the one listed first ("white").  The
  games are on boards 1, 2, ... in the table's order; a rest has no board.
- Double round robin: the second cycle repeats the first with the first
  player swapped.  So that nobody moves first (or second) three times in a
  row across the two cycles, the last two rounds of the first cycle are
  played in reverse order (FIDE's advice), while the second cycle keeps the
  original order; with 4 players FIDE's version (second cycle in the same
  swapped order) would still give three in a row.
- A withdrawn player's remaining games are forfeits: the round returns them
  as results to record (``RoundPairing.results``) instead of tables; the
  opponent scores a win.  Their games already played stay as they were.
"""

from __future__ import annotations

from collections.abc import Iterable

from ..types import GameResult, Player, PlayerId, RoundPairing, Table
from .common import by_seed


def berger_table(players: int) -> list[list[tuple[int, int]]]:
    """Berger rounds for numbers 1..``players`` (padded to even).

    Each game is (first player, second player).
    """
    n = players + players % 2
    half, cycle = n // 2, n - 1
    rounds = []
    for r in range(1, n):
        shift = (r - 1) * half
        other = shift % cycle + 1
        games = [(n, other) if r % 2 == 0 else (other, n)]
        for board in range(2, half + 1):
            first = (board - 1 + shift) % cycle + 1
            second = (n - board + shift) % cycle + 1
            games.append((first, second))
        rounds.append(games)
    return rounds


def round_robin_rounds(players: int, double: bool = False) -> int:
    """How many rounds a round robin of ``players`` players takes."""
    if players < 2:
        return 0
    single = players - 1 + players % 2
    return 2 * single if double else single


def round_robin_schedule(
    players: Iterable[Player], double: bool = False
) -> list[list[tuple[PlayerId | None, PlayerId | None]]]:
    """Every round's games as (first player, second player); None is a rest."""
    ids: list[PlayerId | None] = [p.id for p in by_seed(players)]
    if len(ids) < 2:
        return []
    if len(ids) % 2:
        ids.append(None)
    rounds = berger_table(len(ids))
    if not double:
        return [[(ids[a - 1], ids[b - 1]) for a, b in games] for games in rounds]
    first = rounds[:-2] + rounds[-2:][::-1] if len(rounds) >= 2 else rounds
    second = [[(b, a) for a, b in games] for games in rounds]
    return [[(ids[a - 1], ids[b - 1]) for a, b in games] for games in first + second]


def round_robin_round(players: Iterable[Player], round_number: int, double: bool = False) -> RoundPairing:
    """The games of round ``round_number`` (1-based).

    :param players: every registered player, withdrawn ones included (the
        schedule never changes once it has started).
    :raises ValueError: when the round does not exist.
    """
    players = list(players)
    schedule = round_robin_schedule(players, double)
    if not 1 <= round_number <= len(schedule):
        raise ValueError(f"round {round_number} is not in 1..{len(schedule)}")
    withdrawn = {p.id for p in players if p.withdrawn}
    tables: list[Table] = []
    rests: list[PlayerId] = []
    forfeits: list[GameResult] = []
    # Boards are numbered over the games only: an odd field's rest (the
    # pairing with the phantom, first in Berger's table) has no board.
    board = 0
    for a, b in schedule[round_number - 1]:
        if a is None or b is None:
            rests.extend(p for p in (a, b) if p is not None)
            continue
        board += 1
        key = f"R{round_number}-T{board}"
        gone = [p for p in (a, b) if p in withdrawn]
        if gone:
            forfeits.append(GameResult.forfeit(round_number, (a, b), gone, key=key))
        else:
            tables.append(Table(round=round_number, key=key, players=(a, b)))
    return RoundPairing(
        round=round_number,
        tables=tuple(tables),
        byes=tuple(rests),
        results=tuple(forfeits),
    )
