"""Alpaca's clickable moves: a hand tile then a cell corner; a table tile
then a rotation; locking and declining are buttons."""

from __future__ import annotations

from typing import Any

from django.utils.translation import gettext

from ..picking import control
from .common import cell_text, figure_text


def controls(view: dict[str, Any], options: list[tuple[str, Any]]) -> list[dict[str, Any]]:
    """Placements: a hand tile, then a cell corner; bonus rotations: a table
    tile, then a rotation; locking and declining are buttons."""
    figures = {tuple(map(tuple, f["cells"])): f for f in (view.get("bonus") or {}).get("figures", [])}
    result = []
    for move_text, move in options:
        kind = move.get("type")
        if kind == "place":
            entry = control(move_text, pick=f"hand:{move['tile']}", where=f"cell:{move['x']},{move['y']}:{move['rot']}")
        elif kind == "rotate":
            entry = control(move_text, pick=f"tile:{move['x']},{move['y']}", where=f"rot:{move['rot']}")
        elif kind == "lock":
            figure = figures.get(tuple(map(tuple, move["figure"])))
            what = figure_text(figure) if figure else " / ".join(cell_text(c) for c in move["figure"])
            entry = control(move_text, gettext("Make the %(figure)s untouchable") % {"figure": what})
        elif kind == "none":
            entry = control(move_text, gettext("Decline the bonus"))
        else:
            entry = control(move_text)
        result.append(entry)
    return result
