"""Atlantis's clickable moves: a pawn then a marker or its destination,
your bridge then a water position; selling, paying and passing are buttons."""

from __future__ import annotations

import re
from typing import Any

from django.utils.translation import gettext

from ..picking import control
from .common import grouped, place, walk_of, walks

_NOTE = re.compile(r"\s*\([^)]*\)")


def controls(view: dict[str, Any], options: list[tuple[str, Any]]) -> list[dict[str, Any]]:
    """Each legal move: a pawn then a marker (and, for the way with the
    fewest cards, also the destination itself); bridge then water; the rest
    are buttons."""
    result, extra = [], []
    groups = grouped(walks(view))
    for move_text, move in options:
        # The note in brackets is for reading; the engine's turn splitter
        # cuts a sale's or bridge's note off as a sub-move of its own.
        plain = _NOTE.sub("", move_text).strip()
        entry = control(plain, move_text)
        if "go" in move:
            walk = walk_of(move, view)
            if walk is not None:
                origin = place(walk.origin)
                entry = control(plain, move_text, pick=f"pawn {origin}", where=f"go {origin} {' '.join(walk.cards)}")
                if groups[(walk.origin, walk.destination)][0] == walk:
                    extra.append(
                        control(plain, move_text, pick=f"pawn {origin}", where=f"to {place(walk.destination)}")
                    )
        elif "bridge" in move:
            entry = control(plain, move_text, pick="bridge", where=f"gap {move['bridge']}")
        elif "sell" in move:
            entry = control(plain, gettext("Sell a tile: %(move)s") % {"move": move_text})
        elif "pay" in move:
            entry = control(plain, gettext("Pay the toll: %(move)s") % {"move": move_text})
        elif move.get("pass"):
            entry = control(plain, gettext("Pass: %(move)s") % {"move": move_text})
        result.append(entry)
    return result + extra
