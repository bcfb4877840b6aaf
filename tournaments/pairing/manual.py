"""Pairings an organiser sets by hand for a round, tables of any size.

:func:`manual_errors` says whether a hand-made pairing can be played: every
player still in exactly once, nobody else, each table within the game's
sizes, and no more byes than the field needs (one at most with two-player
tables).  :func:`manual_check` says what it costs; these are warnings, not
errors (an organiser may have a reason):

- ``rematch``: two players at a table have already met (``count`` is the
  number this game would be between them);
- two-player tables, the colour limits of ``colours.py``:
  ``three_in_a_row`` (first, or second, three times running) and
  ``colour_difference`` (more than two games ahead);
- larger tables, the seat positions (position 0 moves first):
  ``position_repeat`` (a position the player already had, while another at
  this table is still new to them) and, once every position has been
  theirs, ``position_imbalance`` (one position more than once more often
  than another);
- ``second_bye``: a player who already had a bye gets another;
- ``forfeit_win_bye``: a player who has won a game without playing it (an
  opponent's forfeit; no bye yet) gets a bye, which FIDE C.04.1 keeps from
  them as the automatic pairing does (``swiss.choose_bye``).

:func:`manual_round` turns a stored pairing into the round's
``RoundPairing``; :func:`manual_reseat` applies a stored seat order to a
round whose tables the format fixes.  Pure, like the rest of ``pairing``.
"""

from __future__ import annotations

from collections import Counter, defaultdict
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, replace

from ..types import GameResult, Player, PlayerId, RoundPairing, Table
from .colours import FIRST, SECOND, colour_history
from .common import met, table_sizes

Tables = Sequence[Sequence[PlayerId]]


@dataclass(frozen=True)
class Problem:
    """A warning about a hand-made pairing (see the module docstring):
    ``players`` who it is about (one or two); ``count`` the rematch number,
    the first-move balance, or the seat position (0 moves first)."""

    kind: str
    players: tuple[PlayerId, ...]
    count: int = 0


def manual_errors(
    players: Iterable[Player],
    tables: Tables,
    byes: Sequence[PlayerId],
    *,
    resting: Iterable[PlayerId] = (),
    optional: Iterable[PlayerId] = (),
    sizes: tuple[int, int] = (2, 2),
) -> list[str]:
    """Why the pairing cannot be played (empty when it can): each player
    still in (neither withdrawn nor ``resting`` on a requested bye) exactly
    once, nobody else, each table of ``sizes`` (smallest, largest) players,
    and no more byes than those sizes leave over (at most one at two-player
    tables).  An ``optional`` player (let back in after the round was
    paired by hand) may be seated or left out: left out, they sit the
    round out."""
    rest = set(resting)
    seated = [p for table in tables for p in table] + list(byes)
    rest |= set(optional) - set(seated)
    active = {p.id for p in players if not p.withdrawn and p.id not in rest}
    smallest, largest = sizes
    errors = []
    if len(seated) != len(set(seated)):
        errors.append("a player is paired twice")
    if set(seated) - active:
        errors.append("a player is paired who is not in this round")
    if active - set(seated):
        errors.append("a player is left out")
    if any(not smallest <= len(table) <= largest for table in tables):
        errors.append("a table has too few or too many players")
    needed = len(active) - sum(table_sizes(len(active), largest, smallest)) if active else 0
    if len(byes) > max(1, needed) or (largest == 2 and len(byes) > 1):
        errors.append("more than one bye")
    elif len(byes) > needed:
        errors.append("more byes than the tables leave over")
    return errors


def _positions(results: Iterable[GameResult]) -> dict[PlayerId, list[int]]:
    """Every player's seat positions in played games, in round order."""
    history: dict[PlayerId, list[int]] = defaultdict(list)
    for result in sorted(results, key=lambda r: r.round):
        if len(result.table) < 2 or result.forfeited:
            continue
        for seat, player in enumerate(result.table):
            history[player].append(seat)
    return history


