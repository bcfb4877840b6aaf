"""What the page and the emails share: colours, seat names, cell labels,
money and score texts, all computed from a seat's view."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from games.i18n import expect_text, move_text
from games.rules.alhambra.components import cell_label
from games.rules.alhambra.notation import parse_cell, tokenize
from games.terms import gettext, term

CELL = 44
#: fill colour, short name (the mail's text board's abbreviations; the page
#: abbreviates the name in the reader's language, icons.short_name), per building type.
TYPES = {
    "pavilion": ("#8ecae6", "Pav"),
    "seraglio": ("#f28482", "Ser"),
    "arcades": ("#d4a373", "Arc"),
    "chambers": ("#f1e3b3", "Cha"),
    "garden": ("#90be6d", "Gar"),
    "tower": ("#b8a1d9", "Tow"),
}
CURRENCY = {"denar": "#f6d55c", "dirham": "#9cd08f", "ducat": "#f4a261", "florin": "#8fb8e8"}
WALL = "#5a3418"
INK, MUTED = "#1f2a30", "#5b6870"
SIDES = {"N": (0, 0, 1, 0), "E": (1, 0, 1, 1), "S": (0, 1, 1, 1), "W": (0, 0, 0, 1)}


def said(text: str) -> str:
    """Alhambra notation (a tile ``garden 8 NE``, a cell ``S1E2``) as the
    reader writes it (Dutch: ``tuin 8 NO``, ``Z1O2``); the parser reads both."""
    return move_text("alhambra", text)


def seat_names(view: dict[str, Any], names: list[str] | None) -> list[str]:
    names = list(names or [])
    return [
        names[s] if s < len(names) and names[s] else gettext("Seat %(number)s") % {"number": s + 1}
        for s in range(view["players"])
    ]


def xy(label: str) -> tuple[int, int]:
    cell = parse_cell(tokenize(label))
    if cell is None:
        raise ValueError(f"not a cell label: {label!r}")
    return cell


def axis(value: int, minus: str, plus: str) -> str:
    return "-" if value == 0 else (f"{minus}{-value}" if value < 0 else f"{plus}{value}")


def tile_parts(label: str) -> tuple[str, str, str]:
    """``"garden 8 NE"`` -> ``("garden", "8", "NE")``; open tiles have walls ``""``."""
    kind, price, walls = (label.split() + ["", ""])[:3]
    return kind, price, "" if walls == "open" else walls


def is_acting(view: dict[str, Any]) -> bool:
    return view.get("seat") is not None and view["seat"] in view.get("to_move", [])


def frontier(alhambra: dict[str, str]) -> list[str]:
    """Empty cells next to the Alhambra (every place a tile could ever go)."""
    taken = {xy(label) for label in alhambra}
    around = {(x + dx, y + dy) for x, y in taken for dx, dy in ((0, -1), (1, 0), (0, 1), (-1, 0))}
    return [cell_label(c) for c in sorted(around - taken, key=lambda c: (c[1], c[0]))]


def money_text(cards: list[str]) -> str:
    """Money cards grouped by currency, ``denar 2+3 (= 5) · florin 8`` (a
    lone card needs no sum); "none" for no cards."""
    groups: dict[str, list[int]] = {}
    for card in cards:
        currency, value = card.split()
        groups.setdefault(currency, []).append(int(value))
    return " · ".join(f"{term('alhambra', c)} {_summed(v)}" for c, v in groups.items()) or gettext("none")


def _summed(values: list[int]) -> str:
    return "+".join(map(str, values)) + (f" (= {sum(values)})" if len(values) > 1 else "")


def status(view: dict[str, Any], names: list[str]) -> str:
    """The turn and who is to move; once the game is over, that this is
    the final position (as Alta's board says it)."""
    if view["phase"] == "over" or not view.get("to_move"):
        return gettext("Final position (after turn %(turn)s)") % {"turn": view["turn"]}
    movers = ", ".join(gettext("you") if s == view.get("seat") else names[s] for s in view["to_move"])
    return gettext("Turn %(turn)s: %(movers)s to move: %(step)s.") % {
        "turn": view["turn"],
        "movers": movers,
        "step": expect_text("alhambra", view),
    }


def scores(view: dict[str, Any], names: list[str]) -> list[tuple[str, int, list[str]]]:
    """``(name, total, per-scoring texts)`` for each seat, then Dirk."""
    rows = []
    for seat, entry in enumerate(view["seats"]):
        per = [
            gettext("%(points)s (wall %(wall)s)") % {"points": r["points"][seat], "wall": r["walls"][seat]}
            for r in view["scorings"]
        ]
        rows.append((names[seat], entry["score"], per))
    if view.get("dirk") is not None:
        rows.append(("Dirk", view["dirk"]["score"], [str(r["dirk"]) for r in view["scorings"]]))
    return rows


def handout_lines(view: dict[str, Any], names: list[str], words: Callable[[str], str] = said) -> list[str]:
    """Where the market's last buildings went at the end, each tile in
    ``words`` (the notation by default, as a mail reader types it)."""
    return [
        gettext("End of game: %(tile)s went to %(seat)s.")
        % {"tile": words(item["tile"]), "seat": names[item["seat"]] if item["seat"] is not None else gettext("nobody")}
        for item in view.get("handout", [])
    ]
