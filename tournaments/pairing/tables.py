"""Knockouts of multi-player tables: "top M of each table advance".

Two formats share this engine (as Match Play's group elimination does):

- **Single elimination with tables of more than two players**
  (:func:`table_knockout`): every round the players still in are seated at
  tables of the chosen size, the top M of each table go through, until
  the players left fit one table: the final.
- **Round robin with tables of more than two players** (:func:`group_stage`):
  groups of the table size each play one game, the top M of each group go
  to a final table.  The final may be as large as the game allows
  (``final_size``), so 12 Alhambra players in groups of 4 send 6 to the
  final.  If more qualify than one table can seat, the qualifiers play
  another group round first.

Each round is paired from the results of the rounds before; call
:func:`table_knockout` once every game of a round is finished (the caller
knows the round's games, this function only sees results).

Choices the formats' usual rules leave open, made here:

- Every round is re-seeded by original seed, and players are dealt to the
  tables in serpentine order (seeds 1..t to tables 1..t, then back), so
  each table gets a fair mix.  Sizes differ by at most 1 (``table_sizes``).
- If that seating puts players together who met before, it is changed to
  the closest one with the fewest repeat opponents a search finds (none
  whenever the search finds a seating without; ``reseat.py``).
- At most size - 1 players go through from any table, so every table
  knocks somebody out (a table of 3 with M = 3 sends 2).
- Ties at the cut: the game's own tie-break (already in the ranking), then
  the higher seed; forfeited players come last.
- If the game's minimum table size leaves players over, the top seeds get
  the byes (recorded as one-player results, so the next round knows them).
- Withdrawn players are not seated in later rounds; a withdrawal in the
  middle of a game is whatever result the game records.
- Placings: the final table's order, then players knocked out in later
  rounds above earlier ones, and within a round by their place at their
  table (players with the same place at different tables share a rank).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from ..types import GameResult, Player, PlayerId, RoundPairing, Table
from .bracket import placements
from .common import SeatBalance, by_seed, met, rounds_of, snake, table_sizes
from .reseat import reseat


@dataclass(frozen=True)
class Knockout:
    """Where a table knockout stands.

    ``next_round`` is the pairing to create now (None when finished).
    ``placements`` is filled once the final has been played.
    """

    next_round: RoundPairing | None
    finished: bool
    champion: PlayerId | None
    placements: tuple[tuple[int, PlayerId], ...]


def table_knockout(
    players: Iterable[Player],
    results: Iterable[GameResult],
    *,
    size: int,
    advance: int,
    final_size: int | None = None,
    min_size: int = 2,
) -> Knockout:
    """The next round of a table knockout, or its final placings.

    :param size: players per table (within the game's range).
    :param advance: how many go through from each table (M >= 1).
    :param final_size: the most players at the final table; ``size``
        unless given.
    :param min_size: the game's minimum number of players.
    :raises ValueError: on bad sizes or a result naming an unknown player.
    """
    final_size = size if final_size is None else final_size
    if advance < 1 or final_size < size or min_size < 1 or size < max(2, min_size):
        raise ValueError(
            f"bad knockout settings size={size} advance={advance} final_size={final_size} min_size={min_size}"
        )
    players = list(players)
    seed_of = {p.id: p.seed for p in players}
    results = list(results)
    for result in results:
        unknown = set(result.table) - set(seed_of)
        if unknown:
            raise ValueError(f"result names unknown players {sorted(unknown)}")
    withdrawn = {p.id for p in players if p.withdrawn}
    field = [p.id for p in by_seed(players) if not p.withdrawn]
    exits: dict[PlayerId, tuple[int, int]] = {}
    last_round = 0
    for number, played in rounds_of(results).items():
        last_round = number
        entrants = {p for r in played for p in r.table}
        if len(entrants) <= final_size and len(played) == 1 and not played[0].is_bye:
            order = played[0].order(seed_of)
            for position, player in enumerate(order):
                exits[player] = (number, position)
            stages = {p: r * (final_size + 1) - pos for p, (r, pos) in exits.items()}
            return Knockout(
                next_round=None,
                finished=True,
                champion=order[0],
                placements=placements(stages, players),
            )
        field = []
        for result in played:
            order = result.order(seed_of)
            through = 1 if result.is_bye else min(advance, len(order) - 1)
            field.extend(order[:through])
            for position, player in enumerate(order):
                exits[player] = (number, position)
        field = sorted((p for p in field if p not in withdrawn), key=seed_of.__getitem__)

    number = last_round + 1
    if len(field) < max(2, min_size):
        # Nobody left to play: the best remaining seed wins outright.
        champion = field[0] if field else None
        for position, player in enumerate(field):
            exits[player] = (number, position)
        stages = {p: r * (final_size + 1) - pos for p, (r, pos) in exits.items()}
        return Knockout(None, True, champion, placements(stages, players))

    balance = SeatBalance(results)
    if len(field) <= final_size:
        groups, byes = [field], []
    else:
        sizes = table_sizes(len(field), size, min_size)
        spare = len(field) - sum(sizes)
        byes, seated = field[:spare], field[spare:]
        rank = {p: i for i, p in enumerate(seated)}
        groups = reseat(snake(seated, sizes), met(results), rank)
    tables = tuple(
        Table(
            round=number,
            key=f"R{number}-T{index}",
            players=balance.order(group, seed_of.__getitem__),
        )
        for index, group in enumerate(groups, start=1)
    )
    pairing = RoundPairing(
        round=number,
        tables=tables,
        byes=tuple(byes),
        results=tuple(GameResult.bye(number, p, key=f"R{number}-B{i}") for i, p in enumerate(byes, start=1)),
    )
    return Knockout(next_round=pairing, finished=False, champion=None, placements=())


def group_stage(
    players: Iterable[Player],
    results: Iterable[GameResult],
    *,
    size: int,
    advance: int,
    final_size: int,
    min_size: int = 2,
) -> Knockout:
    """Multi-player round robin: groups, then the top ``advance`` to a final.

    The same engine as :func:`table_knockout` with a final table of up to
    ``final_size`` players (the game's maximum).
    """
    return table_knockout(
        players,
        results,
        size=size,
        advance=advance,
        final_size=final_size,
        min_size=min_size,
    )