def manual_check(results: Iterable[GameResult], tables: Tables, byes: Sequence[PlayerId] = ()) -> list[Problem]:
    """The warnings for ``tables`` (players in seat order: the first moves
    first) and ``byes`` after ``results``."""
    results = list(results)
    opponents = met(results)
    problems = []
    for table in tables:
        table = tuple(table)
        for i, a in enumerate(table):
            for b in table[i + 1 :]:
                times = opponents.get(a, {}).get(b, 0)
                if times:
                    problems.append(Problem("rematch", (a, b), times + 1))
    problems += _colour_problems(results, [t for t in tables if len(t) == 2])
    problems += _position_problems(results, [t for t in tables if len(t) > 2])
    had = Counter(r.table[0] for r in results if r.is_bye and not r.half_point)
    problems += [Problem("second_bye", (p,), had[p] + 1) for p in byes if had[p]]
    forfeit_wins = Counter(p for r in results if not r.is_bye for p in r.unplayed_winners)
    problems += [Problem("forfeit_win_bye", (p,), forfeit_wins[p]) for p in byes if forfeit_wins[p] and not had[p]]
    return problems


def _colour_problems(results: list[GameResult], tables: Tables) -> list[Problem]:
    history = colour_history(results)
    problems = []
    for first, second in tables:
        for player, seat in ((first, FIRST), (second, SECOND)):
            seats = [*history.get(player, ()), seat]
            if len(seats) >= 3 and seats[-1] == seats[-2] == seats[-3]:
                problems.append(Problem("three_in_a_row", (player,), seat))
            if abs(sum(seats)) > 2:
                problems.append(Problem("colour_difference", (player,), sum(seats)))
    return problems


def _position_problems(results: list[GameResult], tables: Tables) -> list[Problem]:
    history = _positions(results)
    problems = []
    for table in tables:
        for seat, player in enumerate(table):
            counts = Counter(p for p in history.get(player, ()) if p < len(table))
            if counts[seat] and any(counts[other] == 0 for other in range(len(table))):
                problems.append(Problem("position_repeat", (player,), seat))
                continue
            counts[seat] += 1
            if counts[seat] - min(counts[other] for other in range(len(table))) > 1:
                problems.append(Problem("position_imbalance", (player,), seat))
    return problems


def manual_round(
    number: int,
    players: Iterable[Player],
    tables: Tables,
    byes: Sequence[PlayerId],
    *,
    resting: Iterable[PlayerId] = (),
    optional: Iterable[PlayerId] = (),
    sizes: tuple[int, int] = (2, 2),
) -> RoundPairing | None:
    """Round ``number`` as the organiser paired it, or None when it can no
    longer be played as set (a player withdrew since): the round is then
    paired automatically.  An ``optional`` player it leaves out (let back
    in since) has no game and no result this round.  Keys as the automatic
    pairing's (``R3-T1``, ``R3-B1``), so the games are the same rows
    whichever made them."""
    players = list(players)
    if manual_errors(players, tables, byes, resting=resting, optional=optional, sizes=sizes):
        return None
    return RoundPairing(
        round=number,
        tables=tuple(
            Table(round=number, key=f"R{number}-T{board}", players=tuple(table))
            for board, table in enumerate(tables, 1)
        ),
        byes=tuple(byes),
        results=tuple(GameResult.bye(number, p, key=f"R{number}-B{i}") for i, p in enumerate(byes, 1)),
    )


def same_tables(a: Tables, b: Tables) -> bool:
    """Whether ``a`` and ``b`` seat the same players together (in any seat
    order, tables in any order)."""
    return Counter(frozenset(t) for t in a) == Counter(frozenset(t) for t in b)


def tables_within(tables: Tables, among: Tables) -> bool:
    """Whether every table of ``tables`` seats a group that ``among`` seats
    too (``among`` may have more: a player let back in since has a game
    again)."""
    return not Counter(frozenset(t) for t in tables) - Counter(frozenset(t) for t in among)


def reseated(tables: Tables, order: Tables) -> tuple[tuple[PlayerId, ...], ...]:
    """``tables`` (whose groups the format fixes), each in the seat order
    of the table of ``order`` seating the same players, when ``order``
    still fits (:func:`tables_within`); else unchanged.  A table that
    ``order`` lacks keeps its own seat order."""
    if not tables_within(order, tables):
        return tuple(tuple(t) for t in tables)
    seats = {frozenset(t): tuple(t) for t in order}
    return tuple(seats.get(frozenset(t), tuple(t)) for t in tables)


def manual_reseat(answer: RoundPairing, tables: Tables) -> RoundPairing:
    """``answer`` (a round whose tables the format decides) with each
    table in the seat order of the one of ``tables`` that seats the same
    players.  Unchanged unless every table of ``tables`` is still one of
    the round's (a player left since); a table they lack (a player let
    back in since) keeps the format's seat order."""
    order = reseated([t.players for t in answer.tables], tables)
    return replace(answer, tables=tuple(replace(t, players=p) for t, p in zip(answer.tables, order, strict=True)))
