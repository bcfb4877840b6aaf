"""Alhambra's scoring: building majorities (with shared places) and walls.

Pure functions over plain data; ``majority_scores`` and ``longest_wall``
(re-exported from ``board``) are public helpers.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from .board import Alhambra
from .components import POINTS, TYPES
from .walls import longest_wall

__all__ = ["longest_wall", "majority_scores", "type_majority", "round_points"]


def type_majority(counts: Sequence[int], table: Sequence[int]) -> list[int]:
    """Points for one building type.

    :param counts: buildings of that type per participant.
    :param table: points for 1st, 2nd, ... place (places past its end give 0).
    :returns: points per participant.  Participants without a building get
        nothing.  Tied participants add up the points of all places their
        group occupies and split them, rounded down; the next participant
        takes the place after the whole tied group.
    """
    points = [0] * len(counts)
    ranked = sorted((c for c in set(counts) if c > 0), reverse=True)
    place = 0
    for count in ranked:
        if place >= len(table):
            break
        group = [i for i, c in enumerate(counts) if c == count]
        share = sum(table[place : place + len(group)]) // len(group)
        for i in group:
            points[i] = share
        place += len(group)
    return points


def majority_scores(counts_per_player: Sequence[Mapping[str, int] | Sequence[int]], round_number: int) -> list[int]:
    """Majority points of one scoring round.

    :param counts_per_player: per participant (players, and Dirk with two
        players: he is simply one more entry), either ``{type name: count}``
        (missing types count 0) or six counts in ``TYPES`` order
        (pavilion, seraglio, arcades, chambers, garden, tower).
    :param round_number: 1, 2 or 3 (scoring 1 pays only 1st place, scoring 2
        1st and 2nd, scoring 3 three places).
    :returns: total majority points per participant (walls not included).
    :raises ValueError: on a round number other than 1-3 or an unknown type.
    """
    if round_number not in (1, 2, 3):
        raise ValueError(f"round_number must be 1, 2 or 3, not {round_number!r}")
    rows = []
    for entry in counts_per_player:
        if isinstance(entry, Mapping):
            unknown = set(entry) - set(TYPES)
            if unknown:
                raise ValueError(f"unknown building type(s): {sorted(unknown)}")
            rows.append([int(entry.get(name, 0)) for name in TYPES])
        else:
            rows.append([int(c) for c in entry])
    totals = [0] * len(rows)
    for kind in range(len(TYPES)):
        column = [row[kind] for row in rows]
        for i, p in enumerate(type_majority(column, POINTS[kind][round_number - 1])):
            totals[i] += p
    return totals


def round_points(
    alhambras: Sequence[Alhambra], dirk_counts: Sequence[int] | None, round_number: int
) -> tuple[list[int], list[int], int | None]:
    """Score a round: ``(points per seat, wall part per seat, Dirk's points)``.

    Dirk (two players) takes part in the majorities only.
    """
    counts = [a.counts() for a in alhambras]
    if dirk_counts is not None:
        counts.append(list(dirk_counts))
    majority = majority_scores(counts, round_number)
    walls = [longest_wall(a) for a in alhambras]
    points = [majority[i] + walls[i] for i in range(len(alhambras))]
    dirk = majority[-1] if dirk_counts is not None else None
    return points, walls, dirk
