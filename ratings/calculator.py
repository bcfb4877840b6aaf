"""Multiplayer Elo by pairwise decomposition: pure Python over plain data.

A finished table of N players is read as N(N-1)/2 head-to-head results: in
each pair the better final rank scores 1, the worse 0, a tie 0.5.  For every
opponent a player expects ``E = 1 / (1 + 10^((Rb - Ra) / 400))``, with the
rating difference capped at +-400 (FIDE's rule of 400: E stays within
0.09..0.91), and the player's change is

    sum over opponents of K_pair * (S - E),   K_pair = 2K / N,

so a 2-player game is exactly classic Elo, and the largest possible swing
grows from K (2 players) towards 2K (large tables).

K comes from the player's own record in this game kind, FIDE style: 40 for
the first 30 rated games, then 20, and 10 from the game after the rating
first reached 2400 (it stays 10 even if the rating drops again).  Reaching
2400 takes precedence over the new-player 40: the K schedule never rises.

Ratings are floats kept at full precision; only display rounds them.  The
arithmetic below is deterministic (a fixed order of operations over the
players in the order given), so replaying the same games in the same order
always gives bit-identical ratings: the incremental updates and the rebuild
go through this one function.

Nothing here knows Django, users or matches: players are any hashable keys.
"""

from __future__ import annotations

import math
from collections.abc import Hashable, Sequence
from typing import NamedTuple

START_RATING = 1500.0
PROVISIONAL_GAMES = 10
NEW_PLAYER_GAMES = 30
K_NEW = 40
K_STANDARD = 20
K_MASTER = 10
MASTER_RATING = 2400.0
DIFFERENCE_CAP = 400.0


# Value types are NamedTuples: immutable like frozen dataclasses, and several
# times cheaper to create, which matters at 16 objects per 4-player game.


class PlayerState(NamedTuple):
    """A player's standing in one game kind before (or after) a game."""

    rating: float = START_RATING
    #: Rated games already played in this game kind.
    games: int = 0
    #: True once the rating has been at 2400 or more after some game.
    reached_master: bool = False


class PairResult(NamedTuple):
    """One head-to-head result inside a table, from one player's side."""

    opponent: Hashable
    opponent_rating: float
    expected: float
    actual: float
    #: ``K_pair * (actual - expected)``.
    delta: float


class PlayerResult(NamedTuple):
    """What one game did to one player's rating, with the arithmetic."""

    player: Hashable
    old: float
    new: float
    delta: float
    k: int
    #: Sums over the opponents (the table-level expected and actual score).
    expected: float
    actual: float
    pairs: tuple[PairResult, ...]
    #: The player's state after the game.
    after: PlayerState


def k_factor(state: PlayerState) -> int:
    """K for the player's next game (see the module docstring)."""
    if state.reached_master:
        return K_MASTER
    if state.games < NEW_PLAYER_GAMES:
        return K_NEW
    return K_STANDARD


def expected_score(rating: float, opponent_rating: float) -> float:
    """Expected score against one opponent, the difference capped at 400."""
    difference = opponent_rating - rating
    if difference > DIFFERENCE_CAP:
        difference = DIFFERENCE_CAP
    elif difference < -DIFFERENCE_CAP:
        difference = -DIFFERENCE_CAP
    return 1.0 / (1.0 + 10.0 ** (difference / 400.0))


def rate_table(
    players: Sequence[tuple[Hashable, PlayerState]],
    ranking: Sequence[Sequence[Hashable]],
) -> tuple[PlayerResult, ...]:
    """Rate one finished table.

    :param players: ``(key, state before the game)`` for every player, in a
        fixed order (the caller's seat order): opponents are summed in this
        order, which is what makes replays bit-identical.
    :param ranking: groups of keys from first to last place; the keys in
        one group are tied.
    :returns: one ``PlayerResult`` per player, in the order of ``players``.
    :raises ValueError: fewer than 2 players, a key twice, or a ranking that
        does not name every player exactly once.
    """
    count = len(players)
    if count < 2:
        raise ValueError("A rated table needs at least 2 players.")
    place: dict[Hashable, int] = {}
    for position, group in enumerate(ranking):
        for key in group:
            if key in place:
                raise ValueError(f"Player {key!r} is ranked twice.")
            place[key] = position
    keys = [key for key, _ in players]
    if len(set(keys)) != count:
        raise ValueError("The same player is seated twice.")
    if set(keys) != set(place):
        raise ValueError("The ranking must name every player exactly once.")

    ratings = [state.rating for _, state in players]
    places = [place[key] for key in keys]
    results = []
    for i, (key, state) in enumerate(players):
        k = k_factor(state)
        k_pair = 2.0 * k / count
        rating, mine = ratings[i], places[i]
        pairs = []
        delta = expected_sum = actual_sum = 0.0
        for j in range(count):
            if j == i:
                continue
            theirs = places[j]
            actual = 1.0 if mine < theirs else 0.5 if mine == theirs else 0.0
            expected = expected_score(rating, ratings[j])
            change = k_pair * (actual - expected)
            pairs.append(PairResult(keys[j], ratings[j], expected, actual, change))
            delta += change
            expected_sum += expected
            actual_sum += actual
        new = rating + delta
        after = PlayerState(new, state.games + 1, state.reached_master or new >= MASTER_RATING)
        results.append(
            PlayerResult(
                key,
                rating,
                new,
                delta,
                k,
                expected_sum,
                actual_sum,
                tuple(pairs),
                after,
            )
        )
    return tuple(results)


def round_rating(value: float) -> int:
    """A rating as shown: the nearest whole number, halves rounded up."""
    return math.floor(value + 0.5)


def is_provisional(games: int) -> bool:
    """A rating is provisional for the player's first 10 rated games."""
    return games < PROVISIONAL_GAMES


def rating_display(value: float, games: int) -> str:
    """``"1534"``, or ``"1534?"`` while the rating is provisional."""
    return f"{round_rating(value)}{'?' if is_provisional(games) else ''}"
