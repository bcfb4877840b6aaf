"""Alhambra's clickable moves: a bought or reserve tile (or one of your
Alhambra), then where it goes; taking money, buying and ``done`` are buttons."""

from __future__ import annotations

from typing import Any

from django.utils.translation import gettext

from games.rules.alhambra.components import card_name, cell_label, tile_label

from ..picking import control
from .common import tile_parts
from .icons import currency_name, tile_words


def _typed(words: str, move_text: str) -> str:
    """A button's words, then the notation to type for the same move (the
    notation reads English and Dutch words alike)."""
    return gettext("%(words)s — type: %(move)s") % {"words": words, "move": move_text}


def _money(cards: list[int]) -> str:
    """Money cards in the active language: ``dukaat 3 + florijn 2``."""
    named = (card_name(c).split() for c in cards)
    return " + ".join(f"{currency_name(currency)} {value}" for currency, value in named)


def controls(view: dict[str, Any], options: list[tuple[str, Any]]) -> list[dict[str, Any]]:
    """Placing and redesigning are clicks (a tile, then where it goes); taking
    money, buying and ``done`` are buttons."""
    market = {slot["slot"] - 1: slot["tile"] for slot in view["market"]}
    result = []
    for move_text, move in options:
        kind = move.get("kind")
        label = move_text[:1].upper() + move_text[1:]
        cell = cell_label(tuple(move["cell"])) if move.get("cell") is not None else None
        if kind == "buy":
            price = int(tile_parts(market[move["slot"]] or "- 0")[1])
            paid = sum(c % 10 for c in move["cards"])
            currency = currency_name(card_name(move["cards"][0]).split()[0])
            note = (
                gettext("exact: another action")
                if paid == price
                else gettext("overpay %(amount)s") % {"amount": paid - price}
            )
            values = {
                "tile": tile_words(market[move["slot"]] or ""),
                "slot": move["slot"] + 1,
                "pay": f"{currency} {'+'.join(str(c % 10) for c in move['cards'])}",
                "note": note,
            }
            words = gettext("Buy %(tile)s from slot %(slot)s with %(pay)s (%(note)s)") % values
            entry = control(move_text, _typed(words, move_text))
        elif kind == "take":
            entry = control(
                move_text, _typed(gettext("Take money: %(cards)s") % {"cards": _money(move["cards"])}, move_text)
            )
        elif kind == "done":
            entry = control(move_text, _typed(gettext("Done: end the actions"), move_text))
        elif kind == "place":
            entry = control(
                move_text,
                label,
                pick=f"pending:{tile_label(move['tile'])}",
                where=f"cell:{cell}" if cell else "reserve",
            )
        elif kind == "gift":
            entry = control(move_text, label, pick=f"pending:{tile_label(move['tile'])}", where="dirk")
        elif kind in ("build", "swap"):
            entry = control(move_text, label, pick=f"reserve:{tile_label(move['tile'])}", where=f"cell:{cell}")
        elif kind == "remove":
            entry = control(move_text, label, pick=f"tile:{cell}", where="reserve")
        else:
            entry = control(move_text, label)
        result.append(entry)
    return result
