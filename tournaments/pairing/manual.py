"""Pairings an organiser sets by hand for a round of a two-player Swiss.

:func:`manual_check` says whether a hand-made pairing can be played (every
player still in exactly once, at most one bye) and what it costs: rematches
and first-move problems (the colour limits of ``colours.py``: nobody first,
or second, three times running, nor more than two games ahead).  Problems
are warnings, not errors: an organiser may have a reason.
:func:`manual_round` turns a stored pairing into the round's
``RoundPairing``.  Pure, like the rest of ``pairing``.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from ..types import GameResult, Player, PlayerId, RoundPairing, Table
from .colours import FIRST, SECOND, colour_history
from .common import met


@dataclass(frozen=True)
class Problem:
    """A warning about a hand-made pairing: ``kind`` is ``rematch``,
    ``three_in_a_row`` or ``colour_difference``; ``players`` who it is
    about (one or two); ``count`` the rematch number or the seat count."""

    kind: str
    players: tuple[PlayerId, ...]
    count: int = 0


def manual_errors(
    players: Iterable[Player],
    tables: Sequence[tuple[PlayerId, PlayerId]],
    byes: Sequence[PlayerId],
    *,
    resting: Iterable[PlayerId] = (),
) -> list[str]:
    """Why the pairing cannot be played (empty when it can): each player
    still in (neither withdrawn nor ``resting`` on a requested bye) exactly
    once, nobody else, at most one bye."""
    rest = set(resting)
    active = {p.id for p in players if not p.withdrawn and p.id not in rest}
    seated = [p for table in tables for p in table] + list(byes)
    errors = []
    if any(a == b for a, b in tables):
        errors.append("a player is paired with themselves")
    if len(seated) != len(set(seated)):
        errors.append("a player is paired twice")
    if set(seated) - active:
        errors.append("a player is paired who is not in this round")
    if active - set(seated):
        errors.append("a player is left out")
    if len(byes) > 1:
        errors.append("more than one bye")
    return errors


def manual_check(results: Iterable[GameResult], tables: Sequence[tuple[PlayerId, PlayerId]]) -> list[Problem]:
    """The warnings for ``tables`` (first player moves first) after
    ``results``."""
    results = list(results)
    history = colour_history(results)
    opponents = met(results)
    problems = []
    for first, second in tables:
        times = opponents.get(first, {}).get(second, 0)
        if times:
            problems.append(Problem("rematch", (first, second), times + 1))
        for player, seat in ((first, FIRST), (second, SECOND)):
            seats = [*history.get(player, ()), seat]
            if len(seats) >= 3 and seats[-1] == seats[-2] == seats[-3]:
                problems.append(Problem("three_in_a_row", (player,), seat))
            if abs(sum(seats)) > 2:
                problems.append(Problem("colour_difference", (player,), sum(seats)))
    return problems


def manual_round(
    number: int,
    players: Iterable[Player],
    tables: Sequence[tuple[PlayerId, PlayerId]],
    byes: Sequence[PlayerId],
    *,
    resting: Iterable[PlayerId] = (),
) -> RoundPairing | None:
    """Round ``number`` as the organiser paired it, or None when it can no
    longer be played as set (a player withdrew since): the round is then
    paired automatically.  Keys as the automatic pairing's (``R3-T1``,
    ``R3-B1``), so the games are the same rows whichever made them."""
    players = list(players)
    if manual_errors(players, tables, byes, resting=resting):
        return None
    return RoundPairing(
        round=number,
        tables=tuple(
            Table(round=number, key=f"R{number}-T{board}", players=(a, b)) for board, (a, b) in enumerate(tables, 1)
        ),
        byes=tuple(byes),
        results=tuple(GameResult.bye(number, p, key=f"R{number}-B{i}") for i, p in enumerate(byes, 1)),
    )
