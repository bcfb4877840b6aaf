"""What Alpaca's page and mails share: the tile geometry, names and the
sentences about the round."""

from __future__ import annotations

from typing import Any

from django.utils.text import get_text_list
from django.utils.translation import gettext_lazy, pgettext_lazy

from games.i18n import move_text
from games.terms import gettext, ngettext, term

CELL = 48
LEFT, TOP = 30, 20
#: games.css sizes tables and hands of up to this many columns or tiles.
MAX_SIZED = 40
FILL = {"red": "#d62839", "yellow": "#f2c230", "green": "#2f9e44", "blue": "#2f6fce", "purple": "#8048a8"}
INK = {"yellow": "#222222"}
#: The big triangle's right angle, by rotation, on the reader's compass.
CORNER = (
    pgettext_lazy("compass corner", "NE"),
    pgettext_lazy("compass corner", "SE"),
    pgettext_lazy("compass corner", "SW"),
    pgettext_lazy("compass corner", "NW"),
)
#: A tile's sides, north, east, south and west, on the reader's compass.
SIDES = (
    pgettext_lazy("compass side", "N"),
    pgettext_lazy("compass side", "E"),
    pgettext_lazy("compass side", "S"),
    pgettext_lazy("compass side", "W"),
)
CORNER_WORDS = (
    gettext_lazy("top right"),
    gettext_lazy("bottom right"),
    gettext_lazy("bottom left"),
    gettext_lazy("top left"),
)
#: Offset (in half cells) of the quarter of a cell holding each rotation's corner.
QUARTER = ((1, 0), (1, 1), (0, 1), (0, 0))


def seat_names(view: dict[str, Any], names: list[str] | None) -> list[str]:
    names = list(names or [])
    return [
        names[s] if s < len(names) else gettext("Seat %(number)s") % {"number": s + 1} for s in range(view["players"])
    ]


def said(text: str) -> str:
    """Alpaca notation (a tile ``red/blue-green``) as the reader writes it
    (Dutch: ``rood/blauw-groen``); the parser reads both."""
    return move_text("alpaca", text)


def colour_name(colour: str) -> str:
    """A player colour in the active language (``games.terms``)."""
    return term("alpaca", colour)


def letter_key() -> str:
    """The colour letters drawn on the tiles, each with its colour's name in
    the active language ("Y = geel"): the letters are the English colours'
    initials, which a reader of another language cannot guess."""
    return ", ".join(f"{colour[0].upper()} = {colour_name(colour)}" for colour in FILL)


#: The view's figure kinds, as msgids.
_KINDS = {"minor pair": gettext_lazy("minor pair"), "major square": gettext_lazy("major square")}


def split(tile: str) -> tuple[str, str, str]:
    major, minors = tile.split("/")
    minor1, minor2 = minors.split("-")
    return major, minor1, minor2


def turned_edges(tile: str, rot: int) -> list[str]:
    """N, E, S, W colours of ``tile`` turned to ``rot``."""
    major, minor1, minor2 = split(tile)
    base = [major, major, minor1, minor2]
    return [base[(d - rot) % 4] for d in range(4)]


def cell_text(cell: Any) -> str:
    return f"{cell[0]},{cell[1]}"


def figure_text(figure: dict[str, Any]) -> str:
    return gettext("%(colour)s %(kind)s at %(cells)s") % {
        "colour": colour_name(figure["colour"]),
        "kind": _KINDS.get(figure["kind"], figure["kind"]),
        "cells": " / ".join(cell_text(c) for c in figure["cells"]),
    }


def my_turn(view: dict[str, Any]) -> bool:
    return view.get("seat") is not None and view["seat"] in view.get("to_move", [])


