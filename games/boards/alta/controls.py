"""Alta's clickable moves: a hand card or face-up slot, then a cell."""

from __future__ import annotations

from typing import Any

from django.utils.translation import gettext

from ..picking import control


def controls(view: dict[str, Any], options: list[tuple[str, Any]]) -> list[dict[str, Any]]:
    """Map each legal move to what to click: a hand card or face-up slot,
    then a cell; refresh and merchant choices are buttons."""
    result = []
    for move_text, move in options:
        kind = move.get("move")
        if kind == "place":
            entry = control(move_text, pick=f"hand:{move['card']}", where=f"cell:{move['cell']}")
        elif kind == "take":
            entry = control(move_text, pick=f"slot:{move['slot']}", where=f"cell:{move['cell']}")
        elif kind == "refresh":
            entry = control(move_text, gettext("Refresh the face-up cards"))
        elif kind == "merchant":
            up = move["source"] == "up"
            entry = control(
                move_text, gettext("Take the face-up merchant card") if up else gettext("Draw a merchant card blind")
            )
        else:
            entry = control(move_text)
        result.append(entry)
    return result
