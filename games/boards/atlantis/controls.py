"""Atlantis's clickable moves: a pawn then a marker or its destination,
your bridge then a water position; selling, paying and passing are buttons."""

from __future__ import annotations

import re
from typing import Any

from django.utils.translation import gettext, ngettext

from games.rules.atlantis.state import PASS_CARDS

from ..picking import control
from .common import grouped, place, walk_of, walks

_NOTE = re.compile(r"\s*\([^)]*\)")


def _cards(count: int) -> str:
    return ngettext("%(count)s card", "%(count)s cards", count) % {"count": count}


def _button(words: str, note: str, typed: str) -> str:
    """``Verkoop een tegel (2 kaarten) — typ: sell 4``: the move and what it
    means in the reader's language, then the notation to type (it reads
    Dutch words too: verkoop, betaal, pas)."""
    return gettext("%(words)s (%(note)s) — type: %(move)s") % {"words": words, "note": note, "move": typed}


def _pay_note(view: dict[str, Any], move: dict[str, Any]) -> str:
    """What a payment hands in and how much of the toll it covers."""
    tiles, cards = sum(move["pay"]), len(move["cards"])
    parts = [gettext("tiles %(value)s") % {"value": tiles}] if move["pay"] else []
    parts += [_cards(cards)] if cards else []
    return gettext("%(parts)s: pays %(paid)s of %(due)s") % {
        "parts": " + ".join(parts),
        "paid": tiles + cards,
        "due": view.get("toll_due", 0),
    }


def controls(view: dict[str, Any], options: list[tuple[str, Any]]) -> list[dict[str, Any]]:
    """Each legal move: a pawn then a marker (and, for the way with the
    fewest cards, also the destination itself); bridge then water; the rest
    are buttons."""
    result, extra = [], []
    groups = grouped(walks(view))
    # A sale or a pass brings no more cards than the two piles still hold.
    left = view["draw_pile"] + view["discard_pile"]
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
            entry = control(plain, _button(gettext("Sell a tile"), _cards(min(move["sell"] // 2, left)), plain))
        elif "pay" in move:
            entry = control(plain, _button(gettext("Pay the toll"), _pay_note(view, move), plain))
        elif move.get("pass"):
            note = gettext("draw %(cards)s") % {"cards": _cards(min(PASS_CARDS, left))}
            entry = control(plain, _button(gettext("Pass"), note, plain))
        result.append(entry)
    return result + extra
