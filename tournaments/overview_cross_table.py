"""A two-player round robin's cross-table for the tournament's overview:
what each player scored against each other one, in standings order."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from .models import Participant, Tournament
from .overview_standings import points_text
from .selectors import players_of, results_of
from .standings import result_points, scores, standings


@dataclass
class CrossRow:
    """A cross-table row: what this player scored against each column
    player (None on the diagonal, "" when not played yet)."""

    name: str
    cells: list[str | None]
    total: str
    #: The row's player (a User), whose name links to their page.
    user: Any = None


@dataclass
class CrossTable:
    """A round robin's cross-table, rows and columns in standings order."""

    rows: list[CrossRow]


def cross_table(tournament: Tournament, participants: list[Participant]) -> CrossTable | None:
    """The cross-table of a two-player round robin (None otherwise), in
    standings order; a double round robin shows both games in a cell."""
    if not (tournament.format == Tournament.Format.ROUND_ROBIN and tournament.players_per_table == 2):
        return None
    if not tournament.started_at:
        return None
    by_id = {p.pk: p for p in participants}
    results = results_of(tournament)
    order = [row.player for row in standings(players_of(tournament), results, round_robin=True)]
    index = {pid: i for i, pid in enumerate(order)}
    cells: list[list[list[str]]] = [[[] for _ in order] for _ in order]
    for result in results:
        if len(result.table) != 2:
            continue
        points = result_points(result)
        a, b = result.table
        if a in index and b in index:
            cells[index[a]][index[b]].append(
                points_text(points[a], localized=True) + ("*" if a in result.forfeited or b in result.forfeited else "")
            )
            cells[index[b]][index[a]].append(
                points_text(points[b], localized=True) + ("*" if a in result.forfeited or b in result.forfeited else "")
            )
    totals = scores(players_of(tournament), results)
    return CrossTable(
        rows=[
            CrossRow(
                name=str(by_id[pid].user),
                cells=[None if j == i else " ".join(cells[i][j]) for j in range(len(order))],
                total=points_text(totals[pid], localized=True),
                user=by_id[pid].user,
            )
            for i, pid in enumerate(order)
        ]
    )
