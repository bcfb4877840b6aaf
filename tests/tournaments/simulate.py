"""Helpers for tournament tests: players, random game results, brute force.

Everything is seeded so a failing hypothesis example replays exactly.
"""

from __future__ import annotations

import random
from collections.abc import Collection, Sequence

from tournaments.types import GameResult, Player, Table


def field(count: int, withdrawn: Sequence[int] = ()) -> list[Player]:
    """Players 1..count, seed = id, rating falling with the seed."""
    return [Player(id=i, seed=i, rating=2000 - 10 * i, withdrawn=i in withdrawn) for i in range(1, count + 1)]


def game(round: int, table: Sequence[int], *ranking: Sequence[int], forfeited: Collection[int] = ()) -> GameResult:
    """A result of ``table`` in ``round``: ``ranking`` lists the places,
    each a group of players (a shared place); ``forfeited`` lost unplayed."""
    return GameResult(
        round=round,
        table=tuple(table),
        ranking=tuple(tuple(g) for g in ranking),
        forfeited=frozenset(forfeited),
    )


def random_result(rng: random.Random, table: Table, ties: float = 0.1) -> GameResult:
    """A random finishing order for ``table``, with some shared places."""
    order = list(table.players)
    rng.shuffle(order)
    groups: list[list[int]] = []
    for player in order:
        if groups and rng.random() < ties:
            groups[-1].append(player)
        else:
            groups.append([player])
    return GameResult(
        round=table.round,
        table=table.players,
        ranking=tuple(tuple(g) for g in groups),
        key=table.key,
    )


def win(table: Table, winner: int) -> GameResult:
    """``winner`` beats the others at ``table`` (who share second place)."""
    rest = tuple(p for p in table.players if p != winner)
    return GameResult(round=table.round, table=table.players, ranking=((winner,), rest), key=table.key)


def pairings(players: Sequence[int]):
    """Every way to split ``players`` (an even number) into pairs."""
    if not players:
        yield []
        return
    first, rest = players[0], players[1:]
    for index, partner in enumerate(rest):
        for more in pairings(rest[:index] + rest[index + 1 :]):
            yield [(first, partner), *more]


def fewest_rematches(players: Sequence[int], met: Collection[frozenset[int]]) -> int:
    """Brute force: the fewest rematches any pairing of ``players`` needs."""
    return min(sum(frozenset(pair) in met for pair in pairing) for pairing in pairings(list(players)))