def frame(view: dict[str, Any], minimum: int) -> tuple[dict, list, range, range]:
    """Tiles by cell, open cells, then the columns (x) and rows (y, north
    first) to draw, at least ``minimum`` of each so a small table is not huge."""
    tiles = {(t["x"], t["y"]): t for t in view["table"]}
    opened = [tuple(c) for c in view["open_cells"]]
    cells = set(tiles) | set(opened) or {(0, 0)}

    def span(values: list[int]) -> range:
        low, high = min(values), max(values)
        extra = max(0, minimum - (high - low + 1))
        return range(low - extra // 2, high + extra - extra // 2 + 1)

    return tiles, opened, span([x for x, _ in cells]), span([y for _, y in cells])[::-1]


def status(view: dict[str, Any], names: list[str]) -> list[str]:
    """Plain sentences (unescaped) about the round, shared by all outputs."""
    dominant, upcoming = view["dominant"], view["next_dominant"]
    if view["phase"] == "over":
        why: dict[str | None, str]
        why = {
            "last tile": gettext("someone played their last tile"),
            "idle cycle": gettext("a whole cycle passed with no tile"),
            "resignation": gettext("by resignation"),
            "timeout": gettext("on time"),
            "abandoned": gettext("abandoned"),
        }
        emptied = [names[seat] for seat, tiles in enumerate(view.get("hands", [])) if not tiles]
        if view.get("ended_by") == "last tile" and len(emptied) == 1:
            why["last tile"] = gettext("%(name)s played their last tile") % {"name": emptied[0]}
        elif view.get("ended_by") == "last tile" and emptied:  # in the same round: all of them
            who = get_text_list(emptied, gettext("and"))
            why["last tile"] = gettext("%(names)s played their last tiles") % {"names": who}
        lines = [
            gettext("Game over after round %(round)s: %(why)s.")
            % {"round": view["round"], "why": why.get(view.get("ended_by"), view.get("ended_by"))}
        ]
    else:
        order = ", ".join(names[s] for s in view["turn_order"])
        lines = [
            gettext(
                "Round %(round)s: %(colour)s is dominant (%(name)s's colour); turn order %(order)s. "
                "Next round: %(next)s (%(next_name)s)."
            )
            % {
                "round": view["round"],
                "colour": colour_name(dominant["colour"]),
                "name": names[dominant["seat"]],
                "order": order,
                "next": colour_name(upcoming["colour"]),
                "next_name": names[upcoming["seat"]],
            }
        ]
    lines.append(gettext("Untouchable counters left: %(left)s of 15.") % {"left": view["counters_left"]})
    for figure in view["untouchable_figures"]:
        lines.append(gettext("Untouchable: %(figure)s.") % {"figure": figure_text(figure)})
    bonus = view.get("bonus")
    if bonus:
        closed = "; ".join(f"{f['number']}: {figure_text(f)}" for f in bonus["figures"])
        left = bonus["actions_left"]
        values = {"count": left, "closed": closed, "name": names[bonus["seat"]]}
        if bonus["seat"] == view.get("seat"):
            line = ngettext(
                "You have %(count)s bonus action for closing %(closed)s.",
                "You have %(count)s bonus actions for closing %(closed)s.",
                left,
            )
        else:
            line = ngettext(
                "%(name)s has %(count)s bonus action for closing %(closed)s.",
                "%(name)s has %(count)s bonus actions for closing %(closed)s.",
                left,
            )
        lines.append(line % values)
    return lines


def player_rows(view: dict[str, Any], names: list[str]) -> list[dict[str, Any]]:
    rows = []
    for seat in range(view["players"]):
        notes = []
        if seat == view.get("seat"):
            notes.append(gettext("you"))
        if seat == view["dominant"]["seat"] and view["phase"] != "over":
            notes.append(gettext("dominant"))
        if seat in view.get("to_move", []):
            notes.append(gettext("to move"))
        if seat in view.get("departed", []):
            notes.append(gettext("left the game"))
        rows.append(
            {
                "seat": seat,
                "name": names[seat],
                "colour": view["colours"][seat],
                "hand": view["hand_counts"][seat],
                "score": view["scores"][seat],
                "chains": ", ".join(map(str, view["chains"][seat])) or gettext("none"),
                "to_move": seat in view.get("to_move", []),
                "notes": ", ".join(notes),
            }
        )
    return rows
