"""Alhambra's clickable moves: a bought or reserve tile (or one of your
Alhambra), then where it goes; taking money, buying and ``done`` are buttons."""

from __future__ import annotations

from typing import Any

from games.rules.alhambra.components import card_name, cell_label, tile_label

from .common import tile_parts


def controls(view: dict[str, Any], options: list[tuple[str, Any]]) -> list[dict[str, Any]]:
    """Placing and redesigning are clicks (a tile, then where it goes); taking
    money, buying and ``done`` are buttons."""
    market = {slot["slot"] - 1: slot["tile"] for slot in view["market"]}
    result = []
    for move_text, move in options:
        kind = move.get("kind")
        entry = {"text": move_text, "label": move_text[:1].upper() + move_text[1:], "pick": None, "target": None}
        cell = cell_label(tuple(move["cell"])) if move.get("cell") is not None else None
        if kind == "buy":
            price = int(tile_parts(market[move["slot"]] or "- 0")[1])
            paid = sum(c % 10 for c in move["cards"])
            what = f"{market[move['slot']]} from slot {move['slot'] + 1}"
            pay = f"{card_name(move['cards'][0]).split()[0]} {'+'.join(str(c % 10) for c in move['cards'])}"
            note = "exact: another action" if paid == price else f"overpay {paid - price}"
            entry["label"] = f"Buy {what} with {pay} ({note})"
        elif kind == "done":
            entry["label"] = "Done: end the actions"
        elif kind == "place":
            entry.update(pick=f"pending:{tile_label(move['tile'])}", target=f"cell:{cell}" if cell else "reserve")
        elif kind == "gift":
            entry.update(pick=f"pending:{tile_label(move['tile'])}", target="dirk")
        elif kind in ("build", "swap"):
            entry.update(pick=f"reserve:{tile_label(move['tile'])}", target=f"cell:{cell}")
        elif kind == "remove":
            entry.update(pick=f"tile:{cell}", target="reserve")
        result.append(entry)
    return result
