"""Who moves first in a two-player game: FIDE's colour rules.

"White" is the first seat (the player who moves first), "black" the second.
A player's colour history is the list of their played two-player games in
round order, +1 for first and -1 for second; forfeits and byes are not
games and do not count.

Preferences (FIDE C.04.1 and C.04.3, A.6), from the colour difference CD
(games first minus games second):

- *absolute*: |CD| > 1, or the same colour in the last two games: the
  other colour;
- *strong*: |CD| = 1: the colour played less;
- *mild*: CD = 0: the other colour than in the last game;
- none before the first game.

:func:`allocate` gives the two players of a pairing their seats by the
Dutch system's rules (C.04.3 E.1-E.5): grant both preferences; else the
stronger one (both absolute: the wider colour difference); else alternate
from the most recent game in which they had different colours; else the
higher-ranked player's preference; else the higher-ranked player moves
first when their pairing number is odd.  Pairings never join two players
with the same absolute preference where it can be avoided (:func:`clash`),
so nobody moves first (or second) three times running or is more than two
games ahead.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass

from ..types import GameResult, PlayerId

FIRST, SECOND = 1, -1
NONE, MILD, STRONG, ABSOLUTE = 0, 1, 2, 3


@dataclass(frozen=True)
class Preference:
    colour: int  # FIRST, SECOND, or 0 for none
    strength: int  # NONE .. ABSOLUTE
    difference: int  # CD


def colour_history(results: Iterable[GameResult]) -> dict[PlayerId, list[int]]:
    """Every player's first (+1) / second (-1) seats, in round order."""
    games = sorted(
        (r for r in results if len(r.table) == 2 and not r.forfeited),
        key=lambda r: r.round,
    )
    history: dict[PlayerId, list[int]] = defaultdict(list)
    for result in games:
        first, second = result.table
        history[first].append(FIRST)
        history[second].append(SECOND)
    return history


def preference(history: Sequence[int]) -> Preference:
    """The colour preference of a player with ``history`` (module doc)."""
    if not history:
        return Preference(0, NONE, 0)
    difference = sum(history)
    if abs(difference) > 1 or (len(history) >= 2 and history[-1] == history[-2]):
        colour = -1 if difference > 1 else 1 if difference < -1 else -history[-1]
        return Preference(colour, ABSOLUTE, difference)
    if difference:
        return Preference(-difference, STRONG, difference)
    return Preference(-history[-1], MILD, difference)


def clash(a: Preference, b: Preference) -> bool:
    """Both players must have the same colour: they should not meet."""
    return a.strength == b.strength == ABSOLUTE and a.colour == b.colour


def allocate(
    a: PlayerId,
    b: PlayerId,
    history: Mapping[PlayerId, Sequence[int]],
    rank: Mapping[PlayerId, int],
    number: Mapping[PlayerId, int],
) -> tuple[PlayerId, PlayerId]:
    """``(first, second)`` for a pairing of ``a`` and ``b`` (module doc).

    ``rank`` orders the players (lower is higher-ranked: more points, then
    the better pairing number); ``number`` is the pairing number (seed).
    """
    high, low = sorted((a, b), key=rank.__getitem__)
    ph, pl = preference(history.get(high, ())), preference(history.get(low, ()))
    colour = _high_colour(history.get(high, ()), history.get(low, ()), ph, pl)
    if colour is None:
        colour = FIRST if number[high] % 2 else SECOND
    return (high, low) if colour == FIRST else (low, high)


def shortfall(
    a: PlayerId,
    b: PlayerId,
    history: Mapping[PlayerId, Sequence[int]],
    rank: Mapping[PlayerId, int],
    number: Mapping[PlayerId, int],
) -> tuple[int, int, int, int]:
    """What the pairing of ``a`` and ``b`` costs in colours, seated by
    :func:`allocate`, as the Dutch system's quality criteria count it: the
    players whose colour difference passes +2 or -2, who get the same colour
    three times running, who do not get their colour preference, and who do
    not get a strong or absolute one (C.04.3 C.8-C.11, 2017 numbering)."""
    beyond = running = unmet = strong = 0
    for player, colour in zip(allocate(a, b, history, rank, number), (FIRST, SECOND), strict=True):
        past = history.get(player, ())
        wanted = preference(past)
        beyond += abs(wanted.difference + colour) > 2
        running += len(past) >= 2 and past[-1] == past[-2] == colour
        if wanted.colour and wanted.colour != colour:
            unmet += 1
            strong += wanted.strength >= STRONG
    return beyond, running, unmet, strong


def _high_colour(hh: Sequence[int], hl: Sequence[int], ph: Preference, pl: Preference) -> int | None:
    if ph.colour and pl.colour and ph.colour != pl.colour:
        return ph.colour  # E.1
    if not ph.colour or not pl.colour:
        return ph.colour or (-pl.colour if pl.colour else None)
    if ph.strength != pl.strength:  # E.2
        return ph.colour if ph.strength > pl.strength else -pl.colour
    if ph.strength == ABSOLUTE and abs(ph.difference) != abs(pl.difference):
        return ph.colour if abs(ph.difference) > abs(pl.difference) else -pl.colour
    for x, y in zip(reversed(hh), reversed(hl), strict=False):  # E.3
        if x != y:
            return -x
    return ph.colour  # E.4


def violations(history: Sequence[int]) -> list[str]:
    """What a history breaks of the colour limits (for checks and tests)."""
    problems = []
    for end in range(1, len(history) + 1):
        seen = history[:end]
        if abs(sum(seen)) > 2:
            problems.append(f"colour difference {sum(seen)} after game {end}")
        if end >= 3 and seen[-1] == seen[-2] == seen[-3]:
            problems.append(f"same seat three times running at game {end}")
    return problems
